// SQL export of a dp-query plan's EXACT, contribution-bounded aggregates (count, sum, mean,
// histogram), so that an engine that scales (SQLite, DuckDB, Spark SQL) computes them on the full
// data while Veil adds the noise (`veil-cli release PLAN --aggregates FILE`, aggregate_import.h).
// Values are clamped to the plan's [lower, upper] in SQL; a histogram's bins come from a
// data-independent domain table (numeric bins from the plan's edges or lower/upper/bins, or the
// plan's category list), LEFT JOINed with the counts so that every bin is present, empty ones
// with n = 0. No noise is added in SQL: engines' random() is neither secure nor snapped.
//
// The input table is expected as `input` with the plan's column (missing values as NULL). The
// result is the small table `veil_aggregates`, one row per output, ordered by output_index:
//   output_index  0-based output (bin) number
//   label         "count", "sum", "mean", or the bin's label ("[17, 24.3)", a category)
//   n             values counted: non-missing values (count, sum, mean), values in the bin
//   clamped_sum   sum of the values clamped to [lower, upper] (sum and mean; NULL otherwise)
#pragma once

#include "veil/common/status.h"
#include "veil/dp/column_query.h"
#include "veil/release/sql_export.h"

#include <array>
#include <string>

namespace veil::release {

inline constexpr std::array<const char*, 4> kAggregateColumns = {"output_index", "label", "n", "clamped_sum"};

struct AggregateSqlPlan {
    std::string column;
    dp::ColumnQuerySpec spec;
    std::string inputTable = "input";
    std::string outputTable = "veil_aggregates";
    std::string domainTable = "veil_domain";  // histograms only
};

// The SQL script. Errors: a query other than count/sum/mean/histogram, missing bounds, a
// histogram without declared bins or categories (see dp::aggregateDomain), an empty column name,
// and whatever the release would refuse later (epsilon, delta, mechanism), checked up front.
Result<std::string> aggregateSql(const AggregateSqlPlan& plan, SqlDialect dialect);

}  // namespace veil::release
