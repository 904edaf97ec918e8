// MST's budget split and private tree selection (McKenna, Miklau, Sheldon, JPC 2021, Section 4):
// edge scores from the 1-way model, the exponential mechanism over the edges joining two
// components, d - 1 times (bounded range: Cesar & Rogers 2021, eps-BR is eps^2/8-zCDP).
#include "veil/synth/mst.h"

#include "veil/common/validate.h"
#include "veil/dp/exponential_mechanism.h"
#include "veil/dp/zcdp_gaussian.h"

#include <cmath>
#include <numeric>

namespace veil::synth {

Status validateOptions(const MstOptions& o) {
    VEIL_RETURN_IF_ERROR(dp::validateEpsilon(o.epsilon));
    VEIL_RETURN_IF_ERROR(dp::validateDelta(o.delta));
    if (!(o.delta > 0.0))
        return Status::invalidArgument("delta: MST needs delta > 0 (zCDP is converted to (epsilon, delta)); got " +
                                       formatNumber(o.delta));
    for (auto [name, value] :
         {std::pair<const char*, std::size_t>{"iterations", o.iterations}, {"select_iterations", o.selectIterations}})
        if (value == 0 || value > 1'000'000)
            return Status::invalidArgument(std::string(name) + ": " + std::to_string(value) +
                                           " is not in [1, 1000000]");
    if (o.rows > kMaxSyntheticRows)
        return Status::invalidArgument("rows: " + std::to_string(o.rows) + " is above the limit of " +
                                       std::to_string(kMaxSyntheticRows));
    return Status::ok();
}

MstBudget mstBudget(const MstOptions& o, std::size_t d) {
    MstBudget b;
    b.rho = dp::cdpRho(o.epsilon, o.delta);
    const double dd = static_cast<double>(d);
    if (d < 2) {
        b.rhoOneWay = b.rho;
    } else {
        b.rhoOneWay = b.rhoSelection = b.rhoTwoWay = b.rho / 3.0;
        // d - 1 choices, each eps^2/8-zCDP: eps = sqrt(8 rho_selection / (d - 1)).
        b.epsilonPerEdge = std::sqrt(8.0 * b.rhoSelection / (dd - 1.0));
        b.sigmaTwoWay = std::sqrt(2.0 * (dd - 1.0)) / std::sqrt(2.0 * b.rhoTwoWay);
    }
    // k marginals, each moved by a replaced row in two cells by 1: L2 sensitivity sqrt(2 k);
    // sigma = sensitivity / sqrt(2 rho) (Bun & Steinke 2016, Prop. 1.6).
    b.sigmaOneWay = std::sqrt(2.0 * dd) / std::sqrt(2.0 * b.rhoOneWay);
    return b;
}

std::vector<std::pair<std::pair<std::size_t, std::size_t>, double>> mstEdgeScores(const DiscreteTable& data,
                                                                                  const GraphicalModel& oneWay) {
    const std::size_t d = data.sizes.size();
    std::vector<Factor> single;
    for (std::size_t a = 0; a < d; ++a) {
        auto m = oneWay.marginal({a});
        single.push_back(m ? std::move(*m) : zeroFactor({a}, data.sizes));
    }
    std::vector<std::pair<std::pair<std::size_t, std::size_t>, double>> out;
    for (std::size_t a = 0; a < d; ++a)
        for (std::size_t b = a + 1; b < d; ++b) {
            const Factor x = countMarginal(data, {a, b});
            double l1 = 0.0;
            for (std::size_t i = 0; i < data.sizes[a]; ++i)
                for (std::size_t j = 0; j < data.sizes[b]; ++j) {
                    const double estimate = oneWay.total * single[a].values[i] * single[b].values[j];
                    l1 += std::abs(x.values[i * data.sizes[b] + j] - estimate);
                }
            out.push_back({{a, b}, l1});
        }
    return out;
}

Result<std::vector<std::pair<std::size_t, std::size_t>>> selectTree(
    std::size_t d, const std::vector<std::pair<std::pair<std::size_t, std::size_t>, double>>& scores,
    double epsilonPerEdge, RandomSource& rng) {
    std::vector<std::pair<std::size_t, std::size_t>> tree;
    if (d < 2) return tree;
    // Replacing one row changes each 2-way count table in two cells by 1: the L1 score moves by <= 2.
    auto em = dp::ExponentialMechanism::create(epsilonPerEdge, 2.0, dp::Neighbouring::Replace);
    if (!em) return em.status().withContext("tree selection");
    std::vector<std::size_t> component(d);
    std::iota(component.begin(), component.end(), 0);
    while (tree.size() + 1 < d) {
        std::vector<std::size_t> candidates;
        std::vector<double> weights;
        for (std::size_t i = 0; i < scores.size(); ++i) {
            const auto& e = scores[i].first;
            if (component[e.first] == component[e.second]) continue;
            candidates.push_back(i);
            weights.push_back(scores[i].second);
        }
        auto pick = em->select(rng, weights);
        if (!pick) return pick.status().withContext("tree selection");
        const auto edge = scores[candidates[*pick]].first;
        tree.push_back(edge);
        const std::size_t from = component[edge.second], to = component[edge.first];
        for (auto& c : component)
            if (c == from) c = to;
    }
    return tree;
}

}  // namespace veil::synth
