// Test helper: loads a Table into an in-memory SQLite database as `input` (numeric columns as
// INTEGER / REAL, others as TEXT, missing values as NULL, as an engine would hold them), runs a script and
// reads a result table back as text (NULL as ""), and writes such rows as CSV with a header.
#pragma once

#include "veil/table/table.h"

#include <sqlite3.h>

#include <string>
#include <vector>

namespace veil::testing {

struct SqlRun {
    std::string error;  // SQLite's message when the script failed
    std::vector<std::string> header;
    std::vector<std::vector<std::string>> rows;
};

// `allText`: every column as TEXT (how a generalization export reads its input).
inline SqlRun runSqlOnTable(const Table& table, const std::string& script, const std::string& resultTable,
                            bool allText = false) {
    SqlRun out;
    sqlite3* db = nullptr;
    sqlite3_open(":memory:", &db);
    std::string create = "CREATE TABLE input(", insert = "INSERT INTO input VALUES(";
    for (std::size_t c = 0; c < table.columnCount(); ++c) {
        const ColumnType type = table.column(c).type();
        create += (c ? ", \"" : "\"") + table.column(c).name() +
                  (allText                       ? "\" TEXT"
                   : type == ColumnType::Integer ? "\" INTEGER"
                   : isNumericType(type)         ? "\" REAL"
                                                 : "\" TEXT");
        insert += c ? ",?" : "?";
    }
    sqlite3_exec(db, (create + ")").c_str(), nullptr, nullptr, nullptr);
    sqlite3_exec(db, "BEGIN", nullptr, nullptr, nullptr);
    sqlite3_stmt* st = nullptr;
    sqlite3_prepare_v2(db, (insert + ")").c_str(), -1, &st, nullptr);
    for (std::size_t r = 0; r < table.rowCount(); ++r) {
        for (std::size_t c = 0; c < table.columnCount(); ++c) {
            const Column& col = table.column(c);
            if (col.isMissing(r) && !allText) {
                sqlite3_bind_null(st, int(c + 1));
            } else if (allText) {
                const std::string v = col.toString(r);
                sqlite3_bind_text(st, int(c + 1), v.c_str(), int(v.size()), SQLITE_TRANSIENT);
            } else if (col.type() == ColumnType::Integer) {
                sqlite3_bind_int64(st, int(c + 1), sqlite3_int64(col.numericAt(r)));
            } else if (isNumericType(col.type())) {
                sqlite3_bind_double(st, int(c + 1), col.numericAt(r));
            } else {
                const std::string v = col.toString(r);
                sqlite3_bind_text(st, int(c + 1), v.c_str(), int(v.size()), SQLITE_TRANSIENT);
            }
        }
        sqlite3_step(st);
        sqlite3_reset(st);
    }
    sqlite3_finalize(st);
    sqlite3_exec(db, "COMMIT", nullptr, nullptr, nullptr);
    char* err = nullptr;
    if (sqlite3_exec(db, script.c_str(), nullptr, nullptr, &err) != SQLITE_OK) {
        out.error = err ? err : "unknown error";
        sqlite3_free(err);
        sqlite3_close(db);
        return out;
    }
    sqlite3_prepare_v2(db, ("SELECT * FROM " + resultTable).c_str(), -1, &st, nullptr);
    for (int c = 0; c < sqlite3_column_count(st); ++c) out.header.emplace_back(sqlite3_column_name(st, c));
    while (sqlite3_step(st) == SQLITE_ROW) {
        std::vector<std::string> row;
        for (int c = 0; c < sqlite3_column_count(st); ++c) {
            const auto* t = sqlite3_column_text(st, c);
            row.emplace_back(t ? reinterpret_cast<const char*>(t) : "");
        }
        out.rows.push_back(std::move(row));
    }
    sqlite3_finalize(st);
    sqlite3_close(db);
    return out;
}

// RFC 4180 CSV of the result, as `sqlite3 -header -csv` or DuckDB's COPY would write it.
inline std::string toCsv(const SqlRun& run) {
    auto field = [](const std::string& v) {
        if (v.find_first_of(",\"\n") == std::string::npos) return v;
        std::string q = "\"";
        for (char c : v) q += c == '"' ? std::string("\"\"") : std::string(1, c);
        return q + "\"";
    };
    std::string csv;
    for (std::size_t c = 0; c < run.header.size(); ++c) csv += (c ? "," : "") + field(run.header[c]);
    csv += "\n";
    for (const auto& row : run.rows) {
        for (std::size_t c = 0; c < row.size(); ++c) csv += (c ? "," : "") + field(row[c]);
        csv += "\n";
    }
    return csv;
}

}  // namespace veil::testing
