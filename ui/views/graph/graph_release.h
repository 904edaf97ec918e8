// The release bundle of one Graph view release: the released statistic of ONE method (the side by
// side comparison is for teaching; each method spends epsilon) as JSON, the settings as the plan,
// and a chart of the released value. Never the true or projected value, and no data-dependent scale.
// The result's receipt (it was charged when computed) goes with it.
#pragma once

#include "veil/graph/mechanisms.h"
#include "veil/release/release_runner.h"

#include <nlohmann/json.hpp>

namespace veil::ui {

// `plan`: the settings the release was made with; `seeded`: a fixed seed was used (`seed`). The
// input fields are left to the caller.
release::ReleaseOutcome graphOutcome(const graph::ReleaseResult& result, const nlohmann::json& plan, bool seeded,
                                     std::uint64_t seed);

}  // namespace veil::ui
