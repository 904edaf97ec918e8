#include "veil/release/plan_sql.h"

#include "veil/anonymity/anonymization.h"
#include "veil/release/aggregate_sql.h"
#include "veil/table/csv_reader.h"

#include <algorithm>

namespace veil::release {

namespace {

Result<std::string> dpQuerySql(const ReleasePlan& plan, SqlDialect d) {
    auto qp = dpQueryPlan(plan);
    if (!qp) return qp.status();
    AggregateSqlPlan sql;
    sql.column = qp->column;
    sql.spec = qp->spec;
    auto text = aggregateSql(sql, d);
    if (!text) return text.status().withContext(plan.name);
    return text;
}

}  // namespace

Result<GeneralizationSqlPlan> generalizationPlan(const ReleasePlan& plan, const RunContext& ctx) {
    auto ap = anonymizationPlan(plan);
    if (!ap) return ap.status();
    return generalizationPlan(plan, *ap, ctx);
}

Result<GeneralizationSqlPlan> generalizationPlan(const ReleasePlan& plan, const AnonymizationPlan& ap,
                                                 const RunContext& ctx) {
    const auto& cfg = ap.config;
    if (cfg.algorithm == anonymity::Algorithm::Mdav)
        return Status::invalidArgument(plan.name +
                                       ": MDAV microaggregation cannot be exported as SQL: it forms its groups one "
                                       "after another, each around the record farthest from the centroid of the "
                                       "records still left, which a SQL query cannot express; run the plan in Veil "
                                       "or use the optimal algorithm");
    if (cfg.algorithm == anonymity::Algorithm::LocalRecoding)
        return Status::invalidArgument(
            plan.name +
            ": local recoding cannot be exported as SQL: which records are recoded depends on the other records "
            "of the whole table, pass after pass, so a query computed on Veil's copy would not apply to the data "
            "in the engine (a CASE over record ids would only replay this copy, row by row); run the plan in "
            "Veil, or export the optimal full-domain plan");
    if (cfg.localSuppression)
        return Status::invalidArgument(
            plan.name +
            ": local suppression cannot be exported as SQL: which cells become '*' is chosen record by record, by a "
            "greedy search (or an integer program) over how many records each record matches in the whole table, "
            "and a query cannot make those choices on the engine's data (a CASE over record ids would only replay "
            "Veil's copy); run the plan in Veil, or export the plan without \"local_suppression\", whose "
            "suppression of whole records SQL expresses");
    if (cfg.algorithm != anonymity::Algorithm::Optimal)
        return Status::invalidArgument(plan.name +
                                       ": only full-domain (optimal) plans can be exported as SQL; Mondrian "
                                       "recodes locally");
    if (cfg.models.lDiversity || cfg.models.tCloseness || cfg.models.deltaPresence)
        return Status::invalidArgument(plan.name +
                                       ": SQL export supports k-anonymity plans (l-diversity and t-closeness "
                                       "suppression depends on the sensitive values)");
    auto read = readCsvFile(ap.dataset.path, ap.dataset.csv);
    if (!read) return read.status();
    // The transformation: the plan's own (one level per quasi-identifier, in its order), or the
    // optimum found on the plan's dataset.
    std::vector<std::string> qis;
    std::vector<int> levels;
    if (cfg.transformation) {
        qis = ap.quasiIdentifiers;
        levels = *cfg.transformation;
    } else {
        auto result = anonymity::anonymize(read->table, cfg, ctx);
        if (!result) return result.status();
        if (!result->found) return Status::invalidArgument(plan.name + ": " + result->message);
        qis = result->quasiIdentifiers;
        levels = result->transformation;
    }
    GeneralizationSqlPlan sql;
    sql.columns = read->table.columnNames();
    sql.k = cfg.models.k;
    for (std::size_t i = 0; i < qis.size(); ++i) {
        const auto it = std::find_if(cfg.quasiIdentifiers.begin(), cfg.quasiIdentifiers.end(),
                                     [&](const auto& q) { return q.column == qis[i]; });
        if (it == cfg.quasiIdentifiers.end() || !it->hierarchy)
            return Status::invalidArgument(plan.name + ": '" + qis[i] + "' needs a hierarchy");
        sql.quasiIdentifiers.push_back({qis[i], *it->hierarchy, levels[i]});
    }
    return sql;
}

Result<std::string> planSql(const ReleasePlan& plan, SqlDialect d, const RunContext& ctx) {
    if (plan.kind == "dp-query") return dpQuerySql(plan, d);
    auto sql = generalizationPlan(plan, ctx);
    if (!sql) return sql.status();
    return generalizationSql(*sql, d);
}

}  // namespace veil::release
