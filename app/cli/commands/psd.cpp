// veil-cli psd: a private spatial decomposition (quadtree, kd-tree, hybrid, or the uniform-grid
// baseline) over points from a table's two numeric columns, in a declared public domain, or
// sampled from a DPBench shape, through the release gate; optionally a GeoJSON of the leaves. In
// teaching mode it can also measure the error of a random range-count workload against the truth.
#include "cli_support.h"
#include "command_registry.h"
#include "release_options.h"

#include "veil/common/random.h"
#include "veil/common/validate.h"
#include "veil/spatial/density_shape.h"
#include "veil/spatial/geojson_export.h"
#include "veil/spatial/psd_release.h"
#include "veil/spatial/range_query.h"
#include "veil/table/csv_reader.h"

#include <chrono>
#include <iostream>
#include <optional>

namespace {

using namespace veil::spatial;
using Clock = std::chrono::steady_clock;

struct PsdCliOptions {
    std::string points, xColumn, yColumn, shape, domain, delimiter;
    std::uint64_t scale = 0;
    std::string tree = "quad", budget = "geometric", median = "em", querySize = "mixed";
    std::optional<int> height;
    double minLeaf = 0.0, epsilon = 0.0, medianFraction = 0.3, delta = 1e-6;
    int hybridKdLevels = -1;
    std::optional<std::size_t> cellsPerAxis;
    std::optional<bool> postprocess;  // default: on for the trees (Cormode et al.), off for the grid
    std::string dataCells;            // grid: COLUMNS,ROWS of the data's public resolution
    bool json = false, nonPrivate = false, baselines = false, trueCounts = false;
    std::optional<std::size_t> queries;  // default: 1000 in teaching mode, none otherwise
    veil::cli::ReleaseOptions release;

