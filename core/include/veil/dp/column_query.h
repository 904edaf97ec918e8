// Differentially private queries on one table column: count, sum and mean with clamping bounds,
// median and quantiles, histograms over categories or numeric bins, range counts. Each call makes
// `trials` independent releases (each costs the stated epsilon/delta) and returns, per release,
// the noisy answers with confidence intervals, plus the true answers (for teaching), the noise
// distribution and the neighbouring notion. This is what `veil-cli dp` and the Mechanisms panel use.
#pragma once

#include "veil/common/run_context.h"
#include "veil/dp/privacy.h"
#include "veil/table/table.h"

#include <optional>
#include <string>
#include <vector>

namespace veil::dp {

enum class QueryKind { Count, Sum, Mean, Median, Quantile, Histogram, RangeCount };
// Histogram: median/quantile read off a Laplace histogram over numeric bins (post-processing).
enum class MechanismKind { Laplace, Geometric, Gaussian, Exponential, SmoothSensitivity, Histogram };

const char* queryKindName(QueryKind kind);          // "count", "sum", ...
const char* mechanismKindName(MechanismKind kind);  // "laplace", "geometric", "gaussian", "exponential", "smooth", "histogram"
Result<MechanismKind> parseMechanismKind(const std::string& name);

struct ColumnQuerySpec {
    QueryKind query = QueryKind::Count;
    double quantile = 0.5;                  // for Quantile (Median sets 0.5)
    double rangeLower = 0.0, rangeUpper = 0.0;  // for RangeCount: lower <= value <= upper
    std::optional<MechanismKind> mechanism;     // default: the natural one for the query
    double epsilon = 1.0;
    double delta = 0.0;
    std::optional<double> lower, upper;     // clamping bounds (sum, mean, quantiles, numeric bins)
    int binCount = 0;                       // numeric histogram: equal-width bins in [lower, upper]
    std::vector<double> binEdges;           // or explicit edges (ascending, >= 2)
    std::vector<std::string> categories;    // histogram over these categories (others are not counted)
    int trials = 1;
    double confidence = 0.95;
};

// Parses "count", "sum", "mean", "median", "quantile:Q", "histogram", "range:A:B" into spec.
Status parseQueryInto(const std::string& text, ColumnQuerySpec& spec);

struct ColumnQueryResult {
    QueryKind query = QueryKind::Count;
    MechanismKind mechanism = MechanismKind::Laplace;
    std::string column;
    Neighbouring neighbouring = Neighbouring::AddRemove;
    double epsilon = 0.0, delta = 0.0;            // per release
    double totalEpsilon = 0.0, totalDelta = 0.0;  // over all trials (sequential composition)
    double sensitivity = 0.0;
    double noiseScale = 0.0;                      // b, sigma, or for smooth: the data-dependent scale
    NoiseDistribution noise;                      // kind None for exponential mechanism
    std::vector<std::string> labels;              // one per output (bins for histograms)
    std::vector<double> trueValues;               // one per output
    std::vector<std::vector<double>> releases;    // [trial][output]
    std::vector<std::vector<ConfidenceInterval>> intervals;  // [trial][output]
    std::size_t rowsUsed = 0;                     // non-missing values
    bool seeded = false;                          // true when the random source is not secure
    std::vector<std::string> notes;               // e.g. "values clamped to [0, 100]"
};

// Errors: unknown column, wrong column type for the query, empty column (no non-missing
// values), bad epsilon/delta/bounds/quantile/bins, mechanism unsuitable for the query,
// ctx.random missing, cancellation.
Result<ColumnQueryResult> runColumnQuery(const Table& table, const std::string& column, const ColumnQuerySpec& spec,
                                         const RunContext& ctx);

}  // namespace veil::dp
