// `veil-cli graph release` (private statistic releases) and `veil-cli graph degrees`
// (Hay et al. degree sequence and degree histogram).
#include "commands/graph_common.h"

#include "cli_support.h"
#include "release_options.h"
#include "veil/common/validate.h"
#include "veil/graph/degree_distribution.h"
#include "veil/graph/mechanisms.h"

#include <iostream>
#include <memory>
#include <optional>

namespace veil::cli::graphcmd {
namespace {

struct StatisticOptions {
    InputOptions in;
    std::string statistic = "edges";
    std::string privacy = "edge";
    std::string method = "laplace";
    std::optional<std::size_t> k;
    double epsilon = 1.0;
    std::optional<double> delta;
    int trials = 1;
    bool showTrue = false;
    veil::cli::ReleaseOptions release;
};

int runRelease(const StatisticOptions& o) {
    if (auto st = requireTeaching(o.release, o.showTrue, "--show-true"); !st) return reportError(st);
    auto loaded = loadInput(o.in, !o.release.teaching);
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
    r.epsilon = o.epsilon;
    r.trials = o.trials;
    const bool needsDelta = r.method == graph::Method::NoisyMaxDegree || r.method == graph::Method::Truncation ||
                            (r.method == graph::Method::Restricted && r.privacy == graph::Privacy::Node);
    const bool needsK = r.method == graph::Method::Restricted || r.method == graph::Method::Truncation;
    // A flag the method would ignore is refused, as dp refuses a delta for the Laplace mechanism.
    if (o.delta && !needsDelta)
        return reportError("--delta: the " + o.method + " method under " + o.privacy +
                           " privacy is pure epsilon-DP; omit delta");
    if (o.k && !needsK) return reportError("--k: only restricted and truncation take a degree bound");
    if (needsK && !o.k)
        return reportError("--k: the " + o.method + " method needs a degree bound k >= 1 (the hypothesis H_k)");
    r.k = o.k.value_or(0);
    r.delta = o.delta.value_or(needsDelta ? 1e-6 : 0.0);

    auto gate = makeGate(o.release, o.in.file);
    if (!gate) return reportError(gate.status());
    auto res = graph::releaseStatistic(*gate->gate, g, r, RunContext{});
    if (!res) return reportError(res.status());
    // Release mode hides what depends on the graph: true and projected values, removed edges, d_est
    // and the data-dependent scales (core strips them); --show-true (teaching) prints the truth.
    const bool teaching = o.release.teaching;
    if (o.in.json) {
        nlohmann::json j{{"statistic", res->statistic},
                         {"privacy", res->privacy},
                         {"method", res->method},
                         {"releases", res->releases},
                         {"epsilon", res->epsilon},
                         {"delta", res->delta},
                         {"sensitivity_formula", res->sensitivityFormula},
                         {"guarantee", res->guarantee}};
        if (!res->dataDependentScale || teaching) {
            j["noise_scale"] = res->noiseScale;
            j["sensitivity"] = res->sensitivity;
            if (res->noiseScales.size() > 1) j["noise_scales"] = res->noiseScales;
        }
        if (teaching) {
            if (o.showTrue) j["true_value"] = res->trueValue;
            j["projected_value"] = res->projectedValue;
            j["removed_edges"] = res->removedEdges;
            j["d_est"] = res->dEst ? nlohmann::json(*res->dEst) : nlohmann::json(nullptr);
            if (res->smoothBound) j["smooth_bound"] = *res->smoothBound;
        }
        if (r.k > 0) j["k"] = r.k;
        if (res->beta) j["beta"] = *res->beta;
        nlohmann::json w = warningsJson(*loaded, o.in.file, !teaching);
        for (const auto& s : res->warnings) w.push_back(s);
        j["warnings"] = w;
        addReceipt(j, res->receipt);
        printJson(j);
        return 0;
    }
    for (const auto& s : res->warnings) std::cerr << "veil-cli: warning: " << s << '\n';
    std::cout << res->statistic << " (" << res->privacy << " privacy, " << res->method << ")\n"
              << "guarantee        " << res->guarantee << "\nsensitivity      ";
    if (!res->dataDependentScale || teaching)
        std::cout << formatNumber(res->sensitivity) << "  [" << res->sensitivityFormula << "]\nnoise scale      "
                  << formatNumber(res->noiseScale) << '\n';
    else
        std::cout << res->sensitivityFormula << "\nnoise scale      depends on the graph (not released)\n";
    if (teaching && res->dEst) std::cout << "d_est            " << formatNumber(*res->dEst) << '\n';
    if (teaching && res->method != "laplace" && res->method != "noisy-max-degree")
        std::cout << "projected value  " << formatNumber(res->projectedValue) << "  (" << res->removedEdges
                  << " edges removed)\n";
    if (o.showTrue) std::cout << "true value       " << formatNumber(res->trueValue) << '\n';
    for (double v : res->releases) std::cout << "release          " << formatNumber(v) << '\n';
    printReceipt(res->receipt);
    return 0;
}

struct DegreesOptions {
    InputOptions in;
    double epsilon = 1.0;
    bool showTrue = false;
    veil::cli::ReleaseOptions release;
};

int runDegrees(const DegreesOptions& o) {
    if (auto st = requireTeaching(o.release, o.showTrue, "--show-true"); !st) return reportError(st);
    auto loaded = loadInput(o.in, !o.release.teaching);
    if (!loaded) return reportError(loaded.status());
    auto gate = makeGate(o.release, o.in.file);
    if (!gate) return reportError(gate.status());
    // Two releases, each charged epsilon: the sorted sequence and the histogram, both checked against
    // the budget first (the sequence was spent, then the histogram refused).
    if (auto st = gate->gate->preflight({2.0 * o.epsilon, 0.0, 0.0}); !st) return reportError(st);
    auto seq = graph::releaseDegreeSequence(*gate->gate, loaded->graph, o.epsilon, RunContext{});
    if (!seq) return reportError(seq.status());
    auto hist = graph::releaseDegreeHistogram(*gate->gate, loaded->graph, o.epsilon, RunContext{});
    if (!hist) return reportError(hist.status());
    const dp::ReleaseReceipt both = dp::combinedReceipt({seq->receipt, hist->receipt});
    if (o.in.json) {
        nlohmann::json sequence{
            {"noise_scale", seq->noiseScale}, {"noisy", seq->noisy}, {"post_processed", seq->postProcessed}};
        nlohmann::json histogram{{"noise_scale", hist->noiseScale}, {"noisy", hist->noisy}, {"clamped", hist->clamped}};
        addReceipt(sequence, seq->receipt);
        addReceipt(histogram, hist->receipt);
        if (o.showTrue) {
            sequence["true"] = seq->trueSorted;
            histogram["true"] = hist->trueCounts;
        }
        nlohmann::json j{{"epsilon", o.epsilon},
                         {"epsilon_note", "each of the two releases (sequence, histogram) spends epsilon"},
                         {"sequence", sequence},
                         {"histogram", histogram},
                         {"random_source", seq->receipt.randomness},
                         {"warnings", warningsJson(*loaded, o.in.file, !o.release.teaching)}};
        addReceipt(j, both);  // the two releases' spend added
        j["ledger_entry"] = nullptr;
        j["ledger_entries"] = {
            seq->receipt.ledgerEntry ? nlohmann::json(*seq->receipt.ledgerEntry) : nlohmann::json(nullptr),
            hist->receipt.ledgerEntry ? nlohmann::json(*hist->receipt.ledgerEntry) : nlohmann::json(nullptr)};
        printJson(j);
        return 0;
    }
    std::cout << "sorted degree sequence + Lap(" << formatNumber(seq->noiseScale)
              << "), isotonic regression (Hay et al. 2009)\nrank  " << (o.showTrue ? "true  " : "")
              << "noisy  post-processed\n";
    for (std::size_t i = 0; i < seq->noisy.size(); ++i) {
        std::cout << i << "  ";
        if (o.showTrue) std::cout << formatNumber(seq->trueSorted[i]) << "  ";
        std::cout << formatNumber(seq->noisy[i]) << "  " << formatNumber(seq->postProcessed[i]) << '\n';
    }
    std::cout << "\ndegree histogram + Lap(" << formatNumber(hist->noiseScale) << "), clamped at 0\ndegree  "
              << (o.showTrue ? "true  " : "") << "noisy  clamped\n";
    for (std::size_t d = 0; d < hist->noisy.size(); ++d) {
        std::cout << d << "  ";
        if (o.showTrue) std::cout << formatNumber(hist->trueCounts[d]) << "  ";
        std::cout << formatNumber(hist->noisy[d]) << "  " << formatNumber(hist->clamped[d]) << '\n';
    }
    printReceipt(both);
    return 0;
}

}  // namespace

void setupRelease(CLI::App& graph, CommandOutcome& outcome) {
    auto o = std::make_shared<StatisticOptions>();
    auto* cmd = graph.add_subcommand("release", "Release a statistic with edge- or node-level differential privacy");
    addInputOptions(*cmd, o->in);
    cmd->add_option("--statistic", o->statistic, "edges | max-degree | triangles | two-stars | profile:SPEC");
    cmd->add_option("--privacy", o->privacy, "edge | node (default edge)");
    cmd->add_option("--method", o->method, "laplace | noisy-max-degree | restricted | truncation (default laplace)");
    cmd->add_option("--k", o->k, "Degree bound k of the hypothesis H_k (restricted, truncation)");
    cmd->add_option("--epsilon", o->epsilon, "Privacy parameter epsilon (default 1)");
    cmd->add_option("--delta", o->delta, "Privacy parameter delta (default 1e-6 where needed)");
    cmd->add_option("--trials", o->trials, "Number of independent releases (default 1)");
    addReleaseOptions(cmd, o->release);
    cmd->add_flag("--show-true", o->showTrue, "Also print the true value (needs --teaching)");
    cmd->callback([o, &outcome] { outcome.exitCode = runRelease(*o); });
}

void setupDegrees(CLI::App& graph, CommandOutcome& outcome) {
    auto o = std::make_shared<DegreesOptions>();
    auto* cmd = graph.add_subcommand("degrees", "Private degree sequence (Hay et al.) and degree histogram");
    addInputOptions(*cmd, o->in);
    cmd->add_option("--epsilon", o->epsilon, "Privacy parameter epsilon per release (default 1; two releases)");
    addReleaseOptions(cmd, o->release);
    cmd->add_flag("--show-true", o->showTrue, "Also print the true degrees (needs --teaching)");
    cmd->callback([o, &outcome] { outcome.exitCode = runDegrees(*o); });
}

}  // namespace veil::cli::graphcmd
