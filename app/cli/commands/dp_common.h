// Shared by the dp and rr subcommands: reading the TABLE argument as CSV.
#pragma once

#include "veil/table/table_source.h"

#include <iostream>
#include <string>

namespace veil::cli {

inline Result<Table> readTableForDp(const std::string& file, const std::string& delimiter) {
    CsvReadOptions opts;
    if (!delimiter.empty()) {
        if (delimiter == "\\t" || delimiter == "tab")
            opts.delimiter = '\t';
        else if (delimiter.size() == 1)
            opts.delimiter = delimiter[0];
        else
            return Status::invalidArgument("--delimiter must be one character (or 'tab'), got '" + delimiter + "'");
    }
    auto read = readTable(file, opts);
    if (!read) return read.status();
    for (const auto& w : read->warnings) std::cerr << "veil-cli: warning: " << w << '\n';
    return read->table;
}

}  // namespace veil::cli
