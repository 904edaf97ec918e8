// Geometric and truncated geometric mechanisms (Ghosh, Roughgarden, Sundararajan, STOC 2009).
#include "veil/dp/geometric_mechanism.h"

#include "veil/common/validate.h"
#include "veil/dp/samplers.h"

#include <algorithm>
#include <cmath>

namespace veil::dp {

Result<GeometricMechanism> GeometricMechanism::create(double epsilon, std::int64_t sensitivity, Neighbouring neighbouring) {
    VEIL_RETURN_IF_ERROR(validateEpsilon(epsilon));
    VEIL_RETURN_IF_ERROR(requireAtLeast(sensitivity, 1, "sensitivity"));
    return GeometricMechanism(epsilon, sensitivity, neighbouring);
}

std::int64_t GeometricMechanism::release(RandomSource& rng, std::int64_t value) const {
    return addGeometricNoise(rng, value, m_scale);
}

double GeometricMechanism::alpha() const { return std::exp(-1.0 / m_scale); }

ConfidenceInterval GeometricMechanism::interval(double released, double confidence) const {
    const double w = noise().halfWidth(confidence);
    return {released - w, released + w, confidence};
}

Result<TruncatedGeometricMechanism> TruncatedGeometricMechanism::create(double epsilon, std::int64_t maxValue,
                                                                        Neighbouring neighbouring) {
    VEIL_RETURN_IF_ERROR(validateEpsilon(epsilon));
    VEIL_RETURN_IF_ERROR(requireAtLeast(maxValue, 0, "N (the largest count)"));
    return TruncatedGeometricMechanism(epsilon, maxValue, neighbouring);
}

std::int64_t TruncatedGeometricMechanism::release(RandomSource& rng, std::int64_t value) const {
    const std::int64_t v = std::clamp<std::int64_t>(value, 0, m_max);
    return std::clamp<std::int64_t>(addGeometricNoise(rng, v, 1.0 / m_epsilon), 0, m_max);
}

std::vector<double> TruncatedGeometricMechanism::outputPmf(std::int64_t value) const {
    const std::int64_t v = std::clamp<std::int64_t>(value, 0, m_max);
    const double a = std::exp(-m_epsilon);
    std::vector<double> pmf(std::size_t(m_max) + 1);
    for (std::int64_t z = 0; z <= m_max; ++z) pmf[std::size_t(z)] = (1.0 - a) / (1.0 + a) * std::pow(a, double(std::llabs(z - v)));
    // P(noisy <= 0) = a^v / (1 + a) and P(noisy >= N) = a^(N - v) / (1 + a).
    pmf[0] = std::pow(a, double(v)) / (1.0 + a);
    if (m_max > 0) pmf[std::size_t(m_max)] = std::pow(a, double(m_max - v)) / (1.0 + a);
    else pmf[0] = 1.0;
    return pmf;
}

}  // namespace veil::dp
