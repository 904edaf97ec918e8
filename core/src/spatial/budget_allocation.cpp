// Budget allocation across tree levels (Cormode et al., ICDE 2012, Sec. 4.2; seed 004
// "Privacy budget allocation": min sum_i 2^(h-i)/eps_i^2 s.t. sum eps_i = eps gives
// eps_i proportional to 2^((h-i)/3)).
#include "veil/spatial/budget_allocation.h"

#include "veil/common/validate.h"

#include <cmath>

namespace veil::spatial {

const char* budgetStrategyName(BudgetStrategy s) { return s == BudgetStrategy::Uniform ? "uniform" : "geometric"; }

Result<LevelBudget> allocateBudget(double epsilon, int height, BudgetStrategy strategy, double medianFraction,
                                   const std::vector<bool>& dataDependentSplit) {
    VEIL_RETURN_IF_ERROR(requirePositiveFinite(epsilon, "epsilon"));
    if (height < 0) return Status::invalidArgument("height must be at least 0 (got " + std::to_string(height) + ")");
    if (!(medianFraction >= 0.0 && medianFraction < 1.0))
        return Status::invalidArgument("median budget fraction must be in [0, 1) (got " + formatNumber(medianFraction) +
                                       ")");
    const auto h = static_cast<std::size_t>(height);
    LevelBudget b;
    b.total = epsilon;
    b.countByDepth.assign(h + 1, 0.0);
    b.medianByDepth.assign(h + 1, 0.0);
    std::size_t splitLevels = 0;
    for (std::size_t d = 0; d < h && d < dataDependentSplit.size(); ++d) splitLevels += dataDependentSplit[d] ? 1 : 0;
    const double medianTotal = splitLevels > 0 ? epsilon * medianFraction : 0.0;
    for (std::size_t d = 0; d < h && d < dataDependentSplit.size(); ++d)
        if (dataDependentSplit[d]) b.medianByDepth[d] = medianTotal / double(splitLevels);
    const double countTotal = epsilon - medianTotal;
    // Weights by depth d (level i = h - d): uniform 1, geometric 2^(d/3).
    std::vector<double> w(h + 1);
    double wSum = 0.0;
    for (std::size_t d = 0; d <= h; ++d) {
        w[d] = strategy == BudgetStrategy::Uniform ? 1.0 : std::exp2(double(d) / 3.0);
        wSum += w[d];
    }
    double used = 0.0;
    for (std::size_t d = 0; d < h; ++d) {
        b.countByDepth[d] = countTotal * w[d] / wSum;
        used += b.countByDepth[d];
    }
    // The deepest level takes what is left so the full path sums to epsilon as computed.
    double medianUsed = 0.0;
    for (double m : b.medianByDepth) medianUsed += m;
    b.countByDepth[h] = std::max(0.0, (epsilon - medianUsed) - used);
    b.countTotal = used + b.countByDepth[h];
    b.medianTotal = medianUsed;
    return b;
}

double remainingBelow(const LevelBudget& budget, int depth) {
    double rest = 0.0;
    const auto n = budget.countByDepth.size();
    for (std::size_t d = static_cast<std::size_t>(depth) + 1; d < n; ++d) rest += budget.countByDepth[d];
    for (std::size_t d = static_cast<std::size_t>(depth); d < n; ++d) rest += budget.medianByDepth[d];
    return rest;
}

}  // namespace veil::spatial
