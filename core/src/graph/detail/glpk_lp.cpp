// GlpkLp implementation: every GLPK call that can fail goes through common/detail/glpk_guard.h.
#include "graph/detail/glpk_lp.h"

#include "common/detail/glpk_guard.h"

#include <string>

namespace veil::graph::detail {
namespace {

using veil::detail::glpk::callSimplex;
using veil::detail::glpk::Guard;
using veil::detail::glpk::Problem;
using veil::detail::glpk::RowType;
using veil::detail::glpk::runGuarded;
using veil::detail::glpk::setRowBounds;
using veil::detail::glpk::SimplexCall;

struct AddRowCall {
    glp_prob* P;
    int len;
    const int* ind;  // 1-based, ind[0] unused
    const double* val;
    RowType type;
    double rhs;
};

int callAddRow(void* a) {
    auto* c = static_cast<AddRowCall*>(a);
    const int r = glp_add_rows(c->P, 1);  // a new row is basic: the basis stays valid
    setRowBounds(c->P, r, c->type, c->rhs);
    if (c->len > 0) glp_set_mat_row(c->P, r, c->len, c->ind, c->val);
    return 0;
}

}  // namespace

Result<GlpkLp::Solution> GlpkLp::solve(const RunContext& ctx, const Separator& separate, int maxRounds,
                                       int sliceMillis) {
    m_log.clear();
    if (m_model.columnCount() == 0) return Solution{};
    ctx.report(0.0, "Solving the LP");
    Guard guard;
    guard.log = &m_log;
    Problem prob;
    glp_prob* P = prob.P;
    veil::detail::glpk::loadModel(P, m_model, guard);
    const int nCols = static_cast<int>(m_model.columnCount());

    glp_smcp parm;
    glp_init_smcp(&parm);
    parm.msg_lev = GLP_MSG_ERR;
    parm.meth = GLP_DUALP;
    parm.presolve = GLP_OFF;
    parm.tm_lim = sliceMillis;  // restarts reset the pricing weights: keep slices long
    SimplexCall simplex{P, &parm};
    Solution sol;
    std::vector<Row> cuts;
    std::vector<int> ind;
    std::vector<double> val;
    int steps = 0;  // slices and rounds, for the progress estimate
    while (true) {
        while (true) {  // glp_simplex handles a problem without rows itself
            const int ret = runGuarded(guard, callSimplex, &simplex);
            if (ret == -1) {
                prob.P = nullptr;
                return Status::internal("GLPK failed: " + m_log);
            }
            if (ret == GLP_ETMLIM) {
                if (ctx.cancelled()) return Status::cancelled();
                // Unknown total: report a fraction approaching 1.
                ctx.report(1.0 - 1.0 / (1.0 + 0.2 * ++steps), "Solving the LP");
                continue;
            }
            if (ret != 0) return Status::internal("GLPK simplex returned code " + std::to_string(ret) + ": " + m_log);
            break;
        }
        const int status = glp_get_status(P);
        if (status == GLP_NOFEAS || status == GLP_INFEAS) return Status::infeasible("the LP has no feasible solution");
        if (status != GLP_OPT)
            return Status::internal("GLPK ended with status " + std::to_string(status) + ": " + m_log);
        ++sol.rounds;
        sol.objective = glp_get_obj_val(P);
        sol.x.resize(static_cast<std::size_t>(nCols));
        for (int j = 0; j < nCols; ++j) sol.x[static_cast<std::size_t>(j)] = glp_get_col_prim(P, j + 1);
        if (!separate) break;
        if (ctx.cancelled()) return Status::cancelled();
        cuts.clear();
        separate(sol.x, cuts);
        if (cuts.empty()) break;
        if (sol.rounds >= maxRounds)
            return Status::internal("the cutting-plane loop did not converge in " + std::to_string(maxRounds) +
                                    " rounds");
        for (const Row& cut : cuts) {
            ind.assign(1, 0);
            val.assign(1, 0.0);
            for (std::size_t i = 0; i < cut.cols.size(); ++i) {
                ind.push_back(cut.cols[i] + 1);
                val.push_back(cut.coefs[i]);
            }
            AddRowCall add{P, static_cast<int>(cut.cols.size()), ind.data(), val.data(), cut.type, cut.rhs};
            if (runGuarded(guard, callAddRow, &add) == -1) {
                prob.P = nullptr;
                return Status::internal("GLPK failed: " + m_log);
            }
        }
        ctx.report(1.0 - 1.0 / (1.0 + 0.2 * ++steps), "Solving the LP");
    }
    sol.iterations = glp_get_it_cnt(P);
    sol.rows = static_cast<std::size_t>(glp_get_num_rows(P));
    ctx.report(1.0, "Solving the LP");
    return sol;
}

}  // namespace veil::graph::detail
