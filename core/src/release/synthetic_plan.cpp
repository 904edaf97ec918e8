// Reads a "synthetic" release plan: the method, epsilon, rows, seed and the declared (public)
// discretization of every column. Nothing about the domain is read off the data: numeric columns
// declare bounds and bins, categorical ones a list of categories or a hierarchy file (its level-0
// values). See docs/examples/adult-synthetic-plan.json and docs/algorithms/synthetic_data.md.
#include "release/detail/plan_fields.h"

#include "veil/synth/domain_json.h"
#include "veil/io/json_file.h"

#include <filesystem>
#include <initializer_list>
#include <tuple>

namespace veil::release {

namespace fs = std::filesystem;
using nlohmann::json;

namespace {

using detail::expected;
using detail::fieldError;

// A non-negative integer up to `hi` (2.5, -1 and 2^64 are refused).
Result<std::uint64_t> unsignedField(const ReleasePlan& plan, const std::string& field, const json& v,
                                    std::uint64_t hi) {
    if (!v.is_number_unsigned() && !(v.is_number_integer() && v.get<long long>() >= 0))
        return expected(plan, field, "an integer in [0, " + std::to_string(hi) + "]", v);
    const auto u = v.get<std::uint64_t>();
    if (u > hi) return expected(plan, field, "an integer in [0, " + std::to_string(hi) + "]", v);
    return u;
}

Result<double> numberField(const ReleasePlan& plan, const std::string& field, const json& v) {
    if (!v.is_number()) return expected(plan, field, "a number", v);
    return v.get<double>();
}

// The zCDP methods' optional fields, with the epsilon and rows already read: delta (default
// 1e-9) and the unsigned `counts` (name, target, largest value).
Status zcdpFields(const ReleasePlan& plan, double& delta,
                  std::initializer_list<std::tuple<const char*, std::size_t*, std::uint64_t>> counts) {
    const json& j = plan.json;
    if (j.contains("delta")) {
        auto d = numberField(plan, "delta", j["delta"]);
        if (!d) return d.status();
        delta = *d;
    }
    for (auto [key, target, hi] : counts) {
        if (!j.contains(key)) continue;
        auto v = unsignedField(plan, key, j[key], hi);
        if (!v) return v.status();
        *target = static_cast<std::size_t>(*v);
    }
    return Status::ok();
}

// MST's fields: delta and iterations.
Status mstFields(const ReleasePlan& plan, const synth::PrivBayesOptions& common, synth::MstOptions& m) {
    m.epsilon = common.epsilon;
    m.rows = common.rows;
    VEIL_RETURN_IF_ERROR(zcdpFields(plan, m.delta, {{"iterations", &m.iterations, 1'000'000}}));
    if (auto st = synth::validateOptions(m); !st) return st.withContext(plan.name);
    return Status::ok();
}

// AIM's fields: delta, iterations, workload_degree (2 or 3) and rounds.
Status aimFields(const ReleasePlan& plan, const synth::PrivBayesOptions& common, synth::AimOptions& a) {
    a.epsilon = common.epsilon;
    a.rows = common.rows;
    VEIL_RETURN_IF_ERROR(zcdpFields(
        plan, a.delta,
        {{"iterations", &a.iterations, 1'000'000}, {"workload_degree", &a.degree, 3}, {"rounds", &a.rounds, 10'000}}));
    if (auto st = synth::validateOptions(a); !st) return st.withContext(plan.name);
    return Status::ok();
}

Result<SyntheticPlan> syntheticPlanImpl(const ReleasePlan& plan) {
    if (plan.kind != "synthetic") return Status::invalidArgument(plan.name + ": not a synthetic plan");
    SyntheticPlan out;
    auto ds = detail::planDataset(plan);
    if (!ds) return ds.status();
    out.dataset = *ds;
    const json& j = plan.json;
    out.method = j.value("method", std::string("privbayes"));
    if (out.method != "privbayes" && out.method != "independent" && out.method != "mst" && out.method != "aim")
        return fieldError(plan, "method",
                          "must be \"privbayes\", \"mst\", \"aim\" or \"independent\" (got \"" + out.method + "\")");
    auto& o = out.options;
    o.independent = out.method == "independent";
    {
        auto info = synth::findSynthMethod(out.method);
        if (!info) return info.status();
        std::vector<std::string> given;
        for (const char* key : {"beta", "theta", "max_degree", "delta", "iterations", "workload_degree", "rounds"})
            if (j.contains(key)) given.emplace_back(key);
        if (auto st = synth::checkMethodSettings(**info, given); !st)  // "plan.beta: a setting of privbayes; ..."
            return Status::invalidArgument(plan.name + ": plan." + st.message());
    }
    if (!j.contains("epsilon")) return fieldError(plan, "epsilon", "is missing");
    auto eps = numberField(plan, "epsilon", j["epsilon"]);
    if (!eps) return eps.status();
    o.epsilon = *eps;
    for (auto [key, target] : {std::pair<const char*, double*>{"beta", &o.beta}, {"theta", &o.theta}}) {
        if (!j.contains(key)) continue;
        auto v = numberField(plan, key, j[key]);
        if (!v) return v.status();
        *target = *v;
    }
    if (j.contains("max_degree")) {
        auto k = unsignedField(plan, "max_degree", j["max_degree"], 16);
        if (!k) return k.status();
        o.maxDegree = static_cast<std::size_t>(*k);
    }
    if (j.contains("rows")) {
        auto rows = unsignedField(plan, "rows", j["rows"], synth::kMaxSyntheticRows);
        if (!rows) return rows.status();
        o.rows = static_cast<std::size_t>(*rows);
    }
    if (j.contains("seed") && !j["seed"].is_null()) {
        auto seed = unsignedField(plan, "seed", j["seed"], UINT64_MAX);
        if (!seed) return seed.status();
        out.seed = *seed;
    }
    if (out.method == "mst") {
        VEIL_RETURN_IF_ERROR(mstFields(plan, o, out.mst));
    } else if (out.method == "aim") {
        VEIL_RETURN_IF_ERROR(aimFields(plan, o, out.aim));
    } else if (j.contains("delta")) {
        return fieldError(plan, "delta",
                          "is only for methods \"mst\" and \"aim\" (" + out.method + " is pure epsilon-DP)");
    } else if (auto st = synth::validateOptions(o); !st) {
        return st.withContext(plan.name);
    }
    auto domains =
        synth::domainsFromJson(j.value("domains", json()), plan.baseDir, "plan.domains", &out.hierarchyFiles);
    if (!domains) return domains.status().withContext(plan.name);
    out.domains = std::move(*domains);
    const json& key = j.value("dataset_key", json(fs::path(out.dataset.path).filename().string()));
    if (!key.is_string() || key.get<std::string>().empty())
        return expected(plan, "dataset_key", "a non-empty string", key);
    out.datasetKey = key.get<std::string>();
    return out;
}

}  // namespace

Result<SyntheticPlan> syntheticPlan(const ReleasePlan& plan) {
    try {
        return syntheticPlanImpl(plan);
    } catch (const json::exception& e) {
        return Status::invalidArgument(plan.name + ": " + e.what());
    }
}

synth::SynthRequest syntheticRequest(const SyntheticPlan& plan) {
    synth::SynthRequest r;
    r.method = plan.method;
    r.privBayes = plan.options;
    r.mst = plan.mst;
    r.aim = plan.aim;
    return r;
}

Result<std::optional<std::uint64_t>> planSeed(const ReleasePlan& plan) {
    if (plan.kind != "synthetic") return std::optional<std::uint64_t>{};
    auto sp = syntheticPlan(plan);
    if (!sp) return sp.status();
    return sp->seed;
}

}  // namespace veil::release
