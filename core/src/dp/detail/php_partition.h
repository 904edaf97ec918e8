// P-HPartition's private partition (php_histogram.cpp), exposed for tests.
#pragma once

#include "veil/common/random.h"
#include "veil/common/run_context.h"
#include "veil/common/status.h"

#include <cstddef>
#include <vector>

namespace veil::dp::detail {

struct PhpBucket {
    std::size_t lo = 0, hi = 0;  // bins [lo, hi)
};

// sum over [lo, hi) of |x_i - mean|: moves by < 2 when one record is added (docs/algorithms/php.md).
double l1DeviationOf(const std::vector<double>& x, std::size_t lo, std::size_t hi);

// The split decision on [lo, hi): index 0 keeps it, -(dev + b); index p >= 1 splits before lo + p,
// -(dev(left) + dev(right) + 2 b). b = 1/eps_count, the expected absolute noise of a bucket total.
std::vector<double> phpSplitScores(const std::vector<double>& x, std::size_t lo, std::size_t hi, double b);

// floor(log2 n), at least 1: the depth bound.
std::size_t phpMaxDepth(std::size_t n);

// Divisive clustering (the paper's P-HPartition, as DPComp's Clustering.run): the first bucket not
// yet final is kept or split by the exponential mechanism over phpSplitScores (eps_cluster / (2
// depth) each, sensitivity 2; a record meets at most `depth` decisions, one per level); children at
// the depth bound or of one bin are final. Every state reached is a candidate; the exponential
// mechanism (eps_cluster / 2, sensitivity 2) picks one by -(sum over its buckets of dev + b).
// At most `maxBuckets` buckets (DPComp: 2000). eps_cluster-DP.
Result<std::vector<PhpBucket>> phpPartition(const std::vector<double>& x, double epsCluster, double b,
                                            std::size_t maxBuckets, RandomSource& rng, const RunContext& ctx);

}  // namespace veil::dp::detail
