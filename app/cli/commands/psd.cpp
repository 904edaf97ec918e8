// veil-cli psd: a private spatial decomposition (quadtree, kd-tree, hybrid, uniform grid, AGrid)
// over points from a table's two numeric columns, in a declared public domain, or sampled from a
// DPBench shape, through the release gate; optionally a GeoJSON of the leaves and every answer to a
// workload of data-cell rectangles (--workload, --per-query). In teaching mode it can also measure
// the error of random range counts, or of the workload's, against the truth.
#include "cli_support.h"
#include "command_registry.h"
#include "commands/psd_input.h"
#include "commands/psd_request.h"
#include "per_query.h"
#include "release_options.h"

#include "veil/common/validate.h"
#include "veil/spatial/geojson_export.h"
#include "veil/spatial/psd_release.h"
#include "veil/spatial/range_query.h"

#include <chrono>
#include <iostream>
#include <optional>

namespace {

using namespace veil::spatial;
using Clock = std::chrono::steady_clock;

struct PsdCliOptions {
    veil::cli::PsdInputOptions input;  // POINTS, --x, --y, --shape, --scale, --domain, --data-cells
    veil::cli::PsdTreeFlags flags;     // the decomposition's options (only those given)
    std::string tree = "quad", querySize = "mixed";
    double epsilon = 0.0;
    bool json = false, nonPrivate = false, baselines = false, trueCounts = false;
    bool querySizeGiven = false, postprocessGiven = false, noPostprocessGiven = false;
    std::optional<std::size_t> queries;  // default: 1000 in teaching mode, none otherwise
    veil::cli::ReleaseOptions release;
    veil::cli::PerQueryOptions perQuery;  // --workload, --per-query (data-cell rectangles)

