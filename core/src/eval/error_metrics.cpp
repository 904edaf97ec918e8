// Error metrics per trial and their summaries (median, IQR, mean with a 95% t interval).
#include "veil/eval/error_metrics.h"

#include "veil/dp/stats.h"

#include <algorithm>
#include <cmath>

namespace veil::eval {

const char* metricName(Metric m) {
    switch (m) {
        case Metric::MeanAbsolute:
            return "abs_error";
        case Metric::MeanRelative:
            return "rel_error";
        case Metric::Rmse:
            return "rmse";
        case Metric::ScaledL1:
            return "scaled_l1";
        case Metric::ScaledL2:
            return "scaled_l2";
        case Metric::MaxAbsolute:
            return "max_abs_error";
    }
    return "?";
}

const char* metricLabel(Metric m) {
    switch (m) {
        case Metric::MeanAbsolute:
            return "mean absolute error";
        case Metric::MeanRelative:
            return "mean relative error";
        case Metric::Rmse:
            return "RMSE";
        case Metric::ScaledL1:
            return "scaled L1 (DPBench)";
        case Metric::ScaledL2:
            return "scaled L2 (DPBench)";
        case Metric::MaxAbsolute:
            return "max absolute error";
    }
    return "?";
}

Result<Metric> parseMetric(const std::string& name) {
    for (Metric m : kAllMetrics)
        if (name == metricName(m)) return m;
    std::string all;
    for (Metric m : kAllMetrics) all += std::string(all.empty() ? "" : ", ") + metricName(m);
    return Status::invalidArgument("unknown metric '" + name + "' (known: " + all + ")");
}

ErrorMetrics computeErrors(const std::vector<double>& truth, const std::vector<double>& estimates, double scale,
                           double sanityFraction) {
    ErrorMetrics e;
    const std::size_t q = std::min(truth.size(), estimates.size());
    if (q == 0) return e;
    const double n = scale > 0 ? scale : 1.0;
    const double sanity = std::max(sanityFraction * n, 1e-300);
    double l1 = 0.0, l2 = 0.0, rel = 0.0, mx = 0.0;
    for (std::size_t i = 0; i < q; ++i) {
        const double d = std::abs(estimates[i] - truth[i]);
        l1 += d;
        l2 += d * d;
        rel += d / std::max(std::abs(truth[i]), sanity);
        mx = std::max(mx, d);
    }
    const double dq = static_cast<double>(q);
    e[Metric::MeanAbsolute] = l1 / dq;
    e[Metric::MeanRelative] = rel / dq;
    e[Metric::Rmse] = std::sqrt(l2 / dq);
    e[Metric::ScaledL1] = l1 / dq / n;
    e[Metric::ScaledL2] = std::sqrt(l2) / dq / n;
    e[Metric::MaxAbsolute] = mx;
    return e;
}

double sortedQuantile(const std::vector<double>& sorted, double p) {
    const double h = (static_cast<double>(sorted.size()) - 1.0) * std::clamp(p, 0.0, 1.0);
    const auto lo = static_cast<std::size_t>(std::floor(h));
    const std::size_t hi = std::min(lo + 1, sorted.size() - 1);
    return sorted[lo] + (h - static_cast<double>(lo)) * (sorted[hi] - sorted[lo]);
}

MetricSummary summarize(std::vector<double> values) {
    MetricSummary s;
    s.n = values.size();
    if (values.empty()) return s;
    std::sort(values.begin(), values.end());
    s.min = values.front();
    s.max = values.back();
    s.median = sortedQuantile(values, 0.5);
    s.q1 = sortedQuantile(values, 0.25);
    s.q3 = sortedQuantile(values, 0.75);
    s.iqr = s.q3 - s.q1;
    double sum = 0.0;
    for (double v : values) sum += v;
    s.mean = sum / static_cast<double>(s.n);
    if (s.n > 1) {  // one trial says nothing of the spread: sd and the interval stay NaN
        double ss = 0.0;
        for (double v : values) ss += (v - s.mean) * (v - s.mean);
        s.sd = std::sqrt(ss / static_cast<double>(s.n - 1));
        // Two-sided t quantile: P(|T_nu| > t) = I_{nu/(nu+t^2)}(nu/2, 1/2) = 0.05.
        const double nu = static_cast<double>(s.n - 1);
        const double x = dp::stats::inverseRegularizedBeta(0.05, nu / 2.0, 0.5);
        const double t = std::sqrt(nu * (1.0 - x) / x);
        const double half = t * s.sd / std::sqrt(static_cast<double>(s.n));
        s.ciLower = s.mean - half;
        s.ciUpper = s.mean + half;
    }
    return s;
}

}  // namespace veil::eval
