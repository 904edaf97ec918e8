// The methods an experiment can compare, by string id ("histogram:identity", "count:laplace",
// "psd:kd", ...), generated from the engines' catalogues where one exists. Each runs ONE trial:
// from the trial's input, epsilon and a teaching-mode ReleaseGate (which hands out the trial's
// random source) to estimates of its target (the workload's answers, the total count, or the
// median). The releases are the engines' own, through the same gate path as the CLI and the window;
// this file only adapts them to a histogram or graph input.
#pragma once

#include "veil/common/random.h"
#include "veil/common/status.h"
#include "veil/dp/release_gate.h"
#include "veil/eval/histogram.h"
#include "veil/eval/workload.h"
#include "veil/synth/discretization.h"

#include <nlohmann/json.hpp>

#include <functional>
#include <memory>
#include <string>
#include <vector>

namespace veil::graph {
class Graph;
}

namespace veil::anonymity {
struct AnonymizationConfig;
}

namespace veil::eval {

// What a method takes as its data set.
enum class DataKind {
    Histogram,       // 1-D or 2-D counts (HistogramData)
    Graph,           // a simple undirected graph (veil::graph::Graph)
    Table,           // a table with quasi-identifiers and hierarchies (syntactic anonymization over a k grid)
    SyntheticTable,  // a table with a declared discretization (synth:* methods over an epsilon grid)
};
const char* dataKindName(DataKind k);  // "histogram", "graph", "table", "synthetic-table"

// The data set of DataKind::SyntheticTable methods: the table, its declared domains and the table
// discretized onto them (the real marginals the synthetic ones are compared with, teaching mode).
struct SyntheticTableData {
    std::shared_ptr<const Table> table;
    std::vector<synth::AttributeDomain> domains;
    std::shared_ptr<const synth::DiscreteTable> discrete;
};

// What a method estimates, and so what its error is measured against.
enum class MethodTarget {
    Workload,    // the answers of every workload query
    TotalCount,  // the number of records (sum of the counts)
    Median,      // the median record of a 1-D histogram, as a bin index (rank max(1, ceil(n/2)))
    Statistic,   // one number computed by the method's own truth function (e.g. a graph statistic)
    Anonymity,   // no estimate: the anonymized table's information loss and risk (AnonymityMeasure)
};
const char* methodTargetName(MethodTarget t);  // "workload", "count", "median", "statistic", "anonymity"

struct TrialInput {
    const HistogramData& data;  // the trial's data: the fixed input, or the trial's sample (empty for graphs)
    const Workload& workload;
    const nlohmann::json& options;                  // the method's options from the experiment (an object, maybe empty)
    double delta = 0.0;                             // the experiment's delta (0 when not given)
    const void* prepared = nullptr;                 // what the method's prepare step built for this data, or null
    const graph::Graph* graph = nullptr;            // the data set of DataKind::Graph methods
    const SyntheticTableData* synthetic = nullptr;  // the data set of DataKind::SyntheticTable methods
};

using TrialFunction =
    std::function<Result<std::vector<double>>(const TrialInput& input, double epsilon, dp::ReleaseGate& gate)>;
// Optional: builds, once per data set, what every trial reuses (e.g. the records of a histogram);
// also validates the options. Called before any trial runs (input.prepared is null), so bad
// options fail the sweep early.
using PrepareFunction = std::function<Result<std::shared_ptr<const void>>(const TrialInput& input)>;
// The true value(s) for MethodTarget::Statistic, from the prepared input.
using TruthFunction = std::function<Result<std::vector<double>>(const TrialInput& input)>;
// DataKind::Table methods: sets the algorithm, metric and mode of an anonymization from the
// method's options (the experiment gives the QIs, models and k). Errors name the option.
using ConfigureFunction = std::function<Status(const nlohmann::json& options, anonymity::AnonymizationConfig& config)>;

struct MethodInfo {
    std::string id;           // "histogram:hierarchical+consistency"
    std::string module;       // engine that implements it: "dp", "spatial", ...
    std::string description;  // one line for lists and tooltips
    MethodTarget target = MethodTarget::Workload;
    DataKind input = DataKind::Histogram;
    bool supports1D = true;
    bool supports2D = false;
    bool needsDelta = false;      // (epsilon, delta)-DP: the experiment must give 0 < delta < 1
    std::string optionsHelp;      // e.g. "branching (default 2)"; empty when it takes none
    PrepareFunction prepare;      // may be empty
    TruthFunction truth;          // required for MethodTarget::Statistic, ignored otherwise
    TrialFunction run;            // empty for DataKind::Table methods
    ConfigureFunction configure;  // DataKind::Table methods only
};

// Every registered method, sorted by id. Methods of engines that are not built are absent.
const std::vector<MethodInfo>& methodRegistry();
// The method with this id, or NotFound with the list of known ids.
Result<const MethodInfo*> findMethod(const std::string& id);
// Checks that the method applies to this data (kind, dimensionality, delta). Errors name the method.
Status checkMethodApplies(const MethodInfo& method, DataKind kind, const HistogramData& data, double delta);

// The true value(s) a method's estimates are compared with. O(cells + queries), or O(cells) for
// the median.
std::vector<double> trueAnswers(MethodTarget target, const HistogramData& data, const Workload& workload);

// Helpers for method implementations (and for tests).
// Median bin of a 1-D histogram: the bin of the record of rank max(1, ceil(total / 2)), with
// fractional counts accumulated as they are. 0 for an empty histogram.
double medianBin(const HistogramData& data);
// Option value with a default; errors name the option and what was expected.
Result<double> numberOption(const nlohmann::json& options, const std::string& name, double fallback);
Result<bool> boolOption(const nlohmann::json& options, const std::string& name, bool fallback);
Result<std::string> stringOption(const nlohmann::json& options, const std::string& name, const std::string& fallback);
// Errors when options hold a key not in `known` (catches typos).
Status checkKnownOptions(const nlohmann::json& options, const std::vector<std::string>& known,
                         const std::string& methodId);

}  // namespace veil::eval
