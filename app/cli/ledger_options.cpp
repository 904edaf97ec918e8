#include "ledger_options.h"

#include <filesystem>

namespace veil::cli {

void addLedgerOptions(CLI::App* cmd, LedgerOptions& o, const std::string& budgetFlag) {
    cmd->add_option("--ledger", o.ledger,
                    "Privacy ledger file (SQLite or a .veil project, created if missing): record this release, refuse it "
                    "when over budget");
    cmd->add_option("--dataset", o.dataset, "Dataset key in the ledger (default: the input file name)");
    cmd->add_option(budgetFlag, o.budget, "Set the dataset's total budget EPSILON[,DELTA] in the ledger")->delimiter(',');
}

Status recordInLedger(const LedgerOptions& o, const std::string& inputPath, release::LedgerEntry entry) {
    if (o.ledger.empty()) return Status::ok();
    auto ledger = release::PrivacyLedger::openFile(o.ledger);
    if (!ledger) return ledger.status();
    entry.dataset = o.dataset.empty() ? std::filesystem::path(inputPath).filename().string() : o.dataset;
    if (!o.budget.empty()) {
        if (o.budget.size() > 2) return Status::invalidArgument("the ledger budget takes EPSILON[,DELTA]");
        VEIL_RETURN_IF_ERROR((*ledger)->setBudget(entry.dataset, {o.budget[0], o.budget.size() > 1 ? o.budget[1] : 0.0}));
    }
    auto id = (*ledger)->recordRelease(entry);
    return id.isOk() ? Status::ok() : id.status();
}

}  // namespace veil::cli
