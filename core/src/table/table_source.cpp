#include "veil/table/table_source.h"

#include "detail/text_columns.h"

#include <sqlite3.h>

#include <algorithm>
#include <cctype>
#include <memory>
#include <optional>

namespace veil {

namespace {

constexpr std::string_view kSqlite = "sqlite:";

std::string percentDecode(std::string_view s) {
    std::string out;
    for (std::size_t i = 0; i < s.size(); ++i) {
        if (s[i] == '%' && i + 2 < s.size() && std::isxdigit((unsigned char)s[i + 1]) &&
            std::isxdigit((unsigned char)s[i + 2])) {
            out += char(std::stoi(std::string(s.substr(i + 1, 2)), nullptr, 16));
            i += 2;
        } else {
            out += s[i];
        }
    }
    return out;
}

struct SqliteSource {
    std::string path, table, query;
};

// sqlite:///abs.db?table=T, sqlite:rel.db?query=SELECT...
Result<SqliteSource> parseSqliteUri(const std::string& uri) {
    std::string rest = uri.substr(kSqlite.size());
    if (rest.rfind("//", 0) == 0) rest = rest.substr(2);  // sqlite:///abs -> /abs
    const auto q = rest.find('?');
    SqliteSource s;
    s.path = percentDecode(rest.substr(0, q));
    if (s.path.empty()) return Status::invalidArgument(uri + ": no database file after 'sqlite:'");
    const std::string params = q == std::string::npos ? "" : rest.substr(q + 1);
    std::size_t from = 0;
    while (from < params.size()) {
        const auto amp = params.find('&', from);
        const std::string kv = params.substr(from, amp == std::string::npos ? std::string::npos : amp - from);
        const auto eq = kv.find('=');
        const std::string key = kv.substr(0, eq),
                          value = eq == std::string::npos ? "" : percentDecode(kv.substr(eq + 1));
        if (key == "table")
            s.table = value;
        else if (key == "query")
            s.query = value;
        else
            return Status::invalidArgument(uri + ": unknown parameter '" + key +
                                           "' (use table=NAME or query=SELECT...)");
        if (amp == std::string::npos) break;
        from = amp + 1;
    }
    if (s.table.empty() == s.query.empty())
        return Status::invalidArgument(uri + ": give exactly one of ?table=NAME or ?query=SELECT...");
    return s;
}

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
    if (sqlite3_prepare_v2(db, "SELECT name FROM sqlite_master WHERE type IN ('table','view') ORDER BY name", -1, &raw,
                           nullptr) != SQLITE_OK)
        return names;
    Stmt stmt(raw);
    while (sqlite3_step(stmt.get()) == SQLITE_ROW)
        names += (names.empty() ? "" : ", ") +
                 std::string(reinterpret_cast<const char*>(sqlite3_column_text(stmt.get(), 0)));
    return names.empty() ? "none" : names;
}

Result<CsvReadResult> readSqlite(const std::string& uri, const CsvReadOptions& options, const RunContext& ctx) {
    auto source = parseSqliteUri(uri);
    if (!source) return source.status();
    sqlite3* raw = nullptr;
    const int opened = sqlite3_open_v2(source->path.c_str(), &raw, SQLITE_OPEN_READONLY, nullptr);
    Db db(raw);
    if (opened != SQLITE_OK)
        return Status::ioError(uri + ": cannot open the database " + source->path + " (" + sqlite3_errstr(opened) +
                               ")");
    const std::string sql = source->table.empty() ? source->query : "SELECT * FROM " + quoteIdentifier(source->table);
    sqlite3_stmt* rawStmt = nullptr;
    const char* tail = nullptr;
    if (sqlite3_prepare_v2(db.get(), sql.c_str(), -1, &rawStmt, &tail) != SQLITE_OK) {
        const std::string why = sqlite3_errmsg(db.get());
        if (!source->table.empty())
            return Status::notFound(uri + ": no table or view '" + source->table + "' (there: " + tablesOf(db.get()) +
                                    ")");
        return Status::invalidArgument(uri + ": the query does not run: " + why);
    }
    Stmt stmt(rawStmt);
    if (tail && std::string_view(tail).find_first_not_of(" \t\r\n;") != std::string_view::npos)
        return Status::invalidArgument(uri + ": the query must be one statement");
    if (!sqlite3_stmt_readonly(stmt.get()) || sqlite3_column_count(stmt.get()) == 0)
        return Status::invalidArgument(uri + ": the query must be one SELECT that returns rows");
    const int ncols = sqlite3_column_count(stmt.get());
    std::vector<std::string> names;
    for (int c = 0; c < ncols; ++c) names.emplace_back(sqlite3_column_name(stmt.get(), c));
    for (const auto& override : options.typeOverrides)
        if (std::find(names.begin(), names.end(), override.first) == names.end())
            return Status::notFound(uri + ": type override for unknown column '" + override.first + "'");
    ctx.report(0.0, "Reading " + uri);
    std::vector<std::vector<std::optional<std::string>>> cells(static_cast<std::size_t>(ncols));
    int step = 0;
    for (long long row = 0; (step = sqlite3_step(stmt.get())) == SQLITE_ROW; ++row) {
        if ((row & 4095) == 0 && ctx.cancelled()) return Status::cancelled();
        for (int c = 0; c < ncols; ++c) {
            if (sqlite3_column_type(stmt.get(), c) == SQLITE_NULL) {
                cells[std::size_t(c)].emplace_back(std::nullopt);
                continue;
            }
            const auto* text = reinterpret_cast<const char*>(sqlite3_column_text(stmt.get(), c));
            cells[std::size_t(c)].emplace_back(std::string(text, std::size_t(sqlite3_column_bytes(stmt.get(), c))));
        }
    }
    if (step != SQLITE_DONE) return Status::ioError(uri + ": reading stopped: " + sqlite3_errmsg(db.get()));
    CsvReadResult result;
    std::vector<std::shared_ptr<const Column>> columns;
    for (std::size_t c = 0; c < names.size(); ++c) {
        std::size_t unparsed = 0;
        columns.push_back(detail::columnFromText(names[c], cells[c], options, &unparsed));
        if (unparsed > 0)
            result.warnings.push_back(uri + ": column '" + names[c] + "': " + std::to_string(unparsed) +
                                      " value(s) are not " + columnTypeName(columns.back()->type()) +
                                      " and were read as missing");
        std::vector<std::optional<std::string>>().swap(cells[c]);
    }
    result.table = Table(std::move(columns));
    ctx.report(1.0, "Reading " + uri);
    return result;
}

}  // namespace

bool isDatabaseSource(const std::string& source) { return source.rfind(kSqlite, 0) == 0; }

Result<CsvReadResult> readTable(const std::string& source, const CsvReadOptions& options, const RunContext& ctx) {
    if (source.rfind(kSqlite, 0) == 0) return readSqlite(source, options, ctx);
    return readCsvFile(source, options, ctx);
}

}  // namespace veil
