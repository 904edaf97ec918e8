// Optimal local suppression as an integer program (the model is in
// docs/algorithms/local-suppression.md): s[i][c] = 1 when cell (i, c) is suppressed; for each pair
// of records that differ somewhere, y[i][j] in [0, 1] with y <= s[i][c] + s[j][c] on every column
// c where both cells are kept and differ, so y can be 1 only when the pair matches; every record
// needs sum_j y[i][j] >= k - 1 - (records that match it whatever is suppressed). Minimise sum s.
#include "anonymity/detail/suppression_program.h"

#include "anonymity/detail/glpk_mip.h"

#include <cmath>

namespace veil::anonymity::detail {

bool withinRecordLimit(std::size_t records, const LocalSuppressionOptions& options, SuppressionProgramResult& out) {
    if (records <= options.maxRecords) return true;
    out.message = "the optimal local suppression is limited to " + std::to_string(options.maxRecords) +
                  " records, the table has " + std::to_string(records);
    return false;
}

Result<std::vector<double>> solveSuppressionProgram(GlpkMip& mip, const std::vector<double>& start,
                                                    const LocalSuppressionOptions& options, const RunContext& ctx,
                                                    SuppressionProgramResult& out) {
    auto sol = mip.solve(options.timeLimitSeconds, ctx, start);
    if (!sol) return sol.status();
    const std::string size =
        std::to_string(mip.columnCount()) + " variables, " + std::to_string(mip.rowCount()) + " constraints";
    if (sol->outcome == GlpkMip::Outcome::NoSolution) {
        out.message = "GLPK found no solution within " + std::to_string(options.timeLimitSeconds) + " s (" + size + ")";
        return std::vector<double>{};
    }
    out.solved = true;
    out.provenOptimal = sol->outcome == GlpkMip::Outcome::Optimal;
    out.lowerBound = sol->bound;
    out.message = out.provenOptimal ? "optimal (" + size + ")"
                                    : "the time limit of " + std::to_string(options.timeLimitSeconds) +
                                          " s stopped GLPK before it proved optimality (" + size + ")";
    return std::move(sol->x);
}

Result<SuppressionProgramResult> optimalSuppression(const std::vector<std::vector<std::uint32_t>>& cols,
                                                    const std::vector<std::vector<std::uint32_t>>& incumbent,
                                                    const LocalSuppressionOptions& options, const RunContext& ctx) {
    SuppressionProgramResult out;
    const std::size_t n = cols[0].size(), m = cols.size();
    if (!withinRecordLimit(n, options, out)) return out;
    // Size first: one row per differing cell of every pair, one per record.
    std::size_t rows = n;
    for (std::size_t i = 0; i < n; ++i)
        for (std::size_t j = i + 1; j < n; ++j)
            for (std::size_t c = 0; c < m; ++c)
                if (cols[c][i] != kSuppressedCell && cols[c][j] != kSuppressedCell && cols[c][i] != cols[c][j]) ++rows;
    if (rows > options.maxRows) {
        out.message = "the optimal local suppression program would have " + std::to_string(rows) +
                      " constraints, more than the limit of " + std::to_string(options.maxRows);
        return out;
    }
    GlpkMip mip;
    std::vector<std::vector<int>> cell(m, std::vector<int>(n, -1));
    for (std::size_t c = 0; c < m; ++c)
        for (std::size_t i = 0; i < n; ++i)
            if (cols[c][i] != kSuppressedCell) cell[c][i] = mip.addColumn(0, 1, 1, true);
    std::vector<double> start(mip.columnCount(), 0.0);
    for (std::size_t c = 0; c < m; ++c)
        for (std::size_t i = 0; i < n; ++i)
            if (cell[c][i] >= 0 && incumbent[c][i] == kSuppressedCell) start[std::size_t(cell[c][i])] = 1.0;
    std::vector<std::vector<int>> pairCols(n);      // y columns of record i
    std::vector<std::size_t> alwaysMatching(n, 0);  // pairs with no differing kept cell
    for (std::size_t i = 0; i < n; ++i) {
        if (ctx.cancelled()) return Status::cancelled();
        for (std::size_t j = i + 1; j < n; ++j) {
            int y = -1;
            for (std::size_t c = 0; c < m; ++c) {
                if (cell[c][i] < 0 || cell[c][j] < 0 || cols[c][i] == cols[c][j]) continue;
                if (y < 0) {
                    y = mip.addColumn(0, 1, 0, false);
                    bool match = true;
                    for (std::size_t e = 0; e < m; ++e)
                        match = match && (incumbent[e][i] == kSuppressedCell || incumbent[e][j] == kSuppressedCell ||
                                          incumbent[e][i] == incumbent[e][j]);
                    start.push_back(match ? 1.0 : 0.0);
                }
                mip.addRow({y, cell[c][i], cell[c][j]}, {1.0, -1.0, -1.0}, GlpkMip::RowType::AtMost, 0.0);
            }
            if (y < 0) {
                ++alwaysMatching[i];
                ++alwaysMatching[j];
            } else {
                pairCols[i].push_back(y);
                pairCols[j].push_back(y);
            }
        }
    }
    for (std::size_t i = 0; i < n; ++i) {
        const double need = double(options.k) - 1.0 - double(alwaysMatching[i]);
        if (need <= 0) continue;
        mip.addRow(pairCols[i], std::vector<double>(pairCols[i].size(), 1.0), GlpkMip::RowType::AtLeast, need);
    }
    auto x = solveSuppressionProgram(mip, start, options, ctx, out);
    if (!x) return x.status();
    if (!out.solved) return out;
    out.columns = cols;
    for (std::size_t c = 0; c < m; ++c)
        for (std::size_t i = 0; i < n; ++i)
            if (cell[c][i] >= 0 && (*x)[std::size_t(cell[c][i])] > 0.5) out.columns[c][i] = kSuppressedCell;
    return out;
}

}  // namespace veil::anonymity::detail
