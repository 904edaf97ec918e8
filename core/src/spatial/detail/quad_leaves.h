// A quadtree's leaves found without descending it: along each axis every node splits at the
// midpoint of its range, so the splits of all nodes of a depth are the same recursive midpoints of
// the domain, and a point's leaf column (row) is the number of those at or below its x (y).
#pragma once

#include "veil/spatial/point_set.h"

#include <cstdint>
#include <vector>

namespace veil::spatial::detail {

// The 2^height + 1 edges of [a, b] halved `height` times exactly as a quadtree node computes its
// midpoint ((lower + upper) / 2 of its own edges): edges[0] = a, edges[2^height] = b.
std::vector<double> quadtreeEdges(double a, double b, int height);

// Per point, its leaf at depth `height` as the quadrant path from the root, two bits per level
// (most significant first), x bit 1 and y bit 2 as the tree's child order (x >= midpoint: right,
// y >= midpoint: top). Points outside the domain go where the comparisons send them, as in the tree.
// Complexity: O(points) (a guess from the cell width, corrected against the edges).
std::vector<std::uint32_t> quadtreeLeafKeys(const PointSet& points, int height);

}  // namespace veil::spatial::detail
