// Hierarchy builders: each turns the distinct values of a column into a materialised Hierarchy
// (level 0 = the value, last level = "*"). Calling build() on a column's distinct values is the
// builder's preview (what the hierarchy editor shows before the user accepts it).
// Errors name the value that does not fit (e.g. a non-numeric value for an interval builder).
#pragma once

#include "veil/common/status.h"
#include "veil/hierarchy/hierarchy.h"
#include "veil/table/column.h"

#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace veil::hierarchy {

// Numeric intervals: level 1 cuts the axis into intervals [origin + i*width, origin + (i+1)*width)
// labelled "[a,b[", every further level merges `fanouts[j]` neighbouring intervals of the level
// below; values below `bottomCoding` become "<bottom" and values at or above `topCoding` become
// ">=top" on all interval levels. The last level is "*".
struct IntervalHierarchyBuilder {
    double origin = 0.0;
    double width = 10.0;
    std::vector<int> fanouts;  // one per level above 1, each >= 2
    std::optional<double> bottomCoding;
    std::optional<double> topCoding;

    Result<Hierarchy> build(const std::vector<std::string>& values, const std::string& name = {}) const;
};

// Masking: level i replaces the i right-most characters by `mask` (53715 -> 5371* -> 537** ...),
// up to `maxMasked` characters (0 = the longest value's length); then "*".
struct MaskingHierarchyBuilder {
    int maxMasked = 0;
    char mask = '*';

    Result<Hierarchy> build(const std::vector<std::string>& values, const std::string& name = {}) const;
};

// Dates (ISO YYYY-MM-DD): the chosen granularities in order, then "*".
enum class DateGranularity { Month, Year, Decade, Century };
struct DateHierarchyBuilder {
    std::vector<DateGranularity> levels = {DateGranularity::Month, DateGranularity::Year, DateGranularity::Decade};

    Result<Hierarchy> build(const std::vector<std::string>& values, const std::string& name = {}) const;
};

// Ordered grouping of categories: `order` lists the categories (values not listed are an error);
// level j groups `groupSizes[j]` consecutive groups of the level below, labelled "first-last"
// (or by `labels[j][g]` when given). The last level is "*".
struct OrderedGroupingBuilder {
    std::vector<std::string> order;                // empty: the values sorted (numerically when all are numbers)
    std::vector<int> groupSizes;                   // one per level, each >= 2
    std::vector<std::vector<std::string>> labels;  // optional, per level

    Result<Hierarchy> build(const std::vector<std::string>& values, const std::string& name = {}) const;
};

// A user tree given as child -> parent edges. Every value must be a leaf, every leaf must reach
// a root with the same number of steps; the root becomes the last level.
struct UserTreeBuilder {
    std::vector<std::pair<std::string, std::string>> edges;  // (child, parent)

    Result<Hierarchy> build(const std::vector<std::string>& values, const std::string& name = {}) const;
};

// Distinct non-missing values of a column as text (in first-occurrence order).
std::vector<std::string> distinctValues(const Column& column);

}  // namespace veil::hierarchy
