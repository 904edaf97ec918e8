// SQL export of a full-domain generalization (seed 004, "Incognito": a domain vector applied
// through per-attribute lookup tables), with k-anonymity suppression by a window count.
#include "veil/release/sql_export.h"

#include <algorithm>
#include <set>
#include <sstream>

namespace veil::release {

Result<SqlDialect> parseSqlDialect(const std::string& name) {
    if (name == "sqlite") return SqlDialect::Sqlite;
    if (name == "duckdb") return SqlDialect::DuckDb;
    if (name == "spark") return SqlDialect::Spark;
    return Status::invalidArgument("unknown SQL dialect '" + name + "' (use sqlite, duckdb or spark)");
}

std::string sqlIdentifier(const std::string& name, SqlDialect d) {
    const char q = d == SqlDialect::Spark ? '`' : '"';
    std::string out(1, q);
    for (char c : name) {
        if (c == q) out += q;
        out += c;
    }
    return out + q;
}

std::string sqlStringLiteral(const std::string& value, SqlDialect d) {
    std::string out = "'";
    for (char c : value) {
        if (d == SqlDialect::Spark && (c == '\'' || c == '\\')) out += '\\';  // Spark: C-style escapes
        else if (c == '\'') out += '\'';                                       // SQL: a doubled quote
        out += c;
    }
    return out + "'";
}

namespace {

std::string ident(const std::string& name, SqlDialect d) { return sqlIdentifier(name, d); }
std::string literal(const std::string& value, SqlDialect d) { return sqlStringLiteral(value, d); }

std::string lookupName(std::size_t i, const std::string& column) {
    std::string safe;
    for (char c : column) safe += std::isalnum(static_cast<unsigned char>(c)) ? c : '_';
    return "veil_h" + std::to_string(i) + "_" + safe;
}

std::string textType(SqlDialect d) { return d == SqlDialect::Spark ? "STRING" : "TEXT"; }

std::string castText(const std::string& expr, SqlDialect d) { return "CAST(" + expr + " AS " + textType(d) + ")"; }

}  // namespace

Result<std::string> generalizationSql(const GeneralizationSqlPlan& plan, SqlDialect d) {
    if (plan.k < 1) return Status::invalidArgument("k must be at least 1 (got " + std::to_string(plan.k) + ")");
    if (plan.quasiIdentifiers.empty()) return Status::invalidArgument("the plan has no quasi-identifiers");
    for (const auto& q : plan.quasiIdentifiers) {
        if (std::find(plan.columns.begin(), plan.columns.end(), q.column) == plan.columns.end())
            return Status::notFound("quasi-identifier '" + q.column + "' is not a column of the input");
        if (q.level < 0 || q.level > q.hierarchy.height())
            return Status::invalidArgument("level " + std::to_string(q.level) + " of '" + q.column +
                                           "' is outside its hierarchy (0.." + std::to_string(q.hierarchy.height()) + ")");
    }
    std::ostringstream s;
    s << "-- Veil: full-domain generalization with " << plan.k << "-anonymity suppression.\n"
      << "-- Load the data as table " << ident(plan.inputTable, d) << " first; the result is "
      << ident(plan.outputTable, d) << ".\n";
    const std::string createLookup = d == SqlDialect::Spark ? "CREATE OR REPLACE TEMPORARY VIEW " : "CREATE TABLE ";
    for (std::size_t i = 0; i < plan.quasiIdentifiers.size(); ++i) {
        const auto& q = plan.quasiIdentifiers[i];
        const std::string table = lookupName(i, q.column);
        s << "\n-- " << q.column << " at level " << q.level << " of its hierarchy\n";
        if (d != SqlDialect::Spark) s << "DROP TABLE IF EXISTS " << table << ";\n";
        std::set<std::string> seen;
        std::vector<std::string> rows;
        for (std::size_t r = 0; r < q.hierarchy.rowCount(); ++r) {
            const std::string& value = q.hierarchy.label(r, 0);
            if (!seen.insert(value).second) continue;
            rows.push_back("(" + literal(value, d) + ", " + literal(q.hierarchy.label(r, std::size_t(q.level)), d) + ")");
        }
        if (d == SqlDialect::Spark) {
            s << createLookup << table << " AS SELECT * FROM VALUES\n  ";
        } else {
            s << createLookup << table << " (value " << textType(d) << " PRIMARY KEY, generalized " << textType(d)
              << " NOT NULL);\nINSERT INTO " << table << " (value, generalized) VALUES\n  ";
        }
        for (std::size_t r = 0; r < rows.size(); ++r) s << (r ? ",\n  " : "") << rows[r];
        s << (d == SqlDialect::Spark ? "\n  AS t(value, generalized);\n" : ";\n");
    }

    const std::string rowId = d == SqlDialect::Spark ? "monotonically_increasing_id()" : "i.rowid";
    s << "\n" << (d == SqlDialect::Spark ? "CREATE OR REPLACE TEMPORARY VIEW " : "DROP TABLE IF EXISTS " + plan.outputTable + ";\nCREATE TABLE ")
      << ident(plan.outputTable, d) << " AS\nWITH generalized AS (\n  SELECT " << rowId << " AS veil_row";
    for (const std::string& col : plan.columns) {
        auto it = std::find_if(plan.quasiIdentifiers.begin(), plan.quasiIdentifiers.end(),
                               [&](const auto& q) { return q.column == col; });
        if (it == plan.quasiIdentifiers.end()) {
            s << ",\n    i." << ident(col, d);
        } else {
            const std::size_t qi = std::size_t(it - plan.quasiIdentifiers.begin());
            // Values missing from the hierarchy cannot be generalized safely: suppress them.
            s << ",\n    COALESCE(h" << qi << ".generalized, '*') AS " << ident(col, d);
        }
    }
    s << "\n  FROM " << ident(plan.inputTable, d) << " i";
    for (std::size_t i = 0; i < plan.quasiIdentifiers.size(); ++i)
        s << "\n  LEFT JOIN " << lookupName(i, plan.quasiIdentifiers[i].column) << " h" << i << " ON "
          << castText("i." + ident(plan.quasiIdentifiers[i].column, d), d) << " = h" << i << ".value";
    s << "\n),\nclasses AS (\n  SELECT g.*, COUNT(*) OVER (PARTITION BY ";
    for (std::size_t i = 0; i < plan.quasiIdentifiers.size(); ++i)
        s << (i ? ", " : "") << ident(plan.quasiIdentifiers[i].column, d);
    s << ") AS veil_class_size\n  FROM generalized g\n)\nSELECT ";
    for (std::size_t c = 0; c < plan.columns.size(); ++c) {
        const std::string& col = plan.columns[c];
        const bool isQi = std::any_of(plan.quasiIdentifiers.begin(), plan.quasiIdentifiers.end(),
                                      [&](const auto& q) { return q.column == col; });
        s << (c ? ",\n  " : "");
        if (isQi) s << "CASE WHEN veil_class_size >= " << plan.k << " THEN " << ident(col, d) << " ELSE '*' END AS " << ident(col, d);
        else s << ident(col, d);
    }
    s << "\nFROM classes\nORDER BY veil_row;\n";
    return s.str();
}

}  // namespace veil::release
