// Helpers shared by the subcommands: error reporting, JSON output, number formatting.
#pragma once

#include "veil/common/status.h"

#include <nlohmann/json.hpp>

#include <initializer_list>
#include <string>
#include <utility>

namespace veil::cli {

// How a table argument is described in --help: every command reads it with veil::readTable.
inline std::string tableHelp(const std::string& what) {
    return what +
           ": a CSV file, or a database table, view or query: sqlite:PATH?table=NAME, "
           "postgresql://USER@HOST:PORT/DB?table=NAME, or either with ?query=SELECT... (percent-encoded)";
}

// Checks, before a command charges a release, that each output it names (option, path; empty
// paths skipped) can be written and that no two are the same file: a release whose answer
// cannot be written would spend budget for nothing.
// `inputs`: the files the command reads or keeps (data, hierarchies, plans, the ledger), which no
// output may replace: they would be lost.
Status checkOutputs(std::initializer_list<std::pair<std::string, std::string>> outputs,
                    const std::vector<std::string>& inputs = {});
// The files of "COL=FILE" options (--hierarchy): for checkOutputs' inputs.
std::vector<std::string> filesOfAssignments(const std::vector<std::string>& assignments);

// Prints "veil-cli: <message>" on stderr (one line) and returns the exit code for it.
int reportError(const Status& status);
int reportError(const std::string& message);
// Pretty JSON on stdout.
void printJson(const nlohmann::json& j);
// Splits "a,b,c" (trimming blanks, dropping empty items); an item in double quotes keeps its
// commas and blanks ("city, state",age), "" inside for a quote.
std::vector<std::string> splitList(const std::string& text, char sep = ',');

}  // namespace veil::cli
