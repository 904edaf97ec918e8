// The tables and views of a database source, for a chooser: one catalogue query run through the
// same readers as readTable (sqlite_master, information_schema.tables).
#include "veil/table/table_source.h"

#include "detail/database_sources.h"
#include "detail/source_uri.h"

namespace veil {

namespace {

constexpr const char* kSqliteCatalogue =
    "SELECT%20name%20FROM%20sqlite_master%20WHERE%20type%20IN%20('table','view')%20AND%20name%20NOT%20LIKE%20"
    "'sqlite_%25'%20ORDER%20BY%20name";
constexpr const char* kPostgresCatalogue =
    "SELECT%20CASE%20WHEN%20table_schema%3D'public'%20THEN%20table_name%20ELSE%20table_schema||'.'||table_name%20"
    "END%20AS%20name%20FROM%20information_schema.tables%20WHERE%20table_schema%20NOT%20IN%20('pg_catalog',"
    "'information_schema')%20ORDER%20BY%201";

}  // namespace

std::string sourceWithoutPassword(const std::string& source) { return detail::removePassword(source); }

Result<std::vector<std::string>> listTables(const std::string& database, const RunContext& ctx) {
    if (!isDatabaseSource(database))
        return Status::invalidArgument(database + ": not a database source (sqlite:PATH or postgresql://...)");
    if (database.find("table=") != std::string::npos || database.find("query=") != std::string::npos)
        return Status::invalidArgument(detail::redactPassword(database) +
                                       ": give the database without table= or query=");
    const bool sqlite = database.rfind("sqlite:", 0) == 0;
    const std::string uri = database + (database.find('?') == std::string::npos ? "?" : "&") +
                            "query=" + (sqlite ? kSqliteCatalogue : kPostgresCatalogue);
    auto rows = sqlite ? detail::readSqliteRows(uri, ctx) : detail::readPostgresRows(uri, ctx);
    if (!rows) {
        // The catalogue query is ours: name the database, not the query, in the message.
        std::string message = rows.status().message();
        const auto at = message.find(detail::redactPassword(uri));
        if (at != std::string::npos)
            message.replace(at, detail::redactPassword(uri).size(), detail::redactPassword(database));
        return Status(rows.status().code(), message);
    }
    std::vector<std::string> names;
    if (!rows->cells.empty())
        for (auto& cell : rows->cells[0])
            if (cell) names.push_back(std::move(*cell));
    return names;
}

}  // namespace veil
