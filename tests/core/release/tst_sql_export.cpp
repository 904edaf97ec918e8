// SQL export of a full-domain generalization: run the generated SQL in SQLite on the adult
// sample and check that the result equals Veil's own anonymized table row for row; small
// hand-made cases for quoting, values missing from a hierarchy and dialect differences.
#include "sqlite_input.h"

#include "veil/anonymity/anonymization.h"
#include "veil/hierarchy/hierarchy_io.h"
#include "veil/release/sql_export.h"
#include "veil/table/csv_reader.h"

#include <QtTest>

using namespace veil;
using namespace veil::release;

namespace {

// Runs the SQL on `table` loaded as `input` (all columns as text) and returns veil_release's rows.
std::vector<std::vector<std::string>> runInSqlite(const Table& table, const std::string& sql) {
    const auto run = veil::testing::runSqlOnTable(table, sql, "veil_release", true);
    if (!run.error.empty()) qWarning("SQL failed: %s", run.error.c_str());
    return run.rows;
}

}  // namespace

class TestSqlExport : public QObject {
    Q_OBJECT
private slots:
    void adultMatchesVeilRowForRow();
    void smallTableWithSuppressionAndQuotes();
    void dialects();
    void badPlans();
};

void TestSqlExport::adultMatchesVeilRowForRow() {
    auto read = readCsvFile(VEIL_SAMPLES_DIR "/adult.csv");
    QVERIFY(read.isOk());
    anonymity::AnonymizationConfig cfg;
    cfg.models.k = 5;
    cfg.suppressionLimit = 0.04;
    for (const std::string col : {"sex", "age", "race", "marital-status", "education", "native-country", "workclass",
                                  "occupation", "salary-class"}) {
        auto h = hierarchy::readHierarchyCsv(std::string(VEIL_SAMPLES_DIR) + "/adult_hierarchy_" + col + ".csv", col);
        QVERIFY2(h.isOk(), h.status().message().c_str());
        cfg.quasiIdentifiers.push_back({col, *h});
    }
    auto result = anonymity::anonymize(read->table, cfg);
    QVERIFY2(result.isOk() && result->found, "anonymization must succeed");
    QVERIFY(result->suppressed > 0);  // the comparison covers suppression too

    GeneralizationSqlPlan plan;
    plan.columns = read->table.columnNames();
    plan.k = 5;
    for (std::size_t i = 0; i < result->quasiIdentifiers.size(); ++i) {
        const auto& qi = result->quasiIdentifiers[i];
        auto it = std::find_if(cfg.quasiIdentifiers.begin(), cfg.quasiIdentifiers.end(),
                               [&](const auto& q) { return q.column == qi; });
        plan.quasiIdentifiers.push_back({qi, *it->hierarchy, result->transformation[i]});
    }
    auto sql = generalizationSql(plan, SqlDialect::Sqlite);
    QVERIFY(sql.isOk());
    const auto rows = runInSqlite(read->table, *sql);
    const Table& out = result->output;
    QCOMPARE(rows.size(), out.rowCount());
    for (std::size_t r = 0; r < out.rowCount(); ++r)
        for (std::size_t c = 0; c < out.columnCount(); ++c)
            if (rows[r][c] != out.column(c).toString(r))
                QFAIL(qPrintable(
                    QString("row %1 column %2: SQL '%3' vs Veil '%4'")
                        .arg(r)
                        .arg(c)
                        .arg(QString::fromStdString(rows[r][c]), QString::fromStdString(out.column(c).toString(r)))));
}

void TestSqlExport::smallTableWithSuppressionAndQuotes() {
    // zip generalized to level 1; name is not a QI. Classes: 5371* (3 rows) and 5370* (1 row);
    // with k = 2 the single 5370* record is suppressed. "O'Brien" checks quoting.
    auto t = parseCsv("zip,name\n53715,Ann\n53710,O'Brien\n53711,Cy\n53703,Dee\n99999,Eve\n", "t.csv", [] {
        CsvReadOptions o;
        o.typeOverrides["zip"] = ColumnType::Categorical;
        return o;
    }());
    QVERIFY(t.isOk());
    auto h =
        hierarchy::parseHierarchyCsv("53715;5371*;*\n53710;5371*;*\n53711;5371*;*\n53703;5370*;*\n", "zip", "zip.csv");
    QVERIFY(h.isOk());
    GeneralizationSqlPlan plan;
    plan.columns = {"zip", "name"};
    plan.k = 2;
    plan.quasiIdentifiers.push_back({"zip", *h, 1});
    auto sql = generalizationSql(plan, SqlDialect::Sqlite);
    QVERIFY(sql.isOk());
    const auto rows = runInSqlite(t->table, *sql);
    QCOMPARE(int(rows.size()), 5);
    const std::vector<std::string> zips = {"5371*", "5371*", "5371*", "*", "*"};  // 99999 is not in the hierarchy
    for (int r = 0; r < 5; ++r)
        QCOMPARE(QString::fromStdString(rows[std::size_t(r)][0]), QString::fromStdString(zips[std::size_t(r)]));
    QCOMPARE(QString::fromStdString(rows[1][1]), QString("O'Brien"));
}

void TestSqlExport::dialects() {
    auto h = hierarchy::parseHierarchyCsv("a;*\nb;*\n", "x", "x.csv");
    GeneralizationSqlPlan plan;
    plan.columns = {"x"};
    plan.k = 2;
    plan.quasiIdentifiers.push_back({"x", *h, 1});
    const std::string spark = *generalizationSql(plan, SqlDialect::Spark);
    QVERIFY(spark.find("`x`") != std::string::npos);
    QVERIFY(spark.find("STRING") != std::string::npos);
    QVERIFY(spark.find("TEMPORARY VIEW") != std::string::npos);
    const std::string duck = *generalizationSql(plan, SqlDialect::DuckDb);
    QVERIFY(duck.find("COUNT(*) OVER (PARTITION BY \"x\")") != std::string::npos);
    QVERIFY(!parseSqlDialect("oracle").isOk());
    // Quotes in values: doubled in SQLite/DuckDB, backslash-escaped in Spark (C-style literals).
    auto q = hierarchy::parseHierarchyCsv("it's;*\n", "x", "x.csv");
    plan.quasiIdentifiers[0] = {"x", *q, 1};
    QVERIFY(generalizationSql(plan, SqlDialect::Spark)->find("('it\\'s', '*')") != std::string::npos);
    QVERIFY(generalizationSql(plan, SqlDialect::DuckDb)->find("('it''s', '*')") != std::string::npos);
}

void TestSqlExport::badPlans() {
    auto h = hierarchy::parseHierarchyCsv("a;*\n", "x", "x.csv");
    GeneralizationSqlPlan plan;
    plan.columns = {"x"};
    plan.quasiIdentifiers.push_back({"y", *h, 0});
    QCOMPARE(generalizationSql(plan, SqlDialect::Sqlite).status().code(), StatusCode::NotFound);
    plan.quasiIdentifiers[0] = {"x", *h, 2};
    QCOMPARE(generalizationSql(plan, SqlDialect::Sqlite).status().code(), StatusCode::InvalidArgument);
    plan.quasiIdentifiers[0].level = 1;
    plan.k = 0;
    QCOMPARE(generalizationSql(plan, SqlDialect::Sqlite).status().code(), StatusCode::InvalidArgument);
}

QTEST_APPLESS_MAIN(TestSqlExport)
#include "tst_sql_export.moc"
