// Runs a ReleasePlan headless and returns what a release bundle holds: the released files, the
// key numbers, the privacy guarantee in plain words, and what was spent.
#pragma once

#include "veil/common/random.h"
#include "veil/common/run_context.h"
#include "veil/release/release_plan.h"

#include <nlohmann/json.hpp>

#include <string>
#include <vector>

namespace veil::release {

struct ReleaseArtifact {
    std::string fileName;   // inside the bundle, e.g. "adult-anonymized.csv"
    std::string contents;
    std::string mediaType;  // "text/csv", "application/json", "application/geo+json"
};

struct ChartSeries {  // for the report's charts
    std::string title;
    std::vector<std::string> labels;
    std::vector<double> values;
    std::vector<double> reference;  // optional second series (e.g. true values), same length or empty
    std::string valueName, referenceName;
};

struct ReleaseOutcome {
    std::string kind;       // plan kind
    std::string title;      // "5-anonymous release of adult.csv"
    std::string datasetKey; // ledger key of the input dataset
    std::string inputPath;
    std::string inputSha256;
    nlohmann::json plan;
    std::vector<ReleaseArtifact> files;
    nlohmann::json summary = nlohmann::json::object();  // key numbers for the manifest and report
    std::string mechanism;     // "k-anonymity (optimal full-domain)", "laplace", ...
    std::string guarantee;     // plain-language statement of the guarantee
    double epsilon = 0.0;      // privacy budget spent (0 for syntactic releases)
    double delta = 0.0;
    std::string neighbouring;  // "add-remove", "replace" or "" (not DP)
    bool seeded = false;
    std::string randomness;    // RandomSource::description()
    std::vector<ChartSeries> charts;
};

// Runs the plan. Errors: the plan's own (fields, files, parameters), the engines', cancellation.
Result<ReleaseOutcome> runReleasePlan(const ReleasePlan& plan, RandomSource& random, const RunContext& ctx = {});

}  // namespace veil::release
