// Experiment JSON: parsing with messages naming the key, serialisation, loading of the inputs.
#include "veil/eval/experiment.h"

#include "detail/methods.h"

#include "detail/anonymity_experiment.h"

#include "veil/common/known_keys.h"
#include "veil/common/random.h"
#include "veil/common/limits.h"
#include "veil/common/validate.h"
#include "veil/graph/graph_io.h"
#include "veil/io/atomic_file.h"
#include "veil/io/json_file.h"

#include <cmath>
#include <filesystem>
#include <set>

namespace veil::eval {

namespace fs = std::filesystem;

Result<std::vector<double>> epsilonValues(const EpsilonGrid& grid) {
    if (!grid.explicitValues.empty()) {
        for (std::size_t i = 0; i < grid.explicitValues.size(); ++i)
            VEIL_RETURN_IF_ERROR(requirePositiveFinite(grid.explicitValues[i], "epsilon[" + std::to_string(i) + "]"));
        return grid.explicitValues;
    }
    VEIL_RETURN_IF_ERROR(requirePositiveFinite(grid.from, "epsilon.from"));
    VEIL_RETURN_IF_ERROR(requirePositiveFinite(grid.to, "epsilon.to"));
    VEIL_RETURN_IF_ERROR(requireOrdered(grid.from, grid.to, "epsilon.from", "epsilon.to"));
    if (grid.count < 1 || grid.count > 1000)
        return Status::invalidArgument("epsilon.count must be between 1 and 1000 (got " + std::to_string(grid.count) +
                                       ")");
    std::vector<double> v;
    for (int i = 0; i < grid.count; ++i) {
        const double t = grid.count == 1 ? 0.0 : static_cast<double>(i) / (grid.count - 1);
        v.push_back(grid.logSpaced ? std::exp(std::log(grid.from) + t * (std::log(grid.to) - std::log(grid.from)))
                                   : grid.from + t * (grid.to - grid.from));
    }
    v.front() = grid.from;  // exact end points
    v.back() = grid.count == 1 ? grid.from : grid.to;
    return v;
}

namespace {

Status bad(const std::string& key, const std::string& what) { return Status::invalidArgument(key + ": " + what); }

Result<std::uint64_t> unsignedAt(const nlohmann::json& v, const std::string& key) {
    if (!v.is_number_unsigned() && !(v.is_number_integer() && v.get<long long>() >= 0))
        return bad(key, "expected a non-negative integer, got " + v.dump());
    return v.get<std::uint64_t>();
}

Status parseDataset(const nlohmann::json& d, DatasetSpec& out) {
    if (d.is_string()) {
        out.file = d.get<std::string>();
        return Status::ok();
    }
    if (!d.is_object()) return bad("dataset", "expected a file name or an object, got " + d.dump());
    VEIL_RETURN_IF_ERROR(
        checkKnownKeys(d, {"file", "counts", "sample", "graph", "table", "delimiter", "domains"}, "dataset"));
    if (int(d.contains("file")) + int(d.contains("counts")) + int(d.contains("graph")) + int(d.contains("table")) != 1)
        return bad("dataset", "give exactly one of 'file', 'counts', 'graph' and 'table'");
    if (d.contains("table") != d.contains("domains") || (d.contains("delimiter") && !d.contains("table")))
        return bad("dataset",
                   "a 'table' (synth:* methods) comes with its declared 'domains' and an optional "
                   "'delimiter'; other data sets take neither");
    if (d.contains("table")) {
        if (!d["table"].is_string()) return bad("dataset.table", "expected a string");
        if (d.contains("sample")) return bad("dataset.sample", "sampling applies to histograms, not to tables");
        out.table = d["table"].get<std::string>();
        out.domains = d["domains"];
        if (d.contains("delimiter")) {
            if (!d["delimiter"].is_string() || d["delimiter"].get<std::string>().size() != 1)
                return bad("dataset.delimiter", "expected one character, got " + d["delimiter"].dump());
            out.delimiter = d["delimiter"].get<std::string>()[0];
        }
    } else if (d.contains("graph")) {
        if (!d["graph"].is_string()) return bad("dataset.graph", "expected a string");
        if (d.contains("sample")) return bad("dataset.sample", "sampling applies to histograms, not to graphs");
        out.graph = d["graph"].get<std::string>();
    } else if (d.contains("file")) {
        if (!d["file"].is_string()) return bad("dataset.file", "expected a string");
        out.file = d["file"].get<std::string>();
    } else {
        out.inlineCounts = d["counts"];
    }
    if (d.contains("sample")) {
        auto s = unsignedAt(d["sample"], "dataset.sample");
        if (!s) return s.status();
        out.sample = *s;
    }
    return Status::ok();
}

Status parseWorkload(const nlohmann::json& w, WorkloadSpec& out) {
    if (w.is_string()) {
        const auto s = w.get<std::string>();
        if (s == "prefix")
            out.kind = WorkloadKind::Prefix;
        else if (s == "identity")
            out.kind = WorkloadKind::Identity;
        else if (s == "random-ranges")
            out.kind = WorkloadKind::RandomRanges;
        else
            return bad("workload", "unknown generator '" + s + "' (known: prefix, identity, random-ranges)");
        return Status::ok();
    }
    if (w.is_array()) {
        out.kind = WorkloadKind::Inline;
        out.ranges = w;
        return Status::ok();
    }
    if (!w.is_object()) return bad("workload", "expected a generator name, an object or a list of ranges");
    if (w.contains("queries")) {  // DPBench's workload object (its own keys), read by the same parser as its file
        out.kind = WorkloadKind::Inline;
        out.ranges = w;
        return Status::ok();
    }
    VEIL_RETURN_IF_ERROR(checkKnownKeys(w, {"generator", "count", "seed", "file", "ranges"}, "workload"));
    if (w.contains("file")) {
        if (!w["file"].is_string()) return bad("workload.file", "expected a string");
        out.kind = WorkloadKind::File;
        out.file = w["file"].get<std::string>();
        return Status::ok();
    }
    if (w.contains("ranges")) {
        out.kind = WorkloadKind::Inline;
        out.ranges = w["ranges"];
        return Status::ok();
    }
    if (!w.contains("generator") || !w["generator"].is_string())
        return bad("workload", "expected 'generator', 'file', 'ranges' or DPBench's 'queries'");
    VEIL_RETURN_IF_ERROR(parseWorkload(w["generator"], out));
    if (w.contains("count")) {
        auto c = unsignedAt(w["count"], "workload.count");
        if (!c) return c.status();
        out.count = static_cast<std::size_t>(*c);
    }
    if (w.contains("seed")) {
        auto s = unsignedAt(w["seed"], "workload.seed");
        if (!s) return s.status();
        out.seed = *s;
    }
    return Status::ok();
}

Status parseEpsilon(const nlohmann::json& e, EpsilonGrid& out) {
    if (e.is_number()) {
        out.explicitValues = {e.get<double>()};
    } else if (e.is_array()) {
        if (e.empty()) return bad("epsilon", "the list is empty");
        for (std::size_t i = 0; i < e.size(); ++i) {
            if (!e[i].is_number())
                return bad("epsilon[" + std::to_string(i) + "]", "expected a number, got " + e[i].dump());
            out.explicitValues.push_back(e[i].get<double>());
        }
    } else if (e.is_object()) {
        VEIL_RETURN_IF_ERROR(checkKnownKeys(e, {"from", "to", "count", "spacing"}, "epsilon"));
        for (const auto& [k, v] : e.items()) {
            if (k == "spacing") {
                if (v != "log" && v != "linear")
                    return bad("epsilon.spacing", "expected \"log\" or \"linear\", got " + v.dump());
                out.logSpaced = v == "log";
            } else if (k == "from" || k == "to") {
                if (!v.is_number()) return bad("epsilon." + k, "expected a number, got " + v.dump());
                (k == "from" ? out.from : out.to) = v.get<double>();
            } else if (k == "count") {
                if (!v.is_number_integer()) return bad("epsilon.count", "expected an integer, got " + v.dump());
                out.count = v.get<int>();
            }
        }
    } else {
        return bad("epsilon", "expected a number, a list or {from, to, count, spacing}");
    }
    auto values = epsilonValues(out);
    return values ? Status::ok() : values.status();
}

Status parseMethods(const nlohmann::json& m, std::vector<MethodSpec>& out) {
    if (!m.is_array() || m.empty()) return bad("methods", "expected a non-empty list of method ids or objects");
    std::set<std::string> labels;
    for (std::size_t i = 0; i < m.size(); ++i) {
        const std::string key = "methods[" + std::to_string(i) + "]";
        MethodSpec spec;
        if (m[i].is_string()) {
            spec.id = m[i].get<std::string>();
        } else if (m[i].is_object()) {
            VEIL_RETURN_IF_ERROR(checkKnownKeys(m[i], {"id", "label", "options"}, key));
            if (!m[i].contains("id") || !m[i]["id"].is_string()) return bad(key, "'id' (a string) is required");
            spec.id = m[i]["id"].get<std::string>();
            if (m[i].contains("label")) {
                if (!m[i]["label"].is_string()) return bad(key + ".label", "expected a string");
                spec.label = m[i]["label"].get<std::string>();
            }
            if (m[i].contains("options")) {
                if (!m[i]["options"].is_object()) return bad(key + ".options", "expected an object");
                spec.options = m[i]["options"];
            }
        } else {
            return bad(key, "expected a method id or {id, label, options}, got " + m[i].dump());
        }
        auto info = findMethod(spec.id);
        if (!info) return info.status().withContext(key);
        if (spec.label.empty()) spec.label = spec.id;
        if (!labels.insert(spec.label).second)
            return bad(key, "label '" + spec.label + "' is used twice (give each method a distinct 'label')");
        out.push_back(std::move(spec));
    }
    return Status::ok();
}

}  // namespace

Result<Experiment> parseExperiment(const nlohmann::json& j, const std::string& baseDirectory) {
    if (!j.is_object()) return Status::invalidArgument("an experiment must be a JSON object");
    Experiment e;
    e.baseDirectory = baseDirectory;
    auto isAnonymity = detail::isAnonymityExperiment(j);
    if (!isAnonymity) return isAnonymity.status();
    if (!*isAnonymity)
        VEIL_RETURN_IF_ERROR(checkKnownKeys(j,
                                            {"name", "description", "kind", "dataset", "workload", "methods", "epsilon",
                                             "trials", "delta", "seed", "sanity_fraction"},
                                            ""));
    if (j.contains("name")) {
        if (!j["name"].is_string()) return bad("name", "expected a string");
        e.name = j["name"].get<std::string>();
    }
    if (j.contains("description")) {
        if (!j["description"].is_string()) return bad("description", "expected a string");
        e.description = j["description"].get<std::string>();
    }
    if (*isAnonymity) {
        if (!j.contains("methods")) return Status::invalidArgument("methods: missing (a list of method ids)");
        VEIL_RETURN_IF_ERROR(parseMethods(j["methods"], e.methods));
        VEIL_RETURN_IF_ERROR(detail::parseAnonymityKeys(j, e));
        return e;
    }
    if (!j.contains("dataset"))
        return Status::invalidArgument("dataset: missing (a file of counts or {\"counts\": [...]})");
    VEIL_RETURN_IF_ERROR(parseDataset(j["dataset"], e.dataset));
    if (j.contains("workload")) VEIL_RETURN_IF_ERROR(parseWorkload(j["workload"], e.workload));
    if (!j.contains("methods")) return Status::invalidArgument("methods: missing (a list of method ids)");
    VEIL_RETURN_IF_ERROR(parseMethods(j["methods"], e.methods));
    if (j.contains("epsilon")) VEIL_RETURN_IF_ERROR(parseEpsilon(j["epsilon"], e.epsilon));
    if (j.contains("trials")) {
        if (!j["trials"].is_number_integer() || j["trials"].get<long long>() < 1 ||
            j["trials"].get<long long>() > 1000000)
            return bad("trials", "expected an integer between 1 and 10^6, got " + j["trials"].dump());
        e.trials = j["trials"].get<int>();
    }
    if (j.contains("delta")) {
        if (!j["delta"].is_number()) return bad("delta", "expected a number, got " + j["delta"].dump());
        e.delta = j["delta"].get<double>();
        VEIL_RETURN_IF_ERROR(requireHalfOpenProbability(e.delta, "delta"));
    }
    if (j.contains("seed") && !j["seed"].is_null()) {
        auto s = unsignedAt(j["seed"], "seed");
        if (!s) return s.status();
        e.seed = *s;
    }
    if (j.contains("sanity_fraction")) {
        if (!j["sanity_fraction"].is_number()) return bad("sanity_fraction", "expected a number");
        e.sanityFraction = j["sanity_fraction"].get<double>();
        VEIL_RETURN_IF_ERROR(requirePositiveFinite(e.sanityFraction, "sanity_fraction"));
    }
    // Every (method, epsilon, trial) is one run: the product is capped (common/limits.h).
    const double grid =
        e.epsilon.explicitValues.empty() ? double(e.epsilon.count) : double(e.epsilon.explicitValues.size());
    const double runs = double(e.methods.size()) * std::max(1.0, grid) * double(e.trials);
    if (runs > double(limits::kMaxSweepTrials))
        return bad("trials", "methods x epsilons x trials = " + formatNumber(runs) + " runs; at most " +
                                 std::to_string(limits::kMaxSweepTrials) + " in one sweep");
    for (std::size_t i = 0; i < e.methods.size(); ++i)
        if (auto info = findMethod(e.methods[i].id); info && (*info)->input == DataKind::Table)
            return bad("methods[" + std::to_string(i) + "]",
                       "'" + e.methods[i].id +
                           "' is a syntactic anonymization method: give the experiment a \"k\" grid and a table");
    return e;
}

Result<Experiment> readExperimentFile(const std::string& path) {
    auto j = readJsonObjectFile(path, "an experiment (JSON)");
    if (!j) return j.status();
    auto e = parseExperiment(*j, fs::path(path).parent_path().string());
    if (!e) return e.status().withContext(path);
    return e;
}

namespace {

nlohmann::json methodsJson(const std::vector<MethodSpec>& methods) {
    nlohmann::json out = nlohmann::json::array();
    for (const auto& m : methods) {
        nlohmann::json mj = {{"id", m.id}};
        if (m.label != m.id) mj["label"] = m.label;
        if (!m.options.empty()) mj["options"] = m.options;
        out.push_back(mj);
    }
    return out;
}

}  // namespace

std::string resolvePath(const Experiment& e, const std::string& path) {
    const fs::path p(path);
    if (p.is_absolute() || e.baseDirectory.empty()) return p.string();
    return (fs::path(e.baseDirectory) / p).lexically_normal().string();
}

nlohmann::json experimentToJson(const Experiment& e) {
    nlohmann::json j;
    if (!e.name.empty()) j["name"] = e.name;
    if (!e.description.empty()) j["description"] = e.description;
    if (e.kind == ExperimentKind::Anonymity) {
        j["methods"] = methodsJson(e.methods);
        detail::anonymityToJson(e, j);
        return j;
    }
    nlohmann::json d;
    if (!e.dataset.table.empty()) {
        d["table"] = e.dataset.table;
        if (e.dataset.delimiter != 0) d["delimiter"] = std::string(1, e.dataset.delimiter);
        d["domains"] = e.dataset.domains;
    } else if (!e.dataset.graph.empty())
        d["graph"] = e.dataset.graph;
    else if (!e.dataset.file.empty())
        d["file"] = e.dataset.file;
    else
        d["counts"] = e.dataset.inlineCounts;
    if (e.dataset.sample) d["sample"] = *e.dataset.sample;
    j["dataset"] = d;
    switch (e.workload.kind) {
        case WorkloadKind::Prefix:
            j["workload"] = "prefix";
            break;
        case WorkloadKind::Identity:
            j["workload"] = "identity";
            break;
        case WorkloadKind::RandomRanges:
            j["workload"] = {{"generator", "random-ranges"}, {"count", e.workload.count}, {"seed", e.workload.seed}};
            break;
        case WorkloadKind::File:
            j["workload"] = {{"file", e.workload.file}};
            break;
        case WorkloadKind::Inline:  // as given: Veil's ranges, or DPBench's object with its "queries"
            j["workload"] =
                e.workload.ranges.is_object() ? e.workload.ranges : nlohmann::json{{"ranges", e.workload.ranges}};
            break;
    }
    j["methods"] = methodsJson(e.methods);
    if (!e.epsilon.explicitValues.empty())
        j["epsilon"] = e.epsilon.explicitValues;
    else
        j["epsilon"] = {{"from", e.epsilon.from},
                        {"to", e.epsilon.to},
                        {"count", e.epsilon.count},
                        {"spacing", e.epsilon.logSpaced ? "log" : "linear"}};
    j["trials"] = e.trials;
    if (e.delta > 0) j["delta"] = e.delta;
    if (e.seed) j["seed"] = *e.seed;
    j["sanity_fraction"] = e.sanityFraction;
    return j;
}

namespace {

Result<HistogramData> inlineHistogram(const nlohmann::json& c) {
    if (!c.is_array() || c.empty())
        return bad("dataset.counts", "expected a non-empty list of counts (or of rows of counts)");
    if (c[0].is_array()) {
        std::vector<double> values;
        const std::size_t cols = c[0].size();
        for (std::size_t r = 0; r < c.size(); ++r) {
            if (!c[r].is_array() || c[r].size() != cols)
                return bad("dataset.counts[" + std::to_string(r) + "]",
                           "expected a row of " + std::to_string(cols) + " counts");
            for (const auto& v : c[r]) {
                if (!v.is_number())
                    return bad("dataset.counts[" + std::to_string(r) + "]", "expected numbers, got " + v.dump());
                values.push_back(v.get<double>());
            }
        }
        return makeHistogram2D(c.size(), cols, std::move(values), "inline");
    }
    std::vector<double> values;
    for (std::size_t i = 0; i < c.size(); ++i) {
        if (!c[i].is_number())
            return bad("dataset.counts[" + std::to_string(i) + "]", "expected a number, got " + c[i].dump());
        values.push_back(c[i].get<double>());
    }
    return makeHistogram1D(std::move(values), "inline");
}

}  // namespace

Result<ExperimentInputs> loadExperimentInputs(const Experiment& e) {
    ExperimentInputs in;
    if (e.kind == ExperimentKind::Anonymity) {
        VEIL_RETURN_IF_ERROR(detail::loadAnonymityInputs(e, in));
        return in;
    }
    auto eps = epsilonValues(e.epsilon);
    if (!eps) return eps.status();
    in.epsilons = std::move(*eps);
    if (!e.dataset.table.empty()) {
        VEIL_RETURN_IF_ERROR(detail::loadSyntheticInputs(e, in));
        for (const auto& m : e.methods) {
            auto info = findMethod(m.id);
            if (!info) return info.status();
            VEIL_RETURN_IF_ERROR(checkMethodApplies(**info, in.kind, in.data, e.delta));
        }
        return in;
    }
    if (!e.dataset.graph.empty()) {
        const std::string path = resolvePath(e, e.dataset.graph);
        if (!fs::exists(path)) return Status::notFound(path + ": no such file");
        auto loaded = graph::loadGraph(path);
        if (!loaded) return loaded.status();
        in.kind = DataKind::Graph;
        in.graph = std::make_shared<const graph::Graph>(std::move(loaded->graph));
        in.graphName = fs::path(path).filename().string();
        in.workload.name = "none";
        for (const auto& m : e.methods) {
            auto info = findMethod(m.id);
            if (!info) return info.status();
            VEIL_RETURN_IF_ERROR(checkMethodApplies(**info, in.kind, in.data, e.delta));
        }
        return in;
    }
    auto data = e.dataset.file.empty() ? inlineHistogram(e.dataset.inlineCounts)
                                       : readHistogram(resolvePath(e, e.dataset.file));
    if (!data) return data.status();
    in.data = std::move(*data);
    switch (e.workload.kind) {
        case WorkloadKind::Prefix:
            in.workload = prefixWorkload(in.data);
            break;
        case WorkloadKind::Identity:
            in.workload = identityWorkload(in.data);
            break;
        case WorkloadKind::RandomRanges: {
            SeededRandom rng(e.workload.seed);
            auto w = randomRangeWorkload(in.data, e.workload.count, rng);
            if (!w) return w.status();
            in.workload = std::move(*w);
            in.workload.name = "random-ranges (" + std::to_string(e.workload.count) + ", seed " +
                               std::to_string(e.workload.seed) + ")";
            break;
        }
        case WorkloadKind::File: {
            auto w = readWorkloadFile(resolvePath(e, e.workload.file), in.data);
            if (!w) return w.status();
            in.workload = std::move(*w);
            break;
        }
        case WorkloadKind::Inline: {
            auto w = parseWorkloadJson(e.workload.ranges, in.data);
            if (!w) return w.status().withContext("workload");
            in.workload = std::move(*w);
            break;
        }
    }
    for (const auto& m : e.methods) {
        auto info = findMethod(m.id);
        if (!info) return info.status();
        VEIL_RETURN_IF_ERROR(checkMethodApplies(**info, in.kind, in.data, e.delta));
    }
    return in;
}

}  // namespace veil::eval
