// Queries on a built decomposition: range counts (uniformity inside leaves, Cormode et al.
// ICDE 2012 Sec. 3) and path budgets.
#include "veil/spatial/decomposition.h"

#include "detail/grid_sums.h"

#include <algorithm>
#include <limits>

namespace veil::spatial {

int kdLevelCount(const PsdOptions& o) {
    if (o.kind == TreeKind::KdTree) return o.height;
    if (o.kind == TreeKind::Hybrid)
        return o.hybridKdLevels >= 0 ? std::min(o.hybridKdLevels, o.height) : (o.height + 1) / 2;
    return 0;
}

const char* treeKindName(TreeKind k) {
    switch (k) {
        case TreeKind::Quadtree:
            return "quad";
        case TreeKind::KdTree:
            return "kd";
        case TreeKind::Hybrid:
            return "hybrid";
        case TreeKind::UniformGrid:
            return "grid";
    }
    return "?";
}

int PrivateSpatialDecomposition::maxDepth() const {
    int d = 0;
    for (std::int32_t leaf : leaves) d = std::max(d, nodes[static_cast<std::size_t>(leaf)].depth);
    return d;
}

double PrivateSpatialDecomposition::maxPathEpsilon() const {
    if (!privacy.isPrivate) return std::numeric_limits<double>::infinity();
    double e = 0.0;
    for (std::int32_t leaf : leaves) e = std::max(e, nodes[static_cast<std::size_t>(leaf)].pathEpsilon);
    return e;
}

std::vector<double> leafPathEpsilons(const PrivateSpatialDecomposition& psd) {
    std::vector<double> out;
    out.reserve(psd.leaves.size());
    for (std::int32_t leaf : psd.leaves) out.push_back(psd.nodes[static_cast<std::size_t>(leaf)].pathEpsilon);
    return out;
}

double PrivateSpatialDecomposition::privateRangeCount(const Rect& query) const {
    return detail::walkRangeCount(*this, 0, query);
}

double PrivateSpatialDecomposition::trueRangeCount(const Rect& query) const {
    if (nodes.empty() || truthsStripped) return 0.0;  // release mode: there is no truth to count
    double total = 0.0;
    std::vector<std::int32_t> stack{0};
    while (!stack.empty()) {
        const PsdNode& n = nodes[static_cast<std::size_t>(stack.back())];
        stack.pop_back();
        if (!query.intersects(n.rect) && !(n.pointEnd > n.pointBegin && n.rect.area() == 0.0)) continue;
        if (query.containsRect(n.rect)) {
            total += n.trueCount;
        } else if (n.isLeaf()) {
            for (std::uint32_t i = n.pointBegin; i < n.pointEnd; ++i)
                total += query.containsPoint(pointX[i], pointY[i]) ? 1.0 : 0.0;
        } else {
            for (std::int32_t c = n.firstChild; c < n.firstChild + n.childCount; ++c) stack.push_back(c);
        }
    }
    return total;
}

}  // namespace veil::spatial
