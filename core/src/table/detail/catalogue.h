// The catalogue queries that name a database's tables and views, in one place: the chooser
// (listTables) and the readers' "no such table" messages list the same names, spelled as a
// source URI takes them (PostgreSQL: "name" in public, "schema.name" elsewhere).
#pragma once

namespace veil::detail {

inline constexpr const char* kSqliteTableNames =
    "SELECT name FROM sqlite_master WHERE type IN ('table','view') AND name NOT LIKE 'sqlite_%' ORDER BY name";
inline constexpr const char* kPostgresTableNames =
    "SELECT CASE WHEN table_schema = 'public' THEN table_name ELSE table_schema || '.' || table_name END AS name "
    "FROM information_schema.tables WHERE table_schema NOT IN ('pg_catalog', 'information_schema') ORDER BY 1";

}  // namespace veil::detail
