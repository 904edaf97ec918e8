// Which histogram or spatial algorithm to use: a recommender read off a table of Veil's own
// measured errors (core/data/histogram_recommender_errors.csv, written by
// bench/recommender/measure.sh) on DPBench's shapes, interpolated log-log in the scale N * epsilon
// and the domain size. DPBench's findings (data-dependent methods win at small N * epsilon,
// data-independent ones at large) come out of the table, not out of rules.
// Method: Hay, Machanavajjhala, Miklau, Chen, Zhang, "Principled Evaluation of Differentially
// Private Algorithms using DPBench", SIGMOD 2016 (scale-epsilon exchangeability, Sec. 5).
//
// The scale N must be public: declared by the steward, or a noisy count released through the gate
// (noisyScale); the recommendation is then post-processing of public values.
#pragma once

#include "veil/common/run_context.h"
#include "veil/common/status.h"
#include "veil/dp/release_gate.h"

#include <cstddef>
#include <string>
#include <vector>

namespace veil {
class Table;
}

namespace veil::dp {

// The shape of the workload the release will answer.
enum class RecommenderWorkload { RandomRanges, Prefix, Point };
const char* recommenderWorkloadName(RecommenderWorkload w);  // "random-ranges", "prefix", "point"
// Parses those names ("identity" is accepted for "point"). Errors list the known names.
Result<RecommenderWorkload> parseRecommenderWorkload(const std::string& name);

// Where the scale came from: declared by the steward (public), or a noisy count (spent budget).
enum class ScaleSource { Declared, Noisy };
const char* scaleSourceName(ScaleSource s);  // "declared", "noisy"

struct ScaleEstimate {
    double records = 0.0;  // N: the declared value, or the noisy count clamped at >= 1
    ScaleSource source = ScaleSource::Declared;
    ReleaseReceipt receipt;   // noisy: what was spent and whether it is private
    double noiseScale = 0.0;  // noisy: the Laplace scale b of the count
    std::string column;       // noisy: the counted column
};

// A declared (public) scale. Errors: n not finite or < 1.
Result<ScaleEstimate> declaredScale(double n);
// The number of non-missing values of `column`, released with the Laplace mechanism at `epsilon`
// through the gate (charged to its ledger in release mode), clamped at 1 (post-processing).
// Errors: those of releaseColumnQuery (unknown column, epsilon range, budget exceeded).
Result<ScaleEstimate> noisyScale(ReleaseGate& gate, const Table& table, const std::string& column, double epsilon,
                                 const RunContext& ctx);

struct RecommendRequest {
    int dims = 1;             // 1: a histogram over bins; 2: a grid of rows x columns cells
    std::size_t rows = 1;     // 2-D only
    std::size_t columns = 0;  // 1-D: bins; 2-D: columns
    double scale = 0.0;       // N, public (ScaleEstimate::records)
    double epsilon = 1.0;     // of the release the recommendation is for
    RecommenderWorkload workload = RecommenderWorkload::RandomRanges;
    // Only these algorithms (eval method ids, "histogram:dawa", "psd:agrid"); empty: all measured.
    std::vector<std::string> candidates;
};

struct Recommendation {
    std::string algorithm;  // eval method id: "histogram:dawa", "psd:agrid"
    std::string family;     // "histogram" or "psd"
    std::string id;         // the family catalogue's id: "dawa", "agrid"
    std::string name;       // human name: "DAWA", "Adaptive grid (AGrid)"
    bool dataDependent = false;
    double expectedScaledL1 = 0.0;  // interpolated mean scaled L1 error (DPBench's metric)
    std::string why;                // one or two sentences
};

struct RecommendResult {
    std::vector<Recommendation> ranking;  // best (lowest expected error) first
    double scaleEpsilon = 0.0;            // N * epsilon
    double domain = 0.0;                  // bins, or cells per axis (sqrt(rows * columns))
    bool extrapolated = false;            // N * epsilon or the domain outside the measured range (clamped to it)
    std::vector<std::string> notes;       // e.g. algorithms not measured at this domain size
    const Recommendation& best() const { return ranking.front(); }
};

// The request's dimensions, domain and epsilon (not its scale): a caller that spends budget on a
// noisy scale checks these first, so that a request refused afterwards has spent nothing.
Status validateRecommendSetting(const RecommendRequest& request);

// Ranks the measured algorithms for the request by their error interpolated (bilinearly in
// log error over log N * epsilon and log domain, averaged over the DPBench shapes) from the table;
// outside the measured range the nearest measured values are used and `extrapolated` is set.
// Errors: dims not 1 or 2, an empty domain, scale < 1 or not finite, epsilon outside the valid
// range, no measured candidate. O(table rows).
Result<RecommendResult> recommendHistogramAlgorithm(const RecommendRequest& request);

// The measured grid (for docs and views): scales and domain sizes of the table, per dimension.
std::vector<double> measuredScales(int dims);
std::vector<double> measuredDomains(int dims);

}  // namespace veil::dp
