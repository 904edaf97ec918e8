// `veil-cli risk --suda`: SUDA2's special uniques (core's suda.h) as options, text and JSON, kept
// apart from risk.cpp so that the rest of the risk command reads as before.
#pragma once

#include "veil/anonymity/suda.h"
#include "veil/table/table.h"

#include <CLI/CLI.hpp>
#include <nlohmann/json.hpp>

#include <optional>
#include <string>
#include <vector>

namespace veil::cli {

struct SudaCliOptions {
    bool enabled = false;
    std::size_t maxSize = 0;  // 0: every quasi-identifier
    double disFraction = 0.01;
    std::size_t top = 10;  // records listed in the text output
};

// --suda, --suda-max-size, --suda-dis-fraction, --suda-top.
void addSudaOptions(CLI::App& cmd, SudaCliOptions& options);

// `suppressed`: the release's suppressed token, read as a missing value (never part of an MSU).
Result<anonymity::SudaResult> runSuda(const Table& table, const std::vector<std::string>& qis,
                                      const SudaCliOptions& options,
                                      const std::optional<std::string>& suppressed = std::nullopt);

// {"max_size", "dis_fraction", "records_with_msus", ..., "by_size": [...], "contributions": [...],
//  "dis_bands": [...], "scores": [...], "dis_scores": [...], "msu_counts": [[...], ...]}.
nlohmann::json sudaJson(const anonymity::SudaResult& result);

// Records with MSUs per size, the attribute contributions, the DIS-SUDA bands and the top records
// by score with their smallest MSUs (values read from `table`).
void printSuda(const anonymity::SudaResult& result, const Table& table, std::size_t top);

}  // namespace veil::cli
