// veil-cli dp TABLE --column C --query Q --mechanism M --epsilon E [...]: differentially private
// answers to a query on one column (see veil/dp/column_query.h).
#include "cli_support.h"
#include "command_registry.h"
#include "ledger_options.h"
#include "commands/dp_common.h"

#include "veil/common/random.h"
#include "veil/common/validate.h"
#include "veil/dp/column_query.h"
#include "veil/release/privacy_ledger.h"

#include <cmath>
#include <iostream>

namespace {

struct DpOptions {
    std::string file, column, query = "count", mechanism, bins, delimiter;
    double epsilon = std::nan("");
    double delta = 0.0;
    std::optional<double> lower, upper;
    int trials = 1;
    std::optional<std::uint64_t> seed;
    double confidence = 0.95;
    bool json = false, showTrue = false;
    veil::cli::LedgerOptions ledgerOptions;
};

// Records the release in the ledger (checking the dataset's budget) before anything is printed:
// a refused release prints nothing but the refusal.
veil::Status recordInLedger(const DpOptions& o, const veil::dp::ColumnQueryResult& r) {
    veil::release::LedgerEntry e;
    e.release = std::string(veil::dp::queryKindName(r.query)) + " of " + r.column;
    e.mechanism = veil::dp::mechanismKindName(r.mechanism);
    e.neighbouring = veil::dp::neighbouringName(r.neighbouring);
    e.epsilon = r.totalEpsilon;
    e.delta = r.totalDelta;
    e.details = {{"query", o.query}, {"column", r.column}, {"trials", o.trials}, {"epsilon_per_release", r.epsilon},
                 {"delta_per_release", r.delta}, {"seeded", r.seeded}, {"noise_scale", r.noiseScale}};
    return veil::cli::recordInLedger(o.ledgerOptions, o.file, e);
}

veil::Status parseBins(const std::string& text, veil::dp::ColumnQuerySpec& spec) {
    if (text.empty()) return veil::Status::ok();
    const auto items = veil::cli::splitList(text);
    try {
        if (items.size() == 1) {
            std::size_t used = 0;
            const long long k = std::stoll(items[0], &used);
            if (used != items[0].size() || k < 1 || k > 10'000'000) throw std::invalid_argument("k");
            spec.binCount = int(k);
            return veil::Status::ok();
        }
        for (const auto& it : items) {
            std::size_t used = 0;
            spec.binEdges.push_back(std::stod(it, &used));
            if (used != it.size()) throw std::invalid_argument("edge");
        }
    } catch (const std::exception&) {
        return veil::Status::invalidArgument("--bins expects a bin count (e.g. 10) or ascending edges (e.g. 0,18,65,120), got '" + text + "'");
    }
    return veil::Status::ok();
}

nlohmann::json releaseJson(const std::vector<double>& values, bool scalar) {
    if (scalar) return values[0];
    return values;
}

int runDp(const DpOptions& o) {
    veil::dp::ColumnQuerySpec spec;
    if (auto st = veil::dp::parseQueryInto(o.query, spec); !st) return veil::cli::reportError(st);
    if (!o.mechanism.empty()) {
        auto m = veil::dp::parseMechanismKind(o.mechanism);
        if (!m) return veil::cli::reportError(m.status());
        spec.mechanism = *m;
    }
    if (std::isnan(o.epsilon)) return veil::cli::reportError("epsilon must be a positive finite number (got nan)");
    spec.epsilon = o.epsilon;
    spec.delta = o.delta;
    spec.lower = o.lower;
    spec.upper = o.upper;
    spec.trials = o.trials;
    spec.confidence = o.confidence;
    if (auto st = parseBins(o.bins, spec); !st) return veil::cli::reportError(st);
    auto table = veil::cli::readTableForDp(o.file, o.delimiter);
    if (!table) return veil::cli::reportError(table.status());
    const std::uint64_t* seed = o.seed ? &*o.seed : nullptr;
    auto rng = veil::makeRandomSource(seed);
    veil::RunContext ctx;
    ctx.random = rng.get();
    auto res = veil::dp::runColumnQuery(*table, o.column, spec, ctx);
    if (!res) return veil::cli::reportError(res.status());
    const auto& r = *res;
    if (!o.ledgerOptions.ledger.empty())
        if (auto st = recordInLedger(o, r); !st) return veil::cli::reportError(st);
    const bool scalar = r.query != veil::dp::QueryKind::Histogram;

    if (o.json) {
        nlohmann::json j;
        j["query"] = veil::dp::queryKindName(r.query);
        if (r.query == veil::dp::QueryKind::Quantile) j["quantile"] = spec.quantile;
        j["mechanism"] = veil::dp::mechanismKindName(r.mechanism);
        j["column"] = r.column;
        j["epsilon"] = r.epsilon;
        j["delta"] = r.delta;
        j["total_epsilon"] = r.totalEpsilon;
        j["total_delta"] = r.totalDelta;
        j["neighbouring"] = veil::dp::neighbouringName(r.neighbouring);
        j["sensitivity"] = r.sensitivity;
        j["noise_scale"] = r.noiseScale;
        j["noise"] = veil::dp::noiseKindName(r.noise.kind);
        j["rows_used"] = r.rowsUsed;
        j["confidence"] = spec.confidence;
        if (!scalar) j["labels"] = r.labels;
        j["releases"] = nlohmann::json::array();
        j["intervals"] = nlohmann::json::array();
        for (std::size_t t = 0; t < r.releases.size(); ++t) {
            j["releases"].push_back(releaseJson(r.releases[t], scalar));
            nlohmann::json ci = nlohmann::json::array();
            for (const auto& c : r.intervals[t]) ci.push_back({c.lower, c.upper});
            j["intervals"].push_back(scalar ? ci[0] : ci);
        }
        if (o.showTrue) j["true_value"] = releaseJson(r.trueValues, scalar);
        j["seeded"] = r.seeded;
        j["random"] = rng->description();
        j["notes"] = r.notes;
        veil::cli::printJson(j);
        return 0;
    }
    std::cout << veil::dp::queryKindName(r.query) << " of '" << r.column << "' with the "
              << veil::dp::mechanismKindName(r.mechanism) << " mechanism: epsilon " << veil::formatNumber(r.epsilon);
    if (r.delta > 0) std::cout << ", delta " << veil::formatNumber(r.delta);
    std::cout << " per release (" << veil::dp::neighbouringName(r.neighbouring) << " neighbours), noise scale "
              << veil::formatNumber(r.noiseScale) << "\n";
    for (std::size_t t = 0; t < r.releases.size(); ++t) {
        if (r.releases.size() > 1) std::cout << "release " << t + 1 << ":\n";
        for (std::size_t i = 0; i < r.releases[t].size(); ++i) {
            std::cout << "  " << r.labels[i] << ": " << veil::formatNumber(r.releases[t][i]) << "  ("
                      << int(std::lround(spec.confidence * 100)) << "% interval " << veil::formatNumber(r.intervals[t][i].lower)
                      << " .. " << veil::formatNumber(r.intervals[t][i].upper) << ")";
            if (o.showTrue) std::cout << "  true " << veil::formatNumber(r.trueValues[i]);
            std::cout << '\n';
        }
    }
    for (const auto& n : r.notes) std::cout << "note: " << n << '\n';
    return 0;
}

void setupDp(CLI::App& app, veil::cli::CommandOutcome& outcome) {
    auto o = std::make_shared<DpOptions>();
    auto* cmd = app.add_subcommand("dp", "Differentially private answer to a query on one column");
    cmd->add_option("TABLE", o->file, "CSV file")->required();
    cmd->add_option("--column,-c", o->column, "Column to query")->required();
    cmd->add_option("--query,-q", o->query, "count | sum | mean | median | quantile:Q | histogram | range:A:B (default count)");
    cmd->add_option("--mechanism,-m", o->mechanism,
                    "laplace | geometric | gaussian | exponential | smooth | histogram (default: laplace; exponential for medians/quantiles; gaussian when --delta > 0)");
    cmd->add_option("--epsilon,-e", o->epsilon, "Privacy parameter epsilon per release (> 0)")->required();
    cmd->add_option("--delta", o->delta, "Privacy parameter delta in [0, 1) (gaussian, smooth)");
    cmd->add_option("--lower", o->lower, "Lower clamping bound (sum, mean, quantiles, numeric bins)");
    cmd->add_option("--upper", o->upper, "Upper clamping bound");
    cmd->add_option("--bins", o->bins, "Histogram: number of equal-width bins in [lower, upper], or ascending edges a,b,c");
    cmd->add_option("--trials", o->trials, "Number of independent releases (each costs epsilon)")->check(CLI::Range(1, 10'000'000));
    cmd->add_option("--seed", o->seed, "Seed for reproducible demos (not for real releases)");
    cmd->add_option("--confidence", o->confidence, "Confidence level of the intervals (default 0.95)");
    cmd->add_option("--delimiter,-d", o->delimiter, "Field delimiter (default: detect)");
    veil::cli::addLedgerOptions(cmd, o->ledgerOptions);
    cmd->add_flag("--show-true", o->showTrue, "Also print the true (non-private) answer, for teaching");
    cmd->add_flag("--json", o->json, "Machine-readable output");
    cmd->callback([o, &outcome] { outcome.exitCode = runDp(*o); });
}

}  // namespace

VEIL_REGISTER_COMMAND("dp", setupDp);
