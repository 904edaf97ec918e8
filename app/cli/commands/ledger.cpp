// veil-cli ledger check [--ledger FILE] [FOLDER...] [--fix] [--json]: what the release bundles on
// disk look like against the ledger. Lists bundles the ledger names (complete, recoverable after
// an interrupted rename, missing), and in their folders and the folders given, the partials and
// temporary files Veil left without a ledger entry. --fix completes the recoverable ones and
// removes the strays (only partials carrying Veil's marker), saying what it did.
// veil-cli ledger fingerprint FILE [--ledger FILE]: the keyed fingerprint a manifest names FILE by.
#include "cli_support.h"
#include "command_registry.h"
#include "release_options.h"

#include "veil/io/hash.h"
#include "veil/release/bundle_target.h"
#include "veil/release/privacy_ledger.h"

#include <filesystem>
#include <iostream>

namespace {

struct LedgerCheckOptions {
    std::string ledger;
    std::vector<std::string> folders;
    bool fix = false;
    bool json = false;
};

int runCheck(const LedgerCheckOptions& o) {
    const std::string path = o.ledger.empty() ? veil::cli::defaultLedgerPath() : o.ledger;
    if (!std::filesystem::exists(path))  // an inspection creates nothing: a mistyped path is not "all clear"
        return veil::cli::reportError(veil::Status::notFound(path + ": no privacy ledger here"));
    auto ledger = veil::release::PrivacyLedger::openFile(path);
    if (!ledger) return veil::cli::reportError(ledger.status());
    auto items = veil::release::checkReleaseBundles(**ledger, o.folders, o.fix);
    if (!items) return veil::cli::reportError(items.status());
    if (o.json) {
        nlohmann::json j = {{"ledger", path}, {"fix", o.fix}, {"items", nlohmann::json::array()}};
        for (const auto& i : *items) j["items"].push_back({{"path", i.path}, {"state", i.state}, {"action", i.action}});
        veil::cli::printJson(j);
        return 0;
    }
    std::cout << "ledger: " << path << '\n';
    if (items->empty()) std::cout << "no release bundles recorded, no partials found\n";
    for (const auto& i : *items)
        std::cout << "  " << i.state << ": " << i.path << (i.action.empty() ? "" : " -> " + i.action) << '\n';
    return 0;
}

int runFingerprint(const std::string& ledgerPath, const std::string& file) {
    const std::string path = ledgerPath.empty() ? veil::cli::defaultLedgerPath() : ledgerPath;
    if (!std::filesystem::exists(path))  // never a new ledger with a new secret: nothing would match
        return veil::cli::reportError(veil::Status::notFound(path + ": no privacy ledger here"));
    auto ledger = veil::release::PrivacyLedger::openFile(path);
    if (!ledger) return veil::cli::reportError(ledger.status());
    auto sha = veil::sha256FileHex(file);
    if (!sha) return veil::cli::reportError(sha.status());
    auto fingerprint = (*ledger)->fingerprint(*sha, false);
    if (!fingerprint) return veil::cli::reportError(fingerprint.status());
    std::cout << *fingerprint << '\n';
    return 0;
}

void setupLedger(CLI::App& app, veil::cli::CommandOutcome& outcome) {
    auto* ledger = app.add_subcommand("ledger", "Inspect the privacy ledger and the release bundles it records");
    ledger->require_subcommand(1);
    auto o = std::make_shared<LedgerCheckOptions>();
    auto* check = ledger->add_subcommand(
        "check", "List recorded bundles and the partials / temporary files a crash or a kill left; --fix repairs");
    check->add_option("--ledger", o->ledger, "Privacy ledger (default ~/.local/share/veil/ledger.sqlite)");
    check->add_option("FOLDER", o->folders, "Also look for partials in these folders");
    check->add_flag("--fix", o->fix, "Complete recoverable bundles, remove stray partials and temporary files");
    check->add_flag("--json", o->json, "Print the result as JSON");
    check->callback([o, &outcome] { outcome.exitCode = runCheck(*o); });

    auto f = std::make_shared<std::pair<std::string, std::string>>();  // ledger, file
    auto* fingerprint = ledger->add_subcommand(
        "fingerprint", "The fingerprint a release manifest names FILE by (keyed by this ledger's secret)");
    fingerprint->add_option("--ledger", f->first, "Privacy ledger (default ~/.local/share/veil/ledger.sqlite)");
    fingerprint->add_option("FILE", f->second, "The input file (a dataset, or exact aggregates)")->required();
    fingerprint->callback([f, &outcome] { outcome.exitCode = runFingerprint(f->first, f->second); });
}

}  // namespace

VEIL_REGISTER_COMMAND("ledger", setupLedger);
