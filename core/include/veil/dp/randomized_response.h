// Randomized response (Warner 1965), local DP. Binary form of seed 002 ("Randomized response for
// general epsilon": report the truth with probability e^eps / (e^eps + 1)) and k-ary form (truth
// with probability e^eps / (e^eps + k - 1), otherwise one of the other k - 1 values uniformly),
// each with the unbiased frequency estimator and its standard error.
#pragma once

#include "veil/common/random.h"
#include "veil/dp/privacy.h"

#include <cstddef>
#include <cstdint>
#include <vector>

namespace veil::dp {

struct FrequencyEstimate {
    std::vector<double> observedCounts;   // randomized reports per category
    std::vector<double> estimatedCounts;  // unbiased estimate of the true counts
    std::vector<double> estimatedFractions;
    std::vector<double> standardErrors;   // of the estimated fractions
};

class RandomizedResponse {
public:
    // k >= 2 categories. Errors: epsilon invalid; k < 2.
    static Result<RandomizedResponse> create(double epsilon, std::size_t categories = 2);

    // One respondent's report given the true category in [0, k).
    std::size_t respond(RandomSource& rng, std::size_t truth) const;
    std::vector<std::size_t> respondAll(RandomSource& rng, const std::vector<std::size_t>& truths) const;

    // Unbiased estimate from the reports: (observed/n - q) / (p - q) per category.
    FrequencyEstimate estimate(const std::vector<std::size_t>& reports) const;

    double epsilon() const { return m_epsilon; }
    std::size_t categories() const { return m_k; }
    double truthProbability() const { return m_p; }  // p
    double otherProbability() const { return m_q; }  // q: probability of reporting one given other value
    // Replace one person's value (local DP).
    Neighbouring neighbouring() const { return Neighbouring::Replace; }
    PrivacyCost cost() const { return {m_epsilon, 0.0}; }

private:
    RandomizedResponse(double e, std::size_t k);
    double m_epsilon;
    std::size_t m_k;
    double m_p, m_q;
};

}  // namespace veil::dp
