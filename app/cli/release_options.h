// --ledger / --dataset / --budget / --teaching / --seed for every subcommand that draws noise from
// data: they build the command's ReleaseGate. In release mode (the default) the release is charged
// (to the ledger when one is given, checking the dataset's budget) before anything is computed,
// so a refused release prints nothing but the refusal. --teaching never charges or records and
// marks every output "private": false.
#pragma once

#include "veil/dp/release_gate.h"
#include "veil/release/privacy_ledger.h"

#include <CLI/CLI.hpp>

#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace veil::cli {

struct ReleaseOptions {
    std::string ledger;                   // empty: not recorded (charged to this run's accountant only)
    std::string dataset;                  // ledger key; default: the input file name
    std::vector<double> budget;           // EPSILON[,DELTA]: set the dataset's total budget first
    std::string budgetFlag = "--budget";  // its name on this command (for messages)
    bool teaching = false;
    std::optional<std::uint64_t> seed;
};

// The ledger `release` and `ledger check` use by default: $XDG_DATA_HOME/veil/ledger.sqlite (or
// ~/.local/share/veil/ledger.sqlite), as the window does; the folder is created.
std::string defaultLedgerPath();

// `budgetFlag` names the budget option (psd uses --budget for its own split).
void addReleaseOptions(CLI::App* cmd, ReleaseOptions& options, const std::string& budgetFlag = "--budget");

// The gate of one command run, with the ledger it records to (when given).
struct CliGate {
    std::unique_ptr<release::PrivacyLedger> ledger;
    std::unique_ptr<dp::ReleaseGate> gate;
};
// Errors: --teaching with --ledger or --budget, an unreadable or foreign ledger file, a bad
// budget (or one below what was already spent).
Result<CliGate> makeGate(const ReleaseOptions& options, const std::string& inputPath);

// --show-true and other truths need teaching mode: an error naming the flag otherwise.
Status requireTeaching(const ReleaseOptions& options, bool wanted, const std::string& flag);

// Adds "private", "mode", "seeded", "spent", "ledger_entry" (and "citation") to a JSON output.
void addReceipt(nlohmann::json& j, const dp::ReleaseReceipt& receipt);
// Prints receiptLine() on stdout.
void printReceipt(const dp::ReleaseReceipt& receipt);

}  // namespace veil::cli
