// Shared validators for user-given parameters: each returns a Status whose message names the
// parameter and the value given, e.g. "epsilon must be a positive finite number (got -1)".
#pragma once

#include "veil/common/status.h"

#include <string>
#include <vector>

namespace veil {

Status requirePositiveFinite(double value, const std::string& name);
Status requireNonNegativeFinite(double value, const std::string& name);
Status requireFinite(double value, const std::string& name);
Status requireProbability(double value, const std::string& name);          // [0, 1]
Status requireHalfOpenProbability(double value, const std::string& name);  // [0, 1)
Status requireOrdered(double lower, double upper, const std::string& lowerName, const std::string& upperName);
Status requireAtLeast(long long value, long long minimum, const std::string& name);
// Each of `values` once: an error naming the first value given twice, e.g. "categories: 'Male'
// is given twice; each must be distinct".
Status requireDistinct(const std::vector<std::string>& values, const std::string& name);

// Shortest round-trip text for a double (used in messages and outputs).
std::string formatNumber(double value);

}  // namespace veil
