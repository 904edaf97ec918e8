// Sweep runner: every (method, epsilon, trial) of an experiment, in parallel on a std::thread pool,
// with progress and cancel from the RunContext. Results do not depend on the number of threads:
// each trial draws from its own SeededRandom whose seed is derived from (seed, method label,
// epsilon index, trial) with SeededRandom::deriveSeed; without a seed every trial uses SecureRandom.
// With "sample" in the dataset, trial t of every method and epsilon sees the same sampled data.
// Anonymity experiments (ExperimentKind::Anonymity) run one anonymization per (method, k) instead,
// in parallel over the (method, k) pairs, with no randomness: SweepResult::anonymity holds them.
#pragma once

#include "veil/common/run_context.h"
#include "veil/common/status.h"
#include "veil/eval/anonymity_measures.h"
#include "veil/eval/error_metrics.h"
#include "veil/eval/experiment.h"

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace veil::eval {

struct SweepOptions {
    int threads = 0;  // 0: std::thread::hardware_concurrency(); 1: run on the calling thread
    // A differential sweep measures error against the true answers, so it runs in teaching mode
    // only (public or sample data); its results are marked "private": false.
    bool teaching = false;
    // Keep every trial's answers and the true answers (SweepResult::truths, TrialRow::answers) for a
    // per-query output; memory grows as methods x epsilons x trials x queries.
    bool keepAnswers = false;
};

// One trial: the error of one method at one epsilon.
struct TrialRow {
    std::size_t method = 0;        // index into SweepResult::methods
    std::size_t epsilonIndex = 0;  // index into SweepResult::epsilons
    double epsilon = 0.0;
    int trial = 0;
    std::uint64_t seed = 0;  // the trial's derived seed (0 when secure randomness was used)
    ErrorMetrics errors;
    std::vector<double> answers;  // the method's answers (noisy), when SweepOptions::keepAnswers
};

// The trials of one (method, epsilon), summarised per metric.
struct SummaryRow {
    std::size_t method = 0;
    std::size_t epsilonIndex = 0;
    double epsilon = 0.0;
    std::array<MetricSummary, kMetricCount> metrics{};
    const MetricSummary& operator[](Metric m) const { return metrics[static_cast<std::size_t>(m)]; }
};

// One anonymization of an anonymity experiment: one method at one k (deterministic).
struct AnonymityRow {
    std::size_t method = 0;  // index into SweepResult::methods
    std::size_t kIndex = 0;  // index into SweepResult::epsilons (the k grid)
    int k = 0;
    bool found = false;          // a solution satisfying the models exists (else the measures are NaN)
    std::string metric;          // the method's own metric ("loss", "ncp", ...)
    std::string transformation;  // optimal: levels per QI "[2,0,3]"; Mondrian: "41 partitions"
    std::string message;         // why nothing was found
    AnonymityMeasures measures;
};

struct SweepResult {
    ExperimentKind kind = ExperimentKind::Differential;
    std::string name;
    std::vector<MethodSpec> methods;
    std::vector<std::string> targets;  // per method: "workload", "count" or "median"
    std::vector<double> epsilons;      // the grid: epsilon values, or k values when kind is Anonymity
    int trials = 0;
    double delta = 0.0;
    std::optional<std::uint64_t> seed;
    std::string datasetName;  // e.g. "NETTRACE.n4096.npy (4096 bins, scale 25714)"
    std::string workloadName;
    std::size_t queryCount = 0;
    double scale = 0.0;  // N: the data's number of records (the sample size when sampling)
    bool sampled = false;
    std::vector<TrialRow> rows;         // ordered by method, epsilon index, trial
    std::vector<SummaryRow> summaries;  // ordered by method, epsilon index
    int threadsUsed = 1;
    double seconds = 0.0;                       // wall-clock time of the trials
    std::vector<AnonymityRow> anonymity;        // kind Anonymity: ordered by method, k index (rows, summaries empty)
    std::vector<std::string> quasiIdentifiers;  // kind Anonymity
    std::string models;                         // kind Anonymity: e.g. "2-anonymity, distinct-2-diversity"

    // With SweepOptions::keepAnswers: the true answers per method and data set (index
    // method * D + d, D = trials when sampled, else 1) and the workload's queries.
    std::vector<std::vector<double>> truths;
    std::vector<RangeQuery> queries;
    const std::vector<double>* truthFor(const TrialRow& row) const;

    bool isAnonymity() const { return kind == ExperimentKind::Anonymity; }
    // The grid's name in outputs: "epsilon", or "k" for anonymity experiments.
    const char* gridName() const { return isAnonymity() ? "k" : "epsilon"; }
    const SummaryRow* summary(std::size_t method, std::size_t epsilonIndex) const;
    const AnonymityRow* anonymityRow(std::size_t method, std::size_t kIndex) const;
};

// The seed of one trial: deriveSeed chained over a 64-bit FNV-1a hash of the method's label, the
// epsilon index and the trial number. Stable across versions and thread counts.
std::uint64_t trialSeed(std::uint64_t seed, const std::string& methodLabel, std::size_t epsilonIndex, int trial);

// Runs the experiment on its loaded inputs. Progress goes to ctx (from worker threads, serialised;
// 0 first, 1 last, about 100 reports). Errors: a method's options or run fails (the message names
// the method, epsilon and trial), cancellation (Status::cancelled), threads < 0.
// Cost: methods x epsilons x trials runs of the methods, spread over the threads.
Result<SweepResult> runSweep(const Experiment& experiment, const ExperimentInputs& inputs, const SweepOptions& options,
                             const RunContext& ctx);

// Loads the experiment's inputs (loadExperimentInputs) and runs it: the one call a view needs.
Result<SweepResult> runExperiment(const Experiment& experiment, const SweepOptions& options, const RunContext& ctx);

// Summaries of trial rows (used by runSweep; exposed for views that filter rows).
std::vector<SummaryRow> summarizeRows(const std::vector<TrialRow>& rows, std::size_t methodCount,
                                      const std::vector<double>& epsilons);

}  // namespace veil::eval
