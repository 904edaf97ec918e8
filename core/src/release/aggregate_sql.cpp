// SQL export of exact, contribution-bounded DP aggregates (clamping and a data-independent
// histogram domain: Dwork & Roth 2014, 3.3 "the Laplace mechanism", histogram queries).
#include "veil/release/aggregate_sql.h"

#include "veil/common/random.h"
#include "veil/dp/exact_aggregates.h"

#include <cstdio>
#include <sstream>

namespace veil::release {

namespace {

// A double as a literal that every dialect reads back to the same double (17 significant digits,
// through a string so DuckDB does not make a DECIMAL of it).
std::string doubleLiteral(double v) {
    char buf[40];
    std::snprintf(buf, sizeof buf, "%.17g", v);
    return "CAST('" + std::string(buf) + "' AS DOUBLE)";
}

std::string createTable(const std::string& name, SqlDialect d) {
    if (d == SqlDialect::Spark) return "CREATE OR REPLACE TEMPORARY VIEW " + name + " AS\n";
    return "DROP TABLE IF EXISTS " + name + ";\nCREATE TABLE " + name + " AS\n";
}

std::string textType(SqlDialect d) { return d == SqlDialect::Spark ? "STRING" : "TEXT"; }

void writeDomain(std::ostringstream& s, const AggregateSqlPlan& plan, const dp::AggregateDomain& domain, SqlDialect d) {
    s << "\n-- The histogram's domain, from the plan alone (never from the data): one row per bin.\n";
    if (d == SqlDialect::Spark) {
        s << "CREATE OR REPLACE TEMPORARY VIEW " << plan.domainTable << " AS SELECT * FROM VALUES\n  ";
    } else {
        s << "DROP TABLE IF EXISTS " << plan.domainTable << ";\nCREATE TABLE " << plan.domainTable
          << " (output_index INTEGER NOT NULL PRIMARY KEY, label " << textType(d) << " NOT NULL);\nINSERT INTO "
          << plan.domainTable << " (output_index, label) VALUES\n  ";
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
    {
        // Refuse now what the release would refuse later (epsilon, delta, mechanism): a dry run of
        // the release on made-up aggregates that involve no data, discarded.
        dp::ExactAggregates dry{std::vector<double>(domain->labels.size(), 0.0), 0};
        if (plan.spec.query == dp::QueryKind::Mean) dry = {{*plan.spec.lower}, 1};
        auto dryGate = dp::ReleaseGate::teaching(0);  // made-up data: nothing to charge
        if (auto r = dp::releaseExactAggregates(dryGate, plan.column, plan.spec, dry, RunContext{}); !r) return r.status();
    }
    const dp::ColumnQuerySpec& spec = plan.spec;
    const std::string col = "i." + sqlIdentifier(plan.column, d);
    const std::string input = sqlIdentifier(plan.inputTable, d) + " i";
    const std::string value = "CAST(" + col + " AS DOUBLE)";
    const std::string noSum = "CAST(NULL AS DOUBLE) AS clamped_sum";
    const char* query = dp::queryKindName(spec.query);

    std::ostringstream s;
    s << "-- Veil: exact, contribution-bounded aggregates for a differentially private " << query << " of "
      << plan.column << ".\n"
      << "-- No noise is added here. Export " << plan.outputTable << " as CSV (with its header) and let Veil add it:\n"
      << "--   veil-cli release PLAN.json --aggregates " << plan.outputTable << ".csv --output DIR\n"
      << "-- Load the data as table " << sqlIdentifier(plan.inputTable, d) << " first (missing values as NULL).\n"
      << "-- Columns: output_index, label, n (values counted), clamped_sum (sum and mean only).\n";
    if (domain->categorical || !domain->edges.empty()) writeDomain(s, plan, *domain, d);
    s << "\n" << createTable(plan.outputTable, d);

    if (spec.query == dp::QueryKind::Count) {
        s << "SELECT 0 AS output_index, 'count' AS label, COUNT(" << col << ") AS n, " << noSum << "\nFROM " << input << ";\n";
    } else if (spec.query == dp::QueryKind::Sum || spec.query == dp::QueryKind::Mean) {
        const std::string lo = doubleLiteral(*spec.lower), hi = doubleLiteral(*spec.upper);
        s << "SELECT 0 AS output_index, " << sqlStringLiteral(query, d) << " AS label, COUNT(v) AS n,\n"
          << "  COALESCE(SUM(CASE WHEN v < " << lo << " THEN " << lo << " WHEN v > " << hi << " THEN " << hi
          << " ELSE v END), CAST(0 AS DOUBLE)) AS clamped_sum\n"
          << "FROM (SELECT " << value << " AS v FROM " << input << ") x;\n";
    } else if (!domain->categorical) {
        // Bin b holds edges[b] <= v < edges[b+1]; values outside go to the first or last bin.
        const std::vector<double>& e = domain->edges;
        const std::size_t bins = e.size() - 1;
        std::string bin = "0";
        if (bins > 1) {
            bin = "CASE";
            for (std::size_t b = 0; b + 1 < bins; ++b)
                bin += "\n    WHEN v < " + doubleLiteral(e[b + 1]) + " THEN " + std::to_string(b);
            bin += "\n    ELSE " + std::to_string(bins - 1) + " END";
        }
        s << "WITH binned AS (\n  SELECT " << bin << " AS output_index\n  FROM (SELECT " << value << " AS v FROM " << input
          << ") x\n  WHERE v IS NOT NULL\n),\ncounts AS (\n  SELECT output_index, COUNT(*) AS n FROM binned GROUP BY output_index\n)\n"
          << "SELECT d.output_index AS output_index, d.label AS label, COALESCE(c.n, 0) AS n, " << noSum << "\nFROM "
          << plan.domainTable << " d\nLEFT JOIN counts c ON c.output_index = d.output_index\nORDER BY d.output_index;\n";
    } else {
        const std::string text = "CAST(" + col + " AS " + textType(d) + ")";
        s << "WITH counts AS (\n  SELECT " << text << " AS value, COUNT(*) AS n\n  FROM " << input << "\n  WHERE " << col
          << " IS NOT NULL\n  GROUP BY " << text << "\n)\n"
          << "SELECT d.output_index AS output_index, d.label AS label, COALESCE(c.n, 0) AS n, " << noSum << "\nFROM "
          << plan.domainTable << " d\nLEFT JOIN counts c ON c.value = d.label\nORDER BY d.output_index;\n";
    }
    return s.str();
}

}  // namespace veil::release
