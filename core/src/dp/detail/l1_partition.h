// DAWA's first stage (Li, Hay, Miklau, Wang, PVLDB 2014, Sec. 3): a partition of the cells into
// intervals ("buckets") of power-of-two lengths that keeps the L1 deviation from each bucket's mean
// small while paying 1/eps2 of expected noise per bucket. Private to the dp module.
// docs/algorithms/dawa.md.
#pragma once

#include "veil/common/random.h"
#include "veil/common/run_context.h"
#include "veil/common/status.h"

#include <cstddef>
#include <vector>

namespace veil::dp::detail {

struct Bucket {
    std::size_t lo = 0;  // first cell
    std::size_t hi = 0;  // last cell (inclusive)
};

// dev[k][i]: the L1 deviation sum |x_j - mean| over the interval of length 2^k ending at cell i
// (i >= 2^k - 1; other entries 0), for every 2^k <= n. O(n log n log u) with an order-statistics
// Fenwick tree over the u distinct values. Errors: cancellation (checked once per length).
Result<std::vector<std::vector<double>>> intervalDeviations(const std::vector<double>& x, const RunContext& ctx);

// The least-cost partition for costs cost[k][i] of the interval of length 2^k ending at i:
// dynamic programming over the prefix ends, singletons first, then longer buckets replacing the
// best when their total is <= (DPComp's L1partition_approx: ties go to the longer bucket).
// O(n log n). Buckets in order.
std::vector<Bucket> cheapestPartition(const std::vector<std::vector<double>>& cost);

// How the first stage turns costs into a partition under eps1 (docs/algorithms/dawa.md).
enum class PartitionSelection {
    // Every candidate bucket, singletons included, gets its own Laplace((d(B) + dmax) / eps1) on
    // its cost, d(B) = 2 (1 - 1/|B|) (the deviation's sensitivity), dmax = the largest d over the
    // candidates; no clamping; then cheapestPartition. eps1-DP: given the noise of the buckets that
    // miss the changed cell, the output depends only on which of the buckets holding it wins a
    // report-noisy-min (each partition holds exactly one), whose costs move by at most d(B) and
    // dmax. About twice DPComp's noise.
    NoisyCost,
    // Exponential mechanism over all partitions (McSherry, Talwar, FOCS 2007): P chosen with
    // probability proportional to exp(-eps1 cost(P) / 4), cost(P) = sum of (deviation + 1/eps2),
    // sensitivity 2; sampled by forward sums and backward sampling, O(n log n). Private but
    // inaccurate: the number of partitions grows exponentially with n.
    Exponential,
    // Post-processing of Laplace(1/eps1) cell counts (eps1-DP by parallel composition: a record is
    // in one cell): costs from the noisy counts' deviations minus the deviation the noise alone is
    // expected to give (about b L (1 - 1/(2L)) for L cells, b = 1/eps1; exact for L = 2, right as L
    // grows), clamped at 0, plus 1/eps2; then cheapestPartition. Not in the paper.
    NoisyCounts,
    // DPComp's rule: Laplace((2 - 1/len - 1/n) / eps1) on buckets of length >= 2 only, the noisy cost
    // clamped below at 1/eps2. Not eps1-DP in general (a three-cell counterexample in
    // docs/algorithms/dawa.md); kept for comparisons with DPComp in teaching mode.
    DPComp,
};

// A selection rule and a public penalty per bucket, in units of the rule's noise: lambda times the
// largest Laplace scale 2 dmax / eps1 (NoisyCost), the exponential mechanism's 4 / eps1
// (Exponential) or the cell noise's 1 / eps1 (NoisyCounts); not used by DPComp's rule. Added to
// every candidate's cost alike, it does not depend on the data, so the privacy argument of each rule
// is unchanged; it offsets the least-cost search's pull towards many buckets whose noise happens
// to be negative (docs/algorithms/dawa.md).
struct PartitionRule {
    PartitionRule(PartitionSelection s, double penalty = 0.0) : selection(s), bucketPenalty(penalty) {}  // NOLINT
    PartitionSelection selection;
    double bucketPenalty;
};

// The private partition of x (non-negative counts). Errors: eps1 or eps2 not positive, a negative
// or non-finite penalty, a noise draw refused by the samplers, cancellation.
Result<std::vector<Bucket>> privateL1Partition(const std::vector<double>& x, double eps1, double eps2,
                                               const PartitionRule& rule, RandomSource& rng, const RunContext& ctx);

}  // namespace veil::dp::detail
