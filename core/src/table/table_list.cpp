// The tables and views of a database source, for a chooser: one catalogue query run through the
// same readers as readTable (sqlite_master, information_schema.tables).
#include "veil/table/table_source.h"

#include "detail/catalogue.h"
#include "detail/database_sources.h"
#include "detail/source_uri.h"

#include <cctype>

namespace veil {

namespace {

// A query as a URI parameter value.
std::string percentEncoded(const std::string& text) {
    static const char* hex = "0123456789ABCDEF";
    std::string out;
    for (unsigned char c : text)
        if (std::isalnum(c) || c == '_' || c == '.' || c == '-')
            out += char(c);
        else
            out += {'%', hex[c >> 4], hex[c & 15]};
    return out;
}

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
                            "query=" + percentEncoded(sqlite ? detail::kSqliteTableNames : detail::kPostgresTableNames);
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
