// Hay, Li, Miklau, Jensen, "Accurate Estimation of the Degree Distribution of Private Networks",
// ICDM 2009: sorted-sequence query S with GS = 2 and constrained inference by isotonic regression.
#include "veil/graph/degree_distribution.h"

#include "veil/common/random.h"
#include "veil/common/validate.h"
#include "veil/dp/samplers.h"

#include <algorithm>

namespace veil::graph {

std::vector<double> isotonicRegression(std::span<const double> values) {
    struct Block {
        double sum;
        std::size_t count;
        double mean() const { return sum / static_cast<double>(count); }
    };
    std::vector<Block> blocks;
    for (double v : values) {
        blocks.push_back({v, 1});
        while (blocks.size() > 1 && blocks[blocks.size() - 2].mean() > blocks.back().mean()) {
            const Block b = blocks.back();
            blocks.pop_back();
            blocks.back().sum += b.sum;
            blocks.back().count += b.count;
        }
    }
    std::vector<double> out;
    out.reserve(values.size());
    for (const auto& b : blocks) out.insert(out.end(), b.count, b.mean());
    return out;
}

Result<DegreeSequenceRelease> releaseDegreeSequence(const Graph& g, double epsilon, const RunContext& ctx) {
    VEIL_RETURN_IF_ERROR(requirePositiveFinite(epsilon, "epsilon"));
    if (!ctx.random) return Status::invalidArgument("a random source is required for a release");
    ProgressReporter progress(ctx, "Releasing the degree sequence", static_cast<long long>(g.nodeCount()));
    DegreeSequenceRelease out;
    out.epsilon = epsilon;
    out.noiseScale = 2.0 / epsilon;
    for (NodeId v = 0; v < g.nodeCount(); ++v) out.trueSorted.push_back(static_cast<double>(g.degree(v)));
    std::sort(out.trueSorted.begin(), out.trueSorted.end());
    for (std::size_t i = 0; i < out.trueSorted.size(); ++i) {
        if (!progress.step(static_cast<long long>(i))) return Status::cancelled();
        out.noisy.push_back(dp::addSnappedLaplace(*ctx.random, out.trueSorted[i], out.noiseScale));
    }
    out.postProcessed = isotonicRegression(out.noisy);
    progress.finish();
    return out;
}

Result<DegreeHistogramRelease> releaseDegreeHistogram(const Graph& g, double epsilon, const RunContext& ctx) {
    VEIL_RETURN_IF_ERROR(requirePositiveFinite(epsilon, "epsilon"));
    if (!ctx.random) return Status::invalidArgument("a random source is required for a release");
    DegreeHistogramRelease out;
    out.epsilon = epsilon;
    out.noiseScale = 4.0 / epsilon;
    const std::size_t n = g.nodeCount();
    out.trueCounts.assign(std::max<std::size_t>(n, 1), 0.0);
    for (NodeId v = 0; v < n; ++v) out.trueCounts[g.degree(v)] += 1;
    ProgressReporter progress(ctx, "Releasing the degree histogram", static_cast<long long>(out.trueCounts.size()));
    for (std::size_t i = 0; i < out.trueCounts.size(); ++i) {
        if (!progress.step(static_cast<long long>(i))) return Status::cancelled();
        out.noisy.push_back(dp::addSnappedLaplace(*ctx.random, out.trueCounts[i], out.noiseScale));
        out.clamped.push_back(std::max(0.0, out.noisy.back()));
    }
    progress.finish();
    return out;
}

}  // namespace veil::graph
