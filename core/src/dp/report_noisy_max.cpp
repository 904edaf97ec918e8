// Report Noisy Max (Dwork & Roth 2014, Claim 3.9) with snapped Laplace noise.
#include "veil/dp/report_noisy_max.h"

#include "veil/common/validate.h"
#include "dp/detail/samplers.h"
#include "veil/dp/privacy.h"

#include <limits>
#include <cmath>

namespace veil::dp {

Result<ReportNoisyMax> ReportNoisyMax::create(double epsilon, double sensitivity, bool monotone,
                                              Neighbouring neighbouring) {
    VEIL_RETURN_IF_ERROR(validateEpsilonShare(epsilon));
    VEIL_RETURN_IF_ERROR(requirePositiveFinite(sensitivity, "sensitivity"));
    const double scale = detail::snappedLaplaceScale(monotone ? sensitivity : 2.0 * sensitivity, epsilon);
    if (!(scale >= kMinNoiseScale && scale <= kMaxNoiseScale))
        return Status::invalidArgument("report noisy max: the noise scale " + formatNumber(scale) +
                                       " is outside the supported range [" + formatNumber(kMinNoiseScale) + ", " +
                                       formatNumber(kMaxNoiseScale) + "]");
    return ReportNoisyMax(epsilon, scale, neighbouring);
}

Result<std::size_t> ReportNoisyMax::select(RandomSource& rng, const std::vector<double>& scores) const {
    if (scores.empty()) return Status::invalidArgument("report noisy max needs at least one score");
    std::size_t best = 0;
    double bestValue = -std::numeric_limits<double>::infinity();
    for (std::size_t i = 0; i < scores.size(); ++i) {
        if (!std::isfinite(scores[i])) return Status::invalidArgument("score " + std::to_string(i) + " is not finite");
        auto v = detail::addSnappedLaplace(rng, scores[i], m_scale);
        if (!v) return v.status();
        if (*v > bestValue) {
            bestValue = *v;
            best = i;
        }
    }
    return best;
}

}  // namespace veil::dp
