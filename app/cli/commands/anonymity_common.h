// Shared by the anonymize, risk and link subcommands: reading a table, risk as JSON/text.
#pragma once

#include "cli_support.h"

#include "veil/anonymity/risk.h"
#include "veil/release/released_table.h"
#include "veil/table/table_source.h"

#include <filesystem>
#include <iostream>
#include <optional>
#include <sstream>

namespace veil::cli {

inline Result<CsvReadResult> readTableForAnonymity(const std::string& path) {
    auto read = readTable(path);
    if (!read) return read.status();
    for (const auto& w : read->warnings) std::cerr << "veil-cli: warning: " << w << '\n';
    return read;
}

// A table argument that may be a Veil release (a bundle folder, its manifest.json, or the data file
// in a bundle folder): the table, how messages name it, and the bundle's manifest facts.
struct TableArgument {
    Table table;
    std::string name;           // the file's name, for messages
    std::size_t firstLine = 0;  // a CSV file: record r on line r + 2 (after the header)
    std::optional<release::ReleasedTable> bundle;
};

inline Result<TableArgument> readTableArgument(const std::string& source) {
    auto bundle = release::findReleasedTable(source);
    if (!bundle) return bundle.status();
    TableArgument out;
    out.bundle = *bundle;
    const std::string path = out.bundle ? out.bundle->dataPath : source;
    auto read = readTableForAnonymity(path);
    if (!read) return read.status();
    out.table = std::move(read->table);
    const bool file = !isDatabaseSource(path) && !isSpreadsheet(path);
    out.name = file ? std::filesystem::path(path).filename().string() : redactSourcePassword(path);
    out.firstLine = file ? 2 : 0;
    return out;
}

// The suppressed token: --suppressed TOKEN, else the bundle manifest's; both, disagreeing, is an error.
inline Result<std::optional<std::string>> suppressedTokenOf(const std::optional<std::string>& given,
                                                            const TableArgument& table) {
    const auto recorded = table.bundle ? table.bundle->suppressedToken : std::nullopt;
    if (given && recorded && *given != *recorded)
        return Status::invalidArgument("--suppressed '" + *given + "' disagrees with the release's manifest (" +
                                       table.bundle->manifestPath + "), which records '" + *recorded + "'");
    return given ? given : recorded;
}

inline nlohmann::json riskJson(const anonymity::RiskSummary& r) {
    return nlohmann::json{{"records", r.records},
                          {"suppressed", r.suppressed},
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
