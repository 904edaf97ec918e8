// How `veil-cli risk` renders core's risk reports (risk_report.h): one table, or an original and its
// release side by side as "before | after"; text for people, JSON for machines (a comparison's
// "before" and "after" have the shape of the one-table output).
#pragma once

#include "veil/anonymity/risk_report.h"

#include <nlohmann/json.hpp>

#include <optional>
#include <string>
#include <vector>

namespace veil::cli {

struct RiskView {
    std::vector<std::string> qis;
    std::optional<std::string> sensitive;
    int l = 2;
    std::optional<std::string> suppressedToken;  // of the released (or only) table
};

nlohmann::json riskReportJson(const anonymity::RiskReport& report, const RiskView& view,
                              const std::optional<std::string>& suppressedToken);
void printRiskReport(const anonymity::RiskReport& report, const RiskView& view);
void printRiskComparison(const anonymity::RiskComparison& comparison, const RiskView& view,
                         const std::string& originalName, const std::string& releasedName);

}  // namespace veil::cli
