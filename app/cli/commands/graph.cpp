// `veil-cli graph stats|sensitivity|release|degrees FILE [--labels FILE] ... [--json]`:
// registration, input loading, and the stats and sensitivity sub-subcommands.
#include "commands/graph_common.h"

#include "cli_support.h"
#include "veil/common/validate.h"
#include "veil/graph/graphlets.h"
#include "veil/graph/labelled_counts.h"
#include "veil/graph/sensitivity.h"
#include "veil/graph/statistics.h"

#include <iostream>
#include <memory>

namespace veil::cli::graphcmd {

void addInputOptions(CLI::App& cmd, InputOptions& in) {
    cmd.add_option("FILE", in.file, "Graph file: edge list (u v per line), .gml or .graphml")->required();
    cmd.add_option("--labels", in.labels, "Node label file: 'id label' per line, every node (those without edges too)");
    cmd.add_option("--nodes", in.nodes,
                   "The public number of nodes: an edge list names only nodes with an edge, so nodes without "
                   "one are added up to N (a release from an edge list needs --nodes or --labels)");
    cmd.add_flag("--json", in.json, "Print JSON");
}

Result<graph::LoadedGraph> loadInput(const InputOptions& in, bool release) {
    // The node set is public under edge privacy: an edge list does not give it (a removed edge can
    // remove a node), so a release declares it.
    if (release) VEIL_RETURN_IF_ERROR(graph::requireDeclaredNodes(in.file, !in.labels.empty(), in.nodes.has_value()));
    auto loaded = graph::loadGraph(in.file);
    if (!loaded) return loaded;
    if (!in.labels.empty()) VEIL_RETURN_IF_ERROR(graph::loadLabels(in.labels, loaded->graph, &loaded->warnings));
    if (in.nodes) VEIL_RETURN_IF_ERROR(graph::declareNodeCount(loaded->graph, *in.nodes).withContext("--nodes"));
    if (!in.json && !release)  // a release says only graph::releaseLoadingNote
        for (const auto& w : loaded->warnings) std::cerr << "veil-cli: warning: " << w << '\n';
    return loaded;
}

nlohmann::json warningsJson(const graph::LoadedGraph& loaded, const std::string& file, bool release) {
    if (release) return nlohmann::json::array({graph::releaseLoadingNote(file)});
    nlohmann::json w = nlohmann::json::array();
    for (const auto& s : loaded.warnings) w.push_back(s);
    return w;
}

namespace {

struct StatsOptions {
    InputOptions in;
    std::vector<std::string> profiles;
    bool graphlets = false;
};

int runStats(const StatsOptions& o) {
    auto loaded = loadInput(o.in);
    if (!loaded) return reportError(loaded.status());
    const graph::Graph& g = loaded->graph;
    RunContext ctx;
    auto s = graph::summarize(g, ctx);
    if (!s) return reportError(s.status());
    const auto uniq = graph::structuralUniqueness(g);
    nlohmann::json profiles = nlohmann::json::object();
    for (const auto& spec : o.profiles) {
        auto q = graph::parseProfileQuery(spec, g);
        if (!q) return reportError(q.status());
        auto c = graph::countProfile(g, *q, ctx);
        if (!c) return reportError(c.status());
        profiles[spec] = *c;
    }
    nlohmann::json graphlets = nlohmann::json::object();
    if (o.graphlets) {
        auto c = graph::countGraphlets(g, ctx);
        if (!c) return reportError(c.status());
        for (std::size_t i = 0; i < graph::kGraphletTypes; ++i)
            graphlets[graph::graphletName(static_cast<graph::Graphlet>(i))] = (*c)[i];
    }
    if (o.in.json) {
        nlohmann::json j{{"nodes", s->nodes},
                         {"edges", s->edges},
                         {"max_degree", s->maxDegree},
                         {"triangles", s->triangles},
                         {"two_stars", s->twoStars},
                         {"degree_histogram", s->degreeHistogram},
                         {"unique_by_degree", uniq.uniqueByDegree},
                         {"unique_by_neighbourhood", uniq.uniqueByNeighbourhood},
                         {"warnings", warningsJson(*loaded, o.in.file)}};
        if (!o.profiles.empty()) j["profiles"] = profiles;
        if (o.graphlets) j["graphlets"] = graphlets;
        if (g.hasLabels()) j["labels"] = g.labelNames();
        printJson(j);
        return 0;
    }
    std::cout << "nodes       " << s->nodes << "\nedges       " << s->edges << "\nmax degree  " << s->maxDegree
              << "\ntriangles   " << s->triangles << "\ntwo-stars   " << s->twoStars << "\nunique by degree         "
              << formatNumber(uniq.uniqueByDegree) << "\nunique by neighbourhood  "
              << formatNumber(uniq.uniqueByNeighbourhood) << '\n';
    for (const auto& [spec, count] : profiles.items()) std::cout << "profile " << spec << "  " << count << '\n';
    for (const auto& [name, count] : graphlets.items()) std::cout << "graphlet " << name << "  " << count << '\n';
    std::cout << "degree histogram (degree: nodes)\n";
    for (std::size_t d = 0; d < s->degreeHistogram.size(); ++d)
        if (s->degreeHistogram[d] > 0) std::cout << "  " << d << ": " << s->degreeHistogram[d] << '\n';
    return 0;
}

struct SensitivityOptions {
    InputOptions in;
    std::size_t k = 10;
};

nlohmann::json valueJson(const graph::SensitivityValue& v) { return v.value; }

int runSensitivity(const SensitivityOptions& o) {
    auto loaded = loadInput(o.in);
    if (!loaded) return reportError(loaded.status());
    RunContext ctx;
    auto rows = graph::sensitivityTable(loaded->graph, o.k, ctx);
    if (!rows) return reportError(rows.status());
    if (o.in.json) {
        nlohmann::json j{
            {"k", o.k}, {"nodes", loaded->graph.nodeCount()}, {"warnings", warningsJson(*loaded, o.in.file)}};
        for (const auto& r : *rows) {
            std::string key = r.statistic == "max-degree" ? "max_degree" : r.statistic;
            j[key] = {{"statistic", r.statistic},
                      {"value", r.value},
                      {"ls_edge", valueJson(r.lsEdge)},
                      {"gs_edge", valueJson(r.gsEdge)},
                      {"ls_node", valueJson(r.lsNode)},
                      {"gs_node", valueJson(r.gsNode)},
                      {"rs_node", valueJson(r.rsNode)},
                      {"rs_edge", valueJson(r.rsEdge)},
                      {"formulas",
                       {{"ls_edge", r.lsEdge.formula},
                        {"gs_edge", r.gsEdge.formula},
                        {"ls_node", r.lsNode.formula},
                        {"gs_node", r.gsNode.formula},
                        {"rs_node", r.rsNode.formula},
                        {"rs_edge", r.rsEdge.formula}}}};
        }
        printJson(j);
        return 0;
    }
    std::cout << "statistic    value  LS_edge  GS_edge  LS_node  GS_node  RS_node(H_" << o.k << ")  RS_edge(H_" << o.k
              << ")\n";
    for (const auto& r : *rows)
        std::cout << r.statistic << "  " << formatNumber(r.value) << "  " << formatNumber(r.lsEdge.value) << "  "
                  << formatNumber(r.gsEdge.value) << "  " << formatNumber(r.lsNode.value) << "  "
                  << formatNumber(r.gsNode.value) << "  " << formatNumber(r.rsNode.value) << "  "
                  << formatNumber(r.rsEdge.value) << '\n';
    std::cout << "formulas (n nodes, m edges, d = max degree, t_v triangles at v):\n";
    for (const auto& r : *rows)
        std::cout << "  " << r.statistic << ": LS_edge " << r.lsEdge.formula << "; GS_edge " << r.gsEdge.formula
                  << "; LS_node " << r.lsNode.formula << "; GS_node " << r.gsNode.formula << "; RS_node "
                  << r.rsNode.formula << "; RS_edge " << r.rsEdge.formula << '\n';
    return 0;
}

}  // namespace

void setupStats(CLI::App& graph, CommandOutcome& outcome) {
    auto o = std::make_shared<StatsOptions>();
    auto* cmd =
        graph.add_subcommand("stats", "Exact statistics: nodes, edges, degrees, triangles, two-stars, uniqueness");
    addInputOptions(*cmd, o->in);
    cmd->add_option("--profile", o->profiles,
                    "Local profile query SPEC to count, e.g. lawyer,lawyer,doctor,doctor/1-2,3-4,1!3,1!4,2!3,2!4 "
                    "(repeatable; needs --labels or a labelled GML)");
    cmd->add_flag("--graphlets", o->graphlets, "Also count the connected 3- and 4-node graphlets (exact)");
    cmd->callback([o, &outcome] { outcome.exitCode = runStats(*o); });
}

void setupSensitivity(CLI::App& graph, CommandOutcome& outcome) {
    auto o = std::make_shared<SensitivityOptions>();
    auto* cmd = graph.add_subcommand("sensitivity",
                                     "Local / global / restricted sensitivities of #edges, max degree, #triangles");
    addInputOptions(*cmd, o->in);
    cmd->add_option("--k", o->k, "Degree bound of the hypothesis H_k (default 10)")->check(CLI::PositiveNumber);
    cmd->callback([o, &outcome] { outcome.exitCode = runSensitivity(*o); });
}

namespace {
void setupGraph(CLI::App& app, CommandOutcome& outcome) {
    auto* graph = app.add_subcommand("graph", "Social-graph statistics, sensitivities and private releases");
    graph->require_subcommand(1);
    setupStats(*graph, outcome);
    setupSensitivity(*graph, outcome);
    setupRelease(*graph, outcome);
    setupDegrees(*graph, outcome);
}
}  // namespace

}  // namespace veil::cli::graphcmd

using veil::cli::graphcmd::setupGraph;
VEIL_REGISTER_COMMAND("graph", setupGraph);
