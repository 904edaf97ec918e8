// veil-cli release PLAN.json --output DIR [--ledger FILE] [--seed S] [--aggregates FILE] [--json]:
// run a release plan headless and write a release bundle (data, manifest.json, report.html),
// recorded in the ledger. With --aggregates, a dp-query plan is released from the exact
// aggregates an external engine computed with `veil-cli plan-sql` (the noise is added here). With
// --engine URI, the plan runs inside PostgreSQL or ClickHouse, where the data stays.
#include "cli_support.h"
#include "command_registry.h"
#include "release_options.h"

#include "veil/dp/release_gate.h"
#include "veil/release/release_bundle.h"

#include <iostream>

namespace {

struct ReleaseOptions {
    std::string plan, output, ledger, aggregates, engine;
    std::uint64_t seed = 0;
    bool seeded = false;
    bool json = false;
};

int runRelease(const ReleaseOptions& o) {
    auto plan = veil::release::loadReleasePlan(o.plan);
    if (!plan) return veil::cli::reportError(plan.status());
    if (!o.engine.empty() && !o.aggregates.empty())
        return veil::cli::reportError("--engine and --aggregates: choose one (the engine computes the aggregates)");
    // Connected before anything is charged: a refused connection spends nothing.
    std::unique_ptr<veil::engine::SqlEngine> engine;
    if (!o.engine.empty()) {
        auto connected = veil::engine::connectEngine(o.engine);
        if (!connected) return veil::cli::reportError(connected.status());
        engine = std::move(*connected);
    }
    const std::string ledgerPath = o.ledger.empty() ? veil::cli::defaultLedgerPath() : o.ledger;
    auto ledger = veil::release::PrivacyLedger::openFile(ledgerPath);
    if (!ledger) return veil::cli::reportError(ledger.status());
    if (auto recovered = veil::release::recoverReleaseBundles(**ledger); !recovered)
        return veil::cli::reportError(recovered.status());

    // The bundle's place is chosen and locked before the release is charged: the ledger entry names
    // it, and a second release to the same path fails here, spending nothing.
    auto target = veil::release::prepareBundleTarget(o.output);
    if (!target) return veil::cli::reportError(target.status());
    auto datasetKey = veil::release::planDatasetKey(*plan);
    if (!datasetKey) return veil::cli::reportError(datasetKey.status());
    veil::dp::ReleaseGate::Options gateOptions;
    gateOptions.dataset = *datasetKey;
    gateOptions.ledger = ledger->get();
    auto planSeed = veil::release::planSeed(*plan);  // a synthetic plan may record a demonstration seed
    if (!planSeed) return veil::cli::reportError(planSeed.status());
    if (o.seeded)
        gateOptions.seed = o.seed;
    else if (*planSeed)
        gateOptions.seed = **planSeed;
    gateOptions.details = veil::release::bundleDetails(*target);
    veil::dp::ReleaseGate gate(std::move(gateOptions));
    auto outcome = engine                 ? veil::release::runReleasePlanOnEngine(*plan, *engine, gate)
                   : o.aggregates.empty() ? veil::release::runReleasePlan(*plan, gate)
                                          : veil::release::runReleasePlanOnAggregates(*plan, o.aggregates, gate);
    if (!outcome) return veil::cli::reportError(outcome.status());

    veil::release::BundleOptions options;
    options.outputDir = o.output;
    options.target = &*target;  // locked since before the charge
    options.ledger = ledger->get();
    auto bundle = veil::release::writeReleaseBundle(*outcome, options);
    if (!bundle) return veil::cli::reportError(bundle.status());

    if (o.json) {
        nlohmann::json j = bundle->manifest;
        j["bundle"] = bundle->dir;
        j["ledger"] = {{"file", ledgerPath}, {"entry", bundle->ledgerEntry}};
        veil::cli::printJson(j);
        return 0;
    }
    std::cout << outcome->title << "\n  bundle: " << bundle->dir << "\n  ledger: " << ledgerPath << " (entry "
              << bundle->ledgerEntry << ")\n  guarantee: " << outcome->guarantee << '\n';
    if (outcome->seeded) std::cout << "  note: seeded randomness - a demonstration, not a private release\n";
    return 0;
}

void setupRelease(CLI::App& app, veil::cli::CommandOutcome& outcome) {
    auto o = std::make_shared<ReleaseOptions>();
    auto* cmd = app.add_subcommand("release", "Run a release plan and write a release bundle (data, manifest, report)");
    cmd->add_option("PLAN", o->plan, "Release plan (JSON), e.g. docs/examples/adult-k5-plan.json")->required();
    cmd->add_option("--output,-o", o->output, "Bundle folder to create, or a .zip file to write (must not exist)")
        ->required();
    cmd->add_option("--ledger", o->ledger,
                    "Privacy ledger (SQLite file or a .veil project; default ~/.local/share/veil/ledger.sqlite)");
    cmd->add_option("--aggregates", o->aggregates,
                    "Release a dp-query plan from the exact aggregates (veil_aggregates exported as CSV) that an "
                    "engine computed with plan-sql's script, instead of from the plan's dataset");
    cmd->add_option("--engine", o->engine,
                    "Run the plan inside the engine that holds the data (postgresql://user@host:port/db?table=T or "
                    "clickhouse://user@host:8123/db?table=T): an anonymization plan creates veil_release there, a "
                    "dp-query plan's exact aggregates are computed there and noised here");
    auto* seed = cmd->add_option("--seed", o->seed,
                                 "Fixed seed: reproducible demo, NOT a private release (overrides a plan's \"seed\")");
    cmd->add_flag("--json", o->json, "Print the manifest as JSON");
    cmd->callback([o, seed, &outcome] {
        o->seeded = seed->count() > 0;
        outcome.exitCode = runRelease(*o);
    });
}

}  // namespace

VEIL_REGISTER_COMMAND("release", setupRelease);
