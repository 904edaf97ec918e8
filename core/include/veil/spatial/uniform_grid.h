// Uniform grid baseline (Qardaji, Yang, Li, "Differentially private grids for geospatial data",
// ICDE 2013): about m x m cells with m = sqrt(N * epsilon / c), c = 10, and Laplace counts per cell.
// When the data are counts on a public grid of data cells (dataColumns x dataRows, e.g. a DPBench
// 256 x 256 histogram), a grid cell is an integer g x g block of data cells aligned to them, never
// finer than one data cell, g = ceil(sqrt(columns rows / M)) with M = N eps / c, the last block of
// a row or column cut at the edge (as DPComp's UGrid); otherwise m x m equal real cells.
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
    std::size_t dataColumns = 0;   // public resolution of the data (0: continuous points)
    std::size_t dataRows = 0;      // both or neither
    bool postprocess = false;
    bool nonPrivate = false;
    // The points listed node by node (psd.pointX/pointY) for true range counts; a release drops
    // them, so it leaves this off and the build only counts.
    bool keepPoints = true;
};

// Side g (in data cells) of the aligned grid's square blocks for about `targetCells` cells over
// columns x rows data cells: sqrt(columns rows / targetCells) rounded down as DPComp's UG.py
// (int(x - 1) + 1), at least 1 and at most the longer side, grown until at most
// 1448^2 blocks; a non-positive target gives one block covering the domain.
std::size_t alignedBlockSide(std::size_t columns, std::size_t rows, double targetCells);

// Qardaji et al.'s grid size sqrt(n * epsilon / c), rounded down as DPComp (int(x - 1) + 1), at
// least 1, capped at 1448 (2^21 cells).
std::size_t uniformGridSize(double n, double epsilon, double c = 10.0);

// Errors: epsilon not positive finite, countFraction outside (0, 1), only one of dataColumns and
// dataRows set, no random source, cancelled. O(n + cells).
Result<PrivateSpatialDecomposition> buildUniformGrid(const PointSet& points, const UniformGridOptions& options,
                                                     const RunContext& ctx);

}  // namespace veil::spatial
