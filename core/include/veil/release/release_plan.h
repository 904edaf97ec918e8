// ReleasePlan: what to release, as plain JSON that can be saved, shared and rerun. Two kinds run
// headless today: "anonymization" (a k-anonymity / l-diversity / t-closeness release of a table)
// and "dp-query" (a differentially private answer to a query on a table column; a histogram
// declares its domain: "bins" with "lower"/"upper", or "categories" with an optional "other"
// bin, and may name a "strategy" with its "options"). Paths inside a plan are relative to the
// plan file. See docs/examples/adult-k5-plan.json.
#pragma once

#include "veil/anonymity/anonymization.h"
#include "veil/common/status.h"
#include "veil/dp/column_query.h"
#include "veil/table/csv_reader.h"

#include <nlohmann/json.hpp>

#include <map>
#include <string>
#include <vector>

namespace veil::release {

struct DatasetRef {
    std::string path;  // absolute
    CsvReadOptions csv;
};

struct AnonymizationPlan {
    DatasetRef dataset;
    std::map<std::string, std::string> hierarchyFiles;  // QI -> absolute path
    std::vector<std::string> quasiIdentifiers;
    anonymity::AnonymizationConfig config;  // hierarchies loaded
};

struct DpQueryPlan {
    DatasetRef dataset;
    std::string column;
    dp::ColumnQuerySpec spec;
    std::string datasetKey;  // ledger key (default: the file name)
};

struct ReleasePlan {
    std::string kind;  // "anonymization" | "dp-query"
    std::string name;
    nlohmann::json json;  // the plan as written
    std::string baseDir;  // folder of the plan file (relative paths start here)
};

// Reads a plan file; errors name the file and the field.
Result<ReleasePlan> loadReleasePlan(const std::string& path);
Result<ReleasePlan> parseReleasePlan(const nlohmann::json& json, const std::string& baseDir, const std::string& name);

// Kind-specific views of a plan (hierarchy files are read and validated here).
Result<AnonymizationPlan> anonymizationPlan(const ReleasePlan& plan);
Result<DpQueryPlan> dpQueryPlan(const ReleasePlan& plan);
// The ledger key of the plan's dataset ("dataset_key", default the data file's name): the release
// gate that runs the plan charges this dataset.
Result<std::string> planDatasetKey(const ReleasePlan& plan);

}  // namespace veil::release
