// GlpkLp: a sparse LP (min or max c'x, bounded columns, ranged
// rows) solved with the simplex method in time slices (glp_smcp.tm_lim), so a long solve can be
// cancelled between slices (GLPK's simplex has no callback); GLPK's terminal output is captured
// (never printed) and its fatal errors are caught through glp_error_hook + longjmp and returned
// as Status (the approach of igraph).
// Optionally solved by row generation (cutting planes): a separator looks at each optimum and
// returns violated rows, which are added before the LP is re-solved from the current basis.
#pragma once

#include "common/detail/glpk_model.h"
#include "veil/common/run_context.h"
#include "veil/common/status.h"

#include <functional>
#include <string>
#include <vector>

namespace veil::graph::detail {

class GlpkLp {
public:
    using RowType = veil::detail::glpk::RowType;

    struct Row {
        std::vector<int> cols;
        std::vector<double> coefs;
        RowType type = RowType::AtLeast;
        double rhs = 0;
    };

    // Columns in [lower, upper] with objective coefficient cost (minimised).
    int addColumn(double lower, double upper, double cost) { return m_model.addColumn(lower, upper, cost); }
    // sum coef[i] * x[col[i]] (>= or <=) rhs.
    void addRow(const std::vector<int>& cols, const std::vector<double>& coefs, RowType type, double rhs) {
        m_model.addRow(cols, coefs, type, rhs);
    }

    std::size_t columnCount() const { return m_model.columnCount(); }
    std::size_t rowCount() const { return m_model.rowCount(); }

    struct Solution {
        std::vector<double> x;
        double objective = 0;
        int iterations = 0;
        int rounds = 0;        // LP solves (1 without a separator)
        std::size_t rows = 0;  // rows at the end, cuts included
    };
    // Appends to cuts the rows the optimum x of the current LP violates; none means x is accepted.
    using Separator = std::function<void(const std::vector<double>& x, std::vector<Row>& cuts)>;

    // Dual simplex (the all-slack basis is dual feasible when costs are >= 0), resumed from the
    // current basis after each slice of sliceMillis ms. With a separator, its cuts are added and
    // the LP is re-solved from the current basis (the new rows' slacks are basic, so the basis
    // stays dual feasible) until it adds none, at most maxRounds solves. Errors: Cancelled,
    // Infeasible (no feasible solution), Internal (GLPK failure, its captured output is in log();
    // or more than maxRounds solves).
    Result<Solution> solve(const RunContext& ctx, const Separator& separate = {}, int maxRounds = 1000,
                           int sliceMillis = 500);

    // Everything GLPK wrote to its terminal during the last solve.
    const std::string& log() const { return m_log; }

private:
    veil::detail::glpk::SparseModel m_model;
    std::string m_log;
};

}  // namespace veil::graph::detail
