// MWEM (Hardt, Ligett, McSherry, "A simple and practical algorithm for differentially private
// data release", NIPS 2012, Algorithm 1; seed 004 "Multiplicative Weights Algorithm") with
// DPComp's update of all measurements repeated `update_passes` times per round and a measured
// query leaving the candidates (dpcomp_core mwemND_engine); MWEM* picks the rounds from N eps
// (Hay et al., "Principled evaluation of differentially private algorithms using DPBench",
// SIGMOD 2016; dpcomp_core mwemND_adaptive_engine, 1-D table).
#include "dp/detail/histogram_strategies.h"

#include "veil/common/validate.h"
#include "veil/dp/exponential_mechanism.h"
#include "veil/dp/laplace_mechanism.h"

#include <algorithm>
#include <array>
#include <cmath>

namespace veil::dp::detail {

namespace {

struct MwemSettings {
    int rounds = 10;
    int passes = 100;
    double totalShare = 0.05;
    double selectionShare = 0.5;
};

// DPBench's MWEM* rounds for 1-D data: linear interpolation of this table at N eps.
int adaptiveRounds(double scaleTimesEpsilon) {
    static constexpr std::array<double, 12> sep{0, 1, 10, 100, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e20};
    static constexpr std::array<double, 12> rounds{2, 2, 2, 4, 8, 12, 60, 80, 140, 140, 140, 140};
    const double x = std::clamp(scaleTimesEpsilon, 0.0, sep.back());
    std::size_t k = 1;
    while (k + 1 < sep.size() && sep[k] < x) ++k;
    const double t = (x - sep[k - 1]) / (sep[k] - sep[k - 1]);
    return int(rounds[k - 1] + t * (rounds[k] - rounds[k - 1]));  // truncated, as NumPy's int(interp)
}

// One pass of multiplicative-weights updates over every measurement, keeping the total at
// `total`: a[i] *= exp((m - est) / (2 total)) inside the query, then a rescale to `total`. The
// rescale is kept as one factor `s` (actual = s * a, s = total / sum of a, the sum recomputed in
// full so that mass outside the query is never lost to cancellation) and folded into `a` when it
// drifts far from 1. Numerical guard: the exponent is clipped to +-50 (reached only when a noisy
// answer is 100 totals away from the model), so no update sends all mass to 0 or infinity
// (DPComp's NumPy update returns NaN there). O(n) per measurement.
void updatePass(std::vector<double>& a, const std::vector<RangeQuery>& workload,
                const std::vector<std::pair<std::size_t, double>>& measured, double total) {
    double s = 1.0;
    for (const auto& [qi, m] : measured) {
        const RangeQuery& q = workload[qi];
        double est = 0.0;
        for (std::size_t i = q.lo; i <= q.hi; ++i) est += a[i];
        est *= s;
        const double factor = std::exp(std::clamp((m - est) / (2.0 * total), -50.0, 50.0));
        double sum = 0.0;
        for (std::size_t i = 0; i < a.size(); ++i) {
            if (i >= q.lo && i <= q.hi) a[i] *= factor;
            sum += a[i];
        }
        s = total / sum;
        if (s < 1e-100 || s > 1e100) {
            for (double& v : a) v *= s;
            s = 1.0;
        }
    }
    for (double& v : a) v *= s;
}

Result<HistogramResult> runMwem(const HistogramRun& run, MwemSettings set, bool adaptive) {
    const auto& counts = run.counts;
    const RunContext& ctx = run.ctx;
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
    auto totalMech = LaplaceMechanism::create(run.epsilon * set.totalShare, 1.0);
    if (!totalMech) return totalMech.status();
    double total = 0.0;
    for (double c : counts) total += c;
    auto releasedTotal = totalMech->release(rng, total);
    if (!releasedTotal) return releasedTotal.status();
    const double noisyTotal = std::max(1.0, *releasedTotal);
    const double rest = run.epsilon * (1.0 - set.totalShare);
    if (adaptive) set.rounds = adaptiveRounds(noisyTotal * run.epsilon);
    set.rounds = std::min<int>(set.rounds, int(std::min<std::size_t>(workload.size(), 1u << 20)));
    if (set.rounds < 1) return Status::invalidArgument("MWEM needs at least one round");
    auto select = ExponentialMechanism::create(rest * set.selectionShare / set.rounds, 1.0);
    auto measure = LaplaceMechanism::create(rest * (1.0 - set.selectionShare) / set.rounds, 1.0);
    if (!select) return select.status();
    if (!measure) return measure.status();

    const auto trueAnswers = answerWorkload(counts, workload);
    std::vector<double> a(n, noisyTotal / double(n));
    std::vector<std::pair<std::size_t, double>> measured;  // (query, noisy answer)
    std::vector<std::size_t> candidates(workload.size());
    for (std::size_t i = 0; i < candidates.size(); ++i) candidates[i] = i;
    std::vector<double> scores;
    for (int t = 0; t < set.rounds; ++t) {
        if (ctx.cancelled()) return Status::cancelled();
        ctx.report(double(t) / set.rounds, "MWEM round");
        const auto p = prefixSums(a);
        scores.resize(candidates.size());
        for (std::size_t i = 0; i < candidates.size(); ++i)
            scores[i] = std::fabs(rangeSum(p, workload[candidates[i]]) - trueAnswers[candidates[i]]);
        auto pick = select->select(rng, scores);
        if (!pick) return pick.status();
        const std::size_t qi = candidates[*pick];
        candidates.erase(candidates.begin() + std::ptrdiff_t(*pick));  // no longer a candidate
        auto answer = measure->release(rng, trueAnswers[qi]);
        if (!answer) return answer.status();
        measured.emplace_back(qi, *answer);
        // Post-processing of the noisy answers: repeated multiplicative-weights passes.
        for (int pass = 0; pass < set.passes; ++pass) updatePass(a, workload, measured, noisyTotal);
    }
    ctx.report(1.0, "MWEM done");
    HistogramResult r;
    r.noiseScale = measure->scale();
    r.consistent = true;
    r.estimate = std::move(a);
    r.description = std::to_string(set.rounds) + " rounds" + (adaptive ? " (MWEM* from N eps)" : "") + " over " +
                    std::to_string(workload.size()) + " range queries, " + std::to_string(set.passes) +
                    " update passes per round, eps " + formatNumber(rest / set.rounds) + " per round, " +
                    formatNumber(run.epsilon * set.totalShare) + " on the total";
    return r;
}

MwemSettings settingsOf(const HistogramRun& run, bool adaptive) {
    MwemSettings s;
    if (!adaptive) s.rounds = int(run.options.integer("rounds"));
    s.passes = int(run.options.integer("update_passes"));
    s.totalShare = run.options.number("total_share");
    s.selectionShare = run.options.number("selection_share");
    return s;
}

std::vector<ParameterInfo> sharedParameters() {
    return {
        {"update_passes",
         "Update passes",
         "multiplicative-weights passes over all measurements per round (DPComp: 100)",
         ParameterKind::Integer,
         1,
         10000,
         100,
         {}},
        {"total_share",
         "Share for the total",
         "share of epsilon spent on the noisy record count",
         ParameterKind::Number,
         0.001,
         0.5,
         0.05,
         {}},
        {"selection_share",
         "Share for selection",
         "share of the rest of epsilon spent choosing queries (DPComp: 0.5)",
         ParameterKind::Number,
         0.05,
         0.95,
         0.5,
         {}},
    };
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
    info.parameters = {{"rounds",
                        "Rounds T",
                        "measurement rounds (at most the number of candidate queries)",
                        ParameterKind::Integer,
                        1,
                        1000,
                        10,
                        {}}};
    for (auto& p : sharedParameters()) info.parameters.push_back(p);
    return {info, [](const HistogramRun& run) { return runMwem(run, settingsOf(run, false), false); }};
}

HistogramStrategyEntry mwemStarStrategy() {
    AlgorithmInfo info;
    info.family = "histogram";
    info.id = "mwem-star";
    info.name = "MWEM*";
    info.summary = "MWEM with the number of rounds chosen from a noisy N times epsilon (DPBench's table)";
    info.citation = "Hay, Machanavajjhala, Miklau, Chen, Zhang, SIGMOD 2016";
    info.dataDependent = true;
    info.parameters = sharedParameters();
    return {info, [](const HistogramRun& run) { return runMwem(run, settingsOf(run, true), true); }};
}

}  // namespace veil::dp::detail
