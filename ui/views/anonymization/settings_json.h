// The Anonymize view's settings as JSON, for the project's recovery snapshot: privacy models,
// suppression, metric, algorithm (its plan name) with the local recoding options, local
// suppression (off, greedy, optimal) and each hierarchy (its rows, as the project stores hierarchies)
// with the file it came from. fromJson is the exact inverse; a malformed entry keeps the default.
#pragma once

#include "views/anonymization/anonymization_settings.h"

#include <nlohmann/json.hpp>

namespace veil::ui {

nlohmann::json settingsToJson(const AnonymizationSettings& settings);
AnonymizationSettings settingsFromJson(const nlohmann::json& json);

}  // namespace veil::ui
