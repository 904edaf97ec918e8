// Controlled rounding of a distribution to a number of rows, for the samplers of the synthetic
// table methods (the graphical model's and PrivBayes's): as Private-PGM's synthetic_data, method
// "round" (McKenna, Sheldon, Miklau ICML 2019, code of the paper).
#pragma once

#include "veil/common/random.h"

#include <cstddef>
#include <span>
#include <vector>

namespace veil::synth::detail {

// `rows` cells in random order whose counts are rows x weights / sum(weights), each rounded down
// or up: every cell gets the integer part of its expected count, the remaining rows go to
// distinct cells drawn without replacement with probability proportional to the fractional parts
// (Efraimidis & Spirakis 2006 keys), then the list is shuffled. Each cell's count is within one of
// its expectation, and its expectation is exactly rows x weight / sum. Weights must be finite, not
// negative, with a positive sum. O(cells + rows).
std::vector<std::size_t> roundedCells(std::span<const double> weights, std::size_t rows, RandomSource& random);

// One cell drawn with probability proportional to its weight, from the cumulative weights `cum`
// (`cells` entries, the last positive): the row-by-row draw rounding replaces. O(log cells).
std::size_t drawFromCumulative(const double* cum, std::size_t cells, RandomSource& random);

// Whether rounding is worth it for `rows` rows over `cells` cells: below a quarter row per cell
// a group's rows are drawn one by one (rounding would cost O(cells) for little gain).
inline bool roundingPays(std::size_t cells, std::size_t rows) { return cells <= 4 * rows; }

}  // namespace veil::synth::detail
