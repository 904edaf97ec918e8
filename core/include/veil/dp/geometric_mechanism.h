// Integer mechanisms for counts: the geometric mechanism (value + two-sided geometric noise with
// alpha = exp(-epsilon / sensitivity)) and the truncated geometric mechanism on [0, N] of Ghosh,
// Roughgarden, Sundararajan (STOC 2009), whose output mass outside [0, N] sits on the endpoints.
#pragma once

#include "veil/common/random.h"
#include "veil/dp/privacy.h"

#include <cstdint>
#include <vector>

namespace veil::dp {

class GeometricMechanism {
public:
    // Errors: epsilon not in (0, kMaxEpsilon]; sensitivity < 1; a scale sensitivity / epsilon above
    // kMaxGeometricScale (the message names the range).
    static Result<GeometricMechanism> create(double epsilon, std::int64_t sensitivity = 1,
                                             Neighbouring neighbouring = Neighbouring::AddRemove);
    // Errors: the noisy value does not fit in 64 bits.
    Result<std::int64_t> release(RandomSource& rng, std::int64_t value) const;

    double epsilon() const { return m_epsilon; }
    std::int64_t sensitivity() const { return m_sensitivity; }
    double scale() const { return m_scale; }  // sensitivity / epsilon (alpha = exp(-1/scale))
    double alpha() const;
    Neighbouring neighbouring() const { return m_neighbouring; }
    PrivacySpend cost() const { return {m_epsilon, 0.0}; }
    NoiseDistribution noise() const { return {NoiseKind::DiscreteLaplace, m_scale}; }
    ConfidenceInterval interval(double released, double confidence = 0.95) const;

private:
    GeometricMechanism(double e, std::int64_t s, Neighbouring n)
        : m_epsilon(e), m_sensitivity(s), m_scale(double(s) / e), m_neighbouring(n) {}
    double m_epsilon;
    std::int64_t m_sensitivity;
    double m_scale;
    Neighbouring m_neighbouring;
};

class TruncatedGeometricMechanism {
public:
    // Counts with sensitivity 1 in [0, N]. Errors: epsilon not in (0, kMaxEpsilon] or its scale
    // 1 / epsilon above kMaxGeometricScale; N < 0.
    static Result<TruncatedGeometricMechanism> create(double epsilon, std::int64_t maxValue,
                                                      Neighbouring neighbouring = Neighbouring::AddRemove);
    // value is clamped to [0, N] first; the output is in [0, N].
    Result<std::int64_t> release(RandomSource& rng, std::int64_t value) const;
    // Exact output PMF given the true value (N + 1 entries), for drawing and for tests.
    std::vector<double> outputPmf(std::int64_t value) const;

    double epsilon() const { return m_epsilon; }
    std::int64_t maxValue() const { return m_max; }
    Neighbouring neighbouring() const { return m_neighbouring; }
    PrivacySpend cost() const { return {m_epsilon, 0.0}; }

private:
    TruncatedGeometricMechanism(double e, std::int64_t n, Neighbouring nb)
        : m_epsilon(e), m_max(n), m_neighbouring(nb) {}
    double m_epsilon;
    std::int64_t m_max;
    Neighbouring m_neighbouring;
};

}  // namespace veil::dp
