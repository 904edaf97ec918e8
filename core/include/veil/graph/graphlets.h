// Connected 3- and 4-node graphlet counts (induced): exact, and estimated by edge sampling
// (seed 003, "Graphlet Kernel: Sampling Large Graphs").
#pragma once

#include "veil/common/run_context.h"
#include "veil/common/status.h"
#include "veil/graph/graph.h"

#include <array>
#include <string>

namespace veil::graph {

// Order of the counts: wedge (2-path), triangle, 3-path, 3-star, 4-cycle, paw (tailed triangle),
// diamond, 4-clique.
enum class Graphlet { Wedge, Triangle, Path3, Star3, Cycle4, Paw, Diamond, Clique4 };
constexpr std::size_t kGraphletTypes = 8;
using GraphletCounts = std::array<double, kGraphletTypes>;
const char* graphletName(Graphlet g);
// Number of edges of each graphlet type (2,3,3,3,4,4,5,6).
int graphletEdges(Graphlet g);

// Exact induced counts from non-induced ones (k-stars, per-edge triangles, 4-cycles from
// co-degrees, 4-cliques) through the inclusion matrix. O(sum deg^2 + m * d). Errors: Cancelled.
Result<GraphletCounts> countGraphlets(const Graph& g, const RunContext& ctx);

// Graphlets of each type containing edge {u, v} (enumerating 4-node connected sets through it).
// O(d^2) per edge.
GraphletCounts graphletsContainingEdge(const Graph& g, NodeId u, NodeId v);

// Estimate by sampling `samples` edges uniformly with replacement: f^(i) = (sum Z_e(i) / s) *
// m / |E(H_i)|. Unbiased. Errors: InvalidArgument (samples < 1, no edges), missing RandomSource,
// Cancelled.
Result<GraphletCounts> estimateGraphlets(const Graph& g, long long samples, const RunContext& ctx);

}  // namespace veil::graph
