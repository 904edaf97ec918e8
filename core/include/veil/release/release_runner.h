// Runs a ReleasePlan headless and returns what a release bundle holds: the released files, the
// key numbers, the privacy guarantee in plain words, and what was spent.
#pragma once

#include "veil/common/random.h"
#include "veil/common/run_context.h"
#include "veil/dp/release_gate.h"
#include "veil/engine/sql_engine.h"
#include "veil/release/release_plan.h"

#include <nlohmann/json.hpp>

#include <string>
#include <vector>

namespace veil::release {

struct ReleaseArtifact {
    std::string fileName;  // inside the bundle, e.g. "adult-anonymized.csv"
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

struct ReportFigure {  // a picture drawn by the window (inline SVG), shown in the report
    std::string title;
    std::string svg;  // "<svg ...>...</svg>", without an XML prolog
};

struct ReleaseOutcome {
    std::string kind;        // plan kind
    std::string title;       // "5-anonymous release of adult.csv"
    std::string datasetKey;  // ledger key of the input dataset
    std::string inputPath;
    // The input's SHA-256: kept in the (private) ledger; a manifest names the input by the ledger's
    // keyed fingerprint of it (PrivacyLedger::fingerprint), never by the plain hash.
    std::string inputSha256;
    nlohmann::json plan;
    std::vector<ReleaseArtifact> files;
    nlohmann::json summary = nlohmann::json::object();  // key numbers for the manifest and report
    std::string mechanism;                              // "k-anonymity (optimal full-domain)", "laplace", ...
    std::string guarantee;                              // plain-language statement of the guarantee
    double epsilon = 0.0;                               // privacy budget spent (0 for syntactic releases)
    double delta = 0.0;
    double rho = 0.0;          // zCDP units spent (Gaussian releases)
    std::string neighbouring;  // "add-remove", "replace" or "" (not DP)
    bool seeded = false;
    std::string randomness;  // RandomSource::description()
    std::vector<ChartSeries> charts;
    // Set when the exact answers came from an external engine (release on aggregates): the
    // engine and the aggregates file, which are then the input; recorded in the manifest as
    // "exact_aggregates", with the input's keyed fingerprint.
    nlohmann::json exactAggregates;
    // Set when the plan ran inside an engine (release --engine): the engine's URI without password,
    // its kind, the input and output tables; recorded in the manifest as "engine".
    nlohmann::json engine;
    std::vector<ReportFigure> figures;
    // What the run reported without failing (local suppression's fallbacks, local recoding's
    // notes): recorded in the manifest as "warnings" and listed in the report.
    std::vector<std::string> warnings;
    // Differentially private kinds: the gate's receipt (what was charged, the ledger entry, release
    // or teaching mode). A bundle is only written for a receipt charged in release mode.
    std::optional<dp::ReleaseReceipt> receipt;
};

// What an anonymization release was made from, for anonymizationOutcome.
struct AnonymizationInput {
    nlohmann::json plan;  // the plan (kind "anonymization") that reproduces the release
    std::string path;     // the input file: its name is the ledger key and names the released CSV
    std::string sha256;
    std::size_t records = 0;  // rows of the input table
    char delimiter = ',';     // of the released CSV
};

// A transformation (one generalization level per quasi-identifier) as plans, manifests and the
// CLI write it: {quasi-identifier: level}, in the order given.
nlohmann::json transformationJson(const std::vector<std::string>& quasiIdentifiers, const std::vector<int>& levels);

// The outcome of an anonymization already computed (and found): the released CSV, key numbers,
// guarantee and charts. runReleasePlan uses it for "anonymization" plans; the window's Anonymize
// view calls it with its own result, so that both write the same bundle.
ReleaseOutcome anonymizationOutcome(const AnonymizationInput& input, const anonymity::AnonymizationConfig& config,
                                    const anonymity::AnonymizationResult& result);

// The outcome of a synthetic table already released (charged through the gate): the synthetic CSV,
// its model, the discretization, the budget split and the guarantee. runReleasePlan uses it for
// "synthetic" plans; the window's Synthesize view calls it with its own result (its request
// written as a plan), so that both write the same bundle. The input fields are left to the caller.
ReleaseOutcome syntheticOutcome(const ReleasePlan& plan, const SyntheticPlan& sp, const synth::SyntheticRelease& rel);

// Runs the plan; a differentially private plan is charged through `gate` (whose dataset must be
// planDatasetKey(plan)) before anything is computed. Errors: the plan's own (fields, files,
// parameters), the gate's (budget exceeded: nothing is computed), the engines', cancellation.
Result<ReleaseOutcome> runReleasePlan(const ReleasePlan& plan, dp::ReleaseGate& gate, const RunContext& ctx = {});

// Runs a dp-query plan (count, sum, mean, histogram) on the EXACT aggregates an external engine
// computed with plan-sql's script (a veil_aggregates CSV, see aggregate_import.h) instead of on
// the plan's dataset, which is not read: same mechanisms, samplers and outcome as runReleasePlan;
// the outcome's input is the aggregates file. Errors: not a dp-query plan, a query without a
// data-independent domain, a malformed aggregates file (file:line), the mechanism's own.
Result<ReleaseOutcome> runReleasePlanOnAggregates(const ReleasePlan& plan, const std::string& aggregatesCsv,
                                                  dp::ReleaseGate& gate, const RunContext& ctx = {});

// Runs a plan where the data is (`veil-cli release --engine URI`), so that no record leaves the
// engine: an anonymization plan (full-domain, k-anonymity; the transformation is the plan's own or
// the optimum found on the plan's dataset, a sample) creates the released table in the engine
// (plan-sql's script on the engine's table) and reads back only the class sizes for the report;
// a dp-query plan (count, sum, mean, histogram) reads back the engine's exact,
// contribution-bounded aggregates, and Veil adds the noise through `gate`. The bundle holds the
// script that ran. Errors: plans SQL cannot express, the engine's own (named), the gate's.
Result<ReleaseOutcome> runReleasePlanOnEngine(const ReleasePlan& plan, engine::SqlEngine& engine, dp::ReleaseGate& gate,
                                              const RunContext& ctx = {});

}  // namespace veil::release
