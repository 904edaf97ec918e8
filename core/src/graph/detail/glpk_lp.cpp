// GlpkLp implementation. All GLPK calls that can fail go through runGuarded(), which holds no C++
// objects with destructors between setjmp and the calls, so the longjmp out of GLPK's error hook
// is safe.
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

// Runs fn(arg) (plain GLPK calls) under the guard. Returns its result, or -1 after a GLPK fatal
// error (then the GLPK environment has been freed and every problem object is gone).
int runGuarded(Guard& guard, int (*fn)(void*), void* arg) {
    glp_term_hook(termHook, &guard);
    glp_error_hook(errorHook, &guard);
    if (setjmp(guard.jump)) {
        glp_term_hook(nullptr, nullptr);
        glp_error_hook(nullptr, nullptr);
        glp_free_env();
        return -1;
    }
    const int ret = fn(arg);
    glp_error_hook(nullptr, nullptr);
    glp_term_hook(nullptr, nullptr);
    return ret;
}

struct SimplexCall {
    glp_prob* P;
    const glp_smcp* parm;
};

int callSimplex(void* a) {
    auto* c = static_cast<SimplexCall*>(a);
    return glp_simplex(c->P, c->parm);
}

struct AddRowCall {
    glp_prob* P;
    int len;
    const int* ind;  // 1-based, ind[0] unused
    const double* val;
    bool atLeast;
    double rhs;
};

int callAddRow(void* a) {
    auto* c = static_cast<AddRowCall*>(a);
    const int r = glp_add_rows(c->P, 1);  // a new row is basic: the basis stays valid
    if (c->atLeast)
        glp_set_row_bnds(c->P, r, GLP_LO, c->rhs, 0.0);
    else
        glp_set_row_bnds(c->P, r, GLP_UP, 0.0, c->rhs);
    if (c->len > 0) glp_set_mat_row(c->P, r, c->len, c->ind, c->val);
    return 0;
}

// Owns the problem object unless a GLPK fatal error already freed it.
struct Problem {
    glp_prob* P = glp_create_prob();
    Problem() = default;
    Problem(const Problem&) = delete;
    Problem& operator=(const Problem&) = delete;
    ~Problem() {
        if (P) glp_delete_prob(P);
    }
};

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

Result<GlpkLp::Solution> GlpkLp::solve(const RunContext& ctx, const Separator& separate, int maxRounds,
                                       int sliceMillis) {
    m_log.clear();
    if (m_lower.empty()) return Solution{};
    ctx.report(0.0, "Solving the LP");
    Guard guard;
    guard.log = &m_log;
    glp_term_hook(termHook, &guard);  // creating the problem may print too
    Problem prob;
    glp_prob* P = prob.P;
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
            if (m_rowType[ui] == RowType::AtLeast)
                glp_set_row_bnds(P, i + 1, GLP_LO, m_rhs[ui], 0.0);
            else
                glp_set_row_bnds(P, i + 1, GLP_UP, 0.0, m_rhs[ui]);
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
            AddRowCall add{P,          static_cast<int>(cut.cols.size()), ind.data(),
                           val.data(), cut.type == RowType::AtLeast,      cut.rhs};
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
