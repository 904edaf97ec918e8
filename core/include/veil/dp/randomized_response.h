// Randomized response (Warner 1965), local DP. Binary form of seed 002 ("Randomized response for
// general epsilon": report the truth with probability e^eps / (e^eps + 1)) and k-ary form (truth
// with probability e^eps / (e^eps + k - 1), otherwise one of the other k - 1 values uniformly),
// each with the unbiased frequency estimator and its standard error.
#pragma once

#include "veil/common/random.h"
#include "veil/common/run_context.h"
#include "veil/dp/privacy.h"
#include "veil/dp/release_gate.h"
#include "veil/table/column.h"

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace veil::dp {

struct FrequencyEstimate {
    std::vector<double> observedCounts;   // randomized reports per category
    std::vector<double> estimatedCounts;  // unbiased estimate of the true counts
    std::vector<double> estimatedFractions;
    std::vector<double> standardErrors;  // of the estimated fractions
};

class RandomizedResponse {
public:
    // k >= 2 categories. Errors: epsilon invalid; k < 2.
    static Result<RandomizedResponse> create(double epsilon, std::size_t categories = 2);

    // One respondent's report given the true category in [0, k); a truth outside [0, k) (a missing
    // value, or one outside the declared domain) reports a category uniformly at random, which is
    // within e^eps of every in-domain report (OpenDP's convention).
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
    PrivacySpend cost() const { return {m_epsilon, 0.0}; }

private:
    RandomizedResponse(double e, std::size_t k);
    double m_epsilon;
    std::size_t m_k;
    double m_p, m_q;
};

// Randomized response on a column, each row one respondent, over a DECLARED domain: the binary
// attribute "column = value" (--value), or k declared categories. Values outside the categories
// are reported as the other category when one is declared, and dropped otherwise; never is a new
// category read off the data.
struct RrRequest {
    double epsilon = 1.0;
    std::optional<std::string> value;       // binary: the attribute "column = value"
    std::vector<std::string> categories;    // k-ary: the declared categories (k >= 2 with the other bin)
    std::optional<std::string> otherLabel;  // k-ary: the extra category for values outside the list
};

struct RrRelease {
    std::vector<std::string> categories;  // the reported domain ("not V", "V" for binary)
    std::string attribute;                // binary: "column = V"
    bool binary = false;
    double truthProbability = 0.0;
    std::size_t respondents = 0;  // reports made: one per row (missing or undeclared values answer at random)
    FrequencyEstimate estimate;
    std::vector<double> trueFractions;  // teaching mode only: what the estimate targets (a row outside
                                        // the domain counts 1/k in every category)
    ReleaseReceipt receipt;
};

// Charges epsilon through the gate (each report is epsilon-LDP under replace-one; the estimate is
// post-processing), then simulates every respondent's report with the gate's random source.
// Errors: no declared domain, both a value and categories, duplicate categories, epsilon out of
// range, the gate's.
Result<RrRelease> releaseRandomizedResponse(ReleaseGate& gate, const Column& column, const RrRequest& request,
                                            const RunContext& ctx);

}  // namespace veil::dp
