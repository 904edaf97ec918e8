// veil-cli risk TABLE --qi a,b,c [--sensitive COL] [--l L] [--threshold T] [--population FILE]
// [--population-size N | --sampling-fraction F] [--attribute-risk [--attribute-risk-max K]]
// [--suda [--suda-max-size N] [--suda-dis-fraction F] [--suda-top N]] [--json]: re-identification
// risk (prosecutor, journalist, marketer, sample uniqueness, the distribution of per-record risk), population
// uniqueness (Zayatz, Pitman, SNB and Dankar et al.'s choice among them) given the population's size, which sets of
// quasi-identifiers single records out, special uniques (SUDA2, risk_suda.h), and, with a sensitive attribute, the
// homogeneity attack.
#include "anonymity_common.h"
#include "command_registry.h"
#include "risk_suda.h"

#include "veil/anonymity/attacks.h"
#include "veil/anonymity/attribute_risk.h"
#include "veil/anonymity/population_uniqueness.h"
#include "veil/common/validate.h"

#include <cmath>

namespace {

using namespace veil;
using namespace veil::anonymity;

struct RiskOptions {
    std::string table;
    std::string qi;
    std::string sensitive;
    int l = 2;
    double threshold = 0.2;
    std::string population;
    long long populationSize = -1;           // -1: not given
    double samplingFraction = std::nan("");  // NaN: not given
    bool attributeRisk = false;
    std::size_t attributeRiskMax = 0;
    cli::SudaCliOptions suda;
    bool json = false;
};

nlohmann::json distributionJson(const std::vector<RiskBand>& bands) {
    nlohmann::json j = nlohmann::json::array();
    for (const auto& b : bands)
        j.push_back(
            {{"up_to", b.upTo}, {"records", b.records}, {"fraction", b.fraction}, {"cumulative", b.cumulative}});
    return j;
}

nlohmann::json uniquenessJson(const PopulationUniqueness& u) {
    auto estimate = [&](const std::optional<double>& v) {
        if (!v) return nlohmann::json(nullptr);
        return nlohmann::json{{"uniques", *v}, {"fraction", *v / double(u.populationSize)}};
    };
    nlohmann::json dankar = estimate(u.dankar);
    if (!dankar.is_null())
        dankar["model"] = u.dankarModel ? nlohmann::json(uniquenessModelName(*u.dankarModel)) : nlohmann::json(nullptr);
    return {{"population_size", u.populationSize},
            {"sampling_fraction", u.samplingFraction},
            {"sample_uniques", u.sampleUniques},
            {"zayatz", estimate(u.zayatz)},
            {"pitman", estimate(u.pitman)},
            {"snb", estimate(u.snb)},
            {"dankar", dankar}};
}

nlohmann::json attributeRiskJson(const std::vector<AttributeSetRisk>& sets) {
    nlohmann::json j = nlohmann::json::array();
    for (const auto& r : sets)
        j.push_back({{"attributes", r.attributes},
                     {"uniques", r.uniques},
                     {"uniqueness", r.uniqueness},
                     {"distinction", r.distinction},
                     {"separation", r.separation}});
    return j;
}

// A share as a percentage for people to read: three significant digits ("14.3%").
std::string percent(double share) {
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.3g%%", share * 100);
    return buf;
}

// The population's size from --population-size or --sampling-fraction (0: neither given).
Result<std::size_t> populationSizeOf(const RiskOptions& o, std::size_t records) {
    if (o.populationSize == 0 || o.populationSize < -1)
        return Status::invalidArgument("--population-size must be a positive number of records, got " +
                                       std::to_string(o.populationSize));
    if (std::isnan(o.samplingFraction)) return std::size_t(std::max(0LL, o.populationSize));
    if (o.populationSize > 0) return Status::invalidArgument("give --population-size or --sampling-fraction, not both");
    if (!(o.samplingFraction > 0.0 && o.samplingFraction <= 1.0))
        return Status::invalidArgument("--sampling-fraction must be in (0, 1], got " +
                                       formatNumber(o.samplingFraction));
    return std::size_t(std::llround(double(records) / o.samplingFraction));
}

// Everything `risk` found, before it is printed.
struct RiskFindings {
    std::vector<std::string> qis;
    RiskSummary risk;
    std::vector<RiskBand> distribution;
    std::size_t populationSize = 0;
    std::optional<PopulationUniqueness> uniqueness;
    std::vector<AttributeSetRisk> attributeSets;
    std::optional<HomogeneityReport> homogeneity;
    std::optional<SudaResult> suda;
    Table table;  // read for the SUDA output's values
};

Result<RiskFindings> assess(const RiskOptions& o) {
    auto read = cli::readTableForAnonymity(o.table);
    if (!read) return read.status();
    std::optional<Table> population;
    if (!o.population.empty()) {
        auto p = cli::readTableForAnonymity(o.population);
        if (!p) return p.status();
        population = p->table;
    }
    RiskFindings f;
    f.qis = cli::splitList(o.qi);
    auto risk = assessRisk(read->table, f.qis, o.threshold, population ? &*population : nullptr);
    if (!risk) return risk.status();
    f.risk = *risk;
    auto sizes = classSizes(read->table, f.qis);
    if (!sizes) return sizes.status();
    f.distribution = riskDistribution(*sizes);
    auto populationSize = populationSizeOf(o, read->table.rowCount());
    if (!populationSize) return populationSize.status();
    f.populationSize = *populationSize;
    if (f.populationSize > 0) {
        auto u = estimatePopulationUniqueness(*sizes, f.populationSize);
        if (!u) return u.status();
        f.uniqueness = *u;
    }
    if (o.attributeRisk) {
        auto a = anonymity::attributeRisk(read->table, f.qis, o.attributeRiskMax);
        if (!a) return a.status();
        f.attributeSets = std::move(*a);
    }
    if (o.suda.enabled) {
        auto s = cli::runSuda(read->table, f.qis, o.suda);
        if (!s) return s.status();
        f.suda = std::move(*s);
        f.table = read->table;
    }
    if (!o.sensitive.empty()) {
        auto h = homogeneityAttack(read->table, f.qis, o.sensitive, o.l);
        if (!h) return h.status();
        f.homogeneity = *h;
    }
    return f;
}

nlohmann::json homogeneityJson(const HomogeneityReport& h, const std::vector<std::string>& qis, int l) {
    nlohmann::json classes = nlohmann::json::array();
    for (const auto& c : h.vulnerable) {
        nlohmann::json key = nlohmann::json::object();
        for (std::size_t i = 0; i < qis.size(); ++i) key[qis[i]] = c.key[i];
        classes.push_back(
            {{"key", key},
             {"size", c.size},
             {"distinct_sensitive", c.distinctSensitive},
             {"disclosed", c.distinctSensitive == 1 ? nlohmann::json(c.disclosedValue) : nlohmann::json(nullptr)}});
    }
    return {{"l", l},
            {"classes", h.classes},
            {"vulnerable_classes", h.vulnerableClasses},
            {"homogeneous_classes", h.homogeneousClasses},
            {"records_affected", h.recordsAffected},
            {"vulnerable", classes}};
}

nlohmann::json findingsJson(const RiskFindings& f, const RiskOptions& o) {
    nlohmann::json j = cli::riskJson(f.risk);
    j["risk_distribution"] = distributionJson(f.distribution);
    if (f.uniqueness) j["population_uniqueness"] = uniquenessJson(*f.uniqueness);
    if (o.attributeRisk) j["attribute_risk"] = attributeRiskJson(f.attributeSets);
    if (f.homogeneity) j["homogeneity"] = homogeneityJson(*f.homogeneity, f.qis, o.l);
    if (f.suda) j["suda"] = cli::sudaJson(*f.suda);
    return j;
}

void printPopulationRisk(const RiskFindings& f) {
    std::cout << "Records by prosecutor risk:";
    for (const auto& b : f.distribution)
        if (b.records > 0) std::cout << "  <=" << percent(b.upTo) << ": " << b.records;
    std::cout << '\n';
    if (!f.uniqueness) return;
    auto show = [&](const char* name, const std::optional<double>& v) {
        std::cout << "  " << name << ": ";
        if (v)
            std::cout << formatNumber(std::round(*v * 10) / 10) << " (" << percent(*v / double(f.populationSize))
                      << " of the population)\n";
        else
            std::cout << "does not apply to this sample\n";
    };
    std::cout << "Population uniques (population " << f.populationSize << ", sampling fraction "
              << formatNumber(f.uniqueness->samplingFraction) << "):\n";
    show(uniquenessModelTitle(UniquenessModel::Zayatz), f.uniqueness->zayatz);
    show(uniquenessModelTitle(UniquenessModel::Pitman), f.uniqueness->pitman);
    show(uniquenessModelTitle(UniquenessModel::Snb), f.uniqueness->snb);
    const auto& model = f.uniqueness->dankarModel;
    const char* chosen = model ? uniquenessModelTitle(*model) : "no sample uniques";
    const std::string rule = std::string("Dankar et al.'s rule (") + chosen + ")";
    show(rule.c_str(), f.uniqueness->dankar);
}

void printAttributeRisk(const std::vector<AttributeSetRisk>& sets) {
    std::cout << "Attribute sets that single records out (" << sets.size() << " sets; the three worst of each size):\n";
    for (std::size_t i = 0, shown = 0; i < sets.size(); ++i) {
        const auto& r = sets[i];
        shown = i > 0 && r.attributes.size() == sets[i - 1].attributes.size() ? shown + 1 : 0;
        if (shown >= 3) continue;
        std::cout << "  ";
        for (std::size_t k = 0; k < r.attributes.size(); ++k) std::cout << (k ? ", " : "") << r.attributes[k];
        std::cout << ": " << r.uniques << " unique records (" << percent(r.uniqueness) << "), separation "
                  << percent(r.separation) << '\n';
    }
}

void printHomogeneity(const HomogeneityReport& h, const RiskFindings& f, const RiskOptions& o) {
    std::cout << "Homogeneity attack (fewer than " << o.l << " distinct '" << o.sensitive
              << "'): " << h.vulnerableClasses << " of " << h.classes << " classes, " << h.recordsAffected
              << " records\n";
    for (const auto& c : h.vulnerable) {
        std::cout << "  ";
        for (std::size_t i = 0; i < f.qis.size(); ++i) std::cout << (i ? ", " : "") << f.qis[i] << '=' << c.key[i];
        std::cout << " (" << c.size << " records): ";
        if (c.distinctSensitive == 1)
            std::cout << "all '" << c.disclosedValue << "'\n";
        else
            std::cout << c.distinctSensitive << " distinct values\n";
    }
}

int runRisk(const RiskOptions& o) {
    auto found = assess(o);
    if (!found) return cli::reportError(found.status());
    const RiskFindings& f = *found;
    if (o.json) {
        cli::printJson(findingsJson(f, o));
        return 0;
    }
    const RiskSummary& r = f.risk;
    std::cout << r.records << " records in " << r.classes << " classes (smallest " << r.minClassSize << ")\n"
              << "Prosecutor risk: max " << r.prosecutorMax << ", average " << r.prosecutorAvg << ", "
              << r.recordsAtRisk << " records above " << r.threshold << '\n'
              << "Journalist risk: max " << r.journalistMax << ", average " << r.journalistAvg << '\n'
              << "Marketer risk: " << r.marketer << '\n'
              << "Sample uniqueness: " << r.sampleUniqueness << " (" << r.uniques << " unique records)\n";
    printPopulationRisk(f);
    if (o.attributeRisk) printAttributeRisk(f.attributeSets);
    if (f.suda) cli::printSuda(*f.suda, f.table, o.suda.top);
    if (f.homogeneity) printHomogeneity(*f.homogeneity, f, o);
    return 0;
}

// The population models explained, for --help (the same lines as the window's tooltips).
std::string uniquenessModelsHelp() {
    std::string help;
    for (UniquenessModel m : {UniquenessModel::Zayatz, UniquenessModel::Pitman, UniquenessModel::Snb})
        help += std::string(uniquenessModelDescription(m)) + ' ';
    return help + dankarRuleDescription();
}

void setupRisk(CLI::App& app, veil::cli::CommandOutcome& outcome) {
    auto o = std::make_shared<RiskOptions>();
    auto* cmd = app.add_subcommand("risk", "Re-identification risk of a table and the homogeneity attack");
    cmd->add_option("TABLE", o->table, cli::tableHelp("The table (original or released)"))->required();
    cmd->add_option("--qi", o->qi, "Quasi-identifiers, comma separated")->required();
    cmd->add_option("--sensitive", o->sensitive, "Sensitive attribute: also run the homogeneity attack");
    cmd->add_option("--l", o->l, "Homogeneity attack: flag classes with fewer than l distinct values (default 2)");
    cmd->add_option("--threshold", o->threshold, "Records with prosecutor risk above this are 'at risk' (default 0.2)");
    cmd->add_option("--population", o->population, "Population table for the journalist / marketer models");
    cmd->add_option("--population-size", o->populationSize,
                    "Size of the population the table was sampled from: estimate population uniques");
    cmd->add_option(
        "--sampling-fraction", o->samplingFraction,
        "Share of the population in the table, in (0, 1]: estimate population uniques. " + uniquenessModelsHelp());
    cmd->add_flag("--attribute-risk", o->attributeRisk,
                  "Rank every set of the quasi-identifiers by the records it singles out");
    cmd->add_option("--attribute-risk-max", o->attributeRiskMax,
                    "Largest set of quasi-identifiers to rank (default: all, at most 16 attributes)");
    cli::addSudaOptions(*cmd, o->suda);
    cmd->add_flag("--json", o->json, "Machine-readable output");
    cmd->callback([o, &outcome] { outcome.exitCode = runRisk(*o); });
}

}  // namespace

VEIL_REGISTER_COMMAND("risk", setupRisk);
