// SQL export of a full-domain generalization plan, so that an engine that already scales
// (SQLite, DuckDB, Spark SQL) applies on the full data the release designed in Veil on a sample:
// one lookup table per quasi-identifier (value -> generalized value at the chosen level), and a
// query that generalizes through joins and suppresses the quasi-identifiers of records whose
// class has fewer than k records (a window count). The input table is expected as `input`
// with the plan's columns; the result is the table `veil_release`, in input order.
#pragma once

#include "veil/common/status.h"
#include "veil/hierarchy/hierarchy.h"

#include <string>
#include <vector>

namespace veil::release {

enum class SqlDialect { Sqlite, DuckDb, Spark };
Result<SqlDialect> parseSqlDialect(const std::string& name);

// A quoted identifier ("name", or `name` for Spark) and a quoted string literal ('it''s', or
// 'it\'s' for Spark, whose literals take backslash escapes).
std::string sqlIdentifier(const std::string& name, SqlDialect dialect);
std::string sqlStringLiteral(const std::string& value, SqlDialect dialect);

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
};

// The SQL script. Errors: a QI that is not a column, a level outside its hierarchy, k < 1.
Result<std::string> generalizationSql(const GeneralizationSqlPlan& plan, SqlDialect dialect);

}  // namespace veil::release
