// Report Noisy Max (Dwork & Roth 2014, Claim 3.9) with snapped Laplace noise.
#include "veil/dp/report_noisy_max.h"

#include "veil/common/validate.h"
#include "veil/dp/samplers.h"

#include <cmath>

namespace veil::dp {

Result<ReportNoisyMax> ReportNoisyMax::create(double epsilon, double sensitivity, bool monotone, Neighbouring neighbouring) {
    VEIL_RETURN_IF_ERROR(validateEpsilon(epsilon));
    VEIL_RETURN_IF_ERROR(requirePositiveFinite(sensitivity, "sensitivity"));
    return ReportNoisyMax(epsilon, snappedLaplaceScale(monotone ? sensitivity : 2.0 * sensitivity, epsilon), neighbouring);
}

Result<std::size_t> ReportNoisyMax::select(RandomSource& rng, const std::vector<double>& scores) const {
    if (scores.empty()) return Status::invalidArgument("report noisy max needs at least one score");
    std::size_t best = 0;
    double bestValue = -INFINITY;
    for (std::size_t i = 0; i < scores.size(); ++i) {
        if (!std::isfinite(scores[i])) return Status::invalidArgument("score " + std::to_string(i) + " is not finite");
        const double v = addSnappedLaplace(rng, scores[i], m_scale);
        if (v > bestValue) {
            bestValue = v;
            best = i;
        }
    }
    return best;
}

}  // namespace veil::dp
