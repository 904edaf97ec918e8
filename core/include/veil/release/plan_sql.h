// A release plan as SQL for an engine that scales (`veil-cli plan-sql`): an anonymization plan
// becomes the full-domain generalization script (sql_export.h) with the plan's transformation, or
// the one found on the plan's dataset (a sample) when the plan gives none; a dp-query plan
// becomes the script of its exact, contribution-bounded aggregates (aggregate_sql.h).
#pragma once

#include "veil/common/run_context.h"
#include "veil/common/status.h"
#include "veil/release/release_plan.h"
#include "veil/release/sql_export.h"

#include <string>

namespace veil::release {

// Errors: the plan's (fields, files), a plan SQL cannot express (Mondrian, l-diversity,
// t-closeness, delta-presence), text SQL cannot hold (checkSqlText), the search's own.
Result<std::string> planSql(const ReleasePlan& plan, SqlDialect dialect, const RunContext& ctx = {});

// The generalization an anonymization plan applies (its own transformation, or the optimum found
// on the plan's dataset), over the dataset's columns. Errors: as planSql's.
Result<GeneralizationSqlPlan> generalizationPlan(const ReleasePlan& plan, const RunContext& ctx = {});
// The same for a plan already read (anonymizationPlan), without reading it again.
Result<GeneralizationSqlPlan> generalizationPlan(const ReleasePlan& plan, const AnonymizationPlan& anonymization,
                                                 const RunContext& ctx = {});

}  // namespace veil::release
