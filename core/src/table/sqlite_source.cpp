// Tables from SQLite files: sqlite:///abs.db?table=T, sqlite:rel.db?query=SELECT...
#include "detail/catalogue.h"
#include "detail/database_sources.h"
#include "detail/source_uri.h"

#include <sqlite3.h>

#include <memory>

namespace veil::detail {

namespace {

struct DbCloser {
    void operator()(sqlite3* db) const { sqlite3_close_v2(db); }
};
struct StmtFinalizer {
    void operator()(sqlite3_stmt* s) const { sqlite3_finalize(s); }
};
using Db = std::unique_ptr<sqlite3, DbCloser>;
using Stmt = std::unique_ptr<sqlite3_stmt, StmtFinalizer>;

std::string quoteIdentifier(const std::string& name) {
    std::string out = "\"";
    for (char c : name) out += c == '"' ? std::string("\"\"") : std::string(1, c);
    return out + "\"";
}

// The tables and views of the database, for a message naming what is there.
std::string tablesOf(sqlite3* db) {
    sqlite3_stmt* raw = nullptr;
    std::string names;
    if (sqlite3_prepare_v2(db, kSqliteTableNames, -1, &raw, nullptr) != SQLITE_OK) return names;
    Stmt stmt(raw);
    while (sqlite3_step(stmt.get()) == SQLITE_ROW)
        names += (names.empty() ? "" : ", ") +
                 std::string(reinterpret_cast<const char*>(sqlite3_column_text(stmt.get(), 0)));
    return names.empty() ? "none" : names;
}

// Compiles the one read-only SELECT the source names.
Result<Stmt> prepare(sqlite3* db, const std::string& uri, const SourceSelection& s) {
    const std::string sql = s.table.empty() ? s.query : "SELECT * FROM " + quoteIdentifier(s.table);
    sqlite3_stmt* raw = nullptr;
    const char* tail = nullptr;
    if (sqlite3_prepare_v2(db, sql.c_str(), -1, &raw, &tail) != SQLITE_OK) {
        if (!s.table.empty() && std::string_view(sqlite3_errmsg(db)).rfind("no such table", 0) == 0)
            return Status::notFound(uri + ": no table or view '" + s.table + "' (there: " + tablesOf(db) + ")");
        if (!s.table.empty())
            return Status::invalidArgument(uri + ": cannot read '" + s.table + "': " + sqlite3_errmsg(db));
        return Status::invalidArgument(uri + ": the query does not run: " + sqlite3_errmsg(db));
    }
    Stmt stmt(raw);
    if (tail && std::string_view(tail).find_first_not_of(" \t\r\n;") != std::string_view::npos)
        return Status::invalidArgument(uri + ": the query must be one statement");
    if (!sqlite3_stmt_readonly(stmt.get()) || sqlite3_column_count(stmt.get()) == 0)
        return Status::invalidArgument(uri + ": the query must be one SELECT that returns rows");
    return stmt;
}

}  // namespace

Result<TextRows> readSqliteRows(const std::string& uri, const RunContext& ctx) {
    auto selection = selectFrom(uri, false);
    if (!selection) return selection.status();
    std::string path = selection->location.substr(std::string_view("sqlite:").size());
    if (path.rfind("//", 0) == 0) path = path.substr(2);  // sqlite:///abs -> /abs
    path = percentDecode(path);
    if (path.empty()) return Status::invalidArgument(uri + ": no database file after 'sqlite:'");
    sqlite3* raw = nullptr;
    const int opened = sqlite3_open_v2(path.c_str(), &raw, SQLITE_OPEN_READONLY, nullptr);
    Db db(raw);
    if (opened != SQLITE_OK)
        return Status::ioError(uri + ": cannot open the database " + path + " (" + sqlite3_errstr(opened) + ")");
    auto stmt = prepare(db.get(), uri, *selection);
    if (!stmt) return stmt.status();
    sqlite3_stmt* st = stmt->get();
    const int ncols = sqlite3_column_count(st);
    TextRows rows;
    for (int c = 0; c < ncols; ++c) rows.names.emplace_back(sqlite3_column_name(st, c));
    rows.cells.resize(rows.names.size());
    int step = 0;
    for (long long row = 0; (step = sqlite3_step(st)) == SQLITE_ROW; ++row) {
        if ((row & 4095) == 0 && ctx.cancelled()) return Status::cancelled();
        for (int c = 0; c < ncols; ++c) {
            auto& column = rows.cells[std::size_t(c)];
            if (sqlite3_column_type(st, c) == SQLITE_NULL) {
                column.emplace_back(std::nullopt);
                continue;
            }
            const auto* text = reinterpret_cast<const char*>(sqlite3_column_text(st, c));
            column.emplace_back(std::string(text, std::size_t(sqlite3_column_bytes(st, c))));
        }
    }
    if (step != SQLITE_DONE) return Status::ioError(uri + ": reading stopped: " + sqlite3_errmsg(db.get()));
    return rows;
}

}  // namespace veil::detail
