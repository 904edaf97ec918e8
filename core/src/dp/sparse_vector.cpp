// AboveThreshold with cutoff (Lyu, Su, Li, PVLDB 2017, Algorithm 1).
#include "veil/dp/sparse_vector.h"

#include "veil/common/validate.h"
#include "dp/detail/samplers.h"
#include "veil/dp/privacy.h"

#include <cmath>

namespace veil::dp {

Result<SparseVector> SparseVector::create(RandomSource& rng, double epsilon, double threshold, int cutoff,
                                          double sensitivity, bool monotone, double thresholdShare) {
    VEIL_RETURN_IF_ERROR(validateEpsilonShare(epsilon));
    VEIL_RETURN_IF_ERROR(requireFinite(threshold, "threshold"));
    VEIL_RETURN_IF_ERROR(requireAtLeast(cutoff, 1, "cutoff c"));
    VEIL_RETURN_IF_ERROR(requirePositiveFinite(sensitivity, "sensitivity"));
    if (!(thresholdShare > 0.0 && thresholdShare < 1.0))
        return Status::invalidArgument("threshold share must be in (0, 1) (got " + formatNumber(thresholdShare) + ")");
    const double eps1 = epsilon * thresholdShare, eps2 = epsilon - eps1;
    const double rhoScale = detail::snappedLaplaceScale(sensitivity, eps1);
    const double nuScale = detail::snappedLaplaceScale((monotone ? 1.0 : 2.0) * cutoff * sensitivity, eps2);
    if (!(nuScale >= kMinNoiseScale && nuScale <= kMaxNoiseScale))
        return Status::invalidArgument("sparse vector: the noise scale " + formatNumber(nuScale) +
                                       " is outside the supported range [" + formatNumber(kMinNoiseScale) + ", " +
                                       formatNumber(kMaxNoiseScale) + "]");
    auto noisyThreshold = detail::addSnappedLaplace(rng, threshold, rhoScale);
    if (!noisyThreshold) return noisyThreshold.status();
    return SparseVector(rng, epsilon, *noisyThreshold, cutoff, rhoScale, nuScale);
}

Result<bool> SparseVector::isAbove(double queryValue) {
    if (halted())
        return Status::invalidArgument("the sparse vector mechanism has halted after " + std::to_string(m_cutoff) +
                                       " above-threshold answers (its cutoff)");
    VEIL_RETURN_IF_ERROR(requireFinite(queryValue, "query value"));
    auto noisy = detail::addSnappedLaplace(*m_rng, queryValue, m_nuScale);
    if (!noisy) return noisy.status();
    const bool above = *noisy >= m_noisyThreshold;
    if (above) ++m_above;
    return above;
}

}  // namespace veil::dp
