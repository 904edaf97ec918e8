// Where a table comes from: a CSV file path, or a database (a table, a view or a read-only query)
// in SQLite or PostgreSQL. Every command that takes a table takes one of these:
//   data.csv
//   sqlite:///abs/path/data.db?table=people      sqlite:relative/data.db?table=people
//   sqlite:///abs/path/data.db?query=SELECT%20zip,%20age%20FROM%20people   (percent-encoded)
//   postgresql://user@host:5432/db?table=schema.people   (any libpq URI parameter may follow)
//   survey.xlsx   survey.xlsx?sheet=Answers              (first row = header; dates by cell style)
//   survey.ods    survey.ods?sheet=Answers               (OpenDocument; first row = header)
// Passwords (user:password@ or password=) never appear in messages.
// Columns get the same lossless typing as CSV (text that looks like a code stays a code); SQL NULL
// is missing. Errors name the source and what is wrong (no such table: the tables there).
#pragma once

#include "veil/table/csv_reader.h"

#include <string>
#include <vector>

namespace veil {

// True when `source` names a database rather than a file path.
bool isDatabaseSource(const std::string& source);
// True for PATH.xlsx or PATH.ods (optionally ?sheet=NAME): a workbook, the first row as the header.
bool isSpreadsheet(const std::string& source);

// The source with its password shown as *** ("postgresql://ann:***@host/db"): for messages,
// titles and status text.
std::string redactSourcePassword(const std::string& source);
// The source with its password removed ("postgresql://ann@host/db", no password= parameter): what
// may be stored in settings, projects and recent-file lists.
std::string sourceWithoutPassword(const std::string& source);

// The tables and views of a database source (`sqlite:PATH` or `postgresql://...`, without table=
// or query=), sorted by name; PostgreSQL names outside `public` carry their schema ("s.t").
// Errors: not a database source, cannot open or connect. One catalogue query.
Result<std::vector<std::string>> listTables(const std::string& database, const RunContext& ctx = {});

Result<CsvReadResult> readTable(const std::string& source, const CsvReadOptions& options = {},
                                const RunContext& ctx = {});

}  // namespace veil
