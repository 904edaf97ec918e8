// Utility of a released table against the original, as ARX's utility analysis shows it: a summary
// per attribute before and after, the distance between two attributes' contingency tables before and
// after, and how well a classifier still predicts a target from the released attributes.
// - Contingency distance: the released table's joint counts of two attributes are spread uniformly
//   over the original value pairs each generalized cell stands for (rows aligned by position), and
//   compared with the original joint by total-variation distance (0 = same, 1 = disjoint).
// - Classification accuracy: naive Bayes with Laplace smoothing or multinomial logistic regression
//   (each attribute value a category; see logistic_regression.h), 10-fold cross-validation with
//   interleaved folds (row r in fold r mod 10), against always predicting the most frequent target
//   value (ZeroR), as ARX reports accuracy relative to it.
#pragma once

#include "veil/anonymity/risk.h"
#include "veil/common/run_context.h"
#include "veil/common/status.h"
#include "veil/table/table.h"

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace veil::anonymity {

struct AttributeUtility {
    std::string name;
    std::size_t distinctBefore = 0, distinctAfter = 0;  // after: the suppressed token is not a value
    std::size_t suppressedAfter = 0;             // cells that are the suppressed token or missing in the released table
    double entropyBefore = 0, entropyAfter = 0;  // bits, over the values as text (after: token cells left out)
};

// The classifier of the accuracy figures.
enum class Classifier { NaiveBayes, LogisticRegression };
// "naive-bayes" / "logistic" (CLI and JSON), a title, and one line on what it does.
const char* classifierName(Classifier model);
const char* classifierTitle(Classifier model);
const char* classifierDescription(Classifier model);
std::optional<Classifier> classifierFromName(std::string_view name);

struct ClassificationAccuracy {
    std::string target;
    Classifier model = Classifier::NaiveBayes;
    std::size_t folds = 10;
    double original = 0;  // the classifier on the original attributes
    double released = 0;  // the classifier on the released attributes
    double zeroR = 0;     // always the most frequent target value
};

// Both tables have the named columns; the released one as many rows as the original, in order.
// `suppressedToken`: the text of a suppressed cell in the released table; the default is the token of
// Veil's own releases (risk.h), nullopt counts every text as a value (a table from elsewhere).
Result<std::vector<AttributeUtility>> attributeUtility(
    const Table& original, const Table& released, const std::vector<std::string>& columns,
    const std::optional<std::string>& suppressedToken = std::string(kSuppressedToken));
Result<double> contingencyDistance(const Table& original, const Table& released, const std::string& a,
                                   const std::string& b);
// `features` predict `target` (which is taken from the original table in both runs) with `model`;
// progress and cancellation through `ctx` (logistic regression reports per fold).
Result<ClassificationAccuracy> classificationAccuracy(const Table& original, const Table& released,
                                                      const std::vector<std::string>& features,
                                                      const std::string& target,
                                                      Classifier model = Classifier::NaiveBayes,
                                                      const RunContext& ctx = {});

}  // namespace veil::anonymity
