// `veil-cli graph release` (private statistic releases) and `veil-cli graph degrees`
// (Hay et al. degree sequence and degree histogram).
#include "commands/graph_common.h"

#include "cli_support.h"
#include "ledger_options.h"
#include "veil/common/random.h"
#include "veil/common/validate.h"
#include "veil/graph/degree_distribution.h"
#include "veil/graph/mechanisms.h"

#include <iostream>
#include <memory>
#include <optional>

namespace veil::cli::graphcmd {
namespace {

struct ReleaseOptions {
    InputOptions in;
    std::string statistic = "edges";
    std::string privacy = "edge";
    std::string method = "laplace";
    std::size_t k = 0;
    double epsilon = 1.0;
    std::optional<double> delta;
    int trials = 1;
    std::optional<std::uint64_t> seed;
    LedgerOptions ledger;
};

int runRelease(const ReleaseOptions& o) {
    auto loaded = loadInput(o.in);
    if (!loaded) return reportError(loaded.status());
    const graph::Graph& g = loaded->graph;
    auto stat = graph::parseStatistic(o.statistic, g);
    if (!stat) return reportError(stat.status());
    auto privacy = graph::parsePrivacy(o.privacy);
    if (!privacy) return reportError(privacy.status());
    auto method = graph::parseMethod(o.method);
    if (!method) return reportError(method.status());

    graph::ReleaseRequest r;
    r.statistic = *stat;
    r.privacy = *privacy;
    r.method = *method;
    r.k = o.k;
    r.epsilon = o.epsilon;
    r.trials = o.trials;
    const bool needsDelta = r.method == graph::Method::NoisyMaxDegree || r.method == graph::Method::Truncation ||
                            (r.method == graph::Method::Restricted && r.privacy == graph::Privacy::Node);
    r.delta = o.delta.value_or(needsDelta ? 1e-6 : 0.0);

    auto rng = makeRandomSource(o.seed ? &*o.seed : nullptr);
    RunContext ctx;
    ctx.random = rng.get();
    auto res = graph::releaseStatistic(g, r, ctx);
    if (!res) return reportError(res.status());
    {
        // What each trial spends comes from core (e.g. 2 epsilon for noisy-max-degree, seed 000).
        release::LedgerEntry e;
        e.release = res->statistic + " of the graph";
        e.mechanism = res->method;
        e.neighbouring = res->privacy == "node" ? "node (rewire one node)" : "edge (add or remove one edge)";
        e.epsilon = res->spentEpsilon * r.trials;
        e.delta = res->spentDelta * r.trials;
        e.details = {{"k", r.k}, {"trials", r.trials}, {"seeded", o.seed.has_value()}, {"noise_scale", res->noiseScale},
                     {"guarantee", res->guarantee}};
        if (auto s = recordInLedger(o.ledger, o.in.file, e); !s.isOk()) return reportError(s);
    }

    if (o.in.json) {
        nlohmann::json j{{"statistic", res->statistic},
                         {"privacy", res->privacy},
                         {"method", res->method},
                         {"releases", res->releases},
                         {"noise_scale", res->noiseScale},
                         {"true_value", res->trueValue},
                         {"projected_value", res->projectedValue},
                         {"epsilon", res->epsilon},
                         {"delta", res->delta},
                         {"sensitivity", res->sensitivity},
                         {"sensitivity_formula", res->sensitivityFormula},
                         {"removed_edges", res->removedEdges},
                         {"guarantee", res->guarantee},
                         {"random_source", rng->description()}};
        if (r.k > 0) j["k"] = r.k;
        j["d_est"] = res->dEst ? nlohmann::json(*res->dEst) : nlohmann::json(nullptr);
        if (res->smoothBound) j["smooth_bound"] = *res->smoothBound;
        if (res->beta) j["beta"] = *res->beta;
        if (res->noiseScales.size() > 1) j["noise_scales"] = res->noiseScales;
        nlohmann::json w = warningsJson(*loaded);
        for (const auto& s : res->warnings) w.push_back(s);
        j["warnings"] = w;
        printJson(j);
        return 0;
    }
    for (const auto& s : res->warnings) std::cerr << "veil-cli: warning: " << s << '\n';
    std::cout << res->statistic << " (" << res->privacy << " privacy, " << res->method << ")\n"
              << "guarantee        " << res->guarantee << "\nsensitivity      " << formatNumber(res->sensitivity) << "  ["
              << res->sensitivityFormula << "]\nnoise scale      " << formatNumber(res->noiseScale) << '\n';
    if (res->dEst) std::cout << "d_est            " << formatNumber(*res->dEst) << '\n';
    if (res->method != "laplace" && res->method != "noisy-max-degree")
        std::cout << "projected value  " << formatNumber(res->projectedValue) << "  (" << res->removedEdges
                  << " edges removed)\n";
    for (double v : res->releases) std::cout << "release          " << formatNumber(v) << '\n';
    return 0;
}

struct DegreesOptions {
    InputOptions in;
    double epsilon = 1.0;
    std::optional<std::uint64_t> seed;
};

int runDegrees(const DegreesOptions& o) {
    auto loaded = loadInput(o.in);
    if (!loaded) return reportError(loaded.status());
    auto rng = makeRandomSource(o.seed ? &*o.seed : nullptr);
    RunContext ctx;
    ctx.random = rng.get();
    auto seq = graph::releaseDegreeSequence(loaded->graph, o.epsilon, ctx);
    if (!seq) return reportError(seq.status());
    auto hist = graph::releaseDegreeHistogram(loaded->graph, o.epsilon, ctx);
    if (!hist) return reportError(hist.status());
    if (o.in.json) {
        printJson({{"epsilon", o.epsilon},
                   {"epsilon_note", "each of the two releases (sequence, histogram) spends epsilon"},
                   {"sequence",
                    {{"noise_scale", seq->noiseScale},
                     {"true", seq->trueSorted},
                     {"noisy", seq->noisy},
                     {"post_processed", seq->postProcessed}}},
                   {"histogram",
                    {{"noise_scale", hist->noiseScale},
                     {"true", hist->trueCounts},
                     {"noisy", hist->noisy},
                     {"clamped", hist->clamped}}},
                   {"random_source", rng->description()},
                   {"warnings", warningsJson(*loaded)}});
        return 0;
    }
    std::cout << "sorted degree sequence + Lap(" << formatNumber(seq->noiseScale)
              << "), isotonic regression (Hay et al. 2009)\nrank  true  noisy  post-processed\n";
    for (std::size_t i = 0; i < seq->trueSorted.size(); ++i)
        std::cout << i << "  " << formatNumber(seq->trueSorted[i]) << "  " << formatNumber(seq->noisy[i]) << "  "
                  << formatNumber(seq->postProcessed[i]) << '\n';
    return 0;
}

}  // namespace

void setupRelease(CLI::App& graph, CommandOutcome& outcome) {
    auto o = std::make_shared<ReleaseOptions>();
    auto* cmd = graph.add_subcommand("release", "Release a statistic with edge- or node-level differential privacy");
    addInputOptions(*cmd, o->in);
    cmd->add_option("--statistic", o->statistic, "edges | max-degree | triangles | two-stars | profile:SPEC");
    cmd->add_option("--privacy", o->privacy, "edge | node (default edge)");
    cmd->add_option("--method", o->method, "laplace | noisy-max-degree | restricted | truncation (default laplace)");
    cmd->add_option("--k", o->k, "Degree bound k of the hypothesis H_k (restricted, truncation)");
    cmd->add_option("--epsilon", o->epsilon, "Privacy parameter epsilon (default 1)");
    cmd->add_option("--delta", o->delta, "Privacy parameter delta (default 1e-6 where needed)");
    cmd->add_option("--trials", o->trials, "Number of independent releases (default 1)");
    cmd->add_option("--seed", o->seed, "Seed for a reproducible (not secure) random source");
    addLedgerOptions(cmd, o->ledger);
    cmd->callback([o, &outcome] { outcome.exitCode = runRelease(*o); });
}

void setupDegrees(CLI::App& graph, CommandOutcome& outcome) {
    auto o = std::make_shared<DegreesOptions>();
    auto* cmd = graph.add_subcommand("degrees", "Private degree sequence (Hay et al.) and degree histogram");
    addInputOptions(*cmd, o->in);
    cmd->add_option("--epsilon", o->epsilon, "Privacy parameter epsilon (default 1)");
    cmd->add_option("--seed", o->seed, "Seed for a reproducible (not secure) random source");
    cmd->callback([o, &outcome] { outcome.exitCode = runDegrees(*o); });
}

}  // namespace veil::cli::graphcmd
