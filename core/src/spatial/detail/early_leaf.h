// A leaf that stops above a tree's last level (a minimum leaf size, seed 004) still spends its
// whole path's budget: the rest (remainingBelow) buys a second count of its points, combined with
// the first by inverse-variance weighting (sequential composition on the path; Cormode, Procopiuc,
// Shen, Srivastava, Yu, ICDE 2012, Sec. 4-5). Shared by the kd/hybrid builder and the quadtree's.
#pragma once

#include "veil/common/random.h"
#include "veil/common/status.h"
#include "veil/spatial/budget_allocation.h"

namespace veil::spatial::detail {

struct LeafCount {
    double noisy = 0.0;         // the released count
    double variance = 0.0;      // its variance
    double extraEpsilon = 0.0;  // the epsilon the second count added (0: none was drawn)
};

// The leaf at `depth` whose first count `noisy` (variance `variance`) spent the depth's count
// budget: the combined count, or the first unchanged when nothing is left or the tree is not
// private (`nonPrivate`, no draw).
Result<LeafCount> remeasureEarlyLeaf(const LevelBudget& budget, int depth, bool nonPrivate, double trueCount,
                                     double noisy, double variance, RandomSource& rng);

}  // namespace veil::spatial::detail
