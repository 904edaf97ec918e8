// veil-cli rr TABLE --column C --epsilon E (--value V | --categories a,b | --categories-file F)
// [--other [LABEL]] [--json]: simulate randomized response on a column (each row is one
// respondent) over a declared domain and print the unbiased estimate, through the release gate.
#include "cli_support.h"
#include "command_registry.h"
#include "commands/dp_common.h"
#include "release_options.h"

#include "veil/common/validate.h"
#include "veil/dp/column_query.h"
#include "veil/dp/randomized_response.h"

#include <cmath>
#include <iostream>

namespace {

struct RrOptions {
    std::string file, column, value, delimiter, categories, categoriesFile, other;
    bool valueGiven = false, otherGiven = false;
    double epsilon = std::nan("");
    bool json = false, showTrue = false;
    veil::cli::ReleaseOptions release;
};

veil::Result<veil::dp::RrRequest> buildRequest(const RrOptions& o) {
    veil::dp::RrRequest r;
    r.epsilon = o.epsilon;
    if (o.valueGiven) r.value = o.value;
    if (!o.categories.empty() && !o.categoriesFile.empty())
        return veil::Status::invalidArgument("give --categories or --categories-file, not both");
    if (!o.categories.empty()) r.categories = veil::cli::splitList(o.categories);
    if (!o.categoriesFile.empty()) {
        auto read = veil::dp::readCategoriesFile(o.categoriesFile);
        if (!read) return read.status();
        r.categories = std::move(*read);
    }
    if (o.otherGiven) r.otherLabel = o.other.empty() ? std::string("(other)") : o.other;
    return r;
}

void printJsonResult(const RrOptions& o, const veil::dp::RrRelease& rr) {
    const auto& est = rr.estimate;
    nlohmann::json j;
    j["mechanism"] = rr.binary ? "randomized-response" : "k-ary-randomized-response";
    j["column"] = o.column;
    if (rr.binary) j["attribute"] = rr.attribute;
    j["epsilon"] = o.epsilon;
    j["delta"] = 0.0;
    j["neighbouring"] = veil::dp::neighbouringName(veil::dp::Neighbouring::Replace);
    j["p_truth"] = rr.truthProbability;
    j["n"] = rr.respondents;
    j["categories"] = rr.categories;
    j["reported_counts"] = est.observedCounts;
    if (rr.binary) {
        j["estimate"] = est.estimatedFractions[1];
        j["estimate_count"] = est.estimatedCounts[1];
        j["std_error"] = est.standardErrors[1];
        j["interval"] = {est.estimatedFractions[1] - 1.96 * est.standardErrors[1],
                         est.estimatedFractions[1] + 1.96 * est.standardErrors[1]};
        if (o.showTrue) j["true_value"] = rr.trueFractions[1];
    } else {
        j["estimate"] = est.estimatedFractions;
        j["estimate_count"] = est.estimatedCounts;
        j["std_error"] = est.standardErrors;
        if (o.showTrue) j["true_value"] = rr.trueFractions;
    }
    j["random"] = rr.receipt.randomness;
    veil::cli::addReceipt(j, rr.receipt);
    veil::cli::printJson(j);
}

int runRr(const RrOptions& o) {
    if (auto st = veil::cli::requireTeaching(o.release, o.showTrue, "--show-true"); !st)
        return veil::cli::reportError(st);
    auto request = buildRequest(o);
    if (!request) return veil::cli::reportError(request.status());
    auto table = veil::cli::readTableForDp(o.file, o.delimiter);
    if (!table) return veil::cli::reportError(table.status());
    auto idx = table->columnIndex(o.column);
    if (!idx) return veil::cli::reportError(idx.status());
    auto gate = veil::cli::makeGate(o.release, o.file);
    if (!gate) return veil::cli::reportError(gate.status());
    auto rr = veil::dp::releaseRandomizedResponse(*gate->gate, table->column(*idx), *request, veil::RunContext{});
    if (!rr) return veil::cli::reportError(rr.status());
    if (o.json) {
        printJsonResult(o, *rr);
        return 0;
    }
    const auto& est = rr->estimate;
    std::cout << "randomized response on '" << o.column << "' (" << rr->respondents << " respondents), epsilon "
              << veil::formatNumber(o.epsilon) << ": truth reported with probability "
              << veil::formatNumber(rr->truthProbability) << "\n";
    for (std::size_t c = 0; c < rr->categories.size(); ++c) {
        if (rr->binary && c == 0) continue;
        std::cout << "  " << (rr->binary ? rr->attribute : rr->categories[c]) << ": estimated fraction "
                  << veil::formatNumber(est.estimatedFractions[c]) << " +- "
                  << veil::formatNumber(1.96 * est.standardErrors[c]) << " (95%)";
        if (o.showTrue) std::cout << "  true " << veil::formatNumber(rr->trueFractions[c]);
        std::cout << '\n';
    }
    veil::cli::printReceipt(rr->receipt);
    return 0;
}

void setupRr(CLI::App& app, veil::cli::CommandOutcome& outcome) {
    auto o = std::make_shared<RrOptions>();
    auto* cmd =
        app.add_subcommand("rr", "Randomized response on a column (one respondent per row) with the unbiased estimate");
    cmd->add_option("TABLE", o->file, "CSV file")->required();
    cmd->add_option("--column,-c", o->column, "Column holding each respondent's answer")->required();
    cmd->add_option("--epsilon,-e", o->epsilon, "Privacy parameter epsilon, in [1e-9, 1000]")->required();
    auto* value = cmd->add_option("--value", o->value, "Binary attribute: 'column = VALUE'");
    cmd->add_option("--categories", o->categories, "k-ary: the declared categories a,b,c (never read off the data)");
    cmd->add_option("--categories-file", o->categoriesFile, "k-ary: a file with one declared category per line");
    auto* other = cmd->add_option("--other", o->other,
                                  "k-ary: report values outside the categories as this extra category "
                                  "(default label '(other)'); without it they are dropped")
                      ->expected(0, 1);
    cmd->add_option("--delimiter,-d", o->delimiter, "Field delimiter (default: detect)");
    veil::cli::addReleaseOptions(cmd, o->release);
    cmd->add_flag("--show-true", o->showTrue, "Also print the true fraction (needs --teaching)");
    cmd->add_flag("--json", o->json, "Machine-readable output");
    cmd->callback([o, value, other, &outcome] {
        o->valueGiven = value->count() > 0;
        o->otherGiven = other->count() > 0;
        outcome.exitCode = runRr(*o);
    });
}

}  // namespace

VEIL_REGISTER_COMMAND("rr", setupRr);
