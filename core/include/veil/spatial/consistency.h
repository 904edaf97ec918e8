// Consistency post-processing of the noisy counts of a spatial decomposition (seed 004
// "Post-processing of noisy counts"; Hay, Rastogi, Miklau, Suciu, VLDB 2010, Sec. 4, generalised
// to per-node variances as in Cormode et al., ICDE 2012, Sec. 5). Pass 1 (bottom-up): each node's
// estimate is the inverse-variance weighted average of its own noisy count and the sum of its
// children's estimates. Pass 2 (top-down): the difference between a parent's final count and the
// sum of its children's estimates is spread over the children in proportion to their variances
// ("mean consistency" when the variances are equal). Afterwards every parent's estimate equals
// the sum of its children's (up to rounding), and the estimates are the least-squares ones.
// Post-processing only: no privacy cost. O(number of nodes).
#pragma once

#include "veil/spatial/decomposition.h"

#include <cstdint>
#include <span>
#include <vector>

namespace veil::spatial {

// Sets node.estimate for every node and psd.postProcessed. A non-private tree is left exact.
void applyConsistency(PrivateSpatialDecomposition& psd);

// The same two passes on a tree given as arrays, parents before children: node k's children are
// firstChild[k] .. firstChild[k] + childCount[k] - 1 (childCount 0: a leaf). Returns every node's
// consistent estimate from its noisy count and that count's variance (> 0). applyConsistency
// gathers these arrays from psd.nodes; a builder that keeps its measurements in arrays calls this
// directly.
std::vector<double> consistentEstimates(std::span<const double> noisy, std::span<const double> variance,
                                        std::span<const std::int32_t> firstChild,
                                        std::span<const std::int32_t> childCount);

// Largest |estimate(parent) - sum of estimate(children)| over the internal nodes (for tests).
double maxConsistencyGap(const PrivateSpatialDecomposition& psd);

}  // namespace veil::spatial
