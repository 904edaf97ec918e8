// Shared vocabulary of the DP engine: the neighbouring notion a release is private under, the
// (epsilon, delta) it costs, validation of those parameters, and a description of the noise a
// mechanism adds (scale, PDF/PMF for drawing, confidence half-width) so a UI can show it.
#pragma once

#include "veil/common/status.h"

#include <string>
#include <utility>
#include <vector>

namespace veil::dp {

// Add/remove one record (unbounded DP) or replace one record (bounded DP, n public).
enum class Neighbouring { AddRemove, Replace };
const char* neighbouringName(Neighbouring n);  // "add-remove" or "replace"

struct PrivacyCost {
    double epsilon = 0.0;
    double delta = 0.0;
};

// epsilon must be positive and finite; delta in [0, 1). Messages name the value given.
Status validateEpsilon(double epsilon);
Status validateDelta(double delta);
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
