#include "per_query.h"

#include <iostream>

namespace veil::cli {

namespace {
constexpr const char* kNoTruthNote = "noisy answers only: true answers need --teaching";
}

void addPerQueryOptions(CLI::App* cmd, PerQueryOptions& options, const std::string& workloadHelp) {
    cmd->add_option("--workload", options.workload, workloadHelp);
    cmd->add_option("--per-query", options.perQuery,
                    "CSV file for every --workload query's answer per release (the layout of sweep --per-query): its "
                    "range, the noisy answer and, in teaching mode, the true one");
}

Status checkPerQueryOptions(const PerQueryOptions& options) {
    if (!options.perQuery.empty() && options.workload.empty())
        return Status::invalidArgument("--per-query needs --workload FILE (the queries to answer)");
    return Status::ok();
}

Result<eval::Workload> readCliWorkload(const PerQueryOptions& options, std::size_t rows, std::size_t columns,
                                       bool twoDimensional) {
    auto w = eval::readWorkloadFile(options.workload, eval::workloadDomain(rows, columns, twoDimensional));
    if (!w) return w.status().withContext("--workload");
    return w;
}

Status writePerQueryFile(const PerQueryOptions& options, const eval::PerQueryAnswers& answers, bool teaching) {
    if (options.perQuery.empty()) return Status::ok();
    auto written = eval::writePerQueryCsvFile(options.perQuery, answers, teaching);
    return written ? written : written.withContext("--per-query " + options.perQuery);
}

void addPerQueryJson(nlohmann::json& j, const PerQueryOptions& options, bool teaching) {
    if (options.perQuery.empty()) return;
    j["per_query"] = options.perQuery;
    j["per_query_true_answers"] = teaching;
    if (!teaching) j["per_query_note"] = kNoTruthNote;
}

void printPerQueryLine(const PerQueryOptions& options, std::size_t queries, std::size_t releases, bool teaching) {
    if (options.perQuery.empty()) {
        if (!options.workload.empty())
            std::cout << queries << " workload queries read (the strategies that fit a workload used them); "
                      << "--per-query FILE writes every release's answers to them\n";
        return;
    }
    std::cout << queries << " queries x " << releases << (releases == 1 ? " release" : " releases")
              << " answered, written to " << options.perQuery;
    if (!teaching) std::cout << " (" << kNoTruthNote << ")";
    std::cout << '\n';
}

}  // namespace veil::cli
