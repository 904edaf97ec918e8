// veil-cli rr TABLE --column C --epsilon E [--value V] [--json]: simulate randomized response on a
// column (each row is one respondent) and print the unbiased estimate. Binary when --value V is
// given (attribute "C = V") or the column has exactly two values (the second in sorted order is
// the positive one); k-ary over the column's categories otherwise.
#include "cli_support.h"
#include "command_registry.h"
#include "commands/dp_common.h"

#include "veil/common/random.h"
#include "veil/common/validate.h"
#include "veil/dp/randomized_response.h"

#include <cmath>
#include <iostream>
#include <set>

namespace {

struct RrOptions {
    std::string file, column, value, delimiter;
    double epsilon = std::nan("");
    std::optional<std::uint64_t> seed;
    bool json = false, showTrue = false;
};

int runRr(const RrOptions& o) {
    if (std::isnan(o.epsilon)) return veil::cli::reportError("epsilon must be a positive finite number (got nan)");
    auto table = veil::cli::readTableForDp(o.file, o.delimiter);
    if (!table) return veil::cli::reportError(table.status());
    auto idx = table->columnIndex(o.column);
    if (!idx) return veil::cli::reportError(idx.status());
    const veil::Column& col = table->column(*idx);

    std::vector<std::string> values;
    for (std::size_t r = 0; r < col.size(); ++r)
        if (!col.isMissing(r)) values.push_back(col.toString(r));
    if (values.empty()) return veil::cli::reportError("column '" + o.column + "' is empty (no non-missing values)");

    std::vector<std::string> categories;
    std::string attribute;
    if (!o.value.empty()) {
        categories = {"not " + o.value, o.value};
        attribute = o.column + " = " + o.value;
    } else {
        const std::set<std::string> distinct(values.begin(), values.end());
        categories.assign(distinct.begin(), distinct.end());
        if (categories.size() == 1) categories.insert(categories.begin(), "(other)");
        if (categories.size() == 2) attribute = o.column + " = " + categories[1];
    }
    const bool binary = categories.size() == 2;
    std::vector<std::size_t> truths;
    truths.reserve(values.size());
    for (const auto& v : values) {
        if (!o.value.empty()) truths.push_back(v == o.value ? 1 : 0);
        else truths.push_back(std::size_t(std::lower_bound(categories.begin(), categories.end(), v) - categories.begin()));
    }
    auto rr = veil::dp::RandomizedResponse::create(o.epsilon, categories.size());
    if (!rr) return veil::cli::reportError(rr.status());
    const std::uint64_t* seed = o.seed ? &*o.seed : nullptr;
    auto rng = veil::makeRandomSource(seed);
    const auto reports = rr->respondAll(*rng, truths);
    const auto est = rr->estimate(reports);
    std::vector<double> trueFractions(categories.size(), 0.0);
    for (std::size_t t : truths) trueFractions[t] += 1.0 / double(truths.size());

    if (o.json) {
        nlohmann::json j;
        j["mechanism"] = binary ? "randomized-response" : "k-ary-randomized-response";
        j["column"] = o.column;
        if (binary) j["attribute"] = attribute;
        j["epsilon"] = o.epsilon;
        j["delta"] = 0.0;
        j["neighbouring"] = veil::dp::neighbouringName(rr->neighbouring());
        j["p_truth"] = rr->truthProbability();
        j["n"] = values.size();
        j["categories"] = categories;
        j["reported_counts"] = est.observedCounts;
        if (binary) {
            j["estimate"] = est.estimatedFractions[1];
            j["estimate_count"] = est.estimatedCounts[1];
            j["std_error"] = est.standardErrors[1];
            j["interval"] = {est.estimatedFractions[1] - 1.96 * est.standardErrors[1], est.estimatedFractions[1] + 1.96 * est.standardErrors[1]};
            if (o.showTrue) j["true_value"] = trueFractions[1];
        } else {
            j["estimate"] = est.estimatedFractions;
            j["estimate_count"] = est.estimatedCounts;
            j["std_error"] = est.standardErrors;
            if (o.showTrue) j["true_value"] = trueFractions;
        }
        j["seeded"] = !rng->isSecure();
        j["random"] = rng->description();
        veil::cli::printJson(j);
        return 0;
    }
    std::cout << "randomized response on '" << o.column << "' (" << values.size() << " respondents), epsilon "
              << veil::formatNumber(o.epsilon) << ": truth reported with probability " << veil::formatNumber(rr->truthProbability()) << "\n";
    for (std::size_t c = 0; c < categories.size(); ++c) {
        if (binary && c == 0) continue;
        std::cout << "  " << (binary ? attribute : categories[c]) << ": estimated fraction "
                  << veil::formatNumber(est.estimatedFractions[c]) << " +- " << veil::formatNumber(1.96 * est.standardErrors[c])
                  << " (95%)";
        if (o.showTrue) std::cout << "  true " << veil::formatNumber(trueFractions[c]);
        std::cout << '\n';
    }
    return 0;
}

void setupRr(CLI::App& app, veil::cli::CommandOutcome& outcome) {
    auto o = std::make_shared<RrOptions>();
    auto* cmd = app.add_subcommand("rr", "Randomized response on a column (one respondent per row) with the unbiased estimate");
    cmd->add_option("TABLE", o->file, "CSV file")->required();
    cmd->add_option("--column,-c", o->column, "Column holding each respondent's answer")->required();
    cmd->add_option("--epsilon,-e", o->epsilon, "Privacy parameter epsilon (> 0)")->required();
    cmd->add_option("--value", o->value, "Binary attribute: 'column = VALUE' (default: the column's two values, or k-ary)");
    cmd->add_option("--seed", o->seed, "Seed for reproducible demos (not for real releases)");
    cmd->add_option("--delimiter,-d", o->delimiter, "Field delimiter (default: detect)");
    cmd->add_flag("--show-true", o->showTrue, "Also print the true fraction, for teaching");
    cmd->add_flag("--json", o->json, "Machine-readable output");
    cmd->callback([o, &outcome] { outcome.exitCode = runRr(*o); });
}

}  // namespace

VEIL_REGISTER_COMMAND("rr", setupRr);