    // Random evaluation queries: 1000 by default in teaching mode, none with --workload (its queries
    // are measured instead) or in release mode.
    std::size_t queryCount() const {
        return queries.value_or(release.teaching && perQuery.workload.empty() ? 1000 : 0);
    }
    std::string output;
};

double secondsSince(Clock::time_point t) { return std::chrono::duration<double>(Clock::now() - t).count(); }

// The request for `tree` (the command's own, or a baseline's) with the flags that apply to it.
veil::Result<PsdRequest> requestFor(const PsdCliOptions& o, const std::string& tree, bool nonPrivate,
                                    const veil::cli::DataCells& cells) {
    return veil::cli::psdRequest(o.flags, tree, o.epsilon, nonPrivate, cells, tree == o.tree);
}

nlohmann::json errorJson(const QueryErrorSummary& s) {
    nlohmann::json j;
    j["queries"] = s.queries;
    if (s.queries == 0) {
        j["median_relative"] = nullptr;
        j["scaled_l1"] = nullptr;
        return j;
    }
    j["median_relative"] = s.medianRelative;
    j["mean_relative"] = s.meanRelative;
    j["p90_relative"] = s.p90Relative;
    j["scaled_l1"] = s.scaledL1;
    j["scaled_l2"] = s.scaledL2;
    j["max_absolute"] = s.maxAbsolute;
    j["median_relative_by_size"] = {{"small", s.medianRelativeBySize[0]},
                                    {"medium", s.medianRelativeBySize[1]},
                                    {"large", s.medianRelativeBySize[2]}};
    return j;
}

QuerySize querySizeOf(const std::string& s) {
    return s == "small"    ? QuerySize::Small
           : s == "medium" ? QuerySize::Medium
           : s == "large"  ? QuerySize::Large
                           : QuerySize::Mixed;
}

// Teaching mode only: the error of the decomposition (and baselines) against the true counts.
veil::Result<nlohmann::json> evaluate(const PsdCliOptions& o, veil::dp::ReleaseGate& gate, const PointSet& points,
                                      const RangeWorkload& workload, const QueryAnswers& answers,
                                      const veil::cli::DataCells& cells, QueryErrorSummary& error) {
    nlohmann::json baselines = nlohmann::json::object();
    const double n = double(points.size());
    error = summarizeQueryError(answers.truth, answers.answers, n, workload.sizes);
    if (!o.baselines) return baselines;
    // The command's teaching gate: the baselines draw from streams derived from its seed.
    for (const auto& [name, tree, exact] :
         {std::tuple{"uniform_grid", std::string("grid"), false}, std::tuple{"non_private_tree", o.tree, true}}) {
        if (exact && o.tree == "grid") continue;
        auto request = requestFor(o, tree, exact, cells);
        if (!request) return request.status();
        auto other = releaseDecomposition(gate, points, *request, veil::RunContext{});
        if (!other) return other.status();
        baselines[name] = {
            {"leaves", other->leaves.size()},
            {"query_error", errorJson(summarizeQueryError(answers.truth, privateRangeCounts(*other, workload.queries),
                                                          n, workload.sizes))}};
    }
    return baselines;
}

// --workload: rectangles of data cells (a public domain: read before any charge).
veil::Result<veil::eval::Workload> readPsdWorkload(const PsdCliOptions& o, const veil::cli::DataCells& cells) {
    if (o.perQuery.workload.empty()) return veil::eval::Workload{};
    if (o.queries)
        return veil::Status::invalidArgument(
            "give --queries (random evaluation queries) or --workload (your queries), not both");
    if (!cells.declared())
        return veil::Status::invalidArgument(
            "--workload gives rectangles of data cells: declare the data's cells with --data-cells COLUMNS,ROWS (or "
            "sample the points from --shape)");
    return veil::cli::readCliWorkload(o.perQuery, cells.rows, cells.columns, true);
}

// The queries answered: the --workload's rectangles, or in teaching mode the random evaluation ones.
veil::Result<RangeWorkload> queriesToAnswer(const PsdCliOptions& o, const veil::eval::Workload& workload,
                                            const veil::cli::DataCells& cells, const Rect& domain) {
    if (!workload.queries.empty())
        return RangeWorkload{
            cellRectangles(domain, cells.columns, cells.rows, veil::eval::toRectangleQueries(workload)), {}};
    if (!o.release.teaching || o.queryCount() == 0) return RangeWorkload{};
    return evaluationWorkload(domain, o.queryCount(), querySizeOf(o.querySize));
}

veil::Status writePsdPerQuery(const PsdCliOptions& o, const PrivateSpatialDecomposition& psd,
                              veil::eval::Workload workload, const QueryAnswers& answers) {
    veil::eval::PerQueryAnswers out;
    out.method = "psd:" + o.tree;
    auto info = findPsdKind(o.tree);
    out.label = info ? (*info)->name : o.tree;
    out.epsilon = o.epsilon;
    out.workload = std::move(workload);
    out.noisy = {answers.answers};
    out.truth = answers.truth;
    return veil::cli::writePerQueryFile(o.perQuery, out, !psd.truthsStripped && o.release.teaching);
}

veil::Status checkTeachingFlags(const PsdCliOptions& o) {
    VEIL_RETURN_IF_ERROR(
        veil::cli::requireTeaching(o.release, o.queryCount() > 0, "--queries (error against the true counts)"));
    VEIL_RETURN_IF_ERROR(veil::cli::requireTeaching(o.release, o.baselines, "--baselines"));
    VEIL_RETURN_IF_ERROR(veil::cli::requireTeaching(o.release, o.nonPrivate, "--non-private"));
    VEIL_RETURN_IF_ERROR(veil::cli::requireTeaching(o.release, o.querySizeGiven, "--query-size"));
    if (o.postprocessGiven && o.noPostprocessGiven)
        return veil::Status::invalidArgument("give --postprocess or --no-postprocess, not both");
    return veil::cli::requireTeaching(o.release, o.trueCounts, "--include-true-counts");
}

void printJsonResult(const PsdCliOptions& o, const PointSet& points, const PrivateSpatialDecomposition& psd,
                     const QueryErrorSummary& error, const nlohmann::json& baselines, std::size_t workloadQueries,
                     double buildSeconds, double seconds) {
    nlohmann::json j;
    j["tree"] = o.tree;
    if (o.release.teaching) j["points"] = points.size();
    j["leaves"] = psd.leaves.size();
    j["nodes"] = psd.nodes.size();
    j["max_depth"] = psd.maxDepth();
    j["epsilon"] = o.epsilon;
    if (psd.privacy.isPrivate)
        j["max_path_epsilon"] = psd.maxPathEpsilon();
    else
        j["max_path_epsilon"] = nullptr;  // not private: no finite epsilon
    j["count_epsilon_by_depth"] = psd.countEpsilonByDepth();
    j["median_epsilon_by_depth"] = psd.medianEpsilonByDepth();
    j["privacy"] = {{"private", psd.privacy.isPrivate && psd.receipt.isPrivate},
                    {"epsilon", psd.privacy.epsilon},
                    {"delta", psd.privacy.delta},
                    {"neighbouring", psd.privacy.neighbouring},
                    {"mechanism", psd.privacy.mechanism},
                    {"seeded", psd.receipt.seeded}};
    j["postprocessed"] = psd.postProcessed;
    j["domain"] = {psd.domain.x0, psd.domain.y0, psd.domain.x1, psd.domain.y1};
    if (o.release.teaching) j["query_error"] = errorJson(error);
    if (o.baselines) j["baselines"] = baselines;
    if (workloadQueries > 0) j["workload_queries"] = workloadQueries;
    veil::cli::addPerQueryJson(j, o.perQuery, !psd.truthsStripped);
    j["warnings"] = psd.warnings;
    j["build_seconds"] = buildSeconds;
    j["seconds"] = seconds;
    veil::cli::addReceipt(j, psd.receipt);
    if (!psd.privacy.isPrivate) j["private"] = false;
    veil::cli::printJson(j);
}

int runPsd(const PsdCliOptions& o) {
    const auto start = Clock::now();
    if (auto s = checkTeachingFlags(o); !s) return veil::cli::reportError(s);
    if (auto s = veil::cli::checkPerQueryOptions(o.perQuery); !s) return veil::cli::reportError(s);
    if (auto s = veil::cli::checkOutputs({{"--output", o.output}, {"--per-query", o.perQuery.perQuery}},
                                         {o.input.points, o.input.shape, o.perQuery.workload, o.release.ledger});
        !s)
        return veil::cli::reportError(s);
    if (o.flags.budgetAlias)
        std::cerr << "veil-cli: note: --budget is the deprecated name of --allocation (the count budget across the "
                     "tree's levels); the ledger budget is --ledger-budget\n";
    auto declared = veil::cli::parseDataCells(o.input.dataCells);
    if (!declared) return veil::cli::reportError(declared.status());
    // Checked before any input is read (the shape's cells, when they align the grid, come later).
    auto checked = requestFor(o, o.tree, o.nonPrivate, *declared);
    if (!checked) return veil::cli::reportError(checked.status());
    if (auto plan = planDecomposition(*checked); !plan) return veil::cli::reportError(plan.status());
    auto inputOptions = o.input;
    inputOptions.seed = o.release.seed;
    auto input = veil::cli::loadPsdInput(inputOptions);
    if (!input) return veil::cli::reportError(input.status());
    const PointSet& points = input->points;
    auto workload = readPsdWorkload(o, input->cells);
    if (!workload) return veil::cli::reportError(workload.status());
    auto gate = veil::cli::makeGate(o.release, o.input.points.empty() ? o.input.shape : o.input.points);
    if (!gate) return veil::cli::reportError(gate.status());

    auto request = requestFor(o, o.tree, o.nonPrivate, input->cells);
    if (!request) return veil::cli::reportError(request.status());
    const auto buildStart = Clock::now();
    auto psd = releaseDecomposition(*gate->gate, points, *request, veil::RunContext{});
    if (!psd)
        return veil::cli::reportError(points.domainFromData ? psd.status().withContext("without --domain")
                                                            : psd.status());
    const double buildSeconds = secondsSince(buildStart);

    auto queries = queriesToAnswer(o, *workload, input->cells, points.domain);
    if (!queries) return veil::cli::reportError(queries.status());
    const QueryAnswers answers = answerQueries(*psd, points, queries->queries);
    QueryErrorSummary error;
    nlohmann::json baselines = nlohmann::json::object();
    if (o.release.teaching && !queries->queries.empty()) {
        auto b = evaluate(o, *gate->gate, points, *queries, answers, input->cells, error);
        if (!b) return veil::cli::reportError(b.status());
        baselines = std::move(*b);
    }
    if (!workload->queries.empty())
        if (auto s = writePsdPerQuery(o, *psd, *workload, answers); !s) return veil::cli::reportError(s);
    if (!o.output.empty()) {
        if (auto s = writeLeavesGeoJson(o.output, *psd, GeoJsonOptions{o.trueCounts}); !s)
            return veil::cli::reportError(s);
    }
    for (const auto& w : psd->warnings) std::cerr << "veil-cli: warning: " << w << '\n';
    const double seconds = secondsSince(start);
    if (o.json) {
        printJsonResult(o, points, *psd, error, baselines, workload->size(), buildSeconds, seconds);
        return 0;
    }
    std::cout << psd->privacy.mechanism << "\n";
    if (o.release.teaching) std::cout << "points " << points.size() << ", ";
    std::cout << "leaves " << psd->leaves.size() << ", max depth " << psd->maxDepth()
              << "\nepsilon on every root-to-leaf path: "
              << (psd->privacy.isPrivate ? veil::formatNumber(psd->maxPathEpsilon())
                                         : std::string("none (NOT PRIVATE)"))
              << (psd->privacy.delta > 0 ? ", delta " + veil::formatNumber(psd->privacy.delta) : std::string()) << " ("
              << psd->privacy.neighbouring << ")\n";
    if (error.queries > 0)
        std::cout << error.queries << " "
                  << (o.perQuery.workload.empty() ? querySizeName(querySizeOf(o.querySize)) : "workload")
                  << " range queries: median relative error " << veil::formatNumber(error.medianRelative)
                  << ", scaled L1 " << veil::formatNumber(error.scaledL1) << "\n";
    for (auto it = baselines.begin(); it != baselines.end(); ++it)
        std::cout << "baseline " << it.key() << ": median relative error "
                  << it.value()["query_error"]["median_relative"].dump() << "\n";
    if (!o.output.empty()) std::cout << "leaves written to " << o.output << "\n";
    veil::cli::printPerQueryLine(o.perQuery, workload->size(), 1, !psd->truthsStripped);
    std::cout << "time " << veil::formatNumber(seconds) << " s\n";
    veil::cli::printReceipt(psd->receipt);
    return 0;
}

// The catalogue's default of a kind's option, for --help.
std::string catalogueDefault(const std::string& kind, const std::string& name) {
    auto info = findPsdKind(kind);
    const auto* p = info ? (*info)->parameter(name) : nullptr;
    return p ? p->defaultValue.dump() : std::string("?");
}

// "quad: height, budget, ...; agrid: alpha, c, c2, ..." for --help.
std::string catalogueOptions() {
    std::string text;
    for (const auto& info : psdCatalogue()) {
        text += (text.empty() ? "" : "; ") + info.id + ":";
        for (const auto& p : info.parameters) text += " " + p.name + "=" + p.defaultValue.dump();
    }
    return text;
}

void setupPsd(CLI::App& app, veil::cli::CommandOutcome& outcome) {
    auto o = std::make_shared<PsdCliOptions>();
    auto* cmd = app.add_subcommand(
        "psd", "Private spatial decomposition (quadtree, kd-tree, hybrid) of points in a declared domain");
    cmd->add_option("POINTS", o->input.points, "CSV file with the points (use --x and --y)");
    cmd->add_option("--x", o->input.xColumn, "Numeric column holding x (e.g. longitude)");
    cmd->add_option("--y", o->input.yColumn, "Numeric column holding y (e.g. latitude)");
    cmd->add_option("--domain", o->input.domain,
                    "Declared public domain XMIN,YMIN,XMAX,YMAX (required for a release; teaching mode may use the "
                    "data's bounding box)");
    cmd->add_option("--delimiter,-d", o->input.delimiter, "Field delimiter of POINTS (default: detect)");
    cmd->add_option("--shape", o->input.shape, "2-D DPBench shape (.npy or CSV of counts) to sample points from");
    cmd->add_option("--scale", o->input.scale, "Number of points to sample from --shape (1 to 10,000,000)")
        ->check(CLI::Range(std::uint64_t(1), std::uint64_t(10'000'000)));
    cmd->add_option("--tree", o->tree, "quad | kd | hybrid | grid (uniform-grid baseline) | agrid (adaptive grid)")
        ->check(CLI::IsMember({"quad", "kd", "hybrid", "grid", "agrid"}));
    auto& f = o->flags;
    cmd->add_option("--height", f.height,
                    "Maximum height h of a tree (default " + catalogueDefault("quad", "height") +
                        "; quad <= 10, kd and hybrid <= 20)");
    cmd->add_option("--cells-per-axis", f.cellsPerAxis,
                    "Grid: cells per axis; agrid: first-level cells per axis (default: Qardaji et al.'s rules); "
                    "not for trees");
    cmd->add_option("--min-leaf", f.minLeaf,
                    "Trees: do not split a node whose noisy count is below L (default 0: off)");
    cmd->add_option("--epsilon,-e", o->epsilon, "Total privacy budget on every root-to-leaf path, in [1e-9, 1000]")
        ->required();
    cmd->add_option("--allocation", f.allocation,
                    "Trees: how epsilon's count share is allocated across the levels: uniform | geometric (default)")
        ->check(CLI::IsMember({"uniform", "geometric"}));
    cmd->add_option("--budget", f.budgetAlias, "Deprecated name of --allocation (the ledger budget is --ledger-budget)")
        ->check(CLI::IsMember({"uniform", "geometric"}));
    cmd->add_option("--median", f.median,
                    "kd, hybrid: private median for splits: em (default) | smooth | noisy-mean | cell")
        ->check(CLI::IsMember({"em", "smooth", "noisy-mean", "cell"}));
    cmd->add_option("--median-fraction", f.medianFraction,
                    "kd, hybrid: share of epsilon for medians, in (0, 0.99] (default 0.3)")
        ->check(CLI::Range(0.0, 0.99));
    cmd->add_option("--delta", f.delta, "kd, hybrid: delta per smooth-sensitivity median (default 1e-6)");
    cmd->add_option("--hybrid-kd-levels", f.hybridKdLevels, "Hybrid: number of kd levels on top (default h/2)");
    cmd->add_flag_callback(
        "--postprocess",
        [o] {
            o->flags.postprocess = true;
            o->postprocessGiven = true;
        },
        "Consistency post-processing (Hay et al.; default for quad, kd and hybrid; agrid: the paper's inference, "
        "default)");
    cmd->add_flag_callback(
        "--no-postprocess",
        [o] {
            o->flags.postprocess = false;
            o->noPostprocessGiven = true;
        },
        "Keep the raw noisy counts (no consistency step)");
    cmd->add_option("--option", f.options,
                    "A catalogue option of the chosen --tree, NAME=VALUE (repeatable; validated by the catalogue): " +
                        catalogueOptions());
    cmd->add_option(
        "--data-cells", o->input.dataCells,
        "The data's public resolution COLUMNS,ROWS over the domain (--shape: the shape's own cells): grid and agrid "
        "cells are whole blocks of data cells; --workload rectangles are given in them");
    veil::cli::addPerQueryOptions(
        cmd, o->perQuery,
        "A JSON file of rectangles of data cells (needs --data-cells or --shape): DPBench's {\"queries\": "
        "[{\"lb\": [ROW, COL], \"ub\": [ROW, COL]}, ...]} or Veil's [[row_lo, row_hi, col_lo, col_hi], ...] "
        "(0-based, inclusive; row 0 at the domain's lower y); in teaching mode the error is measured on them");
    cmd->add_option("--queries", o->queries,
                    "Teaching: random range queries whose error is measured against the true counts (default 1000)")
        ->check(CLI::Range(std::size_t(0), std::size_t(10'000'000)));
    auto* querySize =
        cmd->add_option("--query-size", o->querySize, "Teaching: small | medium | large | mixed (default)")
            ->check(CLI::IsMember({"small", "medium", "large", "mixed"}));
    veil::cli::addReleaseOptions(cmd, o->release, "--ledger-budget");
    cmd->add_option("--output,-o", o->output, "Write the leaf rectangles with noisy counts as GeoJSON");
    cmd->add_flag("--include-true-counts", o->trueCounts,
                  "Teaching: also write true counts into the GeoJSON (NOT private)");
    cmd->add_flag("--non-private", o->nonPrivate, "Teaching: baseline with exact counts and medians (NOT private)");
    cmd->add_flag("--baselines", o->baselines,
                  "Teaching: also report the uniform grid and the non-private tree on the same queries");
    cmd->add_flag("--json", o->json, "Machine-readable output");
    cmd->callback([o, querySize, &outcome] {
        o->querySizeGiven = querySize->count() > 0;
        outcome.exitCode = runPsd(*o);
    });
}

}  // namespace

VEIL_REGISTER_COMMAND("psd", setupPsd);
