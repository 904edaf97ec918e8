// Round axis ticks for every chart and canvas: steps of 1, 2, 2.5 or 5 x 10^k (Heckbert, "Nice
// numbers for graph labels", Graphics Gems 1990), so a steward reads 0.1, 0.2, 0.3 rather than
// 0.097, 0.19 or 227.248.
#pragma once

#include <vector>

class QValueAxis;

namespace veil::ui {

struct NiceScale {
    double lo = 0.0, hi = 1.0, step = 0.25;
    int ticks = 5;  // lo, lo + step, …, hi
};

// A range covering [lo, hi] whose ends are multiples of a round step, with about `target` ticks.
// An empty or invalid range becomes [lo, lo + 1]. integerSteps: the step is at least 1 (counts,
// indices: no tick between two whole numbers).
NiceScale niceScale(double lo, double hi, int target = 5, bool integerSteps = false);
// The multiples of the round step inside [lo, hi] (about `target` of them); empty when the range
// is empty or not finite.
std::vector<double> niceTicks(double lo, double hi, int target);
// Sets `axis` to niceScale(lo, hi, target, integerSteps): range, tick count, and labels with as
// many decimals as the step needs.
void applyNiceScale(QValueAxis* axis, double lo, double hi, int target = 5, bool integerSteps = false);

}  // namespace veil::ui
