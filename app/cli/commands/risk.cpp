// veil-cli risk TABLE --qi a,b,c [--sensitive COL] [--l L] [--threshold T] [--population FILE] [--json]:
// re-identification risk (prosecutor, journalist, marketer, sample uniqueness) and, with a
// sensitive attribute, the homogeneity attack.
#include "anonymity_common.h"
#include "command_registry.h"

#include "veil/anonymity/attacks.h"

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
    bool json = false;
};

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
    std::optional<HomogeneityReport> homogeneity;
    if (!o.sensitive.empty()) {
        auto h = homogeneityAttack(read->table, qis, o.sensitive, o.l);
        if (!h) return cli::reportError(h.status());
        homogeneity = *h;
    }
    if (o.json) {
        nlohmann::json j = cli::riskJson(*risk);
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
    cmd->add_flag("--json", o->json, "Machine-readable output");
    cmd->callback([o, &outcome] { outcome.exitCode = runRisk(*o); });
}

}  // namespace

VEIL_REGISTER_COMMAND("risk", setupRisk);
