// libFuzzer target: the edge-list reader (graph_io.h) and, on what it loads, the labels reader.
#include "fuzz_support.h"

#include "veil/graph/graph_io.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const auto text = veil::fuzz::bytes(data, size);
    auto g = veil::graph::parseEdgeList(text, "fuzz.edges");
    veil::fuzz::checkError(g.status(), "fuzz.edges");
    if (g) {
        std::vector<std::string> warnings;
        veil::fuzz::checkError(veil::graph::parseLabels(text, "fuzz.labels", g->graph, &warnings), "fuzz.labels");
        if (g->graph.edgeCount() * 2 != [&] {
                std::size_t d = 0;
                for (veil::graph::NodeId v = 0; v < g->graph.nodeCount(); ++v) d += g->graph.degree(v);
                return d;
            }())
            std::abort();  // handshake: the adjacency is consistent
    }
    return 0;
}
