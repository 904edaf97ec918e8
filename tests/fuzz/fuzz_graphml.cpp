// libFuzzer target: the GraphML reader (graph_io.h, Boost's parser behind it).
#include "fuzz_support.h"

#include "veil/graph/graph_io.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    auto g = veil::graph::parseGraphml(std::string(veil::fuzz::bytes(data, size)), "fuzz.graphml");
    veil::fuzz::checkError(g.status(), "fuzz.graphml");
    return 0;
}
