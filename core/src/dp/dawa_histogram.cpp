// DAWA and Greedy-H (Li, Hay, Miklau, Wang, "A data- and workload-aware algorithm for range queries
// under differential privacy", PVLDB 2014), run as DPComp runs them (dawa_engine, dawa2D_engine,
// greedyH_only_engine). docs/algorithms/dawa.md.
//
// Guarantee: eps-DP under add/remove-one-record. Stage 1 (ratio * eps = eps1): the partition, from
// per-bucket noisy costs with twice DPComp's noise (a report-noisy-min argument, l1_partition.h),
// from Laplace(1/eps1) cell counts (post-processing) or by the exponential mechanism over
// partitions; or, teaching mode only, DPComp's own rule, whose eps1 claim fails
// (docs/algorithms/dawa.md).
// Stage 2 (eps2 = eps - eps1): Greedy-H's weighted node sums of the bucket counts. One record adds 1
// to one bucket; the weights of the nodes over one cell sum to 1 (greedy_hierarchy.h), so the vector
// of weighted sums has L1 sensitivity 1 and Laplace(1/eps2) per node suffices. The partition is
// public once drawn (post-processing), so the two stages compose sequentially. On a 2-D grid the
// Hilbert order and the padding to a power-of-two square depend only on the declared shape.
#include "dp/detail/greedy_hierarchy.h"
#include "dp/detail/hilbert_curve.h"
#include "dp/detail/histogram_strategies.h"
#include "dp/detail/l1_partition.h"

#include "veil/common/validate.h"
#include "veil/dp/laplace_mechanism.h"

#include <algorithm>
#include <utility>

