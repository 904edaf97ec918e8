// GlpkLp: the one guarded entry to GLPK. A sparse LP (min or max c'x, bounded columns, ranged
// rows) solved with the simplex method in time slices (glp_smcp.tm_lim), so a long solve can be
// cancelled between slices (GLPK's simplex has no callback); GLPK's terminal output is captured (never printed) and its fatal errors are
// caught through glp_error_hook + longjmp and returned as Status (the approach of igraph).
#pragma once

#include "veil/common/run_context.h"
#include "veil/common/status.h"

#include <string>
#include <vector>

namespace veil::graph::detail {

class GlpkLp {
public:
    enum class RowType { AtLeast, AtMost };

    // Columns in [lower, upper] with objective coefficient cost (minimised).
    int addColumn(double lower, double upper, double cost);
    // sum coef[i] * x[col[i]] (>= or <=) rhs.
    void addRow(const std::vector<int>& cols, const std::vector<double>& coefs, RowType type, double rhs);

    std::size_t columnCount() const { return m_lower.size(); }
    std::size_t rowCount() const { return m_rowType.size(); }

    struct Solution {
        std::vector<double> x;
        double objective = 0;
        int iterations = 0;
    };
    // Dual simplex (the all-slack basis is dual feasible when costs are >= 0), resumed from the
    // current basis after each slice of sliceMillis ms. Errors: Cancelled, Infeasible (no feasible
    // solution), Internal (GLPK failure; its captured output is in log()).
    Result<Solution> solve(const RunContext& ctx, int sliceMillis = 500);

    // Everything GLPK wrote to its terminal during the last solve.
    const std::string& log() const { return m_log; }

private:
    std::vector<double> m_lower, m_upper, m_cost;
    std::vector<RowType> m_rowType;
    std::vector<double> m_rhs;
    std::vector<int> m_ia, m_ja;  // 1-based triplets as GLPK wants them
    std::vector<double> m_ar;
    std::string m_log;
};

}  // namespace veil::graph::detail