    std::size_t queryCount() const { return queries.value_or(release.teaching ? 1000 : 0); }
    std::string output;
};

double secondsSince(Clock::time_point t) { return std::chrono::duration<double>(Clock::now() - t).count(); }

veil::Result<std::optional<Rect>> parseDomain(const std::string& text) {
    if (text.empty()) return std::optional<Rect>{};
    const auto parts = veil::cli::splitList(text);
    double v[4];
    bool ok = parts.size() == 4;
    for (std::size_t i = 0; ok && i < 4; ++i) {
        char* end = nullptr;
        v[i] = std::strtod(parts[i].c_str(), &end);
        ok = end && *end == '\0';
    }
    if (!ok) return veil::Status::invalidArgument("--domain expects XMIN,YMIN,XMAX,YMAX, got '" + text + "'");
    return std::optional<Rect>(Rect{v[0], v[1], v[2], v[3]});
}

veil::Result<PointSet> loadPoints(const PsdCliOptions& o) {
    auto domain = parseDomain(o.domain);
    if (!domain) return domain.status();
    if (!o.shape.empty()) {
        if (!o.points.empty()) return veil::Status::invalidArgument("give either POINTS or --shape, not both");
        if (o.scale == 0)
            return veil::Status::invalidArgument("--shape needs --scale N (number of points, e.g. 1000000)");
        auto shape = readDensityShape(o.shape);
        if (!shape) return shape.status();
        // Sampled points are synthetic: their own stream (public data, not the release's noise).
        auto rng = o.release.seed ? std::unique_ptr<veil::RandomSource>(
                                        std::make_unique<veil::SeededRandom>(shapeSampleSeed(*o.release.seed)))
                                  : std::unique_ptr<veil::RandomSource>(std::make_unique<veil::SecureRandom>());
        veil::RunContext ctx;
        ctx.random = rng.get();
        return samplePointsFromShape(*shape, o.scale, ctx);
    }
    if (o.points.empty())
        return veil::Status::invalidArgument("give POINTS (a CSV file) with --x and --y, or --shape FILE --scale N");
    if (o.xColumn.empty() || o.yColumn.empty())
        return veil::Status::invalidArgument("POINTS needs --x COLUMN and --y COLUMN");
    veil::CsvReadOptions opts;
    if (!o.delimiter.empty()) {
        if (o.delimiter == "tab" || o.delimiter == "\\t")
            opts.delimiter = '\t';
        else if (o.delimiter.size() == 1)
            opts.delimiter = o.delimiter[0];
        else
            return veil::Status::invalidArgument("--delimiter must be one character (or 'tab'), got '" + o.delimiter +
                                                 "'");
    }
    auto read = veil::readCsvFile(o.points, opts);
    if (!read) return read.status();
    for (const auto& w : read->warnings) std::cerr << "veil-cli: warning: " << w << '\n';
    return pointsFromTable(read->table, o.xColumn, o.yColumn, *domain);
}

PsdRequest requestFor(const PsdCliOptions& o, const std::string& tree, bool nonPrivate) {
    PsdRequest r;
    r.kind = tree;
    r.epsilon = o.epsilon;
    r.nonPrivate = nonPrivate;
    if (tree == "grid" || tree == "agrid") {
        // The adaptive grid's first level takes --cells-per-axis; its inference is on by default.
        r.options = {{"postprocess", o.postprocess.value_or(tree == "agrid")}};
        if (o.cellsPerAxis) r.options[tree == "grid" ? "cells_per_axis" : "first_level_cells"] = *o.cellsPerAxis;
        const auto cells = veil::cli::splitList(o.dataCells);
        if (cells.size() == 2) {
            // Validated by the catalogue (integers >= 0); a malformed number is left as text to be refused.
            auto number = [](const std::string& t) -> nlohmann::json {
                char* end = nullptr;
                const long long v = std::strtoll(t.c_str(), &end, 10);
                return end && *end == '\0' && !t.empty() ? nlohmann::json(v) : nlohmann::json(t);
            };
            r.options["data_columns"] = number(cells[0]);
            r.options["data_rows"] = number(cells[1]);
        } else if (!o.dataCells.empty()) {
            r.options["data_columns"] = o.dataCells;  // refused by the catalogue with the option's name
        }
        return r;
    }
    r.options = {{"height", o.height.value_or(8)},
                 {"budget", o.budget},
                 {"postprocess", o.postprocess.value_or(true)},
                 {"min_leaf_size", o.minLeaf}};
    if (tree != "quad") {
        r.options["median"] = o.median;
        r.options["median_fraction"] = o.medianFraction;
        r.options["delta"] = o.delta;
    }
    if (tree == "hybrid") r.options["hybrid_kd_levels"] = o.hybridKdLevels;
    return r;
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
                                      const PrivateSpatialDecomposition& psd, QueryErrorSummary& error) {
    nlohmann::json baselines = nlohmann::json::object();
    auto workload = evaluationWorkload(points.domain, o.queryCount(), querySizeOf(o.querySize));
    if (!workload) return workload.status();
    const auto truth = exactRangeCounts(points, workload->queries);
    const double n = double(points.size());
    error = summarizeQueryError(truth, privateRangeCounts(psd, workload->queries), n, workload->sizes);
    if (!o.baselines) return baselines;
    // The command's teaching gate: the baselines draw from streams derived from its seed.
    for (const auto& [name, tree, exact] :
         {std::tuple{"uniform_grid", std::string("grid"), false}, std::tuple{"non_private_tree", o.tree, true}}) {
        if (exact && o.tree == "grid") continue;
        auto other = releaseDecomposition(gate, points, requestFor(o, tree, exact), veil::RunContext{});
        if (!other) return other.status();
        baselines[name] = {
            {"leaves", other->leaves.size()},
            {"query_error",
             errorJson(summarizeQueryError(truth, privateRangeCounts(*other, workload->queries), n, workload->sizes))}};
    }
    return baselines;
}

veil::Status checkTeachingFlags(const PsdCliOptions& o) {
    VEIL_RETURN_IF_ERROR(
        veil::cli::requireTeaching(o.release, o.queryCount() > 0, "--queries (error against the true counts)"));
    VEIL_RETURN_IF_ERROR(veil::cli::requireTeaching(o.release, o.baselines, "--baselines"));
    VEIL_RETURN_IF_ERROR(veil::cli::requireTeaching(o.release, o.nonPrivate, "--non-private"));
    return veil::cli::requireTeaching(o.release, o.trueCounts, "--include-true-counts");
}

void printJsonResult(const PsdCliOptions& o, const PointSet& points, const PrivateSpatialDecomposition& psd,
                     const QueryErrorSummary& error, const nlohmann::json& baselines, double buildSeconds,
                     double seconds) {
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
    if (o.tree != "grid" && o.tree != "agrid" && !o.height)
        return veil::cli::reportError("--height H is required for a " + o.tree + " tree");
    if (auto plan = planDecomposition(requestFor(o, o.tree, o.nonPrivate)); !plan)
        return veil::cli::reportError(plan.status());
    auto points = loadPoints(o);
    if (!points) return veil::cli::reportError(points.status());
    auto gate = veil::cli::makeGate(o.release, o.points.empty() ? o.shape : o.points);
    if (!gate) return veil::cli::reportError(gate.status());

    const auto buildStart = Clock::now();
    auto psd = releaseDecomposition(*gate->gate, *points, requestFor(o, o.tree, o.nonPrivate), veil::RunContext{});
    if (!psd)
        return veil::cli::reportError(points->domainFromData ? psd.status().withContext("without --domain")
                                                             : psd.status());
    const double buildSeconds = secondsSince(buildStart);

    QueryErrorSummary error;
    nlohmann::json baselines = nlohmann::json::object();
    if (o.release.teaching && o.queryCount() > 0) {
        auto b = evaluate(o, *gate->gate, *points, *psd, error);
        if (!b) return veil::cli::reportError(b.status());
        baselines = std::move(*b);
    }
    if (!o.output.empty()) {
        if (auto s = writeLeavesGeoJson(o.output, *psd, GeoJsonOptions{o.trueCounts}); !s)
            return veil::cli::reportError(s);
    }
    for (const auto& w : psd->warnings) std::cerr << "veil-cli: warning: " << w << '\n';
    const double seconds = secondsSince(start);
    if (o.json) {
        printJsonResult(o, *points, *psd, error, baselines, buildSeconds, seconds);
        return 0;
    }
    std::cout << psd->privacy.mechanism << "\n";
    if (o.release.teaching) std::cout << "points " << points->size() << ", ";
    std::cout << "leaves " << psd->leaves.size() << ", max depth " << psd->maxDepth()
              << "\nepsilon on every root-to-leaf path: "
              << (psd->privacy.isPrivate ? veil::formatNumber(psd->maxPathEpsilon())
                                         : std::string("none (NOT PRIVATE)"))
              << (psd->privacy.delta > 0 ? ", delta " + veil::formatNumber(psd->privacy.delta) : std::string()) << " ("
              << psd->privacy.neighbouring << ")\n";
    if (error.queries > 0)
        std::cout << error.queries << " " << querySizeName(querySizeOf(o.querySize))
                  << " range queries: median relative error " << veil::formatNumber(error.medianRelative)
                  << ", scaled L1 " << veil::formatNumber(error.scaledL1) << "\n";
    for (auto it = baselines.begin(); it != baselines.end(); ++it)
        std::cout << "baseline " << it.key() << ": median relative error "
                  << it.value()["query_error"]["median_relative"].dump() << "\n";
    if (!o.output.empty()) std::cout << "leaves written to " << o.output << "\n";
    std::cout << "time " << veil::formatNumber(seconds) << " s\n";
    veil::cli::printReceipt(psd->receipt);
    return 0;
}

void setupPsd(CLI::App& app, veil::cli::CommandOutcome& outcome) {
    auto o = std::make_shared<PsdCliOptions>();
    auto* cmd = app.add_subcommand(
        "psd", "Private spatial decomposition (quadtree, kd-tree, hybrid) of points in a declared domain");
    cmd->add_option("POINTS", o->points, "CSV file with the points (use --x and --y)");
    cmd->add_option("--x", o->xColumn, "Numeric column holding x (e.g. longitude)");
    cmd->add_option("--y", o->yColumn, "Numeric column holding y (e.g. latitude)");
    cmd->add_option("--domain", o->domain,
                    "Declared public domain XMIN,YMIN,XMAX,YMAX (required for a release; teaching mode may use the "
                    "data's bounding box)");
    cmd->add_option("--delimiter,-d", o->delimiter, "Field delimiter of POINTS (default: detect)");
    cmd->add_option("--shape", o->shape, "2-D DPBench shape (.npy or CSV of counts) to sample points from");
    cmd->add_option("--scale", o->scale, "Number of points to sample from --shape (1 to 10,000,000)")
        ->check(CLI::Range(std::uint64_t(1), std::uint64_t(10'000'000)));
    cmd->add_option("--tree", o->tree, "quad | kd | hybrid | grid (uniform-grid baseline) | agrid (adaptive grid)")
        ->check(CLI::IsMember({"quad", "kd", "hybrid", "grid", "agrid"}));
    cmd->add_option("--height", o->height, "Maximum height h of the tree (quad <= 10, kd and hybrid <= 20)");
    cmd->add_option("--cells-per-axis", o->cellsPerAxis,
                    "Grid: cells per axis; agrid: first-level cells per axis (default: Qardaji et al.'s rules)");
    cmd->add_option("--min-leaf", o->minLeaf, "Do not split a node whose noisy count is below L (default 0: off)");
    cmd->add_option("--epsilon,-e", o->epsilon, "Total privacy budget on every root-to-leaf path, in [1e-9, 1000]")
        ->required();
    cmd->add_option("--budget", o->budget, "Count budget across levels: uniform | geometric (default)")
        ->check(CLI::IsMember({"uniform", "geometric"}));
    cmd->add_option("--median", o->median, "Private median for kd splits: em (default) | smooth | noisy-mean | cell")
        ->check(CLI::IsMember({"em", "smooth", "noisy-mean", "cell"}));
    cmd->add_option("--median-fraction", o->medianFraction, "Share of epsilon for medians (default 0.3)")
        ->check(CLI::Range(0.0, 0.99));
    cmd->add_option("--delta", o->delta, "Delta per smooth-sensitivity median (default 1e-6)");
    cmd->add_option("--hybrid-kd-levels", o->hybridKdLevels, "Hybrid: number of kd levels on top (default h/2)");
    cmd->add_flag_callback(
        "--postprocess", [o] { o->postprocess = true; },
        "Consistency post-processing (Hay et al.; default for quad, kd and hybrid; agrid: the paper's inference, "
        "default)");
    cmd->add_flag_callback(
        "--no-postprocess", [o] { o->postprocess = false; }, "Keep the raw noisy counts (no consistency step)");
    cmd->add_option(
        "--data-cells", o->dataCells,
        "Grid, agrid: the data's public resolution COLUMNS,ROWS; grid cells are whole blocks of data cells");
    cmd->add_option("--queries", o->queries,
                    "Teaching: random range queries whose error is measured against the true counts (default 1000)")
        ->check(CLI::Range(std::size_t(0), std::size_t(10'000'000)));
    cmd->add_option("--query-size", o->querySize, "small | medium | large | mixed (default)")
        ->check(CLI::IsMember({"small", "medium", "large", "mixed"}));
    veil::cli::addReleaseOptions(cmd, o->release, "--ledger-budget");
    cmd->add_option("--output,-o", o->output, "Write the leaf rectangles with noisy counts as GeoJSON");
    cmd->add_flag("--include-true-counts", o->trueCounts,
                  "Teaching: also write true counts into the GeoJSON (NOT private)");
    cmd->add_flag("--non-private", o->nonPrivate, "Teaching: baseline with exact counts and medians (NOT private)");
    cmd->add_flag("--baselines", o->baselines,
                  "Teaching: also report the uniform grid and the non-private tree on the same queries");
    cmd->add_flag("--json", o->json, "Machine-readable output");
    cmd->callback([o, &outcome] { outcome.exitCode = runPsd(*o); });
}

}  // namespace

VEIL_REGISTER_COMMAND("psd", setupPsd);
