// Running a histogram strategy through the release gate, and their evaluation (DPBench scaled
// error, Hay et al. SIGMOD 2016) in teaching mode.
#include "veil/dp/histogram_release.h"

#include "dp/detail/histogram_strategies.h"

#include "veil/common/random.h"
#include "veil/common/validate.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace veil::dp {

namespace {

Status validateCounts(const std::vector<double>& counts) {
    if (counts.empty()) return Status::invalidArgument("the histogram has no bins");
    // One pass without a branch per bin (a select, which the compiler vectorises); then the first
    // bad bin, for the message. 0 <= c <= max is false for NaN and infinities.
    double bad = 0.0;
    for (const double c : counts) bad = (c >= 0.0 && c <= std::numeric_limits<double>::max()) ? bad : 1.0;
    if (bad == 0.0) return Status::ok();
    for (std::size_t i = 0; i < counts.size(); ++i)
        if (!std::isfinite(counts[i]) || counts[i] < 0)
            return Status::invalidArgument("bin " + std::to_string(i) + " has count " + formatNumber(counts[i]) +
                                           "; counts must be finite and non-negative");
    return Status::ok();
}

// The declared shape: both or neither of rows and columns, their product the number of bins, and
// present for the strategies that need it.
Status validateShape(const HistogramRequest& request, std::size_t bins) {
    if ((request.rows == 0) != (request.columns == 0))
        return Status::invalidArgument("the histogram shape needs both rows and columns (got " +
                                       std::to_string(request.rows) + " x " + std::to_string(request.columns) + ")");
    if (request.rows > 0 && request.rows * request.columns != bins)
        return Status::invalidArgument("the declared shape " + std::to_string(request.rows) + " x " +
                                       std::to_string(request.columns) + " does not hold the " + std::to_string(bins) +
                                       " bins");
    if (request.rows == 0 && histogramStrategyIsPlanar(request.strategy))
        return Status::invalidArgument("strategy '" + request.strategy +
                                       "' releases a 2-D histogram: declare its rows and columns");
    if (request.rows > 0 && !histogramStrategyIsCellwise(request.strategy) &&
        !histogramStrategyTakesGrid(request.strategy)) {
        std::string grid;
        for (const auto& info : gridHistogramStrategies()) grid += (grid.empty() ? "" : ", ") + info.id;
        return Status::invalidArgument("strategy '" + request.strategy +
                                       "' releases a 1-D histogram; a 2-D histogram of declared rows and columns "
                                       "takes one of: " +
                                       grid);
    }
    if (!request.rectangles.empty() && request.rows == 0)
        return Status::invalidArgument("a workload of rectangles needs the declared rows and columns");
    for (const auto& q : request.rectangles)
        if (q.rowLo > q.rowHi || q.colLo > q.colHi || q.rowHi >= request.rows || q.colHi >= request.columns)
            return Status::invalidArgument("workload rectangle rows " + std::to_string(q.rowLo) + ".." +
                                           std::to_string(q.rowHi) + ", columns " + std::to_string(q.colLo) + ".." +
                                           std::to_string(q.colHi) + " is outside the " + std::to_string(request.rows) +
                                           " x " + std::to_string(request.columns) + " grid");
    return Status::ok();
}

}  // namespace

Result<HistogramResult> releaseHistogram(ReleaseGate& gate, const std::vector<double>& counts,
                                         const HistogramRequest& request, const RunContext& ctx) {
    VEIL_RETURN_IF_ERROR(validateEpsilon(request.epsilon));
    auto entry = findHistogramStrategy(request.strategy);
    if (!entry) return entry.status();
    auto options = parseParameters(**entry, request.options, "options");
    if (!options) return options.status();
    VEIL_RETURN_IF_ERROR(validateCounts(counts));
    for (const auto& q : request.workload)
        if (q.lo > q.hi || q.hi >= counts.size())
            return Status::invalidArgument("workload query [" + std::to_string(q.lo) + ", " + std::to_string(q.hi) +
                                           "] is outside the " + std::to_string(counts.size()) + " bins");
    VEIL_RETURN_IF_ERROR(validateShape(request, counts.size()));
    VEIL_RETURN_IF_ERROR(detail::checkHistogramStrategy((*entry)->id, *options, gate.isTeaching()));
    if (ctx.cancelled()) return Status::cancelled();

    Charge charge;
    charge.what = request.what;
    charge.mechanism = (*entry)->id;
    charge.neighbouring = neighbouringName(Neighbouring::AddRemove);
    charge.citation = (*entry)->citation;
    charge.cost = {request.epsilon, 0.0, 0.0};
    charge.details = {{"strategy", (*entry)->id}, {"options", options->json()}, {"bins", counts.size()}};
    if (request.rows > 0) charge.details["shape"] = {request.rows, request.columns};
    auto admission = gate.admit(charge);
    if (!admission) return admission.status();

    RunContext local = ctx;
    local.random = admission->random.get();
    detail::HistogramRun run{counts, *options, request.epsilon, request.workload, local, request.rows, request.columns};
    run.rectangles = &request.rectangles;
    run.teaching = gate.isTeaching();
    auto r = detail::runHistogramStrategy((*entry)->id, run);
    if (!r) return r;
    r->epsilon = request.epsilon;
    r->neighbouring = Neighbouring::AddRemove;
    r->receipt = admission->receipt;
    if (gate.isTeaching()) r->trueCounts = counts;
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
        if (c > 0.0 && cum + c >= target)
            return edges[i] + (edges[i + 1] - edges[i]) * std::clamp((target - cum) / c, 0.0, 1.0);
        cum += c;
    }
    return edges.back();
}

Result<std::vector<StrategyError>> compareStrategies(ReleaseGate& gate, const std::vector<double>& counts,
                                                     const std::vector<std::string>& strategies, double epsilon,
                                                     const std::vector<RangeQuery>& workload, int trials,
                                                     const RunContext& ctx) {
    if (!gate.isTeaching())
        return Status::invalidArgument(
            "comparing strategies measures their error against the true counts: it is only "
            "available in teaching mode (public or sample data)");
    VEIL_RETURN_IF_ERROR(requireAtLeast(trials, 1, "trials"));
    std::vector<StrategyError> out;
    const long long totalSteps = static_cast<long long>(strategies.size()) * trials;
    ProgressReporter progress(ctx, "Comparing strategies", totalSteps);
    long long step = 0;
    for (const auto& id : strategies) {
        auto entry = findHistogramStrategy(id);
        if (!entry) return entry.status();
        HistogramRequest request;
        request.strategy = id;
        request.epsilon = epsilon;
        request.workload = workload;
        double sum = 0.0, sumSq = 0.0;
        bool consistent = false;
        for (int t = 0; t < trials; ++t) {
            if (!progress.step(step++)) return Status::cancelled();
            RunContext inner = ctx;
            inner.progress = nullptr;
            auto rel = releaseHistogram(gate, counts, request, inner);
            if (!rel) return rel.status();
            consistent = rel->consistent;
            auto err = scaledAverageError(counts, rel->estimate, workload);
            if (!err) return err.status();
            sum += *err;
            sumSq += *err * *err;
        }
        const double mean = sum / trials;
        // One trial says nothing of the spread: no standard error (NaN), not 0.
        const double var = trials > 1 ? std::max(0.0, (sumSq - trials * mean * mean) / (trials - 1))
                                      : std::numeric_limits<double>::quiet_NaN();
        out.push_back({id, (*entry)->name, consistent, mean, std::sqrt(var / trials)});
    }
    progress.finish();
    return out;
}

}  // namespace veil::dp
