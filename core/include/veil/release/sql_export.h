// SQL export of a full-domain generalization plan, so that an engine that already scales
// (SQLite, DuckDB, PostgreSQL, Spark SQL, ClickHouse) applies on the full data the release designed in Veil on a
// sample: one lookup table per quasi-identifier (value -> generalized value at the chosen level), and a query that
// generalizes through joins and suppresses the quasi-identifiers of records whose class has fewer than k records (a
// window count; ClickHouse: a join with the class sizes). The input table is expected as `input` with the plan's
// columns; the result is the table `veil_release`, in input order (ClickHouse: a multiset of rows).
#pragma once

#include "veil/common/status.h"
#include "veil/hierarchy/hierarchy.h"

#include <string>
#include <vector>

namespace veil::release {

enum class SqlDialect { Sqlite, DuckDb, Postgres, Spark, ClickHouse };
// sqlite, duckdb, postgresql, spark, clickhouse
Result<SqlDialect> parseSqlDialect(const std::string& name);
const char* sqlDialectName(SqlDialect dialect);

// User text (column and table names, hierarchy labels, categories) only ever reaches the SQL in
// these forms, never bare and never in a comment as is:
// - a quoted identifier ("name", `name` for Spark; the quote doubled; ClickHouse: the quote and
//   the backslash escaped with a backslash);
// - a quoted string literal ('it''s', 'it\'s' for Spark and ClickHouse, whose literals take
//   backslash escapes);
// - sqlCommentText: control bytes, backslash and the Unicode line breaks (U+0085, U+2028,
//   U+2029) escaped as \xNN / \uNNNN, so it cannot end a "--" comment.
std::string sqlIdentifier(const std::string& name, SqlDialect dialect);
std::string sqlStringLiteral(const std::string& value, SqlDialect dialect);
std::string sqlCommentText(const std::string& text);
// Text that cannot be put in SQL at all: a NUL byte (no engine keeps it in text or names), or
// (PostgreSQL) an identifier longer than 63 bytes, which it would silently cut. `what` names it
// in the message ("column 'x'", "a category of column 'x'").
Status checkSqlText(const std::string& text, SqlDialect dialect, bool identifier, const std::string& what);
// The engine's name for a 64-bit float (DOUBLE; DOUBLE PRECISION for PostgreSQL, Float64 for ClickHouse).
const char* sqlDoubleType(SqlDialect dialect);

struct GeneralizationSqlPlan {
    std::vector<std::string> columns;  // all columns of the input table, in order
    struct Qi {
        std::string column;
        hierarchy::Hierarchy hierarchy;
        int level = 0;
    };
    std::vector<Qi> quasiIdentifiers;
    int k = 1;
    std::string inputTable = "input";
    std::string outputTable = "veil_release";
    // When set, the script also creates this table: the class sizes before suppression, one row
    // per size (size, classes) - what a release report needs, and nothing of the records.
    std::string classSizesTable;
    // false: the release is a multiset of rows (no row order), made by joining the class counts
    // back instead of a window count and a sort - what engines run (release --engine).
    bool inputOrder = true;
};

// The SQL script. Errors: a QI that is not a column, a level outside its hierarchy, k < 1, text
// that cannot be put in SQL (checkSqlText).
Result<std::string> generalizationSql(const GeneralizationSqlPlan& plan, SqlDialect dialect);

}  // namespace veil::release
