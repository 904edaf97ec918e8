// GlpkMip implementation: every GLPK call that can fail goes through common/detail/glpk_guard.h.
#include "anonymity/detail/glpk_mip.h"

#include "common/detail/glpk_guard.h"

#include <algorithm>
#include <chrono>
#include <cmath>

namespace veil::anonymity::detail {
namespace {

using veil::detail::glpk::callSimplex;
using veil::detail::glpk::Guard;
using veil::detail::glpk::Problem;
using veil::detail::glpk::runGuarded;
using veil::detail::glpk::SimplexCall;

struct IntoptCall {
    glp_prob* P;
    glp_iocp* parm;
};

int callIntopt(void* a) {
    auto* c = static_cast<IntoptCall*>(a);
    return glp_intopt(c->P, c->parm);
}

struct CallbackInfo {
    const RunContext* ctx;
    const std::vector<double>* start;  // 1-based copy (start[0] unused), empty when none
    bool offered = false;
    double bestBound = -1e300;  // the smallest bound of the open nodes, last seen
};

void searchCallback(glp_tree* tree, void* info) {
    auto* c = static_cast<CallbackInfo*>(info);
    if (c->ctx->cancelled()) glp_ios_terminate(tree);
    if (glp_ios_reason(tree) == GLP_IHEUR && !c->offered && !c->start->empty()) {
        c->offered = true;
        glp_ios_heur_sol(tree, c->start->data());
    }
    if (glp_ios_reason(tree) == GLP_ISELECT || glp_ios_reason(tree) == GLP_IBINGO) {
        if (const int best = glp_ios_best_node(tree); best != 0) c->bestBound = glp_ios_node_bound(tree, best);
    }
}

}  // namespace

Result<GlpkMip::Solution> GlpkMip::solve(double timeLimitSeconds, const RunContext& ctx,
                                         const std::vector<double>& start, const Options& options) {
    m_log.clear();
    Solution sol;
    if (m_model.columnCount() == 0) {
        sol.outcome = Outcome::Optimal;
        return sol;
    }
    Guard guard;
    guard.log = &m_log;
    Problem prob;
    glp_prob* P = prob.P;
    veil::detail::glpk::loadModel(P, m_model, guard);
    const int nCols = static_cast<int>(m_model.columnCount());

    glp_iocp parm;
    glp_init_iocp(&parm);
    parm.presolve = GLP_OFF;  // the callback's incumbent is given in the original columns
    parm.msg_lev = GLP_MSG_ERR;
    parm.mip_gap = options.mipGap;
    if (options.cuts) parm.gmi_cuts = parm.mir_cuts = parm.cov_cuts = parm.clq_cuts = GLP_ON;
    const double limitMs = std::clamp(timeLimitSeconds, 0.001, 2.0e6) * 1000.0;
    std::vector<double> start1;
    if (start.size() == m_model.columnCount()) {
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
    lp.tm_lim = static_cast<int>(limitMs);
    const auto started = std::chrono::steady_clock::now();
    SimplexCall simplex{P, &lp};
    if (runGuarded(guard, callSimplex, &simplex) < 0) {
        prob.P = nullptr;
        return Status::internal("GLPK failed while solving the suppression program's relaxation: " + m_log);
    }
    if (glp_get_status(P) == GLP_NOFEAS)
        return Status::infeasible("the suppression program's relaxation has no solution");
    if (glp_get_status(P) != GLP_OPT) {
        sol.outcome = Outcome::NoSolution;
        return sol;
    }
    // The relaxation's optimum bounds every integer solution from below (the objective is minimised).
    sol.bound = glp_get_obj_val(P);
    sol.relaxationSolved = true;
    // One time limit for both: the branch-and-cut gets what the relaxation left (at least 1 ms).
    const double spentMs =
        std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - started).count();
    parm.tm_lim = static_cast<int>(std::max(1.0, limitMs - spentMs));
    IntoptCall call{P, &parm};
    const int ret = runGuarded(guard, callIntopt, &call);
    if (ret < 0) {
        prob.P = nullptr;  // freed with the environment
        return Status::internal("GLPK failed while solving the suppression program: " + m_log);
    }
    if (ctx.cancelled()) return Status::cancelled();
    if (ret == GLP_ENOPFS || ret == GLP_ENODFS) return Status::infeasible("the suppression program has no solution");
    const int status = glp_mip_status(P);
    sol.bound = std::max(sol.bound, info.bestBound);
    if (status == GLP_OPT || (status == GLP_FEAS && ret == GLP_EMIPGAP && options.gapProvesOptimal)) {
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
    if (sol.outcome == Outcome::Optimal) sol.bound = sol.objective;
    return sol;
}

}  // namespace veil::anonymity::detail
