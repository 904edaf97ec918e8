// Hay, Rastogi, Miklau, Suciu, VLDB 2010 (Sec. 4, Theorem 3) with per-node variances (Cormode et al. ICDE 2012 Sec. 5).
#include "veil/spatial/consistency.h"

#include <algorithm>
#include <cmath>

namespace veil::spatial {

std::vector<double> consistentEstimates(std::span<const double> noisy, std::span<const double> variance,
                                        std::span<const std::int32_t> firstChild,
                                        std::span<const std::int32_t> childCount) {
    const std::size_t count = noisy.size();
    std::vector<double> z(count), zVar(count);
    auto children = [&](std::size_t k, double& sum, double& var) {
        sum = 0.0, var = 0.0;
        for (std::int32_t c = firstChild[k]; c < firstChild[k] + childCount[k]; ++c) {
            sum += z[static_cast<std::size_t>(c)];
            var += zVar[static_cast<std::size_t>(c)];
        }
    };
    // Pass 1, bottom-up: children always come after their parent.
    for (std::size_t k = count; k-- > 0;) {
        if (childCount[k] == 0) {
            z[k] = noisy[k];
            zVar[k] = variance[k];
            continue;
        }
        double childSum, childVar;
        children(k, childSum, childVar);
        const double wOwn = 1.0 / variance[k], wChildren = 1.0 / childVar;
        z[k] = (wOwn * noisy[k] + wChildren * childSum) / (wOwn + wChildren);
        zVar[k] = 1.0 / (wOwn + wChildren);
    }
    // Pass 2, top-down: z becomes the estimate.
    for (std::size_t k = 0; k < count; ++k) {
        if (childCount[k] == 0) continue;
        double childSum, childVar;
        children(k, childSum, childVar);
        const double gap = z[k] - childSum;
        for (std::int32_t c = firstChild[k]; c < firstChild[k] + childCount[k]; ++c) {
            const auto ci = static_cast<std::size_t>(c);
            z[ci] += gap * zVar[ci] / childVar;
        }
    }
    return z;
}

void applyConsistency(PrivateSpatialDecomposition& psd) {
    auto& nodes = psd.nodes;
    if (nodes.empty()) return;
    if (!psd.privacy.isPrivate) {
        for (auto& n : nodes) n.estimate = n.trueCount;
        psd.postProcessed = true;
        return;
    }
    const std::size_t count = nodes.size();
    std::vector<double> noisy(count), variance(count);
    std::vector<std::int32_t> firstChild(count), childCount(count);
    for (std::size_t k = 0; k < count; ++k) {
        noisy[k] = nodes[k].noisyCount;
        variance[k] = nodes[k].variance;
        firstChild[k] = nodes[k].firstChild;
        childCount[k] = nodes[k].childCount;
    }
    const std::vector<double> estimate = consistentEstimates(noisy, variance, firstChild, childCount);
    for (std::size_t k = 0; k < count; ++k) nodes[k].estimate = estimate[k];
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
