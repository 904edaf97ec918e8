// Summed-area tables over grid decompositions (Crow, SIGGRAPH 1984), answering as the tree walk.
#include "grid_sums.h"

#include <algorithm>

namespace veil::spatial::detail {

namespace {

// The share of [e0, e1) inside [q0, q1) (1 exactly when it lies inside).
double axisShare(double e0, double e1, double q0, double q1) {
    if (e0 >= q0 && e1 <= q1) return 1.0;
    return (std::min(q1, e1) - std::max(q0, e0)) / (e1 - e0);
}

// The cells [first, last] of edges e (e.size() - 1 cells) that overlap [q0, q1) with positive length;
// false when none does.
bool overlapping(const std::vector<double>& e, double q0, double q1, std::size_t& first, std::size_t& last) {
    // First cell whose upper edge is above q0; last cell whose lower edge is below q1.
    first = static_cast<std::size_t>(std::upper_bound(e.begin() + 1, e.end(), q0) - (e.begin() + 1));
    const auto below = static_cast<std::size_t>(std::lower_bound(e.begin(), e.end() - 1, q1) - e.begin());
    if (below == 0 || first >= e.size() - 1) return false;
    last = below - 1;
    return first <= last;
}

bool strictlyIncreasing(const std::vector<double>& v) {
    for (std::size_t i = 1; i < v.size(); ++i)
        if (!(v[i] > v[i - 1])) return false;
    return true;
}

}  // namespace

double walkRangeCount(const PrivateSpatialDecomposition& psd, std::int32_t node, const Rect& query) {
    if (psd.nodes.empty()) return 0.0;
    double total = 0.0;
    std::int32_t stack[512];
    int top = 0;
    stack[top++] = node;
    std::vector<std::int32_t> overflow;  // only for very wide trees (uniform grids)
    while (top > 0 || !overflow.empty()) {
        std::int32_t k;
        if (!overflow.empty()) {
            k = overflow.back();
            overflow.pop_back();
        } else {
            k = stack[--top];
        }
        const PsdNode& n = psd.nodes[static_cast<std::size_t>(k)];
        if (!query.intersects(n.rect)) continue;
        if (query.containsRect(n.rect)) {
            total += n.estimate;
        } else if (n.isLeaf()) {
            const double area = n.rect.area();
            if (area > 0.0) total += n.estimate * n.rect.overlapArea(query) / area;
        } else {
            for (std::int32_t c = n.firstChild; c < n.firstChild + n.childCount; ++c) {
                if (top < 512)
                    stack[top++] = c;
                else
                    overflow.push_back(c);
            }
        }
    }
    return total;
}

double GridSums::Tiling::blockSum(std::size_t c0, std::size_t c1, std::size_t r0, std::size_t r1) const {
    const std::size_t w = cx + 1;
    return sat[(r1 + 1) * w + c1 + 1] - sat[r0 * w + c1 + 1] - sat[(r1 + 1) * w + c0] + sat[r0 * w + c0];
}

std::optional<GridSums::Tiling> GridSums::tile(const PrivateSpatialDecomposition& psd, std::int32_t node) {
    const PsdNode& parent = psd.nodes[static_cast<std::size_t>(node)];
    if (parent.childCount <= 0) return std::nullopt;
    Tiling t;
    t.firstChild = parent.firstChild;
    const auto child = [&](std::size_t k) -> const PsdNode& {
        return psd.nodes[static_cast<std::size_t>(parent.firstChild) + k];
    };
    const auto count = static_cast<std::size_t>(parent.childCount);
    while (t.cx < count && child(t.cx).rect.y0 == child(0).rect.y0) ++t.cx;
    if (count % t.cx != 0) return std::nullopt;
    t.cy = count / t.cx;
    for (std::size_t c = 0; c < t.cx; ++c) t.xs.push_back(child(c).rect.x0);
    t.xs.push_back(child(t.cx - 1).rect.x1);
    for (std::size_t r = 0; r < t.cy; ++r) t.ys.push_back(child(r * t.cx).rect.y0);
    t.ys.push_back(child(count - 1).rect.y1);
    if (!strictlyIncreasing(t.xs) || !strictlyIncreasing(t.ys)) return std::nullopt;
    t.leaves = true;
    const std::size_t w = t.cx + 1;
    t.sat.assign((t.cy + 1) * w, 0.0);
    for (std::size_t r = 0; r < t.cy; ++r) {
        double row = 0.0;
        for (std::size_t c = 0; c < t.cx; ++c) {
            const PsdNode& n = child(r * t.cx + c);
            const Rect& e = n.rect;
            if (e.x0 != t.xs[c] || e.x1 != t.xs[c + 1] || e.y0 != t.ys[r] || e.y1 != t.ys[r + 1]) return std::nullopt;
            t.leaves = t.leaves && n.isLeaf();
            row += n.estimate;
            t.sat[(r + 1) * w + c + 1] = t.sat[r * w + c + 1] + row;
        }
    }
    return t;
}

std::optional<GridSums> GridSums::build(const PrivateSpatialDecomposition& psd) {
    if (psd.nodes.empty()) return std::nullopt;
    auto root = tile(psd, 0);
    if (!root) return std::nullopt;
    GridSums g;
    g.m_psd = &psd;
    g.m_root = std::move(*root);
    if (!g.m_root.leaves) {
        g.m_children.resize(g.m_root.cx * g.m_root.cy);
        for (std::size_t k = 0; k < g.m_children.size(); ++k)
            g.m_children[k] = tile(psd, g.m_root.firstChild + static_cast<std::int32_t>(k));
    }
    return g;
}

std::optional<GridSums> GridSums::buildFromLeaves(const PrivateSpatialDecomposition& psd) {
    if (psd.nodes.empty() || psd.leaves.empty() || !psd.postProcessed) return std::nullopt;
    const int depth = psd.nodes[static_cast<std::size_t>(psd.leaves.front())].depth;
    const Rect& root = psd.nodes.front().rect;
    // The column edges from the bottom row of leaves, the row edges from the left column; every
    // leaf is then checked against them.
    Tiling t;
    for (const auto leaf : psd.leaves) {
        const PsdNode& n = psd.nodes[static_cast<std::size_t>(leaf)];
        if (n.depth != depth) return std::nullopt;
        if (n.rect.y0 == root.y0) t.xs.push_back(n.rect.x0);
        if (n.rect.x0 == root.x0) t.ys.push_back(n.rect.y0);
    }
    std::sort(t.xs.begin(), t.xs.end());
    std::sort(t.ys.begin(), t.ys.end());
    t.xs.push_back(root.x1);
    t.ys.push_back(root.y1);
    t.cx = t.xs.size() - 1;
    t.cy = t.ys.size() - 1;
    if (t.cx * t.cy != psd.leaves.size() || !strictlyIncreasing(t.xs) || !strictlyIncreasing(t.ys)) return std::nullopt;
    std::vector<double> cells(t.cx * t.cy, 0.0);
    std::vector<char> filled(cells.size(), 0);
    for (const auto leaf : psd.leaves) {
        const PsdNode& n = psd.nodes[static_cast<std::size_t>(leaf)];
        const auto c = std::size_t(std::lower_bound(t.xs.begin(), t.xs.end() - 1, n.rect.x0) - t.xs.begin());
        const auto r = std::size_t(std::lower_bound(t.ys.begin(), t.ys.end() - 1, n.rect.y0) - t.ys.begin());
        if (c >= t.cx || r >= t.cy || n.rect.x0 != t.xs[c] || n.rect.y0 != t.ys[r] || n.rect.x1 != t.xs[c + 1] ||
            n.rect.y1 != t.ys[r + 1] || filled[r * t.cx + c])
            return std::nullopt;
        filled[r * t.cx + c] = 1;
        cells[r * t.cx + c] = n.estimate;
    }
    t.leaves = true;
    const std::size_t w = t.cx + 1;
    t.sat.assign((t.cy + 1) * w, 0.0);
    for (std::size_t r = 0; r < t.cy; ++r) {
        double row = 0.0;
        for (std::size_t c = 0; c < t.cx; ++c) {
            row += cells[r * t.cx + c];
            t.sat[(r + 1) * w + c + 1] = t.sat[r * w + c + 1] + row;
        }
    }
    GridSums g;
    g.m_psd = &psd;
    g.m_root = std::move(t);
    return g;
}

double GridSums::rangeCount(const Rect& query) const {
    // An empty or inverted rectangle (or NaN) holds nothing: the walk finds no overlap either.
    if (!(query.x1 > query.x0 && query.y1 > query.y0)) return 0.0;
    const PsdNode& root = m_psd->nodes.front();
    if (!query.intersects(root.rect)) return 0.0;
    if (query.containsRect(root.rect)) return root.estimate;
    return tilingCount(m_root, query);
}

double GridSums::tilingCount(const Tiling& t, const Rect& query) const {
    std::size_t c0 = 0, c1 = 0, r0 = 0, r1 = 0;
    if (!overlapping(t.xs, query.x0, query.x1, c0, c1) || !overlapping(t.ys, query.y0, query.y1, r0, r1)) return 0.0;
    if (t.leaves) return leafTilingCount(t, query, c0, c1, r0, r1);
    // The children inside the query from the table (columns ic0..ic1, rows ir0..ir1: all but a cut
    // first or last one), the ones it cuts (a ring around them) each on its own.
    const auto ic0 = static_cast<long long>(c0) + (t.xs[c0] < query.x0 ? 1 : 0);
    const auto ic1 = static_cast<long long>(c1) - (t.xs[c1 + 1] > query.x1 ? 1 : 0);
    const auto ir0 = static_cast<long long>(r0) + (t.ys[r0] < query.y0 ? 1 : 0);
    const auto ir1 = static_cast<long long>(r1) - (t.ys[r1 + 1] > query.y1 ? 1 : 0);
    const bool inner = ic0 <= ic1 && ir0 <= ir1;
    double total = inner ? t.blockSum(std::size_t(ic0), std::size_t(ic1), std::size_t(ir0), std::size_t(ir1)) : 0.0;
    for (std::size_t r = r0; r <= r1; ++r) {
        const bool innerRow = inner && static_cast<long long>(r) >= ir0 && static_cast<long long>(r) <= ir1;
        for (std::size_t c = c0; c <= c1; ++c) {
            if (innerRow && static_cast<long long>(c) == ic0) {
                c = std::size_t(ic1);  // past the inner block
                continue;
            }
            total += childCount(t, c, r, query);
        }
    }
    return total;
}

double GridSums::leafTilingCount(const Tiling& t, const Rect& query, std::size_t c0, std::size_t c1, std::size_t r0,
                                 std::size_t r1) const {
    // sum over the overlapped leaves of estimate * share_x(c) * share_y(r): the shares are 1 except in
    // the first and last column and row, so it is a combination of at most 3 x 3 block sums.
    struct Term {
        double weight;
        std::size_t lo, hi;
    };
    const auto terms = [](std::size_t lo, std::size_t hi, double first, double last, Term* out) {
        if (lo == hi) {
            out[0] = {first, lo, lo};
            return 1;
        }
        int n = 0;
        out[n++] = {1.0, lo, hi};
        if (first != 1.0) out[n++] = {first - 1.0, lo, lo};
        if (last != 1.0) out[n++] = {last - 1.0, hi, hi};
        return n;
    };
    Term tx[3], ty[3];
    const int nx = terms(c0, c1, axisShare(t.xs[c0], t.xs[c0 + 1], query.x0, query.x1),
                         axisShare(t.xs[c1], t.xs[c1 + 1], query.x0, query.x1), tx);
    const int ny = terms(r0, r1, axisShare(t.ys[r0], t.ys[r0 + 1], query.y0, query.y1),
                         axisShare(t.ys[r1], t.ys[r1 + 1], query.y0, query.y1), ty);
    double total = 0.0;
    for (int i = 0; i < nx; ++i)
        for (int j = 0; j < ny; ++j)
            total += tx[i].weight * ty[j].weight * t.blockSum(tx[i].lo, tx[i].hi, ty[j].lo, ty[j].hi);
    return total;
}

double GridSums::childCount(const Tiling& t, std::size_t c, std::size_t r, const Rect& query) const {
    const std::size_t k = r * t.cx + c;
    const auto node = t.firstChild + static_cast<std::int32_t>(k);
    const PsdNode& n = m_psd->nodes[static_cast<std::size_t>(node)];
    if (n.isLeaf())
        return n.estimate * axisShare(t.xs[c], t.xs[c + 1], query.x0, query.x1) *
               axisShare(t.ys[r], t.ys[r + 1], query.y0, query.y1);
    if (&t == &m_root && k < m_children.size() && m_children[k]) return tilingCount(*m_children[k], query);
    return walkRangeCount(*m_psd, node, query);
}

}  // namespace veil::spatial::detail
