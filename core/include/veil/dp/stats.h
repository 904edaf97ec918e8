// Small numerical helpers for the DP engine: distribution functions used for confidence intervals
// of noisy answers and for statistical tests (chi-square, Clopper-Pearson). Plain double maths,
// never used to draw noise.
#pragma once

#include <cstdint>
#include <utility>

namespace veil::dp::stats {

// Standard normal CDF and quantile (quantile by bisection on erfc to ~1e-15; p in (0,1)).
double normalCdf(double x);
double normalQuantile(double p);

// Regularized lower incomplete gamma P(a, x) and upper Q(a, x) = 1 - P(a, x) (Numerical Recipes
// 6.2: series for x < a + 1, continued fraction otherwise).
double regularizedGammaP(double a, double x);
double regularizedGammaQ(double a, double x);

// P(X >= x) for X ~ chi-square with k degrees of freedom.
double chiSquareSurvival(double x, double k);

// Regularized incomplete beta I_x(a, b) (continued fraction, Lentz) and its inverse in x.
double regularizedBeta(double x, double a, double b);
double inverseRegularizedBeta(double p, double a, double b);

// Two-sided Clopper-Pearson interval for `successes` out of `trials` at confidence 1 - alpha.
std::pair<double, double> clopperPearson(std::uint64_t successes, std::uint64_t trials, double alpha);

// Half-width w with P(|N| <= w) = confidence for N ~ Laplace(scale b): w = b * ln(1/(1-confidence)).
double laplaceHalfWidth(double scale, double confidence);
// Same for N ~ Normal(0, sigma^2).
double gaussianHalfWidth(double sigma, double confidence);
// Same for the discrete Laplace (two-sided geometric, alpha = exp(-1/scale)): the smallest
// integer w with P(|N| <= w) >= confidence.
long long discreteLaplaceHalfWidth(double scale, double confidence);

}  // namespace veil::dp::stats
