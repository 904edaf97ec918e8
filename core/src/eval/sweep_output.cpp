// CSV of trial rows and JSON of summaries.
#include "veil/eval/sweep_output.h"

#include "veil/common/validate.h"
#include "veil/eval/per_query_output.h"
#include "veil/io/atomic_file.h"
#include "veil/table/csv_writer.h"

#include <cmath>

namespace veil::eval {

namespace {

std::string csvField(const std::string& s) { return quoteCsvField(s, ','); }

nlohmann::json number(double v) { return std::isfinite(v) ? nlohmann::json(v) : nlohmann::json(nullptr); }

// sd and the interval are null below two trials.
nlohmann::json summaryJson(const MetricSummary& s) {
    return {{"n", s.n},
            {"median", s.median},
            {"q1", s.q1},
            {"q3", s.q3},
            {"iqr", s.iqr},
            {"mean", s.mean},
            {"sd", number(s.sd)},
            {"ci_lower", number(s.ciLower)},
            {"ci_upper", number(s.ciUpper)},
            {"min", s.min},
            {"max", s.max}};
}

// Anonymity experiments: one row per (method, k); undefined measures are empty fields.
void writeAnonymityCsv(std::ostream& out, const SweepResult& result) {
    out << "method,label,k_index,k,found,metric,transformation";
    for (AnonymityMeasure m : kAllAnonymityMeasures) out << ',' << anonymityMeasureName(m);
    out << '\n';
    for (const auto& r : result.anonymity) {
        const auto& spec = result.methods[r.method];
        out << csvField(spec.id) << ',' << csvField(spec.label) << ',' << r.kIndex << ',' << r.k << ','
            << (r.found ? "true" : "false") << ',' << csvField(r.metric) << ',' << csvField(r.transformation);
        for (AnonymityMeasure m : kAllAnonymityMeasures)
            out << ',' << (std::isfinite(r.measures[m]) ? formatNumber(r.measures[m]) : std::string());
        out << '\n';
    }
}

nlohmann::json anonymitySummaryJson(const SweepResult& result) {
    nlohmann::json j;
    j["kind"] = "anonymity";
    j["name"] = result.name;
    j["dataset"] = result.datasetName;
    j["records"] = result.scale;
    j["quasi_identifiers"] = result.quasiIdentifiers;
    j["models"] = result.models;
    j["grid"] = "k";
    j["k"] = result.epsilons;
    j["trials"] = 1;
    j["deterministic"] = true;
    j["seconds"] = result.seconds;
    j["threads"] = result.threadsUsed;
    j["methods"] = nlohmann::json::array();
    for (const auto& m : result.methods)
        j["methods"].push_back({{"id", m.id}, {"label", m.label}, {"target", "anonymity"}});
    j["summaries"] = nlohmann::json::array();
    for (const auto& r : result.anonymity) {
        nlohmann::json measures;
        for (AnonymityMeasure m : kAllAnonymityMeasures) measures[anonymityMeasureName(m)] = number(r.measures[m]);
        nlohmann::json row = {{"method", result.methods[r.method].id},
                              {"label", result.methods[r.method].label},
                              {"k_index", r.kIndex},
                              {"k", r.k},
                              {"found", r.found},
                              {"metric", r.metric},
                              {"transformation", r.transformation},
                              {"measures", measures}};
        if (!r.found) row["message"] = r.message;
        j["summaries"].push_back(row);
    }
    return j;
}

}  // namespace

void writeTrialsCsv(std::ostream& out, const SweepResult& result) {
    if (result.isAnonymity()) {
        writeAnonymityCsv(out, result);
        return;
    }
    out << "method,label,epsilon_index,epsilon,trial,seed";
    for (Metric m : kAllMetrics) out << ',' << metricName(m);
    out << '\n';
    for (const auto& r : result.rows) {
        const auto& spec = result.methods[r.method];
        out << csvField(spec.id) << ',' << csvField(spec.label) << ',' << r.epsilonIndex << ','
            << formatNumber(r.epsilon) << ',' << r.trial << ',' << r.seed;
        for (Metric m : kAllMetrics) out << ',' << formatNumber(r.errors[m]);
        out << '\n';
    }
}

Status writeTrialsCsvFile(const std::string& path, const SweepResult& result) {
    return writeFileAtomically(path, [&](std::ostream& out) {
        writeTrialsCsv(out, result);
        return static_cast<bool>(out);
    });
}

Status writePerQueryCsv(std::ostream& out, const SweepResult& result, bool withTruth) {
    if (result.isAnonymity())
        return Status::invalidArgument("per-query answers: an anonymity experiment has no queries");
    if (result.truths.empty() && !result.rows.empty())
        return Status::invalidArgument("per-query answers: the sweep did not keep its answers");
    writePerQueryHeader(out, withTruth);
    for (const auto& r : result.rows) {
        const auto& spec = result.methods[r.method];
        const auto* truth = result.truthFor(r);
        const bool ranges = result.targets[r.method] == "workload" && r.answers.size() == result.queries.size();
        for (std::size_t q = 0; q < r.answers.size(); ++q)
            writePerQueryRow(
                out,
                {spec.id, spec.label, r.epsilon, std::size_t(r.trial), q, ranges ? &result.queries[q] : nullptr,
                 r.answers[q], truth && q < truth->size() ? &(*truth)[q] : nullptr},
                withTruth);
    }
    return out ? Status::ok() : Status::ioError("per-query answers: write failed");
}

Status writePerQueryCsvFile(const std::string& path, const SweepResult& result, bool withTruth) {
    if (result.isAnonymity())
        return Status::invalidArgument("per-query answers: an anonymity experiment has no queries");
    Status inner;
    const Status written = writeFileAtomically(path, [&](std::ostream& out) {
        inner = writePerQueryCsv(out, result, withTruth);
        return inner.isOk();
    });
    return inner.isOk() ? written : inner;
}

nlohmann::json sweepSummaryJson(const SweepResult& result) {
    if (result.isAnonymity()) return anonymitySummaryJson(result);
    nlohmann::json j;
    j["name"] = result.name;
    j["private"] = false;  // errors against the truth: teaching mode
    j["mode"] = "teaching";
    j["dataset"] = result.datasetName;
    j["workload"] = result.workloadName;
    j["queries"] = result.queryCount;
    j["scale"] = result.scale;
    j["sampled"] = result.sampled;
    j["trials"] = result.trials;
    j["delta"] = result.delta;
    j["seed"] = result.seed ? nlohmann::json(*result.seed) : nlohmann::json(nullptr);
    j["seconds"] = result.seconds;
    j["threads"] = result.threadsUsed;
    j["epsilons"] = result.epsilons;
    j["methods"] = nlohmann::json::array();
    for (std::size_t m = 0; m < result.methods.size(); ++m)
        j["methods"].push_back({{"id", result.methods[m].id},
                                {"label", result.methods[m].label},
                                {"target", m < result.targets.size() ? result.targets[m] : ""}});
    j["summaries"] = nlohmann::json::array();
    for (const auto& s : result.summaries) {
        nlohmann::json metrics;
        for (Metric m : kAllMetrics) metrics[metricName(m)] = summaryJson(s[m]);
        j["summaries"].push_back({{"method", result.methods[s.method].id},
                                  {"label", result.methods[s.method].label},
                                  {"epsilon_index", s.epsilonIndex},
                                  {"epsilon", s.epsilon},
                                  {"metrics", metrics}});
    }
    return j;
}

}  // namespace veil::eval
