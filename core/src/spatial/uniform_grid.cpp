// Uniform grid (Qardaji, Yang, Li, ICDE 2013): m = sqrt(N eps / 10) cells per axis, or integer
// blocks of data cells aligned to them when the data's resolution is declared (DPComp's UGrid).
#include "veil/spatial/uniform_grid.h"

#include "veil/common/validate.h"
#include "veil/dp/laplace_mechanism.h"
#include "veil/spatial/consistency.h"

#include "detail/grid_cells.h"

#include <algorithm>
#include <cmath>
#include <string>
#include <tuple>

namespace veil::spatial {

namespace {

using detail::GridAxis;
using detail::kMaxCellsPerAxis;

}  // namespace

std::size_t uniformGridSize(double n, double epsilon, double c) {
    return detail::roundedGridSize(std::sqrt(std::max(0.0, n) * epsilon / c), 1.0, kMaxCellsPerAxis);
}

std::size_t alignedBlockSide(std::size_t columns, std::size_t rows, double targetCells) {
    std::size_t g = std::max(columns, rows);
    if (targetCells > 0.0 && std::isfinite(targetCells))
        g = detail::roundedGridSize(std::sqrt(double(columns) * double(rows) / targetCells), 1.0, double(g));
    auto blocks = [&](std::size_t side) {
        const std::size_t across = (columns + side - 1) / side, down = (rows + side - 1) / side;  // ceilings
        return double(across) * double(down);
    };
    while (blocks(g) > kMaxCellsPerAxis * kMaxCellsPerAxis) ++g;
    return g;
}

// The grid's axes: aligned g x g blocks of data cells when the resolution is declared, otherwise
// m x m equal cells; m or the target number of blocks from the noisy N unless given.
static std::tuple<GridAxis, GridAxis, std::string> gridAxes(const UniformGridOptions& o, const Rect& d, double noisyN) {
    if (o.dataColumns > 0) {
        const double target = o.cellsPerAxis > 0 ? double(o.cellsPerAxis) * double(o.cellsPerAxis)
                                                 : std::max(0.0, noisyN) * o.epsilon / o.sizeConstant;
        const std::size_t g = alignedBlockSide(o.dataColumns, o.dataRows, target);
        return {GridAxis::over(d.x0, d.x1, o.dataColumns, g), GridAxis::over(d.y0, d.y1, o.dataRows, g),
                ", blocks of " + std::to_string(g) + " x " + std::to_string(g) + " data cells"};
    }
    const std::size_t m = o.cellsPerAxis > 0 ? std::min<std::size_t>(o.cellsPerAxis, std::size_t(kMaxCellsPerAxis))
                                             : uniformGridSize(noisyN, o.epsilon, o.sizeConstant);
    return {GridAxis::over(d.x0, d.x1, m, 1), GridAxis::over(d.y0, d.y1, m, 1), ""};
}

Result<PrivateSpatialDecomposition> buildUniformGrid(const PointSet& points, const UniformGridOptions& o,
                                                     const RunContext& ctx) {
    VEIL_RETURN_IF_ERROR(requirePositiveFinite(o.epsilon, "epsilon"));
    VEIL_RETURN_IF_ERROR(requirePositiveFinite(o.sizeConstant, "grid size constant"));
    if (!(o.countFraction > 0.0 && o.countFraction < 1.0))
        return Status::invalidArgument("count fraction must be in (0, 1) (got " + formatNumber(o.countFraction) + ")");
    VEIL_RETURN_IF_ERROR(detail::checkDataResolution(o.dataColumns, o.dataRows));
    if (!o.nonPrivate && !ctx.random) return Status::invalidArgument("a private grid needs a random source");
    ctx.report(0.0, "Building uniform grid");
    PrivateSpatialDecomposition psd;
    psd.options.kind = TreeKind::UniformGrid;
    psd.options.epsilon = o.epsilon;
    psd.options.height = 1;
    psd.options.postprocess = o.postprocess;
    psd.options.nonPrivate = o.nonPrivate;
    psd.domain = points.domain;
    psd.pointCount = points.size();
    psd.warnings = points.warnings;
    const double epsRoot = o.epsilon * o.countFraction;
    const double epsCells = o.epsilon - epsRoot;
    psd.budget.total = o.epsilon;
    psd.budget.countByDepth = {epsRoot, epsCells};
    psd.budget.medianByDepth = {0.0, 0.0};
    psd.budget.countTotal = o.epsilon;
    psd.privacy.isPrivate = !o.nonPrivate;
    psd.privacy.epsilon = o.nonPrivate ? 0.0 : o.epsilon;
    auto rootMech = dp::LaplaceMechanism::create(epsRoot, 1.0);
    if (!rootMech) return rootMech.status();
    auto cellMech = dp::LaplaceMechanism::create(epsCells, 1.0);
    if (!cellMech) return cellMech.status();
    const detail::LevelNoise rootNoise{o.nonPrivate, &ctx, *rootMech, epsRoot};
    const detail::LevelNoise cellNoise{o.nonPrivate, &ctx, *cellMech, epsCells};

    psd.nodes.emplace_back();
    PsdNode& root = psd.nodes[0];
    root.rect = points.domain;
    root.trueCount = double(points.size());
    VEIL_RETURN_IF_ERROR(rootNoise.noiseNodes(psd.nodes, 0));
    root.countEpsilon = root.pathEpsilon = epsRoot;
    root.variance = rootNoise.variance();
    root.pointEnd = static_cast<std::uint32_t>(points.size());
    root.splitDim = 2;
    const Rect d = points.domain;
    const auto [ax, ay, shape] = gridAxes(o, d, root.noisyCount);
    const std::size_t mx = ax.count, my = ay.count;
    psd.privacy.mechanism = "uniform grid " + std::to_string(mx) + " x " + std::to_string(my) + shape +
                            ", Laplace counts" + (o.nonPrivate ? " (NON-PRIVATE baseline: exact counts)" : "");
    // The points cell by cell (row-major), so every cell's points are contiguous.
    const auto cellOf = [&, &cx = ax, &cy = ay](double x, double y) { return cy.cellOf(y) * mx + cx.cellOf(x); };
    const std::vector<std::uint32_t> start = detail::groupPointsByCell(points, mx * my, cellOf, o.keepPoints, psd);
    root.firstChild = 1;
    root.childCount = static_cast<std::int32_t>(mx * my);
    psd.nodes.reserve(mx * my + 1);  // `root` is not used after this (the vector may move)
    ProgressReporter progress(ctx, "Noisy grid counts", static_cast<long long>(my));
    for (std::size_t r = 0; r < my; ++r) {
        if (!progress.step(static_cast<long long>(r))) return Status::cancelled();
        for (std::size_t c = 0; c < mx; ++c) {
            PsdNode cell;
            cell.rect = Rect{ax.edge(c), ay.edge(r), ax.edge(c + 1), ay.edge(r + 1)};
            cell.depth = 1;
            cell.parent = 0;
            cell.pointBegin = start[r * mx + c];
            cell.pointEnd = start[r * mx + c + 1];
            cell.trueCount = double(cell.pointEnd - cell.pointBegin);
            cell.countEpsilon = epsCells;
            cell.pathEpsilon = epsRoot + epsCells;
            cell.variance = cellNoise.variance();
            psd.leaves.push_back(static_cast<std::int32_t>(psd.nodes.size()));
            psd.nodes.push_back(cell);
        }
    }
    VEIL_RETURN_IF_ERROR(cellNoise.noiseNodes(psd.nodes, 1));  // the cells, as one block
    progress.finish();
    if (o.postprocess) applyConsistency(psd);
    ctx.report(1.0, "Built uniform grid");
    return psd;
}

}  // namespace veil::spatial
