// MetricEvaluator: information loss of a lattice node under each metric, with ARX 3.9's
// definitions (metric.h), plus the cheap lower bounds used to prune the lattice search.
#pragma once

#include "anonymity/detail/encoded_data.h"
#include "anonymity/detail/groupify.h"

#include <optional>
#include <vector>

namespace veil::anonymity::detail {

class MetricEvaluator {
public:
    explicit MetricEvaluator(const EncodedData& data);

    // ARX's generalization/suppression factor of the Loss metric (MetricMDNMLoss), in [0, 1]:
    // generalization weighs g = 1 (gs <= 0.5) or 2 - 2 gs, a suppressed record's excess over its
    // generalized share weighs s = 2 gs (gs < 0.5) or 1. The default 0.5 weighs both equally.
    void setGsFactor(double gs);

    double value(MetricKind metric, const std::vector<int>& levels, const NodeClasses& nc) const;
    MetricValues all(const std::vector<int>& levels, const NodeClasses& nc) const;
    // A lower bound valid for this node and all its generalizations, from the levels alone;
    // nullopt when the metric has none.
    std::optional<double> lowerBound(MetricKind metric, const std::vector<int>& levels) const;

    // The metric depends on the levels only (not on classes or suppression).
    static bool independent(MetricKind metric);
    // The metric never decreases when a node is generalized, suppression included.
    static bool monotonic(MetricKind metric);

    double loss(const std::vector<int>& levels, const NodeClasses& nc) const;
    double entropy(const std::vector<int>& levels) const;
    double entropyNonMonotonic(const std::vector<int>& levels, const NodeClasses& nc) const;
    double precision(const std::vector<int>& levels, const NodeClasses& nc) const;

private:
    double lossDimension(double aggregate, std::size_t dim) const;
    double entropyDimension(std::size_t dim, int level) const;

    const EncodedData& m_data;
    double m_gFactor = 1.0, m_sFactor = 1.0;
    mutable std::vector<std::vector<double>> m_entropyCache;  // [dim][level], NaN = not computed
};

// ARX keeps 10 decimals of every per-QI loss: floor(v * 1e10) / 1e10.
double arxRound(double v);

}  // namespace veil::anonymity::detail
