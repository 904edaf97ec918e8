// AIM's per-round candidate scores and choice (McKenna, Mullins, Sheldon, Miklau, VLDB 2022,
// Algorithm 2), shared by releaseAim and its tests.
#pragma once

#include "veil/common/random.h"
#include "veil/common/status.h"
#include "veil/synth/aim.h"
#include "veil/synth/graphical_model.h"

#include <cstddef>
#include <vector>

namespace veil::synth::detail {

struct ScoredCandidate {
    std::size_t index = 0;         // into the candidates
    double quality = 0.0;          // weight x (L1 error - sqrt(2/pi) sigma cells)
    std::vector<double> estimate;  // the model's counts over the candidate
};

// The candidates that fit (inside a clique of the model, or the triangulated tree with them added
// has at most sizeLimit cells), scored against `answers` (the true counts, one vector per
// candidate). Errors: the estimator's. O(candidates x (model cells + d^4)).
Result<std::vector<ScoredCandidate>> scoreCandidates(const std::vector<AimCandidate>& candidates,
                                                     const std::vector<std::vector<double>>& answers,
                                                     const GraphicalModel& model, double sizeLimit, double sigma);

// The position in `scored` chosen by the exponential mechanism (epsilon, sensitivity 2 x the
// largest weight, at least 2). Errors: nothing scored, the mechanism's.
Result<std::size_t> chooseCandidate(const std::vector<AimCandidate>& candidates,
                                    const std::vector<ScoredCandidate>& scored, double epsilon, RandomSource& rng);

}  // namespace veil::synth::detail
