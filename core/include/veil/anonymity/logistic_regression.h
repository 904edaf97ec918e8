// Multinomial (softmax) logistic regression on categorical attributes, as utility analysis trains it
// on a released table: each attribute's values one-hot encoded (a value no training row shows ends
// at weight 0: only the penalty acts on it), one unpenalized intercept per class, an L2 penalty
// (l2 / 2) * the sum of the other weights squared, the log-loss summed over the rows. Fitted by
// Newton's method up to 1000 weights (classes x (1 + all attributes' values)), by L-BFGS beyond, each
// step with a backtracking (Armijo) line search from all-zero weights (or a given start), so the
// same rows always give the same model. Identical training rows are merged (class counts kept),
// which makes generalized tables cheap to fit.
#pragma once

#include "veil/anonymity/weighted_codes.h"
#include "veil/common/run_context.h"
#include "veil/common/status.h"

#include <cstddef>
#include <cstdint>
#include <vector>

namespace veil::anonymity {

// Categorical data: `features[f][r]` is row r's code for attribute f (codes below `cardinality[f]`),
// `target[r]` its class (below `classes`).
struct CategoricalData {
    std::vector<std::vector<std::uint32_t>> features;
    std::vector<std::size_t> cardinality;
    std::vector<std::uint32_t> target;
    std::size_t classes = 0;
};

struct LogisticRegressionOptions {
    double l2 = 1.0;  // lambda of the penalty; 0: none (then ties between equivalent optima are arbitrary)
    // Stop when the largest component of the mean loss's gradient is at most this.
    double gradientTolerance = 1e-7;
    // L-BFGS also stops when an iteration lowers the mean loss by at most this (relative to it, as
    // L-BFGS-B's factr): the one-hot blocks and the intercept are collinear, and the directions only
    // the penalty bends are too flat to converge in by the gradient. 0: the gradient alone.
    double objectiveTolerance = 1e-10;
    std::size_t maxIterations = 1000;
    std::size_t memory = 10;  // L-BFGS correction pairs kept
    // Weights to start from (as weights() returns them); empty or of another size: all zero.
    std::vector<double> start;
};

class LogisticRegression {
public:
    // Fits on `rows` of `data` (all rows when empty). Errors: inconsistent data, cancellation.
    static Result<LogisticRegression> fit(const CategoricalData& data, const std::vector<std::size_t>& rows,
                                          const LogisticRegressionOptions& options = {}, const RunContext& ctx = {});

    // Class probabilities of row r of `data` (same attributes and codes as the training data).
    std::vector<double> probabilities(const CategoricalData& data, std::size_t r) const;
    // The most probable class (the lowest code on ties).
    std::uint32_t predict(const CategoricalData& data, std::size_t r) const;
    // The most probable class of a record given as weights over each attribute's codes: the logits
    // of the expected one-hot vector (each code's weight times the code's model weight).
    std::uint32_t predict(const WeightedRow& row) const;

    std::size_t iterations() const { return m_iterations; }
    bool converged() const { return m_converged; }
    // Weights of class k: [intercept, then each attribute's one-hot block in order].
    double weight(std::size_t k, std::size_t j) const { return m_weights[k * m_dims + j]; }
    std::size_t dimensions() const { return m_dims; }
    // All weights, class by class.
    const std::vector<double>& weights() const { return m_weights; }

private:
    std::vector<double> logits(const CategoricalData& data, std::size_t r) const;

    std::size_t m_classes = 0, m_dims = 0;
    std::vector<std::size_t> m_offsets;  // first column of each attribute's block
    std::vector<double> m_weights;       // classes x dims, row-major
    std::size_t m_iterations = 0;
    bool m_converged = false;
};

// Accuracy of logistic regression by interleaved k-fold cross-validation (row r in fold r mod folds):
// trained on the rows outside each fold (starting from the weights fitted on all rows), tested on
// the fold's rows. Progress is reported per fold.
Result<double> logisticRegressionAccuracy(const CategoricalData& data, std::size_t folds,
                                          const LogisticRegressionOptions& options = {}, const RunContext& ctx = {});

}  // namespace veil::anonymity
