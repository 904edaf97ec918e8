#include "views/anonymization/settings_json.h"

#include "views/anonymization/algorithm_choice.h"

namespace veil::ui {
namespace {

template <typename Enum>
Enum enumAt(const nlohmann::json& json, const char* key, Enum fallback, int count) {
    const int v = json.value(key, int(fallback));
    return v >= 0 && v < count ? Enum(v) : fallback;
}

// The number at `key` when it is one within [low, high]; otherwise `fallback`.
double numberAt(const nlohmann::json& json, const char* key, double fallback, double low, double high) {
    if (!json.is_object() || !json.contains(key) || !json[key].is_number()) return fallback;
    const double v = json[key].get<double>();
    return v >= low && v <= high ? v : fallback;
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
        {"hierarchies", hierarchies},
        {"hierarchy_sources", s.hierarchySources}};
}

AnonymizationSettings settingsFromJson(const nlohmann::json& json) {
    AnonymizationSettings s;
    if (!json.is_object()) return s;
    s.k = json.value("k", s.k);
    const nlohmann::json l = json.value("l_diversity", nlohmann::json::object());
    s.lDiversityEnabled = l.value("enabled", false);
    s.lDiversity.variant = enumAt(l, "variant", s.lDiversity.variant, 3);
    s.lDiversity.l = l.value("l", s.lDiversity.l);
    s.lDiversity.c = l.value("c", s.lDiversity.c);
    const nlohmann::json t = json.value("t_closeness", nlohmann::json::object());
    s.tClosenessEnabled = t.value("enabled", false);
    s.tCloseness.variant = enumAt(t, "variant", s.tCloseness.variant, 3);
    s.tCloseness.t = t.value("t", s.tCloseness.t);
    s.suppressionLimit = json.value("suppression_limit", s.suppressionLimit);
    if (auto metric = anonymity::parseMetric(json.value("metric", std::string()))) s.metric = *metric;
    // The plan name; snapshots written before it held the enum's value (0 optimal, 1 Mondrian).
    const nlohmann::json algorithm = json.value("algorithm", nlohmann::json());
    if (algorithm.is_string()) {
        if (auto a = algorithmFromPlanName(algorithm.get<std::string>())) s.algorithm = *a;
    } else if (algorithm.is_number_integer()) {
        s.algorithm = enumAt(json, "algorithm", s.algorithm, 5);
    }
    const nlohmann::json recoding = json.value("local_recoding", nlohmann::json::object());
    s.localRecoding.gsFactor = numberAt(recoding, "gs_factor", s.localRecoding.gsFactor, 0.0, 1.0);
    s.localRecoding.iterations = int(numberAt(recoding, "iterations", s.localRecoding.iterations, 1.0, 100000.0));
    s.localRecoding.adaptionFactor = numberAt(recoding, "adaption", s.localRecoding.adaptionFactor, 0.0, 1.0);
    const nlohmann::json ls = json.value("local_suppression", nlohmann::json());
    const std::string suppression = ls.is_string() ? ls.get<std::string>() : std::string();
    if (suppression == "greedy")
        s.localSuppression = anonymity::LocalSuppressionMethod::Greedy;
    else if (suppression == "optimal")
        s.localSuppression = anonymity::LocalSuppressionMethod::Optimal;
    // Named locals: items() of a temporary would outlive it.
    const nlohmann::json hierarchies = json.value("hierarchies", nlohmann::json::object());
    const nlohmann::json sources = json.value("hierarchy_sources", nlohmann::json::object());
    for (const auto& item : hierarchies.items()) {
        const nlohmann::json& h = item.value();
        if (!h.is_object() || !h.contains("rows")) continue;
        auto hierarchy = hierarchy::Hierarchy::fromRows(h.value("name", item.key()),
                                                        h["rows"].get<std::vector<std::vector<std::string>>>());
        if (hierarchy) s.hierarchies[item.key()] = std::move(*hierarchy);
    }
    for (const auto& item : sources.items())
        if (item.value().is_string()) s.hierarchySources[item.key()] = item.value().get<std::string>();
    return s;
}

}  // namespace veil::ui
