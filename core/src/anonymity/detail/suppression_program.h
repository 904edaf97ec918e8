// The fewest suppressed cells that make a table k-anonymous under the '*' semantics, as a 0/1
// integer program solved with GLPK (see docs/algorithms/local-suppression.md for the model).
#pragma once

#include "veil/anonymity/local_suppression.h"

namespace veil::anonymity::detail {

struct SuppressionProgramResult {
    bool solved = false;         // a feasible suppression was found (columns holds it)
    bool provenOptimal = false;  // ... and proven optimal
    double lowerBound = 0;
    std::vector<std::vector<std::uint32_t>> columns;
    std::string message;  // what happened: size, time, outcome
};

// Refuses (solved = false with a message, not an error) beyond options.maxRecords records or
// options.maxRows constraints, or when GLPK finds no solution within options.timeLimitSeconds.
// Errors: cancellation, GLPK failures.
// `incumbent`: a feasible suppression of `columns` (the greedy one) given to GLPK as its first
// solution.
Result<SuppressionProgramResult> optimalSuppression(const std::vector<std::vector<std::uint32_t>>& columns,
                                                    const std::vector<std::vector<std::uint32_t>>& incumbent,
                                                    const LocalSuppressionOptions& options, const RunContext& ctx);

}  // namespace veil::anonymity::detail
