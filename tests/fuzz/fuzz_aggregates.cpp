// libFuzzer target: the exact-aggregates CSV an engine exports (aggregate_import.h), for a count
// and for a categorical histogram.
#include "fuzz_support.h"

#include "veil/release/aggregate_import.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const auto text = veil::fuzz::bytes(data, size);
    veil::dp::ColumnQuerySpec count;
    count.query = veil::dp::QueryKind::Count;
    veil::fuzz::checkError(veil::release::parseAggregatesCsv(text, "fuzz.csv", count).status(), "fuzz.csv");
    veil::dp::ColumnQuerySpec histogram;
    histogram.query = veil::dp::QueryKind::Histogram;
    histogram.categories = {"a", "b", "c"};
    veil::fuzz::checkError(veil::release::parseAggregatesCsv(text, "fuzz.csv", histogram).status(), "fuzz.csv");
    return 0;
}
