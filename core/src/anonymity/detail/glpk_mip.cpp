// GlpkMip implementation. GLPK calls that can fail run inside runGuarded(), which holds no C++
// object with a destructor between setjmp and the calls, so the longjmp out of the error hook is
// safe (the approach of igraph and of graph/detail/glpk_lp.cpp).
#include "anonymity/detail/glpk_mip.h"

#include <glpk.h>

#include <algorithm>
#include <cmath>
#include <csetjmp>

namespace veil::anonymity::detail {
namespace {

struct Guard {
    std::jmp_buf jump;
    std::string* log = nullptr;
};

int termHook(void* info, const char* s) {
    auto* g = static_cast<Guard*>(info);
    if (g->log && s) g->log->append(s);
    return 1;  // GLPK does not print
}

void errorHook(void* info) { std::longjmp(static_cast<Guard*>(info)->jump, 1); }

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

struct IntoptCall {
    glp_prob* P;
    glp_iocp* parm;
};

struct SimplexCall {
    glp_prob* P;
    const glp_smcp* parm;
};

int callSimplex(void* a) {
    auto* c = static_cast<SimplexCall*>(a);
    return glp_simplex(c->P, c->parm);
}

int callIntopt(void* a) {
    auto* c = static_cast<IntoptCall*>(a);
    return glp_intopt(c->P, c->parm);
}

struct CallbackInfo {
    const RunContext* ctx;
    const std::vector<double>* start;  // 1-based copy (start[0] unused), empty when none
    bool offered = false;
};

void searchCallback(glp_tree* tree, void* info) {
    auto* c = static_cast<CallbackInfo*>(info);
    if (c->ctx->cancelled()) glp_ios_terminate(tree);
    if (glp_ios_reason(tree) == GLP_IHEUR && !c->offered && !c->start->empty()) {
        c->offered = true;
        glp_ios_heur_sol(tree, c->start->data());
    }
}

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

int GlpkMip::addColumn(double lower, double upper, double cost, bool integer) {
    m_lower.push_back(lower);
    m_upper.push_back(upper);
    m_cost.push_back(cost);
    m_integer.push_back(integer ? 1 : 0);
    return static_cast<int>(m_lower.size()) - 1;
}

void GlpkMip::addRow(const std::vector<int>& cols, const std::vector<double>& coefs, RowType type, double rhs) {
    const int row = static_cast<int>(m_rowType.size()) + 1;
    for (std::size_t i = 0; i < cols.size(); ++i) {
        m_ia.push_back(row);
        m_ja.push_back(cols[i] + 1);
        m_ar.push_back(coefs[i]);
    }
    m_rowType.push_back(type);
    m_rhs.push_back(rhs);
}

Result<GlpkMip::Solution> GlpkMip::solve(double timeLimitSeconds, const RunContext& ctx,
                                         const std::vector<double>& start) {
    m_log.clear();
    Solution sol;
    if (m_lower.empty()) {
        sol.outcome = Outcome::Optimal;
        return sol;
    }
    Guard guard;
    guard.log = &m_log;
    glp_term_hook(termHook, &guard);
    Problem prob;
    glp_prob* P = prob.P;
    glp_set_obj_dir(P, GLP_MIN);
    const int nCols = static_cast<int>(m_lower.size());
    glp_add_cols(P, nCols);
    for (int j = 0; j < nCols; ++j) {
        const auto uj = static_cast<std::size_t>(j);
        glp_set_col_bnds(P, j + 1, m_lower[uj] == m_upper[uj] ? GLP_FX : GLP_DB, m_lower[uj], m_upper[uj]);
        glp_set_obj_coef(P, j + 1, m_cost[uj]);
        if (m_integer[uj]) glp_set_col_kind(P, j + 1, GLP_IV);
    }
    const int nRows = static_cast<int>(m_rowType.size());
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

    glp_iocp parm;
    glp_init_iocp(&parm);
    parm.presolve = GLP_OFF;  // the callback's incumbent is given in the original columns
    parm.msg_lev = GLP_MSG_ERR;
    parm.tm_lim = static_cast<int>(std::clamp(timeLimitSeconds, 0.001, 2.0e6) * 1000.0);
    std::vector<double> start1;
    if (start.size() == m_lower.size()) {
        start1.push_back(0.0);
        start1.insert(start1.end(), start.begin(), start.end());
    }
    CallbackInfo info{&ctx, &start1};
    parm.cb_func = searchCallback;
    parm.cb_info = &info;
    // Without presolve glp_intopt needs an optimal LP relaxation first.
    glp_smcp lp;
    glp_init_smcp(&lp);
    lp.msg_lev = GLP_MSG_ERR;
    lp.tm_lim = parm.tm_lim;
    SimplexCall simplex{P, &lp};
    if (runGuarded(guard, callSimplex, &simplex) < 0) {
        prob.P = nullptr;
        return Status::internal("GLPK failed while solving the suppression program's relaxation: " + m_log);
    }
    if (glp_get_status(P) != GLP_OPT) {
        sol.outcome = Outcome::NoSolution;
        return sol;
    }
    IntoptCall call{P, &parm};
    const int ret = runGuarded(guard, callIntopt, &call);
    if (ret < 0) {
        prob.P = nullptr;  // freed with the environment
        return Status::internal("GLPK failed while solving the suppression program: " + m_log);
    }
    if (ctx.cancelled()) return Status::cancelled();
    if (ret == GLP_ENOPFS || ret == GLP_ENODFS) return Status::infeasible("the suppression program has no solution");
    const int status = glp_mip_status(P);
    if (status == GLP_OPT) {
        sol.outcome = Outcome::Optimal;
    } else if (status == GLP_FEAS) {
        sol.outcome = Outcome::Feasible;
    } else if (status == GLP_NOFEAS) {
        return Status::infeasible("the suppression program has no solution");
    } else {
        sol.outcome = Outcome::NoSolution;
        return sol;
    }
    sol.objective = glp_mip_obj_val(P);
    sol.x.resize(static_cast<std::size_t>(nCols));
    for (int j = 0; j < nCols; ++j) sol.x[static_cast<std::size_t>(j)] = glp_mip_col_val(P, j + 1);
    sol.bound = sol.outcome == Outcome::Optimal ? sol.objective : 0.0;
    return sol;
}

}  // namespace veil::anonymity::detail
