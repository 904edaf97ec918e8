// veil-cli: Veil's engine from the command line. Subcommands register themselves
// (commands/*.cpp); this file only builds the parser and runs it.
#include "command_registry.h"
#include "veil/common/version.h"

#include <algorithm>
#include <iostream>

int main(int argc, char** argv) {
    CLI::App app{"veil-cli - anonymize and release data with differential privacy (Veil " +
                 std::string(veil::versionString()) + ")"};
    app.set_version_flag("--version", std::string("veil-cli ") + veil::versionString());
    app.require_subcommand(1);
    app.fallthrough(false);

    veil::cli::CommandOutcome outcome;
    auto& registry = veil::cli::commandRegistry();
    std::sort(registry.begin(), registry.end(), [](const auto& a, const auto& b) { return a.name < b.name; });
    for (const auto& reg : registry) reg.setup(app, outcome);

    // An unknown first word is a mistyped command: say so, listing the commands.
    if (argc > 1 && argv[1][0] != '-') {
        const std::string first = argv[1];
        if (std::none_of(registry.begin(), registry.end(), [&](const auto& r) { return r.name == first; })) {
            std::string names;
            for (const auto& r : registry) names += (names.empty() ? "" : ", ") + r.name;
            std::cerr << "veil-cli: unknown command '" << first << "' (commands: " << names << ")\n";
            return 2;
        }
    }
    try {
        app.parse(argc, argv);
    } catch (const CLI::CallForHelp& e) {
        return app.exit(e);
    } catch (const CLI::CallForAllHelp& e) {
        return app.exit(e);
    } catch (const CLI::CallForVersion& e) {
        return app.exit(e);
    } catch (const CLI::ParseError& e) {
        // One line on stderr, exit code 2 for bad usage.
        std::cerr << "veil-cli: " << e.what() << " (see veil-cli --help)\n";
        return 2;
    }
    return outcome.exitCode;
}
