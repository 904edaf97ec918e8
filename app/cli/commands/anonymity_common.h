// Shared by the anonymize, risk and link subcommands: reading a table, risk as JSON/text.
#pragma once

#include "cli_support.h"

#include "veil/anonymity/risk.h"
#include "veil/table/table_source.h"

#include <iostream>
#include <sstream>

namespace veil::cli {

inline Result<CsvReadResult> readTableForAnonymity(const std::string& path) {
    auto read = readTable(path);
    if (!read) return read.status();
    for (const auto& w : read->warnings) std::cerr << "veil-cli: warning: " << w << '\n';
    return read;
}

inline nlohmann::json riskJson(const anonymity::RiskSummary& r) {
    return nlohmann::json{{"records", r.records},
                          {"classes", r.classes},
                          {"min_class_size", r.minClassSize},
                          {"prosecutor_max", r.prosecutorMax},
                          {"prosecutor_avg", r.prosecutorAvg},
                          {"threshold", r.threshold},
                          {"records_at_risk", r.recordsAtRisk},
                          {"records_at_risk_fraction", r.recordsAtRiskFraction},
                          {"journalist_max", r.journalistMax},
                          {"journalist_avg", r.journalistAvg},
                          {"marketer", r.marketer},
                          {"uniques", r.uniques},
                          {"sample_uniqueness", r.sampleUniqueness}};
}

inline std::string riskText(const anonymity::RiskSummary& r) {
    std::ostringstream out;
    out << "prosecutor risk max " << r.prosecutorMax << ", average " << r.prosecutorAvg << "; " << r.recordsAtRisk
        << " of " << r.records << " records above " << r.threshold << "; marketer " << r.marketer
        << "; sample uniqueness " << r.sampleUniqueness << " (" << r.uniques << " unique)";
    return out.str();
}

}  // namespace veil::cli
