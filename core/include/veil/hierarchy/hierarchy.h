// Hierarchy: a value generalization hierarchy in ARX's materialised form. Each row holds a value
// of the attribute (level 0) followed by its generalizations, most general last
// (`53715;5371*;537**;*`). All rows have the same number of levels. Labels are kept verbatim
// (ARX's expected numbers depend on the exact labels, e.g. the off-by-one adult age bands).
#pragma once

#include "veil/common/status.h"

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

namespace veil::hierarchy {

class Hierarchy {
public:
    Hierarchy() = default;

    // Builds a hierarchy from rows (value, level 1, ..., top). Errors: no rows, rows of different
    // lengths (names the first offending row), an empty or duplicated level-0 value.
    // Complexity: O(rows x levels).
    static Result<Hierarchy> fromRows(std::string name, std::vector<std::vector<std::string>> rows);

    const std::string& name() const { return m_name; }
    std::size_t rowCount() const { return m_rows.size(); }
    // Number of levels including level 0 (the original values).
    std::size_t levelCount() const { return m_rows.empty() ? 0 : m_rows.front().size(); }
    // Highest generalization level (levelCount() - 1).
    int height() const { return static_cast<int>(levelCount()) - 1; }
    const std::string& label(std::size_t row, std::size_t level) const { return m_rows[row][level]; }
    const std::vector<std::vector<std::string>>& rows() const { return m_rows; }

    // Row whose level-0 value is `value`, if any. O(1).
    std::optional<std::size_t> findValue(std::string_view value) const;
    // Number of rows (leaves) whose label at `level` is `label` (0 when none).
    std::size_t leafCount(std::size_t level, const std::string& label) const;

    // Checks that every label at level i-1 generalizes to one label at level i. The error lists
    // the offending labels (at most 10) with the parents they were given; for a hierarchy read from
    // a file it starts with the file and line of the first conflict and names each parent's line
    // ("age.csv:12: hierarchy 'age' is not a tree: ... '39' (level 0) -> '30-39' (line 8) and
    // '35-39' (line 12)").
    Status checkConsistency() const;
    // Checks that every value is a level-0 value of this hierarchy; the error lists the missing
    // values (at most 10, and how many in total).
    Status checkCoverage(const std::vector<std::string>& values) const;

    // The same hierarchy with `name` as its name.
    Hierarchy renamed(std::string name) const;

    // Where the rows were read from, for messages: the file's name and the line of each row (the
    // CSV reader sets it; a hierarchy built in memory has none). Ignored unless `lines` has one
    // entry per row.
    void setSource(std::string file, std::vector<long long> lines);
    const std::string& sourceFile() const { return m_sourceFile; }

private:
    std::string m_sourceFile;
    std::vector<long long> m_rowLines;  // per row, 1-based; empty without a source
    std::string m_name;
    std::vector<std::vector<std::string>> m_rows;
    std::unordered_map<std::string, std::size_t> m_index;                    // level-0 value -> row
    std::vector<std::unordered_map<std::string, std::size_t>> m_leafCounts;  // per level: label -> #rows
};

}  // namespace veil::hierarchy
