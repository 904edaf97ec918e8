// The sweep runner: data samples, per-method preparation, then every (method, epsilon, trial) in
// parallel with per-trial derived seeds, then summaries.
#include "veil/eval/sweep.h"

#include "detail/anonymity_sweep.h"
#include "veil/common/parallel.h"
#include "veil/common/random.h"
#include "veil/common/validate.h"
#include "veil/eval/method_registry.h"
#include "veil/graph/graph.h"

#include <chrono>
#include <memory>
#include <thread>

namespace veil::eval {

namespace {

constexpr std::uint64_t kDataStream = 0x64617461ULL;  // "data": the seed stream of sampled data sets

std::uint64_t fnv1a(const std::string& s) {
    std::uint64_t h = 1469598103934665603ULL;
    for (unsigned char c : s) {
        h ^= c;
        h *= 1099511628211ULL;
    }
    return h;
}

std::unique_ptr<RandomSource> makeSource(const std::optional<std::uint64_t>& seed, std::uint64_t derived) {
    if (seed) return std::make_unique<SeededRandom>(derived);
    return std::make_unique<SecureRandom>();
}

}  // namespace

std::uint64_t trialSeed(std::uint64_t seed, const std::string& methodLabel, std::size_t epsilonIndex, int trial) {
    std::uint64_t s = SeededRandom::deriveSeed(seed, fnv1a(methodLabel));
    s = SeededRandom::deriveSeed(s, epsilonIndex);
    return SeededRandom::deriveSeed(s, static_cast<std::uint64_t>(trial));
}

const AnonymityRow* SweepResult::anonymityRow(std::size_t method, std::size_t kIndex) const {
    const std::size_t i = method * epsilons.size() + kIndex;
    return i < anonymity.size() ? &anonymity[i] : nullptr;
}

const std::vector<double>* SweepResult::truthFor(const TrialRow& row) const {
    const std::size_t i = row.method * (sampled ? static_cast<std::size_t>(trials) : 1) +
                          (sampled ? static_cast<std::size_t>(row.trial) : 0);
    return i < truths.size() ? &truths[i] : nullptr;
}

const SummaryRow* SweepResult::summary(std::size_t method, std::size_t epsilonIndex) const {
    const std::size_t i = method * epsilons.size() + epsilonIndex;
    return i < summaries.size() ? &summaries[i] : nullptr;
}

std::vector<SummaryRow> summarizeRows(const std::vector<TrialRow>& rows, std::size_t methodCount,
                                      const std::vector<double>& epsilons) {
    const std::size_t cells = methodCount * epsilons.size();
    std::vector<std::array<std::vector<double>, kMetricCount>> values(cells);
    for (const auto& r : rows) {
        const std::size_t c = r.method * epsilons.size() + r.epsilonIndex;
        if (c >= cells) continue;
        for (std::size_t k = 0; k < kMetricCount; ++k) values[c][k].push_back(r.errors.values[k]);
    }
    std::vector<SummaryRow> out(cells);
    for (std::size_t c = 0; c < cells; ++c) {
        out[c].method = c / epsilons.size();
        out[c].epsilonIndex = c % epsilons.size();
        out[c].epsilon = epsilons[out[c].epsilonIndex];
        for (std::size_t k = 0; k < kMetricCount; ++k) out[c].metrics[k] = summarize(std::move(values[c][k]));
    }
    return out;
}

Result<SweepResult> runSweep(const Experiment& experiment, const ExperimentInputs& inputs, const SweepOptions& options,
                             const RunContext& ctx) {
    if (options.threads < 0)
        return Status::invalidArgument("threads must be >= 0 (got " + std::to_string(options.threads) + ")");
    if (experiment.kind == ExperimentKind::Anonymity)
        return detail::runAnonymitySweep(experiment, inputs, options, ctx);
    if (!options.teaching)
        return Status::invalidArgument(
            "a sweep measures every method's error against the true answers, so it runs in teaching "
            "mode only (public or sample data): turn teaching mode on (veil-cli sweep --teaching)");
    ctx.report(0.0, "Preparing the sweep");
    const int threads = threadsFor(options.threads);
    const std::size_t M = experiment.methods.size(), E = inputs.epsilons.size();
    const auto T = static_cast<std::size_t>(experiment.trials);
    if (M == 0 || E == 0 || T == 0) return Status::invalidArgument("the experiment has no methods, epsilons or trials");

    std::vector<const MethodInfo*> infos;
    for (const auto& m : experiment.methods) {
        auto info = findMethod(m.id);
        if (!info) return info.status();
        VEIL_RETURN_IF_ERROR(checkMethodApplies(**info, inputs.kind, inputs.data, experiment.delta));
        infos.push_back(*info);
    }

    // The data sets: the fixed input, or one multinomial sample per trial shared by all methods.
    const bool sampled = experiment.dataset.sample.has_value() && inputs.kind == DataKind::Histogram;
    std::vector<HistogramData> samples;
    if (sampled) {
        samples.resize(T);
        VEIL_RETURN_IF_ERROR(parallelFor(T, threads, ctx, [&](std::size_t t) -> Status {
            auto rng = makeSource(
                experiment.seed,
                SeededRandom::deriveSeed(SeededRandom::deriveSeed(experiment.seed.value_or(0), kDataStream), t));
            auto s = sampleHistogram(inputs.data, *experiment.dataset.sample, *rng);
            if (!s) return s.status();
            samples[t] = std::move(*s);
            return Status::ok();
        }));
    }
    const std::size_t D = sampled ? T : 1;
    auto dataFor = [&](std::size_t trial) -> const HistogramData& { return sampled ? samples[trial] : inputs.data; };

    // Per (method, data set): prepared state and true answers (shared read-only by the trials).
    std::vector<std::shared_ptr<const void>> prepared(M * D);
    std::vector<std::vector<double>> truth(M * D);
    VEIL_RETURN_IF_ERROR(parallelFor(M * D, threads, ctx, [&](std::size_t i) -> Status {
        const std::size_t m = i / D, d = i % D;
        const auto& data = dataFor(d);
        TrialInput in{data,    inputs.workload,    experiment.methods[m].options, experiment.delta,
                      nullptr, inputs.graph.get(), inputs.synthetic.get()};
        const std::string where = "method '" + experiment.methods[m].label + "'";
        if (infos[m]->prepare) {
            auto p = infos[m]->prepare(in);
            if (!p) return p.status().withContext(where);
            prepared[i] = std::move(*p);
            in.prepared = prepared[i].get();
        }
        if (infos[m]->target == MethodTarget::Statistic) {
            if (!infos[m]->truth) return Status::internal(where + ": no truth function");
            auto t = infos[m]->truth(in);
            if (!t) return t.status().withContext(where);
            truth[i] = std::move(*t);
        } else {
            truth[i] = trueAnswers(infos[m]->target, data, inputs.workload);
        }
        return Status::ok();
    }));

    SweepResult result;
    result.name = experiment.name;
    result.methods = experiment.methods;
    for (const auto* info : infos) result.targets.push_back(methodTargetName(info->target));
    result.epsilons = inputs.epsilons;
    result.trials = experiment.trials;
    result.delta = experiment.delta;
    result.seed = experiment.seed;
    result.sampled = sampled;
    if (inputs.kind == DataKind::Graph) {
        // Records of a graph: its nodes (the unit of node privacy); relative errors use max(truth, sanity * n).
        result.scale = static_cast<double>(std::max<std::size_t>(1, inputs.graph->nodeCount()));
        result.datasetName = inputs.graphName + " (" + std::to_string(inputs.graph->nodeCount()) + " nodes, " +
                             std::to_string(inputs.graph->edgeCount()) + " edges)";
    } else if (inputs.kind == DataKind::SyntheticTable) {
        // The error is a TVD in [0, 1]: no scale.
        const std::size_t rows = inputs.synthetic->discrete->rowCount();
        result.scale = 1.0;
        result.datasetName = inputs.tableName + " (" + std::to_string(rows) + " rows, " +
                             std::to_string(inputs.synthetic->domains.size()) + " declared columns)";
    } else {
        result.scale = sampled ? static_cast<double>(*experiment.dataset.sample) : inputs.data.total();
        result.datasetName = inputs.data.name + " (" + inputs.data.shapeText() + ", " +
                             (sampled ? "sampled at scale " : "scale ") + formatNumber(result.scale) + ")";
    }
    result.workloadName = inputs.workload.name;
    result.queryCount = inputs.workload.size();
    result.threadsUsed = static_cast<int>(std::min<std::size_t>(static_cast<std::size_t>(threads), M * E * T));
    result.rows.resize(M * E * T);

    const std::size_t total = M * E * T;
    const std::size_t stride = std::max<std::size_t>(1, total / 100);
    const auto start = std::chrono::steady_clock::now();
    Status status = parallelFor(
        total, threads, ctx,
        [&](std::size_t i) -> Status {
            const std::size_t m = i / (E * T), e = (i / T) % E;
            const int t = static_cast<int>(i % T);
            const std::size_t d = sampled ? static_cast<std::size_t>(t) : 0;
            const double eps = inputs.epsilons[e];
            const std::uint64_t seed =
                experiment.seed ? trialSeed(*experiment.seed, experiment.methods[m].label, e, t) : 0;
            // Errors against the truth: every trial runs in teaching mode (public or sample data).
            auto gate = dp::ReleaseGate::teaching(experiment.seed ? std::optional<std::uint64_t>(seed) : std::nullopt);
            const TrialInput in{dataFor(d),
                                inputs.workload,
                                experiment.methods[m].options,
                                experiment.delta,
                                prepared[m * D + d].get(),
                                inputs.graph.get(),
                                inputs.synthetic.get()};
            auto estimates = infos[m]->run(in, eps, gate);
            const std::string where = "method '" + experiment.methods[m].label + "', epsilon " + formatNumber(eps) +
                                      ", trial " + std::to_string(t);
            if (!estimates) return estimates.status().withContext(where);
            const auto& tr = truth[m * D + d];
            if (estimates->size() != tr.size())
                return Status::internal(where + ": " + std::to_string(estimates->size()) + " estimates for " +
                                        std::to_string(tr.size()) + " true answers");
            TrialRow& row = result.rows[i];
            row.method = m;
            row.epsilonIndex = e;
            row.epsilon = eps;
            row.trial = t;
            row.seed = seed;
            row.errors =
                computeErrors(tr, *estimates, sampled ? dataFor(d).total() : result.scale, experiment.sanityFraction);
            if (options.keepAnswers) row.answers = std::move(*estimates);
            return Status::ok();
        },
        [&](std::size_t done) {
            if (done % stride == 0 && done < total)
                ctx.report(static_cast<double>(done) / static_cast<double>(total), "Running trials");
        });
    if (!status.isOk()) return status;
    result.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    result.summaries = summarizeRows(result.rows, M, result.epsilons);
    if (options.keepAnswers) {
        result.truths = std::move(truth);
        result.queries = inputs.workload.queries;
    }
    ctx.report(1.0, "Done");
    return result;
}

Result<SweepResult> runExperiment(const Experiment& experiment, const SweepOptions& options, const RunContext& ctx) {
    auto inputs = loadExperimentInputs(experiment);
    if (!inputs) return inputs.status();
    return runSweep(experiment, *inputs, options, ctx);
}

}  // namespace veil::eval
