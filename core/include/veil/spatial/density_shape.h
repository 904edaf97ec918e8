// DensityShape: a 2-D histogram used as a data "shape" as in DPBench (Hay et al., SIGMOD 2016):
// normalised to a distribution, it generates point sets of any scale by a multinomial sample of N
// cells, each point uniform inside its cell. Cell (row r, column c) covers x in [c, c+1) and
// y in [r, r+1); the domain is [0, columns) x [0, rows).
#pragma once

#include "veil/common/random.h"
#include "veil/common/run_context.h"
#include "veil/common/status.h"
#include "veil/spatial/point_set.h"

#include <cstdint>
#include <string>
#include <vector>

namespace veil::spatial {

struct DensityShape {
    std::size_t rows = 0;
    std::size_t columns = 0;
    std::vector<double> counts;  // row-major, rows * columns non-negative values
    std::string name;            // file name it was read from

    double total() const;
    Rect domain() const { return Rect{0.0, 0.0, double(columns), double(rows)}; }
};

// Reads a 2-D shape: a NumPy .npy file (format 1.x/2.x, little-endian float64 '<f8' or int64
// '<i8', C order, 2 dimensions) or a CSV/text file with one row of comma-separated counts per
// line. Errors name the file and what is wrong (bad magic, dtype, shape, negative or non-finite
// count, ragged rows, all zero). O(size of file).
Result<DensityShape> readDensityShape(const std::string& path);

// Draws `n` points: a multinomial sample of cells with probabilities proportional to the counts
// (exact, integer arithmetic on counts rounded to integers) and a uniform position inside each
// cell. Uses ctx.random (required); reports progress and honours cancellation. The domain is the
// shape's grid, which is public. O(n log cells).
Result<PointSet> samplePointsFromShape(const DensityShape& shape, std::uint64_t n, const RunContext& ctx);

// The seed of the points sampled from a shape in a seeded run: a stream of its own, derived from
// the run's seed (the noise draws from the seed itself), the same in the CLI and the window.
std::uint64_t shapeSampleSeed(std::uint64_t seed);

}  // namespace veil::spatial
