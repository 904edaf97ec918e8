// AGrid (Qardaji, Yang, Li, ICDE 2013, Sec. IV); cells aligned to declared data cells as DPComp's AG_engine.
#include "veil/spatial/adaptive_grid.h"

#include "veil/common/limits.h"
#include "veil/common/validate.h"
#include "veil/dp/laplace_mechanism.h"
#include "veil/spatial/uniform_grid.h"

#include "detail/grid_cells.h"

#include <algorithm>
#include <cmath>
#include <string>
#include <utility>

namespace veil::spatial {

namespace {

using detail::GridAxis;
using detail::LevelNoise;
constexpr double kMaxPerAxis = detail::kMaxCellsPerAxis;

using Axes = std::pair<GridAxis, GridAxis>;

// First level: m1 x m1 cells, or blocks of data cells aligned to them for about m1^2 cells.
Axes firstLevelAxes(const AdaptiveGridOptions& o, const Rect& d, std::size_t m1) {
    if (o.dataColumns > 0) {
        const std::size_t g = alignedBlockSide(o.dataColumns, o.dataRows, double(m1) * double(m1));
        return {GridAxis::over(d.x0, d.x1, o.dataColumns, g), GridAxis::over(d.y0, d.y1, o.dataRows, g)};
    }
    return {GridAxis::over(d.x0, d.x1, m1, 1), GridAxis::over(d.y0, d.y1, m1, 1)};
}

// Second level inside first-level cell (cx, cy): m2 x m2 cells, or aligned blocks of its data cells.
Axes secondLevelAxes(const AdaptiveGridOptions& o, const Axes& top, std::size_t cx, std::size_t cy, std::size_t m2) {
    const auto& [ax, ay] = top;
    if (o.dataColumns > 0) {
        const std::size_t nn = ax.unitsIn(cx), mm = ay.unitsIn(cy);
        const std::size_t g = alignedBlockSide(nn, mm, double(m2) * double(m2));
        return {ax.within(cx * ax.per, nn, g), ay.within(cy * ay.per, mm, g)};
    }
    const double x0 = ax.edge(cx), x1 = ax.edge(cx + 1), y0 = ay.edge(cy), y1 = ay.edge(cy + 1);
    return {GridAxis::over(x0, x1, m2, 1), GridAxis::over(y0, y1, m2, 1)};
}

Status validate(const AdaptiveGridOptions& o, const RunContext& ctx) {
    VEIL_RETURN_IF_ERROR(requirePositiveFinite(o.epsilon, "epsilon"));
    VEIL_RETURN_IF_ERROR(requirePositiveFinite(o.sizeConstant, "first-level constant c"));
    VEIL_RETURN_IF_ERROR(requirePositiveFinite(o.subdivideConstant, "second-level constant c2"));
    if (!(o.alpha > 0.0 && o.alpha < 1.0))
        return Status::invalidArgument("alpha must be in (0, 1) (got " + formatNumber(o.alpha) + ")");
    if (!(o.countFraction > 0.0 && o.countFraction < 1.0))
        return Status::invalidArgument("count fraction must be in (0, 1) (got " + formatNumber(o.countFraction) + ")");
    VEIL_RETURN_IF_ERROR(detail::checkDataResolution(o.dataColumns, o.dataRows));
    if (!o.nonPrivate && !ctx.random) return Status::invalidArgument("a private grid needs a random source");
    return Status::ok();
}

// A node without its noisy count (LevelNoise::noiseNodes adds the level's counts as one block).
PsdNode cellNode(const Rect& rect, int depth, std::int32_t parent, double trueCount, const LevelNoise& noise,
                 double pathEpsilon) {
    PsdNode n;
    n.rect = rect;
    n.depth = depth;
    n.parent = parent;
    n.trueCount = trueCount;
    n.countEpsilon = noise.epsilon;
    n.pathEpsilon = pathEpsilon;
    n.variance = noise.variance();
    return n;
}

}  // namespace

std::size_t adaptiveGridFirstLevel(double n, double epsilon, double c) {
    return detail::roundedGridSize(std::sqrt(std::max(0.0, n) * epsilon / c) / 4.0, 10.0, kMaxPerAxis);
}

std::size_t adaptiveGridSecondLevel(double noisy, double alpha, double epsilon, double c2) {
    if (!(noisy > 0.0)) return 1;
    return detail::roundedGridSize(std::sqrt(noisy * (1.0 - alpha) * epsilon / c2), 1.0, kMaxPerAxis);
}

double adaptiveGridInference(double v, std::vector<double>& u, double alpha) {
    const double k = double(u.size());
    double sum = 0.0;
    for (double x : u) sum += x;
    const double a2 = alpha * alpha * k, b2 = (1.0 - alpha) * (1.0 - alpha);
    const double refined = (a2 * v + b2 * sum) / (a2 + b2);
    for (double& x : u) x += (refined - sum) / k;
    return refined;
}

namespace {

// A point's first-level cell (row-major).
std::size_t firstLevelCell(const Axes& top, double x, double y) {
    return top.second.cellOf(y) * top.first.count + top.first.cellOf(x);
}

// Appends the first-level cells (nodes 1..K1, row-major) under the root, counted from the data
// cells' counts `units` when there are (countPointsByUnit), else point by point.
Status addFirstLevel(PrivateSpatialDecomposition& psd, const PointSet& points, const Axes& top,
                     const std::vector<std::uint32_t>& units, LevelNoise& noise, double pathEpsilon) {
    const auto& [ax, ay] = top;
    const std::size_t cells = ax.count * ay.count;
    std::vector<double> counts(cells, 0.0);
    if (!units.empty()) {
        const std::vector<std::uint32_t> column = detail::cellsOfUnits(ax), row = detail::cellsOfUnits(ay);
        for (std::size_t uy = 0, u = 0; uy < ay.units; ++uy) {
            double* counted = counts.data() + row[uy] * ax.count;
            for (std::size_t ux = 0; ux < ax.units; ++ux, ++u) counted[column[ux]] += double(units[u]);
        }
    } else {
        for (std::size_t i = 0; i < points.size(); ++i) counts[firstLevelCell(top, points.x[i], points.y[i])] += 1.0;
    }
    psd.nodes[0].firstChild = 1;
    psd.nodes[0].childCount = static_cast<std::int32_t>(cells);
    for (std::size_t r = 0; r < ay.count; ++r)
        for (std::size_t c = 0; c < ax.count; ++c) {
            const Rect rect{ax.edge(c), ay.edge(r), ax.edge(c + 1), ay.edge(r + 1)};
            psd.nodes.push_back(cellNode(rect, 1, 0, counts[r * ax.count + c], noise, pathEpsilon));
            psd.nodes.back().splitDim = 2;
        }
    return noise.noiseNodes(psd.nodes, 1);
}

// Each leaf's first point plus the end (groupPointsByCell; the points placed when kept). Aligned to
// data cells, a leaf is a block of the data cells of its cell: a data cell's leaf is found once
// (the cell's first data cell subtracted), and without kept points the leaves are counted from
// the data cells' counts.
std::vector<std::uint32_t> groupByLeaf(PrivateSpatialDecomposition& psd, const PointSet& points,
                                       const AdaptiveGridOptions& o, const Axes& top, const std::vector<Axes>& sub,
                                       const std::vector<std::uint32_t>& leafOffset,
                                       const std::vector<std::uint32_t>& units) {
    const GridAxis &ax = top.first, &ay = top.second;  // named: lambdas below capture them
    const std::size_t leaves = leafOffset.back();
    if (units.empty()) {  // continuous, or too many data cells to count
        const auto leafOf = [&](double x, double y) {
            const std::size_t k = firstLevelCell(top, x, y);
            const auto& [sx, sy] = sub[k];
            return leafOffset[k] + sy.cellOf(y) * sx.count + sx.cellOf(x);
        };
        return detail::groupPointsByCell(points, leaves, leafOf, o.keepPoints, psd);
    }
    // Every leaf's block of data cells labelled with the leaf: cell k's leaf (r, c) holds the data
    // cells of its sub-axes' cells r and c.
    std::vector<std::uint32_t> leafOfUnit(units.size());
    for (std::size_t k = 0; k < sub.size(); ++k) {
        const auto& [sx, sy] = sub[k];
        for (std::size_t r = 0; r < sy.count; ++r)
            for (std::size_t uy = sy.firstUnit(r); uy < sy.firstUnit(r + 1); ++uy) {
                std::uint32_t* leafOf = leafOfUnit.data() + uy * ax.units;
                for (std::size_t c = 0; c < sx.count; ++c)
                    std::fill(leafOf + sx.firstUnit(c), leafOf + sx.firstUnit(c + 1),
                              leafOffset[k] + static_cast<std::uint32_t>(r * sx.count + c));
            }
    }
    if (o.keepPoints)
        return detail::groupPointsByCell(
            points, leaves, [&](double x, double y) { return leafOfUnit[ay.unitOf(y) * ax.units + ax.unitOf(x)]; },
            true, psd);
    std::vector<std::uint32_t> start(leaves + 1, 0);
    for (std::size_t u = 0; u < units.size(); ++u) start[leafOfUnit[u] + 1] += units[u];
    for (std::size_t l = 0; l < leaves; ++l) start[l + 1] += start[l];
    return start;
}

// Cuts every first-level cell into m2 x m2 leaves by its noisy count (m2 capped so that the grid
// keeps at most kMaxPsdLeaves leaves) and orders the points leaf by leaf.
Status addSecondLevel(PrivateSpatialDecomposition& psd, const PointSet& points, const AdaptiveGridOptions& o,
                      const Axes& top, const std::vector<std::uint32_t>& units, LevelNoise& noise,
                      const RunContext& ctx) {
    const std::size_t cells = top.first.count * top.second.count;
    const double cap = std::max(1.0, std::floor(std::sqrt(limits::kMaxPsdLeaves / 4.0 / double(cells))));
    std::vector<Axes> sub(cells);
    std::vector<std::uint32_t> leafOffset(cells + 1, 0);  // first leaf of each cell, from 0
    for (std::size_t k = 0; k < cells; ++k) {
        const std::size_t m2 = std::min<std::size_t>(
            std::size_t(cap),
            adaptiveGridSecondLevel(psd.nodes[k + 1].noisyCount, o.alpha, o.epsilon, o.subdivideConstant));
        sub[k] = secondLevelAxes(o, top, k % top.first.count, k / top.first.count, m2);
        leafOffset[k + 1] = leafOffset[k] + static_cast<std::uint32_t>(sub[k].first.count * sub[k].second.count);
    }
    const std::size_t leaves = leafOffset[cells];
    const std::vector<std::uint32_t> start = groupByLeaf(psd, points, o, top, sub, leafOffset, units);
    psd.nodes.reserve(psd.nodes.size() + leaves);
    const std::size_t firstLeaf = psd.nodes.size();
    ProgressReporter progress(ctx, "Noisy sub-cells", static_cast<long long>(cells));
    for (std::size_t k = 0; k < cells; ++k) {
        if (!progress.step(static_cast<long long>(k))) return Status::cancelled();
        const auto& [sx, sy] = sub[k];
        const double path = psd.nodes[k + 1].pathEpsilon + noise.epsilon;
        psd.nodes[k + 1].firstChild = static_cast<std::int32_t>(psd.nodes.size());
        psd.nodes[k + 1].childCount = static_cast<std::int32_t>(sx.count * sy.count);
        psd.nodes[k + 1].pointBegin = start[leafOffset[k]];
        psd.nodes[k + 1].pointEnd = start[leafOffset[k + 1]];
        for (std::size_t r = 0; r < sy.count; ++r)
            for (std::size_t c = 0; c < sx.count; ++c) {
                const std::size_t l = leafOffset[k] + r * sx.count + c;
                const Rect rect{sx.edge(c), sy.edge(r), sx.edge(c + 1), sy.edge(r + 1)};
                psd.leaves.push_back(static_cast<std::int32_t>(psd.nodes.size()));
                psd.nodes.push_back(
                    cellNode(rect, 2, std::int32_t(k + 1), double(start[l + 1] - start[l]), noise, path));
                psd.nodes.back().pointBegin = start[l];
                psd.nodes.back().pointEnd = start[l + 1];
            }
    }
    VEIL_RETURN_IF_ERROR(noise.noiseNodes(psd.nodes, firstLeaf));  // every leaf, as one block
    progress.finish();
    return Status::ok();
}

// The paper's inference in every first-level cell; the root becomes the sum of the refined cells.
void inferLevels(PrivateSpatialDecomposition& psd, double alpha) {
    if (!psd.privacy.isPrivate) {
        for (auto& n : psd.nodes) n.estimate = n.trueCount;
        psd.postProcessed = true;
        return;
    }
    PsdNode& root = psd.nodes[0];
    double total = 0.0;
    std::vector<double> u;
    for (std::int32_t k = root.firstChild; k < root.firstChild + root.childCount; ++k) {
        PsdNode& cell = psd.nodes[std::size_t(k)];
        u.clear();
        for (std::int32_t c = cell.firstChild; c < cell.firstChild + cell.childCount; ++c)
            u.push_back(psd.nodes[std::size_t(c)].noisyCount);
        cell.estimate = adaptiveGridInference(cell.noisyCount, u, alpha);
        for (std::int32_t c = 0; c < cell.childCount; ++c)
            psd.nodes[std::size_t(cell.firstChild) + std::size_t(c)].estimate = u[std::size_t(c)];
        total += cell.estimate;
    }
    root.estimate = total;
    psd.postProcessed = true;
}

}  // namespace

Result<PrivateSpatialDecomposition> buildAdaptiveGrid(const PointSet& points, const AdaptiveGridOptions& o,
                                                      const RunContext& ctx) {
    VEIL_RETURN_IF_ERROR(validate(o, ctx));
    ctx.report(0.0, "Building adaptive grid");
    const double epsN = o.epsilon * o.countFraction, epsCells = o.epsilon - epsN;
    const double eps1 = o.alpha * epsCells, eps2 = epsCells - eps1;
    auto mechN = dp::LaplaceMechanism::create(epsN, 1.0);
    auto mech1 = dp::LaplaceMechanism::create(eps1, 1.0);
    auto mech2 = dp::LaplaceMechanism::create(eps2, 1.0);
    if (!mechN || !mech1 || !mech2) return !mechN ? mechN.status() : !mech1 ? mech1.status() : mech2.status();
    LevelNoise noiseN{o.nonPrivate, &ctx, *mechN, epsN}, noise1{o.nonPrivate, &ctx, *mech1, eps1},
        noise2{o.nonPrivate, &ctx, *mech2, eps2};
    PrivateSpatialDecomposition psd;
    // The grid family's kind (TreeKind lists the shapes the views offer); privacy.mechanism names AGrid.
    psd.options.kind = TreeKind::UniformGrid;
    psd.options.epsilon = o.epsilon;
    psd.options.height = 2;
    psd.options.postprocess = o.postprocess;
    psd.options.nonPrivate = o.nonPrivate;
    psd.domain = points.domain;
    psd.pointCount = points.size();
    psd.warnings = points.warnings;
    psd.budget.total = psd.budget.countTotal = o.epsilon;
    psd.budget.countByDepth = {epsN, eps1, eps2};
    psd.budget.medianByDepth = {0.0, 0.0, 0.0};
    psd.privacy.isPrivate = !o.nonPrivate;
    psd.privacy.epsilon = o.nonPrivate ? 0.0 : o.epsilon;
    psd.nodes.push_back(cellNode(points.domain, 0, -1, double(points.size()), noiseN, epsN));
    VEIL_RETURN_IF_ERROR(noiseN.noiseNodes(psd.nodes, 0));
    psd.nodes[0].splitDim = 2;
    psd.nodes[0].pointEnd = static_cast<std::uint32_t>(points.size());
    const std::size_t m1 = o.firstLevelCells > 0
                               ? std::min<std::size_t>(o.firstLevelCells, std::size_t(kMaxPerAxis))
                               : adaptiveGridFirstLevel(psd.nodes[0].noisyCount, o.epsilon, o.sizeConstant);
    const Axes top = firstLevelAxes(o, points.domain, m1);
    const std::vector<std::uint32_t> units =
        o.dataColumns > 0 ? detail::countPointsByUnit(points, top.first, top.second) : std::vector<std::uint32_t>{};
    VEIL_RETURN_IF_ERROR(addFirstLevel(psd, points, top, units, noise1, epsN + eps1));
    VEIL_RETURN_IF_ERROR(addSecondLevel(psd, points, o, top, units, noise2, ctx));
    psd.privacy.mechanism = "adaptive grid " + std::to_string(top.first.count) + " x " +
                            std::to_string(top.second.count) + " (m1 " + std::to_string(m1) + "), " +
                            std::to_string(psd.leaves.size()) + " leaves, Laplace counts" +
                            (o.nonPrivate ? " (NON-PRIVATE baseline: exact counts)" : "");
    if (o.postprocess) inferLevels(psd, o.alpha);
    ctx.report(1.0, "Built adaptive grid");
    return psd;
}

}  // namespace veil::spatial
