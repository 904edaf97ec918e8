// GlpkLp implementation. All GLPK calls happen in runGuarded(), which holds no C++ objects with
// destructors between setjmp and the calls, so the longjmp out of GLPK's error hook is safe.
#include "graph/detail/glpk_lp.h"

#include <glpk.h>

#include <csetjmp>
#include <string>

namespace veil::graph::detail {
namespace {

struct Guard {
    std::jmp_buf jump;
    std::string* log = nullptr;
};

int termHook(void* info, const char* s) {
    auto* g = static_cast<Guard*>(info);
    if (g->log && s) g->log->append(s);
    return 1;  // non-zero: GLPK does not print
}

void errorHook(void* info) {
    auto* g = static_cast<Guard*>(info);
    std::longjmp(g->jump, 1);
}

// One simplex chunk under the guard. Returns the glp_simplex code, or -1 after a GLPK fatal error
// (then the GLPK environment has been freed and P is gone).
int runGuarded(Guard& guard, glp_prob* P, const glp_smcp* parm) {
    glp_term_hook(termHook, &guard);
    glp_error_hook(errorHook, &guard);
    if (setjmp(guard.jump)) {
        glp_term_hook(nullptr, nullptr);
        glp_error_hook(nullptr, nullptr);
        glp_free_env();
        return -1;
    }
    const int ret = glp_simplex(P, parm);
    glp_error_hook(nullptr, nullptr);
    glp_term_hook(nullptr, nullptr);
    return ret;
}

}  // namespace

int GlpkLp::addColumn(double lower, double upper, double cost) {
    m_lower.push_back(lower);
    m_upper.push_back(upper);
    m_cost.push_back(cost);
    return static_cast<int>(m_lower.size()) - 1;
}

void GlpkLp::addRow(const std::vector<int>& cols, const std::vector<double>& coefs, RowType type, double rhs) {
    const int row = static_cast<int>(m_rowType.size()) + 1;
    for (std::size_t i = 0; i < cols.size(); ++i) {
        m_ia.push_back(row);
        m_ja.push_back(cols[i] + 1);
        m_ar.push_back(coefs[i]);
    }
    m_rowType.push_back(type);
    m_rhs.push_back(rhs);
}

Result<GlpkLp::Solution> GlpkLp::solve(const RunContext& ctx, int sliceMillis) {
    m_log.clear();
    if (m_lower.empty()) return Solution{};
    ctx.report(0.0, "Solving the LP");
    Guard guard;
    guard.log = &m_log;
    glp_term_hook(termHook, &guard);  // creating the problem may print too
    glp_prob* P = glp_create_prob();
    glp_set_obj_dir(P, GLP_MIN);
    const int nCols = static_cast<int>(m_lower.size());
    const int nRows = static_cast<int>(m_rowType.size());
    glp_add_cols(P, nCols);
    for (int j = 0; j < nCols; ++j) {
        const auto uj = static_cast<std::size_t>(j);
        glp_set_col_bnds(P, j + 1, m_lower[uj] == m_upper[uj] ? GLP_FX : GLP_DB, m_lower[uj], m_upper[uj]);
        glp_set_obj_coef(P, j + 1, m_cost[uj]);
    }
    if (nRows > 0) {
        glp_add_rows(P, nRows);
        for (int i = 0; i < nRows; ++i) {
            const auto ui = static_cast<std::size_t>(i);
            if (m_rowType[ui] == RowType::AtLeast) glp_set_row_bnds(P, i + 1, GLP_LO, m_rhs[ui], 0.0);
            else glp_set_row_bnds(P, i + 1, GLP_UP, 0.0, m_rhs[ui]);
        }
        std::vector<int> ia{0}, ja{0};
        std::vector<double> ar{0.0};
        ia.insert(ia.end(), m_ia.begin(), m_ia.end());
        ja.insert(ja.end(), m_ja.begin(), m_ja.end());
        ar.insert(ar.end(), m_ar.begin(), m_ar.end());
        glp_load_matrix(P, static_cast<int>(m_ar.size()), ia.data(), ja.data(), ar.data());
    }
    glp_term_hook(nullptr, nullptr);

    glp_smcp parm;
    glp_init_smcp(&parm);
    parm.msg_lev = GLP_MSG_ERR;
    parm.meth = GLP_DUALP;
    parm.presolve = GLP_OFF;
    parm.tm_lim = sliceMillis;  // restarts reset the pricing weights: keep slices long
    int chunks = 0;
    while (true) {
        const int ret = runGuarded(guard, P, &parm);
        if (ret == -1) return Status::internal("GLPK failed: " + m_log);
        if (ret == GLP_ETMLIM) {
            ++chunks;
            if (ctx.cancelled()) {
                glp_delete_prob(P);
                return Status::cancelled();
            }
            // Unknown total: report a fraction approaching 1.
            ctx.report(1.0 - 1.0 / (1.0 + 0.2 * chunks), "Solving the LP");
            continue;
        }
        if (ret != 0) {
            glp_delete_prob(P);
            return Status::internal("GLPK simplex returned code " + std::to_string(ret) + ": " + m_log);
        }
        break;
    }
    const int status = glp_get_status(P);
    if (status == GLP_NOFEAS || status == GLP_INFEAS) {
        glp_delete_prob(P);
        return Status::infeasible("the LP has no feasible solution");
    }
    if (status != GLP_OPT) {
        glp_delete_prob(P);
        return Status::internal("GLPK ended with status " + std::to_string(status) + ": " + m_log);
    }
    Solution sol;
    sol.objective = glp_get_obj_val(P);
    sol.x.resize(static_cast<std::size_t>(nCols));
    for (int j = 0; j < nCols; ++j) sol.x[static_cast<std::size_t>(j)] = glp_get_col_prim(P, j + 1);
    sol.iterations = glp_get_it_cnt(P);
    glp_delete_prob(P);
    ctx.report(1.0, "Solving the LP");
    return sol;
}

}  // namespace veil::graph::detail
