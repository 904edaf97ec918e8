// Per-query answers as CSV, one layout for every command that writes them (`veil-cli sweep`,
// `dp` and `psd` with --per-query): method,label,epsilon,trial,query,row_lo,row_hi,col_lo,col_hi,
// noisy[,true]. The noisy answers are post-processing of a release and may always be written; the
// true answers only in teaching mode (the caller says so with `withTruth`).
#pragma once

#include "veil/common/status.h"
#include "veil/eval/workload.h"

#include <ostream>
#include <string>
#include <vector>

namespace veil::eval {

// The header line (with the "true" column when `withTruth`).
void writePerQueryHeader(std::ostream& out, bool withTruth);

// One row. `range` may be null (a count or median target: the range columns are empty); `truth`
// may be null when `withTruth` (an empty field). Numbers in shortest round-trip form.
struct PerQueryRow {
    const std::string& method;
    const std::string& label;
    double epsilon = 0.0;
    std::size_t trial = 0;
    std::size_t query = 0;
    const RangeQuery* range = nullptr;
    double noisy = 0.0;
    const double* truth = nullptr;
};
void writePerQueryRow(std::ostream& out, const PerQueryRow& row, bool withTruth);

// The answers of one command's releases to a workload: one block of rows per trial.
struct PerQueryAnswers {
    std::string method;  // e.g. "histogram:mwem", "psd:grid"
    std::string label;   // the catalogue's name
    double epsilon = 0.0;
    Workload workload;
    std::vector<std::vector<double>> noisy;  // [trial][query]
    std::vector<double> truth;               // one per query: teaching mode only (else empty)
};

// Errors: a trial whose answers do not match the workload's size; `withTruth` without true
// answers; the file system's (the file is written atomically).
Status writePerQueryCsv(std::ostream& out, const PerQueryAnswers& answers, bool withTruth);
Status writePerQueryCsvFile(const std::string& path, const PerQueryAnswers& answers, bool withTruth);

}  // namespace veil::eval
