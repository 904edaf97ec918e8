// Propose-test-release (Dwork & Lei 2009; Dwork & Roth 2014, Section 7.2) for the median; the
// local sensitivity at distance k is NRS 2007's max_t (x_(m+t) - x_(m+t-k-1)).
#include "veil/dp/propose_test_release.h"

#include "veil/common/validate.h"
#include "dp/detail/samplers.h"
#include "veil/dp/smooth_sensitivity.h"

#include <algorithm>
#include <cmath>

namespace veil::dp {

Result<ProposeTestRelease> ProposeTestRelease::create(double epsilon, double delta, double proposedBound, double lower,
                                                      double upper) {
    VEIL_RETURN_IF_ERROR(validateEpsilonShare(epsilon));
    VEIL_RETURN_IF_ERROR(validateDelta(delta));
    if (!(delta > 0.0))
        return Status::invalidArgument("propose-test-release needs delta > 0 (got " + formatNumber(delta) + ")");
    VEIL_RETURN_IF_ERROR(requirePositiveFinite(proposedBound, "proposed sensitivity bound"));
    VEIL_RETURN_IF_ERROR(validateBounds(lower, upper));
    return ProposeTestRelease(epsilon, delta, proposedBound, lower, upper);
}

Result<int> ProposeTestRelease::distanceToInstability(std::vector<double> values) const {
    if (values.empty()) return Status::invalidArgument("cannot release a median of an empty column");
    for (double& v : values) v = std::clamp(v, m_lower, m_upper);
    std::sort(values.begin(), values.end());
    const long long n = static_cast<long long>(values.size());
    const long long m = static_cast<long long>(SmoothSensitivityQuantile::rank(values.size(), 0.5));
    auto x = [&](long long i) { return i < 1 ? m_lower : (i > n ? m_upper : values[std::size_t(i - 1)]); };
    // Smallest k such that some dataset at distance k has local sensitivity > b, where the largest
    // local sensitivity at distance k is A(k) = max_{0<=t<=k+1} x(m+t) - x(m+t-k-1) (NRS 2007).
    for (long long k = 0; k <= n; ++k) {
        double a = 0.0;
        for (long long t = 0; t <= k + 1; ++t) a = std::max(a, x(m + t) - x(m + t - k - 1));
        if (a > m_bound) return int(k);
    }
    return int(n + 1);
}

Result<PtrResult> ProposeTestRelease::releaseMedian(RandomSource& rng, std::vector<double> values) const {
    auto gamma = distanceToInstability(values);
    if (!gamma) return gamma.status();
    const double eps1 = m_epsilon / 2.0, eps2 = m_epsilon - eps1;
    PtrResult r;
    r.distanceToInstability = *gamma;
    auto noisyGamma = detail::addSnappedLaplace(rng, double(*gamma), detail::snappedLaplaceScale(1.0, eps1));
    if (!noisyGamma) return noisyGamma.status();
    if (*noisyGamma <= std::log(1.0 / m_delta) / eps1) return r;  // refuse
    for (double& v : values) v = std::clamp(v, m_lower, m_upper);
    std::sort(values.begin(), values.end());
    const double median = values[SmoothSensitivityQuantile::rank(values.size(), 0.5) - 1];
    r.noiseScale = detail::snappedLaplaceScale(m_bound, eps2);
    auto value = detail::addSnappedLaplace(rng, median, r.noiseScale);
    if (!value) return value.status();
    r.value = *value;
    return r;
}

}  // namespace veil::dp
