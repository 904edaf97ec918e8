// Type inference for CSV columns: what a field's text can be read as (integer, real, ISO date),
// which texts stand for a missing value, and the per-column evidence gathered over the records.
// A column whose values carry leading zeros ("03097") is a code, never a number.
#pragma once

#include "veil/table/column.h"

#include <algorithm>
#include <array>
#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

namespace veil::detail {

// The missing-value tokens: match() is -1 for the empty field, the token's index for a token, and
// kPresent otherwise. Cheap for the common case (a first byte no token starts with).
class MissingSet {
public:
    static constexpr int kPresent = -2;
    explicit MissingSet(const std::vector<std::string>& tokens);
    int match(std::string_view v) const {
        if (v.empty()) return -1;
        // One comparison, so one branch that rarely fails: testing the length and the first byte
        // apart mispredicted on a fifth of adult's values (lengths of 4 and 5 in no order).
        if (v.size() > m_longestFrom[static_cast<unsigned char>(v[0])]) return kPresent;
        for (std::size_t k = 0; k < m_tokens.size(); ++k)
            if (m_tokens[k] == v) return static_cast<int>(k);
        return kPresent;
    }
    bool isMissing(std::string_view v) const { return match(v) != kPresent; }

private:
    std::vector<std::string> m_tokens;
    std::array<std::size_t, 256> m_longestFrom{};  // the longest token starting with each byte (0: none)
};

// What the non-missing values of one column seen so far can all be read as.
struct ColumnEvidence {
    bool canInt = true, canReal = true, canDate = true;
    std::size_t values = 0;  // non-missing values observed (the CSV reader observes each distinct one once)

    void observe(std::string_view value);
    void merge(const ColumnEvidence& other);
    // The inferred type (categorical when nothing else fits or nothing was seen).
    ColumnType type() const;
};

// Column names as read (a header row, a query's columns): trimmed, an empty one called column_N,
// a repeated one renamed NAME_2, NAME_3, ... with a warning prefixed by `where` (file:line).
std::vector<std::string> uniqueColumnNames(std::vector<std::string> names, const std::string& where,
                                           std::vector<std::string>& warnings);

// A string column with more distinct values than this is text, not categorical.
inline std::size_t categoricalLimit(std::size_t maxDistinct, std::size_t rows) {
    return std::min(maxDistinct, std::max<std::size_t>(1, rows / 2));
}

bool parsesAsInt(std::string_view text);
bool parsesAsReal(std::string_view text);
// Digits after an optional sign that start with a 0 followed by another digit ("03097", "007.5").
bool hasLeadingZero(std::string_view text);

}  // namespace veil::detail
