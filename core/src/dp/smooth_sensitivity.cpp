// Smooth sensitivity of the median (Nissim, Raskhodnikova, Smith 2007, Proposition 3.4).
#include "veil/dp/smooth_sensitivity.h"

#include "veil/common/validate.h"
#include "veil/dp/laplace_mechanism.h"

#include <algorithm>
#include <cmath>

namespace veil::dp {

SmoothSensitivityQuantile::SmoothSensitivityQuantile(double e, double d, double q, double lo, double hi)
    : m_epsilon(e), m_delta(d), m_q(q), m_lower(lo), m_upper(hi), m_beta(e / (2.0 * std::log(2.0 / d))) {}

Result<SmoothSensitivityQuantile> SmoothSensitivityQuantile::create(double epsilon, double delta, double quantile,
                                                                    double lower, double upper) {
    VEIL_RETURN_IF_ERROR(validateEpsilonShare(epsilon));
    VEIL_RETURN_IF_ERROR(validateDelta(delta));
    if (!(delta > 0.0))
        return Status::invalidArgument("the smooth-sensitivity mechanism needs delta > 0 (got " + formatNumber(delta) +
                                       ")");
    VEIL_RETURN_IF_ERROR(requireProbability(quantile, "quantile"));
    VEIL_RETURN_IF_ERROR(validateBounds(lower, upper));
    return SmoothSensitivityQuantile(epsilon, delta, quantile, lower, upper);
}

std::size_t SmoothSensitivityQuantile::rank(std::size_t n, double quantile) {
    const auto r = static_cast<std::size_t>(std::ceil(quantile * double(n)));
    return std::clamp<std::size_t>(r, 1, n);
}

Result<double> SmoothSensitivityQuantile::smoothSensitivity(std::vector<double> values) const {
    if (values.empty()) return Status::invalidArgument("cannot release a quantile of an empty column");
    for (double& v : values) v = std::clamp(v, m_lower, m_upper);
    std::sort(values.begin(), values.end());
    const long long n = static_cast<long long>(values.size());
    const long long r = static_cast<long long>(rank(values.size(), m_q));
    auto x = [&](long long i) { return i < 1 ? m_lower : (i > n ? m_upper : values[std::size_t(i - 1)]); };
    double best = 0.0;
    const double range = m_upper - m_lower;
    for (long long k = 0; k <= n; ++k) {
        const double damp = std::exp(-double(k) * m_beta);
        if (damp * range <= best) break;  // no larger k can exceed the current maximum
        double local = 0.0;
        for (long long t = 0; t <= k + 1; ++t) local = std::max(local, x(r + t) - x(r + t - k - 1));
        best = std::max(best, damp * local);
    }
    return best;
}

Result<double> SmoothSensitivityQuantile::release(RandomSource& rng, std::vector<double> values,
                                                  double* noiseScaleOut) const {
    auto s = smoothSensitivity(values);
    if (!s) return s.status();
    for (double& v : values) v = std::clamp(v, m_lower, m_upper);
    std::sort(values.begin(), values.end());
    const double truth = values[rank(values.size(), m_q) - 1];
    // Cor. 2.4 (Laplace, alpha = eps/2): noise (S*/alpha) Lap(1); snapped with the smooth scale.
    const double scale = 2.0 * (*s) / m_epsilon;
    if (noiseScaleOut) *noiseScaleOut = scale;
    if (m_upper == m_lower) return truth;  // the output is the public constant lower == upper
    // Laplace with "sensitivity" S* at epsilon / 2 has exactly the scale 2 S* / epsilon. A smooth
    // sensitivity that underflowed to 0 is raised to the smallest supported scale (more noise).
    // S* depends on the data and is at most upper - lower: the output lattice is that of the bound.
    const double floor = kMinNoiseScale * m_epsilon;
    auto lap = LaplaceMechanism::createOnPublicLattice(m_epsilon / 2.0, std::max(*s, floor),
                                                       std::max(m_upper - m_lower, floor));
    if (!lap) return lap.status();
    return lap->release(rng, truth);
}

}  // namespace veil::dp
