// ColumnSummary: what `veil-cli info` and the window's side panel show about a column.
#pragma once

#include "veil/table/table.h"

#include <optional>
#include <string>
#include <vector>

namespace veil {

struct ColumnSummary {
    std::string name;
    ColumnType type = ColumnType::Text;
    AttributeRole role = AttributeRole::Insensitive;
    std::size_t rows = 0;
    std::size_t distinct = 0;
    std::size_t missing = 0;
    std::optional<std::string> min;  // as text, for ordered types (integer, real, date)
    std::optional<std::string> max;
    std::optional<double> minValue;  // numeric, for ordered types
    std::optional<double> maxValue;
};

ColumnSummary summarizeColumn(const Table& table, std::size_t column);
// Every column's summary, the columns on `threads` threads (0 = all cores).
std::vector<ColumnSummary> summarizeTable(const Table& table, int threads = 0);

// Value counts for charts: for categorical/text columns the most frequent `maxBars` values
// (the rest summed as "other"); for numeric columns `bins` equal-width bins over [min, max].
struct ValueCounts {
    bool numeric = false;
    std::vector<std::string> labels;
    std::vector<std::size_t> counts;
    std::vector<double> binEdges;  // numeric only: bins + 1 edges
};
ValueCounts valueCounts(const Column& column, int bins = 20, int maxBars = 20);

}  // namespace veil
