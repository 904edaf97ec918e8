// Gaussian mechanism with the analytic calibration of Balle & Wang (ICML 2018, Theorem 8): the
// smallest sigma with Phi(D/2s - e s/D) - e^e Phi(-D/2s - e s/D) <= delta, valid for any epsilon
// (the classic sqrt(2 ln(1.25/delta)) D / e needs epsilon < 1). Released on a snapping lattice
// with a discrete Gaussian (CKS 2020), sensitivity widened by the lattice step. The mechanism is
// also rho-zCDP with rho = (sensitivity + g)^2 / (2 sigma^2) (CKS 2020, Theorem 14; Bun & Steinke
// 2016, Prop. 1.6), which is what the accountant composes.
#pragma once

#include "veil/common/random.h"
#include "veil/dp/privacy.h"

namespace veil::dp {

// Balle-Wang analytic sigma for L2 sensitivity D at (epsilon, delta); delta in (0, 1).
double analyticGaussianSigma(double epsilon, double delta, double l2Sensitivity);
// delta(sigma) of the Gaussian mechanism at epsilon (Balle-Wang Theorem 8).
double gaussianDelta(double epsilon, double sigma, double l2Sensitivity);

class GaussianMechanism {
public:
    // Errors: epsilon not in (0, kMaxEpsilon]; delta not in [kMinDelta, 1) (the Gaussian mechanism
    // needs delta > 0); sensitivity not positive finite; sigma outside [kMinNoiseScale,
    // kMaxNoiseScale].
    static Result<GaussianMechanism> create(double epsilon, double delta, double l2Sensitivity,
                                            Neighbouring neighbouring = Neighbouring::AddRemove);
    // Errors: |value| > kMaxReleasedMagnitude or not finite.
    Result<double> release(RandomSource& rng, double value) const;

    double epsilon() const { return m_epsilon; }
    double delta() const { return m_delta; }
    double sensitivity() const { return m_sensitivity; }
    double sigma() const { return m_sigma; }
    double rho() const { return m_rho; }  // zCDP parameter of one release
    Neighbouring neighbouring() const { return m_neighbouring; }
    PrivacySpend cost() const { return {m_epsilon, m_delta, m_rho}; }
    NoiseDistribution noise() const { return {NoiseKind::Gaussian, m_sigma}; }
    ConfidenceInterval interval(double released, double confidence = 0.95) const;

private:
    GaussianMechanism(double e, double d, double s, double sigma, double rho, Neighbouring n)
        : m_epsilon(e), m_delta(d), m_sensitivity(s), m_sigma(sigma), m_rho(rho), m_neighbouring(n) {}
    double m_epsilon, m_delta, m_sensitivity, m_sigma, m_rho;
    Neighbouring m_neighbouring;
};

}  // namespace veil::dp
