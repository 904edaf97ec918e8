// The one guarded way into GLPK, header-only (compiled into the modules that link GLPK: graph and
// anonymity). GLPK calls that can fail run inside runGuarded(), which holds no C++ object with a
// destructor between setjmp and the calls, so the longjmp out of GLPK's error hook is safe; GLPK's
// terminal output is captured, never printed (the approach of igraph).
#pragma once

#include "common/detail/glpk_model.h"

#include <glpk.h>

#include <csetjmp>
#include <string>
#include <vector>

namespace veil::detail::glpk {

struct Guard {
    std::jmp_buf jump;
    std::string* log = nullptr;
};

inline int termHook(void* info, const char* s) {
    auto* g = static_cast<Guard*>(info);
    if (g->log && s) g->log->append(s);
    return 1;  // non-zero: GLPK does not print
}

inline void errorHook(void* info) { std::longjmp(static_cast<Guard*>(info)->jump, 1); }

// Runs fn(arg) (plain GLPK calls) under the guard. Returns its result, or -1 after a GLPK fatal
// error (then the GLPK environment has been freed and every problem object is gone).
inline int runGuarded(Guard& guard, int (*fn)(void*), void* arg) {
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

inline int callSimplex(void* a) {
    auto* c = static_cast<SimplexCall*>(a);
    return glp_simplex(c->P, c->parm);
}

// Owns the problem object unless a GLPK fatal error already freed it (then set P to nullptr).
struct Problem {
    glp_prob* P = glp_create_prob();
    Problem() = default;
    Problem(const Problem&) = delete;
    Problem& operator=(const Problem&) = delete;
    ~Problem() {
        if (P) glp_delete_prob(P);
    }
};

// Loads `m` into the empty problem P (minimisation; integer columns as GLP_IV), with GLPK's output
// captured into guard.log.
// Row `row` (1-based) >=, <= or == rhs.
inline void setRowBounds(glp_prob* P, int row, RowType type, double rhs) {
    switch (type) {
        case RowType::AtLeast:
            glp_set_row_bnds(P, row, GLP_LO, rhs, 0.0);
            return;
        case RowType::AtMost:
            glp_set_row_bnds(P, row, GLP_UP, 0.0, rhs);
            return;
        case RowType::Equal:
            glp_set_row_bnds(P, row, GLP_FX, rhs, rhs);
            return;
    }
}

inline void loadModel(glp_prob* P, const SparseModel& m, Guard& guard) {
    glp_term_hook(termHook, &guard);
    glp_set_obj_dir(P, GLP_MIN);
    const int nCols = static_cast<int>(m.lower.size());
    glp_add_cols(P, nCols);
    for (int j = 0; j < nCols; ++j) {
        const auto uj = static_cast<std::size_t>(j);
        glp_set_col_bnds(P, j + 1, m.lower[uj] == m.upper[uj] ? GLP_FX : GLP_DB, m.lower[uj], m.upper[uj]);
        glp_set_obj_coef(P, j + 1, m.cost[uj]);
        if (m.integer[uj]) glp_set_col_kind(P, j + 1, GLP_IV);
    }
    const int nRows = static_cast<int>(m.rowType.size());
    if (nRows > 0) {
        glp_add_rows(P, nRows);
        for (int i = 0; i < nRows; ++i) {
            const auto ui = static_cast<std::size_t>(i);
            setRowBounds(P, i + 1, m.rowType[ui], m.rhs[ui]);
        }
        std::vector<int> ia{0}, ja{0};
        std::vector<double> ar{0.0};
        ia.insert(ia.end(), m.ia.begin(), m.ia.end());
        ja.insert(ja.end(), m.ja.begin(), m.ja.end());
        ar.insert(ar.end(), m.ar.begin(), m.ar.end());
        glp_load_matrix(P, static_cast<int>(m.ar.size()), ia.data(), ja.data(), ar.data());
    }
    glp_term_hook(nullptr, nullptr);
}

}  // namespace veil::detail::glpk
