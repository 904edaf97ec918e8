// --ledger / --dataset / --budget for every subcommand that releases something: the release is
// recorded (and the dataset's budget checked) before anything is printed, so a refused release
// prints nothing but the refusal.
#pragma once

#include "veil/release/privacy_ledger.h"

#include <CLI/CLI.hpp>

#include <string>
#include <vector>

namespace veil::cli {

struct LedgerOptions {
    std::string ledger;          // empty: not recorded
    std::string dataset;         // ledger key; default: the input file name
    std::vector<double> budget;  // EPSILON[,DELTA]: set the dataset's total budget first
};

// `budgetFlag` names the budget option (psd uses --budget for its own split).
void addLedgerOptions(CLI::App* cmd, LedgerOptions& options, const std::string& budgetFlag = "--budget");

// Records `entry` (its dataset defaults to the file name of `inputPath`). Ok when no ledger is set.
Status recordInLedger(const LedgerOptions& options, const std::string& inputPath, release::LedgerEntry entry);

}  // namespace veil::cli
