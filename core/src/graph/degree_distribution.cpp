// Hay, Li, Miklau, Jensen, "Accurate Estimation of the Degree Distribution of Private Networks",
// ICDM 2009: sorted-sequence query S with GS = 2 and constrained inference by isotonic regression.
#include "veil/graph/degree_distribution.h"

#include "veil/common/random.h"
#include "veil/common/validate.h"
#include "veil/dp/laplace_mechanism.h"

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

namespace {

Result<dp::Admission> admitDegrees(dp::ReleaseGate& gate, const char* what, double epsilon, std::size_t n) {
    VEIL_RETURN_IF_ERROR(dp::validateEpsilon(epsilon));
    dp::Charge charge;
    charge.what = what;
    charge.mechanism = "laplace";
    charge.neighbouring = "edge (add or remove one edge)";
    charge.citation = "Hay, Li, Miklau, Jensen, ICDM 2009";
    charge.cost = {epsilon, 0.0, 0.0};
    charge.details = {{"nodes", n}};
    return gate.admit(charge);
}

}  // namespace

Result<DegreeSequenceRelease> releaseDegreeSequence(dp::ReleaseGate& gate, const Graph& g, double epsilon,
                                                    const RunContext& ctx) {
    auto admission = admitDegrees(gate, "sorted degree sequence", epsilon, g.nodeCount());
    if (!admission) return admission.status();
    // Adding or removing one edge moves two entries of the sorted sequence by one: GS = 2.
    auto lap = dp::LaplaceMechanism::create(epsilon, 2.0);
    if (!lap) return lap.status();
    ProgressReporter progress(ctx, "Releasing the degree sequence", static_cast<long long>(g.nodeCount()));
    DegreeSequenceRelease out;
    out.epsilon = epsilon;
    out.noiseScale = lap->scale();
    for (NodeId v = 0; v < g.nodeCount(); ++v) out.trueSorted.push_back(static_cast<double>(g.degree(v)));
    std::sort(out.trueSorted.begin(), out.trueSorted.end());
    for (std::size_t i = 0; i < out.trueSorted.size(); ++i) {
        if (!progress.step(static_cast<long long>(i))) return Status::cancelled();
        auto noisy = lap->release(*admission->random, out.trueSorted[i]);
        if (!noisy) return noisy.status();
        out.noisy.push_back(*noisy);
    }
    // Post-processing: the closest non-decreasing sequence, then degrees are never negative.
    out.postProcessed = isotonicRegression(out.noisy);
    for (double& d : out.postProcessed) d = std::max(0.0, d);
    progress.finish();
    out.receipt = admission->receipt;
    if (!gate.isTeaching()) out.trueSorted.clear();
    return out;
}

Result<DegreeHistogramRelease> releaseDegreeHistogram(dp::ReleaseGate& gate, const Graph& g, double epsilon,
                                                      const RunContext& ctx) {
    auto admission = admitDegrees(gate, "degree histogram", epsilon, g.nodeCount());
    if (!admission) return admission.status();
    // One edge moves two nodes' degrees by one: two bins lose one, two gain one (L1 = 4).
    auto lap = dp::LaplaceMechanism::create(epsilon, 4.0);
    if (!lap) return lap.status();
    DegreeHistogramRelease out;
    out.epsilon = epsilon;
    out.noiseScale = lap->scale();
    const std::size_t n = g.nodeCount();
    out.trueCounts.assign(std::max<std::size_t>(n, 1), 0.0);
    for (NodeId v = 0; v < n; ++v) out.trueCounts[g.degree(v)] += 1;
    ProgressReporter progress(ctx, "Releasing the degree histogram", static_cast<long long>(out.trueCounts.size()));
    for (std::size_t i = 0; i < out.trueCounts.size(); ++i) {
        if (!progress.step(static_cast<long long>(i))) return Status::cancelled();
        auto noisy = lap->release(*admission->random, out.trueCounts[i]);
        if (!noisy) return noisy.status();
        out.noisy.push_back(*noisy);
        out.clamped.push_back(std::max(0.0, out.noisy.back()));
    }
    progress.finish();
    out.receipt = admission->receipt;
    if (!gate.isTeaching()) out.trueCounts.clear();
    return out;
}

}  // namespace veil::graph
