// Greedy local suppression with '*' as a value of its own (ARX's semantics, local_suppression.h):
// every released tuple, '*' included, must be shared by at least k records.
#pragma once

#include "anonymity/detail/cell_patterns.h"
#include "veil/common/run_context.h"
#include "veil/common/status.h"

namespace veil::anonymity::detail {

// In rounds, each record of a class smaller than k loses one more cell: the class's records all
// lose the same one, the column whose suppression lets the most records of the table reach the new
// tuple (records whose '*' lie within its '*' and that agree with it elsewhere), ties broken by
// `order` (columns by suppression priority). When the only records left in classes smaller than k
// are all-'*', records of classes larger than k (the cheapest: fewest kept cells), or else whole
// classes (the fewest kept cells in all), join them. Errors: cancellation.
// Complexity: O(columns) rounds of O(n x columns) hashing per distinct suppression pattern.
Status greedyValueSuppression(CodeColumns& cols, std::uint32_t k, const std::vector<std::size_t>& order,
                              const RunContext& ctx);

}  // namespace veil::anonymity::detail
