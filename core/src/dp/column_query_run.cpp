// The per-query part of releaseColumnQuery: true answers, sensitivities and the release loop
// (sensitivities: Dwork & Roth 2014, Examples 3.1-3.3; bounded mean: n public under replace-one).
#include "dp/detail/additive_release.h"
#include "dp/detail/column_values.h"
#include "dp/detail/histogram_strategies.h"
#include "veil/common/random.h"
#include "veil/common/validate.h"
#include "veil/dp/column_query.h"
#include "veil/dp/exponential_mechanism.h"
#include "veil/dp/histogram_release.h"
#include "veil/dp/laplace_mechanism.h"
#include "veil/dp/smooth_sensitivity.h"

#include <algorithm>
#include <limits>
#include <cmath>
#include <unordered_map>

namespace veil::dp::detail {

namespace {

std::string binLabel(double a, double b, bool last) {
    return "[" + formatNumber(a) + ", " + formatNumber(b) + (last ? "]" : ")");
}

// Exponential mechanism: the accuracy interval holds the values whose rank is within t of the
// target; it is computed from the data, so it is shown in teaching mode only.
Status releaseExponentialQuantile(ColumnQueryResult& r, const ColumnQuerySpec& spec, double q,
                                  const std::vector<double>& values, const std::vector<double>& sorted, bool teaching,
                                  const RunContext& ctx) {
    auto em = ExponentialQuantile::create(spec.epsilon, q, *spec.lower, *spec.upper);
    if (!em) return em.status();
    r.neighbouring = em->neighbouring();
    const std::size_t n = sorted.size();
    if (teaching && n > 0) {
        const std::size_t rank = SmoothSensitivityQuantile::rank(n, q);
        const double t = em->rankErrorBound(n, 1.0 - spec.confidence);
        const auto lo = static_cast<long long>(std::floor(double(rank) - t)),
                   hi = static_cast<long long>(std::ceil(double(rank) + t));
        const double ciLo = lo < 1 ? *spec.lower : sorted[std::size_t(lo - 1)];
        const double ciHi = hi > (long long)n ? *spec.upper : sorted[std::size_t(hi - 1)];
        r.notes.push_back("exponential mechanism: the interval holds the values whose rank is within " +
                          formatNumber(std::ceil(t)) +
                          " of the target rank (computed from the data: teaching mode only)");
        r.intervals.assign(std::size_t(spec.trials), {{ciLo, ciHi, spec.confidence}});
    } else {
        r.notes.push_back("exponential mechanism: its accuracy depends on the data, so no interval is released");
    }
    ProgressReporter progress(ctx, "Releasing", spec.trials);
    for (int k = 0; k < spec.trials; ++k) {
        if (!progress.step(k)) return Status::cancelled();
        auto v = em->release(*ctx.random, values);
        if (!v) return v.status();
        r.releases.push_back({*v});
    }
    progress.finish();
    return Status::ok();
}

// Laplace histogram over numeric bins (parallel composition: eps per bin), then the quantile of
// the noisy histogram (post-processing); default 100 equal-width bins in [lower, upper].
Status releaseHistogramQuantile(ColumnQueryResult& r, const ColumnQuerySpec& spec, double q,
                                const std::vector<double>& sorted, const RunContext& ctx) {
    std::vector<double> edges = spec.binEdges;
    if (edges.empty()) {
        const int k = spec.binCount > 0 ? spec.binCount : 100;
        for (int i = 0; i <= k; ++i) edges.push_back(*spec.lower + (*spec.upper - *spec.lower) * i / k);
    }
    if (edges.size() < 2 || !(edges.back() > edges.front()))
        return Status::invalidArgument("the histogram median needs bins with lower < upper");
    std::vector<double> counts(edges.size() - 1, 0.0);
    for (double v : sorted) counts[histogramBin(edges, v)] += 1.0;
    auto lap = LaplaceMechanism::create(spec.epsilon, 1.0);
    if (!lap) return lap.status();
    r.neighbouring = Neighbouring::AddRemove;
    r.noise = lap->noise();
    r.noiseScale = lap->scale();
    r.notes.push_back("histogram median: " + std::to_string(counts.size()) + " bins with Laplace(" +
                      formatNumber(lap->scale()) +
                      ") counts, quantile read off the noisy histogram; the interval is the full range [lower, upper]");
    ProgressReporter progress(ctx, "Releasing", spec.trials);
    std::vector<double> noisy(counts.size());
    for (int k = 0; k < spec.trials; ++k) {
        if (!progress.step(k)) return Status::cancelled();
        for (std::size_t i = 0; i < counts.size(); ++i) {
            auto v = lap->release(*ctx.random, counts[i]);
            if (!v) return v.status();
            noisy[i] = *v;
        }
        r.releases.push_back({quantileFromHistogram(edges, noisy, q)});
        r.intervals.push_back({{*spec.lower, *spec.upper, spec.confidence}});
    }
    progress.finish();
    return Status::ok();
}

// Smooth sensitivity (NRS 2007): its noise scale depends on the data, so it is shown in teaching
// mode only.
Status releaseSmoothQuantile(ColumnQueryResult& r, const ColumnQuerySpec& spec, double q,
                             const std::vector<double>& values, bool teaching, const RunContext& ctx) {
    auto sm = SmoothSensitivityQuantile::create(spec.epsilon, spec.delta, q, *spec.lower, *spec.upper);
    if (!sm) return sm.status();
    r.neighbouring = sm->neighbouring();
    auto s = sm->smoothSensitivity(values);
    if (!s) return s.status();
    const double scale = 2.0 * (*s) / spec.epsilon;
    if (teaching) {
        r.sensitivity = *s;
        r.noiseScale = scale;
        r.noise = {NoiseKind::Laplace, scale};
        r.notes.push_back("smooth sensitivity " + formatNumber(*s) + " (beta " + formatNumber(sm->beta()) +
                          "); the noise scale depends on the data (teaching mode only)");
    } else {
        // Laplace noise of a withheld scale: unknown (NaN, null in JSON), not "none" and 0.
        const double unknown = std::numeric_limits<double>::quiet_NaN();
        r.sensitivity = r.noiseScale = unknown;
        r.noise = {NoiseKind::Laplace, unknown};
        r.notes.push_back(
            "smooth-sensitivity noise: its scale depends on the data, so neither it nor an interval is released");
    }
    const double w = r.noise.halfWidth(spec.confidence);
    ProgressReporter progress(ctx, "Releasing", spec.trials);
    for (int k = 0; k < spec.trials; ++k) {
        if (!progress.step(k)) return Status::cancelled();
        auto v = sm->release(*ctx.random, values);
        if (!v) return v.status();
        r.releases.push_back({*v});
        if (teaching) r.intervals.push_back({{*v - w, *v + w, spec.confidence}});
    }
    progress.finish();
    return Status::ok();
}

Status fillQuantile(ColumnQueryResult& r, const ColumnQuerySpec& spec, std::vector<double> values, bool teaching,
                    const RunContext& ctx) {
    const double q = spec.query == QueryKind::Median ? 0.5 : spec.quantile;
    std::vector<double> sorted = values;
    for (double& v : sorted) v = std::clamp(v, *spec.lower, *spec.upper);
    std::sort(sorted.begin(), sorted.end());
    r.labels = {q == 0.5 ? "median" : "quantile " + formatNumber(q)};
    if (!sorted.empty()) r.trueValues = {sorted[SmoothSensitivityQuantile::rank(sorted.size(), q) - 1]};
    r.sensitivity = 1.0;  // of the rank score
    switch (r.mechanism) {
        case MechanismKind::Exponential:
            return releaseExponentialQuantile(r, spec, q, values, sorted, teaching, ctx);
        case MechanismKind::Histogram:
            return releaseHistogramQuantile(r, spec, q, sorted, ctx);
        default:
            break;
    }
    if (values.empty()) return Status::invalidArgument("the smooth-sensitivity median of an empty column is undefined");
    return releaseSmoothQuantile(r, spec, q, values, teaching, ctx);
}

// Counts over the declared categories; other values go to the other bin or are dropped.
std::vector<double> categoryCounts(const Column& column, const ColumnQuerySpec& spec, ColumnQueryResult& r) {
    r.labels = spec.categories;
    if (spec.otherLabel) r.labels.push_back(*spec.otherLabel);
    std::unordered_map<std::string, std::size_t> index;
    for (std::size_t i = 0; i < spec.categories.size(); ++i) index.emplace(spec.categories[i], i);
    const std::size_t other = spec.otherLabel ? spec.categories.size() : r.labels.size();
    std::vector<double> counts(r.labels.size(), 0.0);
    auto cv = categoryValues(column);
    if (cv) {
        std::vector<std::size_t> toOutput(cv->labels.size(), other);
        for (std::size_t c = 0; c < cv->labels.size(); ++c)
            if (auto it = index.find(cv->labels[c]); it != index.end()) toOutput[c] = it->second;
        for (std::size_t c : cv->codes)
            if (toOutput[c] < counts.size()) counts[toOutput[c]] += 1.0;
    }
    r.notes.push_back("histogram over the " + std::to_string(spec.categories.size()) + " declared categories; " +
                      (spec.otherLabel ? "other values are counted in '" + *spec.otherLabel + "'"
                                       : std::string("other values are dropped")));
    return counts;
}

Status fillHistogram(ColumnQueryResult& r, const Column& column, const ColumnQuerySpec& spec, bool teaching,
                     const RunContext& ctx) {
    auto domain = aggregateDomain(spec);
    if (!domain) return domain.status();
    std::vector<double> counts;
    if (domain->categorical) {
        counts = categoryCounts(column, spec, r);
    } else {
        auto values = numericValues(column);
        if (!values) return values.status();
        counts.assign(domain->edges.size() - 1, 0.0);
        for (double v : *values) counts[histogramBin(domain->edges, v)] += 1.0;
        r.labels = domain->labels;
        r.notes.push_back("values outside the bins are counted in the first or last bin");
    }
    double total = 0.0;
    for (double c : counts) total += c;
    if (spec.strategy == "identity") return releaseExact(r, spec, {counts, std::size_t(total)}, ctx);

    // A range strategy of the histogram catalogue (Laplace-based, epsilon per release).
    auto info = findHistogramStrategy(spec.strategy);
    if (!info) return info.status();
    auto options = parseParameters(**info, spec.strategyOptions, "options");
    if (!options) return options.status();
    r.trueValues = counts;
    r.sensitivity = 1.0;
    r.neighbouring = Neighbouring::AddRemove;
    ProgressReporter progress(ctx, "Releasing", spec.trials);
    for (int t = 0; t < spec.trials; ++t) {
        if (!progress.step(t)) return Status::cancelled();
        RunContext quiet = ctx;
        quiet.progress = nullptr;
        // Workload-aware strategies select among (or fit) the user's ranges; empty: their default.
        HistogramRun run{counts, *options, spec.epsilon, spec.workload, quiet};
        run.teaching = teaching;
        auto h = runHistogramStrategy(spec.strategy, run);
        if (!h) return h.status();
        r.noiseScale = h->noiseScale;
        if (t == 0) r.notes.push_back((*info)->name + ": " + h->description + " (no per-bin interval)");
        r.releases.push_back(std::move(h->estimate));
    }
    progress.finish();
    return Status::ok();
}

}  // namespace

Status checkColumnForQuery(const Column& column, const ColumnQuerySpec& spec) {
    const bool categoricalHistogram = spec.query == QueryKind::Histogram && !spec.categories.empty();
    if (spec.query == QueryKind::Count || categoricalHistogram || isNumericType(column.type())) return Status::ok();
    return Status::invalidArgument(
        "column '" + column.name() + "' is " + columnTypeName(column.type()) + "; a " + queryKindName(spec.query) +
        (spec.query == QueryKind::Histogram ? " over numeric bins" : "") + " needs a numeric column");
}

void answerRanges(ColumnQueryResult& r, const ColumnQuerySpec& spec, bool teaching) {
    r.workloadAnswers.clear();
    r.workloadAnswers.reserve(r.releases.size());
    for (const auto& release : r.releases) r.workloadAnswers.push_back(answerWorkload(release, spec.workload));
    r.workloadTruth = teaching ? answerWorkload(r.trueValues, spec.workload) : std::vector<double>{};
}

Neighbouring neighbouringOf(const ColumnQuerySpec& spec, MechanismKind mech) {
    if (spec.query == QueryKind::Mean || mech == MechanismKind::SmoothSensitivity) return Neighbouring::Replace;
    return Neighbouring::AddRemove;
}

Result<ColumnQueryResult> runValidatedQuery(const Column& column, const ColumnQuerySpec& spec, MechanismKind mech,
                                            bool teaching, const RunContext& ctx) {
    ColumnQueryResult r;
    r.query = spec.query;
    r.mechanism = mech;
    r.epsilon = spec.epsilon;
    r.delta = spec.delta;
    r.totalEpsilon = spec.epsilon * spec.trials;
    r.totalDelta = std::min(1.0, spec.delta * spec.trials);
    r.neighbouring = neighbouringOf(spec, mech);
    const std::size_t nonMissing = column.size() - column.missingCount();
    r.rowsUsed = nonMissing;
    const bool needsNumbers = spec.query != QueryKind::Count && spec.query != QueryKind::Histogram;
    std::vector<double> values;
    if (needsNumbers) {
        auto v = numericValues(column);
        if (!v) return v.status();
        values = std::move(*v);
        r.rowsUsed = values.size();
    }
    if (spec.lower && needsNumbers && spec.query != QueryKind::RangeCount)
        r.notes.push_back("values clamped to [" + formatNumber(*spec.lower) + ", " + formatNumber(*spec.upper) + "]");

    switch (spec.query) {
        case QueryKind::Count:
            r.labels = {"count"};
            VEIL_RETURN_IF_ERROR(releaseExact(r, spec, {{double(nonMissing)}, nonMissing}, ctx));
            break;
        case QueryKind::RangeCount: {
            const auto c = std::count_if(values.begin(), values.end(),
                                         [&](double v) { return v >= spec.rangeLower && v <= spec.rangeUpper; });
            r.labels = {binLabel(spec.rangeLower, spec.rangeUpper, true)};
            r.trueValues = {double(c)};
            VEIL_RETURN_IF_ERROR(releaseAdditive(r, spec, 1.0, Neighbouring::AddRemove, ctx));
            break;
        }
        case QueryKind::Sum:
        case QueryKind::Mean: {
            if (!spec.lower)
                return Status::invalidArgument(std::string("a ") + queryKindName(spec.query) +
                                               " needs clamping bounds: give lower and upper");
            double sum = 0.0;
            for (double v : values) sum += std::clamp(v, *spec.lower, *spec.upper);
            std::size_t n = values.size();
            if (spec.query == QueryKind::Mean) {
                // A mean's n must be public (its sensitivity is (upper - lower) / n): the table's
                // rows, which replace-one keeps. A missing value counts as the bounds' midpoint
                // (OpenDP's imputation); their number, a count of the data, is not shown.
                if (column.size() == 0)
                    return Status::invalidArgument("a mean of no values: column '" + column.name() + "' is empty");
                sum += double(column.size() - values.size()) * (*spec.lower + *spec.upper) / 2.0;
                n = column.size();
                r.rowsUsed = n;
                r.notes.push_back("missing values count as the bounds' midpoint " +
                                  formatNumber((*spec.lower + *spec.upper) / 2.0) + ", so n is the table's rows");
            }
            r.labels = {queryKindName(spec.query)};
            VEIL_RETURN_IF_ERROR(releaseExact(r, spec, {{sum}, n}, ctx));
            break;
        }
        case QueryKind::Median:
        case QueryKind::Quantile:
            VEIL_RETURN_IF_ERROR(fillQuantile(r, spec, std::move(values), teaching, ctx));
            break;
        case QueryKind::Histogram:
            VEIL_RETURN_IF_ERROR(fillHistogram(r, column, spec, teaching, ctx));
            break;
    }
    if (spec.query == QueryKind::Histogram && !spec.workload.empty()) answerRanges(r, spec, teaching);
    return r;
}

}  // namespace veil::dp::detail
