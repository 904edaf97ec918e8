// Sensitivities of graph statistics (seed 000, "Sensitivity of Graph Queries"; seed 001,
// "Sensitivity over H_k"). Edge adjacency: G ~ G' differ in one edge. Node (vertex) adjacency:
// G ~ G' differ only in the edges incident to one node (same node set, as in Blocki et al.).
// Restricted sensitivity over H_k: subgraph counts |P| k^(|P|-1) and local profile queries 2k+1
// under vertex adjacency (Blocki et al.'s bounds, used by the releases); under edge adjacency the
// exact values 1 (edges, max-degree), k-1 (triangles), 2(k-1) (two-stars), k+1 (profile).
#pragma once

#include "veil/common/run_context.h"
#include "veil/common/status.h"
#include "veil/graph/graph.h"
#include "veil/graph/statistic.h"

#include <string>
#include <vector>

namespace veil::graph {

struct SensitivityValue {
    double value = 0;
    std::string formula;  // e.g. "max_{u!=v} |N(u) ∩ N(v)|" or "n - 2"
};

// One row of the sensitivity table for the loaded graph.
struct SensitivityRow {
    std::string statistic;  // "edges", "max-degree", "triangles"
    double value = 0;       // the statistic on G
    SensitivityValue lsEdge, gsEdge, lsNode, gsNode;
    SensitivityValue rsNode;  // restricted over H_k, vertex adjacency
    SensitivityValue rsEdge;  // restricted over H_k, edge adjacency
};

// Rows for #edges, max degree and #triangles. Local sensitivities are computed exactly on g
// (O(sum deg^2) for triangles). Errors: InvalidArgument (k < 1), Cancelled.
Result<std::vector<SensitivityRow>> sensitivityTable(const Graph& g, std::size_t k, const RunContext& ctx);

// Global sensitivity over all graphs on n nodes.
SensitivityValue globalSensitivityEdge(const Statistic& s, std::size_t n);
SensitivityValue globalSensitivityNode(const Statistic& s, std::size_t n);
// Restricted sensitivity over H_k.
SensitivityValue restrictedSensitivityEdge(const Statistic& s, std::size_t k);
SensitivityValue restrictedSensitivityNode(const Statistic& s, std::size_t k);

}  // namespace veil::graph
