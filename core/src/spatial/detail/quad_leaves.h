// A quadtree's leaves found without descending it: along each axis every node splits at the
// midpoint of its range, so the splits of all nodes of a depth are the same recursive midpoints of
// the domain, and a point's leaf column (row) is the number of those at or below its x (y).
#pragma once

#include "grid_cells.h"
#include "veil/spatial/point_set.h"

#include <algorithm>
#include <array>
#include <cstdint>
#include <vector>

namespace veil::spatial::detail {

// A quadtree node's children: its rectangle split at the midpoints ((lower + upper) / 2 of its own
// edges), in child order x bit 1, y bit 2 (x >= midpoint: right, y >= midpoint: top).
inline std::array<Rect, 4> quadrantsOf(const Rect& r) {
    const double mx = (r.x0 + r.x1) / 2.0, my = (r.y0 + r.y1) / 2.0;
    return {Rect{r.x0, r.y0, mx, my}, Rect{mx, r.y0, r.x1, my}, Rect{r.x0, my, mx, r.y1}, Rect{mx, my, r.x1, r.y1}};
}

// The 2^height + 1 edges of [a, b] halved `height` times exactly as a quadtree node computes its
// midpoint ((lower + upper) / 2 of its own edges): edges[0] = a, edges[2^height] = b.
std::vector<double> quadtreeEdges(double a, double b, int height);

// A point's leaf at depth `height` as the quadrant path from the root, two bits per level (most
// significant first), x bit 1 and y bit 2 as the tree's child order (x >= midpoint: right, y >=
// midpoint: top). Points outside the domain go where the comparisons send them, as in the tree.
// O(1) per point: a guess from the cell width, corrected against the edges.
class QuadLeafKey {
public:
    QuadLeafKey(const Rect& domain, int height);
    std::uint32_t operator()(double x, double y) const { return spreadIndex(m_x, x) | spreadIndex(m_y, y) << 1; }
    // The keys of points (x[i], y[i]), i < n <= kBlock, as operator() gives them. When the leaf
    // edges are those of equal units (GridAxis::unitEdge; so on power-of-two and integer domains)
    // the leaves are found as data cells are (unitsOfPoints), a block at a time.
    static constexpr std::size_t kBlock = 256;
    void keys(const double* x, const double* y, std::size_t n, std::uint32_t* out) const;
    bool equalUnits() const { return m_equalUnits; }

private:
    struct Axis {
        std::vector<double> edges;
        double scale = 1.0;
        std::size_t last = 0;  // the highest leaf index
    };
    static Axis axis(double a, double b, int height);
    // The number of interior edges (1 .. size-2) at or below v, its bits spread to the even ones.
    std::uint32_t spreadIndex(const Axis& axis, double v) const {
        const double* e = axis.edges.data();
        const double guess = (v - e[0]) * axis.scale;
        std::size_t g = guess > 0.0 ? static_cast<std::size_t>(std::min(guess, double(axis.last))) : 0;
        while (g > 0 && !(v >= e[g])) --g;
        while (g < axis.last && v >= e[g + 1]) ++g;
        return m_spread[g];
    }
    Axis m_x, m_y;
    std::vector<std::uint32_t> m_spread;  // per leaf index
    int m_height = 0;
    bool m_equalUnits = false;  // every leaf edge of both axes is GridAxis::unitEdge's
    GridAxis m_unitsX, m_unitsY;
};

}  // namespace veil::spatial::detail
