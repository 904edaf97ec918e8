// Hierarchical histogram with constrained inference (Hay, Rastogi, Miklau, Suciu, "Boosting the
// accuracy of differentially private histograms through consistency", VLDB 2010, Thm. 3).
#include "dp/detail/histogram_strategies.h"

#include "veil/common/validate.h"
#include "veil/dp/laplace_mechanism.h"

#include <cmath>

namespace veil::dp::detail {

Result<HistogramResult> releaseTree(const std::vector<double>& counts, std::size_t b, bool consistency, double epsilon,
                                    RandomSource& rng) {
    if (b < 2) return Status::invalidArgument("branching must be at least 2 (got " + std::to_string(b) + ")");
    // Leaves padded to b^h; level 0 = leaves, level h = root.
    std::size_t leaves = 1, height = 0;
    while (leaves < counts.size()) {
        leaves *= b;
        ++height;
    }
    const std::size_t levels = height + 1;  // each record touches one node per level: sensitivity = levels
    auto lap = LaplaceMechanism::create(epsilon, double(levels));
    if (!lap) return lap.status();
    std::vector<std::vector<double>> noisy(levels), truth(levels);
    truth[0].assign(leaves, 0.0);
    for (std::size_t i = 0; i < counts.size(); ++i) truth[0][i] = counts[i];
    for (std::size_t l = 1; l < levels; ++l) {
        truth[l].assign(truth[l - 1].size() / b, 0.0);
        for (std::size_t i = 0; i < truth[l - 1].size(); ++i) truth[l][i / b] += truth[l - 1][i];
    }
    for (std::size_t l = 0; l < levels; ++l) {
        noisy[l] = truth[l];
        VEIL_RETURN_IF_ERROR(lap->releaseInPlace(rng, noisy[l]));
    }
    HistogramResult r;
    r.noiseScale = lap->scale();
    r.consistent = consistency;
    r.description = std::to_string(b) + "-ary tree, " + std::to_string(levels) + " levels, Laplace(" +
                    formatNumber(r.noiseScale) + ") per node" +
                    (consistency ? ", constrained inference" : ", leaves only");
    if (!consistency) {
        r.estimate.assign(noisy[0].begin(), noisy[0].begin() + long(counts.size()));
        return r;
    }
    const auto leavesOut = hayConstrainedInference(noisy, b);
    r.estimate.assign(leavesOut.begin(), leavesOut.begin() + long(counts.size()));
    return r;
}

std::vector<double> hayConstrainedInference(const std::vector<std::vector<double>>& noisy, std::size_t b) {
    const std::size_t levels = noisy.size();
    // Bottom-up: z[v] = (b^l - b^(l-1))/(b^l - 1) h~[v] + (b^(l-1) - 1)/(b^l - 1) sum z[children],
    // with l the height of v counted from 1 at the leaves.
    std::vector<std::vector<double>> z(levels);
    z[0] = noisy[0];
    for (std::size_t lv = 1; lv < levels; ++lv) {
        const double kl = std::pow(double(b), double(lv + 1)), kl1 = std::pow(double(b), double(lv));  // k^l, k^(l-1)
        const double wSelf = (kl - kl1) / (kl - 1.0), wChildren = (kl1 - 1.0) / (kl - 1.0);
        z[lv].resize(noisy[lv].size());
        for (std::size_t i = 0; i < z[lv].size(); ++i) {
            double childSum = 0.0;
            for (std::size_t c = 0; c < b; ++c) childSum += z[lv - 1][i * b + c];
            z[lv][i] = wSelf * noisy[lv][i] + wChildren * childSum;
        }
    }
    // Top-down: h[root] = z[root]; h[v] = z[v] + (h[parent] - sum of z over v and its siblings) / b.
    std::vector<double> upper = z[levels - 1];
    for (std::size_t l = levels - 1; l-- > 0;) {
        std::vector<double> cur(z[l].size());
        for (std::size_t p = 0; p < upper.size(); ++p) {
            double siblings = 0.0;
            for (std::size_t c = 0; c < b; ++c) siblings += z[l][p * b + c];
            const double adjust = (upper[p] - siblings) / double(b);
            for (std::size_t c = 0; c < b; ++c) cur[p * b + c] = z[l][p * b + c] + adjust;
        }
        upper = std::move(cur);
    }
    return upper;
}

HistogramStrategyEntry hierarchicalStrategy() {
    AlgorithmInfo info;
    info.family = "histogram";
    info.id = "hierarchical";
    info.name = "Hierarchical tree";
    info.summary = "Noisy counts of a b-ary tree of ranges, made consistent by least squares; good for long ranges";
    info.citation = "Hay, Rastogi, Miklau, Suciu, VLDB 2010";
    info.parameters = {
        {"branching", "Branching factor b", "children per node of the tree", ParameterKind::Integer, 2, 1024, 2, {}},
        {"consistency",
         "Constrained inference",
         "make parent and children counts agree (Hay et al. Thm. 3)",
         ParameterKind::Flag,
         0,
         0,
         true,
         {}},
    };
    return {info, [](const HistogramRun& run) {
                return releaseTree(run.counts, std::size_t(run.options.integer("branching")),
                                   run.options.flag("consistency"), run.epsilon, *run.ctx.random);
            }};
}

}  // namespace veil::dp::detail
