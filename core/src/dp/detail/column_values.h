// Extracting the non-missing values of a column for the DP queries.
#pragma once

#include "veil/common/status.h"
#include "veil/table/column.h"

#include <string>
#include <vector>

namespace veil::dp::detail {

// Numeric values (integer, real, date as days) of the non-missing rows. Errors: non-numeric column.
Result<std::vector<double>> numericValues(const Column& column);

// Category index per non-missing row and the category labels (dictionary order for categorical
// columns, sorted distinct values for text, and the distinct values of integer columns).
struct CategoryValues {
    std::vector<std::string> labels;
    std::vector<std::size_t> codes;
};
Result<CategoryValues> categoryValues(const Column& column);

}  // namespace veil::dp::detail
