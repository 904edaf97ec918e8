// veil-cli plan-sql PLAN.json --dialect sqlite|duckdb|postgresql|spark|clickhouse
// [--output FILE]: export a
// full-domain generalization plan as SQL (hierarchy lookup tables + generalizing query with
// k-anonymity suppression), or a dp-query plan's exact, clamped aggregates (veil_aggregates, to
// be released with `veil-cli release PLAN --aggregates`), to run on the full data in an engine
// that scales. The SQL is built by core (release/plan_sql.h).
#include "cli_support.h"
#include "command_registry.h"

#include "veil/io/atomic_file.h"
#include "veil/release/plan_sql.h"

#include <iostream>

namespace {

struct PlanSqlOptions {
    std::string plan, dialect = "sqlite", output;
};

int runPlanSql(const PlanSqlOptions& o) {
    auto dialect = veil::release::parseSqlDialect(o.dialect);
    if (!dialect) return veil::cli::reportError(dialect.status());
    auto plan = veil::release::loadReleasePlan(o.plan);
    if (!plan) return veil::cli::reportError(plan.status());
    auto inputs = veil::release::planInputFiles(*plan);
    inputs.push_back(o.plan);
    if (auto st = veil::cli::checkOutputs({{"--output", o.output}}, inputs); !st) return veil::cli::reportError(st);
    auto text = veil::release::planSql(*plan, *dialect);
    if (!text) return veil::cli::reportError(text.status());
    if (o.output.empty()) {
        std::cout << *text;
        return 0;
    }
    if (auto s = veil::writeFileAtomically(o.output, *text); !s.isOk()) return veil::cli::reportError(s);
    return 0;
}

void setupPlanSql(CLI::App& app, veil::cli::CommandOutcome& outcome) {
    auto o = std::make_shared<PlanSqlOptions>();
    auto* cmd = app.add_subcommand(
        "plan-sql",
        "Export a full-domain generalization plan, or a DP query's exact aggregates, as SQL for an engine that scales");
    cmd->add_option("PLAN", o->plan, "Anonymization or dp-query plan (JSON)")->required();
    cmd->add_option("--dialect", o->dialect, "sqlite, duckdb, postgresql, spark or clickhouse (default sqlite)");
    cmd->add_option("--output,-o", o->output, "Write the SQL to FILE (default: standard output)");
    cmd->callback([o, &outcome] { outcome.exitCode = runPlanSql(*o); });
}

}  // namespace

VEIL_REGISTER_COMMAND("plan-sql", setupPlanSql);
