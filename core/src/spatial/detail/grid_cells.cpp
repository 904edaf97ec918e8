#include "grid_cells.h"

#include <algorithm>
#include <string>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

namespace veil::spatial::detail {

Status checkDataResolution(std::size_t columns, std::size_t rows) {
    if ((columns == 0) != (rows == 0))
        return Status::invalidArgument("declare both data columns and data rows, or neither (got " +
                                       std::to_string(columns) + " x " + std::to_string(rows) + ")");
    return Status::ok();
}

namespace {

constexpr double kEdgeLow = 1e-6, kEdgeHigh = 1.0 - 1e-6;  // unitOf's test

// Scalar form of unitsOfPoints from point `first` on; returns whether a point was near an edge.
bool unitsOfPointsScalar(const GridAxis& ax, const GridAxis& ay, const double* x, const double* y, std::size_t first,
                         std::size_t n, std::uint32_t* out) {
    const double xLast = double(ax.units - 1), yLast = double(ay.units - 1);
    int nearEdge = 0;
    for (std::size_t i = first; i < n; ++i) {
        const double tx = (x[i] - ax.a) * ax.unitScale, ty = (y[i] - ay.a) * ay.unitScale;
        const auto ux = static_cast<std::int32_t>(std::min(std::max(tx, 0.0), xLast));
        const auto uy = static_cast<std::int32_t>(std::min(std::max(ty, 0.0), yLast));
        const double fx = tx - double(ux), fy = ty - double(uy);
        nearEdge |= int(fx < kEdgeLow) | int(fx > kEdgeHigh) | int(fy < kEdgeLow) | int(fy > kEdgeHigh);
        out[i] = static_cast<std::uint32_t>(uy) * static_cast<std::uint32_t>(ax.units) + static_cast<std::uint32_t>(ux);
    }
    return nearEdge != 0;
}

}  // namespace

bool unitsOfPoints(const GridAxis& ax, const GridAxis& ay, const double* x, const double* y, std::size_t n,
                   std::uint32_t* out) {
    std::size_t i = 0;
#if defined(__SSE2__)
    // Two points per step: the same operations as the scalar form, lane by lane (the row-major
    // index is computed in doubles, exact below 2^22 units).
    const __m128d xa = _mm_set1_pd(ax.a), xs = _mm_set1_pd(ax.unitScale), xLast = _mm_set1_pd(double(ax.units - 1));
    const __m128d ya = _mm_set1_pd(ay.a), ys = _mm_set1_pd(ay.unitScale), yLast = _mm_set1_pd(double(ay.units - 1));
    const __m128d zero = _mm_setzero_pd(), width = _mm_set1_pd(double(ax.units));
    const __m128d low = _mm_set1_pd(kEdgeLow), high = _mm_set1_pd(kEdgeHigh);
    __m128d nearEdge = _mm_setzero_pd();
    for (; i + 2 <= n; i += 2) {
        const __m128d tx = _mm_mul_pd(_mm_sub_pd(_mm_loadu_pd(x + i), xa), xs);
        const __m128d ty = _mm_mul_pd(_mm_sub_pd(_mm_loadu_pd(y + i), ya), ys);
        const __m128d ux = _mm_cvtepi32_pd(_mm_cvttpd_epi32(_mm_min_pd(_mm_max_pd(tx, zero), xLast)));
        const __m128d uy = _mm_cvtepi32_pd(_mm_cvttpd_epi32(_mm_min_pd(_mm_max_pd(ty, zero), yLast)));
        const __m128d fx = _mm_sub_pd(tx, ux), fy = _mm_sub_pd(ty, uy);
        nearEdge = _mm_or_pd(nearEdge, _mm_or_pd(_mm_or_pd(_mm_cmplt_pd(fx, low), _mm_cmpgt_pd(fx, high)),
                                                 _mm_or_pd(_mm_cmplt_pd(fy, low), _mm_cmpgt_pd(fy, high))));
        const __m128i unit = _mm_cvttpd_epi32(_mm_add_pd(_mm_mul_pd(uy, width), ux));
        _mm_storel_epi64(reinterpret_cast<__m128i*>(out + i), unit);
    }
    if (_mm_movemask_pd(nearEdge) != 0) return false;
#endif
    return !unitsOfPointsScalar(ax, ay, x, y, i, n, out);
}

std::vector<std::uint32_t> countPointsByUnit(const PointSet& points, const GridAxis& ax, const GridAxis& ay) {
    if (double(ax.units) * double(ay.units) > kMaxCountedUnits) return {};
    std::vector<std::uint32_t> counts(ax.units * ay.units, 0);
    RunCounter run(counts.data());
    constexpr std::size_t kBlock = 256;
    std::uint32_t units[kBlock];
    for (std::size_t first = 0; first < points.size(); first += kBlock) {
        const std::size_t n = std::min(kBlock, points.size() - first);
        if (unitsOfPoints(ax, ay, points.x.data() + first, points.y.data() + first, n, units)) {
            for (std::size_t i = 0; i < n; ++i) run.add(units[i]);
            continue;
        }
        for (std::size_t i = first; i < first + n; ++i)
            run.add(ay.unitOf(points.y[i]) * ax.units + ax.unitOf(points.x[i]));
    }
    run.flush();
    return counts;
}

std::vector<std::uint32_t> cellsOfUnits(const GridAxis& axis) {
    std::vector<std::uint32_t> cells(axis.span);
    for (std::size_t local = 0, cell = 0; local < axis.span; ++local) {
        if (local > 0 && local % axis.per == 0) ++cell;
        cells[local] = static_cast<std::uint32_t>(std::min(cell, axis.count - 1));
    }
    return cells;
}

Status LevelNoise::noiseNodes(std::vector<PsdNode>& nodes, std::size_t first) const {
    std::vector<double> counts;
    counts.reserve(nodes.size() - std::min(first, nodes.size()));
    for (std::size_t i = first; i < nodes.size(); ++i) counts.push_back(nodes[i].trueCount);
    if (!nonPrivate) VEIL_RETURN_IF_ERROR(mech.releaseInPlace(*ctx->random, counts));
    for (std::size_t i = first; i < nodes.size(); ++i) nodes[i].noisyCount = nodes[i].estimate = counts[i - first];
    return Status::ok();
}

}  // namespace veil::spatial::detail
