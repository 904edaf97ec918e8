// Uniform grid with the Qardaji, Yang, Li (ICDE 2013) size m = sqrt(N eps / 10).
#include "veil/spatial/uniform_grid.h"

#include "veil/common/validate.h"
#include "veil/dp/laplace_mechanism.h"
#include "veil/spatial/consistency.h"

#include <algorithm>
#include <cmath>

namespace veil::spatial {

std::size_t uniformGridSize(double n, double epsilon, double c) {
    const double m = std::ceil(std::sqrt(std::max(0.0, n) * epsilon / c));
    return static_cast<std::size_t>(std::clamp(m, 1.0, 1448.0));
}

Result<PrivateSpatialDecomposition> buildUniformGrid(const PointSet& points, const UniformGridOptions& o,
                                                     const RunContext& ctx) {
    VEIL_RETURN_IF_ERROR(requirePositiveFinite(o.epsilon, "epsilon"));
    VEIL_RETURN_IF_ERROR(requirePositiveFinite(o.sizeConstant, "grid size constant"));
    if (!(o.countFraction > 0.0 && o.countFraction < 1.0))
        return Status::invalidArgument("count fraction must be in (0, 1) (got " + formatNumber(o.countFraction) + ")");
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
    Status noiseStatus;
    auto noisy = [&](double v, const dp::LaplaceMechanism& m) {
        if (o.nonPrivate) return v;
        auto out = m.release(*ctx.random, v);
        if (!out) {
            noiseStatus = out.status();
            return 0.0;
        }
        return *out;
    };

    const double n = double(points.size());
    PsdNode root;
    root.rect = points.domain;
    root.trueCount = n;
    root.noisyCount = root.estimate = noisy(n, *rootMech);
    VEIL_RETURN_IF_ERROR(noiseStatus);
    root.countEpsilon = root.pathEpsilon = epsRoot;
    root.variance = o.nonPrivate ? 0.0 : 2.0 * rootMech->scale() * rootMech->scale();
    root.pointEnd = static_cast<std::uint32_t>(points.size());
    root.splitDim = 2;
    const std::size_t m = o.cellsPerAxis > 0 ? std::min<std::size_t>(o.cellsPerAxis, 1448)
                                             : uniformGridSize(root.noisyCount, o.epsilon, o.sizeConstant);
    psd.privacy.mechanism = "uniform grid " + std::to_string(m) + " x " + std::to_string(m) + ", Laplace counts" +
                            (o.nonPrivate ? " (NON-PRIVATE baseline: exact counts)" : "");
    const Rect d = points.domain;
    auto cellOf = [&](double v, double a, double b) {
        return static_cast<std::size_t>(std::clamp((v - a) / (b - a) * double(m), 0.0, double(m - 1)));
    };
    // Counting sort of the points by cell (row-major), so every cell's points are contiguous.
    std::vector<std::uint32_t> cellIndex(points.size());
    std::vector<std::uint32_t> start(m * m + 1, 0);
    for (std::size_t i = 0; i < points.size(); ++i) {
        cellIndex[i] =
            static_cast<std::uint32_t>(cellOf(points.y[i], d.y0, d.y1) * m + cellOf(points.x[i], d.x0, d.x1));
        ++start[cellIndex[i] + 1];
    }
    for (std::size_t c = 0; c < m * m; ++c) start[c + 1] += start[c];
    psd.pointX.resize(points.size());
    psd.pointY.resize(points.size());
    {
        std::vector<std::uint32_t> cursor(start.begin(), start.end() - 1);
        for (std::size_t i = 0; i < points.size(); ++i) {
            const std::uint32_t at = cursor[cellIndex[i]]++;
            psd.pointX[at] = points.x[i];
            psd.pointY[at] = points.y[i];
        }
    }
    root.firstChild = 1;
    root.childCount = static_cast<std::int32_t>(m * m);
    psd.nodes.reserve(m * m + 1);
    psd.nodes.push_back(root);
    ProgressReporter progress(ctx, "Noisy grid counts", static_cast<long long>(m));
    auto edge = [&](double a, double b, std::size_t k) { return k >= m ? b : a + (b - a) * double(k) / double(m); };
    for (std::size_t r = 0; r < m; ++r) {
        if (!progress.step(static_cast<long long>(r))) return Status::cancelled();
        for (std::size_t c = 0; c < m; ++c) {
            PsdNode cell;
            cell.rect =
                Rect{edge(d.x0, d.x1, c), edge(d.y0, d.y1, r), edge(d.x0, d.x1, c + 1), edge(d.y0, d.y1, r + 1)};
            cell.depth = 1;
            cell.parent = 0;
            cell.pointBegin = start[r * m + c];
            cell.pointEnd = start[r * m + c + 1];
            cell.trueCount = double(cell.pointEnd - cell.pointBegin);
            cell.noisyCount = cell.estimate = noisy(cell.trueCount, *cellMech);
            VEIL_RETURN_IF_ERROR(noiseStatus);
            cell.countEpsilon = epsCells;
            cell.pathEpsilon = epsRoot + epsCells;
            cell.variance = o.nonPrivate ? 0.0 : 2.0 * cellMech->scale() * cellMech->scale();
            psd.leaves.push_back(static_cast<std::int32_t>(psd.nodes.size()));
            psd.nodes.push_back(cell);
        }
    }
    progress.finish();
    if (o.postprocess) applyConsistency(psd);
    ctx.report(1.0, "Built uniform grid");
    return psd;
}

}  // namespace veil::spatial
