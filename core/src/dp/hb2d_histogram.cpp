// HB2D: a b x b-ary hierarchy of Laplace counts over a 2-D grid with Qardaji, Yang, Li's branching
// and Hay et al.'s constrained inference (Qardaji, Yang, Li, PVLDB 2013, Sec. 5). docs/algorithms/hb2d.md.
#include "veil/dp/hb2d.h"

#include "dp/detail/histogram_strategies.h"

#include "veil/common/validate.h"
#include "veil/dp/laplace_mechanism.h"

#include <algorithm>
#include <vector>

namespace veil::dp {

std::size_t hb2dHeight(std::size_t side, std::size_t b) {
    std::size_t h = 0;
    for (std::size_t reach = 1; reach < side; reach *= b) ++h;
    return h;
}

std::size_t hb2dBranching(std::size_t side) {
    std::size_t best = 2, bestScore = 0;
    for (std::size_t b = 2; b <= std::max<std::size_t>(2, side); ++b) {
        const std::size_t h = hb2dHeight(side, b), score = b * h * h;
        if (b == 2 || score < bestScore) best = b, bestScore = score;
    }
    return best;
}

namespace detail {
namespace {

// Position of cell (r, c) of a b^h x b^h grid in the base-b Morton order: digit k (base b^2) of
// the index is r_k b + c_k, so the b^2 children of node i of one level are nodes i b^2 .. i b^2 +
// b^2 - 1 of the level below, as hayConstrainedInference expects. The index is rowPart[r] +
// columnPart[c] (the digits of r and c add separately), worked out once per row and column.
struct MortonOrder {
    std::vector<std::size_t> rowPart, columnPart;
    MortonOrder(std::size_t rows, std::size_t columns, std::size_t b, std::size_t h)
        : rowPart(rows), columnPart(columns) {
        for (std::size_t r = 0; r < rows; ++r) rowPart[r] = b * spread(r, b, h);
        for (std::size_t c = 0; c < columns; ++c) columnPart[c] = spread(c, b, h);
    }
    std::size_t operator()(std::size_t r, std::size_t c) const { return rowPart[r] + columnPart[c]; }
    // x's base-b digits as base-b^2 digits.
    static std::size_t spread(std::size_t x, std::size_t b, std::size_t h) {
        std::size_t out = 0, place = 1;
        for (std::size_t k = 0; k < h; ++k, x /= b, place *= b * b) out += (x % b) * place;
        return out;
    }
};

// The grid padded with zero cells to side b^h (a public shape), released as max(h, 1) levels of
// nodes below the root (the root is not measured: its count is the sum of its children's), each
// level with epsilon / levels, then made consistent per subtree of the root.
Result<HistogramResult> releasePlanarTree(const HistogramRun& run, std::size_t b) {
    const std::size_t side = std::max(run.rows, run.columns), h = hb2dHeight(side, b), fan = b * b;
    std::size_t padded = 1;
    for (std::size_t k = 0; k < h; ++k) padded *= b;
    const std::size_t levels = std::max<std::size_t>(h, 1);  // each record is in one node per level
    auto lap = LaplaceMechanism::create(run.epsilon, double(levels));
    if (!lap) return lap.status();
    const MortonOrder morton(run.rows, run.columns, b, h);
    std::vector<std::vector<double>> truth(levels), noisy(levels);
    truth[0].assign(padded * padded, 0.0);
    for (std::size_t r = 0; r < run.rows; ++r)
        for (std::size_t c = 0; c < run.columns; ++c) truth[0][morton(r, c)] = run.counts[r * run.columns + c];
    for (std::size_t l = 1; l < levels; ++l) {
        truth[l].assign(truth[l - 1].size() / fan, 0.0);
        for (std::size_t i = 0; i < truth[l - 1].size(); ++i) truth[l][i / fan] += truth[l - 1][i];
    }
    for (std::size_t l = 0; l < levels; ++l) {
        if (run.ctx.cancelled()) return Status::cancelled();
        noisy[l] = truth[l];
        VEIL_RETURN_IF_ERROR(lap->releaseInPlace(*run.ctx.random, noisy[l]));
    }
    const auto leaves = hayConstrainedInference(noisy, fan);
    HistogramResult out;
    out.estimate.resize(run.rows * run.columns);
    for (std::size_t r = 0; r < run.rows; ++r)
        for (std::size_t c = 0; c < run.columns; ++c) out.estimate[r * run.columns + c] = leaves[morton(r, c)];
    out.noiseScale = lap->scale();
    out.consistent = true;
    out.description = std::to_string(b) + "x" + std::to_string(b) + "-ary hierarchy over " + std::to_string(padded) +
                      " x " + std::to_string(padded) + " cells, " + std::to_string(levels) + " levels, Laplace(" +
                      formatNumber(out.noiseScale) + ") per node, constrained inference";
    return out;
}

}  // namespace

HistogramStrategyEntry hb2dStrategy() {
    AlgorithmInfo info;
    info.family = "histogram";
    info.id = "hb2d";
    info.name = "HB2D (tuned 2-D hierarchy)";
    info.summary =
        "A consistent hierarchy of b x b-ary splits of a 2-D grid, b chosen for the grid size to minimise the "
        "range-query variance; 2-D histograms only";
    info.citation = "Qardaji, Yang, Li, PVLDB 2013";
    info.parameters = {
        {"branching",
         "Branching per axis b",
         "children per node and axis (b x b per node); 0 chooses b by the paper's variance formula",
         ParameterKind::Integer,
         0,
         1024,
         0,
         {}},
    };
    HistogramStrategyEntry entry{
        info, [](const HistogramRun& run) -> Result<HistogramResult> {
            if (run.rows == 0 || run.rows * run.columns != run.counts.size())
                return Status::invalidArgument("HB2D needs the declared 2-D shape of the grid");
            const auto given = std::size_t(run.options.integer("branching"));
            if (given == 1) return Status::invalidArgument("branching must be 0 (automatic) or at least 2 (got 1)");
            const std::size_t b = given != 0 ? given : hb2dBranching(std::max(run.rows, run.columns));
            return releasePlanarTree(run, b);
        }};
    entry.planar = true;
    return entry;
}

}  // namespace detail
}  // namespace veil::dp
