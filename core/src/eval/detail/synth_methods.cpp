// Synthetic-table methods (issue 17): synth:privbayes, synth:mst, synth:aim and synth:independent (noisy
// 1-way marginals, the baseline) over a table with a declared discretization. Each trial releases a
// synthetic table through the trial's (teaching-mode) gate and returns its utility: the average
// total-variation distance of all 2-way marginals against the real table's (Zhang et al. 2014
// Section 6). The truth is 0, so a sweep's absolute error is that TVD, and utility against
// epsilon is one chart.
#include "methods.h"

#include "veil/synth/aim.h"
#include "veil/synth/domain_json.h"
#include "veil/synth/marginal_distance.h"
#include "veil/synth/mst.h"
#include "veil/synth/privbayes.h"
#include "veil/table/csv_reader.h"

#include <filesystem>

namespace veil::eval::detail {

namespace {

struct PreparedSynth {
    synth::PrivBayesOptions options;
    synth::MstOptions mst;
    synth::AimOptions aim;
    bool isMst = false, isAim = false;
    std::size_t way = 2;
};

// synth:mst and synth:aim: options delta (default: the experiment's, else 1e-9), iterations,
// rows, way; synth:aim also workload_degree (2 or 3).
Result<std::shared_ptr<const void>> prepareMst(const std::string& id, bool aim, const TrialInput& in) {
    if (aim) {
        VEIL_RETURN_IF_ERROR(
            checkKnownOptions(in.options, {"delta", "iterations", "rows", "way", "workload_degree"}, id));
    } else {
        VEIL_RETURN_IF_ERROR(checkKnownOptions(in.options, {"delta", "iterations", "rows", "way"}, id));
    }
    if (!in.synthetic)
        return Status::invalidArgument("method '" + id + "' needs a table with declared \"domains\" as data set");
    auto p = std::make_shared<PreparedSynth>();
    p->isMst = true;
    // delta: the option, else the experiment's delta, else 1e-9.
    auto delta = numberOption(in.options, "delta", in.delta > 0.0 ? in.delta : synth::kMstDefaultDelta);
    auto iterations = numberOption(in.options, "iterations", double(p->mst.iterations));
    auto rows = numberOption(in.options, "rows", 0.0);
    auto way = numberOption(in.options, "way", 2.0);
    for (const auto* r : {&delta, &iterations, &rows, &way})
        if (!*r) return r->status().withContext("method '" + id + "'");
    if (!(*iterations >= 1 && *iterations <= 1e6) || !(*rows >= 0 && *rows <= double(synth::kMaxSyntheticRows)))
        return Status::invalidArgument("method '" + id + "': iterations must be in [1, 1000000], rows in [0, " +
                                       std::to_string(synth::kMaxSyntheticRows) + "]");
    if (!(*way == 1 || *way == 2 || *way == 3))
        return Status::invalidArgument("method '" + id + "': way must be 1, 2 or 3");
    p->mst.delta = *delta;
    p->mst.iterations = static_cast<std::size_t>(*iterations);
    p->mst.rows = static_cast<std::size_t>(*rows);
    p->way = static_cast<std::size_t>(*way);
    p->mst.epsilon = 1.0;  // validated here with a placeholder; each trial sets its own
    VEIL_RETURN_IF_ERROR(synth::validateOptions(p->mst).withContext("method '" + id + "'"));
    if (aim) {
        auto degree = numberOption(in.options, "workload_degree", 2.0);
        if (!degree) return degree.status().withContext("method '" + id + "'");
        if (!(*degree == 2 || *degree == 3))
            return Status::invalidArgument("method '" + id + "': workload_degree must be 2 or 3");
        p->isMst = false;
        p->isAim = true;
        p->aim.epsilon = 1.0;
        p->aim.delta = p->mst.delta;
        p->aim.iterations = p->mst.iterations;
        p->aim.rows = p->mst.rows;
        p->aim.degree = static_cast<std::size_t>(*degree);
        VEIL_RETURN_IF_ERROR(synth::validateOptions(p->aim).withContext("method '" + id + "'"));
    }
    return std::shared_ptr<const void>(std::move(p));
}

Result<std::shared_ptr<const void>> prepareSynth(const std::string& id, bool independent, const TrialInput& in) {
    VEIL_RETURN_IF_ERROR(checkKnownOptions(in.options, {"beta", "max_degree", "theta", "rows", "way"}, id));
    if (!in.synthetic)
        return Status::invalidArgument("method '" + id + "' needs a table with declared \"domains\" as data set");
    auto p = std::make_shared<PreparedSynth>();
    p->options.independent = independent;
    auto beta = numberOption(in.options, "beta", p->options.beta);
    auto theta = numberOption(in.options, "theta", p->options.theta);
    auto degree = numberOption(in.options, "max_degree", double(p->options.maxDegree));
    auto rows = numberOption(in.options, "rows", 0.0);
    auto way = numberOption(in.options, "way", 2.0);
    for (const auto* r : {&beta, &theta, &degree, &rows, &way})
        if (!*r) return r->status().withContext("method '" + id + "'");
    if (!(*degree >= 0 && *degree <= 16) || !(*rows >= 0 && *rows <= double(synth::kMaxSyntheticRows)))
        return Status::invalidArgument("method '" + id + "': max_degree must be in [0, 16], rows in [0, " +
                                       std::to_string(synth::kMaxSyntheticRows) + "]");
    if (!(*way == 1 || *way == 2 || *way == 3))
        return Status::invalidArgument("method '" + id + "': way must be 1, 2 or 3");
    p->options.beta = *beta;
    p->options.theta = *theta;
    p->options.maxDegree = static_cast<std::size_t>(*degree);
    p->options.rows = static_cast<std::size_t>(*rows);
    p->way = static_cast<std::size_t>(*way);
    p->options.epsilon = 1.0;  // validated here with a placeholder; each trial sets its own
    VEIL_RETURN_IF_ERROR(synth::validateOptions(p->options).withContext("method '" + id + "'"));
    return std::shared_ptr<const void>(std::move(p));
}

MethodInfo synthMethod(const std::string& id, bool independent, const std::string& description) {
    const bool mst = id == "synth:mst", aim = id == "synth:aim";
    MethodInfo m;
    m.id = id;
    m.module = "synth";
    m.description = description;
    m.target = MethodTarget::Statistic;
    m.input = DataKind::SyntheticTable;
    m.supports1D = m.supports2D = false;
    m.optionsHelp =
        mst ? "delta (default: the experiment's, else 1e-9), iterations (default 1000), rows, way (marginals compared, "
              "default 2)"
        : aim ? "delta (default: the experiment's, else 1e-9), iterations (default 1000), workload_degree (2 or 3, "
                "default 2), rows, way (marginals compared, default 2)"
        : independent ? "rows (default: as many as the table), way (marginals compared, default 2)"
                      : "beta (default 0.3), max_degree (default 3), theta (default 4), rows, way "
                        "(marginals compared, default 2)";
    m.prepare = [id, independent, mst, aim](const TrialInput& in) {
        return mst || aim ? prepareMst(id, aim, in) : prepareSynth(id, independent, in);
    };
    m.truth = [](const TrialInput&) -> Result<std::vector<double>> { return std::vector<double>{0.0}; };
    m.run = [](const TrialInput& in, double epsilon, dp::ReleaseGate& gate) -> Result<std::vector<double>> {
        const auto& p = *static_cast<const PreparedSynth*>(in.prepared);
        synth::PrivBayesOptions o = p.options;
        o.epsilon = epsilon;
        synth::MstOptions mo = p.mst;
        mo.epsilon = epsilon;
        synth::AimOptions ao = p.aim;
        ao.epsilon = epsilon;
        const auto& table = *in.synthetic->table;
        const auto& domains = in.synthetic->domains;
        auto rel = p.isMst   ? synth::releaseMst(gate, table, domains, mo, RunContext{})
                   : p.isAim ? synth::releaseAim(gate, table, domains, ao, RunContext{})
                             : synth::releasePrivBayes(gate, table, domains, o, RunContext{});
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
    out.push_back(synthMethod("synth:privbayes", false,
                              "PrivBayes synthetic table (Zhang et al. 2014); error: average 2-way marginal TVD"));
    out.push_back(synthMethod("synth:mst", false,
                              "MST synthetic table (McKenna, Miklau, Sheldon 2021), delta option (default 1e-9); "
                              "error: average 2-way marginal TVD"));
    out.push_back(synthMethod("synth:aim", false,
                              "AIM synthetic table (McKenna, Mullins, Sheldon, Miklau 2022), delta option (default "
                              "1e-9); error: average 2-way marginal TVD"));
    out.push_back(synthMethod("synth:independent", true,
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
