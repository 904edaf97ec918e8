// ColumnValues: the distinct value texts of a column and, per record, which one it holds, computed
// once per distinct value instead of once per record (categorical columns through their
// dictionary, numbers through their binary value). Texts are those of Column::toString.
#pragma once

#include "veil/table/column.h"

#include <cstdint>
#include <string>
#include <vector>

namespace veil::anonymity::detail {

struct ColumnValues {
    std::vector<std::string> texts;          // distinct texts, first-occurrence order
    std::vector<std::uint32_t> recordValue;  // per record, an index into texts
};

// O(records) plus one text and one string hash per distinct binary value.
ColumnValues columnValues(const Column& col);

}  // namespace veil::anonymity::detail
