#include "command_registry.h"

namespace veil::cli {

std::vector<CommandRegistration>& commandRegistry() {
    static std::vector<CommandRegistration> registry;
    return registry;
}

CommandRegistrar::CommandRegistrar(std::string name, CommandSetup setup) {
    commandRegistry().push_back({std::move(name), std::move(setup)});
}

}  // namespace veil::cli
