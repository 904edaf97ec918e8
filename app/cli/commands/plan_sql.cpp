// veil-cli plan-sql PLAN.json --dialect sqlite|duckdb|spark [--output FILE]: export a
// full-domain generalization plan as SQL (hierarchy lookup tables + generalizing query with
// k-anonymity suppression), or a dp-query plan's exact, clamped aggregates (veil_aggregates, to
// be released with `veil-cli release PLAN --aggregates`), to run on the full data in an engine
// that scales.
#include "cli_support.h"
#include "command_registry.h"

#include "veil/io/atomic_file.h"
#include "veil/release/aggregate_sql.h"
#include "veil/release/release_plan.h"
#include "veil/release/sql_export.h"

#include <iostream>

namespace {

struct PlanSqlOptions {
    std::string plan, dialect = "sqlite", output;
};

int writeSql(const PlanSqlOptions& o, const veil::Result<std::string>& text) {
    if (!text) return veil::cli::reportError(text.status());
    if (o.output.empty()) {
        std::cout << *text;
        return 0;
    }
    if (auto s = veil::writeFileAtomically(o.output, *text); !s.isOk()) return veil::cli::reportError(s);
    return 0;
}

// dp-query: the exact, contribution-bounded aggregates only; Veil adds the noise afterwards.
int runDpPlanSql(const PlanSqlOptions& o, const veil::release::ReleasePlan& plan, veil::release::SqlDialect dialect) {
    auto qp = veil::release::dpQueryPlan(plan);
    if (!qp) return veil::cli::reportError(qp.status());
    veil::release::AggregateSqlPlan sql;
    sql.column = qp->column;
    sql.spec = qp->spec;
    auto text = veil::release::aggregateSql(sql, dialect);
    if (!text) return veil::cli::reportError(text.status().withContext(o.plan));
    return writeSql(o, text);
}

int runPlanSql(const PlanSqlOptions& o) {
    auto dialect = veil::release::parseSqlDialect(o.dialect);
    if (!dialect) return veil::cli::reportError(dialect.status());
    auto plan = veil::release::loadReleasePlan(o.plan);
    if (!plan) return veil::cli::reportError(plan.status());
    if (plan->kind == "dp-query") return runDpPlanSql(o, *plan, *dialect);
    auto ap = veil::release::anonymizationPlan(*plan);
    if (!ap) return veil::cli::reportError(ap.status());
    const auto& cfg = ap->config;
    if (cfg.algorithm != veil::anonymity::Algorithm::Optimal)
        return veil::cli::reportError(o.plan + ": only full-domain (optimal) plans can be exported as SQL; Mondrian recodes locally");
    if (cfg.models.lDiversity || cfg.models.tCloseness || cfg.models.deltaPresence)
        return veil::cli::reportError(o.plan + ": SQL export supports k-anonymity plans (l-diversity and t-closeness "
                                               "suppression depends on the sensitive values)");

    // The transformation: given in the plan, or found on the plan's dataset (the sample).
    auto read = veil::readCsvFile(ap->dataset.path, ap->dataset.csv);
    if (!read) return veil::cli::reportError(read.status());
    std::vector<int> levels;
    std::vector<std::string> qiOrder;
    if (plan->json.contains("transformation")) {
        for (const auto& qi : ap->quasiIdentifiers) {
            if (!plan->json["transformation"].contains(qi))
                return veil::cli::reportError(o.plan + ": transformation has no level for '" + qi + "'");
            qiOrder.push_back(qi);
            levels.push_back(plan->json["transformation"][qi].get<int>());
        }
    } else {
        auto result = veil::anonymity::anonymize(read->table, cfg);
        if (!result) return veil::cli::reportError(result.status());
        if (!result->found) return veil::cli::reportError(o.plan + ": " + result->message);
        qiOrder = result->quasiIdentifiers;
        levels = result->transformation;
    }
    veil::release::GeneralizationSqlPlan sql;
    sql.columns = read->table.columnNames();
    sql.k = cfg.models.k;
    for (std::size_t i = 0; i < qiOrder.size(); ++i) {
        const auto it = std::find_if(cfg.quasiIdentifiers.begin(), cfg.quasiIdentifiers.end(),
                                     [&](const auto& q) { return q.column == qiOrder[i]; });
        if (it == cfg.quasiIdentifiers.end() || !it->hierarchy)
            return veil::cli::reportError(o.plan + ": '" + qiOrder[i] + "' needs a hierarchy");
        sql.quasiIdentifiers.push_back({qiOrder[i], *it->hierarchy, levels[i]});
    }
    return writeSql(o, veil::release::generalizationSql(sql, *dialect));
}

void setupPlanSql(CLI::App& app, veil::cli::CommandOutcome& outcome) {
    auto o = std::make_shared<PlanSqlOptions>();
    auto* cmd = app.add_subcommand("plan-sql", "Export a full-domain generalization plan, or a DP query's exact aggregates, as SQL for an engine that scales");
    cmd->add_option("PLAN", o->plan, "Anonymization or dp-query plan (JSON)")->required();
    cmd->add_option("--dialect", o->dialect, "sqlite, duckdb or spark (default sqlite)");
    cmd->add_option("--output,-o", o->output, "Write the SQL to FILE (default: standard output)");
    cmd->callback([o, &outcome] { outcome.exitCode = runPlanSql(*o); });
}

}  // namespace

VEIL_REGISTER_COMMAND("plan-sql", setupPlanSql);
