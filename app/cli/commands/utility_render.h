// How `veil-cli utility` prints core's UtilityReport: text tables for people, JSON for machines.
#pragma once

#include "veil/anonymity/utility_analysis.h"

#include <nlohmann/json.hpp>

#include <ostream>

namespace veil::cli {

void printUtilityText(std::ostream& out, const anonymity::UtilityReport& report);
nlohmann::json utilityJson(const anonymity::UtilityReport& report);

}  // namespace veil::cli
