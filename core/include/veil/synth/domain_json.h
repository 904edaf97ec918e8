// The declared discretization of a synthetic table as JSON, shared by release plans ("synthetic")
// and experiments (synth:* methods): a list of {"column", "bins" + "bounds": [lo, hi]} |
// {"column", "categories": [...]} | {"column", "hierarchy": "FILE"} (the hierarchy's level-0
// values, the file relative to `baseDir`). Nothing is read off the data.
#pragma once

#include "veil/common/status.h"
#include "veil/synth/discretization.h"

#include <nlohmann/json.hpp>

#include <map>
#include <string>
#include <vector>

namespace veil::synth {

// Errors name `field` and the entry ("plan.domains[0].bounds: expected [lower, upper], got ..."):
// not a non-empty list, an entry with an unknown key or without a column, none or several of the
// three declarations, bounds or bins malformed, an unreadable hierarchy, an invalid domain, a
// column declared twice.
// `hierarchyFiles` (optional) receives column -> resolved hierarchy path.
Result<std::vector<AttributeDomain>> domainsFromJson(const nlohmann::json& domains, const std::string& baseDir,
                                                     const std::string& field,
                                                     std::map<std::string, std::string>* hierarchyFiles = nullptr);

}  // namespace veil::synth
