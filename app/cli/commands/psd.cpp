// veil-cli psd: a private spatial decomposition (quadtree, kd-tree, hybrid, or the uniform-grid
// baseline) over points from a table's two numeric columns or sampled from a DPBench shape, with
// the error of a random range-count workload and an optional GeoJSON of the leaves.
#include "cli_support.h"
#include "ledger_options.h"
#include "command_registry.h"

#include "veil/common/random.h"
#include "veil/common/validate.h"
#include "veil/spatial/density_shape.h"
#include "veil/spatial/geojson_export.h"
#include "veil/spatial/range_query.h"
#include "veil/spatial/uniform_grid.h"
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
    bool postprocess = false, json = false, nonPrivate = false, baselines = false, trueCounts = false;
    std::size_t queries = 1000;
    std::optional<std::uint64_t> seed;
    veil::cli::LedgerOptions ledger;
    std::string output;
};

double secondsSince(Clock::time_point t) { return std::chrono::duration<double>(Clock::now() - t).count(); }

std::unique_ptr<veil::RandomSource> streamFor(const PsdCliOptions& o, std::uint64_t index) {
    if (!o.seed) return std::make_unique<veil::SecureRandom>();
    return std::make_unique<veil::SeededRandom>(veil::SeededRandom::deriveSeed(*o.seed, index));
}

veil::Result<PointSet> loadPoints(const PsdCliOptions& o) {
    std::optional<Rect> domain;
    if (!o.domain.empty()) {
        const auto parts = veil::cli::splitList(o.domain);
        double v[4];
        bool ok = parts.size() == 4;
        for (std::size_t i = 0; ok && i < 4; ++i) {
            char* end = nullptr;
            v[i] = std::strtod(parts[i].c_str(), &end);
            ok = end && *end == '\0';
        }
        if (!ok) return veil::Status::invalidArgument("--domain expects X0,Y0,X1,Y1, got '" + o.domain + "'");
        domain = Rect{v[0], v[1], v[2], v[3]};
    }
    if (!o.shape.empty()) {
        if (!o.points.empty()) return veil::Status::invalidArgument("give either POINTS or --shape, not both");
        if (o.scale == 0) return veil::Status::invalidArgument("--shape needs --scale N (number of points, e.g. 1000000)");
        auto shape = readDensityShape(o.shape);
        if (!shape) return shape.status();
        auto rng = streamFor(o, 0);
        veil::RunContext ctx;
        ctx.random = rng.get();
        return samplePointsFromShape(*shape, o.scale, ctx);
    }
    if (o.points.empty()) return veil::Status::invalidArgument("give POINTS (a CSV file) with --x and --y, or --shape FILE --scale N");
    if (o.xColumn.empty() || o.yColumn.empty()) return veil::Status::invalidArgument("POINTS needs --x COLUMN and --y COLUMN");
    veil::CsvReadOptions opts;
    if (!o.delimiter.empty()) {
        if (o.delimiter == "tab" || o.delimiter == "\\t") opts.delimiter = '\t';
        else if (o.delimiter.size() == 1) opts.delimiter = o.delimiter[0];
        else return veil::Status::invalidArgument("--delimiter must be one character (or 'tab'), got '" + o.delimiter + "'");
    }
    auto read = veil::readCsvFile(o.points, opts);
    if (!read) return read.status();
    for (const auto& w : read->warnings) std::cerr << "veil-cli: warning: " << w << '\n';
    return pointsFromTable(read->table, o.xColumn, o.yColumn, domain);
}

