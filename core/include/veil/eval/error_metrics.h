// Error metrics of a trial (estimates against true answers) and their summaries over trials.
// Relative error with a sanity bound: Cormode et al., "Differentially private spatial
// decompositions", ICDE 2012, Sec. 6; scaled per-query L1/L2: DPBench (Hay et al., SIGMOD 2016,
// dpcomp_core/metric.py: ||diff||_p / q / scale).
#pragma once

#include "veil/common/status.h"

#include <array>
#include <cstddef>
#include <string>
#include <limits>
#include <vector>

namespace veil::eval {

enum class Metric {
    MeanAbsolute,  // mean over queries of |estimate - truth|
    MeanRelative,  // mean of |estimate - truth| / max(truth, sanity), sanity = sanityFraction * scale
    Rmse,          // sqrt(mean (estimate - truth)^2)
    ScaledL1,      // ||diff||_1 / q / scale (DPBench)
    ScaledL2,      // ||diff||_2 / q / scale (DPBench)
    MaxAbsolute,   // max |estimate - truth|
};
inline constexpr std::size_t kMetricCount = 6;
inline constexpr std::array<Metric, kMetricCount> kAllMetrics = {
    Metric::MeanAbsolute, Metric::MeanRelative, Metric::Rmse, Metric::ScaledL1, Metric::ScaledL2, Metric::MaxAbsolute};

// Stable column / JSON names: "abs_error", "rel_error", "rmse", "scaled_l1", "scaled_l2", "max_abs_error".
const char* metricName(Metric m);
// Human label: "mean absolute error", ...
const char* metricLabel(Metric m);
Result<Metric> parseMetric(const std::string& name);

struct ErrorMetrics {
    std::array<double, kMetricCount> values{};
    double operator[](Metric m) const { return values[static_cast<std::size_t>(m)]; }
    double& operator[](Metric m) { return values[static_cast<std::size_t>(m)]; }
};

// Errors of `estimates` against `truth` (same length, >= 1). `scale` is the data's size N (sum of
// counts; values <= 0 are treated as 1 for the scaled and relative metrics). O(q).
ErrorMetrics computeErrors(const std::vector<double>& truth, const std::vector<double>& estimates, double scale,
                           double sanityFraction = 0.001);

// Summary of one metric over trials. Quartiles by linear interpolation between order statistics
// (NumPy's default, type 7 of Hyndman & Fan); the 95% interval of the mean is
// mean +- t_{0.975, n-1} * sd / sqrt(n) (undefined, NaN, below 2 values, as sd).
struct MetricSummary {
    std::size_t n = 0;
    double median = 0.0;
    double q1 = 0.0, q3 = 0.0;
    double iqr = 0.0;
    double mean = 0.0;
    double sd = std::numeric_limits<double>::quiet_NaN();  // sample standard deviation
    double ciLower = std::numeric_limits<double>::quiet_NaN(), ciUpper = std::numeric_limits<double>::quiet_NaN();
    double min = 0.0, max = 0.0;
};
// Empty input gives a summary with n = 0 and all fields 0.
MetricSummary summarize(std::vector<double> values);
// Quantile p in [0, 1] of sorted values (type 7). values non-empty.
double sortedQuantile(const std::vector<double>& sorted, double p);

}  // namespace veil::eval
