// zCDP Gaussian mechanism (Bun & Steinke, TCC 2016, Prop. 1.6) and the epsilon -> rho conversion
// (Canonne, Kamath, Steinke, NeurIPS 2020, Corollary 13, inverted by bisection).
#include "veil/dp/zcdp_gaussian.h"

#include "dp/detail/samplers.h"
#include "veil/common/validate.h"
#include "veil/dp/accountant.h"

#include <cmath>

namespace veil::dp {

double cdpRho(double epsilon, double delta) {
    if (!(epsilon > 0.0) || !(delta > 0.0) || !(delta < 1.0)) return 0.0;
    // zcdpDelta grows with rho: lo keeps delta(lo) <= delta, hi keeps delta(hi) > delta.
    double lo = 0.0, hi = epsilon + 1.0;
    while (zcdpDelta(hi, epsilon) <= delta) hi *= 2.0;
    for (int i = 0; i < 200 && (hi - lo) > 1e-12 * hi; ++i) {
        const double mid = 0.5 * (lo + hi);
        if (zcdpDelta(mid, epsilon) <= delta)
            lo = mid;
        else
            hi = mid;
    }
    return lo;
}

Result<ZcdpGaussianMechanism> ZcdpGaussianMechanism::create(double rho, double l2Sensitivity,
                                                            Neighbouring neighbouring) {
    VEIL_RETURN_IF_ERROR(requirePositiveFinite(rho, "rho"));
    VEIL_RETURN_IF_ERROR(requirePositiveFinite(l2Sensitivity, "sensitivity"));
    const auto sigmaFor = [&](double sensitivity) { return sensitivity / std::sqrt(2.0 * rho); };
    const auto outOfRange = [&](double s) {
        return Status::invalidArgument("the Gaussian noise scale sigma = " + formatNumber(s) + " (sensitivity " +
                                       formatNumber(l2Sensitivity) + ", rho " + formatNumber(rho) +
                                       ") is outside the supported range [" + formatNumber(kMinNoiseScale) + ", " +
                                       formatNumber(kMaxNoiseScale) + "]");
    };
    double sigma = sigmaFor(l2Sensitivity);
    if (!(sigma >= kMinNoiseScale && sigma <= kMaxNoiseScale)) return outOfRange(sigma);
    // Snapping moves neighbouring values apart by up to the lattice step g more than the
    // sensitivity, and g depends on sigma: iterate to a fixed point.
    double g = detail::snappingGranularity(sigma);
    for (int i = 0; i < 4; ++i) {
        const double widened = sigmaFor(l2Sensitivity + g);
        if (!(widened >= kMinNoiseScale && widened <= kMaxNoiseScale)) return outOfRange(widened);
        sigma = widened;
        const double next = detail::snappingGranularity(widened);
        if (next == g) break;
        g = next;
    }
    return ZcdpGaussianMechanism(rho, l2Sensitivity, sigma, neighbouring);
}

Result<double> ZcdpGaussianMechanism::release(RandomSource& rng, double value) const {
    return detail::addSnappedGaussian(rng, value, m_sigma);
}

}  // namespace veil::dp
