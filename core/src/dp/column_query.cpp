// DP queries on a column: sensitivities per Dwork & Roth 2014 (3.3, 3.4); median/quantiles by the
// exponential mechanism (seed 004) or smooth sensitivity (NRS 2007).
#include "veil/dp/column_query.h"

#include "dp/detail/additive_release.h"
#include "dp/detail/column_values.h"
#include "dp/detail/histogram_strategies.h"
#include "veil/common/random.h"
#include "veil/common/validate.h"
#include "veil/dp/exponential_mechanism.h"
#include "veil/dp/gaussian_mechanism.h"
#include "veil/dp/geometric_mechanism.h"
#include "veil/dp/laplace_mechanism.h"
#include "veil/dp/histogram_release.h"
#include "veil/dp/smooth_sensitivity.h"

#include <algorithm>
#include <cmath>

namespace veil::dp {

const char* queryKindName(QueryKind kind) {
    switch (kind) {
        case QueryKind::Count:
            return "count";
        case QueryKind::Sum:
            return "sum";
        case QueryKind::Mean:
            return "mean";
        case QueryKind::Median:
            return "median";
        case QueryKind::Quantile:
            return "quantile";
        case QueryKind::Histogram:
            return "histogram";
        case QueryKind::RangeCount:
            return "range";
    }
    return "count";
}

const char* mechanismKindName(MechanismKind kind) {
    switch (kind) {
        case MechanismKind::Laplace:
            return "laplace";
        case MechanismKind::Geometric:
            return "geometric";
        case MechanismKind::Gaussian:
            return "gaussian";
        case MechanismKind::Exponential:
            return "exponential";
        case MechanismKind::SmoothSensitivity:
            return "smooth";
        case MechanismKind::Histogram:
            return "histogram";
    }
    return "laplace";
}

const char* mechanismCitation(MechanismKind kind) {
    switch (kind) {
        case MechanismKind::Laplace:
            return "Dwork, McSherry, Nissim, Smith, TCC 2006 (snapped: Mironov, CCS 2012)";
        case MechanismKind::Geometric:
            return "Ghosh, Roughgarden, Sundararajan, STOC 2009";
        case MechanismKind::Gaussian:
            return "Balle & Wang, ICML 2018 (discrete: Canonne, Kamath, Steinke, NeurIPS 2020)";
        case MechanismKind::Exponential:
            return "McSherry & Talwar, FOCS 2007";
        case MechanismKind::SmoothSensitivity:
            return "Nissim, Raskhodnikova, Smith, STOC 2007";
        case MechanismKind::Histogram:
            return "Dwork, McSherry, Nissim, Smith, TCC 2006 (noisy histogram, post-processed)";
    }
    return "";
}

Result<MechanismKind> parseMechanismKind(const std::string& name) {
    for (auto k : {MechanismKind::Laplace, MechanismKind::Geometric, MechanismKind::Gaussian,
                   MechanismKind::Exponential, MechanismKind::SmoothSensitivity, MechanismKind::Histogram})
        if (name == mechanismKindName(k)) return k;
    return Status::invalidArgument("unknown mechanism '" + name +
                                   "' (expected laplace, geometric, gaussian, exponential, smooth or histogram)");
}

namespace {
bool parseDouble(const std::string& s, double& out) {
    try {
        std::size_t used = 0;
        out = std::stod(s, &used);
        return used == s.size();
    } catch (...) {
        return false;
    }
}
}  // namespace

Status parseQueryInto(const std::string& text, ColumnQuerySpec& spec) {
    static const std::pair<const char*, QueryKind> simple[] = {{"count", QueryKind::Count},
                                                               {"sum", QueryKind::Sum},
                                                               {"mean", QueryKind::Mean},
                                                               {"median", QueryKind::Median},
                                                               {"histogram", QueryKind::Histogram}};
    for (const auto& [name, kind] : simple)
        if (text == name) {
            spec.query = kind;
            if (kind == QueryKind::Median) spec.quantile = 0.5;
            return Status::ok();
        }
    if (text.rfind("quantile:", 0) == 0) {
        double q = 0;
        if (!parseDouble(text.substr(9), q) || !(q >= 0.0 && q <= 1.0))
            return Status::invalidArgument("quantile must be a number in [0, 1] (got '" + text.substr(9) + "')");
        spec.query = QueryKind::Quantile;
        spec.quantile = q;
        return Status::ok();
    }
    if (text.rfind("range:", 0) == 0) {
        const std::string rest = text.substr(6);
        const auto colon = rest.find(':');
        double a = 0, b = 0;
        if (colon == std::string::npos || !parseDouble(rest.substr(0, colon), a) ||
            !parseDouble(rest.substr(colon + 1), b) || !(a <= b))
            return Status::invalidArgument("range query must be range:A:B with numbers A <= B (got '" + text + "')");
        spec.query = QueryKind::RangeCount;
        spec.rangeLower = a;
        spec.rangeUpper = b;
        return Status::ok();
    }
    return Status::invalidArgument("unknown query '" + text +
                                   "' (expected count, sum, mean, median, quantile:Q, histogram or range:A:B)");
}

Status detail::checkWorkload(const ColumnQuerySpec& spec, std::size_t bins) {
    const std::size_t q = spec.workload.size();
    if (q > limits::kMaxWorkloadQueries)
        return Status::invalidArgument("workload: " + std::to_string(q) + " ranges; at most " +
                                       std::to_string(limits::kMaxWorkloadQueries) + " are allowed");
    if (double(spec.trials) * double(q) > double(limits::kMaxReleasedValues))
        return Status::invalidArgument("trials x workload ranges = " + std::to_string(spec.trials) + " x " +
                                       std::to_string(q) + " answers; at most " +
                                       std::to_string(limits::kMaxReleasedValues) + " in one request");
    for (std::size_t i = 0; i < q; ++i) {
        const auto& r = spec.workload[i];
        if (r.lo > r.hi || r.hi >= bins)
            return Status::invalidArgument("workload query " + std::to_string(i) + ": range [" + std::to_string(r.lo) +
                                           ", " + std::to_string(r.hi) + "] is not inside the " + std::to_string(bins) +
                                           " bins 0.." + std::to_string(bins - 1));
    }
    return Status::ok();
}

namespace {

// A sum's or a mean's public sensitivity, from the declared bounds alone: checked before anything
// is charged (these refusals came after the charge, from the release itself). Sum: max(|lower|,
// |upper|) under add/remove; mean: upper - lower over the table's rows, which are at least 1.
Status checkSumBounds(const ColumnQuerySpec& spec, MechanismKind mech) {
    if (spec.query != QueryKind::Sum && spec.query != QueryKind::Mean) return Status::ok();
    const std::string what = queryKindName(spec.query);
    if (!spec.lower)
        return Status::invalidArgument("a " + what + " needs clamping bounds: give lower and upper (a public range)");
    const double sensitivity = spec.query == QueryKind::Sum ? std::max(std::fabs(*spec.lower), std::fabs(*spec.upper))
                                                            : *spec.upper - *spec.lower;
    if (!(sensitivity > 0.0))
        return Status::invalidArgument(spec.query == QueryKind::Sum
                                           ? "clamping bounds [0, 0] leave nothing to sum"
                                           : "clamping bounds with lower = upper leave nothing to estimate");
    if (mech == MechanismKind::Geometric && sensitivity != std::floor(sensitivity))
        return Status::invalidArgument("the geometric mechanism needs an integer sensitivity (got " +
                                       formatNumber(sensitivity) +
                                       "); use integer clamping bounds or the laplace mechanism");
    if (spec.query == QueryKind::Sum && (mech == MechanismKind::Laplace || mech == MechanismKind::Geometric) &&
        sensitivity / spec.epsilon > kMaxNoiseScale)
        return Status::invalidArgument("the noise scale sensitivity / epsilon = " + formatNumber(sensitivity) + " / " +
                                       formatNumber(spec.epsilon) + " is above the supported " +
                                       formatNumber(kMaxNoiseScale) + "; declare narrower bounds");
    return Status::ok();
}

}  // namespace

Result<MechanismKind> detail::chooseMechanism(const ColumnQuerySpec& spec) {
    VEIL_RETURN_IF_ERROR(validateEpsilon(spec.epsilon));
    VEIL_RETURN_IF_ERROR(validateDelta(spec.delta));
    VEIL_RETURN_IF_ERROR(requireAtLeast(spec.trials, 1, "trials"));
    if (spec.trials > kMaxTrials)
        return Status::invalidArgument("trials must be at most " + std::to_string(kMaxTrials) + " (got " +
                                       std::to_string(spec.trials) + ")");
    if (!(spec.confidence > 0.0 && spec.confidence < 1.0))
        return Status::invalidArgument("confidence must be in (0, 1) (got " + formatNumber(spec.confidence) + ")");
    if (spec.lower.has_value() != spec.upper.has_value())
        return Status::invalidArgument("give both lower and upper clamping bounds, or neither");
    if (spec.lower) VEIL_RETURN_IF_ERROR(validateBounds(*spec.lower, *spec.upper));
    // Bounds a query would not use are refused, not ignored: a count moves by one per row whatever
    // the values, and a histogram's edges or categories are its whole domain.
    if (spec.lower && (spec.query == QueryKind::Count || spec.query == QueryKind::RangeCount))
        return Status::invalidArgument(std::string("a ") + queryKindName(spec.query) +
                                       " needs no clamping bounds (one row moves it by one whatever its value): "
                                       "omit lower and upper");
    if (spec.lower && spec.query == QueryKind::Histogram && (!spec.binEdges.empty() || !spec.categories.empty()))
        return Status::invalidArgument(
            "the histogram's edges or categories are its domain; lower and upper go with a number of bins: omit "
            "them");
    MechanismKind mech;
    if (spec.mechanism)
        mech = *spec.mechanism;
    else if (spec.query == QueryKind::Median || spec.query == QueryKind::Quantile)
        mech = MechanismKind::Exponential;
    else if (spec.delta > 0.0)
        mech = MechanismKind::Gaussian;
    else
        mech = MechanismKind::Laplace;

    const bool quantileQuery = spec.query == QueryKind::Median || spec.query == QueryKind::Quantile;
    if (quantileQuery && mech != MechanismKind::Exponential && mech != MechanismKind::SmoothSensitivity &&
        mech != MechanismKind::Histogram)
        return Status::invalidArgument(std::string("a ") + queryKindName(spec.query) +
                                       " is released with the exponential, smooth or histogram mechanism, not " +
                                       mechanismKindName(mech));
    if (!quantileQuery && (mech == MechanismKind::Exponential || mech == MechanismKind::SmoothSensitivity ||
                           mech == MechanismKind::Histogram))
        return Status::invalidArgument(std::string("the ") + mechanismKindName(mech) +
                                       " mechanism releases medians and quantiles, not a " + queryKindName(spec.query));
    if (mech == MechanismKind::Geometric && spec.query == QueryKind::Mean)
        return Status::invalidArgument("the geometric mechanism releases integers; use laplace or gaussian for a mean");
    if ((mech == MechanismKind::Gaussian || mech == MechanismKind::SmoothSensitivity) && !(spec.delta > 0.0))
        return Status::invalidArgument(std::string("the ") + mechanismKindName(mech) +
                                       " mechanism needs delta > 0 (got " + formatNumber(spec.delta) + ")");
    if (spec.delta > 0.0 && mech != MechanismKind::Gaussian && mech != MechanismKind::SmoothSensitivity)
        return Status::invalidArgument(std::string("delta is only used by the gaussian and smooth mechanisms; the ") +
                                       mechanismKindName(mech) + " mechanism is pure epsilon-DP (omit delta)");
    if (quantileQuery && !spec.lower)
        return Status::invalidArgument(
            std::string("a ") + queryKindName(spec.query) +
            " needs declared clamping bounds: give lower and upper (a public range, not the data's)");
    // Output domains are declared, never read off the data.
    if (spec.query != QueryKind::Histogram && (!spec.categories.empty() || spec.otherLabel))
        return Status::invalidArgument("categories (and an other bin) are only used by a histogram");
    if (spec.query == QueryKind::Histogram) {
        auto domain = aggregateDomain(spec);
        if (!domain) return domain.status();
        // Every release keeps one answer per bin: trials x bins is capped (common/limits.h).
        if (double(spec.trials) * double(domain->labels.size()) > double(limits::kMaxReleasedValues))
            return Status::invalidArgument("trials x bins = " + std::to_string(spec.trials) + " x " +
                                           std::to_string(domain->labels.size()) + " answers; at most " +
                                           std::to_string(limits::kMaxReleasedValues) + " in one request");
        VEIL_RETURN_IF_ERROR(detail::checkWorkload(spec, domain->labels.size()));
        if (spec.strategy != "identity") {
            auto strategy = findHistogramStrategy(spec.strategy);
            if (!strategy) return strategy.status();
            if (domain->categorical)
                return Status::invalidArgument(
                    "histogram strategy '" + spec.strategy +
                    "' answers ranges over ordered bins; declare numeric bins, or use identity");
            if (mech != MechanismKind::Laplace)
                return Status::invalidArgument("histogram strategy '" + spec.strategy +
                                               "' adds Laplace noise; omit the mechanism or use laplace");
            auto options = parseParameters(**strategy, spec.strategyOptions, "options");
            if (!options) return options.status();
        } else if (!spec.strategyOptions.is_null() && !spec.strategyOptions.empty()) {
            return Status::invalidArgument("the identity strategy takes no options");
        }
    } else if (spec.strategy != "identity") {
        return Status::invalidArgument("a histogram strategy is only used by a histogram query");
    } else if (!spec.workload.empty()) {
        return Status::invalidArgument("a workload of ranges is answered from a histogram: use the histogram query");
    }
    VEIL_RETURN_IF_ERROR(checkSumBounds(spec, mech));
    return mech;
}

Result<PrivacySpend> columnQueryCost(const ColumnQuerySpec& spec) {
    auto mech = detail::chooseMechanism(spec);
    if (!mech) return mech.status();
    const double t = double(spec.trials);
    PrivacySpend cost{spec.epsilon * t, std::min(1.0 - 1e-16, spec.delta * t), 0.0};
    if (*mech == MechanismKind::Gaussian) {
        // rho of the analytic Gaussian depends on epsilon and delta only (sigma scales with the sensitivity).
        auto g = GaussianMechanism::create(spec.epsilon, spec.delta, 1.0);
        if (!g) return g.status();
        cost.rho = g->rho() * t;
    }
    return cost;
}

Result<ColumnQueryResult> releaseColumnQuery(ReleaseGate& gate, const Column& column, const ColumnQuerySpec& spec,
                                             const RunContext& ctx) {
    auto mech = detail::chooseMechanism(spec);
    if (!mech) return mech.status();
    VEIL_RETURN_IF_ERROR(detail::checkColumnForQuery(column, spec));
    if (spec.query == QueryKind::Histogram && spec.strategy != "identity") {
        // Options some modes may not use are refused before the charge (the strategy runs in the
        // gate's mode: column_query_run.cpp).
        auto info = findHistogramStrategy(spec.strategy);
        if (!info) return info.status();
        auto options = parseParameters(**info, spec.strategyOptions, "options");
        if (!options) return options.status();
        VEIL_RETURN_IF_ERROR(detail::checkHistogramStrategy(spec.strategy, *options, gate.isTeaching()));
    }
    auto cost = columnQueryCost(spec);
    if (!cost) return cost.status();
    Charge charge;
    charge.what = std::string(queryKindName(spec.query)) + " of " + column.name();
    const bool strategy = spec.query == QueryKind::Histogram && spec.strategy != "identity";
    charge.mechanism = strategy ? spec.strategy : mechanismKindName(*mech);
    charge.neighbouring = neighbouringName(detail::neighbouringOf(spec, *mech));
    charge.citation = mechanismCitation(*mech);
    if (strategy) {
        auto info = findHistogramStrategy(spec.strategy);
        if (!info) return info.status();
        charge.citation = (*info)->citation;
    }
    charge.cost = *cost;
    charge.details = {{"query", queryKindName(spec.query)},
                      {"column", column.name()},
                      {"trials", spec.trials},
                      {"epsilon_per_release", spec.epsilon},
                      {"delta_per_release", spec.delta}};
    auto admission = gate.admit(charge);
    if (!admission) return admission.status();
    RunContext local = ctx;
    local.random = admission->random.get();
    auto result = detail::runValidatedQuery(column, spec, *mech, gate.isTeaching(), local);
    if (!result) {
        if (gate.isTeaching() || result.status().code() == StatusCode::Cancelled) return result.status();
        return result.status().withContext("the release was charged (" + receiptLine(admission->receipt) +
                                           ") but failed");
    }
    result->column = column.name();
    result->seeded = admission->receipt.seeded;
    result->receipt = admission->receipt;
    if (result->seeded)
        result->notes.push_back("seeded random source: reproducible, for tests and demos only, not a real release");
    if (!gate.isTeaching()) {
        result->trueValues.clear();
        result->workloadTruth.clear();
        // n stays only where the guarantee treats it as public (a mean, under replace-one).
        if (spec.query != QueryKind::Mean) result->rowsUsed = 0;
    }
    return result;
}

Result<ColumnQueryResult> releaseColumnQuery(ReleaseGate& gate, const Table& table, const std::string& column,
                                             const ColumnQuerySpec& spec, const RunContext& ctx) {
    auto idx = table.columnIndex(column);
    if (!idx) return idx.status();
    return releaseColumnQuery(gate, table.column(*idx), spec, ctx);
}

}  // namespace veil::dp
