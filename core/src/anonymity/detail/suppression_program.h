// The fewest suppressed cells that make a table k-anonymous, as an integer program solved with
// GLPK, one per semantics of '*' (see docs/algorithms/local-suppression.md for the models).
#pragma once

#include "veil/anonymity/local_suppression.h"

namespace veil::anonymity::detail {

class GlpkMip;

struct SuppressionProgramResult {
    bool solved = false;         // a feasible suppression was found (columns holds it)
    bool provenOptimal = false;  // ... and proven optimal
    double lowerBound = 0;       // on the fewest cells (0: unknown)
    std::vector<std::vector<std::uint32_t>> columns;
    std::string message;  // what happened: size, time, outcome
};

// '*' matching any value (wildcard_suppression_program.cpp). `incumbent` is the greedy rule's
// suppression of `columns`; the program looks for fewer cells than the better of it and k - 1
// records wholly '*', and proves that one optimal when none exists. solved = false (with a message,
// not an error) beyond options.maxRecords records, options.maxRows patterns or constraints, or
// when GLPK finds nothing better than the greedy result within options.timeLimitSeconds; then
// lowerBound, when above 0, is GLPK's bound on the fewest cells. Errors: cancellation, GLPK failures.
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

// "the time limit of 10 s"; "best 16 cells, lower bound 12, gap 25%" (the bound rounded up: cells
// are whole).
std::string timeLimitText(const LocalSuppressionOptions& options);
std::string gapText(double best, double bound);

// Shared by both: solves `mip` from `start` and fills out.solved, provenOptimal, lowerBound and
// message; returns the solution (empty when GLPK found none in time).
Result<std::vector<double>> solveSuppressionProgram(GlpkMip& mip, const std::vector<double>& start,
                                                    const LocalSuppressionOptions& options, const RunContext& ctx,
                                                    SuppressionProgramResult& out);

}  // namespace veil::anonymity::detail
