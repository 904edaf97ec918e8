// Geometric and truncated geometric mechanisms (Ghosh, Roughgarden, Sundararajan, STOC 2009).
#include "veil/dp/geometric_mechanism.h"

#include "veil/common/validate.h"
#include "dp/detail/samplers.h"

#include <algorithm>
#include <cmath>

namespace veil::dp {

namespace {
Status checkGeometricScale(double scale, double sensitivity, double epsilon) {
    if (scale > 0.0 && scale <= kMaxGeometricScale) return Status::ok();
    return Status::invalidArgument("the geometric noise scale sensitivity / epsilon = " + formatNumber(sensitivity) +
                                   " / " + formatNumber(epsilon) + " is outside the supported range (0, " +
                                   formatNumber(kMaxGeometricScale) + "]");
}
}  // namespace

Result<GeometricMechanism> GeometricMechanism::create(double epsilon, std::int64_t sensitivity,
                                                      Neighbouring neighbouring) {
    VEIL_RETURN_IF_ERROR(validateEpsilonShare(epsilon));
    VEIL_RETURN_IF_ERROR(requireAtLeast(sensitivity, 1, "sensitivity"));
    VEIL_RETURN_IF_ERROR(checkGeometricScale(double(sensitivity) / epsilon, double(sensitivity), epsilon));
    return GeometricMechanism(epsilon, sensitivity, neighbouring);
}

Result<std::int64_t> GeometricMechanism::release(RandomSource& rng, std::int64_t value) const {
    return detail::addGeometricNoise(rng, value, m_scale);
}

double GeometricMechanism::alpha() const { return std::exp(-1.0 / m_scale); }

ConfidenceInterval GeometricMechanism::interval(double released, double confidence) const {
    const double w = noise().halfWidth(confidence);
    return {released - w, released + w, confidence};
}

Result<TruncatedGeometricMechanism> TruncatedGeometricMechanism::create(double epsilon, std::int64_t maxValue,
                                                                        Neighbouring neighbouring) {
    VEIL_RETURN_IF_ERROR(validateEpsilonShare(epsilon));
    VEIL_RETURN_IF_ERROR(checkGeometricScale(1.0 / epsilon, 1.0, epsilon));
    VEIL_RETURN_IF_ERROR(requireAtLeast(maxValue, 0, "N (the largest count)"));
    return TruncatedGeometricMechanism(epsilon, maxValue, neighbouring);
}

Result<std::int64_t> TruncatedGeometricMechanism::release(RandomSource& rng, std::int64_t value) const {
    const std::int64_t v = std::clamp<std::int64_t>(value, 0, m_max);
    auto noisy = detail::addGeometricNoise(rng, v, 1.0 / m_epsilon);
    if (!noisy) return noisy.status();
    return std::clamp<std::int64_t>(*noisy, 0, m_max);
}

std::vector<double> TruncatedGeometricMechanism::outputPmf(std::int64_t value) const {
    const std::int64_t v = std::clamp<std::int64_t>(value, 0, m_max);
    const double a = std::exp(-m_epsilon);
    std::vector<double> pmf(std::size_t(m_max) + 1);
    for (std::int64_t z = 0; z <= m_max; ++z)
        pmf[std::size_t(z)] = (1.0 - a) / (1.0 + a) * std::pow(a, double(std::llabs(z - v)));
    // P(noisy <= 0) = a^v / (1 + a) and P(noisy >= N) = a^(N - v) / (1 + a).
    pmf[0] = std::pow(a, double(v)) / (1.0 + a);
    if (m_max > 0)
        pmf[std::size_t(m_max)] = std::pow(a, double(m_max - v)) / (1.0 + a);
    else
        pmf[0] = 1.0;
    return pmf;
}

}  // namespace veil::dp
