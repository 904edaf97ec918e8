// What the grid decompositions (uniform grid, AGrid) share: an axis cut into equal units grouped
// into cells, the check of a declared data resolution, one level's noisy counts, and placing the
// points cell by cell.
#pragma once

#include "veil/common/run_context.h"
#include "veil/dp/laplace_mechanism.h"
#include "veil/spatial/decomposition.h"
#include "veil/spatial/point_set.h"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <vector>

namespace veil::spatial::detail {

inline constexpr double kMaxCellsPerAxis = 1448.0;  // 2^21 cells

// A grid size from its real-valued rule x, rounded as DPComp does (`int(x - 1) + 1`, UG.py and
// AG.py): down, and never below `low` (a NaN gives `low`) nor above `high`.
inline std::size_t roundedGridSize(double x, double low, double high) {
    if (!(x >= low)) return static_cast<std::size_t>(low);
    return static_cast<std::size_t>(std::min(std::floor(x), high));
}

// `units` equal units over [a, b) (data cells, or grid cells when the data are continuous); a grid
// over `span` of them from unit `origin` (all of them, or the data cells of one coarser cell) groups
// them `per` to a cell: `count` cells, the last one possibly cut. A point's unit is decided by the
// same edges that bound the cells' rectangles, so a cell holds exactly the points its rectangle does.
struct GridAxis {
    double a = 0.0, b = 1.0;
    std::size_t units = 1;
    std::size_t origin = 0, span = 1;
    std::size_t per = 1, count = 1;
    double perInverse = 1.0;  // 1 / per: a point's cell without an integer division
    double unitScale = 1.0;   // units / (b - a): a point's unit (near an edge, the edges decide)

    static GridAxis over(double a, double b, std::size_t units, std::size_t per) {
        return GridAxis{
            a, b, units, 0, units, per, (units + per - 1) / per, 1.0 / double(per), double(units) / (b - a)};
    }
    // The units origin .. origin + span - 1 of this axis grouped `per` to a cell.
    GridAxis within(std::size_t first, std::size_t length, std::size_t cellUnits) const {
        GridAxis g = *this;
        g.origin = first;
        g.span = length;
        g.per = cellUnits;
        g.count = (length + cellUnits - 1) / cellUnits;
        g.perInverse = 1.0 / double(cellUnits);
        return g;
    }
    // The lower edge of unit u (b for u = units).
    double unitEdge(std::size_t u) const { return u >= units ? b : a + (b - a) * double(u) / double(units); }
    // The unit v falls in, clamped to the axis: from its position, and by the edges themselves when
    // it is within a millionth of a unit of one (or outside the axis).
    std::size_t unitOf(double v) const {
        const double t = (v - a) * unitScale;
        // Clamped with min/max and converted as a signed integer: no branch before the edge test.
        const auto u = static_cast<std::int64_t>(std::min(std::max(t, 0.0), double(units - 1)));
        const double frac = t - double(u);
        return frac >= 1e-6 && frac <= 1.0 - 1e-6 ? std::size_t(u) : unitByEdges(v, std::size_t(u));
    }
    // The unit of v found from the guess u by comparing v with the units' edges.
    [[gnu::noinline]] std::size_t unitByEdges(double v, std::size_t u) const {
        while (u > 0 && v < unitEdge(u)) --u;
        while (u + 1 < units && v >= unitEdge(u + 1)) ++u;
        return u;
    }
    // The cell of the unit `origin + local`: local / per from the rounded reciprocal (off by at most
    // one below 2^21 units), corrected.
    std::size_t cellOfUnit(std::size_t local) const {
        auto q = static_cast<std::size_t>(double(local) * perInverse);
        if (q * per > local)
            --q;
        else if ((q + 1) * per <= local)
            ++q;
        return std::min(count - 1, q);
    }
    // The cell of v, clamped to this grid's units.
    std::size_t cellOf(double v) const {
        const std::size_t u = std::clamp(unitOf(v), origin, origin + span - 1);
        return cellOfUnit(u - origin);
    }
    // The first unit of cell k (cell k holds firstUnit(k) .. firstUnit(k + 1) - 1).
    std::size_t firstUnit(std::size_t k) const { return origin + std::min(k * per, span); }
    double edge(std::size_t k) const { return unitEdge(firstUnit(k)); }
    std::size_t unitsIn(std::size_t k) const { return std::min((k + 1) * per, span) - k * per; }
};

// Counts into `counts`, a run of equal indices at a time: points listed cell by cell (data made of
// cell centres, sorted exports) would otherwise wait on the previous increment of the same counter.
// Call flush() after the last add.
class RunCounter {
public:
    explicit RunCounter(std::uint32_t* counts) : m_counts(counts) {}
    void add(std::size_t index) {
        if (index == m_index) {
            ++m_run;
            return;
        }
        flush();
        m_index = index;
        m_run = 1;
    }
    void flush() {
        if (m_run > 0) m_counts[m_index] += m_run;
        m_run = 0;
    }

private:
    std::uint32_t* m_counts;
    std::size_t m_index = 0;
    std::uint32_t m_run = 0;
};

// The points counted once per data cell (a unit of both axes), row-major: every cell of a grid
// aligned to the data cells is a block of them, so its count is theirs summed. Empty when there are
// more than kMaxCountedUnits data cells (then place the points cell by cell).
inline constexpr double kMaxCountedUnits = double(1 << 22);
std::vector<std::uint32_t> countPointsByUnit(const PointSet& points, const GridAxis& ax, const GridAxis& ay);

// The data cells of points (x[i], y[i]), i < n, row-major (y unit * x.units + x unit), as unitOf
// finds them; false (and `out` partly written) when one of them is within a millionth of a unit of
// an edge or outside the axes, where unitOf decides by the edges. Both axes have at most
// kMaxCountedUnits units. The positions are worked out several points at a time, without a branch:
// `kernel` Best takes AVX2 where the processor has it, else SSE2 (the others are for tests).
enum class UnitsKernel { Best, Sse2, Scalar };
bool unitsOfPoints(const GridAxis& ax, const GridAxis& ay, const double* x, const double* y, std::size_t n,
                   std::uint32_t* out, UnitsKernel kernel = UnitsKernel::Best);

// cellOfUnit(local) for every local unit of the axis (0 .. span - 1): loops over data cells then
// look their cell up instead of dividing.
std::vector<std::uint32_t> cellsOfUnits(const GridAxis& axis);

// Both data columns and rows declared, or neither.
Status checkDataResolution(std::size_t columns, std::size_t rows);

// Noisy counts at one level (exact in the non-private baseline).
struct LevelNoise {
    bool nonPrivate = false;
    const RunContext* ctx = nullptr;
    dp::LaplaceMechanism mech;
    double epsilon = 0.0;

