// AIM release (McKenna, Mullins, Sheldon, Miklau, VLDB 2022, Algorithm 1): validate, charge
// {epsilon, delta, rho} through the gate, Gaussian 1-way marginals, then rounds of selection,
// Gaussian measurement and warm-started Private-PGM estimation with annealing, a final estimate,
// sampling. Every random draw comes from the gate.
#include "veil/synth/aim.h"

#include "synth/detail/aim_selection.h"
#include "veil/dp/zcdp_gaussian.h"

#include <cmath>
#include <numbers>

namespace veil::synth {

namespace {

// One marginal with Gaussian noise of scale sigma: replace-one L2 sensitivity sqrt(2), so
// 1 / sigma^2 zCDP.
Result<NoisyMarginal> measure(const DiscreteTable& data, const std::vector<std::size_t>& vars, double sigma,
                              RandomSource& rng) {
    auto gauss = dp::ZcdpGaussianMechanism::create(1.0 / (sigma * sigma), std::sqrt(2.0), dp::Neighbouring::Replace);
    if (!gauss) return gauss.status();
    Factor x = countMarginal(data, vars);
    for (auto& v : x.values) {
        auto noisy = gauss->release(rng, v);
        if (!noisy) return noisy.status();
        v = *noisy;
    }
    return NoisyMarginal{vars, std::move(x.values), gauss->sigma()};
}

std::size_t roundsFor(const AimOptions& o, std::size_t d) { return o.rounds == 0 ? 16 * d : o.rounds; }

nlohmann::json planJson(const AimOptions& o, double rho, std::size_t d, const std::vector<AttributeDomain>& domains,
                        std::size_t rows) {
    nlohmann::json j;
    j["kind"] = "synthetic";
    j["method"] = "aim";
    j["epsilon"] = o.epsilon;
    j["delta"] = o.delta;
    j["rho"] = rho;
    j["degree"] = o.degree;
    j["rounds"] = roundsFor(o, d);
    j["iterations"] = o.iterations;
    j["round_iterations"] = o.roundIterations;
    j["max_model_cells"] = o.maxModelCells;
    j["rows"] = rows;
    j["neighbouring"] = dp::neighbouringName(dp::Neighbouring::Replace);
    j["domains"] = nlohmann::json::array();
    for (const auto& dom : domains) j["domains"].push_back(dom.toJson());
    return j;
}

struct Run {
    GraphicalModel model;
    std::vector<NoisyMarginal> measurements;
    std::size_t rounds = 0, anneals = 0;
    double rhoUsed = 0.0;
};

double l1(const std::vector<double>& a, const std::vector<double>& b) {
    double s = 0.0;
    for (std::size_t k = 0; k < a.size(); ++k) s += std::abs(a[k] - b[k]);
    return s;
}

// Re-estimates over the model's cliques plus `vars`, warm-started from `run.model`.
Status reestimate(Run& run, const std::vector<std::size_t>& vars, std::size_t iterations, double n,
                  const RunContext& ctx) {
    auto cliques = run.model.tree.cliques;
    cliques.push_back(vars);
    auto tree = triangulatedTree(cliques, run.model.tree.sizes);
    if (!tree) return tree.status();
    EstimationOptions eo;
    eo.iterations = iterations;
    eo.start = &run.model;
    auto next = estimateModel(*tree, run.measurements, n, eo, ctx);
    if (!next) return next.status();
    run.model = std::move(*next);
    return Status::ok();
}

// Algorithm 1: the 1-way marginals, then rounds until the budget is spent.
Result<Run> runRounds(const DiscreteTable& data, const AimOptions& o, double rho, RandomSource& rng,
                      const RunContext& ctx) {
    const std::size_t d = data.sizes.size();
    const double n = static_cast<double>(data.rowCount());
    AimAccountant budget(rho, d, roundsFor(o, d));
    const auto candidates = aimCandidates(d, o.degree);
    std::vector<std::vector<double>> answers;  // the true counts (read once; only scored privately)
    answers.reserve(candidates.size());
    for (const auto& c : candidates) answers.push_back(countMarginal(data, c.vars).values);
    Run run;
    std::vector<std::vector<std::size_t>> singles;
    for (std::size_t a = 0; a < d; ++a) {
        singles.push_back({a});
        auto m = measure(data, {a}, budget.initialSigma(), rng);
        if (!m) return m.status().withContext("1-way marginals");
        run.measurements.push_back(std::move(*m));
    }
    auto forest = junctionTree(singles, data.sizes);
    if (!forest) return forest.status();
    EstimationOptions eo;
    eo.iterations = o.roundIterations;
    auto first = estimateModel(*forest, run.measurements, n, eo, ctx);
    if (!first) return first.status();
    run.model = std::move(*first);
    for (bool last = false; !last;) {
        if (ctx.cancelled()) return Status::cancelled();
        const AimRound round = budget.next();
        last = round.last;
        ctx.report(0.05 + 0.8 * std::min(1.0, budget.used() / rho), "Round " + std::to_string(run.rounds + 1));
        const double sizeLimit = o.maxModelCells * budget.used() / rho;
        auto scored = detail::scoreCandidates(candidates, answers, run.model, sizeLimit, round.sigma);
        if (!scored) return scored.status();
        auto pick = detail::chooseCandidate(candidates, *scored, round.epsilon, rng);
        if (!pick) return pick.status();
        const auto& chosen = (*scored)[*pick];
        const auto& vars = candidates[chosen.index].vars;
        auto m = measure(data, vars, round.sigma, rng);
        if (!m) return m.status();
        run.measurements.push_back(std::move(*m));
        VEIL_RETURN_IF_ERROR(reestimate(run, vars, o.roundIterations, n, ctx));
        ++run.rounds;
        // Anneal when the new measurement moved the model's marginal less than its noise would.
        auto after = run.model.marginal(vars);
        if (!after) return after.status();
        for (auto& v : after->values) v *= n;
        const double cells = static_cast<double>(after->values.size());
        if (!last && l1(after->values, chosen.estimate) <= std::sqrt(2.0 / std::numbers::pi) * round.sigma * cells) {
            budget.anneal();
            ++run.anneals;
        }
    }
    run.rhoUsed = budget.used();
    return run;
}

}  // namespace

Result<SyntheticRelease> releaseAim(dp::ReleaseGate& gate, const Table& table,
                                    const std::vector<AttributeDomain>& domains, const AimOptions& o,
                                    const RunContext& ctx) {
    ctx.report(0.0, "Discretizing");
    VEIL_RETURN_IF_ERROR(validateOptions(o));
    auto disc = discretizeForRelease(table, domains, gate.isTeaching());
    if (!disc) return disc.status();
    const DiscreteTable& data = disc->table;
    const std::size_t n = data.rowCount(), d = data.sizes.size();
    if (n < 1) return Status::invalidArgument("rows: AIM needs at least 1 row, the table has none");
    if (d < 1) return Status::invalidArgument("columns: AIM needs at least 1 column");
    const double rho = dp::cdpRho(o.epsilon, o.delta);
    const std::size_t rows = o.rows == 0 ? n : o.rows;

    dp::Charge charge;
    charge.what = "AIM synthetic table of " + std::to_string(d) + " columns";
    charge.mechanism = "aim";
    charge.neighbouring = dp::neighbouringName(dp::Neighbouring::Replace);
    charge.citation = kAimCitation;
    charge.cost = {o.epsilon, o.delta, rho};
    charge.details = planJson(o, rho, d, domains, rows);
    auto admission = gate.admit(charge);
    if (!admission) return admission.status();
    RandomSource& rng = *admission->random;

    auto run = runRounds(data, o, rho, rng, ctx);
    if (!run) return run.status();
    ctx.report(0.85, "Estimating the model");
    EstimationOptions eo;
    eo.iterations = o.iterations;
    eo.start = &run->model;
    auto model = estimateModel(run->model.tree, run->measurements, static_cast<double>(n), eo, ctx);
    if (!model) return model.status();
    ctx.report(0.95, "Sampling");
    SyntheticRelease out;
    out.codes = sampleModel(*model, data.names, rows, rng);
    out.model.sizes = data.sizes;
    out.table = decodeLike(out.codes, table, domains, rng);
    out.plan = charge.details;
    out.plan["rounds_run"] = run->rounds;
    out.plan["anneals"] = run->anneals;
    out.plan["rho_used"] = run->rhoUsed;
    out.plan["measured"] = nlohmann::json::array();
    for (const auto& m : run->measurements) {
        nlohmann::json names = nlohmann::json::array();
        for (auto v : m.vars) names.push_back(data.names[v]);
        out.plan["measured"].push_back(names);
    }
    out.receipt = admission->receipt;
    ctx.report(1.0, "Done");
    return out;
}

}  // namespace veil::synth
