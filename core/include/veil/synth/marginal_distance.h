// Utility of a synthetic table: average total-variation distance between its k-way marginals and
// the real table's (as PrivBayes, MST and AIM are evaluated: Zhang et al. 2014 Section 6; McKenna
// et al. 2021). TEACHING MODE ONLY: this reads the true data, so its figures are not private and
// must never reach a bundle or the ledger (the caller marks them "private": false).
#pragma once

#include "veil/synth/discretization.h"

#include <cstddef>

namespace veil::synth {

struct MarginalDistance {
    std::size_t way = 0;        // 1, 2 or 3
    std::size_t marginals = 0;  // number of attribute sets averaged (d choose way)
    double averageTvd = 0.0;    // mean over sets of 1/2 sum |p_real - p_synth|, in [0, 1]
    double maxTvd = 0.0;
};

// Average TVD over all `way`-subsets of columns. `real` and `synthetic` must share names and sizes
// (the same domains); a table with no rows counts as uniform. Errors: way not in 1..3, tables of
// different schema. Complexity: O(C(d, way) x (n_real + n_synth + cells)).
Result<MarginalDistance> teachingMarginalTvd(const DiscreteTable& real, const DiscreteTable& synthetic,
                                             std::size_t way);

}  // namespace veil::synth
