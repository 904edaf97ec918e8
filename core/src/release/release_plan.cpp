#include "veil/release/release_plan.h"

#include "release/detail/plan_fields.h"

#include "veil/dp/exact_aggregates.h"
#include "veil/hierarchy/hierarchy_io.h"
#include "veil/common/known_keys.h"
#include "veil/common/limits.h"
#include "veil/io/atomic_file.h"
#include "veil/io/json_file.h"

#include <algorithm>
#include <cmath>
#include <filesystem>

namespace veil::release {

namespace fs = std::filesystem;
using nlohmann::json;

namespace {

using detail::expected;
using detail::fieldError;

const json* find(const ReleasePlan& plan, const std::string& key) {
    auto it = plan.json.find(key);
    return it == plan.json.end() || it->is_null() ? nullptr : &*it;
}

Result<std::string> getString(const ReleasePlan& plan, const std::string& key, const std::string& fallback) {
    const json* v = find(plan, key);
    if (!v) return fallback;
    if (!v->is_string()) return expected(plan, key, "a string", *v);
    return v->get<std::string>();
}

// An integer in [lo, hi], read without wrapping (2147483648 is refused, not negative; 2.5 too).
Result<long long> integerValue(const ReleasePlan& plan, const std::string& field, const json& v, long long lo,
                               long long hi) {
    const std::string range = "an integer in [" + std::to_string(lo) + ", " + std::to_string(hi) + "]";
    if (v.is_number_unsigned()) {
        const auto u = v.get<unsigned long long>();
        if (u > static_cast<unsigned long long>(hi) || (lo > 0 && u < static_cast<unsigned long long>(lo)))
            return expected(plan, field, range, v);
        return static_cast<long long>(u);
    }
    if (!v.is_number_integer()) return expected(plan, field, range, v);
    const auto i = v.get<long long>();
    if (i < lo || i > hi) return expected(plan, field, range, v);
    return i;
}

Result<long long> getInteger(const ReleasePlan& plan, const std::string& key, long long lo, long long hi,
                             long long fallback) {
    const json* v = find(plan, key);
    if (!v) return fallback;
    return integerValue(plan, key, *v, lo, hi);
}

Result<double> getNumber(const ReleasePlan& plan, const std::string& key, double fallback) {
    const json* v = find(plan, key);
    if (!v) return fallback;
    if (!v->is_number()) return expected(plan, key, "a number", *v);
    const double d = v->get<double>();
    if (!std::isfinite(d)) return expected(plan, key, "a finite number", *v);
    return d;
}

Result<std::vector<std::string>> getStrings(const ReleasePlan& plan, const std::string& key) {
    const json* v = find(plan, key);
    std::vector<std::string> out;
    if (!v) return out;
    if (!v->is_array()) return expected(plan, key, "a list of strings", *v);
    if (v->size() > limits::kMaxCategories)
        return fieldError(plan, key,
                          "has " + std::to_string(v->size()) + " entries; at most " +
                              std::to_string(limits::kMaxCategories) + " are allowed");
    for (std::size_t i = 0; i < v->size(); ++i) {
        if (!(*v)[i].is_string()) return expected(plan, key + "[" + std::to_string(i) + "]", "a string", (*v)[i]);
        out.push_back((*v)[i].get<std::string>());
    }
    return out;
}

std::string resolve(const ReleasePlan& plan, const std::string& p) {
    fs::path path(p);
    if (path.is_relative()) path = fs::path(plan.baseDir) / path;
    return path.lexically_normal().string();
}

Result<DatasetRef> datasetOf(const ReleasePlan& plan) {
    const json& j = plan.json;
    DatasetRef ref;
    if (!j.contains("dataset"))
        return fieldError(plan, "dataset", "is missing (a CSV path or {\"path\": ..., \"delimiter\": ...})");
    const json& d = j["dataset"];
    if (d.is_string()) {
        ref.path = resolve(plan, d.get<std::string>());
    } else if (d.is_object() && d.contains("path") && d["path"].is_string()) {
        if (auto known = checkKnownKeys(d, {"path", "delimiter", "types"}, "plan.dataset"); !known)
            return known.withContext(plan.name);
        ref.path = resolve(plan, d["path"].get<std::string>());
        if (d.contains("delimiter")) {
            const json& delim = d["delimiter"];
            if (!delim.is_string() || (delim.get<std::string>().size() != 1 && delim.get<std::string>() != "\\t"))
                return expected(plan, "dataset.delimiter", "one character (or \"\\t\")", delim);
            ref.csv.delimiter = delim.get<std::string>() == "\\t" ? '\t' : delim.get<std::string>()[0];
        }
        if (d.contains("types")) {
            if (!d["types"].is_object()) return expected(plan, "dataset.types", "an object {column: type}", d["types"]);
            for (const auto& [col, type] : d["types"].items()) {
                const auto t = type.is_string() ? parseColumnType(type.get<std::string>()) : std::nullopt;
                if (!t) return expected(plan, "dataset.types." + col, "integer|real|date|categorical|text", type);
                ref.csv.typeOverrides[col] = *t;
            }
        }
    } else {
        return expected(plan, "dataset", "a path or an object with a \"path\"", d);
    }
    return ref;
}

}  // namespace

namespace {

// The keys each kind of plan reads (every other key is refused, with the closest known one).
const std::vector<std::string>& planKeys(const std::string& kind) {
    static const std::vector<std::string> anonymization = {"kind",
                                                           "name",
                                                           "description",
                                                           "dataset",
                                                           "quasi_identifiers",
                                                           "hierarchies",
                                                           "sensitive",
                                                           "k",
                                                           "l_diversity",
                                                           "t_closeness",
                                                           "suppression",
                                                           "metric",
                                                           "algorithm",
                                                           "gs_factor",
                                                           "iterations",
                                                           "adaption",
                                                           "transformation",
                                                           "sensitive_hierarchy",
                                                           "local_suppression",
                                                           "local_suppression_semantics",
                                                           "local_suppression_time_limit",
                                                           "local_suppression_max_records"};
    static const std::vector<std::string> dpQuery = {
        "kind",  "name",  "description", "dataset", "dataset_key", "column", "query",    "mechanism", "epsilon",
        "delta", "lower", "upper",       "bins",    "categories",  "other",  "strategy", "options",   "trials"};
    static const std::vector<std::string> synthetic = {
        "kind",  "name",       "description", "dataset", "dataset_key", "method",          "epsilon", "delta",  "beta",
        "theta", "max_degree", "rows",        "seed",    "iterations",  "workload_degree", "rounds",  "domains"};
    return kind == "anonymization" ? anonymization : kind == "dp-query" ? dpQuery : synthetic;
}

// "; did you mean 'x'?" when a known name is close to `name`, else nothing.
std::string closestText(const std::string& name, const std::vector<std::string>& known) {
    const auto close = closestName(name, known);
    return close ? "; did you mean '" + *close + "'?" : std::string();
}

// An unknown top-level key, named with its closest known key; a key of another kind says so.
Status checkPlanKeys(const ReleasePlan& plan) {
    const auto& known = planKeys(plan.kind);
    for (const auto& [key, value] : plan.json.items()) {
        if (std::find(known.begin(), known.end(), key) != known.end()) continue;
        std::string others;
        for (const char* kind : {"anonymization", "dp-query", "synthetic"}) {
            const auto& keys = planKeys(kind);
            if (kind != plan.kind && std::find(keys.begin(), keys.end(), key) != keys.end())
                others += (others.empty() ? "" : " and ") + std::string(kind);
        }
        if (!others.empty())
            return fieldError(plan, key,
                              "unknown key for " + plan.kind + " plans (it belongs to " + others + " plans)");
        return fieldError(plan, key, "unknown key" + suggestionText(key, known));
    }
    return Status::ok();
}

}  // namespace

Result<ReleasePlan> parseReleasePlan(const json& j, const std::string& baseDir, const std::string& name) {
    ReleasePlan plan;
    plan.name = name;
    plan.baseDir = baseDir;
    plan.json = j;
    if (!j.is_object()) return Status::invalidArgument(name + ": a plan is a JSON object");
    if (!j.contains("kind") || !j["kind"].is_string())
        return fieldError(plan, "kind", "is missing (\"anonymization\", \"dp-query\" or \"synthetic\")");
    plan.kind = j["kind"].get<std::string>();
    if (plan.kind != "anonymization" && plan.kind != "dp-query" && plan.kind != "synthetic")
        return fieldError(plan, "kind",
                          "must be \"anonymization\", \"dp-query\" or \"synthetic\" (got \"" + plan.kind + "\")" +
                              closestText(plan.kind, {"anonymization", "dp-query", "synthetic"}));
    VEIL_RETURN_IF_ERROR(checkPlanKeys(plan));
    return plan;
}

std::vector<std::string> planInputFiles(const ReleasePlan& plan) {
    std::vector<std::string> files;
    const json& j = plan.json;
    auto add = [&](const json& v) {
        if (v.is_string()) files.push_back(resolve(plan, v.get<std::string>()));
    };
    if (j.contains("dataset")) add(j["dataset"].is_object() ? j["dataset"].value("path", json()) : j["dataset"]);
    if (j.contains("hierarchies") && j["hierarchies"].is_object())
        for (const auto& [column, file] : j["hierarchies"].items()) add(file);
    if (j.contains("sensitive_hierarchy")) add(j["sensitive_hierarchy"]);
    return files;
}

Result<ReleasePlan> loadReleasePlan(const std::string& path) {
    auto j = readJsonObjectFile(path, "a release plan (JSON)");
    if (!j) return j.status();
    return parseReleasePlan(*j, fs::absolute(path).parent_path().string(), path);
}

namespace {

// Local recoding ("gs_factor", "iterations", "adaption") and local suppression
// ("local_suppression": "greedy" | "optimal", "local_suppression_semantics": "wildcard" | "value",
// "local_suppression_time_limit", "local_suppression_max_records"); see docs/algorithms/local-recoding.md and
// local-suppression.md.
Status readLocalTransformations(const ReleasePlan& plan, anonymity::AnonymizationConfig& c) {
    auto gs = getNumber(plan, "gs_factor", c.localRecoding.gsFactor);
    if (!gs) return gs.status();
    if (!(*gs >= 0.0 && *gs <= 1.0)) return expected(plan, "gs_factor", "a number in [0, 1]", plan.json["gs_factor"]);
    auto adaption = getNumber(plan, "adaption", 0.0);
    if (!adaption) return adaption.status();
    if (!(*adaption >= 0.0 && *adaption <= 1.0))
        return expected(plan, "adaption", "a number in [0, 1]", plan.json["adaption"]);
    auto iterations = getInteger(plan, "iterations", 1, 100000, c.localRecoding.iterations);
    if (!iterations) return iterations.status();
    c.localRecoding = {*gs, int(*iterations), *adaption, plan.json.contains("gs_factor")};
    const bool recodingFields =
        plan.json.contains("gs_factor") || plan.json.contains("iterations") || plan.json.contains("adaption");
    if (recodingFields && c.algorithm != anonymity::Algorithm::LocalRecoding)
        return fieldError(plan, "gs_factor", "gs_factor, iterations and adaption apply to algorithm local-recoding");
    if (!plan.json.contains("local_suppression")) {
        if (plan.json.contains("local_suppression_time_limit") || plan.json.contains("local_suppression_max_records") ||
            plan.json.contains("local_suppression_semantics"))
            return fieldError(plan, "local_suppression", "the local_suppression_* fields need \"local_suppression\"");
        if (c.algorithm == anonymity::Algorithm::None)
            return fieldError(plan, "local_suppression",
                              "is required by algorithm none (greedy or optimal): without it the quasi-identifiers "
                              "would be released as they are, not k-anonymous");
        return Status::ok();
    }
    auto method = getString(plan, "local_suppression", "greedy");
    if (!method) return method.status();
    anonymity::LocalSuppressionOptions ls;
    if (*method == "optimal")
        ls.method = anonymity::LocalSuppressionMethod::Optimal;
    else if (*method != "greedy")
        return fieldError(plan, "local_suppression", "must be greedy or optimal (got \"" + *method + "\")");
    auto semantics = getString(plan, "local_suppression_semantics", "wildcard");
    if (!semantics) return semantics.status();
    if (auto parsed = anonymity::parseLocalSuppressionSemantics(*semantics))
        ls.semantics = *parsed;
    else
        return fieldError(plan, "local_suppression_semantics",
                          "must be wildcard or value (got \"" + *semantics + "\")");
    auto limit = getNumber(plan, "local_suppression_time_limit", ls.timeLimitSeconds);
    if (!limit) return limit.status();
    if (!(*limit > 0.0 && *limit <= 86400.0))
        return expected(plan, "local_suppression_time_limit", "seconds in (0, 86400]",
                        plan.json["local_suppression_time_limit"]);
    ls.timeLimitSeconds = *limit;
    auto maxRecords = getInteger(plan, "local_suppression_max_records", 1, 100000, (long long)ls.maxRecords);
    if (!maxRecords) return maxRecords.status();
    ls.maxRecords = std::size_t(*maxRecords);
    if (!anonymity::acceptsLocalSuppression(c.algorithm))
        return fieldError(plan, "local_suppression", "applies to algorithm optimal or none");
    c.localSuppression = ls;
    return Status::ok();
}

Result<AnonymizationPlan> anonymizationPlanImpl(const ReleasePlan& plan) {
    if (plan.kind != "anonymization") return Status::invalidArgument(plan.name + ": not an anonymization plan");
    AnonymizationPlan out;
    auto ds = datasetOf(plan);
    if (!ds) return ds.status();
    out.dataset = *ds;
    auto qis = getStrings(plan, "quasi_identifiers");
    if (!qis) return qis.status();
    if (qis->empty()) return fieldError(plan, "quasi_identifiers", "must list at least one column");
    out.quasiIdentifiers = *qis;
    auto& c = out.config;
    const json hierarchies = plan.json.value("hierarchies", json::object());
    if (!hierarchies.is_object()) return expected(plan, "hierarchies", "an object {column: file}", hierarchies);
    for (const std::string& qi : *qis) {
        anonymity::QuasiIdentifier q;
        q.column = qi;
        if (hierarchies.contains(qi)) {
            if (!hierarchies[qi].is_string())
                return expected(plan, "hierarchies." + qi, "a file name", hierarchies[qi]);
            const std::string file = resolve(plan, hierarchies[qi].get<std::string>());
            auto h = hierarchy::readHierarchyCsv(file, qi);
            if (!h) return h.status().withContext(plan.name + ": hierarchy of '" + qi + "'");
            q.hierarchy = std::move(*h);
            out.hierarchyFiles[qi] = file;
        }
        c.quasiIdentifiers.push_back(std::move(q));
    }
    for (const auto& [col, file] : hierarchies.items())
        if (std::find(qis->begin(), qis->end(), col) == qis->end())
            return fieldError(plan, "hierarchies." + col,
                              "names a column that is not a quasi-identifier" + suggestionText(col, *qis));
    auto sensitive = getString(plan, "sensitive", "");
    if (!sensitive) return sensitive.status();
    if (!sensitive->empty()) c.sensitive = *sensitive;
    auto k = getInteger(plan, "k", 1, 2147483647, 1);
    if (!k) return k.status();
    c.models.k = int(*k);
    if (auto l = getString(plan, "l_diversity", ""); !l)
        return l.status();
    else if (!l->empty()) {
        auto ld = anonymity::parseLDiversity(*l);
        if (!ld) return ld.status().withContext(plan.name + ": l_diversity");
        c.models.lDiversity = *ld;
    }
    if (auto t = getString(plan, "t_closeness", ""); !t)
        return t.status();
    else if (!t->empty()) {
        auto tc = anonymity::parseTCloseness(*t);
        if (!tc) return tc.status().withContext(plan.name + ": t_closeness");
        c.models.tCloseness = *tc;
    }
    auto s = getNumber(plan, "suppression", 0.0);
    if (!s) return s.status();
    if (*s < 0.0 || *s > 1.0) return expected(plan, "suppression", "a share in [0, 1]", plan.json["suppression"]);
    c.suppressionLimit = *s;
    auto metric = getString(plan, "metric", "loss");
    if (!metric) return metric.status();
    auto m = anonymity::parseMetric(*metric);
    if (!m)
        return fieldError(plan, "metric",
                          "must be loss|entropy|entropy-nm|discernibility|aecs|precision (got \"" + *metric + "\")");
    c.metric = *m;
    auto algorithm = getString(plan, "algorithm", "optimal");
    if (!algorithm) return algorithm.status();
    const auto a = anonymity::algorithmFromName(*algorithm);
    if (!a)
        return fieldError(plan, "algorithm",
                          "must be optimal, mondrian, mdav, local-recoding or none (got \"" + *algorithm + "\")");
    c.algorithm = *a;
    VEIL_RETURN_IF_ERROR(readLocalTransformations(plan, c));
    // Optional (optimal only): the node to apply, one level per quasi-identifier in the table's column order.
    if (plan.json.contains("transformation")) {
        const json& t = plan.json["transformation"];
        if (!t.is_array() || t.size() != qis->size())
            return expected(plan, "transformation",
                            "a list of " + std::to_string(qis->size()) + " levels (one per quasi-identifier)", t);
        std::vector<int> levels;
        for (std::size_t i = 0; i < t.size(); ++i) {
            auto level = integerValue(plan, "transformation[" + std::to_string(i) + "]", t[i], 0, 1000);
            if (!level) return level.status();
            levels.push_back(int(*level));
        }
        c.transformation = levels;
    }
    if (plan.json.contains("sensitive_hierarchy")) {
        const json& file = plan.json["sensitive_hierarchy"];
        if (!file.is_string()) return expected(plan, "sensitive_hierarchy", "a file name", file);
        auto h = hierarchy::readHierarchyCsv(resolve(plan, file.get<std::string>()), *sensitive);
        if (!h) return h.status().withContext(plan.name + ": sensitive_hierarchy");
        c.sensitiveHierarchy = std::move(*h);
    }
    return out;
}

Result<DpQueryPlan> dpQueryPlanImpl(const ReleasePlan& plan) {
    if (plan.kind != "dp-query") return Status::invalidArgument(plan.name + ": not a dp-query plan");
    DpQueryPlan out;
    auto ds = datasetOf(plan);
    if (!ds) return ds.status();
    out.dataset = *ds;
    auto column = getString(plan, "column", "");
    if (!column) return column.status();
    if (column->empty()) return fieldError(plan, "column", "is missing");
    out.column = *column;
    auto query = getString(plan, "query", "count");
    if (!query) return query.status();
    VEIL_RETURN_IF_ERROR(dp::parseQueryInto(*query, out.spec).withContext(plan.name + ": query"));
    if (auto mech = getString(plan, "mechanism", ""); !mech)
        return mech.status();
    else if (!mech->empty()) {
        auto mk = dp::parseMechanismKind(*mech);
        if (!mk) return mk.status().withContext(plan.name + ": mechanism");
        out.spec.mechanism = *mk;
    }
    auto eps = getNumber(plan, "epsilon", 0.0);
    if (!eps) return eps.status();
    out.spec.epsilon = *eps;
    auto delta = getNumber(plan, "delta", 0.0);
    if (!delta) return delta.status();
    out.spec.delta = *delta;
    for (const char* key : {"lower", "upper"}) {
        if (!find(plan, key)) continue;
        auto number = getNumber(plan, key, 0.0);
        if (!number) return number.status();
        (std::string(key) == "lower" ? out.spec.lower : out.spec.upper) = *number;
    }
    if (const json* bp = find(plan, "bins")) {
        // A declared bin count or edges; read without wrapping (2147483648 is refused, not negative).
        const json& b = *bp;
        if (b.is_number()) {
            auto bins = integerValue(plan, "bins", b, 1, (long long)limits::kMaxHistogramBins);
            if (!bins) return bins.status();
            out.spec.binCount = int(*bins);
        } else if (b.is_array()) {
            if (b.size() < 2 || b.size() > limits::kMaxHistogramBins + 1)
                return expected(plan, "bins",
                                "between 2 and " + std::to_string(limits::kMaxHistogramBins + 1) + " edges", b);
            for (std::size_t i = 0; i < b.size(); ++i) {
                if (!b[i].is_number())
                    return expected(plan, "bins[" + std::to_string(i) + "]", "a number (an edge)", b[i]);
                out.spec.binEdges.push_back(b[i].get<double>());
            }
        } else {
            return expected(plan, "bins", "a bin count or a list of edges", b);
        }
    }
    if (auto categories = getStrings(plan, "categories"); !categories)
        return categories.status();
    else
        out.spec.categories = std::move(*categories);
    if (plan.json.contains("other")) {
        const json& o = plan.json["other"];
        if (o.is_boolean()) {
            if (o.get<bool>()) out.spec.otherLabel = std::string("(other)");
        } else if (o.is_string()) {
            out.spec.otherLabel = o.get<std::string>();
        } else {
            return expected(plan, "other", "true, false or the other bin's label", o);
        }
    }
    if (auto strategy = getString(plan, "strategy", "identity"); !strategy)
        return strategy.status();
    else
        out.spec.strategy = *strategy;
    if (const json* options = find(plan, "options")) {
        if (!options->is_object()) return expected(plan, "options", "an object {name: value}", *options);
        out.spec.strategyOptions = *options;
    }
    if (auto trials = getInteger(plan, "trials", 1, limits::kMaxTrials, 1); !trials)
        return trials.status();
    else
        out.spec.trials = int(*trials);
    if (auto cost = dp::columnQueryCost(out.spec); !cost) return cost.status().withContext(plan.name);
    out.datasetKey = plan.json.value("dataset_key", fs::path(out.dataset.path).filename().string());
    return out;
}

}  // namespace

Result<std::string> planDatasetKey(const ReleasePlan& plan) {
    if (plan.kind == "dp-query") {
        auto qp = dpQueryPlan(plan);
        if (!qp) return qp.status();
        return qp->datasetKey;
    }
    if (plan.kind == "synthetic") {
        auto sp = syntheticPlan(plan);
        if (!sp) return sp.status();
        return sp->datasetKey;
    }
    auto ds = datasetOf(plan);
    if (!ds) return ds.status();
    return fs::path(ds->path).filename().string();
}

namespace detail {
// Shared with synthetic_plan.cpp.
// "PLAN: plan.bins: expected an integer in [1, 10000000], got \"x\"".
Status fieldError(const ReleasePlan& plan, const std::string& field, const std::string& what) {
    return Status::invalidArgument(plan.name + ": plan." + field + ": " + what);
}
Status expected(const ReleasePlan& plan, const std::string& field, const std::string& what, const json& got) {
    return fieldError(plan, field, "expected " + what + ", got " + jsonTypeText(got));
}
Result<DatasetRef> planDataset(const ReleasePlan& plan) { return datasetOf(plan); }
std::string resolvePlanPath(const ReleasePlan& plan, const std::string& path) { return resolve(plan, path); }
}  // namespace detail

// nlohmann::json throws on type mismatches deep inside a plan; turn them into a Status.
Result<AnonymizationPlan> anonymizationPlan(const ReleasePlan& plan) {
    try {
        return anonymizationPlanImpl(plan);
    } catch (const json::exception& e) {
        return Status::invalidArgument(plan.name + ": " + e.what());
    }
}

Result<DpQueryPlan> dpQueryPlan(const ReleasePlan& plan) {
    try {
        return dpQueryPlanImpl(plan);
    } catch (const json::exception& e) {
        return Status::invalidArgument(plan.name + ": " + e.what());
    }
}

}  // namespace veil::release
