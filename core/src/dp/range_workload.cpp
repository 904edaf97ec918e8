// Range workloads and the DPBench error metric (Hay et al., SIGMOD 2016; dpcomp_core/metric.py).
#include "veil/dp/range_workload.h"

#include <cmath>
#include <utility>

namespace veil::dp {

Result<std::vector<RangeQuery>> randomRangeWorkload(std::size_t bins, std::size_t queries, RandomSource& rng) {
    if (bins == 0) return Status::invalidArgument("a range workload needs at least one bin");
    std::vector<RangeQuery> w(queries);
    for (auto& q : w) {
        std::size_t a = std::size_t(rng.uniformBelow(bins)), b = std::size_t(rng.uniformBelow(bins));
        if (a > b) std::swap(a, b);
        q = {a, b};
    }
    return w;
}

std::vector<RangeQuery> prefixWorkload(std::size_t bins) {
    std::vector<RangeQuery> w(bins);
    for (std::size_t i = 0; i < bins; ++i) w[i] = {0, i};
    return w;
}

std::vector<double> prefixSums(const std::vector<double>& x) {
    std::vector<double> p(x.size() + 1, 0.0);
    for (std::size_t i = 0; i < x.size(); ++i) p[i + 1] = p[i] + x[i];
    return p;
}

std::vector<double> answerWorkload(const std::vector<double>& x, const std::vector<RangeQuery>& workload) {
    const auto p = prefixSums(x);
    std::vector<double> out(workload.size());
    for (std::size_t i = 0; i < workload.size(); ++i) out[i] = rangeSum(p, workload[i]);
    return out;
}

Result<double> scaledAverageError(const std::vector<double>& trueCounts, const std::vector<double>& estimate,
                                  const std::vector<RangeQuery>& workload) {
    if (trueCounts.size() != estimate.size())
        return Status::invalidArgument("estimate has " + std::to_string(estimate.size()) + " bins, the data " +
                                       std::to_string(trueCounts.size()));
    if (workload.empty()) return Status::invalidArgument("the workload has no queries");
    for (const auto& q : workload)
        if (q.lo > q.hi || q.hi >= trueCounts.size())
            return Status::invalidArgument("range [" + std::to_string(q.lo) + ", " + std::to_string(q.hi) +
                                           "] is outside the " + std::to_string(trueCounts.size()) + " bins");
    const auto pt = prefixSums(trueCounts), pe = prefixSums(estimate);
    double l1 = 0.0;
    for (const auto& q : workload) l1 += std::fabs(rangeSum(pt, q) - rangeSum(pe, q));
    double scale = pt.back();
    if (!(scale > 0.0)) scale = 1.0;
    return l1 / double(workload.size()) / scale;
}

}  // namespace veil::dp
