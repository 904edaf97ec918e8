// Private degree distributions (Hay, Li, Miklau, Jensen ICDM 2009): the sorted degree sequence
// with Lap(2/eps) per entry, then constrained inference by isotonic regression (pool adjacent
// violators); and the degree histogram with Lap(4/eps) per bin (one edge moves two nodes by one).
#pragma once

#include "veil/common/run_context.h"
#include "veil/common/status.h"
#include "veil/dp/release_gate.h"
#include "veil/graph/graph.h"

#include <span>
#include <vector>

namespace veil::graph {

// Least-squares nondecreasing fit (pool adjacent violators). O(n). [1,9,4,3,4] -> [1,5,5,5,5].
std::vector<double> isotonicRegression(std::span<const double> values);

struct DegreeSequenceRelease {
    std::vector<double> trueSorted;     // ascending degrees: teaching mode only
    std::vector<double> noisy;          // trueSorted + Lap(2/eps)
    std::vector<double> postProcessed;  // isotonic regression of noisy, clamped at 0 (degrees are >= 0)
    double noiseScale = 0;              // 2 / eps (snapped)
    double epsilon = 0;
    dp::ReleaseReceipt receipt;
};
// Edge-level eps-DP (the node count n is public), charged through the gate. Errors:
// InvalidArgument (eps), the gate's, Cancelled.
Result<DegreeSequenceRelease> releaseDegreeSequence(dp::ReleaseGate& gate, const Graph& g, double epsilon,
                                                    const RunContext& ctx);

struct DegreeHistogramRelease {
    std::vector<double> trueCounts;  // bins 0..n-1 (n is public): teaching mode only
    std::vector<double> noisy;       // + Lap(4/eps)
    std::vector<double> clamped;     // noisy clamped at 0 (post-processing)
    double noiseScale = 0;
    double epsilon = 0;
    dp::ReleaseReceipt receipt;
};
Result<DegreeHistogramRelease> releaseDegreeHistogram(dp::ReleaseGate& gate, const Graph& g, double epsilon,
                                                      const RunContext& ctx);

}  // namespace veil::graph
