// AIM's per-round selection (McKenna, Mullins, Sheldon, Miklau, VLDB 2022, Algorithm 2 and
// Section 4): candidates that keep the model under the size limit (or add nothing to it), each
// scored by its weighted L1 error minus the expected L1 norm of the noise it would get, one chosen
// by the exponential mechanism (replace-one sensitivity of a score: 2 x its weight).
#include "synth/detail/aim_selection.h"

#include "veil/dp/exponential_mechanism.h"

#include <algorithm>
#include <cmath>
#include <numbers>

namespace veil::synth::detail {

namespace {

double cellsOf(const std::vector<std::size_t>& vars, const std::vector<std::size_t>& sizes) {
    double cells = 1.0;
    for (auto v : vars) cells *= static_cast<double>(sizes[v]);
    return cells;
}

// The model's counts over `vars`, through `wider` (the model's tree with vars added).
Result<std::vector<double>> estimateThrough(const GraphicalModel& model, JunctionTree wider,
                                            const std::vector<std::size_t>& vars) {
    auto potentials = expandPotentials(model, wider);
    if (!potentials) return potentials.status();
    GraphicalModel m;
    m.tree = std::move(wider);
    m.potentials = std::move(*potentials);
    m.total = model.total;
    calibrate(m);
    auto p = m.marginal(vars);
    if (!p) return p.status();
    for (auto& v : p->values) v *= model.total;
    return std::move(p->values);
}

}  // namespace

Result<std::vector<ScoredCandidate>> scoreCandidates(const std::vector<AimCandidate>& candidates,
                                                     const std::vector<std::vector<double>>& answers,
                                                     const GraphicalModel& model, double sizeLimit, double sigma) {
    std::vector<ScoredCandidate> out;
    const auto& sizes = model.tree.sizes;
    for (std::size_t i = 0; i < candidates.size(); ++i) {
        const auto& vars = candidates[i].vars;
        ScoredCandidate s;
        s.index = i;
        if (model.tree.cliqueContaining(vars) != JunctionTree::npos) {
            // Free: already inside the model (the downward closure of its cliques).
            auto p = model.marginal(vars);
            if (!p) return p.status();
            for (auto& v : p->values) v *= model.total;
            s.estimate = std::move(p->values);
        } else {
            auto cliques = model.tree.cliques;
            cliques.push_back(vars);
            auto wider = triangulatedTree(cliques, sizes);
            if (!wider) return wider.status();
            if (treeCells(*wider) > sizeLimit) continue;
            auto estimate = estimateThrough(model, std::move(*wider), vars);
            if (!estimate) return estimate.status();
            s.estimate = std::move(*estimate);
        }
        double l1 = 0.0;
        for (std::size_t k = 0; k < s.estimate.size(); ++k) l1 += std::abs(answers[i][k] - s.estimate[k]);
        // E|N(0, sigma^2)| = sigma sqrt(2 / pi) per cell: the error a measurement could not remove.
        const double bias = std::sqrt(2.0 / std::numbers::pi) * sigma * cellsOf(vars, sizes);
        s.quality = candidates[i].weight * (l1 - bias);
        out.push_back(std::move(s));
    }
    return out;
}

Result<std::size_t> chooseCandidate(const std::vector<AimCandidate>& candidates,
                                    const std::vector<ScoredCandidate>& scored, double epsilon, RandomSource& rng) {
    if (scored.empty()) return Status::internal("AIM: no candidate fits the model size limit");
    double maxWeight = 0.0;
    std::vector<double> quality;
    for (const auto& s : scored) {
        maxWeight = std::max(maxWeight, std::abs(candidates[s.index].weight));
        quality.push_back(s.quality);
    }
    // Replacing one row moves a count marginal by 1 in two cells: its L1 error by at most 2.
    auto em = dp::ExponentialMechanism::create(epsilon, 2.0 * std::max(maxWeight, 1.0), dp::Neighbouring::Replace);
    if (!em) return em.status().withContext("AIM selection");
    auto pick = em->select(rng, quality);
    if (!pick) return pick.status().withContext("AIM selection");
    return *pick;
}

}  // namespace veil::synth::detail
