// One record's value of a categorical attribute given as weights over the attribute's codes, for a
// value known only up to a set of codes: utility analysis reads an original value in a released
// attribute's domain as the released values the release gives it, weighted by how often
// (utility_analysis.h). Weights sum to 1; an empty list says nothing about the record.
#pragma once

#include <cstdint>
#include <utility>
#include <vector>

namespace veil::anonymity {

using WeightedCodes = std::vector<std::pair<std::uint32_t, double>>;
// A record: one WeightedCodes per attribute, in the attributes' order.
using WeightedRow = std::vector<const WeightedCodes*>;

}  // namespace veil::anonymity
