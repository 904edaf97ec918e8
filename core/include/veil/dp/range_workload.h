// Range-query workloads over a 1-D histogram and DPBench's error metric (Hay, Machanavajjhala,
// Miklau, Chen, Zhang, "Principled Evaluation of Differentially Private Algorithms using
// DPBench", SIGMOD 2016; dpcomp_core/metric.py): scaled average per-query L1 error
// ||W x - W x_hat||_1 / q / scale with scale = the number of records.
#pragma once

#include "veil/common/random.h"
#include "veil/common/status.h"

#include <cstddef>
#include <vector>

namespace veil::dp {

// Sum of bins lo..hi inclusive.
struct RangeQuery {
    std::size_t lo = 0;
    std::size_t hi = 0;
};

// A rectangle of cells rows rowLo..rowHi x columns colLo..colHi (inclusive) of a 2-D histogram.
struct RectangleQuery {
    std::size_t rowLo = 0, rowHi = 0;
    std::size_t colLo = 0, colHi = 0;
};

// q ranges with endpoints drawn uniformly (lo <= hi) over a domain of n bins. Errors: n == 0.
Result<std::vector<RangeQuery>> randomRangeWorkload(std::size_t bins, std::size_t queries, RandomSource& rng);
// All prefix ranges [0, i] (DPBench Prefix1D).
std::vector<RangeQuery> prefixWorkload(std::size_t bins);

// Prefix sums p[i] = x[0] + ... + x[i-1] (n + 1 entries) for O(1) range answers.
std::vector<double> prefixSums(const std::vector<double>& x);
inline double rangeSum(const std::vector<double>& prefix, const RangeQuery& q) {
    return prefix[q.hi + 1] - prefix[q.lo];
}
std::vector<double> answerWorkload(const std::vector<double>& x, const std::vector<RangeQuery>& workload);

// DPBench scaled average per-query L1 error; scale = sum of trueCounts (1 if that is 0).
// Errors: size mismatch, empty workload, a query outside the domain.
Result<double> scaledAverageError(const std::vector<double>& trueCounts, const std::vector<double>& estimate,
                                  const std::vector<RangeQuery>& workload);

}  // namespace veil::dp
