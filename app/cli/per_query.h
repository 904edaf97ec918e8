// --workload FILE and --per-query FILE, shared by `dp` and `psd`: the workload is read by the eval
// engine's parser (DPBench's {"queries": [{"lb", "ub"}]} or Veil's [[lo, hi], ...]), and the
// answers are written in the layout of `sweep --per-query` (veil/eval/per_query_output.h). Noisy
// answers are post-processing and always written; true answers only in teaching mode.
#pragma once

#include "veil/eval/per_query_output.h"
#include "veil/eval/workload.h"

#include <CLI/CLI.hpp>
#include <nlohmann/json.hpp>

#include <string>

namespace veil::cli {

struct PerQueryOptions {
    std::string workload;  // --workload FILE
    std::string perQuery;  // --per-query FILE
};

// Adds --workload (with `workloadHelp`) and --per-query.
void addPerQueryOptions(CLI::App* cmd, PerQueryOptions& options, const std::string& workloadHelp);

// --per-query needs --workload.
Status checkPerQueryOptions(const PerQueryOptions& options);

// Reads --workload against a public domain of `rows` x `columns` cells (1-D when !twoDimensional);
// errors name the file and the query.
Result<eval::Workload> readCliWorkload(const PerQueryOptions& options, std::size_t rows, std::size_t columns,
                                       bool twoDimensional);

// Writes --per-query (true answers when `teaching`, which must then hold them).
Status writePerQueryFile(const PerQueryOptions& options, const eval::PerQueryAnswers& answers, bool teaching);

// "per_query", "per_query_true_answers" and, outside teaching mode, "per_query_note".
void addPerQueryJson(nlohmann::json& j, const PerQueryOptions& options, bool teaching);
// One line: where the answers went; outside teaching mode, that true answers need --teaching.
void printPerQueryLine(const PerQueryOptions& options, std::size_t queries, std::size_t releases, bool teaching);

}  // namespace veil::cli
