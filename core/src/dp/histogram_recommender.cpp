// The recommender: the measured table interpolated log-log in N * epsilon and the domain size,
// averaged over the DPBench shapes, ranked; the reasons are written from the same numbers.
// Method: DPBench (Hay et al., SIGMOD 2016), scale-epsilon exchangeability.
#include "veil/dp/histogram_recommender.h"

#include "dp/detail/histogram_recommender_table.h"
#include "veil/common/validate.h"
#include "veil/dp/column_query.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <map>
#include <set>

namespace veil::dp {

namespace {

using detail::MeasuredError;

// One algorithm's errors on the grid of (domain, scale), averaged over the shapes measured there.
struct Surface {
    std::map<std::pair<double, double>, std::pair<double, int>> sums;  // (domain, scale) -> (sum, shapes)
    std::set<std::string> shapes;
    double mean(double domain, double scale) const {
        auto it = sums.find({domain, scale});
        return it == sums.end() ? -1.0 : it->second.first / it->second.second;
    }
};

std::vector<double> gridValues(int dims, bool domains) {
    std::set<double> values;
    for (const auto& row : detail::measuredErrors())
        if (row.dims == dims) values.insert(domains ? static_cast<double>(row.domain) : row.scale);
    return {values.begin(), values.end()};
}

// The bracket [lo, hi] of x in sorted values, and the weight of hi (log scale), clamped to the ends.
struct Bracket {
    double lo, hi, t;
};
Bracket bracket(const std::vector<double>& values, double x) {
    if (x <= values.front()) return {values.front(), values.front(), 0.0};
    if (x >= values.back()) return {values.back(), values.back(), 0.0};
    const auto hi = std::upper_bound(values.begin(), values.end(), x);
    const double a = *(hi - 1), b = *hi;
    if (a == x) return {a, a, 0.0};  // a measured value: no neighbour needed
    return {a, b, (std::log(x) - std::log(a)) / (std::log(b) - std::log(a))};
}

// Bilinear interpolation of log error; a negative result when a corner was not measured.
double interpolate(const Surface& s, const Bracket& d, const Bracket& n) {
    const double c00 = s.mean(d.lo, n.lo), c01 = s.mean(d.lo, n.hi), c10 = s.mean(d.hi, n.lo), c11 = s.mean(d.hi, n.hi);
    if (c00 <= 0 || c01 <= 0 || c10 <= 0 || c11 <= 0) return -1.0;
    const double lo = (1 - n.t) * std::log(c00) + n.t * std::log(c01);
    const double hi = (1 - n.t) * std::log(c10) + n.t * std::log(c11);
    return std::exp((1 - d.t) * lo + d.t * hi);
}

// What the algorithm does, in a phrase that finishes "the data-dependent DAWA ...".
std::string phrase(const std::string& algorithm) {
    static const std::map<std::string, std::string> phrases = {
        {"histogram:identity", "adds Laplace noise to every bin"},
        {"histogram:hierarchical", "sums ranges from a binary tree of noisy counts made consistent"},
        {"histogram:hb", "sums ranges from a tree of noisy counts whose branching suits the domain"},
        {"histogram:privelet", "adds noise to Haar wavelet coefficients"},
        {"histogram:uniform", "spends the budget on the total and spreads it evenly"},
        {"histogram:mwem", "fits the worst-answered queries by multiplicative weights"},
        {"histogram:greedy-h", "fits a hierarchy of noisy sums to the workload"},
        {"histogram:dawa", "groups neighbouring bins of similar counts and measures the workload on the groups"},
        {"histogram:ahp", "clusters bins of similar noisy counts"},
        {"histogram:efpa", "keeps the largest Fourier coefficients"},
        {"histogram:php", "partitions the bins by private bisection"},
        {"histogram:hb2d", "sums rectangles from a hierarchy of noisy counts whose branching suits the grid"},
        {"histogram:privelet2d", "adds noise to 2-D Haar wavelet coefficients"},
        {"psd:quad", "splits space into equal quadrants with noisy counts"},
        {"psd:kd", "splits at private medians, so its cells follow the data"},
        {"psd:hybrid", "splits at private medians on top and into quadrants below"},
        {"psd:grid", "counts one uniform grid sized from N * epsilon"},
        {"psd:agrid", "refines a coarse noisy grid where its counts are dense"},
    };
    auto it = phrases.find(algorithm);
    return it == phrases.end() ? std::string("answers from its noisy release") : it->second;
}

std::string roughly(double x) {  // two significant digits: "3000", "1.2e5"
    char buf[32];
    const int e = static_cast<int>(std::floor(std::log10(x)));
    if (e < 5) {
        const double unit = std::pow(10.0, std::max(0, e - 1));
        std::snprintf(buf, sizeof buf, "%.0f", std::round(x / unit) * unit);
    } else {
        std::snprintf(buf, sizeof buf, "%.2ge%d", x / std::pow(10.0, e), e);
    }
    return buf;
}

std::string ratio(double r) {
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.1f", r);
    return buf;
}

std::string joined(const std::set<std::string>& names) {
    std::string out;
    for (const auto& n : names) out += (out.empty() ? "" : " and ") + n;
    return out;
}

// The winner's reason: what it does, and how it compares with the best method of the other kind
// (data-dependent or not), or with the runner-up when there is none; a margin under 10 % is a tie.
std::string winnerWhy(const RecommendResult& r, const std::string& where, const std::set<std::string>& shapes) {
    const auto& w = r.ranking.front();
    const Recommendation* other = nullptr;
    for (const auto& c : r.ranking)
        if (c.dataDependent != w.dataDependent) {
            other = &c;
            break;
        }
    const bool otherKind = other != nullptr;
    if (!other && r.ranking.size() > 1) other = &r.ranking[1];
    const auto kind = [](bool dataDependent) { return dataDependent ? "data-dependent" : "data-independent"; };
    std::string why = "At N·ε ≈ " + roughly(r.scaleEpsilon) + " on " + where + ", the " + kind(w.dataDependent) + " " +
                      w.name + " " + phrase(w.algorithm);
    if (!other) return why + ".";
    const double ratioToOther = other->expectedScaledL1 / w.expectedScaledL1;
    const std::string whom =
        other->name + (otherKind ? std::string(", the best ") + kind(other->dataDependent) + " method"
                                 : std::string(", the runner-up"));
    // The apposition closes with a comma before the sentence goes on, not before the parenthesis.
    why += ratioToOther < 1.1 ? "; about the same error as " + whom + " (within 10 %, a tie within the measurements)"
                              : "; " + ratio(ratioToOther) + "× lower error than " + whom + ",";
    return why + " in Veil's measurements on DPBench's " + joined(shapes) +
           (r.extrapolated ? " (nearest measured setting)." : ".");
}

// A data-dependent winner within 10 % of the best data-independent method (a tie within the
// measurements' spread) gives way to it: the data-independent error holds whatever the data's shape,
// the measured one is an average over DPBench's shapes (Hay et al., SIGMOD 2016: data-independent
// methods are the better choice at large N * epsilon). True when the order changed.
bool breakTieTowardsDataIndependent(std::vector<Recommendation>& ranking) {
    if (ranking.empty() || !ranking.front().dataDependent) return false;
    const auto independent =
        std::find_if(ranking.begin(), ranking.end(), [](const Recommendation& c) { return !c.dataDependent; });
    if (independent == ranking.end() || independent->expectedScaledL1 >= 1.1 * ranking.front().expectedScaledL1)
        return false;
    std::rotate(ranking.begin(), independent, independent + 1);
    return true;
}

Status checkRequest(const RecommendRequest& q) {
    VEIL_RETURN_IF_ERROR(validateRecommendSetting(q));
    if (!std::isfinite(q.scale) || q.scale < 1.0)
        return Status::invalidArgument("scale must be a number of records >= 1 (got " + formatNumber(q.scale) + ")");
    return Status::ok();
}

}  // namespace

Status validateRecommendSetting(const RecommendRequest& q) {
    if (q.dims != 1 && q.dims != 2)
        return Status::invalidArgument("dims must be 1 or 2 (got " + std::to_string(q.dims) + ")");
    if (q.columns == 0 || q.rows == 0 || (q.dims == 1 && q.rows != 1))
        return Status::invalidArgument("the domain must have at least one bin (and one row for 1-D)");
    return validateEpsilon(q.epsilon);
}

const char* recommenderWorkloadName(RecommenderWorkload w) {
    switch (w) {
        case RecommenderWorkload::Prefix:
            return "prefix";
        case RecommenderWorkload::Point:
            return "point";
        case RecommenderWorkload::RandomRanges:
            break;
    }
    return "random-ranges";
}

Result<RecommenderWorkload> parseRecommenderWorkload(const std::string& name) {
    if (name == "random-ranges") return RecommenderWorkload::RandomRanges;
    if (name == "prefix") return RecommenderWorkload::Prefix;
    if (name == "point" || name == "identity") return RecommenderWorkload::Point;
    return Status::invalidArgument("unknown workload shape '" + name + "' (known: random-ranges, prefix, point)");
}

const char* scaleSourceName(ScaleSource s) { return s == ScaleSource::Noisy ? "noisy" : "declared"; }

Result<ScaleEstimate> declaredScale(double n) {
    if (!std::isfinite(n) || n < 1.0)
        return Status::invalidArgument("the declared scale must be a number of records >= 1 (got " + formatNumber(n) +
                                       ")");
    ScaleEstimate s;
    s.records = n;
    return s;
}

Result<ScaleEstimate> noisyScale(ReleaseGate& gate, const Table& table, const std::string& column, double epsilon,
                                 const RunContext& ctx) {
    ColumnQuerySpec spec;
    spec.query = QueryKind::Count;
    spec.mechanism = MechanismKind::Laplace;
    spec.epsilon = epsilon;
    auto released = releaseColumnQuery(gate, table, column, spec, ctx);
    if (!released) return released.status().withContext("noisy scale");
    ScaleEstimate s;
    s.source = ScaleSource::Noisy;
    s.records = std::max(1.0, std::round(released->releases.front().front()));  // post-processing
    s.receipt = released->receipt;
    s.noiseScale = released->noiseScale;
    s.column = column;
    return s;
}

std::vector<double> measuredScales(int dims) { return gridValues(dims, false); }
std::vector<double> measuredDomains(int dims) { return gridValues(dims, true); }

Result<RecommendResult> recommendHistogramAlgorithm(const RecommendRequest& q) {
    VEIL_RETURN_IF_ERROR(checkRequest(q));
    VEIL_RETURN_IF_ERROR(detail::measuredTableStatus());
    const auto domains = measuredDomains(q.dims), scales = measuredScales(q.dims);
    if (domains.empty() || scales.empty()) return Status::notFound("no measurements for this dimension");
    RecommendResult r;
    r.scaleEpsilon = q.scale * q.epsilon;
    r.domain = q.dims == 1 ? static_cast<double>(q.columns)
                           : std::sqrt(static_cast<double>(q.rows) * static_cast<double>(q.columns));
    r.extrapolated = r.scaleEpsilon < scales.front() || r.scaleEpsilon > scales.back() || r.domain < domains.front() ||
                     r.domain > domains.back();
    std::map<std::string, Surface> surfaces;
    for (const auto& row : detail::measuredErrors()) {
        if (row.dims != q.dims || row.workload != q.workload) continue;
        if (!q.candidates.empty() &&
            std::find(q.candidates.begin(), q.candidates.end(), row.algorithm) == q.candidates.end())
            continue;
        auto& s = surfaces[row.algorithm];
        auto& cell = s.sums[{static_cast<double>(row.domain), row.scale}];
        cell.first += row.meanScaledL1;
        cell.second += 1;
        s.shapes.insert(row.shape);
    }
    const auto d = bracket(domains, r.domain), n = bracket(scales, r.scaleEpsilon);
    std::set<std::string> shapes;
    for (const auto& entry : detail::measuredAlgorithms()) {
        auto it = surfaces.find(entry.algorithm);
        if (it == surfaces.end()) continue;
        const double e = interpolate(it->second, d, n);
        if (e <= 0) {
            r.notes.push_back(entry.name + " was not measured at this domain size (left out)");
            continue;
        }
        Recommendation rec;
        rec.algorithm = entry.algorithm;
        const auto colon = rec.algorithm.find(':');
        rec.family = rec.algorithm.substr(0, colon);
        rec.id = rec.algorithm.substr(colon + 1);
        rec.name = entry.name;
        rec.dataDependent = entry.dataDependent;
        rec.expectedScaledL1 = e;
        r.ranking.push_back(std::move(rec));
        shapes.insert(it->second.shapes.begin(), it->second.shapes.end());
    }
    if (r.ranking.empty()) return Status::notFound("none of the candidate algorithms was measured for this setting");
    std::stable_sort(r.ranking.begin(), r.ranking.end(), [](const Recommendation& a, const Recommendation& b) {
        return a.expectedScaledL1 < b.expectedScaledL1;
    });
    const bool tieToIndependent = breakTieTowardsDataIndependent(r.ranking);
    const std::string where = q.dims == 1 ? std::to_string(q.columns) + " bins"
                                          : std::to_string(q.rows) + " × " + std::to_string(q.columns) + " cells";
    const std::string workload = std::string(" (") + recommenderWorkloadName(q.workload) + " queries)";
    r.ranking.front().why = winnerWhy(r, where + workload, shapes);
    if (tieToIndependent)
        r.ranking.front().why +=
            " In a tie Veil recommends the data-independent method: its error does not depend on the data's shape.";
    const auto& best = r.ranking.front();
    for (std::size_t i = 1; i < r.ranking.size(); ++i) {
        auto& c = r.ranking[i];
        c.why = "Expected " + ratio(c.expectedScaledL1 / best.expectedScaledL1) + "× the error of " + best.name +
                " here; the " + (c.dataDependent ? "data-dependent " : "data-independent ") + c.name + " " +
                phrase(c.algorithm) + ".";
    }
    if (r.extrapolated)
        r.notes.push_back("outside the measured range (N·ε " + roughly(scales.front()) + ".." + roughly(scales.back()) +
                          ", domain " + roughly(domains.front()) + ".." + roughly(domains.back()) +
                          "): the nearest measured values are used");
    return r;
}

}  // namespace veil::dp
