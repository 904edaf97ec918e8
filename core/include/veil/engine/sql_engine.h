// A SQL engine that holds the user's data (PostgreSQL, or ClickHouse as a single server or as the
// coordinator of a cluster), where Veil runs a release plan's SQL so that the data never leaves it:
//   postgresql://user@host:5432/db?table=adult        (any libpq URI parameter may follow)
//   clickhouse://user@host:8123/db?table=adult        (ClickHouse's HTTP port; db default "default")
// The table named by table= is the plan's input. Passwords (user:password@, password=) are used to
// connect and never appear in messages, descriptions or anything Veil writes.
#pragma once

#include "veil/common/run_context.h"
#include "veil/common/status.h"

#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace veil::engine {

enum class EngineKind { Postgres, ClickHouse };

// What a query returned: column names and rows of text cells (nullopt: NULL).
struct QueryRows {
    std::vector<std::string> names;
    std::vector<std::vector<std::optional<std::string>>> rows;
};

class SqlEngine {
public:
    virtual ~SqlEngine() = default;
    virtual EngineKind kind() const = 0;
    // The URI without its password (what a manifest records) and the input table (table=).
    const std::string& uri() const { return m_uri; }
    const std::string& table() const { return m_table; }
    // Runs one statement that returns no rows. Errors name the engine and quote its message.
    virtual Status execute(const std::string& statement) = 0;
    // Runs one SELECT and returns every row as text.
    virtual Result<QueryRows> query(const std::string& select) = 0;
    // The input table's column names, in order.
    Result<std::vector<std::string>> columnsOf(const std::string& quotedTable);

protected:
    SqlEngine(std::string uri, std::string table) : m_uri(std::move(uri)), m_table(std::move(table)) {}

private:
    std::string m_uri, m_table;
};

// True for a postgresql:// (postgres://) or clickhouse:// URI.
bool isEngineUri(const std::string& uri);
const char* engineKindName(EngineKind kind);  // "postgresql", "clickhouse"

// Connects. Errors: not an engine URI, no table=, a malformed URI, a refused connection or login
// (the engine's message, password hidden).
Result<std::unique_ptr<SqlEngine>> connectEngine(const std::string& uri);

// The statements of a script, split at top-level ';' (outside quotes, identifiers and comments);
// `backslashEscapes`: string literals take C-style escapes (ClickHouse). Empty statements dropped.
std::vector<std::string> splitSqlStatements(std::string_view script, bool backslashEscapes);

// Runs every statement of `script` in order (cancellation is checked between statements).
Status executeScript(SqlEngine& engine, const std::string& script, const RunContext& ctx = {});

}  // namespace veil::engine
