// veil-cli anonymize TABLE --qi a,b,c --hierarchy a=FILE ... [--sensitive COL] [--k N]
//   [--l-diversity distinct:L|entropy:L|recursive:C:L] [--t-closeness equal:T|ordered:T|hierarchical:T]
//   [--suppression S] [--metric ...] [--algorithm optimal|mondrian|mdav|local-recoding|none]
//   [--gs-factor F] [--iterations N] [--adaption A] [--local-suppression greedy|optimal]
//   [--ls-semantics wildcard|value] [--ls-time-limit S] [--ls-max-records N] [--output OUT.csv] [--json]
#include "anonymity_common.h"
#include "command_registry.h"

#include "veil/anonymity/anonymization.h"
#include "veil/anonymity/metric_catalog.h"
#include "veil/hierarchy/hierarchy_io.h"
#include "veil/release/release_runner.h"
#include "veil/table/csv_writer.h"

#include <cmath>
#include <map>

namespace {

using namespace veil;
using namespace veil::anonymity;

struct AnonymizeOptions {
    std::string table;
    std::string qi;
    std::vector<std::string> hierarchies;
    std::string sensitive;
    int k = 1;
    std::string lDiversity;
    std::string tCloseness;
    double suppression = 0.0;
    std::string metric = "loss";
    std::string algorithm = "optimal";
    std::string mondrianMode = "strict";
    std::string transformation;
    double gsFactor = LocalRecodingOptions{}.gsFactor;
    int iterations = LocalRecodingOptions{}.iterations;
    double adaption = 0.0;
    bool localRecodingGiven = false;  // --gs-factor, --iterations or --adaption on the command line
    bool gsFactorGiven = false;       // --gs-factor (only then does its being unused deserve a warning)
    std::string localSuppression;
    std::string lsSemantics;
    double lsTimeLimit = LocalSuppressionOptions{}.timeLimitSeconds;
    std::size_t lsMaxRecords = LocalSuppressionOptions{}.maxRecords;
    double threshold = 0.2;
    std::string output;
    bool json = false;
};

nlohmann::json number(double v) { return std::isfinite(v) ? nlohmann::json(v) : nlohmann::json(nullptr); }

// "Discernibility, penalised (DM) [dm]: 5.56e+07", or what the value is when it has none.
std::string metricLine(const AnonymizationResult& r) {
    const auto& title = metricInfo(r.metric).title;
    std::ostringstream line;
    line << std::string(title) << " [" << metricName(r.metric) << "]: ";
    const std::string undefined = metricNotDefinedText(r, r.metric);
    if (undefined.empty())
        line << r.informationLoss;
    else
        line << undefined;
    return line.str();
}

// "loss (Information loss (ARX Loss)), entropy (...), ...": the metrics for --help, from core's catalogue.
std::string metricsHelp() {
    std::string help = "Information loss to minimise (default loss): ";
    for (const auto& info : kMetricCatalog)
        help += std::string(metricName(info.kind)) + " = " + std::string(info.title) +
                (&info == &kMetricCatalog[std::size(kMetricCatalog) - 1] ? "" : "; ");
    return help;
}

Result<AnonymizationConfig> buildConfig(const AnonymizeOptions& o) {
    AnonymizationConfig cfg;
    std::map<std::string, hierarchy::Hierarchy> hierarchies;
    for (const auto& spec : o.hierarchies) {
        const auto eq = spec.find('=');
        if (eq == std::string::npos || eq == 0 || eq + 1 == spec.size())
            return Status::invalidArgument("--hierarchy expects COLUMN=FILE, got '" + spec + "'");
        auto h = hierarchy::readHierarchyCsv(spec.substr(eq + 1), spec.substr(0, eq));
        if (!h) return h.status();
        if (!hierarchies.emplace(spec.substr(0, eq), std::move(*h)).second)
            return Status::invalidArgument("--hierarchy given twice for '" + spec.substr(0, eq) + "'");
    }
    const auto qis = cli::splitList(o.qi);
    if (qis.empty()) return Status::invalidArgument("--qi needs at least one column");
    for (const auto& name : qis) {
        QuasiIdentifier q{name, std::nullopt};
        if (auto it = hierarchies.find(name); it != hierarchies.end()) q.hierarchy = it->second;
        cfg.quasiIdentifiers.push_back(std::move(q));
    }
    for (const auto& [name, h] : hierarchies) {
        const bool isQi = std::find(qis.begin(), qis.end(), name) != qis.end();
        if (name == o.sensitive)
            cfg.sensitiveHierarchy = h;
        else if (!isQi)
            return Status::invalidArgument("--hierarchy given for '" + name +
                                           "', which is neither a --qi nor the --sensitive column");
    }
    if (!o.sensitive.empty()) cfg.sensitive = o.sensitive;
    cfg.models.k = o.k;
    if (!o.lDiversity.empty()) {
        auto l = parseLDiversity(o.lDiversity);
        if (!l) return l.status().withContext("--l-diversity " + o.lDiversity);
        cfg.models.lDiversity = *l;
    }
    if (!o.tCloseness.empty()) {
        auto t = parseTCloseness(o.tCloseness);
        if (!t) return t.status().withContext("--t-closeness " + o.tCloseness);
        cfg.models.tCloseness = *t;
    }
    cfg.suppressionLimit = o.suppression;
    const auto metric = parseMetric(o.metric);
    if (!metric)
        return Status::invalidArgument(
            "unknown metric '" + o.metric +
            "' (expected loss, entropy, entropy-nm, discernibility, dm, aecs, precision, height, ncp, sse)");
    cfg.metric = *metric;
    const auto algorithm = algorithmFromName(o.algorithm);
    if (!algorithm)
        return Status::invalidArgument("unknown algorithm '" + o.algorithm +
                                       "' (expected optimal, mondrian, mdav, local-recoding or none)");
    cfg.algorithm = *algorithm;
    if (o.localRecodingGiven && cfg.algorithm != Algorithm::LocalRecoding)
        return Status::invalidArgument("--gs-factor, --iterations and --adaption apply to --algorithm local-recoding");
    if (cfg.algorithm == Algorithm::None && o.localSuppression.empty())
        return Status::invalidArgument(
            "--algorithm none needs --local-suppression greedy|optimal: without it the quasi-identifiers would be "
            "released as they are, not k-anonymous");
    if (!o.localSuppression.empty() && !acceptsLocalSuppression(cfg.algorithm))
        return Status::invalidArgument("--local-suppression applies to --algorithm optimal or none");
    if (!o.lsSemantics.empty() && o.localSuppression.empty())
        return Status::invalidArgument("--ls-semantics applies with --local-suppression greedy|optimal");
    cfg.localRecoding = {o.gsFactor, o.iterations, o.adaption, o.gsFactorGiven};
    if (!o.localSuppression.empty()) {
        LocalSuppressionOptions ls;
        if (o.localSuppression == "greedy")
            ls.method = LocalSuppressionMethod::Greedy;
        else if (o.localSuppression == "optimal")
            ls.method = LocalSuppressionMethod::Optimal;
        else
            return Status::invalidArgument("unknown --local-suppression '" + o.localSuppression +
                                           "' (expected greedy or optimal)");
        if (!o.lsSemantics.empty()) {
            auto semantics = parseLocalSuppressionSemantics(o.lsSemantics);
            if (!semantics)
                return Status::invalidArgument("unknown --ls-semantics '" + o.lsSemantics +
                                               "' (expected wildcard or value)");
            ls.semantics = *semantics;
        }
        ls.timeLimitSeconds = o.lsTimeLimit;
        ls.maxRecords = o.lsMaxRecords;
        cfg.localSuppression = ls;
    }
    if (o.mondrianMode == "strict")
        cfg.mondrianMode = MondrianMode::Strict;
    else if (o.mondrianMode == "relaxed")
        cfg.mondrianMode = MondrianMode::Relaxed;
    else
        return Status::invalidArgument("unknown Mondrian mode '" + o.mondrianMode + "' (expected strict or relaxed)");
    if (!o.transformation.empty()) {
        std::vector<int> levels;
        for (const auto& part : cli::splitList(o.transformation)) {
            try {
                levels.push_back(std::stoi(part));
            } catch (...) {
                return Status::invalidArgument("--transformation expects levels like 2,0,3, got '" + o.transformation +
                                               "'");
            }
        }
        cfg.transformation = levels;
    }
    cfg.riskThreshold = o.threshold;
    if (!(o.threshold > 0 && o.threshold <= 1))
        return Status::invalidArgument("--threshold must be in (0, 1], got " + std::to_string(o.threshold));
    return cfg;
}

nlohmann::json levelsJson(const AnonymizationResult& r, const std::vector<int>& levels) {
    return release::transformationJson(r.quasiIdentifiers, levels);
}

// " a=1 b=0": the levels of the result's transformation, for the text output.
std::string levelsText(const AnonymizationResult& r) {
    std::string text;
    for (std::size_t i = 0; i < r.quasiIdentifiers.size() && i < r.transformation.size(); ++i)
        text += ' ' + r.quasiIdentifiers[i] + '=' + std::to_string(r.transformation[i]);
    return text;
}

// Local recoding: one entry per pass; pass 0 is the global optimum.
nlohmann::json passesJson(const AnonymizationResult& r) {
    nlohmann::json passes = nlohmann::json::array();
    for (const auto& p : r.passes)
        passes.push_back({{"transformation", levelsJson(r, p.transformation)},
                          {"records", p.records},
                          {"released", p.released},
                          {"gs_factor", p.gsFactor},
                          {"information_loss", number(p.informationLoss)}});
    return passes;
}

nlohmann::json localSuppressionJson(const AnonymizationResult& r) {
    const auto& ls = *r.localSuppression;
    nlohmann::json perQi = nlohmann::json::object();
    for (std::size_t i = 0; i < r.quasiIdentifiers.size() && i < ls.cellsPerQi.size(); ++i)
        perQi[r.quasiIdentifiers[i]] = ls.cellsPerQi[i];
    return {{"method", localSuppressionMethodName(ls.method)},
            {"semantics", localSuppressionSemanticsName(ls.semantics)},
            {"requested", ls.requestedOptimal ? "optimal" : "greedy"},
            {"proven_optimal", ls.provenOptimal},
            {"cells", ls.suppressedCells},
            {"cells_per_qi", perQi},
            {"records_touched", ls.recordsTouched},
            {"records_wholly_suppressed", ls.recordsWhollySuppressed},
            {"cells_in_whole_records", ls.cellsInWholeRecords},
            {"min_matches", ls.minMatches},
            {"lower_bound", ls.lowerBound},
            {"message", ls.message}};
}

nlohmann::json resultJson(const AnonymizationResult& r, const AnonymizationConfig& cfg, std::size_t records) {
    nlohmann::json j;
    j["algorithm"] = algorithmName(r.algorithm);
    j["models"] = cfg.models.describe();
    j["metric"] = metricName(r.metric);
    j["records"] = records;
    if (r.algorithm == Algorithm::LocalRecoding) {
        j["transformation"] = r.found ? levelsJson(r, r.transformation) : nlohmann::json(nullptr);
        if (r.found) {
            j["passes"] = passesJson(r);
            j["global_suppressed"] = r.passes.front().records - r.passes.front().released;
            j["global_information_loss"] = number(r.passes.front().informationLoss);
        }
    } else if (r.algorithm == Algorithm::None) {
        j["transformation"] = nullptr;
    } else if (r.algorithm == Algorithm::Optimal) {
        j["transformation"] = r.found ? levelsJson(r, r.transformation) : nlohmann::json(nullptr);
        j["lattice"] = {{"nodes", r.lattice.size()},
                        {"checked", r.lattice.countChecked()},
                        {"anonymous", r.lattice.countStatus(NodeStatus::Anonymous)}};
    } else if (r.algorithm == Algorithm::Mdav) {
        j["groups"] = r.groups;  // "classes": the released table's (groups with equal means merge)
        j["sse_over_sst"] = number(r.metrics.sse);
    } else {
        j["partitions"] = r.found ? nlohmann::json(r.partitions.size()) : nlohmann::json(nullptr);
        if (!r.found) j["transformation"] = nullptr;
    }
    if (!r.found) {
        j["message"] = r.message;
        j["information_loss"] = nullptr;
        j["suppressed"] = nullptr;
        j["classes"] = nullptr;
        j["min_class_size"] = nullptr;
        j["risk"] = nullptr;
        j["risk_before"] = cli::riskJson(r.riskBefore);
    } else {
        j["information_loss"] = number(r.informationLoss);
        j["suppressed"] = r.suppressed;
        j["classes"] = r.classes.keptClasses();
        j["min_class_size"] = r.classes.minKeptClassSize();
        j["risk"] = cli::riskJson(r.riskAfter);
        j["risk_before"] = cli::riskJson(r.riskBefore);
        const auto& m = r.metrics;
        j["metrics"] = {{"loss", number(m.loss)},
                        {"entropy", number(m.entropy)},
                        {"entropy-nm", number(m.entropyNonMonotonic)},
                        {"discernibility", number(m.discernibility)},
                        {"dm", number(m.discernibilityPenalized)},
                        {"aecs", number(m.aecs)},
                        {"precision", number(m.precision)},
                        {"height", number(m.height)},
                        {"ncp", number(m.ncp)},
                        {"sse", number(m.sse)}};
    }
    if (r.localSuppression) j["local_suppression"] = localSuppressionJson(r);
    j["warnings"] = r.warnings;
    j["seconds"] = r.seconds;
    return j;
}

constexpr int kNoSolution = 2;  // the exit status when no transformation satisfies the models

int runAnonymize(const AnonymizeOptions& o) {
    auto cfg = buildConfig(o);
    if (!cfg) return cli::reportError(cfg.status());
    auto inputs = cli::filesOfAssignments(o.hierarchies);
    inputs.push_back(o.table);
    if (auto st = cli::checkOutputs({{"--output", o.output}}, inputs); !st) return cli::reportError(st);
    auto read = cli::readTableForAnonymity(o.table);
    if (!read) return cli::reportError(read.status());
    auto result = anonymize(read->table, *cfg);
    if (!result) return cli::reportError(result.status());
    const auto& r = *result;
    if (r.found && !o.output.empty()) {
        CsvWriteOptions w;
        w.delimiter = read->delimiter;
        if (auto s = writeCsvFile(r.output, o.output, w); !s) return cli::reportError(s);
    }
    for (const auto& w : r.warnings) std::cerr << "veil-cli: warning: " << w << '\n';
    // No solution is exit status 2, so that `anonymize -o out.csv && publish out.csv` stops: nothing
    // was written, and a file already at the path is someone else's, left as it was.
    if (!r.found && !o.output.empty())
        std::cerr << "veil-cli: no solution: nothing was written to " << o.output << '\n';
    if (o.json) {
        cli::printJson(resultJson(r, *cfg, read->table.rowCount()));
        return r.found ? 0 : kNoSolution;
    }
    if (!r.found) {
        std::cout << "No solution: " << r.message << '\n';
        return kNoSolution;
    }
    if (r.algorithm == Algorithm::Optimal) {
        std::cout << "Optimal transformation:" << levelsText(r) << "  (" << r.lattice.countChecked() << " of "
                  << r.lattice.size() << " lattice nodes checked)\n";
    } else if (r.algorithm == Algorithm::LocalRecoding) {
        std::cout << "Local recoding: " << r.passes.size() << " passes; the global optimum" << levelsText(r)
                  << " suppressed " << (r.passes.front().records - r.passes.front().released) << " records\n";
    } else if (r.algorithm == Algorithm::None) {
        std::cout << "No generalization (quasi-identifiers as they are)\n";
    } else if (r.algorithm == Algorithm::Mdav) {
        // Groups that release the same values are one class of the released table.
        std::cout << "Microaggregation (MDAV), k = " << cfg->models.k << ", SSE/SST = " << r.metrics.sse << " ("
                  << r.groups << " groups";
        if (r.groups != r.classes.classCount())
            std::cout << ", released as " << r.classes.classCount() << " distinct combinations: the classes below";
        std::cout << ")\n";
    } else {
        std::cout << "Mondrian partitions: " << r.partitions.size();
        if (r.partitions.size() != r.classes.classCount())  // partitions that print the same labels
            std::cout << ", released as " << r.classes.classCount() << " distinct combinations: the classes below";
        std::cout << '\n';
    }
    std::cout << metricLine(r) << '\n'
              << "Suppressed records: " << r.suppressed << " of " << read->table.rowCount() << '\n'
              << "Classes: " << r.classes.keptClasses() << " (smallest " << r.classes.minKeptClassSize() << ")\n"
              << "Risk before: " << cli::riskText(r.riskBefore) << '\n'
              << "Risk after:  " << cli::riskText(r.riskAfter) << '\n';
    if (r.localSuppression) {
        const auto& ls = *r.localSuppression;
        const bool asValue = ls.semantics == LocalSuppressionSemantics::Value;
        std::cout << "Local suppression (" << localSuppressionMethodName(ls.method)
                  << (ls.provenOptimal ? ", proven optimal" : "") << "): " << anonymity::localSuppressionCellsText(ls)
                  << "; "
                  << (asValue ? "every class ('*' a value of its own) has at least " : "every record matches at least ")
                  << ls.minMatches << (asValue ? " records\n" : " records ('*' matches any value)\n");
        if (ls.provenOptimal && !ls.message.empty()) std::cout << "Local suppression note: " << ls.message << '\n';
    }
    if (!o.output.empty()) std::cout << "Written to " << o.output << '\n';
    std::cout << "Time: " << r.seconds << " s\n";
    return 0;
}

void setupAnonymize(CLI::App& app, veil::cli::CommandOutcome& outcome) {
    auto o = std::make_shared<AnonymizeOptions>();
    auto* cmd = app.add_subcommand(
        "anonymize",
        "k-anonymity / l-diversity / t-closeness by optimal generalization or Mondrian; k-anonymity by "
        "MDAV microaggregation");
    cmd->footer(
        "Exit status: 0 a solution (written with --output), 2 no transformation satisfies the models "
        "(nothing written), 1 an error.");
    cmd->add_option("TABLE", o->table, cli::tableHelp("The table"))->required();
    cmd->add_option("--qi", o->qi, "Quasi-identifiers, comma separated")->required();
    cmd->add_option("--hierarchy", o->hierarchies,
                    "COLUMN=FILE: ARX-format hierarchy (repeatable; also for the sensitive column)");
    cmd->add_option("--sensitive", o->sensitive, "Sensitive attribute (for l-diversity / t-closeness)");
    cmd->add_option("--k", o->k, "k-anonymity (default 1 = none)");
    cmd->add_option("--l-diversity", o->lDiversity, "distinct:L | entropy:L | recursive:C:L");
    cmd->add_option("--t-closeness", o->tCloseness, "equal:T | ordered:T | hierarchical:T");
    cmd->add_option("--suppression", o->suppression, "Suppression limit, a fraction of records in [0,1] (default 0)");
    cmd->add_option("--metric", o->metric, metricsHelp());
    cmd->add_option("--algorithm", o->algorithm,
                    "optimal | mondrian | mdav | local-recoding | none (default optimal; mdav: microaggregation "
                    "of numeric QIs; local-recoding: ARX's local transformation; none: with --local-suppression)");
    auto* gsFactor =
        cmd->add_option("--gs-factor", o->gsFactor,
                        "local-recoding: ARX's generalization/suppression factor in [0,1] for the passes after the "
                        "first (default 0.05; 0 favours suppression, 1 generalization; loss metric only)");
    auto* iterations =
        cmd->add_option("--iterations", o->iterations, "local-recoding: passes after the global one (default 100)");
    auto* adaption = cmd->add_option("--adaption", o->adaption,
                                     "local-recoding: added to the gs-factor when a pass releases nothing (default 0)");
    cmd->add_option("--local-suppression", o->localSuppression,
                    "greedy | optimal: suppress single QI cells instead of records (after optimal, or alone with "
                    "--algorithm none; k-anonymity only, '*' matches any value)");
    cmd->add_option("--ls-semantics", o->lsSemantics,
                    "local suppression: wildcard ('*' matches any value, sdcMicro's; default) | value ('*' is a "
                    "value of its own, ARX's: every released combination occurs at least k times)");
    cmd->add_option("--ls-time-limit", o->lsTimeLimit,
                    "optimal local suppression: GLPK time limit in seconds (default 10)");
    cmd->add_option(
        "--ls-max-records", o->lsMaxRecords,
        "optimal local suppression: largest table tried (default 1000 records; beyond: the best suppression known, "
        "greedy or k-1 records wholly '*')");
    cmd->add_option("--mondrian-mode", o->mondrianMode, "strict | relaxed (default strict)");
    cmd->add_option("--transformation", o->transformation, "Apply these levels (e.g. 2,0,3) instead of searching");
    cmd->add_option("--threshold", o->threshold, "Risk threshold for 'records at risk' (default 0.2)");
    cmd->add_option("--output,-o", o->output, "Write the anonymized table here (CSV)");
    cmd->add_flag("--json", o->json, "Machine-readable output");
    cmd->callback([o, &outcome, gsFactor, iterations, adaption] {
        o->localRecodingGiven = gsFactor->count() + iterations->count() + adaption->count() > 0;
        o->gsFactorGiven = gsFactor->count() > 0;
        outcome.exitCode = runAnonymize(*o);
    });
}

}  // namespace

VEIL_REGISTER_COMMAND("anonymize", setupAnonymize);
