// Synthetic-table methods (issue 17): synth:privbayes, synth:mst, synth:aim and synth:independent (noisy
// 1-way marginals, the baseline) over a table with a declared discretization. Each trial releases a
// synthetic table through the trial's (teaching-mode) gate and returns its utility: the average
// total-variation distance of all 2-way marginals against the real table's (Zhang et al. 2014
// Section 6). The truth is 0, so a sweep's absolute error is that TVD, and utility against
// epsilon is one chart.
#include "methods.h"

#include "veil/synth/domain_json.h"
#include "veil/synth/marginal_distance.h"
#include "veil/synth/synthesizer.h"
#include "veil/table/csv_reader.h"

#include <filesystem>

namespace veil::eval::detail {

namespace {

// One request per sweep, built and validated once (with a placeholder epsilon); each trial sets
// its own epsilon and runs it through synth::releaseSynthetic, as the CLI, plans and the window do.
struct PreparedSynth {
    synth::SynthRequest request;
    std::size_t rows = 0;
    double delta = 0.0;
    std::size_t way = 2;
};

// rows and way, common to every synth:* method.
Status readCommon(const std::string& id, const TrialInput& in, PreparedSynth& p) {
    auto rows = numberOption(in.options, "rows", 0.0);
    auto way = numberOption(in.options, "way", 2.0);
    for (const auto* r : {&rows, &way})
        if (!*r) return r->status().withContext("method '" + id + "'");
    if (!(*rows >= 0 && *rows <= double(synth::kMaxSyntheticRows)))
        return Status::invalidArgument("method '" + id + "': rows must be in [0, " +
                                       std::to_string(synth::kMaxSyntheticRows) + "]");
    if (!(*way == 1 || *way == 2 || *way == 3))
        return Status::invalidArgument("method '" + id + "': way must be 1, 2 or 3");
    p.rows = static_cast<std::size_t>(*rows);
    p.way = static_cast<std::size_t>(*way);
    return Status::ok();
}

// synth:mst and synth:aim: delta (default: the experiment's, else 1e-9) and iterations; synth:aim
// also workload_degree (2 or 3).
Status readZcdpOptions(const std::string& id, bool aim, const TrialInput& in, PreparedSynth& p) {
    auto delta = numberOption(in.options, "delta", in.delta > 0.0 ? in.delta : synth::kMstDefaultDelta);
    auto iterations = numberOption(in.options, "iterations", double(p.request.mst.iterations));
    auto degree = numberOption(in.options, "workload_degree", 2.0);
    for (const auto* r : {&delta, &iterations, &degree})
        if (!*r) return r->status().withContext("method '" + id + "'");
    if (!(*iterations >= 1 && *iterations <= 1e6))
        return Status::invalidArgument("method '" + id + "': iterations must be in [1, 1000000]");
    if (aim && !(*degree == 2 || *degree == 3))
        return Status::invalidArgument("method '" + id + "': workload_degree must be 2 or 3");
    p.delta = *delta;
    p.request.mst.iterations = p.request.aim.iterations = static_cast<std::size_t>(*iterations);
    p.request.aim.degree = static_cast<std::size_t>(*degree);
    return Status::ok();
}

// synth:privbayes: beta, max_degree, theta (synth:independent takes none of them).
Status readPrivBayesOptions(const std::string& id, const TrialInput& in, PreparedSynth& p) {
    auto beta = numberOption(in.options, "beta", p.request.privBayes.beta);
    auto theta = numberOption(in.options, "theta", p.request.privBayes.theta);
    auto degree = numberOption(in.options, "max_degree", double(p.request.privBayes.maxDegree));
    for (const auto* r : {&beta, &theta, &degree})
        if (!*r) return r->status().withContext("method '" + id + "'");
    if (!(*degree >= 0 && *degree <= 16))
        return Status::invalidArgument("method '" + id + "': max_degree must be in [0, 16]");
    p.request.privBayes.beta = *beta;
    p.request.privBayes.theta = *theta;
    p.request.privBayes.maxDegree = static_cast<std::size_t>(*degree);
    return Status::ok();
}

Result<std::shared_ptr<const void>> prepareSynth(const std::string& id, const TrialInput& in) {
    const std::string method = id.substr(6);  // "synth:aim" -> "aim"
    const bool zcdp = method == "mst" || method == "aim";
    std::vector<std::string> known = {"rows", "way"};
    if (zcdp) known.insert(known.end(), {"delta", "iterations"});
    if (method == "aim") known.emplace_back("workload_degree");
    if (method == "privbayes") known.insert(known.end(), {"beta", "max_degree", "theta"});
    VEIL_RETURN_IF_ERROR(checkKnownOptions(in.options, known, id));
    if (!in.synthetic)
        return Status::invalidArgument("method '" + id + "' needs a table with declared \"domains\" as data set");
    auto p = std::make_shared<PreparedSynth>();
    p->request.method = method;
    VEIL_RETURN_IF_ERROR(readCommon(id, in, *p));
    if (zcdp) VEIL_RETURN_IF_ERROR(readZcdpOptions(id, method == "aim", in, *p));
    if (method == "privbayes") VEIL_RETURN_IF_ERROR(readPrivBayesOptions(id, in, *p));
    p->request.setCommon(1.0, p->rows, p->delta);  // a placeholder epsilon: each trial sets its own
    VEIL_RETURN_IF_ERROR(synth::validateRequest(p->request).withContext("method '" + id + "'"));
    return std::shared_ptr<const void>(std::move(p));
}

MethodInfo synthMethod(const std::string& id, const std::string& description) {
    MethodInfo m;
    m.id = id;
    m.module = "synth";
    m.description = description;
    m.target = MethodTarget::Statistic;
    m.input = DataKind::SyntheticTable;
    m.supports1D = m.supports2D = false;
    m.optionsHelp =
        id == "synth:mst"
            ? "delta (default: the experiment's, else 1e-9), iterations (default 1000), rows, way (marginals compared, "
              "default 2)"
        : id == "synth:aim"         ? "delta (default: the experiment's, else 1e-9), iterations (default 1000), "
                                      "workload_degree (2 or 3, default 2), rows, way (marginals compared, default 2)"
        : id == "synth:independent" ? "rows (default: as many as the table), way (marginals compared, default 2)"
                                    : "beta (default 0.3), max_degree (default 3), theta (default 4), rows, way "
                                      "(marginals compared, default 2)";
    m.prepare = [id](const TrialInput& in) { return prepareSynth(id, in); };
    m.truth = [](const TrialInput&) -> Result<std::vector<double>> { return std::vector<double>{0.0}; };
    m.run = [](const TrialInput& in, double epsilon, dp::ReleaseGate& gate) -> Result<std::vector<double>> {
        const auto& p = *static_cast<const PreparedSynth*>(in.prepared);
        synth::SynthRequest request = p.request;
        request.setCommon(epsilon, p.rows, p.delta);
        auto rel = synth::releaseSynthetic(gate, *in.synthetic->table, in.synthetic->domains, request, RunContext{});
        if (!rel) return rel.status();
        // Teaching mode: the real marginals are read (the sweep's gate is a teaching gate).
        auto tvd = synth::teachingMarginalTvd(*in.synthetic->discrete, rel->codes, p.way);
        if (!tvd) return tvd.status();
        return std::vector<double>{tvd->averageTvd};
    };
    return m;
}

}  // namespace

void addSynthMethods(std::vector<MethodInfo>& out) {
    out.push_back(synthMethod("synth:privbayes",
                              "PrivBayes synthetic table (Zhang et al. 2014); error: average 2-way marginal TVD"));
    out.push_back(synthMethod("synth:mst",
                              "MST synthetic table (McKenna, Miklau, Sheldon 2021), delta option (default 1e-9); "
                              "error: average 2-way marginal TVD"));
    out.push_back(synthMethod("synth:aim",
                              "AIM synthetic table (McKenna, Mullins, Sheldon, Miklau 2022), delta option (default "
                              "1e-9); error: average 2-way marginal TVD"));
    out.push_back(synthMethod("synth:independent",
                              "independent noisy 1-way marginals (baseline); error: average 2-way marginal TVD"));
}

Status loadSyntheticInputs(const Experiment& e, ExperimentInputs& in) {
    const std::string path = resolvePath(e, e.dataset.table);
    CsvReadOptions options;
    options.delimiter = e.dataset.delimiter;
    auto read = readCsvFile(path, options);
    if (!read) return read.status();
    auto domains = synth::domainsFromJson(e.dataset.domains, e.baseDirectory, "dataset.domains");
    if (!domains) return domains.status();
    auto discrete = synth::discretize(read->table, *domains);
    if (!discrete) return discrete.status().withContext(path);
    auto data = std::make_shared<SyntheticTableData>();
    data->table = std::make_shared<const Table>(std::move(read->table));
    data->domains = std::move(*domains);
    data->discrete = std::make_shared<const synth::DiscreteTable>(std::move(discrete->table));
    in.kind = DataKind::SyntheticTable;
    in.tableName = std::filesystem::path(path).filename().string();
    in.synthetic = std::move(data);
    in.workload.name = "2-way marginals";
    return Status::ok();
}

}  // namespace veil::eval::detail
