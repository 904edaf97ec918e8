// Laplace mechanism: value + Laplace(sensitivity / epsilon), released by snapping (samplers.h)
// so the output is safe against floating-point attacks (Dwork, McSherry, Nissim, Smith 2006).
#pragma once

#include "veil/common/random.h"
#include "veil/dp/privacy.h"

#include <cstdint>
#include <span>

namespace veil::dp {

class LaplaceMechanism {
public:
    // Errors: epsilon not in (0, kMaxEpsilon]; sensitivity not positive finite; a noise scale
    // sensitivity / epsilon outside [kMinNoiseScale, kMaxNoiseScale] (the message names the range).
    static Result<LaplaceMechanism> create(double epsilon, double l1Sensitivity,
                                           Neighbouring neighbouring = Neighbouring::AddRemove);
    // For a sensitivity that depends on the data (a smooth sensitivity): the snapping lattice is
    // the one of `maxSensitivity`, a public bound, so that the outputs' lattice (their low bits)
    // tells nothing of the sensitivity; the scale is (l1Sensitivity + g) / epsilon, rounded up by
    // at most 2^-40 of itself or g / 2^12. Errors: as create() for the bound; the sensitivity not
    // in (0, bound], in words that show neither.
    static Result<LaplaceMechanism> createOnPublicLattice(double epsilon, double l1Sensitivity, double maxSensitivity,
                                                          Neighbouring neighbouring = Neighbouring::AddRemove);

    // value + noise on the snapping lattice. Errors: |value| > kMaxReleasedMagnitude or not finite.
    Result<double> release(RandomSource& rng, double value) const;
    // Every value replaced by value + noise, as release() on each, drawing from one buffer of random
    // words (several times faster for many values; other draws than one release() per value).
    // Errors (before any value changes): a value out of range.
    Status releaseInPlace(RandomSource& rng, std::span<double> values) const;

    double epsilon() const { return m_epsilon; }
    double sensitivity() const { return m_sensitivity; }
    // The scale actually used: (sensitivity + g) / epsilon with g the snapping granularity.
    double scale() const { return m_scale; }
    double granularity() const { return m_granularity; }  // every output is a multiple of it
    Neighbouring neighbouring() const { return m_neighbouring; }
    PrivacySpend cost() const { return {m_epsilon, 0.0}; }
    NoiseDistribution noise() const { return {NoiseKind::Laplace, m_scale}; }
    ConfidenceInterval interval(double released, double confidence = 0.95) const;

private:
    LaplaceMechanism(double epsilon, double sensitivity, double scale, Neighbouring n)
        : m_epsilon(epsilon), m_sensitivity(sensitivity), m_scale(scale), m_neighbouring(n) {}
    double m_epsilon, m_sensitivity, m_scale;
    Neighbouring m_neighbouring;
    // The scale's snapping lattice, worked out once (samplers.h, LaplaceLattice): g, scale / g.
    double m_granularity = 0.0;
    std::uint64_t m_latticeNum = 0;
    int m_latticeShift = 0;  // scale / g = m_latticeNum / 2^m_latticeShift
};

}  // namespace veil::dp
