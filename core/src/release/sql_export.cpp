// SQL export of a full-domain generalization (seed 004, "Incognito": a domain vector applied
// through per-attribute lookup tables), with k-anonymity suppression by a window count.
#include "veil/release/sql_export.h"

#include "release/detail/clickhouse_sql.h"

#include <algorithm>
#include <cstdio>
#include <set>
#include <sstream>

namespace veil::release {

Result<SqlDialect> parseSqlDialect(const std::string& name) {
    if (name == "sqlite") return SqlDialect::Sqlite;
    if (name == "duckdb") return SqlDialect::DuckDb;
    if (name == "postgresql" || name == "postgres") return SqlDialect::Postgres;
    if (name == "spark") return SqlDialect::Spark;
    if (name == "clickhouse") return SqlDialect::ClickHouse;
    return Status::invalidArgument("unknown SQL dialect '" + name +
                                   "' (use sqlite, duckdb, postgresql, spark or clickhouse)");
}

const char* sqlDialectName(SqlDialect d) {
    switch (d) {
        case SqlDialect::Sqlite:
            return "sqlite";
        case SqlDialect::DuckDb:
            return "duckdb";
        case SqlDialect::Postgres:
            return "postgresql";
        case SqlDialect::Spark:
            return "spark";
        case SqlDialect::ClickHouse:
            return "clickhouse";
    }
    return "?";
}

const char* sqlDoubleType(SqlDialect d) {
    if (d == SqlDialect::ClickHouse) return "Float64";
    return d == SqlDialect::Postgres ? "DOUBLE PRECISION" : "DOUBLE";
}

std::string sqlCommentText(const std::string& text) {
    std::string out;
    char buf[8];
    for (std::size_t i = 0; i < text.size(); ++i) {
        const auto c = static_cast<unsigned char>(text[i]);
        const auto next = [&](std::size_t k) {
            return i + k < text.size() ? static_cast<unsigned char>(text[i + k]) : 0;
        };
        if (c == 0xC2 && next(1) == 0x85) {
            out += "\\u0085", ++i;
        } else if (c == 0xE2 && next(1) == 0x80 && (next(2) == 0xA8 || next(2) == 0xA9)) {
            out += next(2) == 0xA8 ? "\\u2028" : "\\u2029", i += 2;
        } else if (c < 0x20 || c == 0x7f || c == '\\') {
            std::snprintf(buf, sizeof buf, "\\x%02X", unsigned(c));
            out += buf;
        } else {
            out += char(c);
        }
    }
    return out;
}

Status checkSqlText(const std::string& text, SqlDialect d, bool identifier, const std::string& what) {
    if (text.find('\0') != std::string::npos)
        return Status::invalidArgument(what + " contains a NUL byte, which no SQL engine keeps: rename it first");
    if (identifier && text.empty()) return Status::invalidArgument(what + " is empty: SQL needs a name");
    if (identifier && d == SqlDialect::Postgres && text.size() > 63)
        return Status::invalidArgument(what + " is " + std::to_string(text.size()) +
                                       " bytes long; PostgreSQL cuts names after 63 bytes (two columns could become "
                                       "one): rename it first");
    return Status::ok();
}

std::string sqlIdentifier(const std::string& name, SqlDialect d) {
    const char q = d == SqlDialect::Spark ? '`' : '"';
    std::string out(1, q);
    for (char c : name) {
        if (d == SqlDialect::ClickHouse && (c == q || c == '\\'))
            out += '\\';  // ClickHouse reads C escapes in quoted names too
        else if (c == q)
            out += q;
        out += c;
    }
    return out + q;
}

std::string sqlStringLiteral(const std::string& value, SqlDialect d) {
    std::string out = "'";
    for (char c : value) {
        if (d == SqlDialect::ClickHouse && (c == '\n' || c == '\r' || c == '\t' || c == '\0')) {
            out += c == '\n' ? "\\n" : c == '\r' ? "\\r" : c == '\t' ? "\\t" : "\\0";  // on one line
            continue;
        }
        if ((d == SqlDialect::Spark || d == SqlDialect::ClickHouse) && (c == '\'' || c == '\\'))
            out += '\\';  // Spark and ClickHouse: C-style escapes
        else if (c == '\'')
            out += '\'';  // SQL: a doubled quote
        out += c;
    }
    return out + "'";
}

namespace {

std::string ident(const std::string& name, SqlDialect d) { return sqlIdentifier(name, d); }
std::string literal(const std::string& value, SqlDialect d) { return sqlStringLiteral(value, d); }

// The lookup table of QI i: a generated name (ASCII, at most 40 bytes), quoted like any other.
std::string lookupName(std::size_t i, const std::string& column, SqlDialect d) {
    std::string safe;
    for (char c : column.substr(0, 24)) safe += std::isalnum(static_cast<unsigned char>(c)) ? c : '_';
    return sqlIdentifier("veil_h" + std::to_string(i) + "_" + safe, d);
}

Status checkPlanText(const GeneralizationSqlPlan& plan, SqlDialect d) {
    for (const auto& c : plan.columns)
        VEIL_RETURN_IF_ERROR(checkSqlText(c, d, true, "column '" + sqlCommentText(c) + "'"));
    VEIL_RETURN_IF_ERROR(checkSqlText(plan.inputTable, d, true, "the input table's name"));
    VEIL_RETURN_IF_ERROR(checkSqlText(plan.outputTable, d, true, "the output table's name"));
    for (const auto& q : plan.quasiIdentifiers)
        for (std::size_t r = 0; r < q.hierarchy.rowCount(); ++r)
            for (std::size_t l = 0; l < std::size_t(q.hierarchy.height()) + 1; ++l)
                VEIL_RETURN_IF_ERROR(checkSqlText(q.hierarchy.label(r, l), d, false,
                                                  "a hierarchy value of '" + sqlCommentText(q.column) + "'"));
    return Status::ok();
}

std::string textType(SqlDialect d) { return d == SqlDialect::Spark ? "STRING" : "TEXT"; }

// The input's row number, to keep its order: SQLite and DuckDB have rowid; PostgreSQL and Spark
// number the rows as they are read.
std::string rowNumber(SqlDialect d) {
    if (d == SqlDialect::Spark) return "monotonically_increasing_id()";
    if (d == SqlDialect::Postgres) return "ROW_NUMBER() OVER ()";
    return "i.rowid";
}

std::string castText(const std::string& expr, SqlDialect d) { return "CAST(" + expr + " AS " + textType(d) + ")"; }

}  // namespace

namespace {

// The lookup table of every QI: value -> generalized value at the plan's level.
void writeLookups(std::ostringstream& s, const GeneralizationSqlPlan& plan, SqlDialect d) {
    const std::string createLookup = d == SqlDialect::Spark ? "CREATE OR REPLACE TEMPORARY VIEW " : "CREATE TABLE ";
    for (std::size_t i = 0; i < plan.quasiIdentifiers.size(); ++i) {
        const auto& q = plan.quasiIdentifiers[i];
        const std::string table = lookupName(i, q.column, d);
        s << "\n-- " << sqlCommentText(q.column) << " at level " << q.level << " of its hierarchy\n";
        if (d != SqlDialect::Spark) s << "DROP TABLE IF EXISTS " << table << ";\n";
        std::set<std::string> seen;
        std::vector<std::string> rows;
        for (std::size_t r = 0; r < q.hierarchy.rowCount(); ++r) {
            const std::string& value = q.hierarchy.label(r, 0);
            if (!seen.insert(value).second) continue;
            rows.push_back("(" + literal(value, d) + ", " + literal(q.hierarchy.label(r, std::size_t(q.level)), d) +
                           ")");
        }
        if (d == SqlDialect::Spark) {
            s << createLookup << table << " AS SELECT * FROM VALUES\n  ";
        } else {
            s << createLookup << table << " (value " << textType(d) << " PRIMARY KEY, generalized " << textType(d)
              << " NOT NULL);\nINSERT INTO " << table << " (value, generalized) VALUES\n  ";
        }
        for (std::size_t r = 0; r < rows.size(); ++r) s << (r ? ",\n  " : "") << rows[r];
        s << (d == SqlDialect::Spark ? "\n  AS t(value, generalized);\n" : ";\n");
        // PostgreSQL plans a fresh table as if it were large (index probes per input row): give
        // it the real size.
        if (d == SqlDialect::Postgres) s << "ANALYZE " << table << ";\n";
    }
}

// The generalized records (before suppression), with their input row number as veil_row when
// the plan keeps the input order.
std::string generalizedSelect(const GeneralizationSqlPlan& plan, SqlDialect d) {
    std::ostringstream s;
    s << "SELECT ";
    if (plan.inputOrder) s << rowNumber(d) << " AS veil_row,\n    ";
    for (std::size_t c = 0; c < plan.columns.size(); ++c) {
        const std::string& col = plan.columns[c];
        if (c) s << ",\n    ";
        auto it = std::find_if(plan.quasiIdentifiers.begin(), plan.quasiIdentifiers.end(),
                               [&](const auto& q) { return q.column == col; });
        if (it == plan.quasiIdentifiers.end()) {
            s << "i." << ident(col, d);
        } else {
            const std::size_t qi = std::size_t(it - plan.quasiIdentifiers.begin());
            // Values missing from the hierarchy cannot be generalized safely: suppress them.
            s << "COALESCE(h" << qi << ".generalized, '*') AS " << ident(col, d);
        }
    }
    s << "\n  FROM " << ident(plan.inputTable, d) << " i";
    for (std::size_t i = 0; i < plan.quasiIdentifiers.size(); ++i)
        s << "\n  LEFT JOIN " << lookupName(i, plan.quasiIdentifiers[i].column, d) << " h" << i << " ON "
          << castText("i." + ident(plan.quasiIdentifiers[i].column, d), d) << " = h" << i << ".value";
    return s.str();
}

std::string qiList(const GeneralizationSqlPlan& plan, SqlDialect d) {
    std::string out;
    for (std::size_t i = 0; i < plan.quasiIdentifiers.size(); ++i)
        out += (i ? ", " : "") + ident(plan.quasiIdentifiers[i].column, d);
    return out;
}

std::string createTable(const std::string& name, SqlDialect d) {
    return d == SqlDialect::Spark ? "CREATE OR REPLACE TEMPORARY VIEW " + ident(name, d)
                                  : "DROP TABLE IF EXISTS " + ident(name, d) + ";\nCREATE TABLE " + ident(name, d);
}

// The released columns: a QI's generalized value when its class (veil_class_size, read from
// `classes`) has at least k records, '*' otherwise.
void writeSuppressedColumns(std::ostringstream& s, const GeneralizationSqlPlan& plan, SqlDialect d,
                            const std::string& classes) {
    for (std::size_t c = 0; c < plan.columns.size(); ++c) {
        const std::string& col = plan.columns[c];
        const bool isQi = std::any_of(plan.quasiIdentifiers.begin(), plan.quasiIdentifiers.end(),
                                      [&](const auto& q) { return q.column == col; });
        s << (c ? ",\n  " : "");
        const std::string value = (classes.empty() ? "" : "g.") + ident(col, d);
        if (isQi)
            s << "CASE WHEN " << classes << "veil_class_size >= " << plan.k << " THEN " << value << " ELSE '*' END AS "
              << ident(col, d);
        else
            s << value;
    }
}

// Without the input order (what an engine runs): the classes counted once by a GROUP BY into a
// small table, joined back to the generalized records (one hash join instead of two sorts).
void writeUnorderedRelease(std::ostringstream& s, const GeneralizationSqlPlan& plan, SqlDialect d,
                           const std::string& generalized) {
    const std::string classes = ident(plan.outputTable + "_classes", d);
    s << "\n-- The equivalence classes and their sizes (generalized values are never NULL).\n"
      << createTable(plan.outputTable + "_classes", d) << " AS\nSELECT " << qiList(plan, d)
      << ", COUNT(*) AS veil_class_size\nFROM (\n  " << generalized << "\n) g\nGROUP BY " << qiList(plan, d) << ";\n";
    if (!plan.classSizesTable.empty())
        s << "\n-- The class sizes before suppression: one row per size (what a report needs).\n"
          << createTable(plan.classSizesTable, d) << " AS\nSELECT veil_class_size AS size, COUNT(*) AS classes\nFROM "
          << classes << "\nGROUP BY veil_class_size;\n";
    s << "\n" << createTable(plan.outputTable, d) << " AS\nSELECT ";
    writeSuppressedColumns(s, plan, d, "c.");
    s << "\nFROM (\n  " << generalized << "\n) g\nJOIN " << classes << " c ON ";
    for (std::size_t i = 0; i < plan.quasiIdentifiers.size(); ++i) {
        const std::string q = ident(plan.quasiIdentifiers[i].column, d);
        s << (i ? " AND " : "") << "g." << q << " = c." << q;
    }
    s << ";\n";
    if (d != SqlDialect::Spark) s << "DROP TABLE " << classes << ";\n";
}

Status checkGeneralizationPlan(const GeneralizationSqlPlan& plan, SqlDialect d) {
    if (plan.k < 1) return Status::invalidArgument("k must be at least 1 (got " + std::to_string(plan.k) + ")");
    if (plan.quasiIdentifiers.empty()) return Status::invalidArgument("the plan has no quasi-identifiers");
    for (const auto& q : plan.quasiIdentifiers) {
        if (std::find(plan.columns.begin(), plan.columns.end(), q.column) == plan.columns.end())
            return Status::notFound("quasi-identifier '" + sqlCommentText(q.column) + "' is not a column of the input");
        if (q.level < 0 || q.level > q.hierarchy.height())
            return Status::invalidArgument("level " + std::to_string(q.level) + " of '" + sqlCommentText(q.column) +
                                           "' is outside its hierarchy (0.." + std::to_string(q.hierarchy.height()) +
                                           ")");
    }
    if (!plan.classSizesTable.empty())
        VEIL_RETURN_IF_ERROR(checkSqlText(plan.classSizesTable, d, true, "the class sizes table's name"));
    return checkPlanText(plan, d);
}

}  // namespace

Result<std::string> generalizationSql(const GeneralizationSqlPlan& plan, SqlDialect d) {
    VEIL_RETURN_IF_ERROR(checkGeneralizationPlan(plan, d));
    if (d == SqlDialect::ClickHouse) return detail::clickHouseGeneralizationSql(plan);
    std::ostringstream s;
    s << "-- Veil: full-domain generalization with " << plan.k << "-anonymity suppression (" << sqlDialectName(d)
      << ").\n"
      << "-- Load the data as table " << ident(plan.inputTable, d) << " first; the result is "
      << ident(plan.outputTable, d) << ".\n";
    writeLookups(s, plan, d);
    const std::string generalized = generalizedSelect(plan, d);
    if (!plan.inputOrder) {
        writeUnorderedRelease(s, plan, d, generalized);
        return s.str();
    }
    if (!plan.classSizesTable.empty())
        s << "\n-- The class sizes before suppression: one row per size (what a report needs).\n"
          << createTable(plan.classSizesTable, d) << " AS\nSELECT veil_class_size AS size, COUNT(*) AS classes\nFROM ("
          << "SELECT COUNT(*) AS veil_class_size FROM (\n  " << generalized << "\n) g GROUP BY " << qiList(plan, d)
          << ") c\nGROUP BY veil_class_size;\n";
    s << "\n"
      << createTable(plan.outputTable, d) << " AS\nWITH generalized AS (\n  " << generalized
      << "\n),\nclasses AS (\n  SELECT g.*, COUNT(*) OVER (PARTITION BY " << qiList(plan, d)
      << ") AS veil_class_size\n  FROM generalized g\n)\nSELECT ";
    writeSuppressedColumns(s, plan, d, "");
    s << "\nFROM classes\nORDER BY veil_row;\n";
    return s.str();
}

}  // namespace veil::release
