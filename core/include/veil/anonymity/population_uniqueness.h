// Population uniqueness: how many records of the population are alone in their class, estimated
// from a sample's class sizes and the population size (ARX's population models, sdcMicro's
// population risk). A sample unique is a re-identification risk only if it is also unique in the
// population; these models estimate how many are.
// - Zayatz (1991): the sample's class-size distribution stands in for the population's; the share of
//   sample uniques that are population uniques follows from hypergeometric sampling.
// - Pitman (Hoshino 2001): class sizes follow Pitman's two-parameter sampling formula; theta and
//   alpha by maximum likelihood (Newton's method), then uniques = Gamma(t+1)/Gamma(t+a) N^a.
#pragma once

#include "veil/common/status.h"

#include <cstddef>
#include <optional>
#include <vector>

namespace veil::anonymity {

struct PopulationUniqueness {
    std::size_t sampleSize = 0;
    std::size_t populationSize = 0;
    double samplingFraction = 0;
    std::size_t sampleUniques = 0;
    // Estimated number of population uniques among the population (nullopt: the model does not
    // apply to this sample, e.g. no sample uniques for Pitman, or its estimate did not converge).
    std::optional<double> zayatz;
    std::optional<double> pitman;
    double pitmanTheta = 0, pitmanAlpha = 0;  // the fitted parameters, when pitman is set
};

// `classSizes`: the sample's equivalence class sizes (zeros ignored); `populationSize` >= sample
// size. Errors: empty sample, population smaller than the sample. O(#classes + n) per iteration.
Result<PopulationUniqueness> estimatePopulationUniqueness(const std::vector<std::size_t>& classSizes,
                                                          std::size_t populationSize);

}  // namespace veil::anonymity
