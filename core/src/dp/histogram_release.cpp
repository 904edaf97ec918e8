// Dispatcher and evaluation of the histogram strategies (DPBench scaled error, Hay et al. 2016).
#include "veil/dp/histogram_release.h"

#include "veil/common/random.h"
#include "veil/common/validate.h"
#include "veil/dp/samplers.h"

#include <algorithm>
#include <cmath>

namespace veil::dp {

const char* histogramStrategyName(HistogramStrategy s) {
    switch (s) {
        case HistogramStrategy::Identity: return "identity";
        case HistogramStrategy::Hierarchical: return "hierarchical";
        case HistogramStrategy::Privelet: return "privelet";
        case HistogramStrategy::Mwem: return "mwem";
    }
    return "identity";
}

Result<HistogramStrategy> parseHistogramStrategy(const std::string& name) {
    for (auto s : {HistogramStrategy::Identity, HistogramStrategy::Hierarchical, HistogramStrategy::Privelet, HistogramStrategy::Mwem})
        if (name == histogramStrategyName(s)) return s;
    return Status::invalidArgument("unknown histogram strategy '" + name + "' (expected identity, hierarchical, privelet or mwem)");
}

Result<HistogramResult> releaseHistogram(const std::vector<double>& counts, HistogramStrategy strategy,
                                         const HistogramOptions& options, const RunContext& ctx) {
    VEIL_RETURN_IF_ERROR(validateEpsilon(options.epsilon));
    if (counts.empty()) return Status::invalidArgument("the histogram has no bins");
    for (std::size_t i = 0; i < counts.size(); ++i)
        if (!std::isfinite(counts[i]) || counts[i] < 0)
            return Status::invalidArgument("bin " + std::to_string(i) + " has count " + formatNumber(counts[i]) +
                                           "; counts must be finite and non-negative");
    if (!ctx.random) return Status::invalidArgument("no random source given for the release");
    if (ctx.cancelled()) return Status::cancelled();
    Result<HistogramResult> r = Status::internal("unreachable");
    switch (strategy) {
        case HistogramStrategy::Identity: {
            // Laplace per bin: one record changes one bin by 1 (parallel composition).
            HistogramResult h;
            h.noiseScale = snappedLaplaceScale(1.0, options.epsilon);
            h.estimate.resize(counts.size());
            for (std::size_t i = 0; i < counts.size(); ++i) h.estimate[i] = addSnappedLaplace(*ctx.random, counts[i], h.noiseScale);
            h.description = "Laplace(" + formatNumber(h.noiseScale) + ") per bin";
            r = std::move(h);
            break;
        }
        case HistogramStrategy::Hierarchical: r = detail::releaseHierarchical(counts, options, *ctx.random); break;
        case HistogramStrategy::Privelet: r = detail::releasePrivelet(counts, options, *ctx.random); break;
        case HistogramStrategy::Mwem: r = detail::releaseMwem(counts, options, ctx); break;
    }
    if (!r) return r;
    r->strategy = strategy;
    r->epsilon = options.epsilon;
    r->neighbouring = Neighbouring::AddRemove;
    return r;
}

double quantileFromHistogram(const std::vector<double>& edges, const std::vector<double>& counts, double q) {
    double total = 0.0;
    for (double c : counts) total += std::max(0.0, c);
    if (!(total > 0.0) || edges.size() != counts.size() + 1) return 0.5 * (edges.front() + edges.back());
    const double target = q * total;
    double cum = 0.0;
    for (std::size_t i = 0; i < counts.size(); ++i) {
        const double c = std::max(0.0, counts[i]);
        if (c > 0.0 && cum + c >= target) return edges[i] + (edges[i + 1] - edges[i]) * std::clamp((target - cum) / c, 0.0, 1.0);
        cum += c;
    }
    return edges.back();
}

Result<std::vector<StrategyError>> compareStrategies(const std::vector<double>& counts,
                                                     const std::vector<HistogramStrategy>& strategies,
                                                     const HistogramOptions& options,
                                                     const std::vector<RangeQuery>& workload, int trials,
                                                     const RunContext& ctx) {
    VEIL_RETURN_IF_ERROR(requireAtLeast(trials, 1, "trials"));
    std::vector<StrategyError> out;
    const long long totalSteps = static_cast<long long>(strategies.size()) * trials;
    ProgressReporter progress(ctx, "Comparing strategies", totalSteps);
    long long step = 0;
    for (auto s : strategies) {
        HistogramOptions o = options;
        if (s == HistogramStrategy::Mwem && o.workload.empty()) o.workload = workload;
        double sum = 0.0, sumSq = 0.0;
        for (int t = 0; t < trials; ++t) {
            if (!progress.step(step++)) return Status::cancelled();
            RunContext inner = ctx;
            inner.progress = nullptr;
            auto rel = releaseHistogram(counts, s, o, inner);
            if (!rel) return rel.status();
            auto err = scaledAverageError(counts, rel->estimate, workload);
            if (!err) return err.status();
            sum += *err;
            sumSq += *err * *err;
        }
        const double mean = sum / trials;
        const double var = trials > 1 ? std::max(0.0, (sumSq - trials * mean * mean) / (trials - 1)) : 0.0;
        out.push_back({s, s != HistogramStrategy::Identity && (s != HistogramStrategy::Hierarchical || options.consistency), mean,
                       std::sqrt(var / trials)});
    }
    progress.finish();
    return out;
}

}  // namespace veil::dp
