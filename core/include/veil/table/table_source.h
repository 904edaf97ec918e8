// Where a table comes from: a CSV file path, or a database (a table, a view or a read-only query)
// in SQLite or PostgreSQL. Every command that takes a table takes one of these:
//   data.csv
//   sqlite:///abs/path/data.db?table=people      sqlite:relative/data.db?table=people
//   sqlite:///abs/path/data.db?query=SELECT%20zip,%20age%20FROM%20people   (percent-encoded)
//   postgresql://user@host:5432/db?table=schema.people   (any libpq URI parameter may follow)
//   survey.xlsx   survey.xlsx?sheet=Answers              (first row = header; dates by cell style)
// Passwords (user:password@ or password=) never appear in messages.
// Columns get the same lossless typing as CSV (text that looks like a code stays a code); SQL NULL
// is missing. Errors name the source and what is wrong (no such table: the tables there).
#pragma once

#include "veil/table/csv_reader.h"

#include <string>

namespace veil {

// True when `source` names a database rather than a file path.
bool isDatabaseSource(const std::string& source);
// True for PATH.xlsx (optionally ?sheet=NAME): an Excel workbook, the first row as the header.
bool isSpreadsheet(const std::string& source);

Result<CsvReadResult> readTable(const std::string& source, const CsvReadOptions& options = {},
                                const RunContext& ctx = {});

}  // namespace veil
