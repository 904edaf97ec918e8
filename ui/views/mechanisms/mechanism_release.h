// The release bundle of a Mechanisms view answer: the one release shown (panel A; never the true
// value, nor the 1,000 playground draws) as JSON with its noise scale and confidence interval, the
// settings it was made with as the plan, and a chart of the released value(s).
#pragma once

#include "veil/dp/column_query.h"
#include "veil/release/release_runner.h"

#include <cstdint>
#include <optional>

namespace veil::ui {

// `seed` is the fixed seed when the run was seeded. The input fields are left to the caller.
release::ReleaseOutcome mechanismOutcome(const dp::ColumnQueryResult& result, std::optional<std::uint64_t> seed);

}  // namespace veil::ui
