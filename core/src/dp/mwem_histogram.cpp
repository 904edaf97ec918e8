// MWEM (Hardt, Ligett, McSherry, "A simple and practical algorithm for differentially private
// data release", NIPS 2012, Algorithm 1; seed 004 "Multiplicative Weights Algorithm").
#include "dp/detail/histogram_strategies.h"

#include "veil/common/validate.h"
#include "veil/dp/exponential_mechanism.h"
#include "veil/dp/laplace_mechanism.h"

#include <cmath>

namespace veil::dp::detail {

namespace {

Result<HistogramResult> releaseMwem(const HistogramRun& run) {
    const auto& counts = run.counts;
    const RunContext& ctx = run.ctx;
    const int rounds = int(run.options.integer("rounds"));
    const double totalShare = run.options.number("total_share");
    RandomSource& rng = *ctx.random;
    std::vector<RangeQuery> workload = run.workload;
    if (workload.empty()) {
        auto w = randomRangeWorkload(counts.size(), 500, rng);  // public: drawn independently of the data
        if (!w) return w.status();
        workload = std::move(*w);
    }
    for (const auto& q : workload)
        if (q.lo > q.hi || q.hi >= counts.size())
            return Status::invalidArgument("MWEM workload query outside the domain");
    const std::size_t n = counts.size();
    // The total count is not public under add/remove: spend a small share on it.
    auto totalMech = LaplaceMechanism::create(run.epsilon * totalShare, 1.0);
    if (!totalMech) return totalMech.status();
    double total = 0.0;
    for (double c : counts) total += c;
    auto releasedTotal = totalMech->release(rng, total);
    if (!releasedTotal) return releasedTotal.status();
    const double noisyTotal = std::max(1.0, *releasedTotal);
    const double perRound = run.epsilon * (1.0 - totalShare) / rounds;
    auto select = ExponentialMechanism::create(perRound / 2.0, 1.0);
    auto measure = LaplaceMechanism::create(perRound / 2.0, 1.0);
    if (!select) return select.status();
    if (!measure) return measure.status();

    const auto trueAnswers = answerWorkload(counts, workload);
    std::vector<double> a(n, noisyTotal / double(n));
    std::vector<std::pair<std::size_t, double>> measured;  // (query, noisy answer)
    std::vector<double> scores(workload.size());
    for (int t = 0; t < rounds; ++t) {
        if (ctx.cancelled()) return Status::cancelled();
        ctx.report(double(t) / rounds, "MWEM round");
        const auto p = prefixSums(a);
        for (std::size_t i = 0; i < workload.size(); ++i)
            scores[i] = std::fabs(rangeSum(p, workload[i]) - trueAnswers[i]);
        auto pick = select->select(rng, scores);
        if (!pick) return pick.status();
        auto answer = measure->release(rng, trueAnswers[*pick]);
        if (!answer) return answer.status();
        measured.emplace_back(*pick, *answer);
        // Multiplicative weights over all measurements so far (post-processing of the noisy answers).
        for (const auto& [qi, m] : measured) {
            const RangeQuery& q = workload[qi];
            double est = 0.0;
            for (std::size_t i = q.lo; i <= q.hi; ++i) est += a[i];
            const double factor = std::exp((m - est) / (2.0 * noisyTotal));
            double sum = 0.0;
            for (std::size_t i = 0; i < n; ++i) {
                if (i >= q.lo && i <= q.hi) a[i] *= factor;
                sum += a[i];
            }
            for (double& v : a) v *= noisyTotal / sum;
        }
    }
    ctx.report(1.0, "MWEM done");
    HistogramResult r;
    r.noiseScale = measure->scale();
    r.consistent = true;
    r.estimate = std::move(a);
    r.description = std::to_string(rounds) + " rounds over " + std::to_string(workload.size()) +
                    " range queries, eps " + formatNumber(perRound) + " per round, " +
                    formatNumber(run.epsilon * totalShare) + " on the total";
    return r;
}

}  // namespace

HistogramStrategyEntry mwemStrategy() {
    AlgorithmInfo info;
    info.family = "histogram";
    info.id = "mwem";
    info.name = "MWEM";
    info.summary =
        "Multiplicative weights over the workload's queries chosen by the exponential mechanism; data-dependent";
    info.citation = "Hardt, Ligett, McSherry, NIPS 2012";
    info.dataDependent = true;
    info.parameters = {
        {"rounds",
         "Rounds T",
         "measurement rounds (each spends epsilon (1 - total_share) / T)",
         ParameterKind::Integer,
         1,
         1000,
         10,
         {}},
        {"total_share",
         "Share for the total",
         "share of epsilon spent on the noisy record count",
         ParameterKind::Number,
         0.001,
         0.5,
         0.05,
         {}},
    };
    return {info, releaseMwem};
}

}  // namespace veil::dp::detail
