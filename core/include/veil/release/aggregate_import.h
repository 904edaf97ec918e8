// Reading back the exact aggregates an external engine computed with plan-sql's script (the
// table `veil_aggregates` exported as CSV with its header; see aggregate_sql.h for its columns),
// strictly: the four columns, one row per output of the plan's data-independent domain with the
// plan's label, counts that are non-negative integers, a clamped sum within [n*lower, n*upper].
// Messages name file:line.
#pragma once

#include "veil/common/status.h"
#include "veil/dp/column_query.h"
#include "veil/dp/exact_aggregates.h"

#include <string>
#include <string_view>

namespace veil::release {

struct ImportedAggregates {
    dp::ExactAggregates exact;
    std::string path;
    std::string sha256;  // of the file's bytes
};

// Parses the CSV text (`fileName` is for messages) against the query spec's domain.
Result<dp::ExactAggregates> parseAggregatesCsv(std::string_view text, const std::string& fileName,
                                               const dp::ColumnQuerySpec& spec);
// Reads and parses a file. Errors: I/O, and those of parseAggregatesCsv.
Result<ImportedAggregates> readAggregatesCsv(const std::string& path, const dp::ColumnQuerySpec& spec);

}  // namespace veil::release
