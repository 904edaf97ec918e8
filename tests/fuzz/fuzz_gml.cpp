// libFuzzer target: the GML reader (graph_io.h).
#include "fuzz_support.h"

#include "veil/graph/graph_io.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    auto g = veil::graph::parseGml(veil::fuzz::bytes(data, size), "fuzz.gml");
    veil::fuzz::checkError(g.status(), "fuzz.gml");
    return 0;
}
