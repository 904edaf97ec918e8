// Local suppression (sdcMicro's greedy rule; Templ, Kowarik & Meindl, JSS 2015) and its optimal
// integer-program variant, under either semantics of a suppressed cell (local_suppression.h).
#include "veil/anonymity/local_suppression.h"

#include "anonymity/detail/cell_patterns.h"
#include "anonymity/detail/suppression_program.h"
#include "anonymity/detail/value_suppression.h"

#include <algorithm>
#include <map>
#include <numeric>
#include <unordered_map>
#include <utility>

namespace veil::anonymity {

namespace {

using Columns = detail::CodeColumns;
using detail::projectionKey;
using detail::suppressionMask;

Status validate(const Columns& cols, const LocalSuppressionOptions& o) {
    if (cols.empty()) return Status::invalidArgument("local suppression needs at least one quasi-identifier");
    if (cols.size() > 64)
        return Status::invalidArgument("local suppression handles at most 64 quasi-identifiers, got " +
                                       std::to_string(cols.size()));
    const auto n = cols[0].size();
    for (const auto& c : cols)
        if (c.size() != n) return Status::invalidArgument("local suppression: columns of different lengths");
    if (n == 0) return Status::invalidArgument("local suppression: the table has no record");
    if (o.k < 1 || std::size_t(o.k) > n)
        return Status::invalidArgument("local suppression: k = " + std::to_string(o.k) + " must be in 1.." +
                                       std::to_string(n) + " (the number of records)");
    if (!o.priority.empty() && o.priority.size() != cols.size())
        return Status::invalidArgument("local suppression: " + std::to_string(o.priority.size()) + " priorities for " +
                                       std::to_string(cols.size()) + " quasi-identifiers");
    return Status::ok();
}

// Columns in suppression order: highest priority first; by default most distinct values first.
std::vector<std::size_t> suppressionOrder(const Columns& cols, const std::vector<int>& priority) {
    std::vector<long long> p(cols.size());
    for (std::size_t c = 0; c < cols.size(); ++c) {
        if (!priority.empty()) {
            p[c] = priority[c];
        } else {
            std::vector<std::uint32_t> v(cols[c]);
            std::sort(v.begin(), v.end());
            p[c] = std::unique(v.begin(), v.end()) - v.begin();
        }
    }
    std::vector<std::size_t> order(cols.size());
    std::iota(order.begin(), order.end(), 0);
    std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) { return p[a] > p[b]; });
    return order;
}

// dist[j]: the columns on which records i and j differ, neither cell suppressed; returns i's
// current match count (the records at distance 0, i included).
std::uint32_t distances(const Columns& cols, std::size_t i, std::vector<std::uint32_t>& dist) {
    const std::size_t n = cols[0].size();
    std::fill(dist.begin(), dist.end(), 0u);
    for (const auto& col : cols) {
        const auto vi = col[i];
        if (vi == kSuppressedCell) continue;
        for (std::size_t j = 0; j < n; ++j)
            if (col[j] != kSuppressedCell && col[j] != vi) ++dist[j];
    }
    return std::uint32_t(std::count(dist.begin(), dist.end(), 0u));
}

// One cell of record i to suppress (sdcMicro's rule) given its distances, or cols.size() when
// none differs.
std::size_t pickCell(const Columns& cols, std::size_t i, const std::vector<std::size_t>& order,
                     const std::vector<std::uint32_t>& dist) {
    const std::size_t n = cols[0].size();
    std::uint32_t best = 0;
    for (auto d : dist)
        if (d > 0 && (best == 0 || d < best)) best = d;
    if (best == 0) return cols.size();
    for (auto c : order) {
        const auto vi = cols[c][i];
        if (vi == kSuppressedCell) continue;
        for (std::size_t j = 0; j < n; ++j)
            if (dist[j] == best && cols[c][j] != kSuppressedCell && cols[c][j] != vi) return c;
    }
    return cols.size();
}

Status greedy(Columns& cols, const LocalSuppressionOptions& o, const RunContext& ctx) {
    const auto order = suppressionOrder(cols, o.priority);
    std::vector<std::uint32_t> dist(cols[0].size());
    const auto k = std::uint32_t(o.k);
    while (true) {
        const auto counts = wildcardMatchCounts(cols);
        std::vector<std::size_t> problem;
        for (std::size_t r = 0; r < counts.size(); ++r)
            if (counts[r] < k) problem.push_back(r);
        if (problem.empty()) return Status::ok();
        std::stable_sort(problem.begin(), problem.end(),
                         [&](std::size_t a, std::size_t b) { return counts[a] < counts[b]; });
        // Counts are taken once per sweep; a record that a suppression earlier in the sweep made
        // match k records (a '*' matches it) is left as it is.
        bool changed = false;
        for (auto i : problem) {
            if (ctx.cancelled()) return Status::cancelled();
            if (distances(cols, i, dist) >= k) continue;
            const auto c = pickCell(cols, i, order, dist);
            if (c == cols.size()) continue;
            cols[c][i] = kSuppressedCell;
            changed = true;
        }
        if (!changed) return Status::internal("local suppression made no progress");
    }
}

