// Private graph-kernel feature vectors (seed 003, "Laplace Mechanism for Restricted Private Graph
// Kernels"): the graph is pruned to max degree D with the Blocki et al. edge projection mu_D,
// the a features f(i) are computed on mu_D(G) and each gets Lap(a * 3 * RS_i / eps), where RS_i is
// seed 003's restricted sensitivity (graphlets of size t: t D^(t-1); walks of length l:
// 2 l D^(l-1)) and 3 is the smoothness of the edge projection (seed 001). Edge-level (eps, 0)-DP.
#pragma once

#include "veil/common/run_context.h"
#include "veil/common/status.h"
#include "veil/dp/release_gate.h"
#include "veil/graph/graph.h"

#include <string>
#include <vector>

namespace veil::graph {

struct FeatureRelease {
    std::vector<std::string> names;
    std::vector<double> projectedValues;  // on mu_D(G): teaching mode only
    std::vector<double> noisy;
    std::vector<double> noiseScales;  // a * 3 * RS_i / eps
    std::size_t D = 0;
    std::size_t removedEdges = 0;  // teaching mode only
    double epsilon = 0;
    std::string guarantee;
    dp::ReleaseReceipt receipt;
};

// Number of walks of each length 1..maxLength (ordered vertex sequences, 1' A^l 1). O(maxLength * m).
std::vector<double> countWalks(const Graph& g, int maxLength);

// Features: the 8 connected 3- and 4-node graphlet counts (see graphlets.h), charged through the
// gate (epsilon). Errors: InvalidArgument (eps, D < 1), the gate's, Cancelled.
Result<FeatureRelease> releaseGraphletFeatures(dp::ReleaseGate& gate, const Graph& g, std::size_t D, double epsilon,
                                               const RunContext& ctx);
// Features: walks of length 1..maxLength (1 <= maxLength <= 10).
Result<FeatureRelease> releaseRandomWalkFeatures(dp::ReleaseGate& gate, const Graph& g, std::size_t D, int maxLength,
                                                 double epsilon, const RunContext& ctx);

}  // namespace veil::graph
