// Release plans executed inside a SQL engine (PostgreSQL, ClickHouse): the script plan-sql writes
// runs on the engine's table; Veil reads back only class sizes (anonymization) or the exact,
// contribution-bounded aggregates (dp-query, noised here through the release gate).
#include "release/detail/dp_outcome.h"
#include "veil/anonymity/risk.h"
#include "veil/dp/exact_aggregates.h"
#include "veil/io/hash.h"
#include "veil/release/aggregate_import.h"
#include "veil/release/aggregate_sql.h"
#include "veil/release/plan_sql.h"
#include "veil/release/release_runner.h"

#include <charconv>
#include <map>

namespace veil::release {

using nlohmann::json;

namespace {

constexpr const char* kReleaseTable = "veil_release";
constexpr const char* kClassSizesTable = "veil_class_sizes";

SqlDialect dialectOf(const engine::SqlEngine& e) {
    return e.kind() == engine::EngineKind::Postgres ? SqlDialect::Postgres : SqlDialect::ClickHouse;
}

json engineRecord(const engine::SqlEngine& e, const std::string& output) {
    return {{"uri", e.uri()},
            {"kind", engine::engineKindName(e.kind())},
            {"input_table", e.table()},
            {"output_table", output},
            {"data_left_engine", false}};
}

std::string csvField(const std::optional<std::string>& v) {
    if (!v) return "";
    std::string out = "\"";
    for (char c : *v) out += c == '"' ? std::string("\"\"") : std::string(1, c);
    return out + "\"";
}

// The rows as the CSV an engine's export would be, so that they pass the same strict reader.
std::string rowsAsCsv(const engine::QueryRows& rows) {
    std::string out;
    for (std::size_t c = 0; c < rows.names.size(); ++c) out += (c ? "," : "") + csvField(rows.names[c]);
    out += '\n';
    for (const auto& row : rows.rows) {
        for (std::size_t c = 0; c < row.size(); ++c) out += (c ? "," : "") + csvField(row[c]);
        out += '\n';
    }
    return out;
}

Result<ReleaseOutcome> dpQueryOnEngine(const ReleasePlan& plan, engine::SqlEngine& e, dp::ReleaseGate& gate,
                                       const RunContext& ctx) {
    auto qp = dpQueryPlan(plan);
    if (!qp) return qp.status();
    VEIL_RETURN_IF_ERROR(detail::checkGateDataset(plan, gate, qp->datasetKey));
    AggregateSqlPlan sqlPlan;
    sqlPlan.column = qp->column;
    sqlPlan.spec = qp->spec;
    sqlPlan.inputTable = e.table();
    auto script = aggregateSql(sqlPlan, dialectOf(e));
    if (!script) return script.status().withContext(plan.name);
    VEIL_RETURN_IF_ERROR(engine::executeScript(e, *script, ctx));
    const std::string out = sqlIdentifier(sqlPlan.outputTable, dialectOf(e));
    auto rows = e.query("SELECT output_index, label, n, clamped_sum FROM " + out + " ORDER BY output_index");
    if (!rows) return rows.status();
    const std::string csv = rowsAsCsv(*rows);
    auto exact = parseAggregatesCsv(csv, e.uri() + " (" + sqlPlan.outputTable + ")", qp->spec);
    if (!exact) return exact.status();
    auto r = dp::releaseExactAggregates(gate, qp->column, qp->spec, *exact, ctx);
    if (!r) return r.status().withContext(e.uri());

    ReleaseOutcome o = detail::dpQueryOutcome(plan, *qp, *r);
    o.inputPath = e.uri() + "?table=" + e.table();
    o.inputSha256 = sha256Hex(csv);  // of the exact aggregates the engine returned
    o.exactAggregates = {
        {"computed_by", std::string(engine::engineKindName(e.kind())) + " (veil-cli release --engine)"},
        {"plan_dataset", qp->dataset.path},
        {"noise", "added by Veil"}};
    detail::addPublicRows(o.exactAggregates, qp->spec, exact->rows);
    o.engine = engineRecord(e, sqlPlan.outputTable);
    o.files.push_back({"exact-aggregates.sql", *script, "application/sql"});
    return o;
}

// size -> number of classes of that size, read back from the class sizes table.
Result<std::map<std::size_t, std::size_t>> classSizes(engine::SqlEngine& e) {
    auto rows = e.query("SELECT size, classes FROM " + sqlIdentifier(kClassSizesTable, dialectOf(e)));
    if (!rows) return rows.status();
    std::map<std::size_t, std::size_t> out;
    for (const auto& row : rows->rows) {
        std::size_t v[2] = {0, 0};
        for (int c = 0; c < 2; ++c) {
            const std::string text = row.at(std::size_t(c)).value_or("");
            const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), v[c]);
            if (ec != std::errc() || end != text.data() + text.size())
                return Status::ioError(e.uri() + ": the class sizes table holds '" + text + "', not a count");
        }
        out[v[0]] += v[1];
    }
    return out;
}

}  // namespace

