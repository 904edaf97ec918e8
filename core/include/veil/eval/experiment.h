// Experiment: plain data (JSON) describing a comparison of methods over an epsilon grid - a data
// set, a workload, methods, the grid, the number of trials, delta and a seed - so it can be saved,
// rerun and shared. Relative paths in an experiment file are relative to that file's directory.
//
// JSON (every key but "dataset" and "methods" optional):
// {
//   "name": "Histogram strategies on NETTRACE",
//   "dataset": {"file": "../../tests/data/dpbench/NETTRACE.n4096.npy", "sample": 100000}
//              (or "PATH", or {"counts": [..]} / {"counts": [[..], ..]} given inline,
//              or {"graph": "karate.edges"} for graph methods),
//   "workload": "prefix" | "identity" | {"generator": "random-ranges", "count": 1000, "seed": 9001}
//               | {"file": "ranges.json"} | {"ranges": [[lo, hi], ...]} | DPBench's
//               {"queries": [{"lb": [lo], "ub": [hi]}, ...]} inline             (default "prefix"),
//   "methods": ["histogram:identity", {"id": "psd:kd", "label": "kd h=6", "options": {"height": 6}}],
//   "epsilon": {"from": 0.01, "to": 10, "count": 10, "spacing": "log"} | [0.1, 1, 10],
//   "trials": 10, "delta": 1e-6, "seed": 42, "sanity_fraction": 0.001
// }
// Synthetic-table methods (synth:privbayes, synth:mst, synth:aim, synth:independent) take a table and its declared
// discretization (as in a "synthetic" release plan); their error is the average 2-way marginal TVD:
//   "dataset": {"table": "adult.csv", "delimiter": ";", "domains": [{"column": "age", "bounds": [17, 91],
//               "bins": 8}, {"column": "sex", "categories": ["Male", "Female"]}, ...]}
//
// Anonymity experiments (syntactic side; recognised by "k" or "kind": "anonymity"): information
// loss and re-identification risk against k, one deterministic run per (method, k):
// {
//   "name": "...", "kind": "anonymity",
//   "dataset": {"table": "../../resources/samples/adult.csv", "delimiter": ";"} (or "PATH"),
//   "quasi_identifiers": ["age", "sex"], "hierarchies": {"age": "adult_hierarchy_age.csv", ...},
//   "sensitive": "salary-class", "l_diversity": "distinct:2", "t_closeness": "equal:0.2" (optional),
//   "suppression": 0.04, "risk_threshold": 0.2,
//   "methods": ["optimal:loss", {"id": "mondrian", "label": "Mondrian relaxed", "options": {"mode": "relaxed"}}],
//   "k": [2, 3, 5, 10, 20, 50, 100]          ("trials" may only be 1; no epsilon, delta, seed, workload)
// }
#pragma once

#include "veil/common/status.h"
#include "veil/eval/histogram.h"
#include "veil/eval/method_registry.h"
#include "veil/eval/workload.h"

#include <nlohmann/json.hpp>

#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace veil {
class Table;
}
namespace veil::anonymity {
struct AnonymizationConfig;
}

