// Shared vocabulary of the DP engine: the neighbouring notion a release is private under, what it
// spends (epsilon, delta, rho), the supported ranges of those parameters and of noise scales
// (docs/algorithms/privacy_parameters.md), and a description of the noise a mechanism adds
// (scale, PDF/PMF for drawing, confidence half-width) so a UI can show it.
#pragma once

#include "veil/common/status.h"

#include <string>
#include <utility>
#include <vector>

namespace veil::dp {

// Add/remove one record (unbounded DP) or replace one record (bounded DP, n public).
enum class Neighbouring { AddRemove, Replace };
const char* neighbouringName(Neighbouring n);  // "add-remove" or "replace"

// What a release spends. rho > 0: the release is rho-zCDP (Bun & Steinke 2016), and also
// (epsilon, delta)-DP (a Gaussian mechanism). rho == 0 and delta == 0: pure epsilon-DP (hence also
// epsilon^2/2-zCDP). rho == 0 and delta > 0: (epsilon, delta)-DP only.
struct PrivacySpend {
    double epsilon = 0.0;
    double delta = 0.0;
    double rho = 0.0;
};

// The supported ranges. A privacy parameter or a noise scale outside them is refused with a
// message naming the range: below them the samplers could not represent the noise, above them a
// release is no longer meaningfully private or the arithmetic overflows.
inline constexpr double kMinEpsilon = 1e-9;  // epsilon of one release (a user's request)
inline constexpr double kMaxEpsilon = 1e3;
inline constexpr double kMinDelta = 1e-300;       // delta is 0 or in [kMinDelta, 1)
inline constexpr double kMinNoiseScale = 1e-100;  // Laplace b and Gaussian sigma (snapped samplers)
inline constexpr double kMaxNoiseScale = 1e100;
inline constexpr double kMaxReleasedMagnitude = 1e100;            // |value| a snapped mechanism releases
inline constexpr double kMaxGeometricScale = 4503599627370496.0;  // 2^52: exact dyadic scales

// epsilon in [kMinEpsilon, kMaxEpsilon]; delta 0 or in [kMinDelta, 1). Messages name the range and
// the value given.
Status validateEpsilon(double epsilon);
Status validateDelta(double delta);
// A share of a request's epsilon spent by one step of a mechanism: positive, finite, at most
// kMaxEpsilon (the noise scale it implies is checked by the mechanism).
Status validateEpsilonShare(double epsilon, const std::string& name = "epsilon");
Status validateBounds(double lower, double upper);  // both finite, lower <= upper

enum class NoiseKind {
    None,              // the mechanism does not add noise (exponential mechanism, RR, ...)
    Laplace,           // continuous Laplace(b), released via snapping
    DiscreteLaplace,   // two-sided geometric with alpha = exp(-1/b)
    Gaussian,          // continuous N(0, sigma^2), released via snapping to a discrete Gaussian
    DiscreteGaussian,  // discrete Gaussian on Z with variance parameter sigma^2
};
const char* noiseKindName(NoiseKind kind);

// The additive noise of a mechanism: what to draw and how wide the answer's uncertainty is.
struct NoiseDistribution {
    NoiseKind kind = NoiseKind::None;
    double scale = 0.0;  // b for (discrete) Laplace, sigma for (discrete) Gaussian

    bool isDiscrete() const { return kind == NoiseKind::DiscreteLaplace || kind == NoiseKind::DiscreteGaussian; }
    // PDF at x (continuous kinds) or PMF at round(x) (discrete kinds); 0 for None.
    double density(double x) const;
    double standardDeviation() const;
    // Smallest w with P(|noise| <= w) >= confidence (confidence in (0,1)).
    double halfWidth(double confidence) const;
};

// Points (x, density) of the noise centred at `centre` for drawing: `points` evenly spaced x over
// centre +- halfWidth(0.999) for continuous kinds; one point per integer for discrete kinds (at
// most `points`, centred).
std::vector<std::pair<double, double>> densityCurve(const NoiseDistribution& noise, double centre, int points = 201);

// A two-sided confidence interval for the true value given a released value.
struct ConfidenceInterval {
    double lower = 0.0;
    double upper = 0.0;
    double confidence = 0.95;
};

}  // namespace veil::dp
