#include "veil/release/release_runner.h"

#include "release/detail/dp_outcome.h"

#include "veil/common/validate.h"
#include "veil/io/hash.h"
#include "veil/io/mapped_file.h"
#include "veil/io/safe_name.h"
#include "veil/table/csv_writer.h"

#include <cmath>
#include <filesystem>
#include <iomanip>
#include <sstream>

namespace veil::release {

namespace fs = std::filesystem;
using nlohmann::json;

namespace {

struct LoadedInput {
    Table table;
    std::string sha256;
};

Result<LoadedInput> loadInput(const DatasetRef& ref, const RunContext& ctx) {
    auto file = MappedFile::open(ref.path);
    if (!file) return file.status();
    auto read = parseCsv((*file)->bytes(), ref.path, ref.csv, ctx);
    if (!read) return read.status();
    return LoadedInput{std::move(read->table), sha256Hex((*file)->bytes())};
}

std::string stem(const std::string& path) { return fs::path(path).stem().string(); }

// null where a number is not defined (the loss of local suppression alone), as anonymize --json.
nlohmann::json finiteOrNull(double v) { return std::isfinite(v) ? nlohmann::json(v) : nlohmann::json(nullptr); }

std::string fourDigits(double v) {
    std::ostringstream o;
    o << std::setprecision(4) << v;
    return o.str();
}

}  // namespace

json transformationJson(const std::vector<std::string>& quasiIdentifiers, const std::vector<int>& levels) {
    json t = json::object();
    for (std::size_t i = 0; i < quasiIdentifiers.size() && i < levels.size(); ++i) t[quasiIdentifiers[i]] = levels[i];
    return t;
}

ReleaseOutcome anonymizationOutcome(const AnonymizationInput& in, const anonymity::AnonymizationConfig& config,
                                    const anonymity::AnonymizationResult& r) {
    ReleaseOutcome out;
    out.kind = "anonymization";
    out.plan = in.plan;
    out.inputPath = in.path;
    out.inputSha256 = in.sha256;
    out.datasetKey = fs::path(in.path).filename().string();
    out.title = config.models.describe() + " release of " + out.datasetKey;
    const bool mdav = config.algorithm == anonymity::Algorithm::Mdav;
    out.mechanism = config.algorithm == anonymity::Algorithm::Optimal ? "optimal full-domain generalization"
                    : mdav ? "microaggregation (MDAV), k = " + std::to_string(config.models.k) +
                                 ", SSE/SST = " + fourDigits(r.metrics.sse)
                    : config.algorithm == anonymity::Algorithm::LocalRecoding
                        ? "local recoding (ARX's local transformation), " + std::to_string(r.passes.size()) + " passes"
                    : config.algorithm == anonymity::Algorithm::None ? std::string("no generalization")
                                                                     : "Mondrian multidimensional partitioning";
    if (r.localSuppression)
        out.mechanism += ", then " + std::string(anonymity::localSuppressionMethodName(r.localSuppression->method)) +
                         " local suppression of " + std::to_string(r.localSuppression->suppressedCells) + " cells";
    out.randomness = "not used (deterministic release)";
    std::ostringstream csv;
    CsvWriteOptions w;
    w.delimiter = in.delimiter ? in.delimiter : ',';
    writeCsv(r.output, csv, w);
    out.files.push_back({safeFileName(stem(in.path) + "-anonymized") + ".csv", csv.str(), "text/csv"});

    json& s = out.summary;
    s["k"] = config.models.k;
    s["models"] = config.models.describe();
    if (config.algorithm != anonymity::Algorithm::Optimal && config.algorithm != anonymity::Algorithm::Mondrian)
        s["algorithm"] = anonymity::algorithmName(config.algorithm);
    if (config.algorithm == anonymity::Algorithm::Optimal) {
        s["transformation"] = transformationJson(r.quasiIdentifiers, r.transformation);
    } else if (mdav) {
        s["groups"] = r.groups;
        s["sse_over_sst"] = finiteOrNull(r.metrics.sse);
        s["description"] = out.mechanism;
    } else if (config.algorithm == anonymity::Algorithm::LocalRecoding) {
        json passes = json::array();
        for (const auto& p : r.passes)
            passes.push_back({{"transformation", transformationJson(r.quasiIdentifiers, p.transformation)},
                              {"records", p.records},
                              {"released", p.released}});
        s["passes"] = passes;
    } else if (config.algorithm == anonymity::Algorithm::Mondrian) {
        s["partitions"] = r.partitions.size();
    }
    if (r.localSuppression) {
        s["local_suppression_cells"] = r.localSuppression->suppressedCells;
        // How a '*' cell is read: "wildcard" (matches any value) or "value" (a value of its own); the
        // risk after, and `veil-cli risk` on the bundle, read it so.
        s["local_suppression_semantics"] = anonymity::localSuppressionSemanticsName(r.localSuppression->semantics);
    }
    s["records"] = in.records;
    s["classes"] = r.classes.keptClasses();
    s["min_class_size"] = r.classes.minKeptClassSize();
    s["suppressed"] = r.suppressed;
    s["suppressed_token"] = anonymity::kSuppressedToken;
    s["metric"] = anonymity::metricName(r.metric);
    s["information_loss"] = finiteOrNull(r.informationLoss);
    s["risk_before"] = {{"prosecutor_max", r.riskBefore.prosecutorMax}, {"prosecutor_avg", r.riskBefore.prosecutorAvg}};
    s["risk_after"] = {{"prosecutor_max", r.riskAfter.prosecutorMax}, {"prosecutor_avg", r.riskAfter.prosecutorAvg}};
    s["quasi_identifiers"] = r.quasiIdentifiers;
    out.warnings = r.warnings;

    const auto kind = r.localSuppression ? (r.localSuppression->semantics == anonymity::LocalSuppressionSemantics::Value
                                                ? detail::KAnonymityKind::CellSuppressionAsValue
                                                : detail::KAnonymityKind::CellSuppression)
                      : mdav             ? detail::KAnonymityKind::Microaggregation
                                         : detail::KAnonymityKind::Generalization;
    out.guarantee = detail::kAnonymityGuarantee(kind, r.quasiIdentifiers.size(), config.models.k, r.suppressed,
                                                r.localSuppression ? r.localSuppression->minMatches : 0);

    // Chart: number of equivalence classes by size (powers of two).
    ChartSeries sizes;
    sizes.title = "Equivalence classes by size";
    sizes.valueName = "classes";
    std::vector<double> buckets;
    for (std::size_t c = 0; c < r.classes.classCount(); ++c) {
        if (r.classes.classSuppressed[c]) continue;
        const std::size_t n = r.classes.classSize[c];
        std::size_t b = 0;
        while ((std::size_t(1) << (b + 1)) <= n) ++b;
        if (buckets.size() <= b) buckets.resize(b + 1, 0);
        buckets[b] += 1;
    }
    for (std::size_t b = 0; b < buckets.size(); ++b) {
        sizes.labels.push_back(std::to_string(std::size_t(1) << b) + "-" + std::to_string((std::size_t(2) << b) - 1));
        sizes.values.push_back(buckets[b]);
    }
    out.charts.push_back(std::move(sizes));
    ChartSeries risk;
    risk.title = "Highest re-identification risk (prosecutor)";
    risk.valueName = "risk";
    risk.labels = {"before", "after"};
    risk.values = {r.riskBefore.prosecutorMax, r.riskAfter.prosecutorMax};
    out.charts.push_back(std::move(risk));
    return out;
}

namespace {

Result<ReleaseOutcome> runAnonymization(const ReleasePlan& plan, const RunContext& ctx) {
    auto ap = anonymizationPlan(plan);
    if (!ap) return ap.status();
    auto input = loadInput(ap->dataset, ctx);
    if (!input) return input.status();
    auto result = anonymity::anonymize(input->table, ap->config, ctx);
    if (!result) return result.status();
    if (!result->found) return Status::infeasible(plan.name + ": " + result->message);
    const AnonymizationInput in{plan.json, ap->dataset.path, input->sha256, input->table.rowCount(),
                                ap->dataset.csv.delimiter ? ap->dataset.csv.delimiter : ','};
    return anonymizationOutcome(in, ap->config, *result);
}

}  // namespace

namespace detail {

std::string kAnonymityGuarantee(KAnonymityKind kind, std::size_t quasiIdentifiers, int k, std::size_t suppressed,
                                std::size_t minMatches) {
    const std::string atLeast = std::to_string(std::max(1, k));
    const std::string columns = "the quasi-identifiers (" + std::to_string(quasiIdentifiers) + " columns)";
    const std::string suppressedRecords = std::to_string(suppressed) + " records were suppressed.";
    std::string text;
    switch (kind) {
        case KAnonymityKind::Generalization:
            text = "Every combination of " + columns + " shared by the released records occurs at least " + atLeast +
                   " times, so a person known by those attributes hides among at least " + atLeast + " records; " +
                   suppressedRecords;
            break;
        case KAnonymityKind::Microaggregation:
            text = "Every combination of " + columns + " shared by the released records occurs at least " + atLeast +
                   " times: MDAV replaced each numeric quasi-identifier by the mean of its group of at least " +
                   atLeast +
                   " records (grouped on the numeric quasi-identifiers only; categorical ones generalized within "
                   "each group), so a person known by those attributes hides among at least " +
                   atLeast + " records; " + suppressedRecords;
            break;
        case KAnonymityKind::CellSuppression:
            text = "Single cells of " + columns +
                   " were suppressed ('*') instead of records. A '*' counts as matching any value (sdcMicro's "
                   "semantics), so every released record matches at least " +
                   std::to_string(minMatches) + " records (k = " + atLeast +
                   "); records showing exactly the same released values may be fewer than " + atLeast +
                   ", so someone who reads a '*' as a clue rather than as any value may narrow a person down "
                   "further. " +
                   suppressedRecords;
            break;
        case KAnonymityKind::CellSuppressionAsValue:
            text = "Single cells of " + columns +
                   " were suppressed ('*') instead of records, a '*' counting as a value of its own (ARX's "
                   "semantics): every combination of the released quasi-identifiers, '*' included, occurs at least " +
                   atLeast + " times, so a person known by those attributes hides among at least " + atLeast +
                   " records; " + suppressedRecords;
            break;
    }
    return text +
           " This is a syntactic guarantee: it does not bound what can be learnt about a person by combining this "
           "release with other releases or background knowledge.";
}

Status checkGateDataset(const ReleasePlan& plan, const dp::ReleaseGate& gate, const std::string& datasetKey) {
    if (gate.dataset() == datasetKey) return Status::ok();
    return Status::invalidArgument(plan.name + ": the release would be charged to dataset '" + gate.dataset() +
                                   "' but the plan releases '" + datasetKey + "'");
}

void addPublicRows(nlohmann::json& block, const dp::ColumnQuerySpec& spec, std::size_t rows) {
    if (spec.query == dp::QueryKind::Mean) block["rows"] = rows;
}

ReleaseOutcome dpQueryOutcome(const ReleasePlan& plan, const DpQueryPlan& qp, const dp::ColumnQueryResult& r) {
    ReleaseOutcome out;
    out.kind = plan.kind;
    out.plan = plan.json;
    out.datasetKey = qp.datasetKey;
    out.mechanism = dp::mechanismKindName(r.mechanism);
    out.title = std::string("Differentially private ") + dp::queryKindName(r.query) + " of " + qp.column;
    out.epsilon = r.receipt.spent.epsilon;
    out.delta = r.receipt.spent.delta;
    out.rho = r.receipt.spent.rho;
    out.neighbouring = dp::neighbouringName(r.neighbouring);
    out.seeded = r.seeded;
    out.randomness = r.receipt.randomness;
    out.receipt = r.receipt;

    json releases = json::array();
    for (std::size_t t = 0; t < r.releases.size(); ++t) {
        json one = json::array();
        for (std::size_t i = 0; i < r.releases[t].size(); ++i) {
            json v = {{"label", r.labels[i]}, {"value", r.releases[t][i]}};
            if (t < r.intervals.size() && i < r.intervals[t].size())
                v["interval"] = {r.intervals[t][i].lower, r.intervals[t][i].upper};
            one.push_back(v);
        }
        releases.push_back(one);
    }
    json data = {{"query", dp::queryKindName(r.query)},
                 {"column", qp.column},
                 {"mechanism", out.mechanism},
                 {"noise_scale", r.noiseScale},
                 {"sensitivity", r.sensitivity},
                 {"epsilon", out.epsilon},
                 {"delta", out.delta},
                 {"neighbouring", out.neighbouring},
                 {"confidence", qp.spec.confidence},
                 {"releases", releases},
                 {"notes", r.notes},
                 {"privacy", dp::receiptJson(r.receipt)}};
    // The column comes from the data: a name that is safe in a folder and in a zip.
    out.files.push_back(
        {safeFileName(stem(qp.dataset.path) + "-" + qp.column + "-" + dp::queryKindName(r.query)) + ".json",
         data.dump(2) + "\n", "application/json"});
    out.summary = {{"noise_scale", r.noiseScale},
                   {"sensitivity", r.sensitivity},
                   {"outputs", r.labels.size()},
                   {"trials", r.releases.size()}};
    if (r.query == dp::QueryKind::Mean) out.summary["rows_used"] = r.rowsUsed;  // public under replace-one
    std::ostringstream g;
    g << "(" << formatNumber(out.epsilon) << ", " << formatNumber(out.delta)
      << ")-differential privacy: whether or not any one person's record is in the table"
      << (out.neighbouring == "replace" ? " (or is replaced by another)" : " (added or removed)")
      << ", every possible answer becomes at most e^" << formatNumber(out.epsilon) << " times more or less likely"
      << (out.delta > 0 ? ", except with probability " + formatNumber(out.delta) : std::string()) << ".";
    if (out.rho > 0)
        g << " It is also " << formatNumber(out.rho) << "-zero-concentrated DP (zCDP), which composes more tightly.";
    out.guarantee = g.str();
    if (!r.releases.empty()) {
        ChartSeries chart;
        chart.title = std::string("Released ") + dp::queryKindName(r.query) + " of " + qp.column;
        chart.valueName = "noisy value";
        chart.labels = r.labels;
        chart.values = r.releases.front();
        out.charts.push_back(std::move(chart));
    }
    return out;
}

}  // namespace detail

namespace {

Result<ReleaseOutcome> runDpQuery(const ReleasePlan& plan, dp::ReleaseGate& gate, const RunContext& ctx) {
    auto qp = dpQueryPlan(plan);
    if (!qp) return qp.status();
    VEIL_RETURN_IF_ERROR(detail::checkGateDataset(plan, gate, qp->datasetKey));
    auto input = loadInput(qp->dataset, ctx);
    if (!input) return input.status();
    auto r = dp::releaseColumnQuery(gate, input->table, qp->column, qp->spec, ctx);
    if (!r) return r.status();
    ReleaseOutcome out = detail::dpQueryOutcome(plan, *qp, *r);
    out.inputPath = qp->dataset.path;
    out.inputSha256 = input->sha256;
    return out;
}

}  // namespace

Result<ReleaseOutcome> runReleasePlan(const ReleasePlan& plan, dp::ReleaseGate& gate, const RunContext& ctx) {
    Result<ReleaseOutcome> out = plan.kind == "anonymization" ? runAnonymization(plan, ctx)
                                 : plan.kind == "synthetic"   ? detail::runSyntheticPlan(plan, gate, ctx)
                                                              : runDpQuery(plan, gate, ctx);
    if (out && out->randomness.empty()) out->randomness = "not used (deterministic release)";
    return out;
}

}  // namespace veil::release
