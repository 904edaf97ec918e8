#include "views/anonymization/settings_json.h"

#include "views/anonymization/algorithm_choice.h"

#include <cstdint>
#include <limits>
#include <optional>
#include <string>
#include <vector>

namespace veil::ui {
namespace {

// Checked accessors: a missing or wrong-typed value (the recovery file may be damaged) is the
// fallback, never a nlohmann::type_error.

// The number at `key` when it is one within [low, high]; otherwise `fallback`.
double numberAt(const nlohmann::json& json, const char* key, double fallback, double low, double high) {
    if (!json.is_object() || !json.contains(key) || !json[key].is_number()) return fallback;
    const double v = json[key].get<double>();
    return v >= low && v <= high ? v : fallback;
}

// The integer at `key` when it is one within [low, high]; otherwise `fallback`.
int integerAt(const nlohmann::json& json, const char* key, int fallback, int low, int high) {
    if (!json.is_object() || !json.contains(key) || !json[key].is_number_integer()) return fallback;
    const auto v = json[key].get<std::int64_t>();
    return v >= low && v <= high ? int(v) : fallback;
}

template <typename Enum>
Enum enumAt(const nlohmann::json& json, const char* key, Enum fallback, int count) {
    return Enum(integerAt(json, key, int(fallback), 0, count - 1));
}

bool flagAt(const nlohmann::json& json, const char* key, bool fallback) {
    if (!json.is_object() || !json.contains(key) || !json[key].is_boolean()) return fallback;
    return json[key].get<bool>();
}

std::string textAt(const nlohmann::json& json, const char* key, const std::string& fallback) {
    if (!json.is_object() || !json.contains(key) || !json[key].is_string()) return fallback;
    return json[key].get<std::string>();
}

// The object at `key`, or an empty one.
nlohmann::json objectAt(const nlohmann::json& json, const char* key) {
    if (!json.is_object() || !json.contains(key) || !json[key].is_object()) return nlohmann::json::object();
    return json[key];
}

// A hierarchy's rows: an array of arrays of strings, or nothing.
std::optional<std::vector<std::vector<std::string>>> rowsAt(const nlohmann::json& json) {
    if (!json.is_object() || !json.contains("rows") || !json["rows"].is_array()) return std::nullopt;
    std::vector<std::vector<std::string>> rows;
    for (const nlohmann::json& row : json["rows"]) {
        if (!row.is_array()) return std::nullopt;
        auto& out = rows.emplace_back();
        for (const nlohmann::json& cell : row) {
            if (!cell.is_string()) return std::nullopt;
            out.push_back(cell.get<std::string>());
        }
    }
    return rows;
}

}  // namespace

nlohmann::json settingsToJson(const AnonymizationSettings& s) {
    nlohmann::json hierarchies = nlohmann::json::object();
    for (const auto& entry : s.hierarchies)
        hierarchies[entry.first] = {{"name", entry.second.name()}, {"rows", entry.second.rows()}};
    return {
        {"k", s.k},
        {"l_diversity",
         {{"enabled", s.lDiversityEnabled},
          {"variant", int(s.lDiversity.variant)},
          {"l", s.lDiversity.l},
          {"c", s.lDiversity.c}}},
        {"t_closeness",
         {{"enabled", s.tClosenessEnabled}, {"variant", int(s.tCloseness.variant)}, {"t", s.tCloseness.t}}},
        {"suppression_limit", s.suppressionLimit},
        {"metric", anonymity::metricName(s.metric)},
        {"algorithm", algorithmPlanName(s.algorithm)},
        {"local_recoding",
         {{"gs_factor", s.localRecoding.gsFactor},
          {"iterations", s.localRecoding.iterations},
          {"adaption", s.localRecoding.adaptionFactor}}},
        {"local_suppression", s.localSuppression ? anonymity::localSuppressionMethodName(*s.localSuppression) : "off"},
        {"local_suppression_semantics", anonymity::localSuppressionSemanticsName(s.localSuppressionSemantics)},
        {"hierarchies", hierarchies},
        {"hierarchy_sources", s.hierarchySources}};
}

AnonymizationSettings settingsFromJson(const nlohmann::json& json) {
    AnonymizationSettings s;
    if (!json.is_object()) return s;
    s.k = integerAt(json, "k", s.k, 1, std::numeric_limits<int>::max());
    const nlohmann::json l = objectAt(json, "l_diversity");
    s.lDiversityEnabled = flagAt(l, "enabled", false);
    s.lDiversity.variant = enumAt(l, "variant", s.lDiversity.variant, 3);
    s.lDiversity.l = numberAt(l, "l", s.lDiversity.l, 1.0, 1e9);
    s.lDiversity.c = numberAt(l, "c", s.lDiversity.c, 0.0, 1e9);
    const nlohmann::json t = objectAt(json, "t_closeness");
    s.tClosenessEnabled = flagAt(t, "enabled", false);
    s.tCloseness.variant = enumAt(t, "variant", s.tCloseness.variant, 3);
    s.tCloseness.t = numberAt(t, "t", s.tCloseness.t, 0.0, 1.0);
    s.suppressionLimit = numberAt(json, "suppression_limit", s.suppressionLimit, 0.0, 1.0);
    if (auto metric = anonymity::parseMetric(textAt(json, "metric", std::string()))) s.metric = *metric;
    // The plan name; snapshots written before it held the enum's value (0 optimal, 1 Mondrian).
    if (json.contains("algorithm") && json["algorithm"].is_string()) {
        if (auto a = algorithmFromPlanName(json["algorithm"].get<std::string>())) s.algorithm = *a;
    } else {
        s.algorithm = enumAt(json, "algorithm", s.algorithm, 5);
    }
    const nlohmann::json recoding = objectAt(json, "local_recoding");
    s.localRecoding.gsFactor = numberAt(recoding, "gs_factor", s.localRecoding.gsFactor, 0.0, 1.0);
    s.localRecoding.iterations = int(numberAt(recoding, "iterations", s.localRecoding.iterations, 1.0, 100000.0));
    s.localRecoding.adaptionFactor = numberAt(recoding, "adaption", s.localRecoding.adaptionFactor, 0.0, 1.0);
    const std::string suppression = textAt(json, "local_suppression", std::string());
    if (suppression == "greedy")
        s.localSuppression = anonymity::LocalSuppressionMethod::Greedy;
    else if (suppression == "optimal")
        s.localSuppression = anonymity::LocalSuppressionMethod::Optimal;
    if (auto semantics = anonymity::parseLocalSuppressionSemantics(textAt(json, "local_suppression_semantics", "")))
        s.localSuppressionSemantics = *semantics;
    // Named locals: items() of a temporary would outlive it.
    const nlohmann::json hierarchies = objectAt(json, "hierarchies");
    const nlohmann::json sources = objectAt(json, "hierarchy_sources");
    for (const auto& item : hierarchies.items()) {
        auto rows = rowsAt(item.value());
        if (!rows) continue;
        auto hierarchy = hierarchy::Hierarchy::fromRows(textAt(item.value(), "name", item.key()), *rows);
        if (hierarchy) s.hierarchies[item.key()] = std::move(*hierarchy);
    }
    for (const auto& item : sources.items())
        if (item.value().is_string()) s.hierarchySources[item.key()] = item.value().get<std::string>();
    return s;
}

}  // namespace veil::ui
