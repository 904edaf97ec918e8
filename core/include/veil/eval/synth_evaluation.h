// Utility of a synthetic table against the real one it was made from (issue 17), as `veil-cli synth
// --evaluate` prints it and the Synthesize view draws it: average total-variation distance of all
// 1-, 2- and 3-way marginals, random range counting queries (range_query_error.h), and classification accuracy "train
// on synthetic, test on real" (naive Bayes or logistic regression on a chosen target) against training on real (k-fold)
// and ZeroR, as in
// McKenna et al., VLDB 2022 Section 6 and Zhang et al., SIGMOD 2014 Section 6.3. TEACHING MODE ONLY: this reads the
// true data; its figures are not private and never reach a bundle or the ledger ("private": false).
#pragma once

#include "veil/anonymity/utility_analysis.h"
#include "veil/common/status.h"
#include "veil/synth/discretization.h"
#include "veil/synth/marginal_distance.h"
#include "veil/synth/range_query_error.h"
#include "veil/table/table.h"

#include <nlohmann/json.hpp>

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace veil::eval {

struct SynthAccuracy {
    std::string target;
    std::string model = "naive-bayes";  // anonymity::classifierName
    std::size_t folds = 10;             // of the real-data baseline
    double synthetic = 0.0;             // trained on every synthetic row, tested on every real row
    double real = 0.0;                  // trained and tested on the real rows, interleaved k-fold
    double zeroR = 0.0;                 // always the real table's most frequent target value
};

// Accuracy of predicting `target` from `features` (empty: every other column). `real` and
// `synthetic` share names and sizes (the same declared domains: codes, not raw values, so that a
// bin is one value in both). Errors: tables of different schema, an unknown or duplicated column,
// the target among the features, no feature, fewer real rows than folds, no synthetic row.
// `model`: naive Bayes (Laplace smoothing) or multinomial logistic regression (logistic_regression.h,
// as `veil-cli utility` trains it). Complexity: naive Bayes O((folds + 1) x rows x features x
// classes); logistic regression (folds + 1) fits.
Result<SynthAccuracy> teachingSynthAccuracy(const synth::DiscreteTable& real, const synth::DiscreteTable& synthetic,
                                            const std::vector<std::string>& features, const std::string& target,
                                            std::size_t folds = 10,
                                            anonymity::Classifier model = anonymity::Classifier::NaiveBayes);

struct SynthEvaluation {
    std::size_t otherRows = 0;                 // real rows with a missing or undeclared value
    std::vector<synth::MarginalDistance> tvd;  // way 1, 2, 3 (as many as the columns allow)
    std::optional<SynthAccuracy> accuracy;     // when a target was given
    synth::RangeQueryError ranges;             // kRangeQueries random conjunctions of 1..3 attribute ranges
    // {"private": false, "tvd_1way": {...}, "range_queries": {...}, "accuracy": {...}}
    nlohmann::json toJson() const;
};

// The range-query workload: public (drawn over the declared domains, never the data) and fixed, so
// that evaluations of different runs and methods answer the same queries.
inline constexpr std::size_t kRangeQueries = 1000;
inline constexpr std::size_t kRangeQueryAttributes = 3;
inline constexpr std::uint64_t kRangeQuerySeed = 20221;

// Discretizes `real` with `domains` (as the synthesizer did) and compares it with `synthetic` (the
// release's codes). `target` empty: no accuracy. Errors: discretize's, teachingMarginalTvd's,
// teachingSynthAccuracy's.
Result<SynthEvaluation> teachingSynthEvaluation(const Table& real, const std::vector<synth::AttributeDomain>& domains,
                                                const synth::DiscreteTable& synthetic, const std::string& target = {},
                                                anonymity::Classifier model = anonymity::Classifier::NaiveBayes);
// The same on a real table already discretized with the release's domains.
Result<SynthEvaluation> teachingSynthEvaluation(const synth::Discretized& real, const synth::DiscreteTable& synthetic,
                                                const std::string& target = {},
                                                anonymity::Classifier model = anonymity::Classifier::NaiveBayes);

}  // namespace veil::eval
