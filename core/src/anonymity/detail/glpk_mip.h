// GlpkMip: GLPK's branch-and-cut (glp_intopt) through the shared guard (common/detail/glpk_guard.h:
// output captured, fatal errors returned as a Status); a time limit bounds the solve and the cancel
// token is polled from the search callback.
#pragma once

#include "common/detail/glpk_model.h"
#include "veil/common/run_context.h"
#include "veil/common/status.h"

#include <string>
#include <vector>

namespace veil::anonymity::detail {

struct GlpkMipOptions {
    // GLPK stops once (incumbent - bound) / incumbent falls below this (0: never). With an integral
    // objective and mipGap < 1 / the incumbent, that proves the incumbent optimal; gapProvesOptimal
    // then reports such a stop as Optimal.
    double mipGap = 0;
    bool gapProvesOptimal = false;
    bool cuts = false;  // GLPK's Gomory, MIR, cover and clique cuts
};

class GlpkMip {
public:
    using RowType = veil::detail::glpk::RowType;
    enum class Outcome { Optimal, Feasible, NoSolution };

    // A column in [lower, upper] with cost (minimised); integer columns are branched on.
    int addColumn(double lower, double upper, double cost, bool integer) {
        return m_model.addColumn(lower, upper, cost, integer);
    }
    void addRow(const std::vector<int>& cols, const std::vector<double>& coefs, RowType type, double rhs) {
        m_model.addRow(cols, coefs, type, rhs);
    }
    std::size_t columnCount() const { return m_model.columnCount(); }
    std::size_t rowCount() const { return m_model.rowCount(); }

    struct Solution {
        Outcome outcome = Outcome::NoSolution;  // Feasible: the time limit stopped the search
        std::vector<double> x;
        double objective = 0;
        // A lower bound on the optimum: the objective when Optimal, else the best of the LP
        // relaxation's optimum and the branch-and-cut's best open node when it stopped.
        double bound = 0;
        bool relaxationSolved = false;  // false: the time limit stopped the root relaxation (bound 0)
    };
    using Options = GlpkMipOptions;
    // The time limit covers the root relaxation and the branch-and-cut together.
    // Errors: Cancelled, Infeasible (proven, the relaxation's or the integer program's), Internal
    // (GLPK failure; its output is in log()).
    // `start`, when not empty, is a feasible solution (one value per column) offered to GLPK as its
    // first incumbent, so that the search prunes from the start and never returns worse.
    Result<Solution> solve(double timeLimitSeconds, const RunContext& ctx, const std::vector<double>& start = {},
                           const Options& options = {});
    const std::string& log() const { return m_log; }

private:
    veil::detail::glpk::SparseModel m_model;
    std::string m_log;
};

}  // namespace veil::anonymity::detail
