#include "grid_cells.h"

#include <algorithm>
#include <string>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif
#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
#define VEIL_UNITS_AVX2 1
#include <immintrin.h>
#else
#define VEIL_UNITS_AVX2 0
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

#if defined(__SSE2__)
// Two points per step: the scalar form's operations lane by lane (the row-major index computed in
// doubles, exact below 2^22 units). Returns the points done; nearEdge as the scalar form's.
std::size_t unitsOfPointsSse2(const GridAxis& ax, const GridAxis& ay, const double* x, const double* y, std::size_t n,
                              std::uint32_t* out, bool& nearEdgeSeen) {
    const __m128d xa = _mm_set1_pd(ax.a), xs = _mm_set1_pd(ax.unitScale), xLast = _mm_set1_pd(double(ax.units - 1));
    const __m128d ya = _mm_set1_pd(ay.a), ys = _mm_set1_pd(ay.unitScale), yLast = _mm_set1_pd(double(ay.units - 1));
    const __m128d zero = _mm_setzero_pd(), width = _mm_set1_pd(double(ax.units));
    const __m128d low = _mm_set1_pd(kEdgeLow), high = _mm_set1_pd(kEdgeHigh);
    __m128d nearEdge = _mm_setzero_pd();
    std::size_t i = 0;
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
    nearEdgeSeen = _mm_movemask_pd(nearEdge) != 0;
    return i;
}
#endif

#if VEIL_UNITS_AVX2
// The same, four points per step, on processors with AVX2 (chosen at run time).
[[gnu::target("avx2")]] std::size_t unitsOfPointsAvx2(const GridAxis& ax, const GridAxis& ay, const double* x,
                                                      const double* y, std::size_t n, std::uint32_t* out,
                                                      bool& nearEdgeSeen) {
    const __m256d xa = _mm256_set1_pd(ax.a), xs = _mm256_set1_pd(ax.unitScale);
    const __m256d ya = _mm256_set1_pd(ay.a), ys = _mm256_set1_pd(ay.unitScale);
    const __m256d xLast = _mm256_set1_pd(double(ax.units - 1)), yLast = _mm256_set1_pd(double(ay.units - 1));
    const __m256d zero = _mm256_setzero_pd(), width = _mm256_set1_pd(double(ax.units));
    const __m256d low = _mm256_set1_pd(kEdgeLow), high = _mm256_set1_pd(kEdgeHigh);
    __m256d nearEdge = _mm256_setzero_pd();
    std::size_t i = 0;
    for (; i + 4 <= n; i += 4) {
        const __m256d tx = _mm256_mul_pd(_mm256_sub_pd(_mm256_loadu_pd(x + i), xa), xs);
        const __m256d ty = _mm256_mul_pd(_mm256_sub_pd(_mm256_loadu_pd(y + i), ya), ys);
        const __m256d ux = _mm256_cvtepi32_pd(_mm256_cvttpd_epi32(_mm256_min_pd(_mm256_max_pd(tx, zero), xLast)));
        const __m256d uy = _mm256_cvtepi32_pd(_mm256_cvttpd_epi32(_mm256_min_pd(_mm256_max_pd(ty, zero), yLast)));
        const __m256d fx = _mm256_sub_pd(tx, ux), fy = _mm256_sub_pd(ty, uy);
        const __m256d edgeX = _mm256_or_pd(_mm256_cmp_pd(fx, low, _CMP_LT_OQ), _mm256_cmp_pd(fx, high, _CMP_GT_OQ));
        const __m256d edgeY = _mm256_or_pd(_mm256_cmp_pd(fy, low, _CMP_LT_OQ), _mm256_cmp_pd(fy, high, _CMP_GT_OQ));
        nearEdge = _mm256_or_pd(nearEdge, _mm256_or_pd(edgeX, edgeY));
        const __m128i unit = _mm256_cvttpd_epi32(_mm256_add_pd(_mm256_mul_pd(uy, width), ux));
        _mm_storeu_si128(reinterpret_cast<__m128i*>(out + i), unit);
    }
    nearEdgeSeen = _mm256_movemask_pd(nearEdge) != 0;
    return i;
}

bool haveAvx2() {
    static const bool have = __builtin_cpu_supports("avx2");
    return have;
}
#endif

}  // namespace

bool unitsOfPoints(const GridAxis& ax, const GridAxis& ay, const double* x, const double* y, std::size_t n,
                   std::uint32_t* out, UnitsKernel kernel) {
    std::size_t done = 0;
    bool nearEdge = false;
#if VEIL_UNITS_AVX2
    if (kernel == UnitsKernel::Best && haveAvx2()) {
        done = unitsOfPointsAvx2(ax, ay, x, y, n, out, nearEdge);
        kernel = UnitsKernel::Scalar;  // for the tail
    }
#endif
#if defined(__SSE2__)
    if (kernel != UnitsKernel::Scalar) done = unitsOfPointsSse2(ax, ay, x, y, n, out, nearEdge);
#endif
    if (nearEdge) return false;
    return !unitsOfPointsScalar(ax, ay, x, y, done, n, out);
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
