// Exact graph statistics: degrees, triangles (degree-ordered intersection), k-stars, co-degrees
// and structural uniqueness (seed 000, "many nodes have unique neighborhoods").
#pragma once

#include "veil/common/run_context.h"
#include "veil/common/status.h"
#include "veil/graph/graph.h"

#include <cstdint>
#include <vector>

namespace veil::graph {

std::size_t maxDegree(const Graph& g);  // 0 for a graph without nodes
// Degrees by node id.
std::vector<std::size_t> degreeSequence(const Graph& g);
// histogram[d] = number of nodes of degree d, for d = 0..maxDegree.
std::vector<long long> degreeHistogram(const Graph& g);

// Number of triangles. Nodes are ranked by (degree, id) and each edge is oriented towards the
// higher rank; triangles are found by marking out-neighbours (Chiba-Nishizeki style), so each is
// counted once. O(m * sqrt(m)) time, O(n + m) memory. Errors: Cancelled.
Result<std::uint64_t> countTriangles(const Graph& g, const RunContext& ctx);
std::uint64_t countTriangles(const Graph& g);
// Triangles through each node (t_v); sums to 3 * countTriangles. Same complexity.
std::vector<std::uint64_t> trianglesPerNode(const Graph& g);
// Number of k-stars: sum over v of C(deg v, k) (k >= 1). Exact below 2^53.
double countKStars(const Graph& g, int k);
std::uint64_t countTwoStars(const Graph& g);
// max over node pairs u != v (adjacent or not) of |N(u) ∩ N(v)|: the edge-level local sensitivity
// of #triangles. O(sum of deg^2).
std::size_t maxCommonNeighbours(const Graph& g);

struct StructuralUniqueness {
    double uniqueByDegree = 0;         // share of nodes whose degree no other node has
    double uniqueByNeighbourhood = 0;  // share unique by (degree, sorted neighbour degrees)
};
// Nodes are grouped by a 64-bit multiset hash of their neighbours' degrees and each group of equal
// hashes is split by comparing sorted profiles, so the shares are exact. O(m + n log n) plus
// O(d log d) per node of degree d whose hash is shared.
StructuralUniqueness structuralUniqueness(const Graph& g);

struct GraphSummary {
    std::size_t nodes = 0;
    std::size_t edges = 0;
    std::size_t maxDegree = 0;
    std::uint64_t triangles = 0;
    std::uint64_t twoStars = 0;
    std::vector<long long> degreeHistogram;
};
Result<GraphSummary> summarize(const Graph& g, const RunContext& ctx);

}  // namespace veil::graph
