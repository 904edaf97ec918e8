// Greedy-H (Li, Hay, Miklau, Wang, "A data- and workload-aware algorithm for range queries under
// differential privacy", PVLDB 2014, Sec. 4): a binary hierarchy over n cells whose node weights are
// chosen greedily, bottom-up, for a workload; measured with Laplace noise and answered by least
// squares. Private to the dp module (the DAWA and Greedy-H strategies use it). docs/algorithms/dawa.md.
#pragma once

#include "veil/common/random.h"
#include "veil/common/run_context.h"
#include "veil/common/status.h"

#include <cstddef>
#include <vector>

namespace veil::dp::detail {

// A linear query over the cells: the sum of weight * x[c] over each segment's cells lo..hi
// (inclusive). Segments are disjoint and sorted; adjacent segments have different weights.
struct WeightedSegment {
    double weight = 0.0;
    std::size_t lo = 0;
    std::size_t hi = 0;
};
using LinearQuery = std::vector<WeightedSegment>;

// Appends segment {w, lo, hi} to q, merging it into the last one when they touch with the same weight.
void appendSegment(LinearQuery& q, double w, std::size_t lo, std::size_t hi);

// One node of the strategy: the cells lo..hi-1 (half-open) and the weight of its query.
struct StrategyNode {
    std::size_t lo = 0, hi = 0;
    double weight = 0.0;  // the query weight; 0 = not measured
    // Inference data (see applyInverse in the .cpp): a node is terminal when it has one cell or
    // every workload query weighs its cells alike (the hierarchy stops there).
    bool terminal = false;
    int left = -1, right = -1;
    double p = 1.0;             // share of the weight handed to the children
    double correction = 0.0;    // (1-p)^2 / (p^2 + k (1-p)^2), k = sum of the children's invAu
    std::vector<double> invAu;  // (A^T A)^-1 1 for the node's own sub-strategy (column sums)
    double error = 0.0;         // the greedy error term of the node's sub-strategy
};

class GreedyHierarchy {
public:
    // Chooses the strategy for `queries` over n cells (DPComp's greedyH_engine: branching 2, a
    // search over 100 weights per node; the error terms score the matrix Q^T Q as DPComp does).
    // Time O(n * nodes + sum over queries of segments^2) with nodes <= 2n. Errors: n == 0, a segment outside the
    // cells, cancellation (checked once per node).
    static Result<GreedyHierarchy> build(std::size_t n, const std::vector<LinearQuery>& queries, const RunContext& ctx,
                                         int granularity = 100);

    const std::vector<StrategyNode>& nodes() const { return m_nodes; }  // root first
    std::size_t cells() const { return m_cells; }

    // The L1 sensitivity of the weighted node counts: the largest sum of weights over the nodes
    // holding one cell. 1 by construction (the weights along a root-to-leaf path telescope:
    // (1 - p0) + p0 (1 - p1) + ... + p0 p1 ... p_{k-1} = 1); computed, not assumed.
    double sensitivity() const;

    // Least-squares cell estimates (A^T A)^-1 A^T y from one noisy answer per measured node (in
    // nodes() order, weight > 0 only): y = weight * (sum of the node's cells) + noise.
    // O(n log n). Precondition: answers.size() == number of measured nodes.
    std::vector<double> infer(const std::vector<double>& answers) const;
    // The measured nodes' true weighted answers, in the order infer() expects.
    std::vector<double> exactAnswers(const std::vector<double>& counts) const;

private:
    void applyInverse(int node, const std::vector<double>& z, std::vector<double>& out) const;
    std::size_t m_cells = 0;
    std::vector<StrategyNode> m_nodes;
};

}  // namespace veil::dp::detail
