// Range-query workloads: JSON parsing with errors naming the query, DPBench generators, answers.
#include "veil/eval/workload.h"

#include "veil/common/limits.h"

#include "veil/io/atomic_file.h"

#include <nlohmann/json.hpp>

#include <cmath>
#include <cstdint>
#include <filesystem>

namespace veil::eval {

namespace {

std::string queryLabel(std::size_t i) { return "query " + std::to_string(i); }

// A JSON number that is a non-negative integer, or an error naming the query and field. A float
// is taken when it holds an exact integer up to 2^53 (a larger one cannot be cast: undefined).
Result<std::size_t> boundAt(const nlohmann::json& q, std::size_t i, std::size_t k, const char* field) {
    const auto& v = q[k];
    auto notInteger = [&] {
        return Status::invalidArgument(queryLabel(i) + ": " + field + " must be an integer (got " + v.dump() + ")");
    };
    if (v.is_number_unsigned()) return static_cast<std::size_t>(v.get<std::uint64_t>());
    long long x = 0;
    if (v.is_number_integer()) {
        x = v.get<long long>();
    } else if (v.is_number_float()) {
        const double d = v.get<double>();
        if (!(std::fabs(d) <= 9007199254740992.0) || d != std::floor(d)) return notInteger();
        x = static_cast<long long>(d);
    } else {
        return notInteger();
    }
    if (x < 0)
        return Status::invalidArgument(queryLabel(i) + ": " + field + " must be >= 0 (got " + std::to_string(x) + ")");
    return static_cast<std::size_t>(x);
}

Status checkRange(std::size_t i, std::size_t lo, std::size_t hi, std::size_t extent, const char* loName,
                  const char* hiName) {
    if (lo > hi)
        return Status::invalidArgument(queryLabel(i) + ": " + loName + " " + std::to_string(lo) + " > " + hiName + " " +
                                       std::to_string(hi));
    if (hi >= extent)
        return Status::invalidArgument(queryLabel(i) + ": " + hiName + " " + std::to_string(hi) +
                                       " is out of the domain 0.." + std::to_string(extent - 1));
    return Status::ok();
}

// DPComp's range objects (dpcomp_core/query_nd_union.py: ndRange(lb, ub, wgt), inclusive corners,
// axis 0 = rows) written as {"lb": [...], "ub": [...], "wgt": 1}, turned into Veil's arrays
// [lo, hi] / [row_lo, row_hi, col_lo, col_hi]. Anything else is passed through for the checks.
Result<nlohmann::json> fromDpcompQueries(const nlohmann::json& queries) {
    if (!queries.is_array()) return queries;
    nlohmann::json out = nlohmann::json::array();
    for (std::size_t i = 0; i < queries.size(); ++i) {
        const auto& q = queries[i];
        if (!q.is_object()) {
            out.push_back(q);
            continue;
        }
        if (!q.contains("lb") || !q.contains("ub") || !q["lb"].is_array() || !q["ub"].is_array() ||
            q["lb"].size() != q["ub"].size() || q["lb"].empty() || q["lb"].size() > 2)
            return Status::invalidArgument(queryLabel(i) +
                                           ": expected {\"lb\": [...], \"ub\": [...]} with 1 or 2 "
                                           "coordinates each, got " +
                                           q.dump());
        if (q.contains("wgt") && !(q["wgt"].is_number() && q["wgt"].get<double>() == 1.0))
            return Status::invalidArgument(queryLabel(i) + ": only unit weights are supported (got wgt " +
                                           q["wgt"].dump() + ")");
        if (q["lb"].size() == 1)
            out.push_back({q["lb"][0], q["ub"][0]});
        else
            out.push_back({q["lb"][0], q["ub"][0], q["lb"][1], q["ub"][1]});
    }
    return out;
}

}  // namespace

Result<Workload> parseWorkloadJson(const nlohmann::json& input, const HistogramData& domain) {
    // DPBench-style files: an object whose "queries" array holds the ranges (Veil's arrays or DPComp's
    // {"lb", "ub"} objects); Veil's own format is the bare array, or an object whose "ranges" holds it
    // (as an experiment's inline workload).
    nlohmann::json converted;
    if (input.is_object() && input.contains("queries") && input.contains("ranges"))
        return Status::invalidArgument("workload: give \"queries\" or \"ranges\", not both");
    if (input.is_object() && input.contains("queries")) {
        auto q = fromDpcompQueries(input["queries"]);
        if (!q) return q.status();
        converted = std::move(*q);
    } else if (input.is_object() && input.contains("ranges")) {
        converted = input["ranges"];
    }
    const nlohmann::json& ranges = converted.is_null() ? input : converted;
    if (!ranges.is_array())
        return Status::invalidArgument(
            "workload: expected a JSON array of ranges, or an object with a \"queries\" or \"ranges\" array, got " +
            std::string(ranges.type_name()));
    if (ranges.empty()) return Status::invalidArgument("workload: the list of ranges is empty");
    if (ranges.size() > limits::kMaxWorkloadQueries)
        return Status::invalidArgument("workload: " + std::to_string(ranges.size()) + " ranges; at most " +
                                       std::to_string(limits::kMaxWorkloadQueries) + " are allowed");
    Workload w;
    w.twoDimensional = domain.twoDimensional;
    const std::size_t arity = domain.twoDimensional ? 4 : 2;
    const char* expected =
        domain.twoDimensional ? "[row_lo, row_hi, col_lo, col_hi] for a 2-D histogram" : "[lo, hi] for a 1-D histogram";
    w.queries.reserve(ranges.size());
    for (std::size_t i = 0; i < ranges.size(); ++i) {
        const auto& q = ranges[i];
        if (!q.is_array() || q.size() != arity)
            return Status::invalidArgument(queryLabel(i) + ": expected " + expected + ", got " + q.dump());
        RangeQuery r;
        if (arity == 2) {
            auto lo = boundAt(q, i, 0, "lo");
            if (!lo) return lo.status();
            auto hi = boundAt(q, i, 1, "hi");
            if (!hi) return hi.status();
            VEIL_RETURN_IF_ERROR(checkRange(i, *lo, *hi, domain.columns, "lo", "hi"));
            r.colLo = *lo;
            r.colHi = *hi;
        } else {
            const char* names[4] = {"row_lo", "row_hi", "col_lo", "col_hi"};
            std::size_t v[4];
            for (std::size_t k = 0; k < 4; ++k) {
                auto b = boundAt(q, i, k, names[k]);
                if (!b) return b.status();
                v[k] = *b;
            }
            VEIL_RETURN_IF_ERROR(checkRange(i, v[0], v[1], domain.rows, "row_lo", "row_hi"));
            VEIL_RETURN_IF_ERROR(checkRange(i, v[2], v[3], domain.columns, "col_lo", "col_hi"));
            r = {v[0], v[1], v[2], v[3]};
        }
        w.queries.push_back(r);
    }
    w.name = std::to_string(w.queries.size()) + " ranges";
    return w;
}

Result<Workload> readWorkloadFile(const std::string& path, const HistogramData& domain) {
    if (!std::filesystem::exists(path)) return Status::notFound(path + ": no such file");
    auto text = readWholeFile(path);
    if (!text) return text.status();
    const auto j = nlohmann::json::parse(*text, nullptr, false);
    if (j.is_discarded()) return Status::parseError(path + ": not valid JSON");
    auto w = parseWorkloadJson(j, domain);
    if (!w) return w.status().withContext(path);
    w->name = std::filesystem::path(path).filename().string();
    return w;
}

nlohmann::json workloadToJson(const Workload& workload) {
    nlohmann::json out = nlohmann::json::array();
    for (const auto& q : workload.queries) {
        if (workload.twoDimensional)
            out.push_back({q.rowLo, q.rowHi, q.colLo, q.colHi});
        else
            out.push_back({q.colLo, q.colHi});
    }
    return out;
}

HistogramData workloadDomain(std::size_t rows, std::size_t columns, bool twoDimensional) {
    HistogramData d;
    d.rows = twoDimensional ? rows : 1;
    d.columns = columns;
    d.twoDimensional = twoDimensional;
    return d;
}

std::vector<dp::RangeQuery> toRangeQueries(const Workload& workload) {
    std::vector<dp::RangeQuery> out;
    out.reserve(workload.size());
    for (const auto& q : workload.queries) out.push_back({q.colLo, q.colHi});
    return out;
}

std::vector<dp::RectangleQuery> toRectangleQueries(const Workload& workload) {
    std::vector<dp::RectangleQuery> out;
    out.reserve(workload.size());
    for (const auto& q : workload.queries) out.push_back({q.rowLo, q.rowHi, q.colLo, q.colHi});
    return out;
}

Workload prefixWorkload(const HistogramData& domain) {
    Workload w;
    w.twoDimensional = domain.twoDimensional;
    w.name = "prefix";
    for (std::size_t r = 0; r < domain.rows; ++r)
        for (std::size_t c = 0; c < domain.columns; ++c) w.queries.push_back({0, r, 0, c});
    return w;
}

Workload identityWorkload(const HistogramData& domain) {
    Workload w;
    w.twoDimensional = domain.twoDimensional;
    w.name = "identity";
    for (std::size_t r = 0; r < domain.rows; ++r)
        for (std::size_t c = 0; c < domain.columns; ++c) w.queries.push_back({r, r, c, c});
    return w;
}

Result<Workload> randomRangeWorkload(const HistogramData& domain, std::size_t count, RandomSource& rng) {
    if (count == 0 || count > limits::kMaxWorkloadQueries)
        return Status::invalidArgument("random-ranges: count must be between 1 and 10^7 (got " + std::to_string(count) +
                                       ")");
    Workload w;
    w.twoDimensional = domain.twoDimensional;
    w.name = "random-ranges";
    w.queries.reserve(count);
    for (std::size_t i = 0; i < count; ++i) {
        RangeQuery q;
        if (domain.twoDimensional) {
            const std::size_t h = 1 + rng.uniformBelow(domain.rows);
            const std::size_t wd = 1 + rng.uniformBelow(domain.columns);
            q.rowLo = rng.uniformBelow(domain.rows - h + 1);
            q.colLo = rng.uniformBelow(domain.columns - wd + 1);
            q.rowHi = q.rowLo + h - 1;
            q.colHi = q.colLo + wd - 1;
        } else {
            const std::size_t len = 1 + rng.uniformBelow(domain.columns);
            q.colLo = rng.uniformBelow(domain.columns - len + 1);
            q.colHi = q.colLo + len - 1;
        }
        w.queries.push_back(q);
    }
    return w;
}

std::vector<double> answerWorkload(const Workload& workload, const std::vector<double>& values, std::size_t rows,
                                   std::size_t columns) {
    // Summed-area table with a zero border: S[(r+1)(C+1) + c+1] = sum of values[0..r][0..c].
    const std::size_t C = columns + 1;
    std::vector<double> s((rows + 1) * C, 0.0);
    for (std::size_t r = 0; r < rows; ++r) {
        double rowSum = 0.0;
        for (std::size_t c = 0; c < columns; ++c) {
            rowSum += values[r * columns + c];
            s[(r + 1) * C + c + 1] = s[r * C + c + 1] + rowSum;
        }
    }
    std::vector<double> out;
    out.reserve(workload.queries.size());
    for (const auto& q : workload.queries) {
        const std::size_t r0 = q.rowLo, r1 = q.rowHi + 1, c0 = q.colLo, c1 = q.colHi + 1;
        out.push_back(s[r1 * C + c1] - s[r0 * C + c1] - s[r1 * C + c0] + s[r0 * C + c0]);
    }
    return out;
}

std::vector<double> answerWorkload(const Workload& workload, const HistogramData& data) {
    return answerWorkload(workload, data.counts, data.rows, data.columns);
}

}  // namespace veil::eval