    // Noisy counts and estimates of nodes[first..] from their true counts, drawn as one block
    // (LaplaceMechanism::releaseInPlace).
    Status noiseNodes(std::vector<PsdNode>& nodes, std::size_t first) const;
    double variance() const { return nonPrivate ? 0.0 : 2.0 * mech.scale() * mech.scale(); }
};

// Each cell's first point, plus the end: the prefix sums of the points' cells (`cellOf(x, y)` in
// 0..cells-1). When `place` is set the points are also ordered so that each cell's are contiguous
// (a counting sort) into psd.pointX/pointY; otherwise they are only counted, without a per-point
// array (a release keeps no points). O(points + cells).
template <typename CellOf>
std::vector<std::uint32_t> groupPointsByCell(const PointSet& points, std::size_t cells, const CellOf& cellOf,
                                             bool place, PrivateSpatialDecomposition& psd) {
    std::vector<std::uint32_t> start(cells + 1, 0);
    std::uint32_t* count = start.data() + 1;
    const std::size_t n = points.size();
    std::vector<std::uint32_t> cell(place ? n : 0);
    RunCounter run(count);
    if constexpr (requires(std::uint32_t * out) { cellOf.keys(points.x.data(), points.y.data(), n, out); }) {
        // A key with a block form (QuadLeafKey::keys): the cells of kBlock points at a time.
        std::uint32_t block[CellOf::kBlock];
        for (std::size_t first = 0; first < n; first += CellOf::kBlock) {
            const std::size_t m = std::min(CellOf::kBlock, n - first);
            std::uint32_t* keys = place ? cell.data() + first : block;
            cellOf.keys(points.x.data() + first, points.y.data() + first, m, keys);
            for (std::size_t i = 0; i < m; ++i) run.add(keys[i]);
        }
    } else {
        for (std::size_t i = 0; i < n; ++i) {
            const auto c = static_cast<std::uint32_t>(cellOf(points.x[i], points.y[i]));
            run.add(c);
            if (place) cell[i] = c;
        }
    }
    run.flush();
    for (std::size_t c = 0; c < cells; ++c) start[c + 1] += start[c];
    if (!place) return start;
    psd.pointX.resize(n);
    psd.pointY.resize(n);
    std::vector<std::uint32_t> cursor(start.begin(), start.end() - 1);
    for (std::size_t i = 0; i < n; ++i) {
        const std::uint32_t at = cursor[cell[i]]++;
        psd.pointX[at] = points.x[i];
        psd.pointY[at] = points.y[i];
    }
    return start;
}

}  // namespace veil::spatial::detail
