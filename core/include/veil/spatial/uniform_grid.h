// Uniform grid baseline (Qardaji, Yang, Li, "Differentially private grids for geospatial data",
// ICDE 2013): an m x m grid with m = sqrt(N * epsilon / c), c = 10, and Laplace counts per cell.
// Built as a two-level decomposition (root + m*m leaves) so that queries, consistency and export
// work as for the trees. A small share of epsilon estimates N privately to choose m; the rest
// goes to the cells, so every path spends epsilon exactly.
#pragma once

#include "veil/spatial/decomposition.h"

namespace veil::spatial {

struct UniformGridOptions {
    double epsilon = 1.0;
    std::size_t cellsPerAxis = 0;  // 0: Qardaji et al.'s m from a noisy N
    double sizeConstant = 10.0;    // c in m = sqrt(N eps / c)
    double countFraction = 0.05;   // share of epsilon for the noisy N (root count)
    bool postprocess = false;
    bool nonPrivate = false;
};

// Qardaji et al.'s grid size: max(1, ceil(sqrt(n * epsilon / c))), capped at 1448 (2^21 cells).
std::size_t uniformGridSize(double n, double epsilon, double c = 10.0);

// Errors: epsilon not positive finite, countFraction outside (0, 1), no random source, cancelled.
// O(n + m^2).
Result<PrivateSpatialDecomposition> buildUniformGrid(const PointSet& points, const UniformGridOptions& options,
                                                     const RunContext& ctx);

}  // namespace veil::spatial
