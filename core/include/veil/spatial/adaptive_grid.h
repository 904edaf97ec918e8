// AGrid, the adaptive grid (Qardaji, Yang, Li, "Differentially private grids for geospatial data",
// ICDE 2013, Sec. IV): a coarse m1 x m1 grid of Laplace counts, each cell then cut into m2 x m2
// cells by its own noisy count, and the two levels made consistent by the paper's constrained
// inference. Built as a three-level decomposition (root, first-level cells, leaves) so queries,
// export and views work as for the trees. See docs/algorithms/adaptive_grid.md.
#pragma once

#include "veil/spatial/decomposition.h"

#include <vector>

namespace veil::spatial {

struct AdaptiveGridOptions {
    double epsilon = 1.0;
    double alpha = 0.5;               // share of the cells' epsilon on the first level
    double sizeConstant = 10.0;       // c in m1 = max(10, ceil(sqrt(N eps / c) / 4))
    double subdivideConstant = 5.0;   // c2 in m2 = ceil(sqrt(N' (1 - alpha) eps / c2))
    double countFraction = 0.05;      // share of epsilon for the noisy N that sets m1
    std::size_t firstLevelCells = 0;  // m1 given (0: the paper's rule from the noisy N)
    std::size_t dataColumns = 0;      // public resolution of the data (0: continuous points)
    std::size_t dataRows = 0;         // both or neither
    bool postprocess = true;          // the paper's constrained inference between the levels
    bool nonPrivate = false;
    // The points listed node by node (psd.pointX/pointY) for true range counts; a release drops
    // them, so it leaves this off and the build only counts.
    bool keepPoints = true;
};

// The paper's m1: sqrt(n eps / c) / 4 rounded down as DPComp's AG.py, at least 10, capped at 1448.
std::size_t adaptiveGridFirstLevel(double n, double epsilon, double c = 10.0);
// The paper's m2 for a first-level cell with noisy count `noisy`: sqrt(noisy (1 - alpha) eps / c2)
// rounded down as DPComp's AG.py, at least 1 (1 when noisy <= 0).
std::size_t adaptiveGridSecondLevel(double noisy, double alpha, double epsilon, double c2 = 5.0);

// Constrained inference of one first-level cell (Qardaji et al. Sec. IV-B): its count v (measured
// with alpha eps) and its k sub-cells' counts u (each with (1 - alpha) eps) become
// v' = (alpha^2 k v + (1 - alpha)^2 sum u) / (alpha^2 k + (1 - alpha)^2) and
// u_i' = u_i + (v' - sum u) / k (the least-squares solution). Returns v'; O(k).
double adaptiveGridInference(double v, std::vector<double>& u, double alpha);

// Errors: epsilon not positive finite, alpha or countFraction outside (0, 1), constants not
// positive finite, only one of dataColumns and dataRows set, no random source, cancelled.
// O(n + cells).
Result<PrivateSpatialDecomposition> buildAdaptiveGrid(const PointSet& points, const AdaptiveGridOptions& options,
                                                      const RunContext& ctx);

}  // namespace veil::spatial
