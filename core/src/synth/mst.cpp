// MST release (McKenna, Miklau, Sheldon, JPC 2021, Algorithm 1): validate, charge {epsilon, delta,
// rho} through the gate, Gaussian 1-way marginals, private tree, Gaussian 2-way marginals of its
// edges, Private-PGM estimation over the tree, sampling. Every random draw comes from the gate.
#include "veil/synth/mst.h"

#include "veil/dp/zcdp_gaussian.h"

#include <cmath>

namespace veil::synth {

namespace {

// Gaussian noise on the count marginals of `cliques`, all under one zCDP share: k marginals of
// replace-one L2 sensitivity sqrt(2) each give sqrt(2 k) together.
Result<std::vector<NoisyMarginal>> measure(const DiscreteTable& data,
                                           const std::vector<std::vector<std::size_t>>& cliques, double rho,
                                           RandomSource& rng) {
    const double sensitivity = std::sqrt(2.0 * static_cast<double>(cliques.size()));
    auto gauss = dp::ZcdpGaussianMechanism::create(rho, sensitivity, dp::Neighbouring::Replace);
    if (!gauss) return gauss.status();
    std::vector<NoisyMarginal> out;
    for (const auto& vars : cliques) {
        Factor x = countMarginal(data, vars);
        for (auto& v : x.values) {
            auto noisy = gauss->release(rng, v);
            if (!noisy) return noisy.status();
            v = *noisy;
        }
        out.push_back({vars, std::move(x.values), gauss->sigma()});
    }
    return out;
}

nlohmann::json planJson(const MstOptions& o, const MstBudget& b, const std::vector<AttributeDomain>& domains,
                        std::size_t rows) {
    nlohmann::json j;
    j["kind"] = "synthetic";
    j["method"] = "mst";
    j["epsilon"] = o.epsilon;
    j["delta"] = o.delta;
    j["rho"] = b.rho;
    j["rho_one_way"] = b.rhoOneWay;
    j["rho_selection"] = b.rhoSelection;
    j["rho_two_way"] = b.rhoTwoWay;
    j["sigma_one_way"] = b.sigmaOneWay;
    j["sigma_two_way"] = b.sigmaTwoWay;
    j["epsilon_per_edge"] = b.epsilonPerEdge;
    j["iterations"] = o.iterations;
    j["select_iterations"] = o.selectIterations;
    j["rows"] = rows;
    j["neighbouring"] = dp::neighbouringName(dp::Neighbouring::Replace);
    j["domains"] = nlohmann::json::array();
    for (const auto& d : domains) j["domains"].push_back(d.toJson());
    return j;
}

struct Measured {
    std::vector<NoisyMarginal> measurements;
    std::vector<std::pair<std::size_t, std::size_t>> tree;
};

// Algorithm 1 lines 1-4: 1-way measurements, the 1-way model, the tree, its 2-way measurements.
Result<Measured> measureAndSelect(const DiscreteTable& data, const MstOptions& o, const MstBudget& b, RandomSource& rng,
                                  const RunContext& ctx) {
    const std::size_t d = data.sizes.size();
    const double n = static_cast<double>(data.rowCount());
    std::vector<std::vector<std::size_t>> singles;
    for (std::size_t a = 0; a < d; ++a) singles.push_back({a});
    auto one = measure(data, singles, b.rhoOneWay, rng);
    if (!one) return one.status().withContext("1-way marginals");
    Measured out;
    out.measurements = std::move(*one);
    if (d < 2) return out;
    ctx.report(0.1, "Scoring the edges");
    auto forest = junctionTree(singles, data.sizes);
    if (!forest) return forest.status();
    EstimationOptions eo;
    eo.iterations = o.selectIterations;
    auto oneWay = estimateModel(*forest, out.measurements, n, eo, ctx);
    if (!oneWay) return oneWay.status();
    auto tree = selectTree(d, mstEdgeScores(data, *oneWay), b.epsilonPerEdge, rng);
    if (!tree) return tree.status();
    out.tree = std::move(*tree);
    std::vector<std::vector<std::size_t>> edges;
    for (const auto& e : out.tree) edges.push_back({e.first, e.second});
    auto two = measure(data, edges, b.rhoTwoWay, rng);
    if (!two) return two.status().withContext("2-way marginals");
    for (auto& m : *two) out.measurements.push_back(std::move(m));
    return out;
}

}  // namespace

Result<SyntheticRelease> releaseMst(dp::ReleaseGate& gate, const Table& table,
                                    const std::vector<AttributeDomain>& domains, const MstOptions& o,
                                    const RunContext& ctx) {
    ctx.report(0.0, "Discretizing");
    VEIL_RETURN_IF_ERROR(validateOptions(o));
    auto disc = discretizeForRelease(table, domains, gate.isTeaching());
    if (!disc) return disc.status();
    const DiscreteTable& data = disc->table;
    const std::size_t n = data.rowCount(), d = data.sizes.size();
    if (n < 1) return Status::invalidArgument("rows: MST needs at least 1 row, the table has none");
    const MstBudget budget = mstBudget(o, d);
    const std::size_t rows = o.rows == 0 ? n : o.rows;

    dp::Charge charge;
    charge.what = "MST synthetic table of " + std::to_string(d) + " columns";
    charge.mechanism = "mst";
    charge.neighbouring = dp::neighbouringName(dp::Neighbouring::Replace);
    charge.citation = kMstCitation;
    charge.cost = {o.epsilon, o.delta, budget.rho};
    charge.details = planJson(o, budget, domains, rows);
    auto admission = gate.admit(charge);
    if (!admission) return admission.status();
    RandomSource& rng = *admission->random;

    auto measured = measureAndSelect(data, o, budget, rng, ctx);
    if (!measured) return measured.status();
    ctx.report(0.3, "Estimating the model");
    std::vector<std::vector<std::size_t>> cliques;
    for (const auto& e : measured->tree) cliques.push_back({e.first, e.second});
    auto tree = junctionTree(cliques, data.sizes);
    if (!tree) return tree.status();
    EstimationOptions eo;
    eo.iterations = o.iterations;
    auto model = estimateModel(*tree, measured->measurements, static_cast<double>(n), eo, ctx);
    if (!model) return model.status();
    ctx.report(0.9, "Sampling");
    SyntheticRelease out;
    out.codes = sampleModel(*model, data.names, rows, rng);
    out.model.sizes = data.sizes;
    out.table = decodeLike(out.codes, table, domains, rng);
    out.plan = charge.details;
    out.plan["tree"] = nlohmann::json::array();
    for (const auto& e : measured->tree) out.plan["tree"].push_back({data.names[e.first], data.names[e.second]});
    out.receipt = admission->receipt;
    ctx.report(1.0, "Done");
    return out;
}

}  // namespace veil::synth
