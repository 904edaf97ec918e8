// SQL export of exact, contribution-bounded DP aggregates (clamping and a data-independent
// histogram domain: Dwork & Roth 2014, 3.3 "the Laplace mechanism", histogram queries).
#include "veil/release/aggregate_sql.h"

#include "release/detail/clickhouse_sql.h"

#include "veil/common/random.h"
#include "veil/dp/exact_aggregates.h"

#include <cstdio>
#include <sstream>

namespace veil::release {

namespace {

// A double as a literal that every dialect reads back to the same double (17 significant digits,
// through a string so DuckDB does not make a DECIMAL of it).
std::string doubleLiteral(double v, SqlDialect d) {
    char buf[40];
    std::snprintf(buf, sizeof buf, "%.17g", v);
    return "CAST('" + std::string(buf) + "' AS " + sqlDoubleType(d) + ")";
}

std::string createTable(const std::string& name, SqlDialect d) {
    const std::string quoted = sqlIdentifier(name, d);
    if (d == SqlDialect::Spark) return "CREATE OR REPLACE TEMPORARY VIEW " + quoted + " AS\n";
    return "DROP TABLE IF EXISTS " + quoted + ";\nCREATE TABLE " + quoted + " AS\n";
}

Status checkPlanText(const AggregateSqlPlan& plan, const dp::AggregateDomain& domain, SqlDialect d) {
    VEIL_RETURN_IF_ERROR(checkSqlText(plan.column, d, true, "column '" + sqlCommentText(plan.column) + "'"));
    for (const auto* table : {&plan.inputTable, &plan.outputTable, &plan.domainTable})
        VEIL_RETURN_IF_ERROR(checkSqlText(*table, d, true, "table '" + sqlCommentText(*table) + "'"));
    for (const auto& label : domain.labels)
        VEIL_RETURN_IF_ERROR(checkSqlText(label, d, false, "a category of '" + sqlCommentText(plan.column) + "'"));
    return Status::ok();
}

std::string textType(SqlDialect d) { return d == SqlDialect::Spark ? "STRING" : "TEXT"; }

void writeDomain(std::ostringstream& s, const AggregateSqlPlan& plan, const dp::AggregateDomain& domain, SqlDialect d) {
    s << "\n-- The histogram's domain, from the plan alone (never from the data): one row per bin.\n";
    const std::string table = sqlIdentifier(plan.domainTable, d);
    if (d == SqlDialect::Spark) {
        s << "CREATE OR REPLACE TEMPORARY VIEW " << table << " AS SELECT * FROM VALUES\n  ";
    } else {
        s << "DROP TABLE IF EXISTS " << table << ";\nCREATE TABLE " << table
          << " (output_index INTEGER NOT NULL PRIMARY KEY, label " << textType(d) << " NOT NULL);\nINSERT INTO "
          << table << " (output_index, label) VALUES\n  ";
    }
    for (std::size_t i = 0; i < domain.labels.size(); ++i)
        s << (i ? ",\n  " : "") << "(" << i << ", " << sqlStringLiteral(domain.labels[i], d) << ")";
    s << (d == SqlDialect::Spark ? "\n  AS t(output_index, label);\n" : ";\n");
}

}  // namespace

Result<std::string> aggregateSql(const AggregateSqlPlan& plan, SqlDialect d) {
    if (plan.column.empty()) return Status::invalidArgument("the plan names no column");
    auto domain = dp::aggregateDomain(plan.spec);
    if (!domain) return domain.status();
    VEIL_RETURN_IF_ERROR(checkPlanText(plan, *domain, d));
    {
        // Refuse now what the release would refuse later (epsilon, delta, mechanism): a dry run of
        // the release on made-up aggregates that involve no data, discarded.
        dp::ExactAggregates dry{std::vector<double>(domain->labels.size(), 0.0), 0};
        if (plan.spec.query == dp::QueryKind::Mean) dry = {{*plan.spec.lower}, 1};
        auto dryGate = dp::ReleaseGate::teaching(0);  // made-up data: nothing to charge
        if (auto r = dp::releaseExactAggregates(dryGate, plan.column, plan.spec, dry, RunContext{}); !r)
            return r.status();
    }
    if (d == SqlDialect::ClickHouse) return detail::clickHouseAggregateSql(plan, *domain);
    const dp::ColumnQuerySpec& spec = plan.spec;
    const std::string col = "i." + sqlIdentifier(plan.column, d);
    const std::string input = sqlIdentifier(plan.inputTable, d) + " i";
    const std::string value = "CAST(" + col + " AS " + sqlDoubleType(d) + ")";
    const std::string noSum = std::string("CAST(NULL AS ") + sqlDoubleType(d) + ") AS clamped_sum";
    const std::string domainTable = sqlIdentifier(plan.domainTable, d);
    const char* query = dp::queryKindName(spec.query);

    std::ostringstream s;
    // User text in comments only through sqlCommentText (a newline in a name cannot end the comment).
    s << "-- Veil: exact, contribution-bounded aggregates for a differentially private " << query << " of "
      << sqlCommentText(plan.column) << " (" << sqlDialectName(d) << ").\n"
      << "-- No noise is added here. Export " << sqlCommentText(plan.outputTable)
      << " as CSV (with its header) and let Veil add it:\n"
      << "--   veil-cli release PLAN.json --aggregates AGGREGATES.csv --output DIR\n"
      << "-- Load the data as table " << sqlCommentText(sqlIdentifier(plan.inputTable, d))
      << " first (missing values as NULL).\n"
      << "-- Columns: output_index, label, n (values counted), clamped_sum (sum and mean only).\n";
    if (domain->categorical || !domain->edges.empty()) writeDomain(s, plan, *domain, d);
    s << "\n" << createTable(plan.outputTable, d);

    if (spec.query == dp::QueryKind::Count) {
        s << "SELECT 0 AS output_index, 'count' AS label, COUNT(" << col << ") AS n, " << noSum << "\nFROM " << input
          << ";\n";
    } else if (spec.query == dp::QueryKind::Sum || spec.query == dp::QueryKind::Mean) {
        const std::string lo = doubleLiteral(*spec.lower, d), hi = doubleLiteral(*spec.upper, d);
        // A mean counts every row, a missing value as the bounds' midpoint (as runColumnQuery).
        const bool mean = spec.query == dp::QueryKind::Mean;
        const std::string missing =
            mean ? "WHEN v IS NULL THEN " + doubleLiteral((*spec.lower + *spec.upper) / 2.0, d) + " " : "";
        s << "SELECT 0 AS output_index, " << sqlStringLiteral(query, d) << " AS label, "
          << (mean ? "COUNT(*)" : "COUNT(v)") << " AS n,\n"
          << "  COALESCE(SUM(CASE " << missing << "WHEN v < " << lo << " THEN " << lo << " WHEN v > " << hi << " THEN "
          << hi << " ELSE v END), CAST(0 AS " << sqlDoubleType(d) << ")) AS clamped_sum\n"
          << "FROM (SELECT " << value << " AS v FROM " << input << ") x;\n";
    } else if (!domain->categorical) {
        // Bin b holds edges[b] <= v < edges[b+1]; values outside go to the first or last bin.
        const std::vector<double>& e = domain->edges;
        const std::size_t bins = e.size() - 1;
        std::string bin = "0";
        if (bins > 1) {
            bin = "CASE";
            for (std::size_t b = 0; b + 1 < bins; ++b)
                bin += "\n    WHEN v < " + doubleLiteral(e[b + 1], d) + " THEN " + std::to_string(b);
            bin += "\n    ELSE " + std::to_string(bins - 1) + " END";
        }
        s << "WITH binned AS (\n  SELECT " << bin << " AS output_index\n  FROM (SELECT " << value << " AS v FROM "
          << input
          << ") x\n  WHERE v IS NOT NULL\n),\ncounts AS (\n  SELECT output_index, COUNT(*) AS n FROM binned GROUP BY "
             "output_index\n)\n"
          << "SELECT d.output_index AS output_index, d.label AS label, COALESCE(c.n, 0) AS n, " << noSum << "\nFROM "
          << domainTable << " d\nLEFT JOIN counts c ON c.output_index = d.output_index\nORDER BY d.output_index;\n";
    } else {
        std::string text = "CAST(" + col + " AS " + textType(d) + ")";
        if (spec.otherLabel) {  // values outside the categories are counted in the other bin
            std::string cats;
            for (const auto& c : spec.categories) cats += "\n      " + sqlStringLiteral(c, d) + ",";
            cats.pop_back();  // one literal per line, as in the domain table
            text = "CASE WHEN " + text + " IN (" + cats + ") THEN " + text + " ELSE " +
                   sqlStringLiteral(*spec.otherLabel, d) + " END";
        }
        s << "WITH counts AS (\n  SELECT " << text << " AS value, COUNT(*) AS n\n  FROM " << input << "\n  WHERE "
          << col << " IS NOT NULL\n  GROUP BY " << text << "\n)\n"
          << "SELECT d.output_index AS output_index, d.label AS label, COALESCE(c.n, 0) AS n, " << noSum << "\nFROM "
          << domainTable << " d\nLEFT JOIN counts c ON c.value = d.label\nORDER BY d.output_index;\n";
    }
    return s.str();
}

}  // namespace veil::release