namespace veil::eval {

enum class ExperimentKind {
    Differential,  // methods x epsilon grid x trials, errors against the truth
    Anonymity,     // syntactic anonymization: methods x k grid, loss and risk (deterministic)
};

struct DatasetSpec {
    std::string file;                     // as given (relative to the experiment's base directory)
    std::string graph;                    // or a graph file (edge list, GML, GraphML: veil/graph/graph_io.h)
    nlohmann::json inlineCounts;          // or the counts themselves (null when `file` is used)
    std::optional<std::uint64_t> sample;  // DPBench scale: draw this many records per trial; none = fixed input
    std::string table;                    // or a CSV table (anonymity experiments, synth:* methods)
    char delimiter = 0;                   // of the table; 0 = detect
    nlohmann::json domains;               // synth:* methods: the table's declared discretization
};

// The syntactic side of an anonymity experiment (CLI spellings as in `veil-cli anonymize`).
struct AnonymitySpec {
    std::vector<std::string> quasiIdentifiers;
    std::map<std::string, std::string> hierarchies;  // column -> ARX hierarchy file (as given)
    std::string sensitive;                           // empty = none
    std::string lDiversity;                          // "distinct:2", ...; empty = none
    std::string tCloseness;                          // "equal:0.2", ...; empty = none
    double suppression = 0.0;                        // suppression limit, a fraction of records
    double riskThreshold = 0.2;                      // for "records at risk"
    std::vector<int> k;                              // the grid
};

enum class WorkloadKind { Prefix, Identity, RandomRanges, File, Inline };
struct WorkloadSpec {
    WorkloadKind kind = WorkloadKind::Prefix;
    std::size_t count = 1000;   // random-ranges
    std::uint64_t seed = 9001;  // random-ranges (DPBench's default seed)
    std::string file;           // File
    nlohmann::json ranges;      // Inline: an array of ranges, or DPBench's object with its "queries"
};

struct MethodSpec {
    std::string id;     // registry id
    std::string label;  // unique name in results (defaults to the id)
    nlohmann::json options = nlohmann::json::object();
};

struct EpsilonGrid {
    double from = 0.01, to = 10.0;
    int count = 10;
    bool logSpaced = true;
    std::vector<double> explicitValues;  // when not empty, used as is
};

struct Experiment {
    ExperimentKind kind = ExperimentKind::Differential;
    std::string name;
    std::string description;
    std::string baseDirectory;  // for relative paths; empty = current directory
    DatasetSpec dataset;
    WorkloadSpec workload;
    std::vector<MethodSpec> methods;
    EpsilonGrid epsilon;
    int trials = 10;
    double delta = 0.0;
    std::optional<std::uint64_t> seed;  // none: secure randomness, results not reproducible
    double sanityFraction = 0.001;      // relative error uses max(truth, sanityFraction * N)
    AnonymitySpec anonymity;            // ExperimentKind::Anonymity (trials is then 1)
};

// The grid's values: `count` values from `from` to `to` inclusive, log- or linearly spaced
// (count 1 gives `from`). Errors: values not positive finite, from > to, count < 1 or > 1000.
Result<std::vector<double>> epsilonValues(const EpsilonGrid& grid);

// Parses and checks an experiment (methods exist and labels are unique; no file is read).
// Errors name the key and what is wrong.
Result<Experiment> parseExperiment(const nlohmann::json& j, const std::string& baseDirectory = {});
// Reads a JSON file; baseDirectory becomes the file's directory. Errors are prefixed with the file.
Result<Experiment> readExperimentFile(const std::string& path);
// The inverse of parseExperiment (baseDirectory is not saved).
nlohmann::json experimentToJson(const Experiment& e);

// What an experiment runs on, loaded from its specs.
struct ExperimentInputs {
    DataKind kind = DataKind::Histogram;
    std::shared_ptr<const graph::Graph> graph;  // DataKind::Graph
    std::string graphName;                      // file name of the graph
    HistogramData data;                         // DataKind::Histogram
    Workload workload;
    std::vector<double> epsilons;        // the grid: epsilon values, or the k values of an anonymity experiment
    std::shared_ptr<const Table> table;  // DataKind::Table
    std::shared_ptr<const anonymity::AnonymizationConfig> anonymity;  // QIs, hierarchies, models but k
    std::string tableName;                                            // file name of the table
    std::shared_ptr<const SyntheticTableData> synthetic;              // DataKind::SyntheticTable
};
// Reads the data set and builds the workload (none for a graph). Errors: unreadable data or
// workload file, bad ranges (naming the query index), a method that does not apply to the data
// (histogram vs graph, 1-D vs 2-D, delta).
Result<ExperimentInputs> loadExperimentInputs(const Experiment& e);

// A path of the experiment resolved against its base directory.
std::string resolvePath(const Experiment& e, const std::string& path);

}  // namespace veil::eval
