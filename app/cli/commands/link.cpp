// veil-cli link TABLE --external FILE --on a,b,c [--json]: the linkage attack - join a public
// table (e.g. a voter list) to a released table on quasi-identifiers and report the records
// re-identified uniquely.
#include "anonymity_common.h"
#include "command_registry.h"

#include "veil/anonymity/attacks.h"

namespace {

using namespace veil;
using namespace veil::anonymity;

struct LinkOptions {
    std::string table;
    std::string external;
    std::string on;
    bool json = false;
};

nlohmann::json rowJson(const Table& t, std::size_t row) {
    nlohmann::json j = nlohmann::json::object();
    for (std::size_t c = 0; c < t.columnCount(); ++c) j[t.column(c).name()] = t.column(c).toString(row);
    return j;
}

int runLink(const LinkOptions& o) {
    auto released = cli::readTableForAnonymity(o.table);
    if (!released) return cli::reportError(released.status());
    auto external = cli::readTableForAnonymity(o.external);
    if (!external) return cli::reportError(external.status());
    auto report = linkageAttack(released->table, external->table, cli::splitList(o.on));
    if (!report) return cli::reportError(report.status());
    const Table& rt = released->table;
    const Table& et = external->table;
    if (o.json) {
        nlohmann::json matches = nlohmann::json::array(), reid = nlohmann::json::array();
        for (const auto& m : report->matches) {
            matches.push_back({{"external_row", m.externalRow}, {"private_rows", m.privateRows}});
            if (m.privateRows.size() == 1)
                reid.push_back({{"external_row", m.externalRow},
                                {"private_row", m.privateRows[0]},
                                {"external", rowJson(et, m.externalRow)},
                                {"private", rowJson(rt, m.privateRows[0])}});
        }
        cli::printJson({{"on", report->on},
                        {"external_records", report->externalRecords},
                        {"private_records", report->privateRecords},
                        {"reidentified", report->reidentified},
                        {"private_reidentified", report->privateReidentified},
                        {"matches", matches},
                        {"reidentifications", reid}});
        return 0;
    }
    std::cout << report->reidentified << " of " << report->externalRecords
              << " external records match exactly one released record\n";
    for (const auto& m : report->matches) {
        std::cout << "  external row " << m.externalRow + 1 << ": ";
        if (m.privateRows.empty())
            std::cout << "no match\n";
        else if (m.privateRows.size() > 1)
            std::cout << m.privateRows.size() << " candidates\n";
        else {
            std::cout << "re-identified as released row " << m.privateRows[0] + 1 << " (";
            for (std::size_t c = 0; c < rt.columnCount(); ++c)
                std::cout << (c ? ", " : "") << rt.column(c).name() << '=' << rt.column(c).toString(m.privateRows[0]);
            std::cout << ")\n";
        }
    }
    return 0;
}

void setupLink(CLI::App& app, veil::cli::CommandOutcome& outcome) {
    auto o = std::make_shared<LinkOptions>();
    auto* cmd = app.add_subcommand("link", "Linkage attack: join an external table on quasi-identifiers");
    cmd->add_option("TABLE", o->table, cli::tableHelp("The released (or de-identified) table"))->required();
    cmd->add_option("--external", o->external, cli::tableHelp("External table with identities (e.g. a voter list)"))
        ->required();
    cmd->add_option("--on", o->on, "Join columns, comma separated, present in both tables")->required();
    cmd->add_flag("--json", o->json, "Machine-readable output");
    cmd->callback([o, &outcome] { outcome.exitCode = runLink(*o); });
}

}  // namespace

VEIL_REGISTER_COMMAND("link", setupLink);
