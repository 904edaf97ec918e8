// The per-query part of runColumnQuery: true answers, sensitivities and the release loop
// (sensitivities: Dwork & Roth 2014, Examples 3.1-3.3; bounded mean: n public under replace-one).
#include "dp/detail/additive_release.h"
#include "dp/detail/column_values.h"
#include "veil/common/random.h"
#include "veil/common/validate.h"
#include "veil/dp/column_query.h"
#include "veil/dp/exponential_mechanism.h"
#include "veil/dp/gaussian_mechanism.h"
#include "veil/dp/geometric_mechanism.h"
#include "veil/dp/histogram_release.h"
#include "veil/dp/laplace_mechanism.h"
#include "veil/dp/smooth_sensitivity.h"

#include <algorithm>
#include <cmath>
#include <functional>

namespace veil::dp::detail {

namespace {

Status requireBounds(const ColumnQuerySpec& spec, const char* what) {
    if (!spec.lower)
        return Status::invalidArgument(std::string("a ") + what + " needs clamping bounds: give lower and upper");
    return Status::ok();
}

std::string binLabel(double a, double b, bool last) {
    return "[" + formatNumber(a) + ", " + formatNumber(b) + (last ? "]" : ")");
}

Status fillQuantile(ColumnQueryResult& r, const ColumnQuerySpec& spec, std::vector<double> values, const RunContext& ctx) {
    VEIL_RETURN_IF_ERROR(requireBounds(spec, "median or quantile"));
    const double q = spec.query == QueryKind::Median ? 0.5 : spec.quantile;
    std::vector<double> sorted = values;
    for (double& v : sorted) v = std::clamp(v, *spec.lower, *spec.upper);
    std::sort(sorted.begin(), sorted.end());
    const std::size_t n = sorted.size();
    const std::size_t rank = SmoothSensitivityQuantile::rank(n, q);
    r.labels = {q == 0.5 ? "median" : "quantile " + formatNumber(q)};
    r.trueValues = {sorted[rank - 1]};
    r.sensitivity = 1.0;  // of the rank score
    ProgressReporter progress(ctx, "Releasing", spec.trials);
    if (r.mechanism == MechanismKind::Exponential) {
        auto em = ExponentialQuantile::create(spec.epsilon, q, *spec.lower, *spec.upper);
        if (!em) return em.status();
        r.neighbouring = em->neighbouring();
        // Accuracy: with prob >= confidence the output's rank is within t of q n (data-dependent).
        const double t = em->rankErrorBound(n, 1.0 - spec.confidence);
        const auto lo = static_cast<long long>(std::floor(double(rank) - t)), hi = static_cast<long long>(std::ceil(double(rank) + t));
        const double ciLo = lo < 1 ? *spec.lower : sorted[std::size_t(lo - 1)];
        const double ciHi = hi > (long long)n ? *spec.upper : sorted[std::size_t(hi - 1)];
        r.notes.push_back("exponential mechanism: the interval holds the values whose rank is within " + formatNumber(std::ceil(t)) +
                          " of the target rank (computed from the data, for teaching; it is not itself private)");
        for (int k = 0; k < spec.trials; ++k) {
            if (!progress.step(k)) return Status::cancelled();
            auto v = em->release(*ctx.random, values);
            if (!v) return v.status();
            r.releases.push_back({*v});
            r.intervals.push_back({{ciLo, ciHi, spec.confidence}});
        }
    } else if (r.mechanism == MechanismKind::Histogram) {
        // Laplace histogram over numeric bins (parallel composition: eps per bin), then the
        // quantile of the noisy histogram; default 100 equal-width bins in [lower, upper].
        std::vector<double> edges = spec.binEdges;
        if (edges.empty()) {
            const int k = spec.binCount > 0 ? spec.binCount : 100;
            for (int i = 0; i <= k; ++i) edges.push_back(*spec.lower + (*spec.upper - *spec.lower) * i / k);
        }
        if (edges.size() < 2 || !(edges.back() > edges.front()))
            return Status::invalidArgument("the histogram median needs bins with lower < upper");
        std::vector<double> counts(edges.size() - 1, 0.0);
        for (double v : sorted) {
            auto it = std::upper_bound(edges.begin(), edges.end(), v);
            const std::size_t b = it == edges.begin() ? 0 : std::size_t(it - edges.begin()) - 1;
            counts[std::min(b, counts.size() - 1)] += 1.0;
        }
        auto lap = LaplaceMechanism::create(spec.epsilon, 1.0);
        if (!lap) return lap.status();
        r.neighbouring = Neighbouring::AddRemove;
        r.noise = lap->noise();
        r.noiseScale = lap->scale();
        r.notes.push_back("histogram median: " + std::to_string(counts.size()) + " bins with Laplace(" + formatNumber(lap->scale()) +
                          ") counts, quantile read off the noisy histogram; the interval is the full range [lower, upper]");
        std::vector<double> noisy(counts.size());
        for (int k = 0; k < spec.trials; ++k) {
            if (!progress.step(k)) return Status::cancelled();
            for (std::size_t i = 0; i < counts.size(); ++i) noisy[i] = lap->release(*ctx.random, counts[i]);
            r.releases.push_back({quantileFromHistogram(edges, noisy, q)});
            r.intervals.push_back({{*spec.lower, *spec.upper, spec.confidence}});
        }
    } else {
        auto sm = SmoothSensitivityQuantile::create(spec.epsilon, spec.delta, q, *spec.lower, *spec.upper);
        if (!sm) return sm.status();
        r.neighbouring = sm->neighbouring();
        auto s = sm->smoothSensitivity(values);
        if (!s) return s.status();
        r.sensitivity = *s;
        r.noiseScale = 2.0 * (*s) / spec.epsilon;
        r.noise = {NoiseKind::Laplace, r.noiseScale};
        const double w = r.noise.halfWidth(spec.confidence);
        r.notes.push_back("smooth sensitivity " + formatNumber(*s) + " (beta " + formatNumber(sm->beta()) +
                          "); the noise scale depends on the data");
        for (int k = 0; k < spec.trials; ++k) {
            if (!progress.step(k)) return Status::cancelled();
            auto v = sm->release(*ctx.random, values);
            if (!v) return v.status();
            r.releases.push_back({*v});
            r.intervals.push_back({{*v - w, *v + w, spec.confidence}});
        }
    }
    progress.finish();
    return Status::ok();
}

}  // namespace

Result<ColumnQueryResult> runValidatedQuery(const Column& column, const ColumnQuerySpec& spec, MechanismKind mech,
                                            const RunContext& ctx) {
    ColumnQueryResult r;
    r.query = spec.query;
    r.mechanism = mech;
    r.epsilon = spec.epsilon;
    r.delta = spec.delta;
    r.totalEpsilon = spec.epsilon * spec.trials;
    r.totalDelta = std::min(1.0, spec.delta * spec.trials);
    const std::size_t nonMissing = column.size() - column.missingCount();
    if (nonMissing == 0)
        return Status::invalidArgument("column '" + column.name() + "' is empty (no non-missing values)");
    r.rowsUsed = nonMissing;
    const bool numericHistogram =
        spec.query == QueryKind::Histogram && (spec.binCount > 0 || !spec.binEdges.empty() ||
                                                   (column.type() == ColumnType::Real && spec.categories.empty()));
    const bool needsNumbers = spec.query != QueryKind::Count && (spec.query != QueryKind::Histogram || numericHistogram);
    std::vector<double> values;
    if (needsNumbers) {
        auto v = numericValues(column);
        if (!v) return v.status();
        values = std::move(*v);
        if (values.empty()) return Status::invalidArgument("column '" + column.name() + "' is empty (no non-missing numeric values)");
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
            const auto c = std::count_if(values.begin(), values.end(), [&](double v) { return v >= spec.rangeLower && v <= spec.rangeUpper; });
            r.labels = {binLabel(spec.rangeLower, spec.rangeUpper, true)};
            r.trueValues = {double(c)};
            VEIL_RETURN_IF_ERROR(releaseAdditive(r, spec, 1.0, Neighbouring::AddRemove, ctx));
            break;
        }
        case QueryKind::Sum: {
            VEIL_RETURN_IF_ERROR(requireBounds(spec, "sum"));
            double sum = 0.0;
            for (double v : values) sum += std::clamp(v, *spec.lower, *spec.upper);
            r.labels = {"sum"};
            VEIL_RETURN_IF_ERROR(releaseExact(r, spec, {{sum}, values.size()}, ctx));
            break;
        }
        case QueryKind::Mean: {
            VEIL_RETURN_IF_ERROR(requireBounds(spec, "mean"));
            double sum = 0.0;
            for (double v : values) sum += std::clamp(v, *spec.lower, *spec.upper);
            r.labels = {"mean"};
            VEIL_RETURN_IF_ERROR(releaseExact(r, spec, {{sum}, values.size()}, ctx));
            break;
        }
        case QueryKind::Median:
        case QueryKind::Quantile:
            VEIL_RETURN_IF_ERROR(fillQuantile(r, spec, std::move(values), ctx));
            break;
        case QueryKind::Histogram: {
            if (!spec.categories.empty())  // declared categories: distinct, and not mixed with bins
                if (auto d = aggregateDomain(spec); !d) return d.status();
            std::vector<double> counts;
            if (numericHistogram) {
                auto edges = histogramEdges(spec);
                if (!edges) return edges.status();
                counts.assign(edges->size() - 1, 0.0);
                for (double v : values) counts[histogramBin(*edges, v)] += 1.0;
                r.labels = histogramBinLabels(*edges);
                r.notes.push_back("values outside the bins are counted in the first or last bin");
            } else {
                auto cv = categoryValues(column);
                if (!cv) return cv.status();
                r.labels = spec.categories.empty() ? cv->labels : spec.categories;
                std::vector<std::size_t> toOutput(cv->labels.size(), r.labels.size());  // data category -> output
                for (std::size_t c = 0; c < cv->labels.size(); ++c)
                    toOutput[c] = std::size_t(std::find(r.labels.begin(), r.labels.end(), cv->labels[c]) - r.labels.begin());
                counts.assign(r.labels.size(), 0.0);
                for (std::size_t c : cv->codes)
                    if (toOutput[c] < counts.size()) counts[toOutput[c]] += 1.0;
                if (!spec.categories.empty())
                    r.notes.push_back("histogram over the " + std::to_string(spec.categories.size()) +
                                      " declared categories; other values are not counted");
                else if (column.type() != ColumnType::Categorical)
                    r.notes.push_back("category labels are taken from the data; they are not protected");
            }
            double total = 0.0;
            for (double c : counts) total += c;
            VEIL_RETURN_IF_ERROR(releaseExact(r, spec, {counts, std::size_t(total)}, ctx));
            break;
        }
    }
    return r;
}

}  // namespace veil::dp::detail
