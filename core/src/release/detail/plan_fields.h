// Helpers shared by the plan readers (release_plan.cpp defines them): field errors naming the
// plan and field, the plan's dataset and paths relative to the plan file.
#pragma once

#include "veil/release/release_plan.h"

#include <string>

namespace veil::release::detail {

// "PLAN: plan.FIELD: WHAT" and "... expected WHAT, got TYPE".
Status fieldError(const ReleasePlan& plan, const std::string& field, const std::string& what);
Status expected(const ReleasePlan& plan, const std::string& field, const std::string& what, const nlohmann::json& got);
Result<DatasetRef> planDataset(const ReleasePlan& plan);
std::string resolvePlanPath(const ReleasePlan& plan, const std::string& path);

}  // namespace veil::release::detail
