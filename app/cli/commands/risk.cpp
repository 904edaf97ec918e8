// veil-cli risk TABLE [--qi a,b,c] [--original ORIGINAL] [--suppressed TOKEN] [--sensitive COL] [--l L]
// [--threshold T] [--population FILE] [--population-size N | --sampling-fraction F] [--attribute-risk
// [--attribute-risk-max K]] [--suda [--suda-max-size N] [--suda-dis-fraction F] [--suda-top N]]
// [--json]: re-identification risk (prosecutor, journalist, marketer, sample uniqueness, the
// distribution of per-record risk), population uniqueness (Zayatz, Pitman, SNB and Dankar et al.'s
// choice among them) given the population's size, which sets of quasi-identifiers single records
// out, special uniques (SUDA2, risk_suda.h), and, with a sensitive attribute, the homogeneity attack. With --original,
// the same for the original table beside the released one (before | after). TABLE may be a release bundle (its folder,
// manifest.json or data file): the manifest gives the suppressed token and the quasi-identifiers.
// core/anonymity/risk_report.h computes; this file reads arguments and renders.
#include "anonymity_common.h"
#include "command_registry.h"
#include "risk_output.h"
#include "risk_suda.h"

#include "veil/anonymity/risk_report.h"

#include <cmath>

namespace {

using namespace veil;
using namespace veil::anonymity;

struct RiskOptions {
    std::string table;
    std::string original;
    std::string qi;
    std::optional<std::string> suppressed;
    std::string sensitive;
    int l = 2;
    double threshold = 0.2;
    std::string population;
    std::optional<long long> populationSize;
    std::optional<double> samplingFraction;
    bool attributeRisk = false;
    std::size_t attributeRiskMax = 0;
    cli::SudaCliOptions suda;
    bool json = false;
};

// The quasi-identifiers: --qi, else the release's manifest.
Result<std::vector<std::string>> quasiIdentifiersOf(const RiskOptions& o, const cli::TableArgument& table) {
    if (!o.qi.empty()) return cli::splitList(o.qi);
    if (table.bundle && !table.bundle->quasiIdentifiers.empty()) return table.bundle->quasiIdentifiers;
    return Status::invalidArgument("--qi is required (the quasi-identifiers, comma separated)" +
                                   std::string(table.bundle ? ": the release's manifest does not name them" : ""));
}

int runRisk(const RiskOptions& o) {
    auto table = cli::readTableArgument(o.table);
    if (!table) return cli::reportError(table.status());
    auto token = cli::suppressedTokenOf(o.suppressed, *table);
    if (!token) return cli::reportError(token.status());
    auto qis = quasiIdentifiersOf(o, *table);
    if (!qis) return cli::reportError(qis.status());
    RiskReportOptions options;
    options.input.quasiIdentifiers = *qis;
    options.input.threshold = o.threshold;
    options.input.suppressedToken = *token;
    // A local suppression's '*' that matches any value, as its manifest says: the bundle's own risk.
    options.input.tokenMatchesAny = table->bundle && table->bundle->suppressedMatchesAny && token->has_value();
    options.input.tableName = table->name;
    options.input.firstLine = table->firstLine;
    std::optional<cli::TableArgument> population;
    if (!o.population.empty()) {
        auto p = cli::readTableArgument(o.population);
        if (!p) return cli::reportError(p.status());
        population = std::move(*p);
        options.input.population = &population->table;
        options.input.populationName = "the population table " + population->name;
    }
    options.population.size = o.populationSize;
    options.population.samplingFraction = o.samplingFraction;
    options.attributeRisk = o.attributeRisk;
    options.attributeRiskMax = o.attributeRiskMax;
    if (!o.sensitive.empty()) options.sensitive = o.sensitive;
    options.l = o.l;
    const cli::RiskView view{*qis, options.sensitive, o.l, *token};
    if (o.original.empty()) {
        auto report = assessRiskReport(table->table, options);
        if (!report) return cli::reportError(report.status());
        std::optional<SudaResult> suda;
        if (o.suda.enabled) {
            auto s = cli::runSuda(table->table, *qis, o.suda, *token);
            if (!s) return cli::reportError(s.status());
            suda = std::move(*s);
        }
        if (o.json) {
            auto j = cli::riskReportJson(*report, view, *token);
            if (suda) j["suda"] = cli::sudaJson(*suda);
            cli::printJson(j);
        } else {
            cli::printRiskReport(*report, view);
            if (suda) cli::printSuda(*suda, table->table, o.suda.top);
        }
        return 0;
    }
    if (o.suda.enabled) return cli::reportError("--suda reads one table: run it on the original and the release apart");
    auto original = cli::readTableArgument(o.original);
    if (!original) return cli::reportError(original.status());
    options.originalName = original->name;
    options.originalFirstLine = original->firstLine;
    auto comparison = compareRiskReports(original->table, table->table, options);
    if (!comparison) return cli::reportError(comparison.status());
    if (o.json)
        cli::printJson({{"before", cli::riskReportJson(comparison->before, view, std::nullopt)},
                        {"after", cli::riskReportJson(comparison->after, view, *token)}});
    else
        cli::printRiskComparison(*comparison, view, original->name, table->name);
    return 0;
}

// The population models explained, for --help (the same lines as the window's tooltips).
std::string uniquenessModelsHelp() {
    std::string help;
    for (UniquenessModel m : {UniquenessModel::Zayatz, UniquenessModel::Pitman, UniquenessModel::Snb})
        help += std::string(uniquenessModelDescription(m)) + ' ';
    return help + dankarRuleDescription();
}

void setupRisk(CLI::App& app, veil::cli::CommandOutcome& outcome) {
    auto o = std::make_shared<RiskOptions>();
    auto* cmd =
        app.add_subcommand("risk", "Re-identification risk of a table (or before | after) and the homogeneity attack");
    cmd->add_option("TABLE", o->table,
                    cli::tableHelp("The table (original or released)") +
                        "; or a Veil release bundle (its folder, manifest.json or data file), whose manifest gives "
                        "--suppressed and --qi")
        ->required();
    cmd->add_option("--qi", o->qi, "Quasi-identifiers, comma separated (default: the release manifest's)");
    cmd->add_option("--original", o->original,
                    "The original table (as for utility ORIGINAL RELEASED): report every measure before | after, "
                    "TABLE being the released one");
    cmd->add_option("--suppressed", o->suppressed,
                    "TOKEN: records whose quasi-identifiers all read TOKEN were suppressed: leave them out of the "
                    "classes and count them (Veil's releases write '*'; a bundle's manifest says so). Without it, "
                    "every record counts and '*' is a value like any other");
    auto* sensitive =
        cmd->add_option("--sensitive", o->sensitive, "Sensitive attribute: also run the homogeneity attack");
    cmd->add_option("--l", o->l, "Homogeneity attack: flag classes with fewer than l distinct values (default 2)")
        ->needs(sensitive);
    cmd->add_option("--threshold", o->threshold, "Records with prosecutor risk above this are 'at risk' (default 0.2)");
    cmd->add_option("--population", o->population,
                    "Population table (the same quasi-identifiers; every sample record occurs in it) for the "
                    "journalist / marketer models; its size is the population's");
    cmd->add_option("--population-size", o->populationSize,
                    "Size of the population the table was sampled from: estimate population uniques");
    cmd->add_option(
        "--sampling-fraction", o->samplingFraction,
        "Share of the population in the table, in (0, 1]: estimate population uniques. " + uniquenessModelsHelp());
    auto* attributeRisk = cmd->add_flag("--attribute-risk", o->attributeRisk,
                                        "Rank every set of the quasi-identifiers by the records it singles out");
    cmd->add_option("--attribute-risk-max", o->attributeRiskMax,
                    "Largest set of quasi-identifiers to rank (default: all; at most 65535 sets, e.g. all sets of 16)")
        ->needs(attributeRisk);
    cli::addSudaOptions(*cmd, o->suda);
    cmd->add_flag("--json", o->json,
                  "Machine-readable output (with --original: {\"before\": ..., \"after\": ...}, each shaped as "
                  "the one-table output)");
    cmd->callback([o, &outcome] { outcome.exitCode = runRisk(*o); });
}

}  // namespace

VEIL_REGISTER_COMMAND("risk", setupRisk);