veil::Result<PrivateSpatialDecomposition> buildFor(const PointSet& ps, const PsdCliOptions& o, const std::string& tree,
                                                   bool nonPrivate, veil::RandomSource* rng) {
    veil::RunContext ctx;
    ctx.random = rng;
    if (tree == "grid") {
        UniformGridOptions g;
        g.epsilon = o.epsilon;
        g.postprocess = o.postprocess;
        g.nonPrivate = nonPrivate;
        return buildUniformGrid(ps, g, ctx);
    }
    PsdOptions p;
    p.kind = tree == "kd" ? TreeKind::KdTree : tree == "hybrid" ? TreeKind::Hybrid : TreeKind::Quadtree;
    p.height = *o.height;
    p.minLeafSize = o.minLeaf;
    p.epsilon = o.epsilon;
    p.budget = o.budget == "uniform" ? BudgetStrategy::Uniform : BudgetStrategy::Geometric;
    p.median = o.median == "smooth"       ? MedianMethod::SmoothSensitivity
               : o.median == "noisy-mean" ? MedianMethod::NoisyMean
               : o.median == "cell"       ? MedianMethod::CellBased
                                          : MedianMethod::Exponential;
    p.medianFraction = o.medianFraction;
    p.delta = o.delta;
    p.hybridKdLevels = o.hybridKdLevels;
    p.postprocess = o.postprocess;
    p.nonPrivate = nonPrivate;
    return buildDecomposition(ps, p, ctx);
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

int runPsd(const PsdCliOptions& o) {
    const auto start = Clock::now();
    if (auto s = veil::requirePositiveFinite(o.epsilon, "epsilon"); !s) return veil::cli::reportError(s);
    if (o.tree != "grid" && !o.height) return veil::cli::reportError("--height H is required for a " + o.tree + " tree");
    auto points = loadPoints(o);
    if (!points) return veil::cli::reportError(points.status());

    auto noise = streamFor(o, 2);
    const auto buildStart = Clock::now();
    auto psd = buildFor(*points, o, o.tree, o.nonPrivate, noise.get());
    if (!psd) return veil::cli::reportError(psd.status());
    const double buildSeconds = secondsSince(buildStart);
    if (psd->privacy.isPrivate) {
        // The tree is released: record what it spent (the most on any root-to-leaf path).
        veil::release::LedgerEntry e;
        e.release = o.tree + " tree of " + std::to_string(points->size()) + " points";
        e.mechanism = psd->privacy.mechanism;
        e.neighbouring = psd->privacy.neighbouring;
        e.epsilon = psd->maxPathEpsilon();
        e.delta = psd->privacy.delta;
        e.details = {{"height", o.height.value_or(0)}, {"budget", o.budget}, {"postprocessed", psd->postProcessed},
                     {"seeded", o.seed.has_value()}, {"leaves", psd->leaves.size()}};
        if (auto s = veil::cli::recordInLedger(o.ledger, o.points.empty() ? o.shape : o.points, e); !s.isOk())
            return veil::cli::reportError(s);
    }

    auto workloadRng = o.seed ? streamFor(o, 1) : std::make_unique<veil::SeededRandom>(9001);
    const QuerySize size = o.querySize == "small"    ? QuerySize::Small
                           : o.querySize == "medium" ? QuerySize::Medium
                           : o.querySize == "large"  ? QuerySize::Large
                                                     : QuerySize::Mixed;
    auto workload = randomRangeWorkload(points->domain, o.queries, size, *workloadRng);
    if (!workload) return veil::cli::reportError(workload.status());
    const auto truth = exactRangeCounts(*points, workload->queries);
    const double n = double(points->size());
    const auto error = summarizeQueryError(truth, privateRangeCounts(*psd, workload->queries), n, workload->sizes);

    nlohmann::json baselines = nlohmann::json::object();
    if (o.baselines) {
        auto gridRng = streamFor(o, 3);
        auto grid = buildFor(*points, o, "grid", false, gridRng.get());
        if (!grid) return veil::cli::reportError(grid.status());
        baselines["uniform_grid"] = {{"leaves", grid->leaves.size()},
                                     {"query_error", errorJson(summarizeQueryError(truth, privateRangeCounts(*grid, workload->queries), n, workload->sizes))}};
        if (o.tree != "grid") {
            auto exact = buildFor(*points, o, o.tree, true, nullptr);
            if (!exact) return veil::cli::reportError(exact.status());
            baselines["non_private_tree"] = {{"leaves", exact->leaves.size()},
                                             {"query_error", errorJson(summarizeQueryError(truth, privateRangeCounts(*exact, workload->queries), n, workload->sizes))}};
        }
    }
    if (!o.output.empty()) {
        if (auto s = writeLeavesGeoJson(o.output, *psd, GeoJsonOptions{o.trueCounts}); !s) return veil::cli::reportError(s);
    }
    for (const auto& w : psd->warnings) std::cerr << "veil-cli: warning: " << w << '\n';
    const double seconds = secondsSince(start);

    if (o.json) {
        nlohmann::json j;
        j["tree"] = o.tree;
        j["points"] = points->size();
        j["leaves"] = psd->leaves.size();
        j["nodes"] = psd->nodes.size();
        j["max_depth"] = psd->maxDepth();
        j["epsilon"] = o.epsilon;
        if (psd->privacy.isPrivate) j["max_path_epsilon"] = psd->maxPathEpsilon();
        else j["max_path_epsilon"] = nullptr;  // not private: no finite epsilon
        j["count_epsilon_by_depth"] = psd->countEpsilonByDepth();
        j["median_epsilon_by_depth"] = psd->medianEpsilonByDepth();
        j["privacy"] = {{"private", psd->privacy.isPrivate},
                        {"epsilon", psd->privacy.epsilon},
                        {"delta", psd->privacy.delta},
                        {"neighbouring", psd->privacy.neighbouring},
                        {"mechanism", psd->privacy.mechanism},
                        {"seeded", o.seed.has_value()}};
        j["postprocessed"] = psd->postProcessed;
        j["domain"] = {psd->domain.x0, psd->domain.y0, psd->domain.x1, psd->domain.y1};
        j["query_error"] = errorJson(error);
        if (o.baselines) j["baselines"] = baselines;
        j["warnings"] = psd->warnings;
        j["build_seconds"] = buildSeconds;
        j["seconds"] = seconds;
        veil::cli::printJson(j);
        return 0;
    }
    std::cout << psd->privacy.mechanism << "\n"
              << "points " << points->size() << ", leaves " << psd->leaves.size() << ", max depth " << psd->maxDepth()
              << "\nepsilon on every root-to-leaf path: "
              << (psd->privacy.isPrivate ? veil::formatNumber(psd->maxPathEpsilon()) : std::string("none (NOT PRIVATE)"))
              << (psd->privacy.delta > 0 ? ", delta " + veil::formatNumber(psd->privacy.delta) : std::string())
              << " (" << psd->privacy.neighbouring << ")" << (o.seed ? ", SEEDED - not for release" : "") << "\n";
    if (error.queries > 0)
        std::cout << error.queries << " " << querySizeName(size) << " range queries: median relative error "
                  << veil::formatNumber(error.medianRelative) << ", scaled L1 " << veil::formatNumber(error.scaledL1) << "\n";
    for (auto it = baselines.begin(); it != baselines.end(); ++it)
        std::cout << "baseline " << it.key() << ": median relative error "
                  << it.value()["query_error"]["median_relative"].dump() << "\n";
    if (!o.output.empty()) std::cout << "leaves written to " << o.output << "\n";
    std::cout << "time " << veil::formatNumber(seconds) << " s\n";
    return 0;
}

void setupPsd(CLI::App& app, veil::cli::CommandOutcome& outcome) {
    auto o = std::make_shared<PsdCliOptions>();
    auto* cmd = app.add_subcommand("psd", "Private spatial decomposition (quadtree, kd-tree, hybrid) with range-query error");
    cmd->add_option("POINTS", o->points, "CSV file with the points (use --x and --y)");
    cmd->add_option("--x", o->xColumn, "Numeric column holding x (e.g. longitude)");
    cmd->add_option("--y", o->yColumn, "Numeric column holding y (e.g. latitude)");
    cmd->add_option("--domain", o->domain, "Public domain X0,Y0,X1,Y1 (default: the data's bounding box, not private)");
    cmd->add_option("--delimiter,-d", o->delimiter, "Field delimiter of POINTS (default: detect)");
    cmd->add_option("--shape", o->shape, "2-D DPBench shape (.npy or CSV of counts) to sample points from");
    cmd->add_option("--scale", o->scale, "Number of points to sample from --shape (1 to 10,000,000)")->check(CLI::Range(std::uint64_t(1), std::uint64_t(10'000'000)));
    cmd->add_option("--tree", o->tree, "quad | kd | hybrid | grid (uniform-grid baseline)")
        ->check(CLI::IsMember({"quad", "kd", "hybrid", "grid"}));
    cmd->add_option("--height", o->height, "Maximum height h of the tree")->check(CLI::Range(0, 30));
    cmd->add_option("--min-leaf", o->minLeaf, "Do not split a node whose noisy count is below L (default 0: off)");
    cmd->add_option("--epsilon,-e", o->epsilon, "Total privacy budget on every root-to-leaf path (> 0)")->required();
    cmd->add_option("--budget", o->budget, "Count budget across levels: uniform | geometric (default)")
        ->check(CLI::IsMember({"uniform", "geometric"}));
    cmd->add_option("--median", o->median, "Private median for kd splits: em (default) | smooth | noisy-mean | cell")
        ->check(CLI::IsMember({"em", "smooth", "noisy-mean", "cell"}));
    cmd->add_option("--median-fraction", o->medianFraction, "Share of epsilon for medians (default 0.3)")->check(CLI::Range(0.0, 0.99));
    cmd->add_option("--delta", o->delta, "Delta per smooth-sensitivity median (default 1e-6)");
    cmd->add_option("--hybrid-kd-levels", o->hybridKdLevels, "Hybrid: number of kd levels on top (default h/2)");
    cmd->add_flag("--postprocess", o->postprocess, "Consistency post-processing (Hay et al.)");
    cmd->add_option("--queries", o->queries, "Random range queries for the error (default 1000; 0: none)")
        ->check(CLI::Range(std::size_t(0), std::size_t(10'000'000)));
    cmd->add_option("--query-size", o->querySize, "small | medium | large | mixed (default)")
        ->check(CLI::IsMember({"small", "medium", "large", "mixed"}));
    cmd->add_option("--seed", o->seed, "Seed for reproducible demos (not for real releases)");
    veil::cli::addLedgerOptions(cmd, o->ledger, "--ledger-budget");
    cmd->add_option("--output,-o", o->output, "Write the leaf rectangles with noisy counts as GeoJSON");
    cmd->add_flag("--include-true-counts", o->trueCounts, "Also write true counts into the GeoJSON (NOT private)");
    cmd->add_flag("--non-private", o->nonPrivate, "Baseline with exact counts and medians (NOT private)");
    cmd->add_flag("--baselines", o->baselines, "Also report the uniform grid and the non-private tree on the same queries");
    cmd->add_flag("--json", o->json, "Machine-readable output");
    cmd->callback([o, &outcome] { outcome.exitCode = runPsd(*o); });
}

}  // namespace

VEIL_REGISTER_COMMAND("psd", setupPsd);
