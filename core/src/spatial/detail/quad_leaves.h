// A quadtree's leaves found without descending it: along each axis every node splits at the
// midpoint of its range, so the splits of all nodes of a depth are the same recursive midpoints of
// the domain, and a point's leaf column (row) is the number of those at or below its x (y).
#pragma once

#include "veil/spatial/point_set.h"

#include <algorithm>
#include <cstdint>
#include <vector>

namespace veil::spatial::detail {

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
};

}  // namespace veil::spatial::detail
