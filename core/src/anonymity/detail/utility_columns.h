// Helpers of the utility analysis (utility_analysis.h): a column's cells as dense codes over their
// texts, which released cells are suppressed, natural order of labels, and the shared checks.
#pragma once

#include "veil/anonymity/utility_analysis.h"
#include "veil/common/status.h"
#include "veil/table/table.h"

#include <cstdint>
#include <string>
#include <vector>

namespace veil::anonymity::detail {

// A column's cells as codes 0..names.size()-1, in the order the texts first occur.
struct TextCodes {
    std::vector<std::uint32_t> codes;  // per row
    std::vector<std::string> names;    // per code
    std::vector<std::size_t> counts;   // rows per code
};
TextCodes textCodes(const Column& column);

// Per code of `released`: 1 when its text is the declared token, or when every row holding it is
// missing in `column` (missing cells are suppressed whatever the token).
std::vector<std::uint8_t> suppressedCodes(const Column& column, const TextCodes& released,
                                          const UtilityOptions& options);

// "9" < "10" < "a": runs of digits compare by their value, the rest by bytes; ties by bytes.
bool naturalLess(const std::string& a, const std::string& b);

// The column named `name` of `table`; the error says which table (`which`).
Result<const Column*> namedColumn(const Table& table, const std::string& name, const char* which);

// Both tables as many rows (the release keeps suppressed records in place).
Status checkAligned(const Table& original, const Table& released);

// Shannon entropy in bits of the counts (zeros skipped), over `total`.
double entropyBits(const std::vector<std::size_t>& counts, std::size_t total);

}  // namespace veil::anonymity::detail
