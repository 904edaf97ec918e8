// The fewest suppressed cells that make a table k-anonymous, as an integer program solved with
// GLPK, one per semantics of '*' (see docs/algorithms/local-suppression.md for the models).
#pragma once

#include "veil/anonymity/local_suppression.h"

namespace veil::anonymity::detail {

class GlpkMip;

struct SuppressionProgramResult {
    bool solved = false;         // a feasible suppression was found (columns holds it)
    bool provenOptimal = false;  // ... and proven optimal
    double lowerBound = 0;
    std::vector<std::vector<std::uint32_t>> columns;
    std::string message;  // what happened: size, time, outcome
};

// '*' matching any value (suppression_program.cpp).
// Refuses (solved = false with a message, not an error) beyond options.maxRecords records or
// options.maxRows constraints, or when GLPK finds no solution within options.timeLimitSeconds.
// Errors: cancellation, GLPK failures.
// `incumbent`: a feasible suppression of `columns` (the greedy one) given to GLPK as its first
// solution.
Result<SuppressionProgramResult> optimalSuppression(const std::vector<std::vector<std::uint32_t>>& columns,
                                                    const std::vector<std::vector<std::uint32_t>>& incumbent,
                                                    const LocalSuppressionOptions& options, const RunContext& ctx);

// The same with '*' as a value of its own (value_suppression_program.cpp): records with equal codes
// are interchangeable, so the variables count how many records of each distinct tuple take each
// suppression pattern. Also refused beyond 2^20 patterns of one tuple.
Result<SuppressionProgramResult> optimalValueSuppression(const std::vector<std::vector<std::uint32_t>>& columns,
                                                         const std::vector<std::vector<std::uint32_t>>& incumbent,
                                                         const LocalSuppressionOptions& options, const RunContext& ctx);

// Shared by both: false (with out.message) when the table has more than options.maxRecords records.
bool withinRecordLimit(std::size_t records, const LocalSuppressionOptions& options, SuppressionProgramResult& out);

// Shared by both: solves `mip` from `start` and fills out.solved, provenOptimal, lowerBound and
// message; returns the solution (empty when GLPK found none in time).
Result<std::vector<double>> solveSuppressionProgram(GlpkMip& mip, const std::vector<double>& start,
                                                    const LocalSuppressionOptions& options, const RunContext& ctx,
                                                    SuppressionProgramResult& out);

}  // namespace veil::anonymity::detail
