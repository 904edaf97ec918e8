// Analytic Gaussian mechanism (Balle & Wang, ICML 2018, Theorem 8 and Algorithm 1 by bisection).
#include "veil/dp/gaussian_mechanism.h"

#include "veil/common/validate.h"
#include "dp/detail/samplers.h"
#include "veil/dp/stats.h"

#include <cmath>

namespace veil::dp {

double gaussianDelta(double epsilon, double sigma, double d) {
    const double a = d / (2.0 * sigma), b = epsilon * sigma / d;
    const double first = stats::normalCdf(a - b);
    // e^eps * Phi(-a - b) computed in log space to avoid overflow of e^eps.
    const double tail = 0.5 * std::erfc((a + b) / std::sqrt(2.0));
    const double second = tail > 0.0 ? std::exp(epsilon + std::log(tail)) : 0.0;
    return std::max(0.0, first - second);
}

double analyticGaussianSigma(double epsilon, double delta, double d) {
    // delta(sigma) decreases in sigma: bracket then bisect (relative precision 1e-12).
    double lo = d * 1e-6, hi = d;
    while (gaussianDelta(epsilon, hi, d) > delta) hi *= 2.0;
    while (lo > 1e-300 && gaussianDelta(epsilon, lo, d) <= delta) lo /= 2.0;
    for (int i = 0; i < 200 && (hi - lo) > 1e-12 * hi; ++i) {
        const double mid = 0.5 * (lo + hi);
        if (gaussianDelta(epsilon, mid, d) > delta)
            lo = mid;
        else
            hi = mid;
    }
    return hi;  // the upper end: delta(hi) <= delta
}

Result<GaussianMechanism> GaussianMechanism::create(double epsilon, double delta, double l2Sensitivity,
                                                    Neighbouring neighbouring) {
    VEIL_RETURN_IF_ERROR(validateEpsilonShare(epsilon));
    VEIL_RETURN_IF_ERROR(validateDelta(delta));
    if (!(delta > 0.0))
        return Status::invalidArgument("the Gaussian mechanism needs delta > 0 (got " + formatNumber(delta) + ")");
    VEIL_RETURN_IF_ERROR(requirePositiveFinite(l2Sensitivity, "sensitivity"));
    const auto outOfRange = [&](double s) {
        return Status::invalidArgument("the Gaussian noise scale sigma = " + formatNumber(s) + " (sensitivity " +
                                       formatNumber(l2Sensitivity) + ", epsilon " + formatNumber(epsilon) + ", delta " +
                                       formatNumber(delta) + ") is outside the supported range [" +
                                       formatNumber(kMinNoiseScale) + ", " + formatNumber(kMaxNoiseScale) + "]");
    };
    // Snapping widens the sensitivity by the lattice step g, which depends on sigma: iterate.
    double sigma = analyticGaussianSigma(epsilon, delta, l2Sensitivity);
    if (!(sigma >= kMinNoiseScale && sigma <= kMaxNoiseScale)) return outOfRange(sigma);
    double g = detail::snappingGranularity(sigma);
    for (int i = 0; i < 4; ++i) {
        const double widened = analyticGaussianSigma(epsilon, delta, l2Sensitivity + g);
        if (!(widened >= kMinNoiseScale && widened <= kMaxNoiseScale)) return outOfRange(widened);
        sigma = widened;
        const double next = detail::snappingGranularity(widened);
        if (next == g) break;
        g = next;
    }
    // The snapped values of neighbours differ by at most sensitivity + g on the lattice.
    const double rho = (l2Sensitivity + g) * (l2Sensitivity + g) / (2.0 * sigma * sigma);
    return GaussianMechanism(epsilon, delta, l2Sensitivity, sigma, rho, neighbouring);
}

Result<double> GaussianMechanism::release(RandomSource& rng, double value) const {
    return detail::addSnappedGaussian(rng, value, m_sigma);
}

ConfidenceInterval GaussianMechanism::interval(double released, double confidence) const {
    const double w = noise().halfWidth(confidence);
    return {released - w, released + w, confidence};
}

}  // namespace veil::dp
