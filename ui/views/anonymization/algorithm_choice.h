// The anonymization algorithms the Anonymize view offers, in the order it offers them: a human
// title, a one-line tooltip, and the name plans and the CLI use ("optimal", "local-recoding",
// "mondrian", "mdav", "none"); and the local suppression choice (off / greedy / optimal). One table
// for the configure form, the summary, the manifest, the recovery snapshot and the exported plan.
#pragma once

#include "veil/anonymity/anonymization.h"

#include <QString>

#include <array>
#include <optional>
#include <string>

namespace veil::ui {

inline constexpr std::array<anonymity::Algorithm, 5> kOfferedAlgorithms = {
    anonymity::Algorithm::Optimal, anonymity::Algorithm::LocalRecoding, anonymity::Algorithm::Mondrian,
    anonymity::Algorithm::Mdav, anonymity::Algorithm::None};

QString algorithmTitle(anonymity::Algorithm a);
QString algorithmToolTip(anonymity::Algorithm a);
// The plan / CLI name ("local-recoding"), and back (nullopt when unknown).
const char* algorithmPlanName(anonymity::Algorithm a);
std::optional<anonymity::Algorithm> algorithmFromPlanName(const std::string& name);

// Local suppression applies after the optimal search or alone (algorithm None), as core accepts it.
bool algorithmTakesLocalSuppression(anonymity::Algorithm a);
// Core reports metrics it cannot compute on a release with cells at different levels as NaN.
bool releaseMixesLevels(const anonymity::AnonymizationResult& r);

}  // namespace veil::ui
