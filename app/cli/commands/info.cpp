// veil-cli info FILE [--delimiter C] [--type col=type ...] [--json]: what a table holds.
#include "cli_support.h"
#include "command_registry.h"

#include "veil/table/column_summary.h"
#include "veil/table/table_source.h"

#include <iomanip>
#include <iostream>

namespace {

struct InfoOptions {
    std::string file;
    std::string delimiter;
    std::vector<std::string> types;
    bool noHeader = false;
    bool json = false;
};

nlohmann::json summaryJson(const veil::ColumnSummary& s) {
    nlohmann::json j;
    j["name"] = s.name;
    j["type"] = veil::columnTypeName(s.type);
    j["distinct"] = s.distinct;
    j["missing"] = s.missing;
    if (s.minValue) {
        if (s.type == veil::ColumnType::Date) {
            j["min"] = *s.min;
            j["max"] = *s.max;
        } else if (s.type == veil::ColumnType::Integer) {
            j["min"] = static_cast<long long>(*s.minValue);
            j["max"] = static_cast<long long>(*s.maxValue);
        } else {
            j["min"] = *s.minValue;
            j["max"] = *s.maxValue;
        }
    }
    return j;
}

int runInfo(const InfoOptions& o) {
    veil::CsvReadOptions opts;
    opts.hasHeader = !o.noHeader;
    if (!o.delimiter.empty()) {
        if (o.delimiter == "\\t" || o.delimiter == "tab")
            opts.delimiter = '\t';
        else if (o.delimiter.size() == 1)
            opts.delimiter = o.delimiter[0];
        else
            return veil::cli::reportError("--delimiter must be one character (or 'tab'), got '" + o.delimiter + "'");
    }
    for (const auto& t : o.types) {
        const auto eq = t.find('=');
        const auto type = eq == std::string::npos ? std::nullopt : veil::parseColumnType(t.substr(eq + 1));
        if (!type)
            return veil::cli::reportError("--type expects COLUMN=integer|real|date|categorical|text, got '" + t + "'");
        opts.typeOverrides[t.substr(0, eq)] = *type;
    }
    auto read = veil::readTable(o.file, opts);
    if (!read) return veil::cli::reportError(read.status());
    const veil::Table& table = read->table;
    for (const auto& w : read->warnings) std::cerr << "veil-cli: warning: " << w << '\n';

    const std::vector<veil::ColumnSummary> summaries = veil::summarizeTable(table);

    if (o.json) {
        nlohmann::json j;
        j["rows"] = table.rowCount();
        j["columns"] = nlohmann::json::array();
        for (const auto& s : summaries) j["columns"].push_back(summaryJson(s));
        veil::cli::printJson(j);
        return 0;
    }
    const char shown = read->delimiter == '\t' ? 't' : read->delimiter;
    std::cout << o.file << ": " << table.rowCount() << " rows, " << table.columnCount() << " columns (delimiter '"
              << (read->delimiter == '\t' ? "\\" : "") << shown << "')\n\n";
    std::cout << std::left << std::setw(24) << "column" << std::setw(13) << "type" << std::right << std::setw(10)
              << "distinct" << std::setw(9) << "missing"
              << "  min .. max\n";
    for (const auto& s : summaries) {
        std::cout << std::left << std::setw(24) << s.name << std::setw(13) << veil::columnTypeName(s.type) << std::right
                  << std::setw(10) << s.distinct << std::setw(9) << s.missing;
        if (s.min) std::cout << "  " << *s.min << " .. " << *s.max;
        std::cout << '\n';
    }
    return 0;
}

void setupInfo(CLI::App& app, veil::cli::CommandOutcome& outcome) {
    auto opts = std::make_shared<InfoOptions>();
    auto* cmd = app.add_subcommand(
        "info", "Show rows and, per column, the inferred type, distinct and missing counts, min/max");
    cmd->add_option("FILE", opts->file, veil::cli::tableHelp("The table to inspect"))->required();
    cmd->add_option("--delimiter,-d", opts->delimiter, "Field delimiter (default: detect among , ; tab |)");
    cmd->add_option("--type", opts->types, "Override a column's type: COLUMN=integer|real|date|categorical|text");
    cmd->add_flag("--no-header", opts->noHeader, "The first line is data, not column names");
    cmd->add_flag("--json", opts->json, "Machine-readable output");
    cmd->callback([opts, &outcome] { outcome.exitCode = runInfo(*opts); });
}

}  // namespace

VEIL_REGISTER_COMMAND("info", setupInfo);
