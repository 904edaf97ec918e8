// Tables from PostgreSQL through libpq: postgresql://user@host:port/db?table=T (or schema.T, a view)
// or ?query=SELECT... Read-only session, one statement (the extended protocol refuses more), rows
// streamed one at a time; messages never show a password.
#include "detail/catalogue.h"
#include "detail/database_sources.h"
#include "detail/source_uri.h"

#include <libpq-fe.h>

#include <memory>

namespace veil::detail {

namespace {

struct ConnCloser {
    void operator()(PGconn* c) const { PQfinish(c); }
};
struct ResultClearer {
    void operator()(PGresult* r) const { PQclear(r); }
};
using Conn = std::unique_ptr<PGconn, ConnCloser>;
using PgResult = std::unique_ptr<PGresult, ResultClearer>;

std::string firstLine(const char* message) {
    std::string m = message ? message : "";
    const auto nl = m.find('\n');
    return nl == std::string::npos ? m : m.substr(0, nl);
}

// "schema.table" or "table", each part quoted as an identifier.
Result<std::string> quotedName(PGconn* conn, const std::string& name) {
    std::string out;
    for (std::size_t from = 0;;) {
        const auto dot = name.find('.', from);
        const std::string part = name.substr(from, dot == std::string::npos ? std::string::npos : dot - from);
        char* quoted = PQescapeIdentifier(conn, part.data(), part.size());
        if (!quoted) return Status::invalidArgument("'" + name + "' is not a table name");
        out += (out.empty() ? "" : ".") + std::string(quoted);
        PQfreemem(quoted);
        if (dot == std::string::npos) return out;
        from = dot + 1;
    }
}

std::string tablesOf(PGconn* conn) {
    PgResult r(PQexec(conn, kPostgresTableNames));
    std::string names;
    if (PQresultStatus(r.get()) == PGRES_TUPLES_OK)
        for (int i = 0; i < PQntuples(r.get()); ++i) names += (i ? ", " : "") + std::string(PQgetvalue(r.get(), i, 0));
    return names.empty() ? "none" : names;
}

Result<Conn> connect(const std::string& location, const std::string& shown) {
    Conn conn(PQconnectdb(location.c_str()));
    if (!conn || PQstatus(conn.get()) != CONNECTION_OK)
        return Status::ioError(shown + ": cannot connect (" + firstLine(conn ? PQerrorMessage(conn.get()) : "") + ")");
    PgResult setup(PQexec(conn.get(), "SET default_transaction_read_only = on"));
    if (PQresultStatus(setup.get()) != PGRES_COMMAND_OK)
        return Status::ioError(shown + ": cannot start a read-only session (" + firstLine(PQerrorMessage(conn.get())) +
                               ")");
    return conn;
}

// Collects the rows of the running query (single-row mode) into `rows`.
Status collect(PGconn* conn, const std::string& shown, const SourceSelection& s, TextRows& rows,
               const RunContext& ctx) {
    Status failure;
    bool described = false;
    long long seen = 0;
    while (PgResult r{PQgetResult(conn)}) {
        const ExecStatusType st = PQresultStatus(r.get());
        if ((st == PGRES_SINGLE_TUPLE || st == PGRES_TUPLES_OK) && !failure.isOk()) continue;  // drain only
        if (st == PGRES_SINGLE_TUPLE || st == PGRES_TUPLES_OK) {
            if (!described) {
                for (int c = 0; c < PQnfields(r.get()); ++c) rows.names.emplace_back(PQfname(r.get(), c));
                rows.cells.resize(rows.names.size());
                described = true;
            }
            for (int i = 0; i < PQntuples(r.get()); ++i, ++seen)
                for (int c = 0; c < PQnfields(r.get()); ++c)
                    rows.cells[std::size_t(c)].emplace_back(
                        PQgetisnull(r.get(), i, c)
                            ? std::nullopt
                            : std::optional<std::string>(
                                  std::string(PQgetvalue(r.get(), i, c), std::size_t(PQgetlength(r.get(), i, c)))));
            if (failure.isOk() && (seen & 4095) == 0 && ctx.cancelled()) {
                failure = Status::cancelled();
                // Ask the server to stop; the rows still on their way are drained without being kept.
                if (PGcancel* cancel = PQgetCancel(conn)) {
                    char why[256];
                    (void)PQcancel(cancel, why, sizeof why);
                    PQfreeCancel(cancel);
                }
            }
        } else if (st == PGRES_COMMAND_OK) {
            if (failure.isOk())
                failure = Status::invalidArgument(shown + ": the query must be one SELECT that returns rows");
        } else if (failure.isOk()) {
            const char* code = PQresultErrorField(r.get(), PG_DIAG_SQLSTATE);
            if (!s.table.empty() && code && std::string(code) == "42P01")
                failure =
                    Status::notFound(shown + ": no table or view '" + s.table + "' (there: " + tablesOf(conn) + ")");
            else
                failure = Status::invalidArgument(
                    shown + ": the query does not run: " + firstLine(PQresultErrorMessage(r.get())));
        }
    }
    return failure;
}

}  // namespace

Result<TextRows> readPostgresRows(const std::string& uri, const RunContext& ctx) {
    const std::string shown = redactPassword(uri);
    auto selection = selectFrom(uri, true);
    if (!selection) return selection.status();
    auto conn = connect(selection->location, shown);
    if (!conn) return conn.status();
    std::string sql = selection->query;
    if (!selection->table.empty()) {
        auto name = quotedName(conn->get(), selection->table);
        if (!name) return Status(name.status().code(), shown + ": " + name.status().message());
        sql = "SELECT * FROM " + *name;
    }
    if (!PQsendQueryParams(conn->get(), sql.c_str(), 0, nullptr, nullptr, nullptr, nullptr, 0) ||
        !PQsetSingleRowMode(conn->get()))
        return Status::invalidArgument(shown + ": the query does not run: " + firstLine(PQerrorMessage(conn->get())));
    TextRows rows;
    VEIL_RETURN_IF_ERROR(collect(conn->get(), shown, *selection, rows, ctx));
    return rows;
}

}  // namespace veil::detail
