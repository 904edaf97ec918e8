// veil-cli dp TABLE --column C --query Q --mechanism M --epsilon E [...]: differentially private
// answers to a query on one column (see veil/dp/column_query.h), through the release gate; or
// veil-cli dp --counts FILE --strategy S --epsilon E [...]: a histogram given as counts (dp_counts.h).
#include "cli_support.h"
#include "command_registry.h"
#include "commands/dp_common.h"
#include "commands/dp_counts.h"
#include "per_query.h"
#include "release_options.h"

#include "veil/common/catalogue.h"
#include "veil/common/validate.h"
#include "veil/dp/column_query.h"
#include "veil/dp/exact_aggregates.h"
#include "veil/dp/histogram_release.h"

#include <cmath>
#include <iostream>

namespace {

struct DpOptions {
    std::string file, column, query = "count", mechanism, bins, delimiter, categories, categoriesFile,
                              strategy = "identity";
    std::string other;
    bool otherGiven = false;
    bool deltaGiven = false, confidenceGiven = false;  // --counts takes neither
    std::string counts, output;                        // --counts FILE (instead of TABLE and --column), --output FILE
    std::vector<std::string> strategyOptions;
    double epsilon = std::nan("");
    double delta = 0.0;
    std::optional<double> lower, upper;
    int trials = 1;
    double confidence = 0.95;
    bool json = false, showTrue = false;
    veil::cli::ReleaseOptions release;
    veil::cli::PerQueryOptions perQuery;  // --workload, --per-query
};

veil::Status parseBins(const std::string& text, veil::dp::ColumnQuerySpec& spec) {
    if (text.empty()) return veil::Status::ok();
    const auto items = veil::cli::splitList(text);
    try {
        if (items.size() == 1) {
            std::size_t used = 0;
            const long long k = std::stoll(items[0], &used);
            if (used != items[0].size() || k < 1 || k > static_cast<long long>(veil::dp::kMaxHistogramBins))
                throw std::invalid_argument("k");
            spec.binCount = int(k);
            return veil::Status::ok();
        }
        for (const auto& it : items) {
            std::size_t used = 0;
            spec.binEdges.push_back(std::stod(it, &used));
            if (used != it.size()) throw std::invalid_argument("edge");
        }
    } catch (const std::exception&) {
        return veil::Status::invalidArgument("--bins expects a bin count in [1, " +
                                             std::to_string(veil::dp::kMaxHistogramBins) +
                                             "] or ascending edges (e.g. 0,18,65,120), got '" + text + "'");
    }
    return veil::Status::ok();
}

veil::Result<veil::dp::ColumnQuerySpec> buildSpec(const DpOptions& o) {
    veil::dp::ColumnQuerySpec spec;
    VEIL_RETURN_IF_ERROR(veil::dp::parseQueryInto(o.query, spec));
    if (!o.mechanism.empty()) {
        auto m = veil::dp::parseMechanismKind(o.mechanism);
        if (!m) return m.status();
        spec.mechanism = *m;
    }
    spec.epsilon = o.epsilon;
    spec.delta = o.delta;
    spec.lower = o.lower;
    spec.upper = o.upper;
    spec.trials = o.trials;
    spec.confidence = o.confidence;
    VEIL_RETURN_IF_ERROR(parseBins(o.bins, spec));
    if (!o.categories.empty() && !o.categoriesFile.empty())
        return veil::Status::invalidArgument("give --categories or --categories-file, not both");
    if (!o.categories.empty()) spec.categories = veil::cli::splitList(o.categories);
    if (!o.categoriesFile.empty()) {
        auto read = veil::dp::readCategoriesFile(o.categoriesFile);
        if (!read) return read.status();
        spec.categories = std::move(*read);
    }
    if (o.otherGiven) spec.otherLabel = o.other.empty() ? std::string("(other)") : o.other;
    spec.strategy = o.strategy;
    if (!o.strategyOptions.empty()) {
        auto info = veil::dp::findHistogramStrategy(o.strategy);
        if (!info) return info.status();
        auto options = veil::parseOptionAssignments(**info, o.strategyOptions);
        if (!options) return options.status();
        spec.strategyOptions = *options;
    }
    return spec;
}

nlohmann::json releaseJson(const std::vector<double>& values, bool scalar) {
    if (scalar) return values[0];
    return values;
}

void printJsonResult(const DpOptions& o, const veil::dp::ColumnQuerySpec& spec, const veil::dp::ColumnQueryResult& r) {
    const bool scalar = r.query != veil::dp::QueryKind::Histogram;
    const bool teaching = r.receipt.mode == veil::dp::ReleaseMode::Teaching;
    nlohmann::json j;
    j["query"] = veil::dp::queryKindName(r.query);
    if (r.query == veil::dp::QueryKind::Quantile) j["quantile"] = spec.quantile;
    j["mechanism"] = veil::dp::mechanismKindName(r.mechanism);
    if (r.query == veil::dp::QueryKind::Histogram) j["strategy"] = spec.strategy;
    j["column"] = r.column;
    j["epsilon"] = r.epsilon;
    j["delta"] = r.delta;
    j["total_epsilon"] = r.totalEpsilon;
    j["total_delta"] = r.totalDelta;
    j["neighbouring"] = veil::dp::neighbouringName(r.neighbouring);
    j["sensitivity"] = r.sensitivity;
    j["noise_scale"] = r.noiseScale;
    j["noise"] = veil::dp::noiseKindName(r.noise.kind);
    if (teaching) j["rows_used"] = r.rowsUsed;
    j["confidence"] = spec.confidence;
    if (!scalar) j["labels"] = r.labels;
    j["releases"] = nlohmann::json::array();
    j["intervals"] = nlohmann::json::array();
    for (std::size_t t = 0; t < r.releases.size(); ++t) {
        j["releases"].push_back(releaseJson(r.releases[t], scalar));
        if (t >= r.intervals.size()) continue;
        nlohmann::json ci = nlohmann::json::array();
        for (const auto& c : r.intervals[t]) ci.push_back({c.lower, c.upper});
        j["intervals"].push_back(scalar && !ci.empty() ? ci[0] : ci);
    }
    if (o.showTrue && !r.trueValues.empty()) j["true_value"] = releaseJson(r.trueValues, scalar);
    if (!spec.workload.empty()) j["workload_queries"] = spec.workload.size();
    veil::cli::addPerQueryJson(j, o.perQuery, teaching);
    j["random"] = r.receipt.randomness;
    j["notes"] = r.notes;
    veil::cli::addReceipt(j, r.receipt);
    veil::cli::printJson(j);
}

void printText(const DpOptions& o, const veil::dp::ColumnQuerySpec& spec, const veil::dp::ColumnQueryResult& r) {
    std::string method = std::string(veil::dp::mechanismKindName(r.mechanism)) + " mechanism";
    if (r.query == veil::dp::QueryKind::Histogram && spec.strategy != "identity")
        if (auto info = veil::dp::findHistogramStrategy(spec.strategy)) method = (*info)->name + " strategy";
    std::cout << veil::dp::queryKindName(r.query) << " of '" << r.column << "' with the " << method << ": epsilon "
              << veil::formatNumber(r.epsilon);
    if (r.delta > 0) std::cout << ", delta " << veil::formatNumber(r.delta);
    std::cout << " per release (" << veil::dp::neighbouringName(r.neighbouring) << " neighbours)";
    if (r.noiseScale > 0) std::cout << ", noise scale " << veil::formatNumber(r.noiseScale);
    std::cout << "\n";
    for (std::size_t t = 0; t < r.releases.size(); ++t) {
        if (r.releases.size() > 1) std::cout << "release " << t + 1 << ":\n";
        for (std::size_t i = 0; i < r.releases[t].size(); ++i) {
            std::cout << "  " << r.labels[i] << ": " << veil::formatNumber(r.releases[t][i]);
            if (t < r.intervals.size() && i < r.intervals[t].size())
                std::cout << "  (" << int(std::lround(spec.confidence * 100)) << "% interval "
                          << veil::formatNumber(r.intervals[t][i].lower) << " .. "
                          << veil::formatNumber(r.intervals[t][i].upper) << ")";
            if (o.showTrue && i < r.trueValues.size()) std::cout << "  true " << veil::formatNumber(r.trueValues[i]);
            std::cout << '\n';
        }
    }
    for (const auto& n : r.notes) std::cout << "note: " << n << '\n';
    veil::cli::printPerQueryLine(o.perQuery, spec.workload.size(), r.releases.size(),
                                 r.receipt.mode == veil::dp::ReleaseMode::Teaching);
    veil::cli::printReceipt(r.receipt);
}

// --workload: ranges over the declared bins (a public domain: read before any data).
veil::Result<veil::eval::Workload> readDpWorkload(const DpOptions& o, veil::dp::ColumnQuerySpec& spec) {
    if (o.perQuery.workload.empty()) return veil::eval::Workload{};
    if (spec.query != veil::dp::QueryKind::Histogram)
        return veil::Status::invalidArgument("--workload holds ranges over a histogram's bins: use --query histogram");
    auto domain = veil::dp::aggregateDomain(spec);
    if (!domain) return domain.status();
    auto w = veil::cli::readCliWorkload(o.perQuery, 1, domain->labels.size(), false);
    if (!w) return w.status();
    spec.workload = veil::eval::toRangeQueries(*w);
    return w;
}

veil::Status writeDpPerQuery(const DpOptions& o, const veil::dp::ColumnQuerySpec& spec, veil::eval::Workload workload,
                             const veil::dp::ColumnQueryResult& r) {
    veil::eval::PerQueryAnswers answers;
    answers.method = "histogram:" + spec.strategy;
    auto info = veil::dp::findHistogramStrategy(spec.strategy);
    answers.label = info ? (*info)->name : spec.strategy;
    answers.epsilon = r.epsilon;
    answers.workload = std::move(workload);
    answers.noisy = r.workloadAnswers;
    answers.truth = r.workloadTruth;
    return veil::cli::writePerQueryFile(o.perQuery, answers, r.receipt.mode == veil::dp::ReleaseMode::Teaching);
}

// --counts FILE: the histogram is given; the column query's own flags do not apply.
int runCounts(const DpOptions& o) {
    if (!o.file.empty() || !o.column.empty())
        return veil::cli::reportError("--counts FILE is the histogram: give no TABLE and no --column with it");
    if (o.query != "count" && o.query != "histogram")
        return veil::cli::reportError("--counts releases the histogram itself: --query " + o.query +
                                      " applies to a TABLE's column");
    if (!o.bins.empty() || !o.categories.empty() || !o.categoriesFile.empty() || o.otherGiven || o.lower || o.upper)
        return veil::cli::reportError(
            "--counts gives the bins: --bins, --categories, --other, --lower and --upper apply to a TABLE's column");
    if (!o.mechanism.empty() || o.deltaGiven || o.confidenceGiven || !o.delimiter.empty())
        return veil::cli::reportError(
            "--counts is released by its --strategy (pure epsilon-DP, each strategy's own noise): --mechanism, "
            "--delta, --confidence and --delimiter apply to a TABLE's column");
    veil::cli::DpCountsOptions c;
    c.counts = o.counts;
    c.strategy = o.strategy;
    c.strategyOptions = o.strategyOptions;
    c.epsilon = o.epsilon;
    c.trials = o.trials;
    c.output = o.output;
    c.json = o.json;
    c.showTrue = o.showTrue;
    c.release = o.release;
    c.perQuery = o.perQuery;
    return veil::cli::runDpCounts(c);
}

int runDp(const DpOptions& o) {
    if (!o.counts.empty()) return runCounts(o);
    if (o.file.empty() || o.column.empty())
        return veil::cli::reportError("give a TABLE and --column COLUMN (or --counts FILE for a histogram of counts)");
    if (!o.output.empty()) return veil::cli::reportError("--output writes a --counts release's noisy counts");
    if (auto st = veil::cli::requireTeaching(o.release, o.showTrue, "--show-true"); !st)
        return veil::cli::reportError(st);
    if (auto st = veil::cli::checkPerQueryOptions(o.perQuery); !st) return veil::cli::reportError(st);
    if (auto st = veil::cli::checkOutputs({{"--per-query", o.perQuery.perQuery}},
                                          {o.file, o.perQuery.workload, o.release.ledger});
        !st)
        return veil::cli::reportError(st);
    auto spec = buildSpec(o);
    if (!spec) return veil::cli::reportError(spec.status());
    auto workload = readDpWorkload(o, *spec);
    if (!workload) return veil::cli::reportError(workload.status());
    if (auto cost = veil::dp::columnQueryCost(*spec); !cost) return veil::cli::reportError(cost.status());
    auto table = veil::cli::readTableForDp(o.file, o.delimiter);
    if (!table) return veil::cli::reportError(table.status());
    auto gate = veil::cli::makeGate(o.release, o.file);
    if (!gate) return veil::cli::reportError(gate.status());
    auto res = veil::dp::releaseColumnQuery(*gate->gate, *table, o.column, *spec, veil::RunContext{});
    if (!res) return veil::cli::reportError(res.status());
    if (auto st = writeDpPerQuery(o, *spec, std::move(*workload), *res); !st) return veil::cli::reportError(st);
    if (o.json)
        printJsonResult(o, *spec, *res);
    else
        printText(o, *spec, *res);
    return 0;
}

void setupDp(CLI::App& app, veil::cli::CommandOutcome& outcome) {
    auto o = std::make_shared<DpOptions>();
    auto* cmd = app.add_subcommand(
        "dp", "Differentially private answer to a query on one column, or a private histogram of counts (--counts)");
    cmd->add_option("TABLE", o->file, "CSV file (not with --counts)");
    cmd->add_option("--column,-c", o->column, "Column to query (required with TABLE)");
    cmd->add_option("--counts", o->counts,
                    "A histogram given as counts instead of TABLE: a DPBench .npy or CSV file, 1-D (one count per "
                    "line or one line) or 2-D (rows of comma-separated counts); released with --strategy (2-D: "
                    "identity, uniform, dawa, hb2d, privelet2d) at --epsilon, each --trials release charged");
    cmd->add_option("--output,-o", o->output,
                    "--counts: write the release's noisy counts here, in the input's layout (CSV; one trial)");
    cmd->add_option("--query,-q", o->query,
                    "count | sum | mean | median | quantile:Q | histogram | range:A:B (default count)");
    cmd->add_option("--mechanism,-m", o->mechanism,
                    "laplace | geometric | gaussian | exponential | smooth | histogram (default: laplace; exponential "
                    "for medians/quantiles; gaussian when --delta > 0)");
    cmd->add_option("--epsilon,-e", o->epsilon, "Privacy parameter epsilon per release, in [1e-9, 1000]")->required();
    auto* delta = cmd->add_option("--delta", o->delta, "Privacy parameter delta in [0, 1) (gaussian, smooth)");
    cmd->add_option("--lower", o->lower, "Declared lower clamping bound (sum, mean, quantiles, numeric bins)");
    cmd->add_option("--upper", o->upper, "Declared upper clamping bound");
    cmd->add_option("--bins", o->bins,
                    "Numeric histogram: number of equal-width bins in [lower, upper], or ascending edges a,b,c");
    cmd->add_option("--categories", o->categories,
                    "Categorical histogram: the declared categories a,b,c (labels never come from the data)");
    cmd->add_option("--categories-file", o->categoriesFile,
                    "Categorical histogram: a file with one declared category per line");
    auto* other = cmd->add_option("--other", o->other,
                                  "Count values outside the categories in an extra bin (default label '(other)'); "
                                  "without it they are dropped")
                      ->expected(0, 1);
    cmd->add_option("--strategy", o->strategy,
                    "Histogram strategy: identity (default), hierarchical, hb, privelet, mwem, dawa, ... (2-D counts: "
                    "identity, uniform, dawa, hb2d, privelet2d)");
    cmd->add_option("--option", o->strategyOptions, "Strategy option NAME=VALUE (repeatable), e.g. branching=16");
    veil::cli::addPerQueryOptions(
        cmd, o->perQuery,
        "Histogram: a JSON file of ranges over the declared bins, DPBench's "
        "{\"queries\": [{\"lb\": [0], \"ub\": [5]}, ...]} or Veil's [[0, 5], ...] "
        "(0-based, inclusive); MWEM, Greedy-H and DAWA fit it; --per-query writes every release's answers");
    cmd->add_option("--trials", o->trials, "Number of independent releases (each costs epsilon)")
        ->check(CLI::Range(1, veil::dp::kMaxTrials));
    auto* confidence =
        cmd->add_option("--confidence", o->confidence, "Confidence level of the intervals (default 0.95)");
    cmd->add_option("--delimiter,-d", o->delimiter, "Field delimiter (default: detect)");
    veil::cli::addReleaseOptions(cmd, o->release);
    cmd->add_flag("--show-true", o->showTrue, "Also print the true (non-private) answer (needs --teaching)");
    cmd->add_flag("--json", o->json, "Machine-readable output");
    cmd->callback([o, other, delta, confidence, &outcome] {
        o->otherGiven = other->count() > 0;
        o->deltaGiven = delta->count() > 0;
        o->confidenceGiven = confidence->count() > 0;
        outcome.exitCode = runDp(*o);
    });
}

}  // namespace

VEIL_REGISTER_COMMAND("dp", setupDp);
