// veil-cli anonymize TABLE --qi a,b,c --hierarchy a=FILE ... [--sensitive COL] [--k N]
//   [--l-diversity distinct:L|entropy:L|recursive:C:L] [--t-closeness equal:T|ordered:T|hierarchical:T]
//   [--suppression S] [--metric ...] [--algorithm optimal|mondrian|mdav] [--output OUT.csv] [--json]
#include "anonymity_common.h"
#include "command_registry.h"

#include "veil/anonymity/anonymization.h"
#include "veil/hierarchy/hierarchy_io.h"
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
    double threshold = 0.2;
    std::string output;
    bool json = false;
};

nlohmann::json number(double v) { return std::isfinite(v) ? nlohmann::json(v) : nlohmann::json(nullptr); }

Result<AnonymizationConfig> buildConfig(const AnonymizeOptions& o) {
    AnonymizationConfig cfg;
    std::map<std::string, hierarchy::Hierarchy> hierarchies;
    for (const auto& spec : o.hierarchies) {
        const auto eq = spec.find('=');
        if (eq == std::string::npos || eq == 0 || eq + 1 == spec.size())
            return Status::invalidArgument("--hierarchy expects COLUMN=FILE, got '" + spec + "'");
        auto h = hierarchy::readHierarchyCsv(spec.substr(eq + 1), spec.substr(0, eq));
        if (!h) return h.status();
        hierarchies.emplace(spec.substr(0, eq), std::move(*h));
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
    if (o.algorithm == "optimal")
        cfg.algorithm = Algorithm::Optimal;
    else if (o.algorithm == "mondrian")
        cfg.algorithm = Algorithm::Mondrian;
    else if (o.algorithm == "mdav")
        cfg.algorithm = Algorithm::Mdav;
    else
        return Status::invalidArgument("unknown algorithm '" + o.algorithm + "' (expected optimal, mondrian or mdav)");
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

const char* algorithmName(Algorithm a) {
    switch (a) {
        case Algorithm::Optimal:
            return "optimal";
        case Algorithm::Mondrian:
            return "mondrian";
        case Algorithm::Mdav:
            return "mdav";
    }
    return "?";
}

nlohmann::json resultJson(const AnonymizationResult& r, const AnonymizationConfig& cfg, std::size_t records) {
    nlohmann::json j;
    j["algorithm"] = algorithmName(r.algorithm);
    j["models"] = cfg.models.describe();
    j["metric"] = metricName(r.metric);
    j["records"] = records;
    if (r.algorithm == Algorithm::Optimal) {
        if (r.found) {
            nlohmann::json t = nlohmann::json::object();
            for (std::size_t i = 0; i < r.quasiIdentifiers.size(); ++i) t[r.quasiIdentifiers[i]] = r.transformation[i];
            j["transformation"] = t;
        } else {
            j["transformation"] = nullptr;
        }
        j["lattice"] = {{"nodes", r.lattice.size()},
                        {"checked", r.lattice.countChecked()},
                        {"anonymous", r.lattice.countStatus(NodeStatus::Anonymous)}};
    } else if (r.algorithm == Algorithm::Mdav) {
        j["groups"] = r.classes.classCount();
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
    j["warnings"] = r.warnings;
    j["seconds"] = r.seconds;
    return j;
}

int runAnonymize(const AnonymizeOptions& o) {
    auto cfg = buildConfig(o);
    if (!cfg) return cli::reportError(cfg.status());
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
    if (o.json) {
        cli::printJson(resultJson(r, *cfg, read->table.rowCount()));
        return 0;
    }
    if (!r.found) {
        std::cout << "No solution: " << r.message << '\n';
        return 0;
    }
    if (r.algorithm == Algorithm::Optimal) {
        std::cout << "Optimal transformation:";
        for (std::size_t i = 0; i < r.quasiIdentifiers.size(); ++i)
            std::cout << ' ' << r.quasiIdentifiers[i] << '=' << r.transformation[i];
        std::cout << "  (" << r.lattice.countChecked() << " of " << r.lattice.size() << " lattice nodes checked)\n";
    } else if (r.algorithm == Algorithm::Mdav) {
        std::cout << "Microaggregation (MDAV), k = " << cfg->models.k << ", SSE/SST = " << r.metrics.sse << " ("
                  << r.classes.classCount() << " groups)\n";
    } else {
        std::cout << "Mondrian partitions: " << r.partitions.size() << '\n';
    }
    std::cout << "Information loss (" << metricName(r.metric) << "): " << r.informationLoss << '\n'
              << "Suppressed records: " << r.suppressed << " of " << read->table.rowCount() << '\n'
              << "Classes: " << r.classes.keptClasses() << " (smallest " << r.classes.minKeptClassSize() << ")\n"
              << "Risk before: " << cli::riskText(r.riskBefore) << '\n'
              << "Risk after:  " << cli::riskText(r.riskAfter) << '\n';
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
    cmd->add_option("TABLE", o->table, cli::tableHelp("The table"))->required();
    cmd->add_option("--qi", o->qi, "Quasi-identifiers, comma separated")->required();
    cmd->add_option("--hierarchy", o->hierarchies,
                    "COLUMN=FILE: ARX-format hierarchy (repeatable; also for the sensitive column)");
    cmd->add_option("--sensitive", o->sensitive, "Sensitive attribute (for l-diversity / t-closeness)");
    cmd->add_option("--k", o->k, "k-anonymity (default 1 = none)");
    cmd->add_option("--l-diversity", o->lDiversity, "distinct:L | entropy:L | recursive:C:L");
    cmd->add_option("--t-closeness", o->tCloseness, "equal:T | ordered:T | hierarchical:T");
    cmd->add_option("--suppression", o->suppression, "Suppression limit, a fraction of records in [0,1] (default 0)");
    cmd->add_option("--metric", o->metric,
                    "loss | entropy | entropy-nm | discernibility | dm | aecs | precision | height | ncp | sse");
    cmd->add_option("--algorithm", o->algorithm,
                    "optimal | mondrian | mdav (default optimal; mdav: microaggregation of numeric QIs)");
    cmd->add_option("--mondrian-mode", o->mondrianMode, "strict | relaxed (default strict)");
    cmd->add_option("--transformation", o->transformation, "Apply these levels (e.g. 2,0,3) instead of searching");
    cmd->add_option("--threshold", o->threshold, "Risk threshold for 'records at risk' (default 0.2)");
    cmd->add_option("--output,-o", o->output, "Write the anonymized table here (CSV)");
    cmd->add_flag("--json", o->json, "Machine-readable output");
    cmd->callback([o, &outcome] { outcome.exitCode = runAnonymize(*o); });
}

}  // namespace

VEIL_REGISTER_COMMAND("anonymize", setupAnonymize);
