#include "charts/nice_scale.h"

#include <QValueAxis>

#include <algorithm>
#include <cmath>

namespace veil::ui {
namespace {

double niceStep(double span, int target) {
    const double raw = span / std::max(1, target);
    const double magnitude = std::pow(10.0, std::floor(std::log10(raw)));
    for (double m : {1.0, 2.0, 2.5, 5.0})
        if (raw <= m * magnitude * (1.0 + 1e-9)) return m * magnitude;
    return 10.0 * magnitude;
}

}  // namespace

NiceScale niceScale(double lo, double hi, int target, bool integerSteps) {
    if (!std::isfinite(lo)) lo = 0.0;
    if (!(hi > lo) || !std::isfinite(hi)) hi = lo + 1.0;
    NiceScale s;
    s.step = niceStep(hi - lo, target);
    if (integerSteps) s.step = s.step < 1.0 ? 1.0 : s.step == 2.5 ? 2.0 : s.step;
    s.lo = std::floor(lo / s.step + 1e-9) * s.step;
    s.hi = std::ceil(hi / s.step - 1e-9) * s.step;
    s.ticks = int(std::lround((s.hi - s.lo) / s.step)) + 1;
    return s;
}

std::vector<double> niceTicks(double lo, double hi, int target) {
    std::vector<double> out;
    const double span = hi - lo;
    if (!(span > 0.0) || !std::isfinite(span)) return out;
    const double step = niceStep(span, target);
    for (double k = std::ceil(lo / step - 1e-9); k * step <= hi + step * 1e-9; k += 1.0) out.push_back(k * step);
    return out;
}

void applyNiceScale(QValueAxis* axis, double lo, double hi, int target, bool integerSteps) {
    const NiceScale s = niceScale(lo, hi, target, integerSteps);
    axis->setRange(s.lo, s.hi);
    axis->setTickCount(s.ticks);
    // Decimals of the step: 0.25 needs 2, 5 needs none.
    int decimals = 0;
    for (double step = s.step; decimals < 6 && std::abs(step - std::round(step)) > 1e-9 * s.step; step *= 10.0)
        ++decimals;
    axis->setLabelFormat(QStringLiteral("%.%1f").arg(decimals));
}

}  // namespace veil::ui
