#include "views/anonymization/hierarchy_preview.h"

#include "veil/hierarchy/builders.h"

#include <charconv>
#include <cmath>
#include <limits>

namespace veil::ui {

BuilderSuggestion suggestBuilder(const std::vector<std::string>& values, bool numeric, bool date) {
    BuilderSuggestion s;
    if (date) {
        s.kind = BuilderSuggestion::Dates;
        return s;
    }
    if (!numeric) {
        // Pairs at each level while the level above still has two groups or more: a level with a
        // single group would only repeat "*" (two values: straight to "*").
        std::size_t groups = values.size();
        while ((groups + 1) / 2 >= 2) {
            s.groupSizes.push_back(2);
            groups = (groups + 1) / 2;
        }
        return s;
    }
    s.kind = BuilderSuggestion::Intervals;
    double lo = std::numeric_limits<double>::infinity(), hi = -lo;
    for (const auto& v : values) {
        double x = 0;
        const auto r = std::from_chars(v.data() + (!v.empty() && v[0] == '+' ? 1 : 0), v.data() + v.size(), x);
        if (r.ec == std::errc() && std::isfinite(x)) lo = std::min(lo, x), hi = std::max(hi, x);
    }
    if (std::isfinite(lo) && hi > lo) {
        // A round width (1, 2 or 5 times a power of ten) giving about 8 intervals.
        const double raw = (hi - lo) / 8.0;
        const double step = std::pow(10.0, std::floor(std::log10(raw)));
        const double width = raw / step < 2 ? step : raw / step < 5 ? 2 * step : 5 * step;
        s.width = width;
        s.origin = std::floor(lo / width) * width;
    }
    return s;
}

HierarchyPreviewOutcome runHierarchyPreview(const HierarchyPreviewTask& task) {
    HierarchyPreviewOutcome out;
    out.generation = task.generation;
    out.column = task.column;
    out.distinct = task.distinct;
    if (!out.distinct) {
        std::vector<std::string> values;
        if (auto index = task.table.columnIndex(task.column); index.isOk())
            values = hierarchy::distinctValues(task.table.column(*index));
        out.distinct = std::make_shared<const std::vector<std::string>>(std::move(values));
    }
    if (task.suggest) {
        const auto index = task.table.columnIndex(task.column);
        const ColumnType type = index.isOk() ? task.table.column(*index).type() : ColumnType::Text;
        out.suggestion = suggestBuilder(*out.distinct, type == ColumnType::Integer || type == ColumnType::Real,
                                        type == ColumnType::Date);
        return out;
    }
    const std::vector<std::vector<std::string>>* rows = &task.rows;
    if (task.recipe) {
        auto built = task.recipe(*out.distinct, task.column);
        if (!built.isOk()) {
            out.built = built.status();
            return out;
        }
        out.rows = built->rows();
        rows = &*out.rows;
    }
    auto h = hierarchy::Hierarchy::fromRows(task.column, *rows);
    out.validity = h.isOk() ? h->checkConsistency() : h.status();
    if (out.validity.isOk()) out.validity = h->checkCoverage(*out.distinct);
    if (out.validity.isOk()) out.valid = std::move(h).value();
    return out;
}

}  // namespace veil::ui