namespace {

void summarizeClasses(ReleaseOutcome& o, const std::map<std::size_t, std::size_t>& sizes, int k) {
    std::size_t records = 0, suppressed = 0, kept = 0, minKept = 0;
    std::vector<std::size_t> keptSizes;
    for (const auto& [size, classes] : sizes) {
        records += size * classes;
        if (int(size) < k) {
            suppressed += size * classes;
            continue;
        }
        kept += classes;
        if (!minKept) minKept = size;
        keptSizes.insert(keptSizes.end(), classes, size);
    }
    const auto risk = anonymity::riskFromClassSizes(keptSizes, 0.2);
    json& s = o.summary;
    s["records"] = records;
    s["classes"] = kept;
    s["min_class_size"] = minKept;
    s["suppressed"] = suppressed;
    s["suppressed_token"] = anonymity::kSuppressedToken;
    s["risk_after"] = {{"prosecutor_max", risk.prosecutorMax}, {"prosecutor_avg", risk.prosecutorAvg}};
}

Result<ReleaseOutcome> anonymizationOnEngine(const ReleasePlan& plan, engine::SqlEngine& e, const RunContext& ctx) {
    auto ap = anonymizationPlan(plan);
    if (!ap) return ap.status();
    auto sqlPlan = generalizationPlan(plan, *ap, ctx);
    if (!sqlPlan) return sqlPlan.status();
    const SqlDialect d = dialectOf(e);
    auto columns = e.columnsOf(sqlIdentifier(e.table(), d));
    if (!columns) return columns.status();
    sqlPlan->columns = *columns;  // the engine's table, whose columns may differ from the sample's
    sqlPlan->inputTable = e.table();
    sqlPlan->outputTable = kReleaseTable;
    sqlPlan->classSizesTable = kClassSizesTable;
    sqlPlan->inputOrder = false;  // a multiset of rows: no sort of the whole table for its order
    auto script = generalizationSql(*sqlPlan, d);
    if (!script) return script.status().withContext(e.uri());
    VEIL_RETURN_IF_ERROR(engine::executeScript(e, *script, ctx));
    auto sizes = classSizes(e);
    if (!sizes) return sizes.status();

    ReleaseOutcome o;
    o.kind = "anonymization";
    o.plan = plan.json;
    auto key = planDatasetKey(plan);
    if (!key) return key.status();
    o.datasetKey = *key;
    o.inputPath = e.uri() + "?table=" + e.table();
    o.title = ap->config.models.describe() + " release of " + e.table() + " in " + engine::engineKindName(e.kind());
    o.mechanism = "optimal full-domain generalization";
    o.randomness = "not used (deterministic release)";
    o.engine = engineRecord(e, kReleaseTable);
    o.engine["class_sizes_table"] = kClassSizesTable;
    std::vector<std::string> qis;
    std::vector<int> levels;
    for (const auto& q : sqlPlan->quasiIdentifiers) {
        qis.push_back(q.column);
        levels.push_back(q.level);
    }
    o.summary["k"] = sqlPlan->k;
    o.summary["models"] = ap->config.models.describe();
    o.summary["transformation"] = transformationJson(qis, levels);
    o.summary["quasi_identifiers"] = qis;
    summarizeClasses(o, *sizes, sqlPlan->k);
    o.guarantee = detail::kAnonymityGuarantee(detail::KAnonymityKind::Generalization, qis.size(), sqlPlan->k,
                                              o.summary["suppressed"].get<std::size_t>());
    o.files.push_back({"release.sql", *script, "application/sql"});
    return o;
}

}  // namespace

Result<ReleaseOutcome> runReleasePlanOnEngine(const ReleasePlan& plan, engine::SqlEngine& e, dp::ReleaseGate& gate,
                                              const RunContext& ctx) {
    if (plan.kind == "dp-query") return dpQueryOnEngine(plan, e, gate, ctx);
    if (plan.kind == "anonymization") return anonymizationOnEngine(plan, e, ctx);
    return Status::invalidArgument(plan.name + ": --engine runs anonymization and dp-query plans (this plan is \"" +
                                   plan.kind + "\")");
}

}  // namespace veil::release
