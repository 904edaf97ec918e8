// Contingency tables of two attributes before and after, and the total-variation distance between
// the original joint distribution and the released one spread over the original domain (the
// released table's counts shared uniformly among the value pairs each cell contains: the uniform
// reading of a generalized table, Kifer & Gehrke, "Injecting utility into anonymized datasets",
// SIGMOD 2006). See docs/algorithms/utility_metrics.md.
#include "veil/anonymity/utility_analysis.h"

#include "anonymity/detail/released_domain.h"
#include "anonymity/detail/utility_columns.h"

#include <algorithm>
#include <cmath>
#include <numeric>
#include <unordered_map>

namespace veil::anonymity {

namespace {

using detail::TextCodes;

constexpr std::size_t kMaxCells = 4'000'000;

std::uint64_t pairKey(std::uint32_t x, std::uint32_t y) { return (std::uint64_t(x) << 32) | y; }

// The labels of one attribute's axis: its `cap` most frequent values (all when 0) in natural order,
// then its suppressed values (`suppressed`, per code; they take no place under the cap, so that
// before and after show the same values), then kOtherLabel for the rest; each code's position.
struct Axis {
    std::vector<std::string> labels;
    std::vector<std::size_t> position;  // per code
    bool pooled = false;
};

Axis axisOf(const TextCodes& t, std::size_t cap, const std::vector<std::uint8_t>& suppressed = {}) {
    std::vector<std::uint32_t> order, tokens;
    for (std::uint32_t code = 0; code < t.names.size(); ++code)
        (code < suppressed.size() && suppressed[code] ? tokens : order).push_back(code);
    Axis axis;
    axis.pooled = cap > 0 && order.size() > cap;
    if (axis.pooled) {
        std::stable_sort(order.begin(), order.end(), [&](std::uint32_t x, std::uint32_t y) {
            if (t.counts[x] != t.counts[y]) return t.counts[x] > t.counts[y];
            return detail::naturalLess(t.names[x], t.names[y]);
        });
        order.resize(cap);
    }
    std::sort(order.begin(), order.end(),
              [&](std::uint32_t x, std::uint32_t y) { return detail::naturalLess(t.names[x], t.names[y]); });
    order.insert(order.end(), tokens.begin(), tokens.end());
    axis.position.assign(t.names.size(), order.size());  // pooled codes: the kOtherLabel position
    for (std::size_t i = 0; i < order.size(); ++i) {
        axis.position[order[i]] = i;
        axis.labels.push_back(t.names[order[i]]);
    }
    if (axis.pooled) axis.labels.emplace_back(ContingencyTable::kOtherLabel);
    return axis;
}

Result<ContingencyTable> tableOf(const TextCodes& a, const TextCodes& b, const ContingencyCaps& caps,
                                 const std::vector<std::uint8_t>& suppressedA = {},
                                 const std::vector<std::uint8_t>& suppressedB = {}) {
    const Axis rows = axisOf(a, caps.rows, suppressedA), columns = axisOf(b, caps.columns, suppressedB);
    if (rows.labels.size() * columns.labels.size() > kMaxCells)
        return Status::invalidArgument("utility: a contingency table of " + std::to_string(rows.labels.size()) + " x " +
                                       std::to_string(columns.labels.size()) +
                                       " values is too large to show; cap the values shown");
    ContingencyTable t;
    t.rows = rows.labels;
    t.columns = columns.labels;
    t.rowValues = a.names.size();
    t.columnValues = b.names.size();
    t.rowsPooled = rows.pooled;
    t.columnsPooled = columns.pooled;
    t.counts.assign(t.rows.size() * t.columns.size(), 0);
    for (std::size_t r = 0; r < a.codes.size(); ++r)
        ++t.counts[rows.position[a.codes[r]] * t.columns.size() + columns.position[b.codes[r]]];
    t.total = a.codes.size();
    return t;
}

// The four columns' codes and which released codes are suppressed.
struct PairCodes {
    TextCodes originalA, originalB, releasedA, releasedB;
    std::vector<std::uint8_t> suppressedA, suppressedB;
};

Result<PairCodes> pairCodes(const Table& original, const Table& released, const std::string& a, const std::string& b,
                            const UtilityOptions& options) {
    VEIL_RETURN_IF_ERROR(detail::checkAligned(original, released));
    const Column* columns[4] = {};
    const std::pair<const Table*, const std::string*> wanted[4] = {
        {&original, &a}, {&original, &b}, {&released, &a}, {&released, &b}};
    for (int i = 0; i < 4; ++i) {
        auto c = detail::namedColumn(*wanted[i].first, *wanted[i].second, i < 2 ? "original table" : "released table");
        if (!c) return c.status();
        columns[i] = *c;
    }
    PairCodes p{detail::textCodes(*columns[0]),
                detail::textCodes(*columns[1]),
                detail::textCodes(*columns[2]),
                detail::textCodes(*columns[3]),
                {},
                {}};
    p.suppressedA = detail::suppressedCodes(*columns[2], p.releasedA, options);
    p.suppressedB = detail::suppressedCodes(*columns[3], p.releasedB, options);
    return p;
}

// TVD between the original joint and the released one spread over the original pairs. Pairs the
// original does not hold only receive spread mass: their share is what the observed pairs miss.
double spreadDistance(const PairCodes& p) {
    const std::size_t n = p.originalA.codes.size();
    if (n == 0) return 0.0;
    const detail::ReleasedDomain da(p.originalA.codes, p.releasedA.codes, p.originalA.names.size(),
                                    p.releasedA.names.size(), p.suppressedA, {});
    const detail::ReleasedDomain db(p.originalB.codes, p.releasedB.codes, p.originalB.names.size(),
                                    p.releasedB.names.size(), p.suppressedB, {});
    std::unordered_map<std::uint64_t, double> before, cells;
    for (std::size_t r = 0; r < n; ++r) {
        before[pairKey(p.originalA.codes[r], p.originalB.codes[r])] += 1;
        cells[pairKey(p.releasedA.codes[r], p.releasedB.codes[r])] += 1;
    }
    double absolute = 0, spreadOnObserved = 0;
    for (const auto& [key, count] : before) {
        const auto x = std::uint32_t(key >> 32), y = std::uint32_t(key & 0xffffffffu);
        double spread = 0;
        for (std::uint32_t ga : da.containing(x))
            for (std::uint32_t gb : db.containing(y)) {
                const auto cell = cells.find(pairKey(ga, gb));
                if (cell == cells.end()) continue;
                spread += cell->second / (double(da.contains(ga).size()) * double(db.contains(gb).size()));
            }
        absolute += std::abs(count - spread);
        spreadOnObserved += spread;
    }
    absolute += std::max(0.0, double(n) - spreadOnObserved);
    return std::min(1.0, absolute / (2.0 * double(n)));
}

}  // namespace

Result<ContingencyComparison> compareContingency(const Table& original, const Table& released, const std::string& a,
                                                 const std::string& b, const ContingencyCaps& caps,
                                                 const UtilityOptions& options) {
    auto p = pairCodes(original, released, a, b, options);
    if (!p) return p.status();
    ContingencyComparison out;
    out.a = a;
    out.b = b;
    auto before = tableOf(p->originalA, p->originalB, caps);
    if (!before) return before.status();
    auto after = tableOf(p->releasedA, p->releasedB, caps, p->suppressedA, p->suppressedB);
    if (!after) return after.status();
    out.before = std::move(*before);
    out.after = std::move(*after);
    out.distance = spreadDistance(*p);
    return out;
}

Result<double> contingencyDistance(const Table& original, const Table& released, const std::string& a,
                                   const std::string& b, const UtilityOptions& options) {
    auto p = pairCodes(original, released, a, b, options);
    if (!p) return p.status();
    return spreadDistance(*p);
}

}  // namespace veil::anonymity
