// The Hilbert curve over a side x side grid (side a power of two), the 1-D order DAWA uses for 2-D
// data (Li, Hay, Miklau, Wang, PVLDB 2014, Sec. 5; the orientation of DPComp's dawa.hilbert).
// Private to the dp module. docs/algorithms/dawa.md.
#pragma once

#include <cstddef>
#include <utility>
#include <vector>

namespace veil::dp::detail {

// order[t] = row * side + column of the t-th cell along the curve. The curve starts at (0, 0) and
// ends at (side - 1, 0); each aligned 2^k x 2^k block is one run of 4^k consecutive positions.
// Built by DPComp's recursion: the curve of side s from the curve (x, y) of side s/2 is
// (y, x), (x, s/2 + y), (s/2 + x, s/2 + y), (s - 1 - y, s/2 - 1 - x), quarter by quarter.
// O(side^2). Precondition: side is a power of two (1 gives {0}).
std::vector<std::size_t> hilbertOrder(std::size_t side);

// A run of positions lo..hi (inclusive) along the curve.
using HilbertRun = std::pair<std::size_t, std::size_t>;

// The runs of positions covering the rectangle of rows rowLo..rowHi and columns colLo..colHi
// (inclusive, inside the side x side grid), sorted, with touching runs merged. position[row * side
// + column] is the cell's place along the curve (the inverse of hilbertOrder). The rectangle's
// maximal aligned quadtree blocks are each one run; the blocks are visited in the curve's order, so
// the runs come out sorted: O(perimeter * log side) time, no sort.
std::vector<HilbertRun> hilbertRuns(std::size_t rowLo, std::size_t rowHi, std::size_t colLo, std::size_t colHi,
                                    std::size_t side, const std::vector<std::size_t>& position);

// The smallest power of two >= n (1 for n <= 1).
std::size_t powerOfTwoAtLeast(std::size_t n);

}  // namespace veil::dp::detail
