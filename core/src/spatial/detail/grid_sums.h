// Range counts on grid decompositions (the uniform grid, AGrid, a full consistent quadtree's leaves)
// through summed-area tables: a node
// whose children tile it as a row-major grid answers a rectangle from the table of its children's
// estimates (Crow, SIGGRAPH 1984) for the children inside it, and the children it cuts by the
// uniformity assumption (a leaf adds its estimate times the share of its area inside; Cormode et
// al. ICDE 2012 Sec. 3) or, when they have children of their own, by their own table. The answers
// are the tree walk's (PrivateSpatialDecomposition::privateRangeCount) up to floating-point
// rounding, in O(log cells) per query for the uniform grid and O(m1 log m2) for AGrid instead of
// O(cells).
#pragma once

#include "veil/spatial/decomposition.h"

#include <cstdint>
#include <optional>
#include <vector>

namespace veil::spatial::detail {

// The tree walk from node `node` (what privateRangeCount does from the root).
double walkRangeCount(const PrivateSpatialDecomposition& psd, std::int32_t node, const Rect& query);

class GridSums {
public:
    // The index of a decomposition whose root's children tile it as a grid (and, for AGrid, each
    // of those children's own children); nullopt when the root's do not (a tree). O(nodes).
    static std::optional<GridSums> build(const PrivateSpatialDecomposition& psd);
    // The index of a consistent tree whose leaves all lie at one depth and tile the root as a
    // regular grid (a full, post-processed quadtree): every inner node's estimate is then its
    // leaves' sum, so the table of the leaves answers as the walk does. nullopt otherwise. O(nodes).
    static std::optional<GridSums> buildFromLeaves(const PrivateSpatialDecomposition& psd);

    // The answer to `query`, as the tree walk's up to rounding.
    double rangeCount(const Rect& query) const;

private:
    // The children of one node as a cx x cy row-major grid with their edges and the summed-area
    // table of their estimates: sat[(r + 1)(cx + 1) + c + 1] = sum of rows 0..r, columns 0..c.
    struct Tiling {
        std::int32_t firstChild = 0;
        std::size_t cx = 0, cy = 0;
        std::vector<double> xs, ys;
        std::vector<double> sat;
        bool leaves = false;  // every child is a leaf
        double blockSum(std::size_t c0, std::size_t c1, std::size_t r0, std::size_t r1) const;
    };
    static std::optional<Tiling> tile(const PrivateSpatialDecomposition& psd, std::int32_t node);
    double tilingCount(const Tiling& t, const Rect& query) const;
    double leafTilingCount(const Tiling& t, const Rect& query, std::size_t c0, std::size_t c1, std::size_t r0,
                           std::size_t r1) const;
    double childCount(const Tiling& t, std::size_t c, std::size_t r, const Rect& query) const;

    const PrivateSpatialDecomposition* m_psd = nullptr;
    Tiling m_root;
    std::vector<std::optional<Tiling>> m_children;  // per child of the root (empty when leaves)
};

}  // namespace veil::spatial::detail
