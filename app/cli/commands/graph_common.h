// Shared pieces of `veil-cli graph ...`: loading a graph (+ labels) and the sub-subcommand setups.
#pragma once

#include "command_registry.h"
#include "veil/graph/graph_io.h"

#include <nlohmann/json.hpp>

#include <optional>
#include <string>

namespace veil::cli::graphcmd {

struct InputOptions {
    std::string file;
    std::string labels;
    std::optional<std::size_t> nodes;  // --nodes N: the public node count (isolated nodes added)
    bool json = false;
};

// Adds FILE, --labels and --json to a sub-subcommand.
void addInputOptions(CLI::App& cmd, InputOptions& in);
// Loads the graph and labels; warnings go to stderr in human mode and into "warnings" for JSON.
// `release`: a release outside teaching mode, which shows graph::releaseLoadingNote in place of the
// loader's warnings (their counts and their presence depend on the graph).
Result<graph::LoadedGraph> loadInput(const InputOptions& in, bool release = false);
nlohmann::json warningsJson(const graph::LoadedGraph& loaded, const std::string& file, bool release = false);

void setupStats(CLI::App& graph, CommandOutcome& outcome);
void setupSensitivity(CLI::App& graph, CommandOutcome& outcome);
void setupRelease(CLI::App& graph, CommandOutcome& outcome);
void setupDegrees(CLI::App& graph, CommandOutcome& outcome);

}  // namespace veil::cli::graphcmd
