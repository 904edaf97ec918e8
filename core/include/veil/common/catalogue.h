// The shape of every algorithm catalogue (histogram strategies, spatial decompositions, graph
// methods, column queries, randomized response, ...): an algorithm's id, human name, one-line
// summary, citation, what privacy parameters it needs, and its parameters with types, defaults
// and valid ranges. The CLI, release plans, sweeps and the window all read the same entries, and
// parseParameters() validates options given as JSON with messages that name the field path.
#pragma once

#include "veil/common/status.h"

#include <nlohmann/json.hpp>

#include <string>
#include <vector>

namespace veil {

enum class ParameterKind { Number, Integer, Flag, Choice };

struct ParameterInfo {
    std::string name;   // key in plans and sweeps, CLI --option NAME=VALUE ("branching")
    std::string label;  // for forms ("Branching factor b")
    std::string help;   // one line for tooltips and --help
    ParameterKind kind = ParameterKind::Number;
    double minimum = 0.0;  // Number and Integer: inclusive range
    double maximum = 0.0;
    nlohmann::json defaultValue;       // the value used when the option is absent
    std::vector<std::string> choices;  // Choice
};

struct AlgorithmInfo {
    std::string family;          // "histogram", "psd", "graph", "query", "rr"
    std::string id;              // "hierarchical" (unique in its family)
    std::string name;            // "Hierarchical tree"
    std::string summary;         // one line a steward can read
    std::string citation;        // "Hay, Rastogi, Miklau, Suciu, VLDB 2010"
    bool needsDelta = false;     // (epsilon, delta)-DP: a delta in (0, 1) is required
    bool dataDependent = false;  // adapts to the data (the statistical audit covers it)
    std::vector<ParameterInfo> parameters;

    const ParameterInfo* parameter(const std::string& name) const;
};

// Validated options of one algorithm: every parameter present (defaults filled in).
class ParameterValues {
public:
    ParameterValues() = default;
    explicit ParameterValues(nlohmann::json values) : m_values(std::move(values)) {}
    double number(const std::string& name) const;
    long long integer(const std::string& name) const;
    bool flag(const std::string& name) const;
    std::string choice(const std::string& name) const;
    const nlohmann::json& json() const { return m_values; }

private:
    nlohmann::json m_values = nlohmann::json::object();
};

// Checks `options` (a JSON object or null) against the algorithm's parameters: unknown keys,
// types, ranges and choices; fills defaults. `path` prefixes messages, e.g.
// "plan.options.branching: expected an integer in [2, 1024], got \"x\"".
Result<ParameterValues> parseParameters(const AlgorithmInfo& info, const nlohmann::json& options,
                                        const std::string& path = "options");

// Checks one value of the algorithm's parameter `name` (type, range, choices) and returns it as
// stored; `where` names the value in messages ("--height: expected an integer in [0, 10], got 20").
// Errors: the value's, and an unknown `name` (listing the known ones).
Result<nlohmann::json> checkParameter(const AlgorithmInfo& info, const std::string& name, const nlohmann::json& value,
                                      const std::string& where);

// Parses "NAME=VALUE" items (CLI --option) into a JSON object, typing each VALUE by the
// parameter's kind. Errors name the item.
Result<nlohmann::json> parseOptionAssignments(const AlgorithmInfo& info, const std::vector<std::string>& items);

// "branching (integer 2..1024, default 2): ..." lines for --help and docs.
std::string describeParameters(const AlgorithmInfo& info);

// The entry with this id, or NotFound naming the family and listing the known ids.
template <typename Entry>
Result<const Entry*> findInCatalogue(const std::vector<Entry>& catalogue, const std::string& id,
                                     const std::string& family) {
    std::string known;
    for (const auto& e : catalogue) {
        if (e.info.id == id) return &e;
        known += (known.empty() ? "" : ", ") + e.info.id;
    }
    return Status::notFound("unknown " + family + " '" + id + "' (known: " + known + ")");
}

}  // namespace veil
