// Anonymity experiments: information loss and re-identification risk against k (the syntactic side
// of issue 9; seed 004, slides "k-Anonymization" and "Information loss"), one anonymization per
// (method, k) with the anonymity engine, in parallel over the pairs.
#include "detail/anonymity_sweep.h"

#include "veil/common/parallel.h"
#include "veil/anonymity/anonymization.h"
#include "veil/common/validate.h"
#include "veil/eval/method_registry.h"
#include "veil/table/table.h"

#include <chrono>
#include <cmath>
#include <thread>

namespace veil::eval {

const char* anonymityMeasureName(AnonymityMeasure m) {
    switch (m) {
        case AnonymityMeasure::Loss:
            return "loss";
        case AnonymityMeasure::MethodMetric:
            return "metric_value";
        case AnonymityMeasure::Discernibility:
            return "discernibility";
        case AnonymityMeasure::AverageClassSize:
            return "avg_class_size";
        case AnonymityMeasure::Suppressed:
            return "suppressed";
        case AnonymityMeasure::ProsecutorMax:
            return "prosecutor_max";
        case AnonymityMeasure::ProsecutorAverage:
            return "prosecutor_avg";
        case AnonymityMeasure::RecordsAtRisk:
            return "records_at_risk";
        case AnonymityMeasure::RecordsAtRiskFraction:
            return "records_at_risk_fraction";
    }
    return "?";
}

const char* anonymityMeasureLabel(AnonymityMeasure m) {
    switch (m) {
        case AnonymityMeasure::Loss:
            return "information loss (ARX Loss, 0-1)";
        case AnonymityMeasure::MethodMetric:
            return "the method's own metric";
        case AnonymityMeasure::Discernibility:
            return "discernibility (DM*)";
        case AnonymityMeasure::AverageClassSize:
            return "average class size (AECS)";
        case AnonymityMeasure::Suppressed:
            return "suppressed records";
        case AnonymityMeasure::ProsecutorMax:
            return "highest re-identification risk (prosecutor)";
        case AnonymityMeasure::ProsecutorAverage:
            return "average re-identification risk (prosecutor)";
        case AnonymityMeasure::RecordsAtRisk:
            return "records at risk";
        case AnonymityMeasure::RecordsAtRiskFraction:
            return "fraction of records at risk";
    }
    return "?";
}

Result<AnonymityMeasure> parseAnonymityMeasure(const std::string& name) {
    std::string known;
    for (AnonymityMeasure m : kAllAnonymityMeasures) {
        if (name == anonymityMeasureName(m)) return m;
        known += (known.empty() ? "" : ", ") + std::string(anonymityMeasureName(m));
    }
    return Status::invalidArgument("unknown measure '" + name + "' (known: " + known + ")");
}

namespace detail {

namespace {

AnonymityRow makeRow(const anonymity::AnonymizationResult& r) {
    AnonymityRow row;
    row.found = r.found;
    row.metric = anonymity::metricName(r.metric);
    row.message = r.message;
    row.measures.values.fill(std::nan(""));
    if (!r.found) return row;
    row.transformation = r.algorithm == anonymity::Algorithm::Optimal
                             ? anonymity::formatLevels(r.transformation)
                             : std::to_string(r.partitions.size()) + " partitions";
    auto& v = row.measures;
    v[AnonymityMeasure::Loss] = r.metrics.loss;
    v[AnonymityMeasure::MethodMetric] = r.informationLoss;
    v[AnonymityMeasure::Discernibility] = r.metrics.discernibility;
    v[AnonymityMeasure::AverageClassSize] = r.metrics.aecs;
    v[AnonymityMeasure::Suppressed] = static_cast<double>(r.suppressed);
    v[AnonymityMeasure::ProsecutorMax] = r.riskAfter.prosecutorMax;
    v[AnonymityMeasure::ProsecutorAverage] = r.riskAfter.prosecutorAvg;
    v[AnonymityMeasure::RecordsAtRisk] = static_cast<double>(r.riskAfter.recordsAtRisk);
    v[AnonymityMeasure::RecordsAtRiskFraction] = r.riskAfter.recordsAtRiskFraction;
    return row;
}

}  // namespace

Result<SweepResult> runAnonymitySweep(const Experiment& experiment, const ExperimentInputs& inputs,
                                      const SweepOptions& options, const RunContext& ctx) {
    if (!inputs.table || !inputs.anonymity)
        return Status::invalidArgument("the anonymity experiment's table is not loaded");
    ctx.report(0.0, "Preparing the sweep");
    const int threads = threadsFor(options.threads);
    const std::size_t M = experiment.methods.size(), K = inputs.epsilons.size();
    if (M == 0 || K == 0) return Status::invalidArgument("the experiment has no methods or k values");

    // Each method's configuration: the experiment's QIs and models, the method's algorithm and metric.
    std::vector<anonymity::AnonymizationConfig> configs;
    for (const auto& m : experiment.methods) {
        auto info = findMethod(m.id);
        if (!info) return info.status();
        VEIL_RETURN_IF_ERROR(checkMethodApplies(**info, inputs.kind, inputs.data, 0.0));
        if (!(*info)->configure) return Status::internal("method '" + m.id + "' cannot anonymize a table");
        anonymity::AnonymizationConfig config = *inputs.anonymity;
        VEIL_RETURN_IF_ERROR((*info)->configure(m.options, config).withContext("method '" + m.label + "'"));
        configs.push_back(std::move(config));
    }

    SweepResult result;
    result.kind = ExperimentKind::Anonymity;
    result.name = experiment.name;
    result.methods = experiment.methods;
    result.targets.assign(M, methodTargetName(MethodTarget::Anonymity));
    result.epsilons = inputs.epsilons;
    result.trials = 1;
    result.scale = static_cast<double>(inputs.table->rowCount());
    result.datasetName = inputs.tableName + " (" + std::to_string(inputs.table->rowCount()) + " records)";
    result.workloadName = "none";
    for (const auto& q : experiment.anonymity.quasiIdentifiers) result.quasiIdentifiers.push_back(q);
    // "k-anonymity, distinct 2-diversity, ...": describe() with k = 1 and its "1-" replaced by "k-".
    anonymity::PrivacyModels models = inputs.anonymity->models;
    models.k = 1;
    result.models = "k" + models.describe().substr(1);
    if (inputs.anonymity->suppressionLimit > 0)
        result.models += ", at most " + formatNumber(inputs.anonymity->suppressionLimit * 100) + "% suppressed";
    result.threadsUsed = static_cast<int>(std::min<std::size_t>(static_cast<std::size_t>(threads), M * K));
    result.anonymity.resize(M * K);

    const std::size_t total = M * K;
    const auto start = std::chrono::steady_clock::now();
    RunContext inner;  // each anonymization sees the cancel token, not the
                       // progress (reported per pair)
    inner.cancel = ctx.cancel;
    Status status = parallelFor(
        total, threads, ctx,
        [&](std::size_t i) -> Status {
            const std::size_t m = i / K, kk = i % K;
            anonymity::AnonymizationConfig config = configs[m];
            config.models.k = experiment.anonymity.k[kk];
            auto r = anonymity::anonymize(*inputs.table, config, inner);
            if (!r) {
                if (r.status().code() == StatusCode::Cancelled) return r.status();
                return r.status().withContext("method '" + experiment.methods[m].label + "', k " +
                                              std::to_string(config.models.k));
            }
            AnonymityRow row = makeRow(*r);
            row.method = m;
            row.kIndex = kk;
            row.k = config.models.k;
            result.anonymity[i] = std::move(row);
            return Status::ok();
        },
        [&](std::size_t done) {
            if (done < total) ctx.report(static_cast<double>(done) / static_cast<double>(total), "Anonymizing");
        });
    if (!status.isOk()) return status;
    result.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    ctx.report(1.0, "Done");
    return result;
}

}  // namespace detail

}  // namespace veil::eval
