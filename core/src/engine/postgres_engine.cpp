// PostgreSQL as a release engine, through libpq: statements run one by one in the session; rows
// come back as text (PostgreSQL's own output format for each type).
#include "engine/detail/engines.h"
#include "table/detail/source_uri.h"

#include <libpq-fe.h>

namespace veil::engine::detail {

namespace {

struct ConnDeleter {
    void operator()(PGconn* c) const { PQfinish(c); }
};
struct ResultDeleter {
    void operator()(PGresult* r) const { PQclear(r); }
};
using PgResult = std::unique_ptr<PGresult, ResultDeleter>;

std::string firstLine(const char* message) {
    std::string m = message ? message : "";
    if (const auto nl = m.find('\n'); nl != std::string::npos) m.resize(nl);
    return m.empty() ? "no message" : m;
}

class PostgresEngine final : public SqlEngine {
public:
    PostgresEngine(std::string uri, std::string table, PGconn* conn)
        : SqlEngine(std::move(uri), std::move(table)), m_conn(conn) {}
    EngineKind kind() const override { return EngineKind::Postgres; }

    Status execute(const std::string& statement) override {
        PgResult r(PQexec(m_conn.get(), statement.c_str()));
        const auto st = PQresultStatus(r.get());
        if (st == PGRES_COMMAND_OK || st == PGRES_TUPLES_OK) return Status::ok();
        return Status::invalidArgument(uri() + ": " + firstLine(PQresultErrorMessage(r.get())));
    }

    Result<QueryRows> query(const std::string& select) override {
        PgResult r(PQexec(m_conn.get(), select.c_str()));
        if (PQresultStatus(r.get()) != PGRES_TUPLES_OK)
            return Status::invalidArgument(uri() + ": " + firstLine(PQresultErrorMessage(r.get())));
        QueryRows out;
        const int columns = PQnfields(r.get()), rows = PQntuples(r.get());
        for (int c = 0; c < columns; ++c) out.names.emplace_back(PQfname(r.get(), c));
        out.rows.reserve(std::size_t(rows));
        for (int i = 0; i < rows; ++i) {
            auto& row = out.rows.emplace_back();
            for (int c = 0; c < columns; ++c)
                if (PQgetisnull(r.get(), i, c))
                    row.emplace_back(std::nullopt);
                else
                    row.emplace_back(std::string(PQgetvalue(r.get(), i, c), std::size_t(PQgetlength(r.get(), i, c))));
        }
        return out;
    }

private:
    std::unique_ptr<PGconn, ConnDeleter> m_conn;
};

}  // namespace

Result<std::unique_ptr<SqlEngine>> connectPostgres(const std::string& uri) {
    const std::string shown = veil::detail::removePassword(uri.substr(0, uri.find('?')));
    auto selection = veil::detail::selectFrom(uri, true);
    if (!selection) return selection.status();
    if (selection->table.empty())
        return Status::invalidArgument(shown + ": an engine runs the plan on a table: add ?table=NAME");
    std::unique_ptr<PGconn, ConnDeleter> conn(PQconnectdb(selection->location.c_str()));
    if (!conn || PQstatus(conn.get()) != CONNECTION_OK)
        return Status::ioError(shown + ": cannot connect (" + firstLine(conn ? PQerrorMessage(conn.get()) : "") + ")");
    // For this session only: quiet notices, and room for the sorts and hashes of the class counts
    // (PostgreSQL's default of 4 MB spills a 10-million-row window count to disk several times).
    PgResult quiet(PQexec(conn.get(), "SET client_min_messages = warning; SET work_mem = '256MB'"));
    return std::unique_ptr<SqlEngine>(new PostgresEngine(shown, selection->table, conn.release()));
}

}  // namespace veil::engine::detail
