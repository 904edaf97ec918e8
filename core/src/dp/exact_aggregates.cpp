// Additive release of count / sum / mean / histogram from exact, contribution-bounded aggregates
// (sensitivities: Dwork & Roth 2014, Examples 3.1-3.3; bounded mean: n public under replace-one).
#include "veil/dp/exact_aggregates.h"

#include "dp/detail/additive_release.h"
#include "veil/common/random.h"
#include "veil/common/validate.h"
#include "veil/dp/gaussian_mechanism.h"
#include "veil/dp/geometric_mechanism.h"
#include "veil/dp/laplace_mechanism.h"

#include <algorithm>
#include <cmath>
#include <functional>
#include <set>

namespace veil::dp {

namespace {

struct Additive {
    NoiseDistribution noise;
    std::function<Result<double>(RandomSource&, double)> release;
};

bool isInteger(double x) { return std::isfinite(x) && std::floor(x) == x && std::fabs(x) < 9e15; }

Result<Additive> makeAdditive(MechanismKind mech, const ColumnQuerySpec& spec, double sensitivity, Neighbouring nb) {
    if (mech == MechanismKind::Laplace) {
        auto m = LaplaceMechanism::create(spec.epsilon, sensitivity, nb);
        if (!m) return m.status();
        LaplaceMechanism lm = *m;
        return Additive{lm.noise(), [lm](RandomSource& r, double v) { return lm.release(r, v); }};
    }
    if (mech == MechanismKind::Gaussian) {
        auto m = GaussianMechanism::create(spec.epsilon, spec.delta, sensitivity, nb);
        if (!m) return m.status();
        GaussianMechanism gm = *m;
        return Additive{gm.noise(), [gm](RandomSource& r, double v) { return gm.release(r, v); }};
    }
    if (!isInteger(sensitivity))
        return Status::invalidArgument("the geometric mechanism needs an integer sensitivity (got " +
                                       formatNumber(sensitivity) +
                                       "); use integer clamping bounds or the laplace mechanism");
    auto m = GeometricMechanism::create(spec.epsilon, static_cast<std::int64_t>(sensitivity), nb);
    if (!m) return m.status();
    GeometricMechanism gm = *m;
    return Additive{gm.noise(), [gm](RandomSource& r, double v) -> Result<double> {
                        if (!(std::fabs(v) < 9e18))  // the value is a true answer: not shown
                            return Status::invalidArgument(
                                "the exact answer does not fit in 64 bits: narrow the bounds or use the laplace "
                                "mechanism");
                        auto out = gm.release(r, static_cast<std::int64_t>(std::llround(v)));
                        if (!out) return out.status();
                        return double(*out);
                    }};
}

}  // namespace

Result<std::vector<double>> histogramEdges(const ColumnQuerySpec& spec) {
    std::vector<double> edges = spec.binEdges;
    if (edges.size() > kMaxHistogramBins + 1)
        return Status::invalidArgument("a histogram has at most " + std::to_string(kMaxHistogramBins) + " bins (got " +
                                       std::to_string(edges.size() - 1) + ")");
    if (edges.empty()) {
        if (!spec.lower || !spec.upper)
            return Status::invalidArgument(
                "a numeric histogram needs declared clamping bounds: give lower and upper, or bin edges");
        if (spec.binCount < 1 || std::size_t(spec.binCount) > kMaxHistogramBins)
            return Status::invalidArgument("a numeric histogram needs a declared number of bins in [1, " +
                                           std::to_string(kMaxHistogramBins) + "] (got " +
                                           std::to_string(spec.binCount) + ")");
        const int k = spec.binCount;
        if (!(*spec.upper > *spec.lower)) return Status::invalidArgument("numeric bins need lower < upper");
        for (int i = 0; i <= k; ++i) edges.push_back(*spec.lower + (*spec.upper - *spec.lower) * i / k);
    }
    if (edges.size() < 2 || !std::is_sorted(edges.begin(), edges.end()) ||
        std::adjacent_find(edges.begin(), edges.end()) != edges.end() ||
        !std::all_of(edges.begin(), edges.end(), [](double e) { return std::isfinite(e); }))
        return Status::invalidArgument("histogram bins: the edges must be at least two strictly increasing numbers");
    return edges;
}

std::vector<std::string> histogramBinLabels(const std::vector<double>& edges) {
    std::vector<std::string> labels;
    for (std::size_t b = 0; b + 1 < edges.size(); ++b)
        labels.push_back("[" + formatNumber(edges[b]) + ", " + formatNumber(edges[b + 1]) +
                         (b + 2 == edges.size() ? "]" : ")"));
    return labels;
}

std::size_t histogramBin(const std::vector<double>& edges, double value) {
    auto it = std::upper_bound(edges.begin(), edges.end(), value);
    const std::size_t b = it == edges.begin() ? 0 : std::size_t(it - edges.begin()) - 1;
    return std::min(b, edges.size() - 2);  // out-of-range values go to the end bins
}

bool isNumericHistogram(const ColumnQuerySpec& spec) {
    return spec.query == QueryKind::Histogram && (spec.binCount > 0 || !spec.binEdges.empty());
}

Result<AggregateDomain> aggregateDomain(const ColumnQuerySpec& spec) {
    AggregateDomain d;
    switch (spec.query) {
        case QueryKind::Count:
            d.labels = {"count"};
            return d;
        case QueryKind::Sum:
        case QueryKind::Mean:
            if (!spec.lower || !spec.upper)
                return Status::invalidArgument(std::string("a ") + queryKindName(spec.query) +
                                               " needs clamping bounds: give lower and upper");
            d.labels = {queryKindName(spec.query)};
            return d;
        case QueryKind::Histogram:
            if (spec.otherLabel && isNumericHistogram(spec))
                return Status::invalidArgument(
                    "an other bin is for categories; numeric bins clamp values into the first or last bin");
            if (isNumericHistogram(spec)) {
                if (!spec.categories.empty())
                    return Status::invalidArgument("a histogram has either numeric bins or categories, not both");
                auto edges = histogramEdges(spec);
                if (!edges) return edges.status();
                d.edges = std::move(*edges);
                d.labels = histogramBinLabels(d.edges);
                return d;
            }
            if (spec.categories.empty())
                return Status::invalidArgument(
                    "a histogram needs a declared, data-independent domain: numeric bins (bins with "
                    "lower and upper, or edges) or a list of categories; labels are never read off the data");
            VEIL_RETURN_IF_ERROR(requireDistinct(spec.categories, "the histogram's categories"));
            if (spec.categories.size() > kMaxHistogramBins)
                return Status::invalidArgument("a histogram has at most " + std::to_string(kMaxHistogramBins) +
                                               " categories (got " + std::to_string(spec.categories.size()) + ")");
            if (spec.otherLabel &&
                std::find(spec.categories.begin(), spec.categories.end(), *spec.otherLabel) != spec.categories.end())
                return Status::invalidArgument("the other bin '" + *spec.otherLabel + "' is also a declared category");
            d.labels = spec.categories;
            if (spec.otherLabel) d.labels.push_back(*spec.otherLabel);
            d.categorical = true;
            return d;
        default:
            break;
    }
    return Status::invalidArgument(std::string("a ") + queryKindName(spec.query) +
                                   " cannot be released from exact aggregates (count, sum, mean and histogram can)");
}

namespace detail {

Status releaseAdditive(ColumnQueryResult& r, const ColumnQuerySpec& spec, double sensitivity, Neighbouring nb,
                       const RunContext& ctx) {
    auto add = makeAdditive(r.mechanism, spec, sensitivity, nb);
    if (!add) return add.status();
    r.sensitivity = sensitivity;
    r.neighbouring = nb;
    r.noise = add->noise;
    r.noiseScale = add->noise.scale;
    const double w = add->noise.halfWidth(spec.confidence);
    ProgressReporter progress(ctx, "Releasing", spec.trials);
    for (int t = 0; t < spec.trials; ++t) {
        if (!progress.step(t)) return Status::cancelled();
        std::vector<double> out(r.trueValues.size());
        std::vector<ConfidenceInterval> ci(out.size());
        for (std::size_t i = 0; i < out.size(); ++i) {
            auto v = add->release(*ctx.random, r.trueValues[i]);
            if (!v) return v.status();
            out[i] = *v;
            ci[i] = {out[i] - w, out[i] + w, spec.confidence};
        }
        r.releases.push_back(std::move(out));
        r.intervals.push_back(std::move(ci));
    }
    progress.finish();
    return Status::ok();
}

Status releaseExact(ColumnQueryResult& r, const ColumnQuerySpec& spec, const ExactAggregates& exact,
                    const RunContext& ctx) {
    r.trueValues = exact.values;
    switch (spec.query) {
        case QueryKind::Sum: {
            const double sens = std::max(std::fabs(*spec.lower), std::fabs(*spec.upper));
            if (!(sens > 0.0)) return Status::invalidArgument("clamping bounds [0, 0] leave nothing to sum");
            return releaseAdditive(r, spec, sens, Neighbouring::AddRemove, ctx);
        }
        case QueryKind::Mean: {
            const double n = double(exact.rows);
            r.trueValues = {exact.values.at(0) / n};
            const double sens = (*spec.upper - *spec.lower) / n;
            if (!(sens > 0.0))
                return Status::invalidArgument("clamping bounds with lower = upper leave nothing to estimate");
            r.notes.push_back("mean under replace-one neighbouring: the row count n = " + std::to_string(exact.rows) +
                              " is treated as public; sensitivity (upper - lower) / n");
            VEIL_RETURN_IF_ERROR(releaseAdditive(r, spec, sens, Neighbouring::Replace, ctx));
            // Post-processing: the mean is clamped to the bounds, and its interval, "released value
            // +- w", follows it and stays within them (the true mean does).
            for (std::size_t t = 0; t < r.releases.size(); ++t) {
                auto& rel = r.releases[t];
                const double clamped = std::clamp(rel[0], *spec.lower, *spec.upper);
                if (t < r.intervals.size() && !r.intervals[t].empty()) {
                    auto& ci = r.intervals[t][0];
                    const double w = (ci.upper - ci.lower) / 2.0;
                    ci.lower = std::max(*spec.lower, clamped - w);
                    ci.upper = std::min(*spec.upper, clamped + w);
                }
                rel[0] = clamped;
            }
            return Status::ok();
        }
        default:
            // Count, range count and histograms: one record changes one output by 1 (L1 = L2 = 1,
            // parallel composition over a histogram's bins).
            return releaseAdditive(r, spec, 1.0, Neighbouring::AddRemove, ctx);
    }
}

}  // namespace detail

namespace {
// The exact aggregates are true answers (an engine may have computed them unseen): a refusal names
// the check that failed, not the values.
constexpr const char* kTruthsWithheld = " (the exact aggregates are inconsistent; their values are not shown)";
}  // namespace

Result<ColumnQueryResult> releaseExactAggregates(ReleaseGate& gate, const std::string& column,
                                                 const ColumnQuerySpec& spec, const ExactAggregates& exact,
                                                 const RunContext& ctx) {
    auto mech = detail::chooseMechanism(spec);
    if (!mech) return mech.status();
    if (spec.query == QueryKind::Histogram && spec.strategy != "identity")
        return Status::invalidArgument("a histogram from exact aggregates is released with the identity strategy");
    auto domain = aggregateDomain(spec);
    if (!domain) return domain.status();
    if (exact.values.size() != domain->labels.size())
        return Status::invalidArgument("the exact aggregates have " + std::to_string(exact.values.size()) +
                                       " values; the " + queryKindName(spec.query) + " has " +
                                       std::to_string(domain->labels.size()) + " outputs");
    const double n = double(exact.rows);
    if (spec.query == QueryKind::Sum || spec.query == QueryKind::Mean) {
        const double s = exact.values[0], lo = n * *spec.lower, hi = n * *spec.upper;
        const double slack = 1e-9 * std::max({1.0, std::fabs(lo), std::fabs(hi)});  // the engine's rounding
        if (!std::isfinite(s) || s < lo - slack || s > hi + slack)
            return Status::invalidArgument("the clamped sum is outside [n*lower, n*upper]" +
                                           std::string(kTruthsWithheld));
        if (spec.query == QueryKind::Mean && exact.rows == 0)
            return Status::invalidArgument("a mean of no values: the column is empty");
    } else {
        double total = 0.0;
        for (double v : exact.values) {
            if (!isInteger(v) || v < 0.0)
                return Status::invalidArgument("a count is not a non-negative integer" + std::string(kTruthsWithheld));
            total += v;
        }
        if (spec.query == QueryKind::Count && exact.values[0] != n)
            return Status::invalidArgument("the count differs from the rows" + std::string(kTruthsWithheld));
        if (spec.query == QueryKind::Histogram && total != n)
            return Status::invalidArgument("the bins do not add up to the rows" + std::string(kTruthsWithheld));
    }
    auto cost = columnQueryCost(spec);
    if (!cost) return cost.status();
    Charge charge;
    charge.what = std::string(queryKindName(spec.query)) + " of " + column;
    charge.mechanism = mechanismKindName(*mech);
    charge.neighbouring = neighbouringName(detail::neighbouringOf(spec, *mech));
    charge.citation = mechanismCitation(*mech);
    charge.cost = *cost;
    charge.details = {
        {"query", queryKindName(spec.query)}, {"column", column}, {"trials", spec.trials}, {"exact_aggregates", true}};
    auto admission = gate.admit(charge);
    if (!admission) return admission.status();

    ColumnQueryResult r;
    r.query = spec.query;
    r.mechanism = *mech;
    r.column = column;
    r.epsilon = spec.epsilon;
    r.delta = spec.delta;
    r.totalEpsilon = spec.epsilon * spec.trials;
    r.totalDelta = std::min(1.0, spec.delta * spec.trials);
    r.rowsUsed = exact.rows;
    r.labels = domain->labels;
    r.notes.push_back("exact aggregates computed outside Veil (plan-sql); Veil added the noise");
    if (spec.query == QueryKind::Sum || spec.query == QueryKind::Mean)
        r.notes.push_back("values clamped to [" + formatNumber(*spec.lower) + ", " + formatNumber(*spec.upper) + "]");
    ExactAggregates clamped = exact;
    if (spec.query == QueryKind::Sum || spec.query == QueryKind::Mean)
        clamped.values[0] = std::clamp(exact.values[0], n * *spec.lower, n * *spec.upper);
    RunContext local = ctx;
    local.random = admission->random.get();
    VEIL_RETURN_IF_ERROR(detail::releaseExact(r, spec, clamped, local));
    if (spec.query == QueryKind::Histogram && !spec.workload.empty()) detail::answerRanges(r, spec, gate.isTeaching());
    r.seeded = admission->receipt.seeded;
    r.receipt = admission->receipt;
    if (r.seeded) r.notes.push_back("seeded random source: reproducible, for tests and demos only, not a real release");
    if (!gate.isTeaching()) {
        r.trueValues.clear();
        if (spec.query != QueryKind::Mean) r.rowsUsed = 0;
    }
    return r;
}

}  // namespace veil::dp
