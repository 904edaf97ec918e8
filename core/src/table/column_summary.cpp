#include "veil/table/column_summary.h"

#include "detail/distinct_count.h"
#include "veil/common/parallel.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <unordered_map>
#include <unordered_set>

namespace veil {

namespace {

// The rows holding the smallest and largest value of a numeric column (first ones on ties).
template <typename T>
bool findExtremes(const std::vector<T>& values, const Column& c, std::size_t& minRow, std::size_t& maxRow) {
    const auto& missing = c.missingMask();
    bool any = false;
    for (std::size_t i = 0; i < values.size(); ++i) {
        if (!missing.empty() && missing[i]) continue;
        if (!any) {
            minRow = maxRow = i;
            any = true;
            continue;
        }
        if (values[i] < values[minRow]) minRow = i;
        if (values[i] > values[maxRow]) maxRow = i;
    }
    return any;
}

}  // namespace

ColumnSummary summarizeColumn(const Table& table, std::size_t index) {
    const Column& c = table.column(index);
    ColumnSummary s;
    s.name = c.name();
    s.type = c.type();
    s.role = table.role(index);
    s.rows = c.size();
    s.missing = c.missingCount();
    std::size_t minRow = 0, maxRow = 0;
    bool ordered = false;
    switch (c.type()) {
        case ColumnType::Integer:
            s.distinct = detail::countDistinctIntegers(c.integers(), c.missingMask());
            ordered = findExtremes(c.integers(), c, minRow, maxRow);
            break;
        case ColumnType::Real:
            s.distinct = detail::countDistinctReals(c.reals(), c.missingMask());
            ordered = findExtremes(c.reals(), c, minRow, maxRow);
            break;
        case ColumnType::Date:
            s.distinct = detail::countDistinctDates(c.dates(), c.missingMask());
            ordered = findExtremes(c.dates(), c, minRow, maxRow);
            break;
        case ColumnType::Categorical: {
            std::vector<char> used(c.dictionary().size(), 0);
            for (std::int32_t code : c.codes())
                if (code >= 0) used[std::size_t(code)] = 1;
            s.distinct = std::size_t(std::count(used.begin(), used.end(), 1));
            break;
        }
        case ColumnType::Text: {
            std::unordered_set<std::string_view> seen;
            seen.reserve(c.size());
            for (std::size_t i = 0; i < c.size(); ++i)
                if (!c.isMissing(i)) seen.insert(c.textAt(i));
            s.distinct = seen.size();
            break;
        }
    }
    if (ordered) {
        s.min = c.toString(minRow);
        s.max = c.toString(maxRow);
        s.minValue = c.numericAt(minRow);
        s.maxValue = c.numericAt(maxRow);
    }
    return s;
}

std::vector<ColumnSummary> summarizeTable(const Table& table, int threads) {
    std::vector<ColumnSummary> out(table.columnCount());
    (void)parallelFor(out.size(), threads == 0 ? hardwareThreads() : threads, RunContext{}, [&](std::size_t c) {
        out[c] = summarizeColumn(table, c);
        return Status::ok();
    });
    return out;
}

ValueCounts valueCounts(const Column& c, int bins, int maxBars) {
    ValueCounts vc;
    if (isNumericType(c.type())) {
        vc.numeric = true;
        double lo = std::numeric_limits<double>::infinity(), hi = -lo;
        for (std::size_t i = 0; i < c.size(); ++i) {
            if (c.isMissing(i)) continue;
            const double v = c.numericAt(i);
            lo = std::min(lo, v);
            hi = std::max(hi, v);
        }
        if (!std::isfinite(lo)) return vc;
        bins = std::max(1, bins);
        // Integer-valued columns with a small range get one bin per value.
        if (c.type() != ColumnType::Real && hi - lo + 1 <= bins) bins = int(hi - lo + 1);
        const double width = hi > lo ? (hi - lo) / bins : 1.0;
        vc.counts.assign(std::size_t(bins), 0);
        for (int b = 0; b <= bins; ++b) vc.binEdges.push_back(lo + b * width);
        for (std::size_t i = 0; i < c.size(); ++i) {
            if (c.isMissing(i)) continue;
            int b = int((c.numericAt(i) - lo) / width);
            b = std::clamp(b, 0, bins - 1);
            ++vc.counts[std::size_t(b)];
        }
        auto fmt = [&](double v) {
            if (c.type() == ColumnType::Date) return formatIsoDate(std::int32_t(std::floor(v)));
            char buf[32];
            std::snprintf(buf, sizeof buf, "%g", v);
            return std::string(buf);
        };
        for (int b = 0; b < bins; ++b) vc.labels.push_back(fmt(vc.binEdges[std::size_t(b)]));
        return vc;
    }
    std::vector<std::pair<std::string, std::size_t>> counts;
    if (c.type() == ColumnType::Categorical) {
        std::vector<std::size_t> n(c.dictionary().size(), 0);
        for (std::int32_t code : c.codes())
            if (code >= 0) ++n[std::size_t(code)];
        for (std::size_t i = 0; i < n.size(); ++i)
            if (n[i] > 0) counts.emplace_back(c.dictionary()[i], n[i]);
    } else {
        std::unordered_map<std::string_view, std::size_t> n;
        for (std::size_t i = 0; i < c.size(); ++i)
            if (!c.isMissing(i)) ++n[c.textAt(i)];
        for (const auto& [k, v] : n) counts.emplace_back(std::string(k), v);
    }
    std::sort(counts.begin(), counts.end(), [](const auto& a, const auto& b) {
        return a.second != b.second ? a.second > b.second : a.first < b.first;
    });
    std::size_t other = 0;
    for (std::size_t i = 0; i < counts.size(); ++i) {
        if (int(i) < maxBars) {
            vc.labels.push_back(counts[i].first);
            vc.counts.push_back(counts[i].second);
        } else {
            other += counts[i].second;
        }
    }
    if (other > 0) {
        vc.labels.push_back("(other)");
        vc.counts.push_back(other);
    }
    return vc;
}

}  // namespace veil
