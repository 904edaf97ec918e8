// Utility of a released table against the original, as ARX's utility analysis shows it: a summary
// per attribute before and after, the contingency tables of two attributes before and after with
// the distance between them, and how well a classifier trained on the release still predicts a
// target for the original records. Derivations and sources: docs/algorithms/utility_metrics.md.
// - Rows are aligned: row r of the release is row r of the original, generalized (suppressed records
//   kept, their values written as a token such as "*").
// - Suppressed cells: with a declared token (UtilityOptions::suppressedToken), a released cell equal
//   to it, or missing, is suppressed: it is counted as such and is not a value (not a distinct value,
//   not in the entropy, the mode or the numbers). A record whose every feature is suppressed is a
//   suppressed record and takes no part in training (as ARX leaves out suppressed records).
// - Contingency distance: the released joint counts are spread uniformly over the original value
//   pairs each released cell contains (the product of the original values each of its two released
//   values contains, read off the aligned rows; a suppressed value contains every original value),
//   and compared with the original joint by total-variation distance (0 = same, 1 = disjoint).
// - Classification accuracy: k-fold cross-validation by record (record r in fold r mod k); per fold,
//   a classifier trained on the original rows of the training records and tested on the original
//   rows of the held-out records (the reference), one trained on the released rows of the training
//   records (suppressed records left out) and tested on the original rows of the held-out records,
//   each original value read in the released domain as the released values the release gives it
//   (weighted by how often), and ZeroR (the training records' most frequent target value).
#pragma once

#include "veil/anonymity/risk.h"
#include "veil/common/run_context.h"
#include "veil/common/status.h"
#include "veil/table/table.h"

#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace veil::anonymity {

struct UtilityOptions {
    // The released table's token for a suppressed cell; none: only missing cells are suppressed.
    std::optional<std::string> suppressedToken;
};

// Minimum, maximum, mean and standard deviation (n - 1 in the denominator, as ARX's summary) of the
// numeric values of a column.
struct NumericSummary {
    std::size_t count = 0;
    double min = 0, max = 0, mean = 0, stdDev = 0;
};

struct AttributeUtility {
    std::string name;
    std::size_t distinctBefore = 0, distinctAfter = 0;  // after: suppressed cells are not a value
    std::size_t suppressedAfter = 0;                    // released cells suppressed (the token) or missing
    double entropyBefore = 0, entropyAfter = 0;         // bits, over the values as text (after: not suppressed)
    std::string modeBefore, modeAfter;                  // the most frequent value (first in natural order on ties)
    // When the original column is numeric (integer or real): its numbers; after, when in addition
    // every released value that is not suppressed is a number (e.g. microaggregated, or not generalized).
    std::optional<NumericSummary> numericBefore, numericAfter;
};

// Joint counts of two attributes: one row per value of the first, one column per value of the second,
// labels in natural order ("9" before "10"). When capped, the most frequent values are kept and the
// others pooled into one last label, kOtherLabel.
struct ContingencyTable {
    static constexpr const char* kOtherLabel = "(others)";  // parenthesized: not a value such as adult's race "Other"
    std::vector<std::string> rows, columns;
    std::vector<std::size_t> counts;  // rows x columns, row-major
    std::size_t total = 0;
    std::size_t rowValues = 0, columnValues = 0;  // distinct values before pooling
    bool rowsPooled = false, columnsPooled = false;

    std::size_t count(std::size_t row, std::size_t column) const { return counts[row * columns.size() + column]; }
};

struct ContingencyComparison {
    std::string a, b;
    ContingencyTable before, after;
    double distance = 0;  // total-variation distance, over the original domain (see the file comment)
};

// Shown labels per attribute: 0 = all of them.
struct ContingencyCaps {
    std::size_t rows = 0, columns = 0;
};

// The classifier of the accuracy figures.
enum class Classifier { NaiveBayes, LogisticRegression };
// "naive-bayes" / "logistic" (CLI and JSON), a title, and one line on what it does.
const char* classifierName(Classifier model);
const char* classifierTitle(Classifier model);
const char* classifierDescription(Classifier model);
std::optional<Classifier> classifierFromName(std::string_view name);

struct ClassificationRequest {
    std::vector<std::string> features;
    std::string target;  // its values are the original table's, for training and testing
    Classifier model = Classifier::NaiveBayes;
    std::size_t folds = 10;
    UtilityOptions options;
};

struct ClassificationAccuracy {
    std::string target;
    Classifier model = Classifier::NaiveBayes;
    std::size_t folds = 10;
    double original = 0;                // trained on the original training records, tested on the original records
    double released = 0;                // trained on the released training records, tested on the original records
    double zeroR = 0;                   // always the training records' most frequent target value
    std::size_t records = 0;            // records tested (all of them, once each)
    std::size_t suppressedRecords = 0;  // left out of the released training sets
};

// Both tables have the named columns; the released one as many rows as the original, in order.
Result<std::vector<AttributeUtility>> attributeUtility(const Table& original, const Table& released,
                                                       const std::vector<std::string>& columns,
                                                       const UtilityOptions& options = {});

// The joint counts of `a` and `b` in both tables (capped as asked) and their distance (computed on
// the full tables). Errors: a column missing, misaligned tables, more than 4,000,000 cells shown.
// O(rows x released values containing an original value, squared).
Result<ContingencyComparison> compareContingency(const Table& original, const Table& released, const std::string& a,
                                                 const std::string& b, const ContingencyCaps& caps = {},
                                                 const UtilityOptions& options = {});
// Only the distance of compareContingency.
Result<double> contingencyDistance(const Table& original, const Table& released, const std::string& a,
                                   const std::string& b, const UtilityOptions& options = {});

// The protocol of the file comment, with `request.model`; progress and cancellation through `ctx`.
// Errors: no features, the target among them, a column missing, fewer records than folds (or folds
// below 2), misaligned tables, cancellation. Naive Bayes O(folds x records x features x classes);
// logistic regression two fits per fold (logistic_regression.h), each warm-started.
Result<ClassificationAccuracy> classificationAccuracy(const Table& original, const Table& released,
                                                      const ClassificationRequest& request, const RunContext& ctx = {});
// The same with 10 folds and no suppressed token.
Result<ClassificationAccuracy> classificationAccuracy(const Table& original, const Table& released,
                                                      const std::vector<std::string>& features,
                                                      const std::string& target,
                                                      Classifier model = Classifier::NaiveBayes,
                                                      const RunContext& ctx = {});

// Everything `veil-cli utility` shows, in one request.
struct UtilityRequest {
    std::vector<std::string> columns;                        // summarized
    std::vector<std::pair<std::string, std::string>> pairs;  // contingency tables
    ContingencyCaps caps;                                    // of the tables (not of the distance)
    std::optional<std::string> target;                       // predicted from `columns` minus itself
    Classifier model = Classifier::NaiveBayes;
    std::size_t folds = 10;
    UtilityOptions options;
};

struct UtilityReport {
    std::vector<AttributeUtility> attributes;
    std::vector<ContingencyComparison> contingency;
    std::optional<ClassificationAccuracy> classification;
};

Result<UtilityReport> analyzeUtility(const Table& original, const Table& released, const UtilityRequest& request,
                                     const RunContext& ctx = {});

}  // namespace veil::anonymity
