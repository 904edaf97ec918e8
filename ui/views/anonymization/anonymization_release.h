// The release bundle of an Anonymize view run: core's anonymizationOutcome (the
// same CSV, key numbers, guarantee and charts as `veil-cli release` writes for
// an anonymization plan) for the view's result, with the view's settings as
// that plan. The bundle also holds the plan as plan.json and the hierarchies it
// names (hierarchy-<column>.csv, exactly the ones used), so that `veil-cli
// release BUNDLE/plan.json --output DIR` reruns the release; and the view's
// class-size chart as a figure of the report. Syntactic: it spends no epsilon
// (the ledger records 0).
#pragma once

#include "veil/release/release_runner.h"

#include <nlohmann/json.hpp>

#include <map>
#include <string>

namespace veil::ui {

struct AnonymizationRun;

// The run's settings as an "anonymization" release plan (see core's
// release_plan.h): the input by absolute path read with `delimiter` (0:
// detected), hierarchies from `hierarchyFiles` (column -> file name relative to
// the plan; "" key: the sensitive attribute's), and the lattice node when the
// user applied one instead of the search's optimum; the algorithm by its plan
// name with local recoding's options and local suppression.
nlohmann::json anonymizationPlanJson(const AnonymizationRun& run, char delimiter,
                                     const std::map<std::string, std::string>& hierarchyFiles);

// Everything the bundle holds, input fields (path, SHA-256 of the file now,
// ledger key) included. The run must have found a release.
release::ReleaseOutcome anonymizationReleaseOutcome(const AnonymizationRun& run);

// The delimiter of the CSV file at `path` (',' when it cannot be read).
char csvDelimiterOf(const std::string& path);

}  // namespace veil::ui