namespace veil::dp::detail {

namespace {

using Run = HilbertRun;  // cells lo..hi (inclusive) of the 1-D order (the Hilbert order in 2-D)

// A query given as runs of the 1-D order (sorted, disjoint, weight 1) rewritten over the buckets:
// weight |run cells in B| / |B| on bucket B (DPComp's workload reform: the mean of the query's
// weights over the bucket's cells).
LinearQuery onBuckets(const std::vector<Run>& runs, const std::vector<Bucket>& buckets,
                      const std::vector<std::size_t>& bucketOf) {
    std::vector<std::pair<std::size_t, double>> overlap;  // (bucket, cells), buckets increasing
    auto add = [&](std::size_t b, double cells) {
        if (!overlap.empty() && overlap.back().first == b)
            overlap.back().second += cells;
        else
            overlap.emplace_back(b, cells);
    };
    for (const auto& [lo, hi] : runs) {
        const std::size_t bl = bucketOf[lo], bh = bucketOf[hi];
        if (bl == bh) {
            add(bl, double(hi - lo + 1));
            continue;
        }
        add(bl, double(buckets[bl].hi - lo + 1));
        for (std::size_t b = bl + 1; b < bh; ++b) add(b, double(buckets[b].hi - buckets[b].lo + 1));
        add(bh, double(hi - buckets[bh].lo + 1));
    }
    LinearQuery q;
    for (const auto& [b, cells] : overlap) appendSegment(q, cells / double(buckets[b].hi - buckets[b].lo + 1), b, b);
    return q;
}

struct Stage2 {
    std::vector<double> estimate;  // per bucket
    double scale = 0.0;
    std::size_t measured = 0;
};

// Greedy-H over the bucket counts with eps2: Laplace(sensitivity / eps2) on each weighted node sum.
Result<Stage2> greedyRelease(const std::vector<double>& bucketCounts, const std::vector<LinearQuery>& queries,
                             double eps2, RandomSource& rng, const RunContext& ctx) {
    auto h = GreedyHierarchy::build(bucketCounts.size(), queries, ctx);
    if (!h) return h.status();
    auto lap = LaplaceMechanism::create(eps2, h->sensitivity());
    if (!lap) return lap.status();
    std::vector<double> answers = h->exactAnswers(bucketCounts);
    for (double& a : answers) {
        auto noisy = lap->release(rng, a);
        if (!noisy) return noisy.status();
        a = *noisy;
    }
    return Stage2{h->infer(answers), lap->scale(), answers.size()};
}

// The bucket penalty's default (docs/algorithms/dawa.md: measured on NETTRACE, SEARCHLOGS,
// SF-CABS-E and GOWALLA).
constexpr double kDefaultBucketPenalty = 2.0;

struct DawaSettings {
    double ratio = 0.25;
    PartitionSelection selection = PartitionSelection::NoisyCost;
    double bucketPenalty = 0.0;
};

// DAWA on cells in a public 1-D order; workload as runs of that order. Returns per-cell estimates.
Result<HistogramResult> runDawa(const std::vector<double>& x, const std::vector<std::vector<Run>>& workload,
                                const DawaSettings& set, double epsilon, const RunContext& ctx) {
    RandomSource& rng = *ctx.random;
    const double eps1 = set.ratio * epsilon, eps2 = epsilon - eps1;
    std::vector<Bucket> buckets;
    if (set.ratio > 0.0) {
        auto p = privateL1Partition(x, eps1, eps2, PartitionRule(set.selection, set.bucketPenalty), rng, ctx);
        if (!p) return p.status();
        buckets = std::move(*p);
    } else {
        for (std::size_t i = 0; i < x.size(); ++i) buckets.push_back({i, i});
    }
    std::vector<std::size_t> bucketOf(x.size());
    std::vector<double> sums(buckets.size(), 0.0);
    for (std::size_t b = 0; b < buckets.size(); ++b)
        for (std::size_t i = buckets[b].lo; i <= buckets[b].hi; ++i) bucketOf[i] = b, sums[b] += x[i];
    std::vector<LinearQuery> queries;
    queries.reserve(workload.size());
    for (const auto& runs : workload) queries.push_back(onBuckets(runs, buckets, bucketOf));
    if (ctx.cancelled()) return Status::cancelled();
    auto stage2 = greedyRelease(sums, queries, eps2, rng, ctx);
    if (!stage2) return stage2.status();
    HistogramResult r;
    r.estimate.resize(x.size());
    for (std::size_t b = 0; b < buckets.size(); ++b) {
        const double share = stage2->estimate[b] / double(buckets[b].hi - buckets[b].lo + 1);
        for (std::size_t i = buckets[b].lo; i <= buckets[b].hi; ++i) r.estimate[i] = share;
    }
    r.noiseScale = stage2->scale;
    r.consistent = true;  // least squares over the hierarchy
    r.description = std::to_string(buckets.size()) + " buckets" +
                    (set.ratio > 0.0 ? " (partition with eps " + formatNumber(eps1) + ")" : "") + ", " +
                    std::to_string(stage2->measured) + " Greedy-H queries with Laplace(" + formatNumber(stage2->scale) +
                    ")";
    return r;
}

// 2-D: the grid padded with empty cells to a power-of-two square, read along the Hilbert curve.
Result<HistogramResult> runDawaGrid(const HistogramRun& run, const DawaSettings& set) {
    const std::size_t side = powerOfTwoAtLeast(std::max(run.rows, run.columns));
    const std::vector<std::size_t> order = hilbertOrder(side);
    std::vector<std::size_t> position(order.size());
    std::vector<double> x(order.size(), 0.0);
    for (std::size_t t = 0; t < order.size(); ++t) {
        position[order[t]] = t;
        const std::size_t r = order[t] / side, c = order[t] % side;
        if (r < run.rows && c < run.columns) x[t] = run.counts[r * run.columns + c];
    }
    std::vector<RectangleQuery> rects = run.rectangles ? *run.rectangles : std::vector<RectangleQuery>{};
    if (rects.empty()) {  // no workload given: 1,000 random rectangles, drawn independently of the data
        RandomSource& rng = *run.ctx.random;
        for (int i = 0; i < 1000; ++i) {
            std::size_t r0 = std::size_t(rng.uniformBelow(run.rows)), r1 = std::size_t(rng.uniformBelow(run.rows));
            std::size_t c0 = std::size_t(rng.uniformBelow(run.columns)),
                        c1 = std::size_t(rng.uniformBelow(run.columns));
            rects.push_back({std::min(r0, r1), std::max(r0, r1), std::min(c0, c1), std::max(c0, c1)});
        }
    }
    std::vector<std::vector<Run>> workload;
    workload.reserve(rects.size());
    for (const auto& q : rects) workload.push_back(hilbertRuns(q.rowLo, q.rowHi, q.colLo, q.colHi, side, position));
    auto r = runDawa(x, workload, set, run.epsilon, run.ctx);
    if (!r) return r;
    std::vector<double> grid(run.counts.size());
    for (std::size_t i = 0; i < grid.size(); ++i)
        grid[i] = r->estimate[position[(i / run.columns) * side + i % run.columns]];
    r->estimate = std::move(grid);
    r->description =
        "Hilbert order over " + std::to_string(side) + " x " + std::to_string(side) + ": " + r->description;
    return r;
}

// DPComp's partition rule is refused outside teaching mode (checked before the charge).
Status admissible(const ParameterValues& options, bool teaching) {
    if (options.choice("partition") == "dpcomp" && !teaching)
        return Status::invalidArgument(
            "partition 'dpcomp' (DPComp's per-bucket noisy costs) is not epsilon-DP in general "
            "(docs/algorithms/dawa.md); it is only available in teaching mode, for comparisons");
    return Status::ok();
}

Result<DawaSettings> settingsOf(const HistogramRun& run) {
    VEIL_RETURN_IF_ERROR(admissible(run.options, run.teaching));
    DawaSettings set;
    set.ratio = run.options.number("ratio");
    const std::string rule = run.options.choice("partition");
    set.selection = rule == "exponential"    ? PartitionSelection::Exponential
                    : rule == "dpcomp"       ? PartitionSelection::DPComp
                    : rule == "noisy-counts" ? PartitionSelection::NoisyCounts
                                             : PartitionSelection::NoisyCost;
    set.bucketPenalty = run.options.number("bucket_penalty");
    return set;
}

// 1-D: the workload's ranges (all prefixes when none is given: public, and every range is a
// difference of two of them).
Result<HistogramResult> releaseDawa(const HistogramRun& run, const DawaSettings& set) {
    if (run.rows > 0 && run.columns > 0) return runDawaGrid(run, set);
    std::vector<std::vector<Run>> workload;
    const std::vector<RangeQuery> ranges = run.workload.empty() ? prefixWorkload(run.counts.size()) : run.workload;
    workload.reserve(ranges.size());
    for (const auto& q : ranges) workload.push_back({{q.lo, q.hi}});
    return runDawa(run.counts, workload, set, run.epsilon, run.ctx);
}

}  // namespace

HistogramStrategyEntry greedyHStrategy() {
    AlgorithmInfo info;
    info.family = "histogram";
    info.id = "greedy-h";
    info.name = "Greedy-H";
    info.summary =
        "A binary hierarchy whose node weights are chosen greedily for the workload, answered by least "
        "squares; data-independent";
    info.citation = "Li, Hay, Miklau, Wang, PVLDB 2014";
    return {info, [](const HistogramRun& run) {
                if (run.rows > 0 && run.columns > 0)
                    return Result<HistogramResult>(
                        Status::invalidArgument("Greedy-H takes a 1-D histogram (DAWA runs it on 2-D grids)"));
                return releaseDawa(run, DawaSettings{0.0, PartitionSelection::NoisyCost, 0.0});
            }};
}

HistogramStrategyEntry dawaStrategy() {
    AlgorithmInfo info;
    info.family = "histogram";
    info.id = "dawa";
    info.name = "DAWA";
    info.summary =
        "A private partition into buckets of near-uniform counts, then Greedy-H over the buckets for the "
        "workload; on a 2-D grid along a Hilbert curve; data-dependent";
    info.citation = "Li, Hay, Miklau, Wang, PVLDB 2014";
    info.dataDependent = true;
    info.parameters = {
        {"ratio",
         "Partition share",
         "share of epsilon spent on the partition (0 skips it: Greedy-H on the cells)",
         ParameterKind::Number,
         0.0,
         0.95,
         0.25,
         {}},
        {"partition",
         "Partition selection",
         "noisy-cost (eps-DP, the default), noisy-counts (eps-DP, from noisy cell counts), exponential "
         "(eps-DP, coarse) or dpcomp (DPComp's rule, not eps-DP: teaching mode only)",
         ParameterKind::Choice,
         0,
         0,
         "noisy-cost",
         {"noisy-cost", "noisy-counts", "exponential", "dpcomp"}},
        {"bucket_penalty",
         "Bucket penalty",
         "a public cost per bucket, in units of the partition rule's noise: fewer, longer buckets "
         "(not used by dpcomp)",
         ParameterKind::Number,
         0.0,
         100.0,
         kDefaultBucketPenalty,
         {}},
    };
    HistogramStrategyEntry entry{info, [](const HistogramRun& run) -> Result<HistogramResult> {
                                     auto set = settingsOf(run);
                                     if (!set) return set.status();
                                     return releaseDawa(run, *set);
                                 }};
    entry.gridToo = true;
    entry.admissible = admissible;
    return entry;
}

}  // namespace veil::dp::detail
