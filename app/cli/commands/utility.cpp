// veil-cli utility ORIGINAL RELEASED --columns a,b,c [--pair a,b ...] [--target COL
// [--model naive-bayes|logistic] [--folds N]] [--suppressed TOKEN] [--max-categories N] [--json]:
// what a release kept of the original (rows aligned, suppressed records kept in place): per
// attribute, distinct values, entropy, the most frequent value and, for numbers, min, max, mean
// and standard deviation before and after; per pair of attributes, both contingency tables and
// the distance between them; with a target, the accuracy of a classifier trained on the original
// and on the release, both tested on the original records, beside always guessing the most
// frequent value. The suppressed token is the one given, or the release bundle's; never guessed.
// Core computes it all (veil/anonymity/utility_analysis.h); this file parses and prints.
#include "anonymity_common.h"
#include "command_registry.h"
#include "utility_render.h"

#include "veil/anonymity/utility_analysis.h"

namespace {

using namespace veil;
using namespace veil::anonymity;

struct UtilityCliOptions {
    std::string original, released, columns, target, model = "naive-bayes";
    std::optional<std::string> suppressed;  // --suppressed TOKEN (a release bundle's manifest gives it too)
    std::vector<std::string> pairs;
    std::size_t maxCategories = 10, folds = 10;
    bool json = false;
};

Result<UtilityRequest> utilityRequest(const UtilityCliOptions& o) {
    UtilityRequest request;
    request.columns = cli::splitList(o.columns);
    for (const auto& p : o.pairs) {
        const auto names = cli::splitList(p);
        if (names.size() != 2) return Status::invalidArgument("--pair expects two columns A,B, got '" + p + "'");
        request.pairs.emplace_back(names[0], names[1]);
    }
    request.caps = {o.maxCategories, o.maxCategories};
    if (!o.target.empty()) request.target = o.target;
    const auto model = classifierFromName(o.model);
    if (!model) return Status::invalidArgument("--model expects naive-bayes or logistic, got '" + o.model + "'");
    request.model = *model;
    request.folds = o.folds;
    return request;
}

int runUtility(const UtilityCliOptions& o) {
    auto request = utilityRequest(o);
    if (!request) return cli::reportError(request.status());
    auto original = cli::readTableForAnonymity(o.original);
    if (!original) return cli::reportError(original.status());
    auto released = cli::readTableArgument(o.released);
    if (!released) return cli::reportError(released.status());
    auto token = cli::suppressedTokenOf(o.suppressed, *released);
    if (!token) return cli::reportError(token.status());
    request->options.suppressedToken = *token;
    auto report = analyzeUtility(original->table, released->table, *request);
    if (!report) return cli::reportError(report.status());
    if (o.json)
        cli::printJson(cli::utilityJson(*report));
    else
        cli::printUtilityText(std::cout, *report);
    return 0;
}

void setupUtility(CLI::App& app, veil::cli::CommandOutcome& outcome) {
    auto o = std::make_shared<UtilityCliOptions>();
    auto* cmd = app.add_subcommand("utility", "What a release kept: attributes, contingency tables and accuracy");
    cmd->add_option("ORIGINAL", o->original, cli::tableHelp("The original table"))->required();
    cmd->add_option("RELEASED", o->released,
                    "The released table, rows in the original's order; or a Veil release bundle (its folder, "
                    "manifest.json or data file), whose manifest gives --suppressed")
        ->required();
    cmd->add_option("--suppressed", o->suppressed,
                    "TOKEN: released cells reading TOKEN were suppressed: count them as such, not as a value (Veil's "
                    "releases write '*'). Without it, every text is a value");
    cmd->add_option("--columns", o->columns, "Attributes to compare, comma separated")->required();
    cmd->add_option("--pair", o->pairs,
                    "A,B: the contingency tables of two attributes before and after, and their distance (repeatable)");
    cmd->add_option("--max-categories", o->maxCategories,
                    "Values shown per attribute in a contingency table: the most frequent, the others pooled as "
                    "\"Other\" (0: all; the distance always uses all)")
        ->capture_default_str();
    auto* target =
        cmd->add_option("--target", o->target,
                        "Predict this column from the other --columns: trained on the original and on the release, "
                        "tested on the original records");
    cmd->add_option("--model", o->model,
                    "Classifier for --target: naive-bayes (default) or logistic (multinomial logistic regression)")
        ->check(CLI::IsMember({"naive-bayes", "logistic"}))
        ->needs(target);
    cmd->add_option("--folds", o->folds, "Cross-validation folds for --target (record r in fold r mod N)")
        ->capture_default_str()
        ->check(CLI::Range(std::size_t(2), std::size_t(1000)))
        ->needs(target);
    cmd->add_flag("--json", o->json, "Machine-readable output");
    cmd->callback([o, &outcome] { outcome.exitCode = runUtility(*o); });
}

}  // namespace

VEIL_REGISTER_COMMAND("utility", setupUtility);
