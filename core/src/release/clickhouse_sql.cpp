// plan-sql's scripts in ClickHouse's dialect (full-domain generalization as in seed 004's
// "Incognito" recoding; contribution-bounded aggregates as in Dwork & Roth 2014, 3.3).
#include "release/detail/clickhouse_sql.h"

#include <algorithm>
#include <cstdio>
#include <set>
#include <sstream>

namespace veil::release::detail {

namespace {

constexpr SqlDialect kCh = SqlDialect::ClickHouse;

std::string ident(const std::string& name) { return sqlIdentifier(name, kCh); }
std::string literal(const std::string& value) { return sqlStringLiteral(value, kCh); }

std::string recreate(const std::string& table) {
    return "DROP TABLE IF EXISTS " + ident(table) + ";\nCREATE TABLE " + ident(table) + " ENGINE = Log AS\n";
}

// The generalized value of QI `q` (as text; '*' for a value the hierarchy does not know, or NULL).
std::string generalizeExpr(const GeneralizationSqlPlan::Qi& q) {
    std::set<std::string> seen;
    std::string from, to;
    for (std::size_t r = 0; r < q.hierarchy.rowCount(); ++r) {
        const std::string& value = q.hierarchy.label(r, 0);
        if (!seen.insert(value).second) continue;
        from += "\n      " + literal(value) + ",";  // one value per line: a line never mixes values
        to += "\n      " + literal(q.hierarchy.label(r, std::size_t(q.level))) + ",";
    }
    from.pop_back();
    to.pop_back();
    return "ifNull(transform(toString(" + ident(q.column) + "), [" + from + "], [" + to + "], '*'), '*')";
}

std::string qiAlias(std::size_t i) { return "veil_q" + std::to_string(i); }

std::string doubleLiteral(double v) {
    char buf[40];
    std::snprintf(buf, sizeof buf, "%.17g", v);
    return "toFloat64(" + literal(buf) + ")";
}

}  // namespace

std::string clickHouseGeneralizationSql(const GeneralizationSqlPlan& plan) {
    const auto& qis = plan.quasiIdentifiers;
    std::ostringstream s;
    s << "-- Veil: full-domain generalization with " << plan.k << "-anonymity suppression (clickhouse).\n"
      << "-- The input is table " << sqlCommentText(ident(plan.inputTable)) << " (a Distributed table works); the "
      << "result is " << sqlCommentText(ident(plan.outputTable)) << ",\n-- a multiset of rows (no row order).\n";
    std::string generalized, keys;
    for (std::size_t i = 0; i < qis.size(); ++i) {
        s << "-- " << sqlCommentText(qis[i].column) << " at level " << qis[i].level << " of its hierarchy\n";
        generalized += (i ? ",\n    " : "") + generalizeExpr(qis[i]) + " AS " + qiAlias(i);
        keys += (i ? ", " : "") + qiAlias(i);
    }
    s << "\n" << recreate(plan.outputTable) << "SELECT ";
    std::string others;
    for (std::size_t c = 0; c < plan.columns.size(); ++c) {
        const std::string& col = plan.columns[c];
        const auto it = std::find_if(qis.begin(), qis.end(), [&](const auto& q) { return q.column == col; });
        s << (c ? ",\n  " : "");
        if (it == qis.end()) {
            s << ident(col);
            others += ",\n    " + ident(col);
        } else {
            s << "if(veil_class_size >= " << plan.k << ", " << qiAlias(std::size_t(it - qis.begin())) << ", '*') AS "
              << ident(col);
        }
    }
    s << "\nFROM (\n  SELECT " << generalized << others << "\n  FROM " << ident(plan.inputTable) << "\n)\n"
      << "ALL INNER JOIN (\n  SELECT " << keys << ", count() AS veil_class_size\n  FROM (SELECT " << generalized
      << "\n    FROM " << ident(plan.inputTable) << ")\n  GROUP BY " << keys << "\n) USING (" << keys << ");\n";
    if (!plan.classSizesTable.empty())
        s << "\n-- The class sizes before suppression: one row per size (what a report needs).\n"
          << recreate(plan.classSizesTable)
          << "SELECT veil_class_size AS size, count() AS classes\nFROM (SELECT count() AS veil_class_size FROM (SELECT "
          << generalized << "\n    FROM " << ident(plan.inputTable) << ") GROUP BY " << keys
          << ")\nGROUP BY veil_class_size;\n";
    return s.str();
}

std::string clickHouseAggregateSql(const AggregateSqlPlan& plan, const dp::AggregateDomain& domain) {
    const dp::ColumnQuerySpec& spec = plan.spec;
    const std::string col = ident(plan.column), input = ident(plan.inputTable);
    const std::string value = "toFloat64OrNull(toString(" + col + ")) AS veil_v";
    const std::string noSum = "CAST(NULL AS Nullable(Float64)) AS clamped_sum";
    const char* query = dp::queryKindName(spec.query);
    std::ostringstream s;
    s << "-- Veil: exact, contribution-bounded aggregates for a differentially private " << query << " of "
      << sqlCommentText(plan.column) << " (clickhouse). No noise is added here.\n"
      << "-- Columns of " << sqlCommentText(ident(plan.outputTable))
      << ": output_index, label, n (values counted), clamped_sum (sum and mean only).\n";
    const bool histogram = domain.categorical || !domain.edges.empty();
    if (histogram) {
        s << "\n-- The histogram's domain, from the plan alone (never from the data): one row per bin.\n"
          << "DROP TABLE IF EXISTS " << ident(plan.domainTable) << ";\nCREATE TABLE " << ident(plan.domainTable)
          << " (output_index UInt64, label String) ENGINE = Log;\nINSERT INTO " << ident(plan.domainTable)
          << " (output_index, label) VALUES\n  ";
        for (std::size_t i = 0; i < domain.labels.size(); ++i)
            s << (i ? ",\n  " : "") << "(" << i << ", " << literal(domain.labels[i]) << ")";
        s << ";\n";
    }
    s << "\n" << recreate(plan.outputTable);
    if (spec.query == dp::QueryKind::Count) {
        s << "SELECT toUInt64(0) AS output_index, 'count' AS label, count(" << col << ") AS n, " << noSum << "\nFROM "
          << input << ";\n";
    } else if (spec.query == dp::QueryKind::Sum || spec.query == dp::QueryKind::Mean) {
        const std::string lo = doubleLiteral(*spec.lower), hi = doubleLiteral(*spec.upper);
        // A mean counts every row, a missing value as the bounds' midpoint (as runColumnQuery).
        const bool mean = spec.query == dp::QueryKind::Mean;
        const std::string clamped = "if(veil_v < " + lo + ", " + lo + ", if(veil_v > " + hi + ", " + hi + ", veil_v))";
        s << "SELECT toUInt64(0) AS output_index, " << literal(query) << " AS label, "
          << (mean ? "count()" : "count(veil_v)") << " AS n,\n  ifNull(sum("
          << (mean ? "if(isNull(veil_v), " + doubleLiteral((*spec.lower + *spec.upper) / 2.0) + ", " + clamped + ")"
                   : clamped)
          << "), 0) AS clamped_sum\nFROM (SELECT " << value << " FROM " << input << ");\n";
    } else {
        std::string bin;
        if (!domain.categorical) {  // bin b holds edges[b] <= v < edges[b+1]; outside: first or last bin
            const std::size_t bins = domain.edges.size() - 1;
            bin = "0";
            if (bins > 1) {
                bin = "multiIf(";
                for (std::size_t b = 0; b + 1 < bins; ++b)
                    bin += "veil_v < " + doubleLiteral(domain.edges[b + 1]) + ", " + std::to_string(b) + ", ";
                bin += std::to_string(bins - 1) + ")";
            }
            s << "SELECT output_index, label, n, " << noSum << "\nFROM " << ident(plan.domainTable)
              << "\nANY LEFT JOIN (\n  SELECT toUInt64(" << bin << ") AS output_index, count() AS n\n  FROM (SELECT "
              << value << " FROM " << input << ")\n  WHERE isNotNull(veil_v)\n  GROUP BY output_index\n"
              << ") USING output_index\nORDER BY output_index;\n";
        } else {
            std::string text = "toString(" + col + ")";
            if (spec.otherLabel) {  // values outside the categories are counted in the other bin
                std::string cats;
                for (const auto& c : spec.categories) cats += "\n      " + literal(c) + ",";
                cats.pop_back();  // one literal per line, as in the domain table
                text = "if(has([" + cats + "], " + text + "), " + text + ", " + literal(*spec.otherLabel) + ")";
            }
            s << "SELECT output_index, label, n, " << noSum << "\nFROM " << ident(plan.domainTable)
              << "\nANY LEFT JOIN (\n  SELECT veil_value AS label, count() AS n\n  FROM (SELECT " << text
              << " AS veil_value FROM " << input << " WHERE isNotNull(" << col
              << "))\n  GROUP BY label\n) USING label\nORDER BY output_index;\n";
        }
    }
    return s.str();
}

}  // namespace veil::release::detail
