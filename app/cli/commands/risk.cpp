// veil-cli risk TABLE --qi a,b,c [--sensitive COL] [--l L] [--threshold T] [--population FILE]
// [--population-size N | --sampling-fraction F] [--json]: re-identification risk (prosecutor,
// journalist, marketer, sample uniqueness, the distribution of per-record risk), population
// uniqueness (Zayatz, Pitman) given the population's size, and, with a sensitive attribute, the
// homogeneity attack.
#include "anonymity_common.h"
#include "command_registry.h"

#include "veil/anonymity/attacks.h"
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
    return {{"population_size", u.populationSize},
            {"sampling_fraction", u.samplingFraction},
            {"sample_uniques", u.sampleUniques},
            {"zayatz", estimate(u.zayatz)},
            {"pitman", estimate(u.pitman)}};
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

int runRisk(const RiskOptions& o) {
    auto read = cli::readTableForAnonymity(o.table);
    if (!read) return cli::reportError(read.status());
    std::optional<Table> population;
    if (!o.population.empty()) {
        auto p = cli::readTableForAnonymity(o.population);
        if (!p) return cli::reportError(p.status());
        population = p->table;
    }
    const auto qis = cli::splitList(o.qi);
    auto risk = assessRisk(read->table, qis, o.threshold, population ? &*population : nullptr);
    if (!risk) return cli::reportError(risk.status());
    auto sizes = classSizes(read->table, qis);
    if (!sizes) return cli::reportError(sizes.status());
    const std::vector<RiskBand> distribution = riskDistribution(*sizes);
    auto populationSize = populationSizeOf(o, read->table.rowCount());
    if (!populationSize) return cli::reportError(populationSize.status());
    std::optional<PopulationUniqueness> uniqueness;
    if (*populationSize > 0) {
        auto u = estimatePopulationUniqueness(*sizes, *populationSize);
        if (!u) return cli::reportError(u.status());
        uniqueness = *u;
    }
    std::optional<HomogeneityReport> homogeneity;
    if (!o.sensitive.empty()) {
        auto h = homogeneityAttack(read->table, qis, o.sensitive, o.l);
        if (!h) return cli::reportError(h.status());
        homogeneity = *h;
    }
    if (o.json) {
        nlohmann::json j = cli::riskJson(*risk);
        j["risk_distribution"] = distributionJson(distribution);
        if (uniqueness) j["population_uniqueness"] = uniquenessJson(*uniqueness);
        if (homogeneity) {
            nlohmann::json classes = nlohmann::json::array();
            for (const auto& c : homogeneity->vulnerable) {
                nlohmann::json key = nlohmann::json::object();
                for (std::size_t i = 0; i < qis.size(); ++i) key[qis[i]] = c.key[i];
                classes.push_back({{"key", key},
                                   {"size", c.size},
                                   {"distinct_sensitive", c.distinctSensitive},
                                   {"disclosed", c.distinctSensitive == 1 ? nlohmann::json(c.disclosedValue)
                                                                          : nlohmann::json(nullptr)}});
            }
            j["homogeneity"] = {{"l", o.l},
                                {"classes", homogeneity->classes},
                                {"vulnerable_classes", homogeneity->vulnerableClasses},
                                {"homogeneous_classes", homogeneity->homogeneousClasses},
                                {"records_affected", homogeneity->recordsAffected},
                                {"vulnerable", classes}};
        }
        cli::printJson(j);
        return 0;
    }
    std::cout << risk->records << " records in " << risk->classes << " classes (smallest " << risk->minClassSize
              << ")\n"
              << "Prosecutor risk: max " << risk->prosecutorMax << ", average " << risk->prosecutorAvg << ", "
              << risk->recordsAtRisk << " records above " << risk->threshold << '\n'
              << "Journalist risk: max " << risk->journalistMax << ", average " << risk->journalistAvg << '\n'
              << "Marketer risk: " << risk->marketer << '\n'
              << "Sample uniqueness: " << risk->sampleUniqueness << " (" << risk->uniques << " unique records)\n";
    std::cout << "Records by prosecutor risk:";
    for (const auto& b : distribution)
        if (b.records > 0) std::cout << "  <=" << percent(b.upTo) << ": " << b.records;
    std::cout << '\n';
    if (uniqueness) {
        auto show = [&](const char* name, const std::optional<double>& v) {
            std::cout << "  " << name << ": ";
            if (v)
                std::cout << formatNumber(std::round(*v * 10) / 10) << " (" << percent(*v / double(*populationSize))
                          << " of the population)\n";
            else
                std::cout << "does not apply to this sample\n";
        };
        std::cout << "Population uniques (population " << *populationSize << ", sampling fraction "
                  << formatNumber(uniqueness->samplingFraction) << "):\n";
        show("Zayatz", uniqueness->zayatz);
        show("Pitman", uniqueness->pitman);
    }
    if (homogeneity) {
        std::cout << "Homogeneity attack (fewer than " << o.l << " distinct '" << o.sensitive
                  << "'): " << homogeneity->vulnerableClasses << " of " << homogeneity->classes << " classes, "
                  << homogeneity->recordsAffected << " records\n";
        for (const auto& c : homogeneity->vulnerable) {
            std::cout << "  ";
            for (std::size_t i = 0; i < qis.size(); ++i) std::cout << (i ? ", " : "") << qis[i] << '=' << c.key[i];
            std::cout << " (" << c.size << " records): ";
            if (c.distinctSensitive == 1)
                std::cout << "all '" << c.disclosedValue << "'\n";
            else
                std::cout << c.distinctSensitive << " distinct values\n";
        }
    }
    return 0;
}

void setupRisk(CLI::App& app, veil::cli::CommandOutcome& outcome) {
    auto o = std::make_shared<RiskOptions>();
    auto* cmd = app.add_subcommand("risk", "Re-identification risk of a table and the homogeneity attack");
    cmd->add_option("TABLE", o->table, "CSV table (original or released)")->required();
    cmd->add_option("--qi", o->qi, "Quasi-identifiers, comma separated")->required();
    cmd->add_option("--sensitive", o->sensitive, "Sensitive attribute: also run the homogeneity attack");
    cmd->add_option("--l", o->l, "Homogeneity attack: flag classes with fewer than l distinct values (default 2)");
    cmd->add_option("--threshold", o->threshold, "Records with prosecutor risk above this are 'at risk' (default 0.2)");
    cmd->add_option("--population", o->population, "Population table for the journalist / marketer models");
    cmd->add_option("--population-size", o->populationSize,
                    "Size of the population the table was sampled from: estimate population uniques");
    cmd->add_option("--sampling-fraction", o->samplingFraction,
                    "Share of the population in the table, in (0, 1]: estimate population uniques");
    cmd->add_flag("--json", o->json, "Machine-readable output");
    cmd->callback([o, &outcome] { outcome.exitCode = runRisk(*o); });
}

}  // namespace

VEIL_REGISTER_COMMAND("risk", setupRisk);
