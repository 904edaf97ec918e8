// Private histograms for range queries: Identity (Laplace per bin), Hierarchical (b-ary tree with
// the constrained inference of Hay, Rastogi, Miklau, Suciu, VLDB 2010), Privelet (Haar wavelet,
// Xiao, Wang, Gehrke, ICDE 2010) and MWEM (Hardt, Ligett, McSherry, NIPS 2012) over a range
// workload. All are epsilon-DP under add/remove-one-record (each record is one unit in one bin).
// Outputs are real-valued bin estimates; range answers are sums of them.
#pragma once

#include "veil/common/run_context.h"
#include "veil/dp/privacy.h"
#include "veil/dp/range_workload.h"

#include <string>
#include <vector>

namespace veil::dp {

enum class HistogramStrategy { Identity, Hierarchical, Privelet, Mwem };
const char* histogramStrategyName(HistogramStrategy s);  // "identity", "hierarchical", "privelet", "mwem"
Result<HistogramStrategy> parseHistogramStrategy(const std::string& name);

struct HistogramOptions {
    double epsilon = 1.0;
    int branching = 2;           // hierarchical: b >= 2
    bool consistency = true;     // hierarchical: constrained inference on/off
    int mwemRounds = 10;         // MWEM: T >= 1
    double mwemTotalShare = 0.05;  // MWEM: share of epsilon spent on the (noisy) total count
    std::vector<RangeQuery> workload;  // MWEM: candidate queries (default: 500 random ranges)
};

struct HistogramResult {
    HistogramStrategy strategy = HistogramStrategy::Identity;
    std::vector<double> estimate;    // one value per bin
    double epsilon = 0.0;
    Neighbouring neighbouring = Neighbouring::AddRemove;
    double noiseScale = 0.0;         // per-bin (identity) / per-node (hierarchical) / base (privelet) / per round (mwem)
    bool consistent = false;
    std::string description;         // e.g. "binary tree, 13 levels, Laplace(13/eps) per node"
};

// Errors: epsilon invalid; empty counts; negative or non-finite counts; branching < 2;
// mwemRounds < 1; ctx.random missing; cancellation.
Result<HistogramResult> releaseHistogram(const std::vector<double>& counts, HistogramStrategy strategy,
                                         const HistogramOptions& options, const RunContext& ctx);

// Per-strategy range-query error for the Histograms panel and the benchmark: the mean (and
// standard error) of DPBench's scaled average error over `trials` independent releases.
struct StrategyError {
    HistogramStrategy strategy = HistogramStrategy::Identity;
    bool consistent = false;
    double meanError = 0.0;
    double standardError = 0.0;
};
Result<std::vector<StrategyError>> compareStrategies(const std::vector<double>& counts,
                                                     const std::vector<HistogramStrategy>& strategies,
                                                     const HistogramOptions& options,
                                                     const std::vector<RangeQuery>& workload, int trials,
                                                     const RunContext& ctx);

// Post-processing: the q-quantile of a (noisy) histogram with the given bin edges, negative
// counts treated as 0, interpolating linearly inside the bin where the cumulative count reaches
// q * total (seed 000: "exponential mechanism vs. histograms for the median"). Returns the
// midpoint of the range when all counts are <= 0.
double quantileFromHistogram(const std::vector<double>& edges, const std::vector<double>& counts, double q);

namespace detail {
// Least-squares consistent leaves from noisy node counts of a complete b-ary tree (level 0 = leaves,
// b^k nodes per level k, last level = root): Hay et al. 2010 Theorem 3, linear time.
std::vector<double> hayConstrainedInference(const std::vector<std::vector<double>>& noisyLevels, std::size_t b);
Result<HistogramResult> releaseHierarchical(const std::vector<double>& counts, const HistogramOptions& o, RandomSource& rng);
Result<HistogramResult> releasePrivelet(const std::vector<double>& counts, const HistogramOptions& o, RandomSource& rng);
Result<HistogramResult> releaseMwem(const std::vector<double>& counts, const HistogramOptions& o, const RunContext& ctx);
}  // namespace detail

}  // namespace veil::dp
