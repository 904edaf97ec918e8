// Projections onto the bounded-degree hypothesis H_k = {G : maxdeg(G) <= k}:
// - the Blocki et al. edge projection (3-smooth under edge adjacency; seed 001 "Edge Adjacency"),
// - the Blocki et al. LP-rounding projection onto H_2k with its 4-smooth distance estimator
//   d_est (vertex adjacency; seed 001 "Rounding the LP", solved with GLPK),
// - naive node truncation (Kasiviswanathan et al. TCC 2013: drop every node of degree > D).
// Plus what a view needs: the edges a projection removes and the nodes of degree > k.
#pragma once

#include "veil/common/run_context.h"
#include "veil/common/status.h"
#include "veil/graph/graph.h"

#include <string>
#include <vector>

namespace veil::graph {

struct EdgeProjection {
    Graph projected;
    std::vector<Edge> removed;  // canonical order
};

// Keeps edge {u, v} iff it is among the first k edges incident to u AND among the first k incident
// to v in the canonical order (lexicographic on (min, max), i.e. neighbour-id order). The result
// lies in H_k and equals g when g is already in H_k. O(m log d).
EdgeProjection projectEdges(const Graph& g, std::size_t k);
// The edges projectEdges would remove (for drawing them dashed).
std::vector<Edge> removedEdges(const Graph& g, std::size_t k);
// Nodes with degree > k, ascending.
std::vector<NodeId> nodesAboveDegree(const Graph& g, std::size_t k);

// Naive truncation T_D: every node of degree > D loses all its edges (the node set is kept).
EdgeProjection truncateHighDegreeNodes(const Graph& g, std::size_t D);

struct VertexProjection {
    Graph projected;  // mu(G), in H_2k
    std::vector<Edge> removed;
    std::vector<double> x;                  // LP value of each node
    std::vector<NodeId> deletedNodes;       // nodes with x >= 1/4 (all their edges dropped)
    double lpObjective = 0;                 // sum_v x_v
    double dEst = 0;                        // 4 * sum_v x_v, the 4-smooth distance estimate
    std::size_t lpColumns = 0, lpRows = 0;  // of the last (reformulated) LP, see below
    int lpIterations = 0;                   // simplex iterations GLPK needed, all rounds
    int lpRounds = 0;                       // LP solves of the cutting-plane loop
};

// Solves  min sum_v x_v  s.t. 0 <= x_v <= 1, w_uv >= 0, w_uv >= 1 - x_u - x_v for each edge,
// sum_v w_uv <= k for each u  with GLPK, rounds (drop edges with an endpoint x >= 1/4) and returns
// mu(G) with d_est = 4 sum x. The LP is solved in an equivalent form with the same optimum (proofs
// in projection.cpp): w eliminated, one row |S| x_u + sum_{v in S} x_v >= |S| - k per node u of
// degree > k and neighbour set S, generated lazily (cutting planes); columns only for nodes in a
// row. g in H_k gives x = 0, d_est = 0, mu(G) = G. Errors: InvalidArgument (k < 1), Cancelled,
// Internal (GLPK failure).
Result<VertexProjection> projectVertexLp(const Graph& g, std::size_t k, const RunContext& ctx);

}  // namespace veil::graph
