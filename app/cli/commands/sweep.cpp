// veil-cli sweep EXPERIMENT.json --output results.csv --teaching [--per-query answers.csv]
// [--threads N] [--json]: runs an
// experiment (methods x epsilon grid x trials), writes one CSV row per (method, epsilon, trial) with
// the error metrics (atomically) and prints a summary per (method, epsilon): a table, or JSON with
// --json. Errors are measured against the true answers, so a differential sweep is teaching mode
// only (public or sample data) and its outputs say "private": false.
// Anonymity experiments (a "k" grid): one row per (method, k) with information loss and risk.
#include "cli_support.h"
#include "command_registry.h"

#include "veil/common/validate.h"
#include "veil/eval/sweep.h"
#include "veil/eval/sweep_output.h"

#include <cmath>
#include <iomanip>
#include <iostream>
#include <sstream>
#include <unistd.h>

namespace {

struct SweepCliOptions {
    std::string experiment;
    std::string output;
    std::string perQuery;  // --per-query FILE: every query's answer per trial
    int threads = 0;
    bool json = false;
    bool teaching = false;
};

std::string num(double v) {
    if (std::isnan(v)) return "-";  // e.g. the interval of one trial
    std::ostringstream s;
    s << std::setprecision(4) << v;
    return s.str();
}

void printTable(const veil::eval::SweepResult& r) {
    using veil::eval::Metric;
    std::cout << (r.name.empty() ? std::string("Sweep") : r.name) << "\n"
              << "data: " << r.datasetName;
    if (r.queryCount > 0) std::cout << "; workload: " << r.workloadName << " (" << r.queryCount << " queries)";
    std::cout << "\n"
              << r.methods.size() << " methods x " << r.epsilons.size() << " epsilons x " << r.trials << " trials on "
              << r.threadsUsed << " thread(s) in " << num(r.seconds) << " s; "
              << (r.seed ? "seed " + std::to_string(*r.seed) : std::string("secure randomness (not reproducible)"))
              << "\n\n";
    std::cout << std::left << std::setw(34) << "method" << std::right << std::setw(10) << "epsilon" << std::setw(12)
              << "median abs" << std::setw(11) << "IQR abs" << std::setw(12) << "mean abs" << std::setw(24)
              << "95% interval of mean" << std::setw(12) << "median rel" << std::setw(12) << "scaled L1" << '\n';
    for (const auto& s : r.summaries) {
        const auto& abs = s[Metric::MeanAbsolute];
        std::cout << std::left << std::setw(34) << r.methods[s.method].label << std::right << std::setw(10)
                  << num(s.epsilon) << std::setw(12) << num(abs.median) << std::setw(11) << num(abs.iqr)
                  << std::setw(12) << num(abs.mean) << std::setw(24)
                  << ("[" + num(abs.ciLower) + ", " + num(abs.ciUpper) + "]") << std::setw(12)
                  << num(s[Metric::MeanRelative].median) << std::setw(12) << num(s[Metric::ScaledL1].median) << '\n';
    }
}

// Anonymity experiments: one deterministic anonymization per (method, k).
void printAnonymityTable(const veil::eval::SweepResult& r) {
    using veil::eval::AnonymityMeasure;
    std::cout << (r.name.empty() ? std::string("Sweep") : r.name) << "\n"
              << "data: " << r.datasetName << "; models: " << r.models << "\n"
              << r.methods.size() << " methods x " << r.epsilons.size() << " k values, deterministic (1 run each) on "
              << r.threadsUsed << " thread(s) in " << num(r.seconds) << " s\n\n";
    std::cout << std::left << std::setw(24) << "method" << std::right << std::setw(6) << "k" << std::setw(22)
              << "transformation" << std::setw(10) << "loss" << std::setw(12) << "own metric" << std::setw(14)
              << "discern." << std::setw(10) << "AECS" << std::setw(11) << "suppressed" << std::setw(10) << "risk max"
              << std::setw(10) << "risk avg" << std::setw(10) << "at risk" << '\n';
    auto cell = [](double v) { return std::isfinite(v) ? num(v) : std::string("-"); };
    for (const auto& row : r.anonymity) {
        const auto& m = row.measures;
        std::cout << std::left << std::setw(24) << r.methods[row.method].label << std::right << std::setw(6) << row.k;
        if (!row.found) {
            std::cout << "  none: " << row.message << '\n';
            continue;
        }
        std::cout << std::setw(22) << row.transformation << std::setw(10) << cell(m[AnonymityMeasure::Loss])
                  << std::setw(12) << cell(m[AnonymityMeasure::MethodMetric]) << std::setw(14)
                  << cell(m[AnonymityMeasure::Discernibility]) << std::setw(10)
                  << cell(m[AnonymityMeasure::AverageClassSize]) << std::setw(11)
                  << cell(m[AnonymityMeasure::Suppressed]) << std::setw(10) << cell(m[AnonymityMeasure::ProsecutorMax])
                  << std::setw(10) << cell(m[AnonymityMeasure::ProsecutorAverage]) << std::setw(10)
                  << cell(m[AnonymityMeasure::RecordsAtRisk]) << '\n';
    }
}

int runSweepCommand(const SweepCliOptions& o) {
    if (o.threads < 0)
        return veil::cli::reportError("--threads must be >= 0 (0 = all cores), got " + std::to_string(o.threads));
    // Before the sweep runs (it can take minutes): the outputs can be written, and are two files.
    if (auto st = veil::cli::checkOutputs({{"--output", o.output}, {"--per-query", o.perQuery}}, {o.experiment}); !st)
        return veil::cli::reportError(st);
    auto experiment = veil::eval::readExperimentFile(o.experiment);
    if (!experiment) return veil::cli::reportError(experiment.status());
    auto inputs = veil::eval::loadExperimentInputs(*experiment);
    if (!inputs) return veil::cli::reportError(inputs.status().withContext(o.experiment));

    const bool showProgress = !o.json && isatty(STDERR_FILENO);
    veil::FunctionProgressSink sink([](double f, std::string_view) {
        std::cerr << "\r" << std::setw(3) << static_cast<int>(f * 100) << "%" << std::flush;
    });
    veil::RunContext ctx;
    if (showProgress) ctx.progress = &sink;
    veil::eval::SweepOptions opts;
    opts.threads = o.threads;
    opts.teaching = o.teaching;
    opts.keepAnswers = !o.perQuery.empty();
    if (opts.keepAnswers && experiment->kind == veil::eval::ExperimentKind::Anonymity)
        return veil::cli::reportError("--per-query: an anonymity experiment (k grid) has no queries");
    auto result = veil::eval::runSweep(*experiment, *inputs, opts, ctx);
    if (showProgress) std::cerr << "\r    \r";
    if (!result) return veil::cli::reportError(result.status().withContext(o.experiment));
    const auto written = veil::eval::writeTrialsCsvFile(o.output, *result);
    if (!written) return veil::cli::reportError(written);
    if (!o.perQuery.empty()) {
        // True answers only in teaching mode (a differential sweep cannot run otherwise).
        const auto perQuery = veil::eval::writePerQueryCsvFile(o.perQuery, *result, o.teaching);
        if (!perQuery) return veil::cli::reportError(perQuery);
    }
    if (o.json) {
        auto j = veil::eval::sweepSummaryJson(*result);
        j["output"] = o.output;
        if (!o.perQuery.empty()) j["per_query"] = o.perQuery;
        j["rows"] = result->isAnonymity() ? result->anonymity.size() : result->rows.size();
        veil::cli::printJson(j);
    } else if (result->isAnonymity()) {
        printAnonymityTable(*result);
        std::cout << "\n" << result->anonymity.size() << " rows (one per method and k) written to " << o.output << '\n';
    } else {
        printTable(*result);
        std::cout << "\n"
                  << result->rows.size() << " trial rows written to " << o.output << '\n'
                  << "TEACHING MODE - not private: errors are measured against the true answers\n";
    }
    return 0;
}

void setupSweep(CLI::App& app, veil::cli::CommandOutcome& outcome) {
    auto opts = std::make_shared<SweepCliOptions>();
    auto* cmd = app.add_subcommand("sweep",
                                   "Run an experiment: error of each method over an epsilon grid and trials "
                                   "(or information loss and risk over a k grid)");
    cmd->add_option("EXPERIMENT", opts->experiment,
                    "Experiment JSON (dataset, workload, methods, epsilon grid, trials, delta, seed); "
                    "relative paths in it are relative to the file")
        ->required();
    cmd->add_option("--output,-o", opts->output,
                    "CSV file for one row per (method, epsilon, trial) with the error metrics")
        ->required();
    cmd->add_option("--per-query", opts->perQuery,
                    "CSV file for every query's answer per (method, epsilon, trial): its range, the noisy answer "
                    "and, in teaching mode, the true one");
    cmd->add_option("--threads,-j", opts->threads,
                    "Worker threads (default 0 = all cores); results do not depend on it");
    cmd->add_flag("--json", opts->json, "Print the summaries as JSON");
    cmd->add_flag(
        "--teaching", opts->teaching,
        "Teaching mode (required for epsilon sweeps): errors are measured against the true answers, so the data "
        "must be public or a sample; nothing is charged and the results are marked not private");
    cmd->callback([opts, &outcome] { outcome.exitCode = runSweepCommand(*opts); });
}

}  // namespace

VEIL_REGISTER_COMMAND("sweep", setupSweep);
