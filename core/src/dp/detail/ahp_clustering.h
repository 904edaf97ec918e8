// AHP's clustering (ahp_histogram.cpp), exposed for tests.
#pragma once

#include "veil/common/random.h"
#include "veil/common/status.h"

#include <cstddef>
#include <vector>

namespace veil::dp::detail {

// Clusters [begin, end) of positions of the sorted values, left to right, by DPComp's greedy rule
// (ahp_fast.pyx, read to compare): with c = 2 / eps2^2, the error of a cluster C is its sum of
// squared deviations plus c / |C| (the variance its published average adds over its cells);
// position j closes the current cluster when err(current + j) >= err(current) + err*(j), err*(j)
// the least error of a cluster starting at j, searched forward with the paper's early stop.
struct AhpCluster {
    std::size_t begin = 0, end = 0;
};
std::vector<AhpCluster> ahpGreedyClusters(const std::vector<double>& sorted, double eps2);

// The data-dependent step: Laplace(1/eps1) on every bin, values <= eta ln(n) / eps1 set to 0, a
// stable sort, then the clusters above; returns the groups of bin indices. eps1-DP (one record is
// in one bin); everything after the noise is post-processing.
Result<std::vector<std::vector<std::size_t>>> ahpGroups(const std::vector<double>& counts, double eps1, double eta,
                                                        double eps2, RandomSource& rng);

}  // namespace veil::dp::detail
