// The slide negative binomial (SNB) model of population uniqueness: every population class has one
// record plus a negative binomial NB(alpha, beta) number more, so a class is unique with probability
// beta^alpha. Under Bernoulli sampling with fraction f a class leaves Bern(f) + NB(alpha, p) records
// in the sample, p = beta / (beta + f (1 - beta)); alpha and beta are found by matching the expected
// numbers of sample classes of sizes 1 and 2 to the observed ones, with the number of population
// classes K estimated from the sample (Haas & Stokes' modification of Shlosser's estimator).
// Derivation and the difference from ARX's ModelSNB: docs/algorithms/reidentification_risk.md.
#pragma once

#include <cstddef>
#include <map>
#include <optional>

namespace veil::anonymity::detail {

struct SnbFit {
    double uniques = 0;  // K beta^alpha
    double alpha = 0, beta = 0;
    double classes = 0;  // K, the estimated number of non-empty population classes
};

// Haas & Stokes (1998, JASA 93:1475), modified Shlosser estimator of the number of population
// classes from the sample's frequency of frequencies and the sampling fraction f in (0, 1].
double estimatePopulationClasses(const std::map<std::size_t, double>& counts, double f);

// The SNB fit (Chen & Keller-McNulty 1998, J. Official Statistics 14:79) of a sample whose
// `counts` map class size -> number of classes, with sampling fraction f = n / N in (0, 1].
// nullopt when the moment equations have no solution with alpha > 0 and 0 < beta < 1: no sample
// uniques, no sample class of size 2, or sizes 1 and 2 in proportions no SNB population leaves
// (e.g. as many pairs as uniques).
// O(#class sizes + 300) evaluations of closed forms.
std::optional<SnbFit> fitSlideNegativeBinomial(const std::map<std::size_t, double>& counts, double f);

}  // namespace veil::anonymity::detail
