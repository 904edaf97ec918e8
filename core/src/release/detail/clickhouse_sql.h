// The ClickHouse dialect of plan-sql's scripts (sql_export.h, aggregate_sql.h), written for the
// server Debian ships (18.16) and later: no window functions, so k-anonymity suppression joins the
// class sizes back (ALL INNER JOIN ... USING); generalization through transform() over the
// hierarchy's arrays instead of lookup tables; every table made with an ENGINE; no row order
// (the release is a multiset of rows). The callers validate the plan and its text first.
#pragma once

#include "veil/dp/exact_aggregates.h"
#include "veil/release/aggregate_sql.h"
#include "veil/release/sql_export.h"

#include <string>

namespace veil::release::detail {

std::string clickHouseGeneralizationSql(const GeneralizationSqlPlan& plan);
std::string clickHouseAggregateSql(const AggregateSqlPlan& plan, const dp::AggregateDomain& domain);

}  // namespace veil::release::detail
