// The Gaussian mechanism calibrated in zero-concentrated DP (Bun & Steinke, TCC 2016, Prop. 1.6:
// sigma = D / sqrt(2 rho) for L2 sensitivity D is rho-zCDP), released on a snapping lattice with a
// discrete Gaussian like GaussianMechanism (CKS 2020), the sensitivity widened by the lattice step.
// And the (epsilon, delta) -> rho budget conversion used by MST and AIM (McKenna et al.'s cdp_rho):
// the largest rho whose CKS 2020 Corollary 13 conversion (dp::zcdpDelta) gives delta at epsilon.
#pragma once

#include "veil/common/random.h"
#include "veil/dp/privacy.h"

namespace veil::dp {

// Largest rho with zcdpDelta(rho, epsilon) <= delta, by bisection (relative precision 1e-12);
// the accountant's zcdpEpsilon(rho, delta) gives epsilon back. epsilon > 0, delta in (0, 1).
// Always at least the closed form of Bun & Steinke Prop. 1.3, (sqrt(eps + L) - sqrt(L))^2 with
// L = ln(1/delta). O(100) evaluations of zcdpDelta.
double cdpRho(double epsilon, double delta);

class ZcdpGaussianMechanism {
public:
    // Errors: rho not positive finite; sensitivity not positive finite; sigma outside
    // [kMinNoiseScale, kMaxNoiseScale].
    static Result<ZcdpGaussianMechanism> create(double rho, double l2Sensitivity,
                                                Neighbouring neighbouring = Neighbouring::AddRemove);
    // value + N(0, sigma^2) on the lattice. Errors: |value| > kMaxReleasedMagnitude or not finite.
    Result<double> release(RandomSource& rng, double value) const;

    double rho() const { return m_rho; }
    double sensitivity() const { return m_sensitivity; }
    double sigma() const { return m_sigma; }
    Neighbouring neighbouring() const { return m_neighbouring; }
    NoiseDistribution noise() const { return {NoiseKind::Gaussian, m_sigma}; }

private:
    ZcdpGaussianMechanism(double rho, double s, double sigma, Neighbouring n)
        : m_rho(rho), m_sensitivity(s), m_sigma(sigma), m_neighbouring(n) {}
    double m_rho, m_sensitivity, m_sigma;
    Neighbouring m_neighbouring;
};

}  // namespace veil::dp
