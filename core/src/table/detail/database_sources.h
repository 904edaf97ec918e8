// The database readers behind veil::readTable: each runs one read-only SELECT (a table, a view or
// the user's query) and hands the cells, as text, to the CSV reader's typing (text_columns.h).
#pragma once

#include "veil/table/csv_reader.h"

#include <optional>
#include <string>
#include <vector>

namespace veil::detail {

// What a database returned: column names and, per column, each row's text (nullopt: NULL).
struct TextRows {
    std::vector<std::string> names;
    std::vector<std::vector<std::optional<std::string>>> cells;
};

Result<TextRows> readSqliteRows(const std::string& uri, const RunContext& ctx);
Result<TextRows> readPostgresRows(const std::string& uri, const RunContext& ctx);
// PATH.xlsx or PATH.xlsx?sheet=NAME (the first sheet when none is named).
Result<TextRows> readXlsxRows(const std::string& source, const RunContext& ctx);
// PATH.ods or PATH.ods?sheet=NAME (OpenDocument; the first sheet when none is named).
Result<TextRows> readOdsRows(const std::string& source, const RunContext& ctx);

}  // namespace veil::detail
