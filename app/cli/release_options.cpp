#include "release_options.h"

#include <cstdlib>
#include <filesystem>
#include <iostream>

namespace veil::cli {

std::string defaultLedgerPath() {
    const char* xdg = std::getenv("XDG_DATA_HOME");
    const char* home = std::getenv("HOME");
    const std::filesystem::path base =
        xdg && *xdg ? std::filesystem::path(xdg) : std::filesystem::path(home ? home : ".") / ".local" / "share";
    std::error_code ec;
    std::filesystem::create_directories(base / "veil", ec);
    return (base / "veil" / "ledger.sqlite").string();
}

void addReleaseOptions(CLI::App* cmd, ReleaseOptions& o, const std::string& budgetFlag) {
    o.budgetFlag = budgetFlag;
    cmd->add_option(
        "--ledger", o.ledger,
        "Privacy ledger file (SQLite or a .veil project, created if missing): record this release, refuse it "
        "when over budget");
    cmd->add_option("--dataset", o.dataset, "Dataset key in the ledger (default: the input file name)");
    cmd->add_option(budgetFlag, o.budget, "Set the dataset's total budget EPSILON[,DELTA] in the ledger")
        ->delimiter(',');
    cmd->add_flag(
        "--teaching", o.teaching,
        "Teaching mode for public or sample data: may show true values, charges and records nothing, and marks "
        "every output \"private\": false");
    cmd->add_option("--seed", o.seed, "Fixed seed: reproducible demo or test, NOT a private release");
}

Status requireTeaching(const ReleaseOptions& o, bool wanted, const std::string& flag) {
    if (!wanted || o.teaching) return Status::ok();
    return Status::invalidArgument(
        flag + " shows values that are not private: it needs --teaching (public or sample data only)");
}

Result<CliGate> makeGate(const ReleaseOptions& o, const std::string& inputPath) {
    CliGate out;
    dp::ReleaseGate::Options g;
    g.seed = o.seed;
    g.dataset = o.dataset.empty() ? std::filesystem::path(inputPath).filename().string() : o.dataset;
    if (o.teaching) {
        if (!o.ledger.empty() || !o.budget.empty())
            return Status::invalidArgument(
                "teaching mode never charges or records a release: drop --ledger and the budget, "
                "or drop --teaching");
        g.mode = dp::ReleaseMode::Teaching;
        out.gate = std::make_unique<dp::ReleaseGate>(std::move(g));
        return out;
    }
    if (o.budget.size() > 2) return Status::invalidArgument(o.budgetFlag + " takes EPSILON[,DELTA]");
    const dp::PrivacySpend budget{o.budget.empty() ? 0.0 : o.budget[0], o.budget.size() > 1 ? o.budget[1] : 0.0, 0.0};
    if (!o.ledger.empty()) {
        auto ledger = release::PrivacyLedger::openFile(o.ledger);
        if (!ledger) return ledger.status();
        out.ledger = std::move(*ledger);
        if (!o.budget.empty()) VEIL_RETURN_IF_ERROR(out.ledger->setBudget(g.dataset, budget).withContext(o.budgetFlag));
        g.ledger = out.ledger.get();
    } else if (!o.budget.empty()) {
        VEIL_RETURN_IF_ERROR(dp::validateSpend(budget).withContext(o.budgetFlag));
        g.budget = budget;  // this run only: without a ledger nothing is remembered
    }
    out.gate = std::make_unique<dp::ReleaseGate>(std::move(g));
    return out;
}

void addReceipt(nlohmann::json& j, const dp::ReleaseReceipt& receipt) {
    const nlohmann::json fields = dp::receiptJson(receipt);
    for (const auto& [key, value] : fields.items()) j[key] = value;
}

void printReceipt(const dp::ReleaseReceipt& receipt) { std::cout << dp::receiptLine(receipt) << '\n'; }

}  // namespace veil::cli
