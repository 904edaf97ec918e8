// veil-cli utility ORIGINAL RELEASED --columns a,b,c [--suppressed TOKEN] [--pair a,b ...] [--target COL
// [--model naive-bayes|logistic]] [--json]: what a
// release kept of the original (rows aligned, suppressed rows kept as TOKEN): per attribute, distinct
// values and entropy before and after; per pair of attributes, the distance between their
// contingency tables; with a target, the accuracy of a classifier (naive Bayes or logistic
// regression) from the original and from the released attributes, beside always guessing the most
// frequent value.
#include "anonymity_common.h"
#include "command_registry.h"

#include "veil/anonymity/utility_analysis.h"

namespace {

using namespace veil;
using namespace veil::anonymity;

struct UtilityOptions {
    std::string original, released, columns, target, model = "naive-bayes";
    std::optional<std::string> suppressed;  // --suppressed TOKEN (a release bundle's manifest gives it too)
    std::vector<std::string> pairs;
    bool json = false;
};

std::string rounded(double v) {
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.3f", v);
    return buf;
}

struct PairDistance {
    std::string a, b;
    double distance = 0;
};

void printText(const std::vector<AttributeUtility>& attributes, const std::vector<PairDistance>& pairs,
               const std::optional<ClassificationAccuracy>& accuracy) {
    std::cout << "attribute            distinct before/after   entropy before/after (bits)   suppressed\n";
    for (const auto& u : attributes) {
        char line[160];
        std::snprintf(line, sizeof line, "%-20s %8zu / %-8zu        %8.3f / %-8.3f          %zu\n", u.name.c_str(),
                      u.distinctBefore, u.distinctAfter, u.entropyBefore, u.entropyAfter, u.suppressedAfter);
        std::cout << line;
    }
    for (const auto& p : pairs)
        std::cout << "Contingency " << p.a << " x " << p.b << ": total-variation distance " << rounded(p.distance)
                  << '\n';
    if (accuracy)
        std::cout << "Predicting '" << accuracy->target << "' (" << classifierTitle(accuracy->model) << ", "
                  << accuracy->folds << "-fold): original " << rounded(accuracy->original) << ", released "
                  << rounded(accuracy->released) << ", most frequent value " << rounded(accuracy->zeroR) << '\n';
}

nlohmann::json toJson(const std::vector<AttributeUtility>& attributes, const std::vector<PairDistance>& pairs,
                      const std::optional<ClassificationAccuracy>& accuracy) {
    nlohmann::json j;
    j["attributes"] = nlohmann::json::array();
    for (const auto& u : attributes)
        j["attributes"].push_back({{"name", u.name},
                                   {"distinct_before", u.distinctBefore},
                                   {"distinct_after", u.distinctAfter},
                                   {"entropy_before", u.entropyBefore},
                                   {"entropy_after", u.entropyAfter},
                                   {"suppressed_after", u.suppressedAfter}});
    j["contingency"] = nlohmann::json::array();
    for (const auto& p : pairs) j["contingency"].push_back({{"a", p.a}, {"b", p.b}, {"distance", p.distance}});
    if (accuracy)
        j["classification"] = {{"target", accuracy->target},     {"model", classifierName(accuracy->model)},
                               {"folds", accuracy->folds},       {"original", accuracy->original},
                               {"released", accuracy->released}, {"zero_r", accuracy->zeroR}};
    return j;
}

int runUtility(const UtilityOptions& o) {
    auto original = cli::readTableForAnonymity(o.original);
    if (!original) return cli::reportError(original.status());
    auto released = cli::readTableArgument(o.released);
    if (!released) return cli::reportError(released.status());
    auto token = cli::suppressedTokenOf(o.suppressed, *released);
    if (!token) return cli::reportError(token.status());
    const auto columns = cli::splitList(o.columns);
    auto attributes = attributeUtility(original->table, released->table, columns, *token);
    if (!attributes) return cli::reportError(attributes.status());
    std::vector<PairDistance> pairs;
    for (const auto& p : o.pairs) {
        const auto names = cli::splitList(p);
        if (names.size() != 2) return cli::reportError("--pair expects two columns A,B, got '" + p + "'");
        auto d = contingencyDistance(original->table, released->table, names[0], names[1]);
        if (!d) return cli::reportError(d.status());
        pairs.push_back({names[0], names[1], *d});
    }
    std::optional<ClassificationAccuracy> accuracy;
    if (!o.target.empty()) {
        const auto model = classifierFromName(o.model);
        if (!model) return cli::reportError("--model expects naive-bayes or logistic, got '" + o.model + "'");
        std::vector<std::string> features;
        for (const auto& c : columns)
            if (c != o.target) features.push_back(c);
        auto a = classificationAccuracy(original->table, released->table, features, o.target, *model);
        if (!a) return cli::reportError(a.status());
        accuracy = *a;
    }
    if (o.json)
        cli::printJson(toJson(*attributes, pairs, accuracy));
    else
        printText(*attributes, pairs, accuracy);
    return 0;
}

void setupUtility(CLI::App& app, veil::cli::CommandOutcome& outcome) {
    auto o = std::make_shared<UtilityOptions>();
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
    cmd->add_option("--pair", o->pairs, "A,B: distance between the two attributes' contingency tables (repeatable)");
    cmd->add_option("--target", o->target, "Predict this column from the other --columns");
    cmd->add_option("--model", o->model,
                    "Classifier for --target: naive-bayes (default) or logistic (multinomial logistic regression)")
        ->check(CLI::IsMember({"naive-bayes", "logistic"}));
    cmd->add_flag("--json", o->json, "Machine-readable output");
    cmd->callback([o, &outcome] { outcome.exitCode = runUtility(*o); });
}

}  // namespace

VEIL_REGISTER_COMMAND("utility", setupUtility);
