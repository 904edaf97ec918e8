#include "veil/engine/sql_engine.h"

#include "engine/detail/engines.h"

namespace veil::engine {

bool isEngineUri(const std::string& uri) {
    return uri.rfind("postgresql://", 0) == 0 || uri.rfind("postgres://", 0) == 0 || uri.rfind("clickhouse://", 0) == 0;
}

const char* engineKindName(EngineKind kind) { return kind == EngineKind::Postgres ? "postgresql" : "clickhouse"; }

Result<std::unique_ptr<SqlEngine>> connectEngine(const std::string& uri) {
    if (uri.rfind("clickhouse://", 0) == 0) return detail::connectClickHouse(uri);
    if (isEngineUri(uri)) return detail::connectPostgres(uri);
    return Status::invalidArgument("--engine: '" + uri.substr(0, uri.find('?')) +
                                   "' is not an engine URI (postgresql://user@host:port/db?table=T or "
                                   "clickhouse://user@host:8123/db?table=T)");
}

Result<std::vector<std::string>> SqlEngine::columnsOf(const std::string& quotedTable) {
    auto rows = query("SELECT * FROM " + quotedTable + " LIMIT 0");
    if (!rows) return rows.status();
    if (rows->names.empty()) return Status::invalidArgument(m_uri + ": the table has no columns");
    return rows->names;
}

namespace {

// The end of a quoted run that starts at `from` (the opening quote `q`): one past the closing
// quote; a doubled quote continues it, and so does a backslash escape when `backslash`.
std::size_t skipQuoted(std::string_view s, std::size_t from, char q, bool backslash) {
    for (std::size_t i = from + 1; i < s.size(); ++i) {
        if (backslash && s[i] == '\\') {
            ++i;
        } else if (s[i] == q) {
            if (i + 1 < s.size() && s[i + 1] == q) {
                ++i;
                continue;
            }
            return i + 1;
        }
    }
    return s.size();
}

bool blank(std::string_view s) {
    for (char c : s)
        if (c != ' ' && c != '\n' && c != '\t' && c != '\r') return false;
    return true;
}

}  // namespace

std::vector<std::string> splitSqlStatements(std::string_view script, bool backslashEscapes) {
    std::vector<std::string> out;
    std::string current;
    for (std::size_t i = 0; i < script.size();) {
        const char c = script[i];
        if (c == '-' && i + 1 < script.size() && script[i + 1] == '-') {  // comment: dropped
            const auto nl = script.find('\n', i);
            i = nl == std::string_view::npos ? script.size() : nl;
        } else if (c == '\'' || c == '"' || c == '`') {
            const std::size_t end = skipQuoted(script, i, c, backslashEscapes);
            current.append(script.substr(i, end - i));
            i = end;
        } else if (c == ';') {
            if (!blank(current)) out.push_back(current);
            current.clear();
            ++i;
        } else {
            current += c;
            ++i;
        }
    }
    if (!blank(current)) out.push_back(current);
    return out;
}

Status executeScript(SqlEngine& engine, const std::string& script, const RunContext& ctx) {
    const auto statements = splitSqlStatements(script, engine.kind() == EngineKind::ClickHouse);
    for (std::size_t i = 0; i < statements.size(); ++i) {
        if (ctx.cancelled()) return Status::cancelled();
        ctx.report(double(i) / double(statements.size()), "running the plan's SQL");
        VEIL_RETURN_IF_ERROR(engine.execute(statements[i]));
    }
    return Status::ok();
}

}  // namespace veil::engine
