// HB2D's choice of branching (Qardaji, Yang, Li, PVLDB 2013, Sec. 5): public so that forms,
// recommenders and tests can show it without running a release. See docs/algorithms/hb2d.md.
#pragma once

#include <cstddef>

namespace veil::dp {

// The smallest h with b^h >= side (0 for side <= 1). O(h).
std::size_t hb2dHeight(std::size_t side, std::size_t b);

// The per-axis branching b in [2, max(2, side)] minimising b * h^2, h = hb2dHeight(side, b): the
// range-query variance of a b x b-ary hierarchy over a side x side grid, up to factors that do
// not depend on b. The first minimum wins. O(side log side), once per release.
std::size_t hb2dBranching(std::size_t side);

}  // namespace veil::dp
