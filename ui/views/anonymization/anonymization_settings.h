// AnonymizationSettings: what the user configures in the anonymization view (privacy models,
// suppression, metric, algorithm with its local recoding options, local suppression, one hierarchy
// per quasi-identifier). A plain value: undo
// commands keep a copy before and after each edit. Roles come from the document's table.
#pragma once

#include "veil/anonymity/anonymization.h"
#include "veil/hierarchy/hierarchy.h"
#include "veil/table/table.h"

#include <map>
#include <optional>
#include <string>
#include <vector>

namespace veil::ui {

struct AnonymizationSettings {
    int k = 5;
    bool lDiversityEnabled = false;
    anonymity::LDiversity lDiversity;
    bool tClosenessEnabled = false;
    anonymity::TCloseness tCloseness;
    double suppressionLimit = 0.0;  // fraction in [0, 1]
    anonymity::MetricKind metric = anonymity::MetricKind::Loss;
    anonymity::Algorithm algorithm = anonymity::Algorithm::Optimal;
    anonymity::LocalRecodingOptions localRecoding;  // used by Algorithm::LocalRecoding
    // Off (nullopt), greedy or optimal; kept when another algorithm is chosen, applied only where
    // core accepts it (algorithmTakesLocalSuppression).
    std::optional<anonymity::LocalSuppressionMethod> localSuppression;
    // What a suppressed cell counts as: any value (sdcMicro's) or a value of its own (ARX's).
    anonymity::LocalSuppressionSemantics localSuppressionSemantics = anonymity::LocalSuppressionSemantics::Wildcard;
    std::map<std::string, hierarchy::Hierarchy> hierarchies;  // column name -> hierarchy
    std::map<std::string, std::string> hierarchySources;      // column name -> file it came from

    const hierarchy::Hierarchy* hierarchyFor(const std::string& column) const;
    // The engine's plan for `table`: QIs and the sensitive attribute from the table's roles.
    anonymity::AnonymizationConfig toConfig(const Table& table) const;
};

// Names of the table's columns with the quasi-identifier role (table order), and the first
// sensitive column ("" when none).
std::vector<std::string> quasiIdentifierNames(const Table& table);
std::string sensitiveName(const Table& table);

}  // namespace veil::ui
