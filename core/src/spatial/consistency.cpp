// Hay, Rastogi, Miklau, Suciu, VLDB 2010 (Sec. 4, Theorem 3) with per-node variances (Cormode et al. ICDE 2012 Sec. 5).
#include "veil/spatial/consistency.h"

#include <algorithm>
#include <cmath>

namespace veil::spatial {

void applyConsistency(PrivateSpatialDecomposition& psd) {
    auto& nodes = psd.nodes;
    if (nodes.empty()) return;
    if (!psd.privacy.isPrivate) {
        for (auto& n : nodes) n.estimate = n.trueCount;
        psd.postProcessed = true;
        return;
    }
    const std::size_t count = nodes.size();
    std::vector<double> z(count), zVar(count);
    // Pass 1, bottom-up: children always come after their parent in `nodes`.
    for (std::size_t k = count; k-- > 0;) {
        const PsdNode& n = nodes[k];
        if (n.isLeaf()) {
            z[k] = n.noisyCount;
            zVar[k] = n.variance;
            continue;
        }
        double childSum = 0.0, childVar = 0.0;
        for (std::int32_t c = n.firstChild; c < n.firstChild + n.childCount; ++c) {
            childSum += z[static_cast<std::size_t>(c)];
            childVar += zVar[static_cast<std::size_t>(c)];
        }
        const double wOwn = 1.0 / n.variance, wChildren = 1.0 / childVar;
        z[k] = (wOwn * n.noisyCount + wChildren * childSum) / (wOwn + wChildren);
        zVar[k] = 1.0 / (wOwn + wChildren);
    }
    // Pass 2, top-down.
    nodes[0].estimate = z[0];
    for (std::size_t k = 0; k < count; ++k) {
        const PsdNode& n = nodes[k];
        if (n.isLeaf()) continue;
        double childSum = 0.0, childVar = 0.0;
        for (std::int32_t c = n.firstChild; c < n.firstChild + n.childCount; ++c) {
            childSum += z[static_cast<std::size_t>(c)];
            childVar += zVar[static_cast<std::size_t>(c)];
        }
        const double gap = n.estimate - childSum;
        for (std::int32_t c = n.firstChild; c < n.firstChild + n.childCount; ++c) {
            const auto ci = static_cast<std::size_t>(c);
            nodes[ci].estimate = z[ci] + gap * zVar[ci] / childVar;
        }
    }
    psd.postProcessed = true;
}

double maxConsistencyGap(const PrivateSpatialDecomposition& psd) {
    double worst = 0.0;
    for (const PsdNode& n : psd.nodes) {
        if (n.isLeaf()) continue;
        double sum = 0.0;
        for (std::int32_t c = n.firstChild; c < n.firstChild + n.childCount; ++c)
            sum += psd.nodes[static_cast<std::size_t>(c)].estimate;
        worst = std::max(worst, std::abs(n.estimate - sum));
    }
    return worst;
}

}  // namespace veil::spatial
