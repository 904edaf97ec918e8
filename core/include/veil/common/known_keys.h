// Unknown keys and names: every reader of a JSON object (release plans, experiments, algorithm
// options) checks its keys against the ones it knows and refuses the first unknown one, naming its
// path and the closest known key, so that a misspelt setting is never silently ignored:
// "plan.supression: unknown key; did you mean 'suppression'?". The same suggestion serves
// unknown names in lists (methods, metrics).
#pragma once

#include "veil/common/status.h"

#include <nlohmann/json.hpp>

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace veil {

// Optimal string alignment distance: insertions, deletions, substitutions and swaps of two
// adjacent characters each cost 1 ("supression" -> "suppression": 1, "trails" -> "trials": 1).
// O(|a| |b|).
std::size_t editDistance(std::string_view a, std::string_view b);

// The known name closest to `name` when it is close enough to be a slip of the keyboard (at most a
// third of the longer name's characters differ, at least one may); ties go to the earlier name.
std::optional<std::string> closestName(std::string_view name, const std::vector<std::string>& known);

// What to tell the user about an unknown `name`: "; did you mean 'x'?" when one is close, else
// " (known: a, b, c)" (" (none are known here)" for an empty list).
std::string suggestionText(std::string_view name, const std::vector<std::string>& known);

// "PATH.KEY: unknown key; did you mean 'x'?" (or "... (known: ...)") for the first key of
// `object` (in alphabetical order) that is not in `known`; ok for a non-object (the caller reports
// wrong types). `path` "" gives "KEY: ...".
Status checkKnownKeys(const nlohmann::json& object, const std::vector<std::string>& known, const std::string& path);

// PATH.KEY, or KEY when PATH is empty.
std::string joinKeyPath(const std::string& path, const std::string& key);

}  // namespace veil
