// Second counts of leaves that stop early (Cormode et al., ICDE 2012, Sec. 4-5).
#include "early_leaf.h"

#include "veil/dp/laplace_mechanism.h"

namespace veil::spatial::detail {

Result<LeafCount> remeasureEarlyLeaf(const LevelBudget& budget, int depth, bool nonPrivate, double trueCount,
                                     double noisy, double variance, RandomSource& rng) {
    const double rest = remainingBelow(budget, depth);
    if (nonPrivate || rest <= 0.0) return LeafCount{noisy, variance, 0.0};
    auto mech = dp::LaplaceMechanism::create(rest, 1.0);
    if (!mech) return mech.status();
    auto second = mech->release(rng, trueCount);
    if (!second) return second.status();
    const double first = budget.countByDepth[std::size_t(depth)];
    const double w1 = first * first, w2 = rest * rest;
    return LeafCount{(w1 * noisy + w2 * *second) / (w1 + w2), 2.0 / (w1 + w2), rest};
}

}  // namespace veil::spatial::detail
