// The histogram strategies behind histogramStrategies(), one per file in core/src/dp. Private to
// the dp module: they draw noise from the context's random source, which only the gate hands out.
#pragma once

#include "veil/dp/histogram_release.h"

#include <functional>

namespace veil::dp::detail {

// What a strategy gets for one run: the true counts (validated: finite, non-negative), its
// validated options, epsilon, the candidate range queries (MWEM; may be empty) and the context
// whose random source the gate handed out.
struct HistogramRun {
    const std::vector<double>& counts;
    const ParameterValues& options;
    double epsilon;
    const std::vector<RangeQuery>& workload;
    const RunContext& ctx;
    std::size_t rows = 0;  // declared 2-D shape (planar strategies), rows * columns == counts.size()
    std::size_t columns = 0;
    const std::vector<RectangleQuery>* rectangles = nullptr;  // 2-D workload (validated), may be null
    bool teaching = false;  // the gate is in teaching mode (public data, nothing charged to a ledger)
};

struct HistogramStrategyEntry {
    AlgorithmInfo info;
    std::function<Result<HistogramResult>(const HistogramRun& run)> release;
    // The release treats the bins as an unordered set of cells (identity, uniform), so it applies
    // unchanged to a 2-D histogram given row-major.
    bool cellwise = false;
    // The release needs the declared 2-D shape (HB2D).
    bool planar = false;
    // The release takes a 1-D histogram, and a 2-D one when its shape is declared (DAWA).
    bool gridToo = false;
    // Checked before anything is charged: options only some modes may use (may be empty).
    std::function<Status(const ParameterValues& options, bool teaching)> admissible = nullptr;
};

HistogramStrategyEntry identityStrategy();      // identity_histogram.cpp
HistogramStrategyEntry hierarchicalStrategy();  // hierarchical_histogram.cpp
HistogramStrategyEntry priveletStrategy();      // privelet_histogram.cpp
HistogramStrategyEntry mwemStrategy();          // mwem_histogram.cpp
HistogramStrategyEntry mwemStarStrategy();      // mwem_histogram.cpp
HistogramStrategyEntry hbStrategy();            // hb_histogram.cpp
HistogramStrategyEntry uniformStrategy();       // uniform_histogram.cpp
HistogramStrategyEntry hb2dStrategy();          // hb2d_histogram.cpp
HistogramStrategyEntry privelet2dStrategy();    // privelet2d_histogram.cpp
HistogramStrategyEntry greedyHStrategy();       // dawa_histogram.cpp
HistogramStrategyEntry dawaStrategy();          // dawa_histogram.cpp
HistogramStrategyEntry ahpStrategy();           // ahp_histogram.cpp
HistogramStrategyEntry efpaStrategy();          // efpa_histogram.cpp
HistogramStrategyEntry phpStrategy();           // php_histogram.cpp

const std::vector<HistogramStrategyEntry>& histogramStrategyEntries();
// Runs strategy `id` with validated options (no charge: the caller was admitted by the gate).
Result<HistogramResult> runHistogramStrategy(const std::string& id, const HistogramRun& run);
// Whether strategy `id` may run with these options in this mode (the entry's `admissible`).
Status checkHistogramStrategy(const std::string& id, const ParameterValues& options, bool teaching);

// Least-squares consistent leaves from noisy node counts of a complete b-ary tree (level 0 = leaves,
// b^k nodes per level k, last level = root): Hay et al. 2010 Theorem 3, linear time.
std::vector<double> hayConstrainedInference(const std::vector<std::vector<double>>& noisyLevels, std::size_t b);
// A b-ary tree of Laplace counts over `counts` (epsilon split equally over the levels), with or
// without constrained inference; shared by the hierarchical and HB strategies.
Result<HistogramResult> releaseTree(const std::vector<double>& counts, std::size_t branching, bool consistency,
                                    double epsilon, RandomSource& rng);

}  // namespace veil::dp::detail
