// PrivBayes release (Zhang, Cormode, Procopiuc, Srivastava, Xiao, SIGMOD 2014, Algorithms 1-4):
// validate, charge through the gate, greedy network by the exponential mechanism, Laplace
// conditionals, sampling. Every random draw comes from the gate's admission.
#include "veil/synth/privbayes.h"

#include "veil/common/validate.h"
#include "veil/dp/exponential_mechanism.h"
#include "veil/dp/laplace_mechanism.h"
#include "veil/dp/privacy.h"

#include <algorithm>
#include <cmath>
#include <map>

namespace veil::synth {

Status validateOptions(const PrivBayesOptions& o) {
    VEIL_RETURN_IF_ERROR(dp::validateEpsilon(o.epsilon));
    if (!(o.beta > 0.0 && o.beta < 1.0))
        return Status::invalidArgument("beta: " + formatNumber(o.beta) + " is not in (0, 1)");
    VEIL_RETURN_IF_ERROR(requirePositiveFinite(o.theta, "theta"));
    if (o.rows > kMaxSyntheticRows)
        return Status::invalidArgument("rows: " + std::to_string(o.rows) + " is above the limit of " +
                                       std::to_string(kMaxSyntheticRows));
    return Status::ok();
}

namespace {

using MiCache = std::map<std::pair<std::size_t, std::vector<std::size_t>>, double>;

// Algorithm 4 with the exponential mechanism: the first attribute uniformly at random, then d - 1
// selections among (X not chosen, Pi a candidate parent set of the chosen), each spending eps1 / (d - 1).
Result<std::vector<ApPair>> learnNetwork(const DiscreteTable& data, const PrivBayesOptions& o, double eps1,
                                         double maxCells, RandomSource& rng, const RunContext& ctx) {
    const std::size_t d = data.sizes.size();
    std::vector<ApPair> network;
    std::vector<std::size_t> chosen{static_cast<std::size_t>(rng.uniformBelow(d))};
    network.push_back({chosen.front(), {}});
    if (d == 1) return network;
    const double sensitivity = mutualInformationSensitivity(data.rowCount());
    auto em =
        dp::ExponentialMechanism::create(eps1 / static_cast<double>(d - 1), sensitivity, dp::Neighbouring::Replace);
    if (!em) return em.status().withContext("network selection");
    MiCache cache;
    while (chosen.size() < d) {
        if (ctx.cancelled()) return Status::cancelled();
        ctx.report(0.05 + 0.6 * static_cast<double>(chosen.size()) / static_cast<double>(d), "Choosing the network");
        std::vector<ApPair> candidates;
        std::vector<double> scores;
        for (std::size_t x = 0; x < d; ++x) {
            if (std::find(chosen.begin(), chosen.end(), x) != chosen.end()) continue;
            for (auto& parents : candidateParentSets(data.sizes, x, chosen, o.maxDegree, maxCells)) {
                std::sort(parents.begin(), parents.end());
                auto key = std::make_pair(x, parents);
                auto it = cache.find(key);
                if (it == cache.end()) it = cache.emplace(key, mutualInformation(data, {x, parents})).first;
                candidates.push_back({x, parents});
                scores.push_back(it->second);
            }
        }
        auto pick = em->select(rng, scores);
        if (!pick) return pick.status().withContext("network selection");
        network.push_back(candidates[*pick]);
        chosen.push_back(candidates[*pick].child);
    }
    return network;
}

// Algorithm 1, step 2: Laplace noise on each pair's joint counts. Replacing one row moves one unit
// between two cells of each of the d tables: L1 sensitivity 2 per table, eps2 / d per table.
Result<std::vector<ConditionalTable>> noisyConditionals(const DiscreteTable& data, const std::vector<ApPair>& network,
                                                        double eps2, RandomSource& rng, const RunContext& ctx) {
    auto laplace =
        dp::LaplaceMechanism::create(eps2 / static_cast<double>(network.size()), 2.0, dp::Neighbouring::Replace);
    if (!laplace) return laplace.status().withContext("conditional distributions");
    std::vector<ConditionalTable> out;
    for (const auto& pair : network) {
        if (ctx.cancelled()) return Status::cancelled();
        auto counts = jointCounts(data, pair);
        for (auto& c : counts) {
            auto noisy = laplace->release(rng, c);
            if (!noisy) return noisy.status().withContext("conditional of '" + data.names[pair.child] + "'");
            c = *noisy;
        }
        out.push_back(conditionalFromCounts(pair, data.sizes[pair.child], std::move(counts)));
    }
    return out;
}

nlohmann::json planJson(const PrivBayesOptions& o, const std::vector<AttributeDomain>& domains, double eps1,
                        double eps2, double maxCells, std::size_t rows) {
    nlohmann::json j;
    j["kind"] = "synthetic";
    j["method"] = o.independent ? "independent" : "privbayes";
    j["epsilon"] = o.epsilon;
    j["epsilon_network"] = eps1;
    j["epsilon_conditionals"] = eps2;
    j["beta"] = o.independent ? 0.0 : o.beta;
    j["max_degree"] = o.independent ? 0 : o.maxDegree;
    j["theta"] = o.theta;
    j["max_table_cells"] = maxCells;
    j["rows"] = rows;
    j["neighbouring"] = dp::neighbouringName(dp::Neighbouring::Replace);
    j["domains"] = nlohmann::json::array();
    for (const auto& d : domains) j["domains"].push_back(d.toJson());
    return j;
}

}  // namespace

Result<SyntheticRelease> releasePrivBayes(dp::ReleaseGate& gate, const Table& table,
                                          const std::vector<AttributeDomain>& domains, const PrivBayesOptions& o,
                                          const RunContext& ctx) {
    ctx.report(0.0, "Discretizing");
    VEIL_RETURN_IF_ERROR(validateOptions(o));
    auto disc = discretizeForRelease(table, domains, gate.isTeaching());
    if (!disc) return disc.status();
    const DiscreteTable& data = disc->table;
    const std::size_t n = data.rowCount(), d = data.sizes.size();
    if (n < 2)
        return Status::invalidArgument("rows: PrivBayes needs at least 2 usable rows, the table has " +
                                       std::to_string(n));
    const double eps1 = o.independent || d == 1 ? 0.0 : o.beta * o.epsilon;
    const double eps2 = o.epsilon - eps1;
    // Theta-usefulness (Section 4.3): average count per cell over the Laplace scale 2d / eps2 >= theta.
    const double maxCells = static_cast<double>(n) * eps2 / (2.0 * static_cast<double>(d) * o.theta);
    const std::size_t rows = o.rows == 0 ? n : o.rows;

    dp::Charge charge;
    charge.what = std::string(o.independent ? "independent marginals" : "PrivBayes") + " synthetic table of " +
                  std::to_string(d) + " columns";
    charge.mechanism = o.independent ? "independent-marginals" : "privbayes";
    charge.neighbouring = dp::neighbouringName(dp::Neighbouring::Replace);
    charge.citation = kPrivBayesCitation;
    charge.cost = {o.epsilon, 0.0};
    charge.details = planJson(o, domains, eps1, eps2, maxCells, rows);
    auto admission = gate.admit(charge);
    if (!admission) return admission.status();
    RandomSource& rng = *admission->random;

    SyntheticRelease out;
    if (o.independent) {
        for (std::size_t j = 0; j < d; ++j) out.model.network.push_back({j, {}});
    } else {
        auto network = learnNetwork(data, o, eps1, maxCells, rng, ctx);
        if (!network) return network.status();
        out.model.network = std::move(*network);
    }
    ctx.report(0.7, "Noising the conditionals");
    auto conditionals = noisyConditionals(data, out.model.network, eps2, rng, ctx);
    if (!conditionals) return conditionals.status();
    out.model.conditionals = std::move(*conditionals);
    out.model.sizes = data.sizes;
    ctx.report(0.8, "Sampling");
    out.codes = sampleRows(out.model, data.names, rows, rng);
    out.table = decodeLike(out.codes, table, domains, rng);
    out.plan = charge.details;
    out.plan["network"] = out.model.toJson(data);
    out.receipt = admission->receipt;
    ctx.report(1.0, "Done");
    return out;
}

}  // namespace veil::synth
