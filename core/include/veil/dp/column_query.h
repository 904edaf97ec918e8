// Differentially private queries on one table column: count, sum and mean with clamping bounds,
// median and quantiles, histograms over declared categories or declared numeric bins (with any
// strategy of the histogram catalogue), range counts. releaseColumnQuery() makes `trials`
// independent releases (each costs the stated epsilon/delta) through the ReleaseGate and returns,
// per release, the noisy answers with confidence intervals, the noise distribution and the
// neighbouring notion; in teaching mode also the true answers. Output domains are public: a
// histogram's labels are the declared bins or categories, never values read off the data. This
// is what `veil-cli dp`, release plans and the Mechanisms view use.
#pragma once

#include "veil/common/limits.h"
#include "veil/common/run_context.h"
#include "veil/dp/privacy.h"
#include "veil/dp/range_workload.h"
#include "veil/dp/release_gate.h"
#include "veil/table/table.h"

#include <nlohmann/json.hpp>

#include <optional>
#include <string>
#include <vector>

namespace veil::dp {

enum class QueryKind { Count, Sum, Mean, Median, Quantile, Histogram, RangeCount };
// Histogram: median/quantile read off a Laplace histogram over numeric bins (post-processing).
enum class MechanismKind { Laplace, Geometric, Gaussian, Exponential, SmoothSensitivity, Histogram };

const char* queryKindName(QueryKind kind);  // "count", "sum", ...
const char* mechanismKindName(
    MechanismKind kind);  // "laplace", "geometric", "gaussian", "exponential", "smooth", "histogram"
Result<MechanismKind> parseMechanismKind(const std::string& name);
const char* mechanismCitation(MechanismKind kind);  // one line: the paper

inline constexpr int kMaxTrials = limits::kMaxTrials;  // independent releases in one request (common/limits.h)

struct ColumnQuerySpec {
    QueryKind query = QueryKind::Count;
    double quantile = 0.5;                      // for Quantile (Median sets 0.5)
    double rangeLower = 0.0, rangeUpper = 0.0;  // for RangeCount: lower <= value <= upper
    std::optional<MechanismKind> mechanism;     // default: the natural one for the query
    double epsilon = 1.0;
    double delta = 0.0;
    std::optional<double> lower, upper;     // clamping bounds (sum, mean, quantiles, numeric bins)
    int binCount = 0;                       // numeric histogram: equal-width bins in [lower, upper]
    std::vector<double> binEdges;           // or explicit edges (ascending, >= 2)
    std::vector<std::string> categories;    // histogram over these declared categories
    std::optional<std::string> otherLabel;  // values outside the categories go to this extra bin (none: dropped)
    std::string strategy = "identity";      // numeric histogram: a strategy of histogramCatalogue()
    nlohmann::json strategyOptions = nlohmann::json::object();
    // Histogram only: public ranges over the declared bins (0-based, inclusive). Workload-aware
    // strategies (MWEM, Greedy-H, DAWA) take them instead of their default, and every release
    // answers them by prefix sums (ColumnQueryResult::workloadAnswers).
    std::vector<RangeQuery> workload;
    int trials = 1;
    double confidence = 0.95;
};

// Reads declared categories, one per line (blank lines and a trailing \r are ignored; a line is
// taken verbatim otherwise). Errors name the file and line: unreadable, a directory, no
// categories, a duplicate, more than kMaxTrials categories.
Result<std::vector<std::string>> readCategoriesFile(const std::string& path);

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
    double noiseScale = 0.0;                    // b, sigma, or for smooth: the data-dependent scale
    NoiseDistribution noise;                    // kind None for exponential mechanism
    std::vector<std::string> labels;            // one per output (bins for histograms)
    std::vector<double> trueValues;             // one per output: TEACHING MODE ONLY (empty in release mode)
    std::vector<std::vector<double>> releases;  // [trial][output]
    std::vector<std::vector<ConfidenceInterval>> intervals;  // [trial][output]
    // With spec.workload: every release's answer to each range (post-processing, prefix sums),
    // [trial][query], and the true answers (TEACHING MODE ONLY: empty in release mode).
    std::vector<std::vector<double>> workloadAnswers;
    std::vector<double> workloadTruth;
    std::size_t rowsUsed = 0;        // non-missing values: teaching mode, or a mean's public n
    bool seeded = false;             // true when the random source is not secure
    std::vector<std::string> notes;  // e.g. "values clamped to [0, 100]"
    ReleaseReceipt receipt;          // what was spent, private or not
};

// The cost of one request (all trials), known before any data is read: epsilon * trials, delta *
// trials and, for the Gaussian mechanism, rho * trials. Errors: the request's own (ranges,
// mechanism unsuitable for the query, undeclared domain).
Result<PrivacySpend> columnQueryCost(const ColumnQuerySpec& spec);

// Validates the request against the column's public schema (type, declared bounds, bins or
// categories), charges it through the gate, then computes and noises the answers with the gate's
// random source. Errors: unknown column, wrong column type for the query, bad epsilon/delta/
// bounds/quantile/bins/categories, a histogram without a declared domain, mechanism unsuitable for
// the query, the gate's (budget exceeded: nothing is computed), cancellation.
Result<ColumnQueryResult> releaseColumnQuery(ReleaseGate& gate, const Table& table, const std::string& column,
                                             const ColumnQuerySpec& spec, const RunContext& ctx);
Result<ColumnQueryResult> releaseColumnQuery(ReleaseGate& gate, const Column& column, const ColumnQuerySpec& spec,
                                             const RunContext& ctx);

}  // namespace veil::dp
