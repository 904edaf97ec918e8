// GlpkMip: the anonymity module's guarded entry to GLPK's branch-and-cut (glp_intopt), built like
// graph/detail/glpk_lp.h: GLPK's terminal output is captured, its fatal errors come back as a
// Status through glp_error_hook + longjmp, a time limit bounds the solve and the cancel token is
// polled from the search callback.
#pragma once

#include "veil/common/run_context.h"
#include "veil/common/status.h"

#include <string>
#include <vector>

namespace veil::anonymity::detail {

class GlpkMip {
public:
    enum class RowType { AtLeast, AtMost };
    enum class Outcome { Optimal, Feasible, NoSolution };

    // A column in [lower, upper] with cost (minimised); integer columns are branched on.
    int addColumn(double lower, double upper, double cost, bool integer);
    void addRow(const std::vector<int>& cols, const std::vector<double>& coefs, RowType type, double rhs);
    std::size_t columnCount() const { return m_lower.size(); }
    std::size_t rowCount() const { return m_rowType.size(); }

    struct Solution {
        Outcome outcome = Outcome::NoSolution;  // Feasible: the time limit stopped the search
        std::vector<double> x;
        double objective = 0;
        double bound = 0;  // best bound on the objective (the LP relaxation's at least)
    };
    // Errors: Cancelled, Infeasible (proven), Internal (GLPK failure; its output is in log()).
    // `start`, when not empty, is a feasible solution (one value per column) offered to GLPK as its
    // first incumbent, so that the search prunes from the start and never returns worse.
    Result<Solution> solve(double timeLimitSeconds, const RunContext& ctx, const std::vector<double>& start = {});
    const std::string& log() const { return m_log; }

private:
    std::vector<double> m_lower, m_upper, m_cost;
    std::vector<char> m_integer;
    std::vector<RowType> m_rowType;
    std::vector<double> m_rhs;
    std::vector<int> m_ia, m_ja;  // 1-based triplets
    std::vector<double> m_ar;
    std::string m_log;
};

}  // namespace veil::anonymity::detail
