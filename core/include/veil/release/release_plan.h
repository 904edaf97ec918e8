// ReleasePlan: what to release, as plain JSON that can be saved, shared and rerun. Two kinds run
// headless today: "anonymization" (a k-anonymity / l-diversity / t-closeness release of a table)
// and "dp-query" (a differentially private answer to a query on a table column; a histogram
// declares its domain: "bins" with "lower"/"upper", or "categories" with an optional "other"
// bin, and may name a "strategy" with its "options"). Paths inside a plan are relative to the
// plan file. See docs/examples/adult-k5-plan.json. A third kind, "synthetic", releases a
// differentially private synthetic table (PrivBayes, MST, AIM or independent marginals) over a declared
// discretization; see docs/examples/adult-synthetic-plan.json.
#pragma once

#include "veil/anonymity/anonymization.h"
#include "veil/common/status.h"
#include "veil/dp/column_query.h"
#include "veil/synth/aim.h"
#include "veil/synth/discretization.h"
#include "veil/synth/mst.h"
#include "veil/synth/privbayes.h"
#include "veil/synth/synthesizer.h"
#include "veil/table/csv_reader.h"

#include <nlohmann/json.hpp>

#include <cstdint>
#include <map>
#include <optional>
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

// A "synthetic" plan: method ("privbayes" | "mst" | "aim" | "independent"), epsilon, the declared
// domain of every synthesized column ("domains": [{"column", "bins" + "bounds" | "categories" |
// "hierarchy"}]), rows, and optionally beta, max_degree, theta (PrivBayes), delta, iterations (MST,
// AIM), workload_degree, rounds (AIM), seed, dataset_key.
struct SyntheticPlan {
    DatasetRef dataset;
    std::string method;  // "privbayes" | "mst" | "aim" | "independent"
    std::vector<synth::AttributeDomain> domains;
    std::map<std::string, std::string> hierarchyFiles;  // column -> absolute path
    synth::PrivBayesOptions options;                    // privbayes, independent (epsilon and rows also for mst)
    synth::MstOptions mst;                              // mst
    synth::AimOptions aim;                              // aim
    std::optional<std::uint64_t> seed;                  // a demonstration seed (the release is then not private)
    std::string datasetKey;                             // ledger key (default: the file name)
};

struct ReleasePlan {
    std::string kind;  // "anonymization" | "dp-query" | "synthetic"
    std::string name;
    nlohmann::json json;  // the plan as written
    std::string baseDir;  // folder of the plan file (relative paths start here)
};

// Reads a plan file; errors name the file and the field. A key the plan's kind does not read is
// refused with its path and the closest known key ("plan.json: plan.supression: unknown key; did
// you mean 'suppression'?"), as are unknown keys of nested objects (the dataset, domains, options):
// a misspelt setting is never silently ignored.
Result<ReleasePlan> loadReleasePlan(const std::string& path);
Result<ReleasePlan> parseReleasePlan(const nlohmann::json& json, const std::string& baseDir, const std::string& name);

// The files a plan reads, resolved from its folder: the dataset (a file path), the hierarchies and
// the sensitive hierarchy; for a command to refuse an output that would replace one.
std::vector<std::string> planInputFiles(const ReleasePlan& plan);

// Kind-specific views of a plan (hierarchy files are read and validated here).
Result<AnonymizationPlan> anonymizationPlan(const ReleasePlan& plan);
Result<DpQueryPlan> dpQueryPlan(const ReleasePlan& plan);
// Errors name the field: an unknown method, epsilon out of range, a domain without bounds and bins
// or categories (or with both), a duplicated column, an unreadable hierarchy, a negative seed.
Result<SyntheticPlan> syntheticPlan(const ReleasePlan& plan);
// The plan's method and options as one request for synth::releaseSynthetic.
synth::SynthRequest syntheticRequest(const SyntheticPlan& plan);
// The plan's "seed" (synthetic plans), if any: the release gate is then seeded (a demonstration).
Result<std::optional<std::uint64_t>> planSeed(const ReleasePlan& plan);
// The ledger key of the plan's dataset ("dataset_key", default the data file's name): the release
// gate that runs the plan charges this dataset.
Result<std::string> planDatasetKey(const ReleasePlan& plan);

}  // namespace veil::release
