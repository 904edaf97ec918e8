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

// `units` equal units over [a, b) (data cells, or grid cells when the data are continuous) grouped
// `per` to a cell; `count` cells, the last one possibly cut.
struct GridAxis {
    double a = 0.0, b = 1.0;
    std::size_t units = 1, per = 1, count = 1;

    static GridAxis over(double a, double b, std::size_t units, std::size_t per) {
        return GridAxis{a, b, units, per, (units + per - 1) / per};
    }
    std::size_t cellOf(double v) const {
        const double u = std::clamp((v - a) / (b - a) * double(units), 0.0, double(units - 1));
        return std::min(count - 1, static_cast<std::size_t>(u) / per);
    }
    double edge(std::size_t k) const {
        const std::size_t u = std::min(k * per, units);
        return u >= units ? b : a + (b - a) * double(u) / double(units);
    }
    std::size_t unitsIn(std::size_t k) const { return std::min((k + 1) * per, units) - k * per; }
};

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

// Orders the points so that each cell's are contiguous (counting sort by `cellOf`, one entry per
// point, cells 0..cells-1) into psd.pointX/pointY; returns each cell's first point, plus the end.
std::vector<std::uint32_t> placePointsByCell(const PointSet& points, const std::vector<std::uint32_t>& cellOf,
                                             std::size_t cells, PrivateSpatialDecomposition& psd);

}  // namespace veil::spatial::detail
