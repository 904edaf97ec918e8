// The engines behind veil::engine::connectEngine.
#pragma once

#include "veil/engine/sql_engine.h"

namespace veil::engine::detail {

Result<std::unique_ptr<SqlEngine>> connectPostgres(const std::string& uri);
Result<std::unique_ptr<SqlEngine>> connectClickHouse(const std::string& uri);

}  // namespace veil::engine::detail
