#include "veil/release/release_plan.h"

#include "veil/dp/exact_aggregates.h"
#include "veil/hierarchy/hierarchy_io.h"
#include "veil/io/atomic_file.h"

#include <filesystem>

namespace veil::release {

namespace fs = std::filesystem;
using nlohmann::json;

namespace {

Status fieldError(const ReleasePlan& plan, const std::string& field, const std::string& what) {
    return Status::invalidArgument(plan.name + ": field '" + field + "' " + what);
}

std::string resolve(const ReleasePlan& plan, const std::string& p) {
    fs::path path(p);
    if (path.is_relative()) path = fs::path(plan.baseDir) / path;
    return path.lexically_normal().string();
}

Result<DatasetRef> datasetOf(const ReleasePlan& plan) {
    const json& j = plan.json;
    DatasetRef ref;
    if (!j.contains("dataset")) return fieldError(plan, "dataset", "is missing (a CSV path or {\"path\": ..., \"delimiter\": ...})");
    const json& d = j["dataset"];
    if (d.is_string()) {
        ref.path = resolve(plan, d.get<std::string>());
    } else if (d.is_object() && d.contains("path") && d["path"].is_string()) {
        ref.path = resolve(plan, d["path"].get<std::string>());
        if (d.contains("delimiter")) {
            const std::string delim = d["delimiter"].get<std::string>();
            if (delim.size() != 1 && delim != "\\t") return fieldError(plan, "dataset.delimiter", "must be one character");
            ref.csv.delimiter = delim == "\\t" ? '\t' : delim[0];
        }
        if (d.contains("types")) {
            for (const auto& [col, type] : d["types"].items()) {
                auto t = parseColumnType(type.get<std::string>());
                if (!t) return fieldError(plan, "dataset.types." + col, "must be integer|real|date|categorical|text");
                ref.csv.typeOverrides[col] = *t;
            }
        }
    } else {
        return fieldError(plan, "dataset", "must be a path or an object with a 'path'");
    }
    return ref;
}

template <typename T>
Result<T> getField(const ReleasePlan& plan, const std::string& key, const T& fallback) {
    if (!plan.json.contains(key) || plan.json[key].is_null()) return fallback;
    try {
        return plan.json[key].get<T>();
    } catch (const json::exception&) {
        return fieldError(plan, key, "has the wrong type");
    }
}

}  // namespace

Result<ReleasePlan> parseReleasePlan(const json& j, const std::string& baseDir, const std::string& name) {
    ReleasePlan plan;
    plan.name = name;
    plan.baseDir = baseDir;
    plan.json = j;
    if (!j.is_object()) return Status::invalidArgument(name + ": a plan is a JSON object");
    if (!j.contains("kind") || !j["kind"].is_string())
        return fieldError(plan, "kind", "is missing (\"anonymization\" or \"dp-query\")");
    plan.kind = j["kind"].get<std::string>();
    if (plan.kind != "anonymization" && plan.kind != "dp-query")
        return fieldError(plan, "kind", "must be \"anonymization\" or \"dp-query\" (got \"" + plan.kind + "\")");
    return plan;
}

Result<ReleasePlan> loadReleasePlan(const std::string& path) {
    auto text = readWholeFile(path);
    if (!text) return text.status();
    json j = json::parse(*text, nullptr, false);
    if (j.is_discarded()) return Status::parseError(path + ": not valid JSON");
    return parseReleasePlan(j, fs::absolute(path).parent_path().string(), path);
}

namespace {

Result<AnonymizationPlan> anonymizationPlanImpl(const ReleasePlan& plan) {
    if (plan.kind != "anonymization") return Status::invalidArgument(plan.name + ": not an anonymization plan");
    AnonymizationPlan out;
    auto ds = datasetOf(plan);
    if (!ds) return ds.status();
    out.dataset = *ds;
    auto qis = getField<std::vector<std::string>>(plan, "quasi_identifiers", {});
    if (!qis) return qis.status();
    if (qis->empty()) return fieldError(plan, "quasi_identifiers", "must list at least one column");
    out.quasiIdentifiers = *qis;
    auto& c = out.config;
    const json hierarchies = plan.json.value("hierarchies", json::object());
    for (const std::string& qi : *qis) {
        anonymity::QuasiIdentifier q;
        q.column = qi;
        if (hierarchies.contains(qi)) {
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
            return fieldError(plan, "hierarchies." + col, "names a column that is not a quasi-identifier");
    auto sensitive = getField<std::string>(plan, "sensitive", "");
    if (!sensitive) return sensitive.status();
    if (!sensitive->empty()) c.sensitive = *sensitive;
    auto k = getField<int>(plan, "k", 1);
    if (!k) return k.status();
    c.models.k = *k;
    if (auto l = getField<std::string>(plan, "l_diversity", ""); !l) return l.status();
    else if (!l->empty()) {
        auto ld = anonymity::parseLDiversity(*l);
        if (!ld) return ld.status().withContext(plan.name + ": l_diversity");
        c.models.lDiversity = *ld;
    }
    if (auto t = getField<std::string>(plan, "t_closeness", ""); !t) return t.status();
    else if (!t->empty()) {
        auto tc = anonymity::parseTCloseness(*t);
        if (!tc) return tc.status().withContext(plan.name + ": t_closeness");
        c.models.tCloseness = *tc;
    }
    auto s = getField<double>(plan, "suppression", 0.0);
    if (!s) return s.status();
    c.suppressionLimit = *s;
    auto metric = getField<std::string>(plan, "metric", "loss");
    if (!metric) return metric.status();
    auto m = anonymity::parseMetric(*metric);
    if (!m) return fieldError(plan, "metric", "must be loss|entropy|entropy-nm|discernibility|aecs|precision (got \"" + *metric + "\")");
    c.metric = *m;
    auto algorithm = getField<std::string>(plan, "algorithm", "optimal");
    if (!algorithm) return algorithm.status();
    if (*algorithm == "optimal") c.algorithm = anonymity::Algorithm::Optimal;
    else if (*algorithm == "mondrian") c.algorithm = anonymity::Algorithm::Mondrian;
    else return fieldError(plan, "algorithm", "must be optimal or mondrian (got \"" + *algorithm + "\")");
    // Optional (optimal only): the node to apply, one level per quasi-identifier in the table's column order.
    if (plan.json.contains("transformation")) {
        auto t = getField<std::vector<int>>(plan, "transformation", {});
        if (!t) return t.status();
        if (t->size() != qis->size()) return fieldError(plan, "transformation", "must give one level per quasi-identifier");
        c.transformation = *t;
    }
    if (plan.json.contains("sensitive_hierarchy")) {
        auto h = hierarchy::readHierarchyCsv(resolve(plan, plan.json["sensitive_hierarchy"].get<std::string>()), *sensitive);
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
    auto column = getField<std::string>(plan, "column", "");
    if (!column) return column.status();
    if (column->empty()) return fieldError(plan, "column", "is missing");
    out.column = *column;
    auto query = getField<std::string>(plan, "query", "count");
    if (!query) return query.status();
    VEIL_RETURN_IF_ERROR(dp::parseQueryInto(*query, out.spec).withContext(plan.name + ": query"));
    if (auto mech = getField<std::string>(plan, "mechanism", ""); !mech) return mech.status();
    else if (!mech->empty()) {
        auto mk = dp::parseMechanismKind(*mech);
        if (!mk) return mk.status().withContext(plan.name + ": mechanism");
        out.spec.mechanism = *mk;
    }
    auto eps = getField<double>(plan, "epsilon", 0.0);
    if (!eps) return eps.status();
    out.spec.epsilon = *eps;
    auto delta = getField<double>(plan, "delta", 0.0);
    if (!delta) return delta.status();
    out.spec.delta = *delta;
    for (const char* key : {"lower", "upper"}) {
        if (!plan.json.contains(key)) continue;
        const json& v = plan.json[key];
        if (!v.is_number()) return fieldError(plan, key, "must be a number (got " + v.dump() + ")");
        (std::string(key) == "lower" ? out.spec.lower : out.spec.upper) = v.get<double>();
    }
    if (plan.json.contains("bins")) {
        // A declared bin count or edges; read without wrapping (2147483648 is refused, not negative).
        const json& b = plan.json["bins"];
        if (b.is_number_unsigned() || b.is_number_integer()) {
            const bool negative = b.is_number_integer() && !b.is_number_unsigned() && b.get<long long>() < 0;
            if (negative || b.get<unsigned long long>() < 1 || b.get<unsigned long long>() > dp::kMaxHistogramBins)
                return fieldError(plan, "bins", "must be an integer in [1, " + std::to_string(dp::kMaxHistogramBins) + "] (got " +
                                                    b.dump() + ")");
            out.spec.binCount = int(b.get<unsigned long long>());
        } else if (b.is_array()) {
            for (const auto& e : b) {
                if (!e.is_number()) return fieldError(plan, "bins", "edges must be numbers (got " + e.dump() + ")");
                out.spec.binEdges.push_back(e.get<double>());
            }
        } else {
            return fieldError(plan, "bins", "must be a bin count or a list of edges (got " + b.dump() + ")");
        }
    }
    if (plan.json.contains("categories")) {
        const json& c = plan.json["categories"];
        if (!c.is_array()) return fieldError(plan, "categories", "must be a list of strings (got " + c.dump() + ")");
        for (const auto& v : c) {
            if (!v.is_string()) return fieldError(plan, "categories", "must be a list of strings (got " + v.dump() + ")");
            out.spec.categories.push_back(v.get<std::string>());
        }
    }
    if (plan.json.contains("other")) {
        const json& o = plan.json["other"];
        if (o.is_boolean()) {
            if (o.get<bool>()) out.spec.otherLabel = std::string("(other)");
        } else if (o.is_string()) {
            out.spec.otherLabel = o.get<std::string>();
        } else {
            return fieldError(plan, "other", "must be true, false or the other bin's label (got " + o.dump() + ")");
        }
    }
    if (auto strategy = getField<std::string>(plan, "strategy", "identity"); !strategy) return strategy.status();
    else out.spec.strategy = *strategy;
    if (plan.json.contains("options")) out.spec.strategyOptions = plan.json["options"];
    if (auto trials = getField<int>(plan, "trials", 1); !trials) return trials.status();
    else out.spec.trials = *trials;
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
    auto ds = datasetOf(plan);
    if (!ds) return ds.status();
    return fs::path(ds->path).filename().string();
}

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
