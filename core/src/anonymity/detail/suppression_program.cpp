// What the two suppression programs share: the record limit and the solve with its outcome. The
// programs: wildcard_suppression_program.cpp ('*' matches any value) and
// value_suppression_program.cpp ('*' a value of its own).
#include "anonymity/detail/suppression_program.h"

#include "anonymity/detail/glpk_mip.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <string>

namespace veil::anonymity::detail {

bool withinRecordLimit(std::size_t records, const LocalSuppressionOptions& options, SuppressionProgramResult& out) {
    if (records <= options.maxRecords) return true;
    out.message = "the optimal local suppression is limited to " + std::to_string(options.maxRecords) +
                  " records, the table has " + std::to_string(records);
    return false;
}

std::string timeLimitText(const LocalSuppressionOptions& options) {
    char buf[64];
    std::snprintf(buf, sizeof buf, "the time limit of %g s", options.timeLimitSeconds);
    return buf;
}

std::string gapText(double best, double bound) {
    const double lower = std::max(0.0, std::ceil(bound - 1e-9));
    const double gap = best > 0 ? 100.0 * (best - lower) / best : 0.0;
    return "best " + std::to_string(std::llround(best)) + " cells, lower bound " + std::to_string(std::llround(lower)) +
           ", gap " + std::to_string(std::llround(gap)) + "%";
}

Result<std::vector<double>> solveSuppressionProgram(GlpkMip& mip, const std::vector<double>& start,
                                                    const LocalSuppressionOptions& options, const RunContext& ctx,
                                                    SuppressionProgramResult& out) {
    auto sol = mip.solve(options.timeLimitSeconds, ctx, start);
    if (!sol) return sol.status();
    const std::string size =
        std::to_string(mip.columnCount()) + " variables, " + std::to_string(mip.rowCount()) + " constraints";
    if (sol->outcome == GlpkMip::Outcome::NoSolution) {
        out.message = "GLPK found no solution within " + timeLimitText(options) + " (" + size + ")";
        return std::vector<double>{};
    }
    out.solved = true;
    out.provenOptimal = sol->outcome == GlpkMip::Outcome::Optimal;
    out.lowerBound = out.provenOptimal ? sol->objective : std::min(sol->objective, sol->bound);
    out.message = out.provenOptimal ? "optimal (" + size + ")"
                                    : timeLimitText(options) + " stopped GLPK before it proved optimality (" +
                                          gapText(sol->objective, out.lowerBound) + "; " + size + ")";
    return std::move(sol->x);
}

}  // namespace veil::anonymity::detail
