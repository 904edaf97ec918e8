// Non-missing values of a column as numbers or as category codes.
#include "dp/detail/column_values.h"

#include <algorithm>
#include <cmath>
#include <map>

namespace veil::dp::detail {

Result<std::vector<double>> numericValues(const Column& column) {
    if (!isNumericType(column.type()))
        return Status::invalidArgument("column '" + column.name() + "' is " + columnTypeName(column.type()) +
                                       ", not numeric; this query needs an integer, real or date column");
    std::vector<double> out;
    out.reserve(column.size() - column.missingCount());
    for (std::size_t r = 0; r < column.size(); ++r) {
        if (column.isMissing(r)) continue;
        const double v = column.numericAt(r);
        if (!std::isnan(v)) out.push_back(v);  // NaN counts as missing; +-inf are clamped later
    }
    return out;
}

Result<CategoryValues> categoryValues(const Column& column) {
    CategoryValues cv;
    if (column.type() == ColumnType::Categorical) {
        cv.labels = column.dictionary();
        for (std::size_t r = 0; r < column.size(); ++r)
            if (!column.isMissing(r) && column.codeAt(r) >= 0) cv.codes.push_back(std::size_t(column.codeAt(r)));
        return cv;
    }
    if (column.type() == ColumnType::Real)
        return Status::invalidArgument("column '" + column.name() +
                                       "' is real-valued; give numeric bins (--bins) for a histogram of it");
    std::map<std::string, std::size_t> index;
    std::vector<std::string> values;
    for (std::size_t r = 0; r < column.size(); ++r) {
        if (column.isMissing(r)) continue;
        values.push_back(column.toString(r));
        index.emplace(values.back(), 0);
    }
    std::size_t i = 0;
    for (auto& [label, idx] : index) {
        idx = i++;
        cv.labels.push_back(label);
    }
    if (column.type() == ColumnType::Integer) {  // numeric order for integer labels
        std::sort(cv.labels.begin(), cv.labels.end(),
                  [](const std::string& a, const std::string& b) { return std::stoll(a) < std::stoll(b); });
        for (std::size_t j = 0; j < cv.labels.size(); ++j) index[cv.labels[j]] = j;
    }
    cv.codes.reserve(values.size());
    for (const auto& v : values) cv.codes.push_back(index[v]);
    return cv;
}

}  // namespace veil::dp::detail
