#include "views/anonymization/anonymization_settings.h"

#include "views/anonymization/algorithm_choice.h"

namespace veil::ui {

const hierarchy::Hierarchy* AnonymizationSettings::hierarchyFor(const std::string& column) const {
    auto it = hierarchies.find(column);
    return it == hierarchies.end() ? nullptr : &it->second;
}

anonymity::AnonymizationConfig AnonymizationSettings::toConfig(const Table& table) const {
    anonymity::AnonymizationConfig config;
    for (const auto& name : quasiIdentifierNames(table)) {
        anonymity::QuasiIdentifier qi;
        qi.column = name;
        if (const auto* h = hierarchyFor(name)) qi.hierarchy = *h;
        config.quasiIdentifiers.push_back(std::move(qi));
    }
    const std::string sensitive = sensitiveName(table);
    if (!sensitive.empty()) {
        config.sensitive = sensitive;
        if (const auto* h = hierarchyFor(sensitive)) config.sensitiveHierarchy = *h;
    }
    config.models.k = k;
    if (lDiversityEnabled) config.models.lDiversity = lDiversity;
    if (tClosenessEnabled) config.models.tCloseness = tCloseness;
    // Only the lattice searches suppress records (Mondrian and MDAV warn that they do not).
    const bool suppresses =
        algorithm == anonymity::Algorithm::Optimal || algorithm == anonymity::Algorithm::LocalRecoding;
    config.suppressionLimit = suppresses ? suppressionLimit : 0.0;
    config.metric = metric;
    config.algorithm = algorithm;
    config.localRecoding = localRecoding;
    if (localSuppression && algorithmTakesLocalSuppression(algorithm)) {
        // Core's defaults (time limit, size), as plans and the CLI; core takes k from the models.
        anonymity::LocalSuppressionOptions ls;
        ls.method = *localSuppression;
        ls.semantics = localSuppressionSemantics;
        config.localSuppression = ls;
    }
    return config;
}

std::vector<std::string> quasiIdentifierNames(const Table& table) {
    std::vector<std::string> names;
    for (std::size_t c : table.columnsWithRole(AttributeRole::QuasiIdentifier)) names.push_back(table.column(c).name());
    return names;
}

std::string sensitiveName(const Table& table) {
    const auto columns = table.columnsWithRole(AttributeRole::Sensitive);
    return columns.empty() ? std::string() : table.column(columns.front()).name();
}

}  // namespace veil::ui
