// A sparse linear or integer program as GLPK loads it (no GLPK types): columns in [lower, upper]
// with a cost (minimised) and an integrality flag, rows sum coef * x (>=, <= or ==) rhs as 1-based
// triplets. Shared by graph/detail/glpk_lp (LP with cutting planes) and anonymity/detail/glpk_mip
// (branch-and-cut); glpk_guard.h loads it into a GLPK problem.
#pragma once

#include <cstddef>
#include <vector>

namespace veil::detail::glpk {

enum class RowType { AtLeast, AtMost, Equal };

struct SparseModel {
    std::vector<double> lower, upper, cost;
    std::vector<char> integer;
    std::vector<RowType> rowType;
    std::vector<double> rhs;
    std::vector<int> ia, ja;  // 1-based triplets
    std::vector<double> ar;

    int addColumn(double lo, double hi, double c, bool isInteger = false) {
        lower.push_back(lo);
        upper.push_back(hi);
        cost.push_back(c);
        integer.push_back(isInteger ? 1 : 0);
        return static_cast<int>(lower.size()) - 1;
    }
    void addRow(const std::vector<int>& cols, const std::vector<double>& coefs, RowType type, double value) {
        const int row = static_cast<int>(rowType.size()) + 1;
        for (std::size_t i = 0; i < cols.size(); ++i) {
            ia.push_back(row);
            ja.push_back(cols[i] + 1);
            ar.push_back(coefs[i]);
        }
        rowType.push_back(type);
        rhs.push_back(value);
    }
    std::size_t columnCount() const { return lower.size(); }
    std::size_t rowCount() const { return rowType.size(); }
};

}  // namespace veil::detail::glpk
