// libFuzzer target: the hierarchy CSV reader (hierarchy_io.h); a hierarchy read must write back
// and read again to the same shape.
#include "fuzz_support.h"

#include "veil/hierarchy/hierarchy_io.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    auto h = veil::hierarchy::parseHierarchyCsv(veil::fuzz::bytes(data, size), "qi", "fuzz.csv");
    veil::fuzz::checkError(h.status(), "fuzz.csv");
    if (h) {
        const std::string again = veil::hierarchy::formatHierarchyCsv(*h, ';');
        auto h2 = veil::hierarchy::parseHierarchyCsv(again, "qi", "again.csv", ';');
        if (!h2 || h2->rowCount() != h->rowCount() || h2->height() != h->height()) std::abort();
    }
    return 0;
}
