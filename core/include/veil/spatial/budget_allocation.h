// Privacy budget allocation for private spatial decompositions (seed 004, "Building PSDs -
// privacy budget allocation" and "Privacy budget allocation"; Cormode et al., ICDE 2012, Sec. 4).
// The total epsilon is split between private medians and noisy counts; the count budget is split
// across the h+1 levels of the tree, uniformly or geometrically. Levels are numbered from the
// leaves as in the paper: level i = h - depth, so the root is level h and the deepest leaves are
// level 0. Geometric: eps_i proportional to 2^((h-i)/3), i.e. more budget towards the leaves.
#pragma once

#include "veil/common/status.h"

#include <string>
#include <vector>

namespace veil::spatial {

enum class BudgetStrategy { Uniform, Geometric };

const char* budgetStrategyName(BudgetStrategy s);  // "uniform", "geometric"

struct LevelBudget {
    double total = 0.0;                 // epsilon on every root-to-leaf path
    double countTotal = 0.0;            // sum of countByDepth
    double medianTotal = 0.0;           // sum of medianByDepth
    std::vector<double> countByDepth;   // h+1 entries, depth 0 = root
    std::vector<double> medianByDepth;  // h+1 entries; 0 where the split is data-independent or at depth h
};

// Splits `epsilon` for a tree of height h (h >= 0). medianFraction in [0, 1) of epsilon goes to the
// medians of the depths flagged in `dataDependentSplit` (size h; depth d < h), spread uniformly over
// them; when no depth is data-dependent, everything goes to counts. The count budget is spread over
// depths 0..h by `strategy`. Errors: epsilon not positive finite, h < 0, fraction outside [0, 1).
// The entries sum to epsilon up to rounding (the last count level absorbs the rounding so that the
// sum along a full path equals epsilon as computed in double).
Result<LevelBudget> allocateBudget(double epsilon, int height, BudgetStrategy strategy, double medianFraction,
                                   const std::vector<bool>& dataDependentSplit);

// Epsilon left on a path that stops at `depth` (counts below it and medians at and below it); a
// leaf that stops early spends it on a second measurement of its count, so every path spends
// exactly `total`.
double remainingBelow(const LevelBudget& budget, int depth);

}  // namespace veil::spatial
