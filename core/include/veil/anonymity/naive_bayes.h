// Naive Bayes over categorical codes with Laplace smoothing (add-one on every count), the
// classifier of ARX's utility analysis and of Veil's synthetic-table evaluation. Rows are given as
// codes: features[f][r] in [0, featureSizes[f]), target[r] in [0, classes). Scores are
// log(prior + 1) + sum_f log((count(x_f, c) + 1) / (prior(c) + |X_f|)); ties go to the lower class.
// Reference: Mitchell, Machine Learning, McGraw-Hill 1997, Section 6.9 (m-estimate with uniform p).
#pragma once

#include "veil/anonymity/weighted_codes.h"

#include <cstddef>
#include <cstdint>
#include <vector>

namespace veil::anonymity {

using CodeColumns = std::vector<std::vector<std::uint32_t>>;  // [feature][row]

class NaiveBayesClassifier {
public:
    // Counts the rows `rows` (all rows when null) of `features`/`target`. Precondition: every code
    // below its size, every feature column as long as `target`. O(|rows| x features).
    static NaiveBayesClassifier train(const CodeColumns& features, const std::vector<std::uint32_t>& target,
                                      std::size_t classes, const std::vector<std::size_t>& featureSizes,
                                      const std::vector<std::size_t>* rows = nullptr);
    // The most likely class of row `row` of `features` (the same columns, codes and sizes as in
    // training). O(classes x features).
    std::uint32_t predict(const CodeColumns& features, std::size_t row) const;
    // The most likely class of a record given as weights over each attribute's codes: each code's
    // log-likelihood term times its weight (an empty list leaves the attribute out).
    std::uint32_t predict(const WeightedRow& row) const;

private:
    std::size_t m_classes = 0;
    std::vector<std::size_t> m_sizes;
    std::vector<double> m_prior;               // [class]
    std::vector<std::vector<double>> m_joint;  // [feature][value * classes + class]
};

// Accuracy of naive Bayes by interleaved k-fold cross-validation (row r in fold r mod folds; each
// fold predicted by a model trained on the others), each feature's size `featureSizes[f]` or, when
// null, its largest code + 1. Precondition: folds >= 1. Returns 0 with no rows.
// O(folds x rows x features x classes).
double naiveBayesCrossValidated(const CodeColumns& features, const std::vector<std::uint32_t>& target,
                                std::size_t classes, std::size_t folds,
                                const std::vector<std::size_t>* featureSizes = nullptr);

}  // namespace veil::anonymity
