// Quadtree leaves by counting recursive midpoints (Cormode et al., ICDE 2012's quadtree: splits at
// the middle of each node's range), see quad_leaves.h.
#include "quad_leaves.h"

#include <algorithm>
#include <cmath>

namespace veil::spatial::detail {

namespace {

void halve(std::vector<double>& edges, std::size_t lo, std::size_t hi) {
    if (hi - lo < 2) return;
    const std::size_t mid = lo + (hi - lo) / 2;
    edges[mid] = (edges[lo] + edges[hi]) / 2.0;
    halve(edges, lo, mid);
    halve(edges, mid, hi);
}

// The number of interior edges (1 .. size-2) at or below v: the leaf index along this axis.
std::uint32_t leafIndex(const std::vector<double>& edges, double scale, double v) {
    const std::size_t last = edges.size() - 2;  // the highest leaf index
    const double guess = (v - edges.front()) * scale;
    std::size_t g = guess > 0.0 ? std::min(last, static_cast<std::size_t>(std::min(guess, double(last)))) : 0;
    while (g > 0 && !(v >= edges[g])) --g;
    while (g < last && v >= edges[g + 1]) ++g;
    return static_cast<std::uint32_t>(g);
}

// Bits of x to the even positions of a 2 * 16-bit Morton code (y shifted by one gives the odd).
std::uint32_t spread(std::uint32_t v) {
    v = (v | (v << 8)) & 0x00FF00FFu;
    v = (v | (v << 4)) & 0x0F0F0F0Fu;
    v = (v | (v << 2)) & 0x33333333u;
    return (v | (v << 1)) & 0x55555555u;
}

}  // namespace

std::vector<double> quadtreeEdges(double a, double b, int height) {
    std::vector<double> edges((std::size_t(1) << height) + 1);
    edges.front() = a;
    edges.back() = b;
    halve(edges, 0, edges.size() - 1);
    return edges;
}

std::vector<std::uint32_t> quadtreeLeafKeys(const PointSet& points, int height) {
    const Rect& d = points.domain;
    const auto xs = quadtreeEdges(d.x0, d.x1, height), ys = quadtreeEdges(d.y0, d.y1, height);
    const double side = double(std::size_t(1) << height);
    const double sx = side / (d.x1 - d.x0), sy = side / (d.y1 - d.y0);
    std::vector<std::uint32_t> keys(points.size());
    for (std::size_t i = 0; i < keys.size(); ++i)
        keys[i] = spread(leafIndex(xs, sx, points.x[i])) | spread(leafIndex(ys, sy, points.y[i])) << 1;
    return keys;
}

}  // namespace veil::spatial::detail
