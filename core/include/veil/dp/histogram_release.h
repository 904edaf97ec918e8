// Private histograms for range queries, one catalogue (histogramCatalogue()): Identity (Laplace
// per bin), Hierarchical (b-ary tree with the constrained inference of Hay, Rastogi, Miklau,
// Suciu, VLDB 2010), HB (the same tree with Qardaji, Yang, Li's branching, VLDB 2013), Privelet
// (Haar wavelet, Xiao, Wang, Gehrke, ICDE 2010), MWEM (Hardt, Ligett, McSherry, NIPS 2012), Greedy-H
// and DAWA (Li, Hay, Miklau, Wang, PVLDB 2014) over a range workload, AHP (Zhang et al., SDM 2014),
// EFPA and P-HPartition (Acs, Castelluccia, Chen, ICDM 2012); on a 2-D grid of declared shape, HB2D
// and Privelet2D (planarHistogramStrategies()) and DAWA (Hilbert ordering).
// All are epsilon-DP under add/remove-one-record (each record is one unit in
// one bin). Outputs are real-valued bin estimates; range answers are sums of them.
//
// releaseHistogram() is the only way to run one on data: it goes through the ReleaseGate.
#pragma once

#include "veil/common/catalogue.h"
#include "veil/common/run_context.h"
#include "veil/dp/privacy.h"
#include "veil/dp/range_workload.h"
#include "veil/dp/release_gate.h"

#include <functional>
#include <string>
#include <vector>

namespace veil::dp {

struct HistogramResult {
    std::string strategy;          // catalogue id
    std::vector<double> estimate;  // one value per bin
    double epsilon = 0.0;
    Neighbouring neighbouring = Neighbouring::AddRemove;
    double noiseScale = 0.0;  // per-bin (identity) / per-node (trees) / base (privelet) / per round (mwem)
    bool consistent = false;
    std::string description;         // e.g. "binary tree, 13 levels, Laplace(13/eps) per node"
    std::vector<double> trueCounts;  // teaching mode only (empty in release mode)
    ReleaseReceipt receipt;
};

// Every strategy, in presentation order (the runs themselves are private to dp: the only way to
// run one on data is releaseHistogram or a column query, through the gate). Adding one: its file
// in core/src/dp, one line in dp/detail/histogram_strategies.h and in histogram_catalogue.cpp, a
// test, a docs page.
const std::vector<AlgorithmInfo>& histogramStrategies();
// The strategies that only release a 2-D histogram of declared shape (HB2D), kept apart from the
// 1-D list above; findHistogramStrategy knows both.
const std::vector<AlgorithmInfo>& planarHistogramStrategies();
// The strategies that release a 2-D histogram of declared rows and columns (identity, uniform,
// DAWA, HB2D, Privelet2D), in presentation order.
const std::vector<AlgorithmInfo>& gridHistogramStrategies();
Result<const AlgorithmInfo*> findHistogramStrategy(const std::string& id);
// Whether strategy `id` ignores the order of the bins (identity, uniform): it then releases a 2-D
// histogram given as row-major cells exactly as it would on the plane. False for unknown ids.
bool histogramStrategyIsCellwise(const std::string& id);
// Whether strategy `id` needs the 2-D shape of the histogram (HB2D): the request must then give
// rows and columns. False for unknown ids.
bool histogramStrategyIsPlanar(const std::string& id);
// Whether strategy `id` releases a 2-D histogram of declared shape in its own way: the planar ones,
// and those that take 1-D and 2-D data alike (DAWA, through a Hilbert ordering). False for unknown ids.
bool histogramStrategyTakesGrid(const std::string& id);

struct HistogramRequest {
    std::string strategy = "identity";
    nlohmann::json options = nlohmann::json::object();  // validated against the catalogue entry
    double epsilon = 1.0;
    std::vector<RangeQuery> workload;  // candidate queries for workload-aware strategies (public)
    // The workload over a 2-D histogram (public; workload-aware strategies on a grid, DAWA).
    std::vector<RectangleQuery> rectangles;
    std::string what = "histogram";  // for the ledger: "histogram of age", ...
    // The declared (public) shape of a 2-D histogram given row-major: rows * columns == bins.
    // Required by planar strategies; 0 and 0 for a 1-D histogram.
    std::size_t rows = 0;
    std::size_t columns = 0;
};

// Validates the request (strategy, options by field, epsilon range, counts finite and >= 0),
// charges epsilon through the gate, then runs the strategy with the gate's random source. In
// teaching mode the result also carries the true counts. Errors: those of validation, the gate's
// (budget exceeded: nothing is computed), cancellation.
Result<HistogramResult> releaseHistogram(ReleaseGate& gate, const std::vector<double>& counts,
                                         const HistogramRequest& request, const RunContext& ctx);

// Teaching mode only (the errors are measured against the true counts): per-strategy range-query
// error, the mean (and standard error) of DPBench's scaled average error over `trials` releases.
struct StrategyError {
    std::string strategy;
    std::string name;  // the catalogue's human name
    bool consistent = false;
    double meanError = 0.0;
    double standardError = 0.0;  // NaN for one trial
};
Result<std::vector<StrategyError>> compareStrategies(ReleaseGate& gate, const std::vector<double>& counts,
                                                     const std::vector<std::string>& strategies, double epsilon,
                                                     const std::vector<RangeQuery>& workload, int trials,
                                                     const RunContext& ctx);

// Post-processing: the q-quantile of a (noisy) histogram with the given bin edges, negative
// counts treated as 0, interpolating linearly inside the bin where the cumulative count reaches
// q * total (seed 000: "exponential mechanism vs. histograms for the median"). Returns the
// midpoint of the range when all counts are <= 0.
double quantileFromHistogram(const std::vector<double>& edges, const std::vector<double>& counts, double q);

}  // namespace veil::dp