std::size_t countSuppressed(const Columns& cols, std::vector<std::size_t>* perColumn) {
    std::size_t total = 0;
    for (std::size_t c = 0; c < cols.size(); ++c) {
        const auto n = std::size_t(std::count(cols[c].begin(), cols[c].end(), kSuppressedCell));
        if (perColumn) perColumn->push_back(n);
        total += n;
    }
    return total;
}

}  // namespace

std::vector<std::uint32_t> wildcardMatchCounts(const Columns& cols) {
    if (cols.empty()) return {};
    const std::size_t n = cols[0].size();
    std::vector<std::uint64_t> mask(n);
    std::map<std::uint64_t, std::vector<std::size_t>> patterns;
    for (std::size_t r = 0; r < n; ++r) {
        mask[r] = suppressionMask(cols, r);
        patterns[mask[r]].push_back(r);
    }
    std::vector<std::uint32_t> counts(n, 0);
    for (const auto& [pattern, members] : patterns) {
        for (const auto& [other, otherMembers] : patterns) {
            const std::uint64_t hidden = pattern | other;
            std::unordered_map<std::string, std::uint32_t> freq;
            for (auto j : otherMembers) ++freq[projectionKey(cols, j, hidden)];
            for (auto i : members) {
                const auto it = freq.find(projectionKey(cols, i, hidden));
                if (it != freq.end()) counts[i] += it->second;
            }
        }
    }
    return counts;
}

std::vector<std::uint32_t> valueClassSizes(const Columns& cols) {
    std::vector<std::uint32_t> sizes(cols.empty() ? 0 : cols[0].size());
    for (const auto& group : detail::identicalRecords(cols))
        for (auto r : group) sizes[r] = std::uint32_t(group.size());
    return sizes;
}

std::vector<std::uint32_t> suppressionCounts(const Columns& cols, LocalSuppressionSemantics semantics) {
    return semantics == LocalSuppressionSemantics::Value ? valueClassSizes(cols) : wildcardMatchCounts(cols);
}

Result<LocalSuppressionResult> localSuppression(const Columns& columns, const LocalSuppressionOptions& options,
                                                const RunContext& ctx) {
    if (auto s = validate(columns, options); !s) return s;
    ctx.report(0.0, "Local suppression");
    LocalSuppressionResult out;
    const std::size_t before = countSuppressed(columns, nullptr);
    out.columns = columns;
    const bool asValue = options.semantics == LocalSuppressionSemantics::Value;
    if (auto s = asValue ? detail::greedyValueSuppression(out.columns, std::uint32_t(options.k),
                                                          suppressionOrder(columns, options.priority), ctx)
                         : greedy(out.columns, options, ctx);
        !s)
        return s;
    out.method = LocalSuppressionMethod::Greedy;
    if (options.method == LocalSuppressionMethod::Optimal) {
        auto opt = asValue ? detail::optimalValueSuppression(columns, out.columns, options, ctx)
                           : detail::optimalSuppression(columns, out.columns, options, ctx);
        if (!opt) return opt.status();
        const std::size_t greedyCells = countSuppressed(out.columns, nullptr);
        out.lowerBound = opt->lowerBound;
        out.message = opt->message;
        if (opt->solved && countSuppressed(opt->columns, nullptr) <= greedyCells) {
            out.columns = std::move(opt->columns);
            out.method = LocalSuppressionMethod::Optimal;
            out.provenOptimal = opt->provenOptimal;
        } else {
            out.message += opt->solved ? "; the greedy rule's result is better and is used"
                                       : "; the greedy rule's result is used instead";
        }
    }
    out.suppressedCells = countSuppressed(out.columns, &out.cellsPerColumn) - before;
    out.matches = suppressionCounts(out.columns, options.semantics);
    ctx.report(1.0, "Local suppression");
    return out;
}

const char* localSuppressionMethodName(LocalSuppressionMethod m) {
    return m == LocalSuppressionMethod::Optimal ? "optimal" : "greedy";
}

const char* localSuppressionSemanticsName(LocalSuppressionSemantics s) {
    return s == LocalSuppressionSemantics::Value ? "value" : "wildcard";
}

std::optional<LocalSuppressionSemantics> parseLocalSuppressionSemantics(std::string_view name) {
    if (name == "wildcard") return LocalSuppressionSemantics::Wildcard;
    if (name == "value") return LocalSuppressionSemantics::Value;
    return std::nullopt;
}

}  // namespace veil::anonymity
