// Anonymity experiments in JSON: a table with quasi-identifiers and ARX hierarchies, optional
// l-diversity / t-closeness, a suppression limit and a k grid; loading builds the anonymization
// config that every (method, k) run starts from.
#include "detail/anonymity_experiment.h"

#include "veil/anonymity/anonymization.h"
#include "veil/common/known_keys.h"
#include "veil/common/validate.h"
#include "veil/hierarchy/hierarchy_io.h"
#include "veil/table/csv_reader.h"

#include <filesystem>
#include <set>

namespace veil::eval::detail {

namespace fs = std::filesystem;

namespace {

Status bad(const std::string& key, const std::string& what) { return Status::invalidArgument(key + ": " + what); }

Result<std::string> stringAt(const nlohmann::json& j, const std::string& key) {
    if (!j[key].is_string()) return bad(key, "expected a string, got " + j[key].dump());
    return j[key].get<std::string>();
}

Status parseTableDataset(const nlohmann::json& d, DatasetSpec& out) {
    if (d.is_string()) {
        out.table = d.get<std::string>();
        return Status::ok();
    }
    if (!d.is_object())
        return bad("dataset",
                   "expected a table file name or {\"table\": FILE, "
                   "\"delimiter\": \";\"}");
    VEIL_RETURN_IF_ERROR(checkKnownKeys(d, {"table", "delimiter"}, "dataset"));
    if (!d.contains("table") || !d["table"].is_string())
        return bad("dataset.table", "a table file name (a string) is required");
    out.table = d["table"].get<std::string>();
    if (d.contains("delimiter")) {
        if (!d["delimiter"].is_string() || d["delimiter"].get<std::string>().size() != 1)
            return bad("dataset.delimiter", "expected one character, got " + d["delimiter"].dump());
        out.delimiter = d["delimiter"].get<std::string>()[0];
    }
    return Status::ok();
}

Status parseKGrid(const nlohmann::json& k, std::vector<int>& out) {
    const nlohmann::json list = k.is_array() ? k : nlohmann::json::array({k});
    if (list.empty() || list.size() > 1000) return bad("k", "expected 1 to 1000 values");
    std::set<int> seen;
    for (std::size_t i = 0; i < list.size(); ++i) {
        const auto& v = list[i];
        if (!v.is_number_integer() || v.get<long long>() < 1 || v.get<long long>() > 1000000000)
            return bad("k[" + std::to_string(i) + "]", "expected an integer >= 1, got " + v.dump());
        if (!seen.insert(v.get<int>()).second)
            return bad("k[" + std::to_string(i) + "]", "k = " + v.dump() + " is given twice");
        out.push_back(v.get<int>());
    }
    return Status::ok();
}

}  // namespace

Result<bool> isAnonymityExperiment(const nlohmann::json& j) {
    if (!j.contains("kind")) return j.contains("k");
    if (j["kind"] == "anonymity") return true;
    if (j["kind"] == "differential") return false;
    return bad("kind", "expected \"anonymity\" or \"differential\", got " + j["kind"].dump());
}

Status parseAnonymityKeys(const nlohmann::json& j, Experiment& e) {
    static const std::vector<std::string> known = {
        "name",        "description", "kind",        "dataset",        "quasi_identifiers", "hierarchies", "sensitive",
        "l_diversity", "t_closeness", "suppression", "risk_threshold", "methods",           "k",           "trials"};
    static const std::set<std::string> differentialOnly = {"epsilon", "delta", "seed", "workload", "sanity_fraction"};
    for (const auto& [key, v] : j.items())
        if (differentialOnly.count(key))
            return bad(key,
                       "not used by anonymity experiments (a k grid, "
                       "deterministic: no epsilon, delta, seed or workload)");
    VEIL_RETURN_IF_ERROR(checkKnownKeys(j, known, ""));
    e.kind = ExperimentKind::Anonymity;
    e.trials = 1;
    auto& a = e.anonymity;
    if (j.contains("trials") && j["trials"] != 1)
        return bad("trials",
                   "anonymity experiments are deterministic: one run per "
                   "(method, k), so trials must be 1 (got " +
                       j["trials"].dump() + ")");
    if (!j.contains("dataset")) return Status::invalidArgument("dataset: missing (a CSV table: {\"table\": FILE})");
    VEIL_RETURN_IF_ERROR(parseTableDataset(j["dataset"], e.dataset));
    if (!j.contains("quasi_identifiers") || !j["quasi_identifiers"].is_array() || j["quasi_identifiers"].empty())
        return bad("quasi_identifiers", "expected a non-empty list of column names");
    for (const auto& q : j["quasi_identifiers"]) {
        if (!q.is_string()) return bad("quasi_identifiers", "expected column names, got " + q.dump());
        if (std::find(a.quasiIdentifiers.begin(), a.quasiIdentifiers.end(), q.get<std::string>()) !=
            a.quasiIdentifiers.end())
            return bad("quasi_identifiers", "'" + q.get<std::string>() + "' is given twice");
        a.quasiIdentifiers.push_back(q.get<std::string>());
    }
    if (j.contains("sensitive")) {
        auto s = stringAt(j, "sensitive");
        if (!s) return s.status();
        a.sensitive = *s;
    }
    if (j.contains("hierarchies")) {
        if (!j["hierarchies"].is_object()) return bad("hierarchies", "expected {\"column\": \"hierarchy.csv\", ...}");
        for (const auto& [column, file] : j["hierarchies"].items()) {
            if (!file.is_string()) return bad("hierarchies." + column, "expected a file name, got " + file.dump());
            const bool isQi =
                std::find(a.quasiIdentifiers.begin(), a.quasiIdentifiers.end(), column) != a.quasiIdentifiers.end();
            if (!isQi && column != a.sensitive)
                return bad("hierarchies." + column,
                           "'" + column + "' is neither a quasi-identifier nor the sensitive column");
            a.hierarchies[column] = file.get<std::string>();
        }
    }
    for (const char* key : {"l_diversity", "t_closeness"}) {
        if (!j.contains(key)) continue;
        auto s = stringAt(j, key);
        if (!s) return s.status();
        const Status parsed = std::string(key) == "l_diversity" ? anonymity::parseLDiversity(*s).status()
                                                                : anonymity::parseTCloseness(*s).status();
        if (!parsed.isOk()) return parsed.withContext(key);
        if (a.sensitive.empty()) return bad(key, "needs a \"sensitive\" column");
        (std::string(key) == "l_diversity" ? a.lDiversity : a.tCloseness) = *s;
    }
    if (j.contains("suppression")) {
        if (!j["suppression"].is_number()) return bad("suppression", "expected a fraction of records in [0, 1]");
        a.suppression = j["suppression"].get<double>();
        if (!(a.suppression >= 0.0 && a.suppression <= 1.0))
            return bad("suppression", "expected a fraction of records in [0, 1], got " + formatNumber(a.suppression));
    }
    if (j.contains("risk_threshold")) {
        if (!j["risk_threshold"].is_number()) return bad("risk_threshold", "expected a number in (0, 1]");
        a.riskThreshold = j["risk_threshold"].get<double>();
        if (!(a.riskThreshold > 0.0 && a.riskThreshold <= 1.0))
            return bad("risk_threshold", "expected a number in (0, 1], got " + formatNumber(a.riskThreshold));
    }
    if (!j.contains("k")) return Status::invalidArgument("k: missing (the grid, e.g. [2, 3, 5, 10, 20, 50, 100])");
    VEIL_RETURN_IF_ERROR(parseKGrid(j["k"], a.k));
    for (std::size_t i = 0; i < e.methods.size(); ++i) {
        auto info = findMethod(e.methods[i].id);
        if (!info) return info.status();
        if ((*info)->input != DataKind::Table)
            return bad("methods[" + std::to_string(i) + "]", "'" + e.methods[i].id +
                                                                 "' is not a syntactic anonymization method (use "
                                                                 "optimal:<metric> or mondrian)");
        anonymity::AnonymizationConfig probe;
        if (Status s = (*info)->configure(e.methods[i].options, probe); !s.isOk())
            return s.withContext("methods[" + std::to_string(i) + "]");
    }
    return Status::ok();
}

void anonymityToJson(const Experiment& e, nlohmann::json& j) {
    const auto& a = e.anonymity;
    j["kind"] = "anonymity";
    nlohmann::json d = {{"table", e.dataset.table}};
    if (e.dataset.delimiter != 0) d["delimiter"] = std::string(1, e.dataset.delimiter);
    j["dataset"] = d;
    j["quasi_identifiers"] = a.quasiIdentifiers;
    if (!a.hierarchies.empty()) j["hierarchies"] = a.hierarchies;
    if (!a.sensitive.empty()) j["sensitive"] = a.sensitive;
    if (!a.lDiversity.empty()) j["l_diversity"] = a.lDiversity;
    if (!a.tCloseness.empty()) j["t_closeness"] = a.tCloseness;
    j["suppression"] = a.suppression;
    j["risk_threshold"] = a.riskThreshold;
    j["k"] = a.k;
    j["trials"] = 1;
}

Status loadAnonymityInputs(const Experiment& e, ExperimentInputs& in) {
    const auto& a = e.anonymity;
    in.kind = DataKind::Table;
    const std::string path = resolvePath(e, e.dataset.table);
    if (!fs::exists(path)) return Status::notFound(path + ": no such file");
    CsvReadOptions options;
    options.delimiter = e.dataset.delimiter;
    auto read = readCsvFile(path, options);
    if (!read) return read.status();
    in.tableName = fs::path(path).filename().string();
    auto config = std::make_shared<anonymity::AnonymizationConfig>();
    std::map<std::string, hierarchy::Hierarchy> hierarchies;
    for (const auto& [column, file] : a.hierarchies) {
        auto h = hierarchy::readHierarchyCsv(resolvePath(e, file), column);
        if (!h) return h.status().withContext("hierarchies." + column);
        hierarchies.emplace(column, std::move(*h));
    }
    for (const auto& name : a.quasiIdentifiers) {
        anonymity::QuasiIdentifier q{name, std::nullopt};
        if (auto it = hierarchies.find(name); it != hierarchies.end()) q.hierarchy = it->second;
        config->quasiIdentifiers.push_back(std::move(q));
    }
    if (!a.sensitive.empty()) {
        config->sensitive = a.sensitive;
        if (auto it = hierarchies.find(a.sensitive); it != hierarchies.end()) config->sensitiveHierarchy = it->second;
    }
    if (!a.lDiversity.empty()) config->models.lDiversity = *anonymity::parseLDiversity(a.lDiversity);
    if (!a.tCloseness.empty()) config->models.tCloseness = *anonymity::parseTCloseness(a.tCloseness);
    config->suppressionLimit = a.suppression;
    config->riskThreshold = a.riskThreshold;
    config->buildOutput = false;
    const std::size_t records = read->table.rowCount();
    for (int k : a.k)
        if (static_cast<std::size_t>(k) > records)
            return bad("k", "k = " + std::to_string(k) + " is larger than the table's " + std::to_string(records) +
                                " records");
    for (const auto& m : e.methods) {
        auto info = findMethod(m.id);
        if (!info) return info.status();
        VEIL_RETURN_IF_ERROR(checkMethodApplies(**info, in.kind, in.data, 0.0));
    }
    in.table = std::make_shared<const Table>(std::move(read->table));
    in.anonymity = std::move(config);
    in.epsilons.assign(a.k.begin(), a.k.end());
    in.workload.name = "none";
    return Status::ok();
}

}  // namespace veil::eval::detail
