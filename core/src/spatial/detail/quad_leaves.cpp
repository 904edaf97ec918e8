// Quadtree leaves by counting recursive midpoints (Cormode et al., ICDE 2012's quadtree: splits at
// the middle of each node's range), see quad_leaves.h.
#include "quad_leaves.h"

namespace veil::spatial::detail {

namespace {

void halve(std::vector<double>& edges, std::size_t lo, std::size_t hi) {
    if (hi - lo < 2) return;
    const std::size_t mid = lo + (hi - lo) / 2;
    edges[mid] = (edges[lo] + edges[hi]) / 2.0;
    halve(edges, lo, mid);
    halve(edges, mid, hi);
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

QuadLeafKey::Axis QuadLeafKey::axis(double a, double b, int height) {
    Axis axis;
    axis.edges = quadtreeEdges(a, b, height);
    axis.scale = double(std::size_t(1) << height) / (b - a);
    axis.last = axis.edges.size() - 2;
    return axis;
}

namespace {
bool sameEdges(const std::vector<double>& edges, const GridAxis& units) {
    for (std::size_t k = 0; k < edges.size(); ++k)
        if (edges[k] != units.unitEdge(k)) return false;
    return true;
}
}  // namespace

QuadLeafKey::QuadLeafKey(const Rect& domain, int height)
    : m_x(axis(domain.x0, domain.x1, height)),
      m_y(axis(domain.y0, domain.y1, height)),
      m_spread(std::size_t(1) << height),
      m_height(height),
      m_unitsX(GridAxis::over(domain.x0, domain.x1, std::size_t(1) << height, 1)),
      m_unitsY(GridAxis::over(domain.y0, domain.y1, std::size_t(1) << height, 1)) {
    for (std::size_t i = 0; i < m_spread.size(); ++i) m_spread[i] = spread(std::uint32_t(i));
    m_equalUnits = sameEdges(m_x.edges, m_unitsX) && sameEdges(m_y.edges, m_unitsY);
}

void QuadLeafKey::keys(const double* x, const double* y, std::size_t n, std::uint32_t* out) const {
    // unitsOfPoints' units are row-major, uy 2^height + ux: the same leaf as the edges give.
    if (m_equalUnits && unitsOfPoints(m_unitsX, m_unitsY, x, y, n, out)) {
        const std::uint32_t mask = (std::uint32_t(1) << m_height) - 1;
        for (std::size_t i = 0; i < n; ++i) out[i] = m_spread[out[i] & mask] | m_spread[out[i] >> m_height] << 1;
        return;
    }
    for (std::size_t i = 0; i < n; ++i) out[i] = (*this)(x[i], y[i]);
}

}  // namespace veil::spatial::detail
