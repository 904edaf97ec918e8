// The "synthetic" release kind: a PrivBayes, MST, AIM (or independent-marginals) synthetic table
// released through the one release path (releasePrivBayes / releaseMst / releaseAim charge the gate once,
// before anything is computed) into a bundle holding the synthetic CSV and its model; the manifest
// records the discretization, the budget split and the network or tree.
#include "release/detail/dp_outcome.h"

#include "veil/common/validate.h"
#include "veil/io/hash.h"
#include "veil/io/mapped_file.h"
#include "veil/io/safe_name.h"
#include "veil/table/csv_writer.h"

#include <filesystem>
#include <sstream>

namespace veil::release {

namespace fs = std::filesystem;
using nlohmann::json;

namespace {

// MST and AIM: rho-zCDP under replace-one, hence (epsilon, delta)-DP (Canonne, Kamath, Steinke 2020).
std::string mstGuaranteeText(double epsilon, double delta, double rho) {
    std::ostringstream g;
    g << formatNumber(rho) << "-zero-concentrated differential privacy, hence (" << formatNumber(epsilon) << ", "
      << formatNumber(delta) << ")-differential privacy: whether any one person's record is replaced by another "
      << "(the row count is public; each measured marginal then changes by 1 in two cells, L2 sensitivity sqrt(2)), "
      << "every possible synthetic table becomes at most e^" << formatNumber(epsilon)
      << " times more or less likely, except with probability " << formatNumber(delta)
      << ". The table's columns and their declared domains are public; the rows are sampled from a noisy model "
      << "and describe no real person, but they carry the table's statistics.";
    return g.str();
}

std::string guaranteeText(double epsilon) {
    std::ostringstream g;
    g << "(" << formatNumber(epsilon) << ", 0)-differential privacy: whether any one person's record is "
      << "replaced by another (the row count is public), every possible synthetic table becomes at most e^"
      << formatNumber(epsilon)
      << " times more or less likely. The table's columns and their declared domains are public; the rows are "
      << "sampled from a noisy model and describe no real person, but they carry the table's statistics.";
    return g.str();
}

// Share of synthetic rows per value of the first column (post-processing of the release).
ChartSeries firstColumnChart(const synth::SyntheticRelease& rel, const synth::AttributeDomain& domain) {
    ChartSeries chart;
    chart.title = "Synthetic distribution of " + domain.column;
    chart.valueName = "share of synthetic rows";
    std::vector<double> counts(domain.codeCount(), 0.0);
    const auto& codes = rel.codes.codes.front();
    for (auto c : codes) counts[static_cast<std::size_t>(c)] += 1.0;
    for (std::size_t i = 0; i < counts.size(); ++i) {
        chart.labels.push_back(domain.label(i));
        chart.values.push_back(codes.empty() ? 0.0 : counts[i] / static_cast<double>(codes.size()));
    }
    return chart;
}

}  // namespace

ReleaseOutcome syntheticOutcome(const ReleasePlan& plan, const SyntheticPlan& sp, const synth::SyntheticRelease& rel) {
    ReleaseOutcome out;
    out.kind = plan.kind;
    out.plan = plan.json;
    out.datasetKey = sp.datasetKey;
    out.mechanism = rel.receipt.mechanism;
    const bool mst = sp.method == "mst", aim = sp.method == "aim";
    auto info = synth::findSynthMethod(sp.method);
    out.title =
        (info ? (*info)->name : sp.method) + " synthetic table of " + fs::path(sp.dataset.path).filename().string();
    out.epsilon = rel.receipt.spent.epsilon;
    out.delta = rel.receipt.spent.delta;
    out.rho = rel.receipt.spent.rho;
    out.neighbouring = rel.receipt.neighbouring;
    out.seeded = rel.receipt.seeded;
    out.randomness = rel.receipt.randomness;
    out.receipt = rel.receipt;

    const std::string stem = fs::path(sp.dataset.path).stem().string();
    std::ostringstream csv;
    CsvWriteOptions w;
    w.delimiter = sp.dataset.csv.delimiter ? sp.dataset.csv.delimiter : ',';
    writeCsv(rel.table, csv, w);
    out.files.push_back({safeFileName(stem + "-synthetic") + ".csv", csv.str(), "text/csv"});
    json model = rel.plan;
    model["privacy"] = dp::receiptJson(rel.receipt);
    out.files.push_back({safeFileName(stem + "-synthetic-model") + ".json", model.dump(2) + "\n", "application/json"});

    json& s = out.summary;
    s["method"] = sp.method;
    s["rows"] = rel.table.rowCount();
    s["columns"] = rel.table.columnCount();
    if (mst) {
        for (const char* key : {"delta", "rho", "rho_one_way", "rho_selection", "rho_two_way", "iterations"})
            s[key] = rel.plan.value(key, json());
        s["tree"] = rel.plan.value("tree", json::array());
    } else if (aim) {
        for (const char* key : {"delta", "rho", "rho_used", "degree", "rounds", "rounds_run", "anneals", "iterations"})
            s[key] = rel.plan.value(key, json());
        s["measured"] = rel.plan.value("measured", json::array());
    } else {
        for (const char* key : {"epsilon_network", "epsilon_conditionals", "beta", "max_degree", "theta"})
            s[key] = rel.plan.value(key, json());
        s["network"] = rel.plan.value("network", json::array());
    }
    s["discretization"] = rel.plan.value("domains", json::array());
    s["seed"] = sp.seed ? json(*sp.seed) : json();
    s["citation"] = mst ? synth::kMstCitation : aim ? synth::kAimCitation : synth::kPrivBayesCitation;
    out.guarantee = mst || aim ? mstGuaranteeText(out.epsilon, out.delta, out.rho) : guaranteeText(out.epsilon);
    if (!sp.domains.empty() && rel.table.rowCount() > 0)
        out.charts.push_back(firstColumnChart(rel, sp.domains.front()));
    return out;
}

namespace detail {

Result<ReleaseOutcome> runSyntheticPlan(const ReleasePlan& plan, dp::ReleaseGate& gate, const RunContext& ctx) {
    auto sp = syntheticPlan(plan);
    if (!sp) return sp.status();
    VEIL_RETURN_IF_ERROR(checkGateDataset(plan, gate, sp->datasetKey));
    auto file = MappedFile::open(sp->dataset.path);
    if (!file) return file.status();
    auto read = parseCsv((*file)->bytes(), sp->dataset.path, sp->dataset.csv, ctx);
    if (!read) return read.status();
    auto rel = synth::releaseSynthetic(gate, read->table, sp->domains, syntheticRequest(*sp), ctx);
    if (!rel) return rel.status().withContext(plan.name);
    ReleaseOutcome out = syntheticOutcome(plan, *sp, *rel);
    out.inputPath = sp->dataset.path;
    out.inputSha256 = sha256Hex((*file)->bytes());
    return out;
}

}  // namespace detail

}  // namespace veil::release
