// CommandRegistry: each subcommand file registers a setup function that adds its CLI11
// subcommand and its callback. main() builds the app from the registry.
#pragma once

#include <CLI/CLI.hpp>

#include <functional>
#include <string>
#include <vector>

namespace veil::cli {

// Set by a subcommand's callback: the process exit code (0 ok, 1 failure, 2 bad usage).
struct CommandOutcome {
    int exitCode = 0;
};

using CommandSetup = std::function<void(CLI::App& app, CommandOutcome& outcome)>;

struct CommandRegistration {
    std::string name;
    CommandSetup setup;
};

std::vector<CommandRegistration>& commandRegistry();

struct CommandRegistrar {
    CommandRegistrar(std::string name, CommandSetup setup);
};

}  // namespace veil::cli

// Place at namespace scope in a commands/*.cpp file.
#define VEIL_REGISTER_COMMAND(name, setupFunction) \
    static ::veil::cli::CommandRegistrar veil_registrar_##setupFunction(name, setupFunction)
