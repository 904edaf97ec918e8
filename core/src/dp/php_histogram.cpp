// P-HPartition (Acs, Castelluccia, Chen, "Differentially private histogram publishing through lossy compression", ICDM
// 2012). docs/algorithms/php.md. A private partition into contiguous buckets (php_partition.h, eps/2 by default), then
// each bucket's total with Laplace(1/eps_count) spread evenly over its bins and clamped at 0 (post-processing), as
// DPComp's php_engine. eps-DP under add/remove-one-record. Deviation from DPComp (thirdparty/Acs12/lib/Clustering.py):
// once every bucket is final DPComp splits the last one again, past the depth bound its budget assumes; Veil stops
// there.
#include "dp/detail/histogram_strategies.h"
#include "dp/detail/php_partition.h"

#include "veil/common/validate.h"
#include "veil/dp/exponential_mechanism.h"
#include "veil/dp/laplace_mechanism.h"

#include <algorithm>
#include <cmath>

namespace veil::dp::detail {

double l1DeviationOf(const std::vector<double>& x, std::size_t lo, std::size_t hi) {
    if (hi <= lo) return 0.0;
    double mean = 0.0;
    for (std::size_t i = lo; i < hi; ++i) mean += x[i];
    mean /= double(hi - lo);
    double dev = 0.0;
    for (std::size_t i = lo; i < hi; ++i) dev += std::abs(x[i] - mean);
    return dev;
}

std::vector<double> phpSplitScores(const std::vector<double>& x, std::size_t lo, std::size_t hi, double b) {
    std::vector<double> s{-(l1DeviationOf(x, lo, hi) + b)};
    for (std::size_t p = lo + 1; p < hi; ++p)
        s.push_back(-(l1DeviationOf(x, lo, p) + l1DeviationOf(x, p, hi) + 2.0 * b));
    return s;
}

std::size_t phpMaxDepth(std::size_t n) {
    std::size_t d = 0;
    while ((std::size_t(2) << d) <= n) ++d;
    return std::max<std::size_t>(1, d);
}

namespace {

struct Node {
    PhpBucket bucket;
    std::size_t level = 1;
    bool final = false;
};

struct Split {
    std::size_t node, at;  // the bucket at list position `node` split before bin `at`
};

// The list after applying the first `count` splits (the order DPComp keeps: the split bucket is
// removed, its children appended).
std::vector<PhpBucket> replay(std::size_t n, const std::vector<Split>& splits, std::size_t count) {
    std::vector<PhpBucket> list{{0, n}};
    for (std::size_t s = 0; s < count; ++s) {
        const PhpBucket b = list[splits[s].node];
        list.erase(list.begin() + std::ptrdiff_t(splits[s].node));
        list.push_back({b.lo, splits[s].at});
        list.push_back({splits[s].at, b.hi});
    }
    return list;
}

}  // namespace

Result<std::vector<PhpBucket>> phpPartition(const std::vector<double>& x, double epsCluster, double b,
                                            std::size_t maxBuckets, RandomSource& rng, const RunContext& ctx) {
    const std::size_t n = x.size(), depth = phpMaxDepth(n);
    auto decide = ExponentialMechanism::create(epsCluster / (2.0 * double(depth)), 2.0);
    auto pick = ExponentialMechanism::create(epsCluster / 2.0, 2.0);
    if (!decide) return decide.status();
    if (!pick) return pick.status();
    std::vector<Node> list{{{0, n}, 1, n == 1}};
    double err = l1DeviationOf(x, 0, n) + b;
    std::vector<std::pair<std::size_t, double>> states{{0, -err}};  // (splits applied, score)
    std::vector<Split> splits;
    while (list.size() < n && list.size() < maxBuckets) {  // each split adds one bucket
        if (ctx.cancelled()) return Status::cancelled();
        const auto open = std::find_if(list.begin(), list.end(), [](const Node& v) { return !v.final; });
        if (open == list.end()) break;  // DPComp would split the last bucket again (see above)
        const std::size_t at = std::size_t(open - list.begin());
        const PhpBucket c = open->bucket;
        const std::vector<double> scores = phpSplitScores(x, c.lo, c.hi, b);
        auto choice = decide->select(rng, scores);
        if (!choice) return choice.status();
        if (*choice == 0) {
            open->final = true;
            if (std::none_of(list.begin(), list.end(), [](const Node& v) { return !v.final; })) break;
        } else {
            const std::size_t level = open->level + 1, cut = c.lo + *choice;
            err += -scores[*choice] - (-scores[0]);
            list.erase(open);
            list.push_back({{c.lo, cut}, level, cut - c.lo == 1 || level >= depth});
            list.push_back({{cut, c.hi}, level, c.hi - cut == 1 || level >= depth});
            splits.push_back({at, cut});
        }
        states.emplace_back(splits.size(), -err);
    }
    std::vector<double> scores;
    scores.reserve(states.size());
    for (const auto& s : states) scores.push_back(s.second);
    auto chosen = pick->select(rng, scores);
    if (!chosen) return chosen.status();
    return replay(n, splits, states[*chosen].first);
}

namespace {

Result<HistogramResult> releasePhp(const HistogramRun& run) {
    if (run.rows > 0 && run.columns > 0)
        return Status::invalidArgument("P-HPartition takes a 1-D histogram (its buckets are ranges of bins)");
    const double epsCluster = run.options.number("ratio") * run.epsilon, epsCount = run.epsilon - epsCluster;
    auto lap = LaplaceMechanism::create(epsCount, 1.0);
    if (!lap) return lap.status();
    auto buckets = phpPartition(run.counts, epsCluster, 1.0 / epsCount, 2000, *run.ctx.random, run.ctx);
    if (!buckets) return buckets.status();
    HistogramResult r;
    r.estimate.assign(run.counts.size(), 0.0);
    for (const auto& bk : *buckets) {
        double total = 0.0;
        for (std::size_t i = bk.lo; i < bk.hi; ++i) total += run.counts[i];
        auto noisy = lap->release(*run.ctx.random, total);
        if (!noisy) return noisy.status();
        const double share = std::max(0.0, *noisy / double(bk.hi - bk.lo));
        for (std::size_t i = bk.lo; i < bk.hi; ++i) r.estimate[i] = share;
    }
    r.noiseScale = lap->scale();
    r.description = std::to_string(buckets->size()) + " buckets (partition with eps " + formatNumber(epsCluster) +
                    ", depth <= " + std::to_string(phpMaxDepth(run.counts.size())) + "), Laplace(" +
                    formatNumber(r.noiseScale) + ") per bucket total, clamped at 0";
    return r;
}

}  // namespace

HistogramStrategyEntry phpStrategy() {
    AlgorithmInfo info;
    info.family = "histogram";
    info.id = "php";
    info.name = "P-HPartition";
    info.summary =
        "Splits the bins recursively into ranges of similar counts with the exponential mechanism, then "
        "publishes each range's noisy average; data-dependent";
    info.citation = "Acs, Castelluccia, Chen, ICDM 2012";
    info.dataDependent = true;
    info.parameters = {
        {"ratio",
         "Partition share",
         "share of epsilon spent on the partition (half on the splits, half on choosing among the states)",
         ParameterKind::Number,
         0.05,
         0.95,
         0.5,
         {}},
    };
    return {info, releasePhp};
}

}  // namespace veil::dp::detail
