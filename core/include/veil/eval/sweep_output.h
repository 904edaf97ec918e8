// Sweep results as files and JSON: one CSV row per (method, epsilon, trial) with every error
// metric, and the per-(method, epsilon) summaries as JSON (what `veil-cli sweep` writes and what a
// view exports).
#pragma once

#include "veil/common/status.h"
#include "veil/eval/sweep.h"

#include <nlohmann/json.hpp>

#include <ostream>
#include <string>

namespace veil::eval {

// Header: method,label,epsilon_index,epsilon,trial,seed,abs_error,rel_error,rmse,scaled_l1,
// scaled_l2,max_abs_error. Numbers in shortest round-trip form; labels quoted when needed.
// Anonymity experiments (deterministic, one row per (method, k)): method,label,k_index,k,found,
// metric,transformation,loss,metric_value,discernibility,avg_class_size,suppressed,prosecutor_max,
// prosecutor_avg,records_at_risk,records_at_risk_fraction (empty where undefined).
void writeTrialsCsv(std::ostream& out, const SweepResult& result);
// Writes the CSV atomically (temporary file + rename). Errors: the file system's.
Status writeTrialsCsvFile(const std::string& path, const SweepResult& result);

// Per-query answers of a sweep run with SweepOptions::keepAnswers, one row per (method, epsilon,
// trial, query): method,label,epsilon,trial,query,row_lo,row_hi,col_lo,col_hi,noisy[,true] (the
// range columns empty for a count or median target; 1-D ranges have rows 0..0). The true answer
// is written only when `withTruth` (teaching mode). Errors: the sweep kept no answers (or is an
// anonymity experiment), the file system's.
Status writePerQueryCsv(std::ostream& out, const SweepResult& result, bool withTruth);
Status writePerQueryCsvFile(const std::string& path, const SweepResult& result, bool withTruth);

// {"name", "dataset", "workload", "queries", "scale", "trials", "delta", "seed", "seconds",
//  "threads", "methods": [{"id", "label", "target"}], "epsilons": [...],
//  "summaries": [{"method", "label", "epsilon", "metrics": {"abs_error": {"n", "median", "q1",
//  "q3", "iqr", "mean", "sd", "ci_lower", "ci_upper", "min", "max"}, ...}}]}
// Anonymity experiments: {"kind": "anonymity", "name", "dataset", "records", "quasi_identifiers",
//  "models", "grid": "k", "k": [...], "trials": 1, "deterministic": true, "seconds", "threads",
//  "methods", "summaries": [{"method", "label", "k_index", "k", "found", "metric",
//  "transformation", "measures": {"loss": x or null, ...}, "message" (when not found)}]}
nlohmann::json sweepSummaryJson(const SweepResult& result);

}  // namespace veil::eval
