// SQL export of exact DP aggregates: run the generated SQL in SQLite on the adult sample and check
// that veil_aggregates equals Veil's own exact computation (count, clamped sum, every histogram
// bin); that releasing from it gives the very same noisy values as an ordinary release with the
// same seed (same mechanism code); hand-made cases for empty bins and out-of-range values; and the
// dialects' syntax (golden snippets).
#include "sqlite_input.h"
#include "veil/common/random.h"
#include "veil/dp/exact_aggregates.h"
#include "veil/release/aggregate_import.h"
#include "veil/release/aggregate_sql.h"
#include "veil/table/csv_reader.h"

#include <QtTest>

#include <algorithm>

using namespace veil;
using namespace veil::release;

namespace {

dp::ColumnQuerySpec makeSpec(const std::string& query, std::optional<double> lo = {}, std::optional<double> hi = {}) {
    dp::ColumnQuerySpec s;
    if (!dp::parseQueryInto(query, s).isOk()) s.query = dp::QueryKind::Median;  // unsupported: tests fail loudly
    s.lower = lo;
    s.upper = hi;
    s.epsilon = 0.5;
    return s;
}

const Table& adult() {
    static const Table t = [] {
        CsvReadOptions o;
        o.delimiter = ';';
        auto r = readCsvFile(VEIL_SAMPLES_DIR "/adult.csv", o);
        return r ? std::move(r->table) : Table{};
    }();
    return t;
}

double num(const std::string& text) {  // NaN for NULL or text, so that a comparison fails
    try {
        return std::stod(text);
    } catch (...) {
        return std::nan("");
    }
}

testing::SqlRun exportAndRun(const Table& table, const std::string& column, const dp::ColumnQuerySpec& spec) {
    AggregateSqlPlan plan;
    plan.column = column;
    plan.spec = spec;
    auto sql = aggregateSql(plan, SqlDialect::Sqlite);
    if (!sql) return {sql.status().message(), {}, {}};
    return testing::runSqlOnTable(table, *sql, "veil_aggregates");
}

}  // namespace

class TestAggregateSql : public QObject {
    Q_OBJECT
private slots:
    void adultMatchesVeilExact_data();
    void adultMatchesVeilExact();
    void independentGoldens();
    void sameNoiseAsOrdinaryRelease_data();
    void sameNoiseAsOrdinaryRelease();
    void emptyBinsAndOutOfRangeValues();
    void dialects();
    void unsupportedPlans();
};

void TestAggregateSql::adultMatchesVeilExact_data() {
    QTest::addColumn<QString>("column");
    QTest::addColumn<QString>("query");
    QTest::addColumn<double>("lower");  // NaN: no bounds
    QTest::addColumn<double>("upper");
    QTest::addColumn<int>("bins");
    QTest::addColumn<QStringList>("categories");
    QTest::addColumn<QString>("other");  // the other bin's label, or empty
    const double none = std::nan("");
    QTest::newRow("count of age") << "age"
                                  << "count" << none << none << 0 << QStringList{} << QString();
    QTest::newRow("count of a text column") << "education"
                                            << "count" << none << none << 0 << QStringList{} << QString();
    QTest::newRow("sum clamped both sides") << "age"
                                            << "sum" << 20.0 << 60.0 << 0 << QStringList{} << QString();
    QTest::newRow("sum with negative lower") << "age"
                                             << "sum" << -5.0 << 45.5 << 0 << QStringList{} << QString();
    QTest::newRow("mean as in the example plan") << "age"
                                                 << "mean" << 17.0 << 90.0 << 0 << QStringList{} << QString();
    QTest::newRow("histogram 10 bins") << "age"
                                       << "histogram" << 17.0 << 90.0 << 10 << QStringList{} << QString();
    QTest::newRow("histogram 7 bins, values outside") << "age"
                                                      << "histogram" << 30.0 << 50.0 << 7 << QStringList{} << QString();
    QTest::newRow("histogram over categories")
        << "workclass"
        << "histogram" << none << none << 0 << QStringList{"Private", "State-gov", "Never-worked", "Without-pay"}
        << QString();
    QTest::newRow("histogram over categories with an other bin")
        << "workclass"
        << "histogram" << none << none << 0 << QStringList{"Private", "State-gov"} << "other";
}

void TestAggregateSql::adultMatchesVeilExact() {
    QFETCH(QString, column);
    QFETCH(QString, query);
    QFETCH(double, lower);
    QFETCH(double, upper);
    QFETCH(int, bins);
    QFETCH(QStringList, categories);
    QFETCH(QString, other);
    QVERIFY(adult().rowCount() > 0);
    dp::ColumnQuerySpec spec = makeSpec(query.toStdString());
    if (!std::isnan(lower)) spec.lower = lower, spec.upper = upper;
    spec.binCount = bins;
    for (const QString& c : categories) spec.categories.push_back(c.toStdString());
    if (!other.isEmpty()) spec.otherLabel = other.toStdString();

    const auto run = exportAndRun(adult(), column.toStdString(), spec);
    QVERIFY2(run.error.empty(), run.error.c_str());
    QCOMPARE(run.header, (std::vector<std::string>{"output_index", "label", "n", "clamped_sum"}));

    // Veil's own exact computation: the true values of an ordinary release on the same table.
    auto gate = dp::ReleaseGate::teaching(1);
    auto veil = dp::releaseColumnQuery(gate, adult(), column.toStdString(), spec, RunContext{});
    QVERIFY2(veil.isOk(), veil.status().message().c_str());
    QCOMPARE(run.rows.size(), veil->labels.size());
    for (std::size_t i = 0; i < run.rows.size(); ++i) {
        const auto& row = run.rows[i];
        QCOMPARE(row[0], std::to_string(i));
        QCOMPARE(row[1], veil->labels[i]);
        const double n = num(row[2]);
        if (query == "sum" || query == "mean") {
            QCOMPARE(n, double(veil->rowsUsed));
            const double sum = num(row[3]);
            const double veilSum = query == "mean" ? veil->trueValues[0] * double(veil->rowsUsed) : veil->trueValues[0];
            // Integer ages: the clamped sums are exact in both (a mean's n * sum/n may differ in the last bit).
            QVERIFY2(std::fabs(sum - veilSum) <= 1e-9 * std::fabs(veilSum),
                     (row[3] + " vs " + std::to_string(veilSum)).c_str());
        } else {
            QCOMPARE(n, veil->trueValues[i]);
            QCOMPARE(row[3], std::string());  // NULL
        }
    }
}

void TestAggregateSql::independentGoldens() {
    // Computed with a short python script over resources/samples/adult.csv (csv module):
    // 30162 rows, no missing age; sum(min(max(age,20),60)) = 1149321; workclass counts
    // Private 22286, State-gov 1279, Without-pay 14, and "Never-worked" does not occur.
    const auto sum = exportAndRun(adult(), "age", makeSpec("sum", 20, 60));
    QCOMPARE(sum.rows.at(0).at(2), std::string("30162"));
    QCOMPARE(num(sum.rows.at(0).at(3)), 1149321.0);
    auto spec = makeSpec("histogram");
    spec.categories = {"Private", "State-gov", "Never-worked", "Without-pay"};
    const auto h = exportAndRun(adult(), "workclass", spec);
    QCOMPARE(h.rows.size(), std::size_t(4));
    QCOMPARE(h.rows[0][2], std::string("22286"));
    QCOMPARE(h.rows[1][2], std::string("1279"));
    QCOMPARE(h.rows[2][1], std::string("Never-worked"));  // an empty bin is present, with n = 0
    QCOMPARE(h.rows[2][2], std::string("0"));
    QCOMPARE(h.rows[3][2], std::string("14"));
}

void TestAggregateSql::sameNoiseAsOrdinaryRelease_data() {
    QTest::addColumn<QString>("query");
    QTest::addColumn<QString>("mechanism");
    QTest::newRow("count laplace") << "count"
                                   << "laplace";
    QTest::newRow("count geometric") << "count"
                                     << "geometric";
    QTest::newRow("sum gaussian") << "sum"
                                  << "gaussian";
    QTest::newRow("mean laplace") << "mean"
                                  << "laplace";
    QTest::newRow("histogram geometric") << "histogram"
                                         << "geometric";
}

void TestAggregateSql::sameNoiseAsOrdinaryRelease() {
    QFETCH(QString, query);
    QFETCH(QString, mechanism);
    auto spec = query == "count" ? makeSpec("count") : makeSpec(query.toStdString(), 17, 90);  // counts take no bounds
    spec.mechanism = *dp::parseMechanismKind(mechanism.toStdString());
    if (mechanism == "gaussian") spec.delta = 1e-6;
    if (query == "histogram") spec.binCount = 5;
    spec.trials = 6;
    const auto run = exportAndRun(adult(), "age", spec);
    QVERIFY2(run.error.empty(), run.error.c_str());
    auto exact = parseAggregatesCsv(testing::toCsv(run), "agg.csv", spec);
    QVERIFY2(exact.isOk(), exact.status().message().c_str());

    auto a = dp::ReleaseGate::teaching(42), b = dp::ReleaseGate::teaching(42);
    auto ordinary = dp::releaseColumnQuery(a, adult(), "age", spec, RunContext{});
    auto fromSql = dp::releaseExactAggregates(b, "age", spec, *exact, RunContext{});
    QVERIFY2(ordinary.isOk() && fromSql.isOk(), (ordinary.status().message() + fromSql.status().message()).c_str());
    QCOMPARE(fromSql->labels, ordinary->labels);
    QCOMPARE(fromSql->noiseScale, ordinary->noiseScale);
    QCOMPARE(fromSql->neighbouring, ordinary->neighbouring);
    QCOMPARE(fromSql->rowsUsed, ordinary->rowsUsed);
    QCOMPARE(fromSql->releases, ordinary->releases);  // same seed, same sampler calls: identical values
    // Noise was added: the trials are not all equal (two integer-valued trials can tie; six tie
    // with probability below 3e-4 at these scales).
    const auto& trials = fromSql->releases;
    QVERIFY(std::any_of(trials.begin(), trials.end(), [&](const auto& r) { return r != trials.front(); }));
}

void TestAggregateSql::emptyBinsAndOutOfRangeValues() {
    // Edges 0, 2, 4, 6, 8 and values 1, 2, 7, 9, missing, -3 (by hand): [0, 2) gets 1 and -3
    // (below the first edge), [2, 4) gets 2 (on its lower edge), [4, 6) is empty, [6, 8] gets 7
    // and 9 (above the last edge).
    auto t = parseCsv("x,y\n1,a\n2,b\n7,c\n9,d\n,e\n-3,f\n", "t.csv", {});
    QVERIFY(t.isOk());
    QCOMPARE(t->table.column(0).missingCount(), std::size_t(1));
    auto spec = makeSpec("histogram");
    spec.binEdges = {0, 2, 4, 6, 8};
    const auto run = exportAndRun(t->table, "x", spec);
    QVERIFY2(run.error.empty(), run.error.c_str());
    QCOMPARE(run.rows.size(), std::size_t(4));
    QCOMPARE(run.rows[0], (std::vector<std::string>{"0", "[0, 2)", "2", ""}));
    QCOMPARE(run.rows[1], (std::vector<std::string>{"1", "[2, 4)", "1", ""}));
    QCOMPARE(run.rows[2], (std::vector<std::string>{"2", "[4, 6)", "0", ""}));
    QCOMPARE(run.rows[3], (std::vector<std::string>{"3", "[6, 8]", "2", ""}));
    // Clamped sum on [0, 4] by hand: 1 + 2 + 4 + 4 + 0 = 11 over n = 5; count = 5.
    const auto sum = exportAndRun(t->table, "x", makeSpec("sum", 0, 4));
    QCOMPARE(sum.rows.at(0), (std::vector<std::string>{"0", "sum", "5", "11.0"}));
    const auto count = exportAndRun(t->table, "x", makeSpec("count"));
    QCOMPARE(count.rows.at(0), (std::vector<std::string>{"0", "count", "5", ""}));
    // A mean counts all 6 rows (n public under replace-one), the missing one as the midpoint 2:
    // 11 + 2 = 13; Veil's own mean is the same.
    const auto mean = exportAndRun(t->table, "x", makeSpec("mean", 0, 4));
    QCOMPARE(mean.rows.at(0), (std::vector<std::string>{"0", "mean", "6", "13.0"}));
    auto gate = dp::ReleaseGate::teaching(1);
    auto veil = dp::releaseColumnQuery(gate, t->table.column(0), makeSpec("mean", 0, 4), RunContext{});
    QVERIFY2(veil, veil.status().message().c_str());
    QCOMPARE(veil->trueValues.at(0), 13.0 / 6.0);
}

void TestAggregateSql::dialects() {
    AggregateSqlPlan plan;
    plan.column = "age";
    plan.spec = makeSpec("histogram", 17, 90);
    plan.spec.binCount = 10;
    // 17 + 73 * 1/10 and 17 + 73 * 9/10 in doubles, printed with %.17g (python: '%.17g' % ...).
    const std::string spark = *aggregateSql(plan, SqlDialect::Spark);
    QVERIFY(
        spark.find("CREATE OR REPLACE TEMPORARY VIEW `veil_domain` AS SELECT * FROM VALUES\n  (0, '[17, 24.3)'),") !=
        std::string::npos);
    QVERIFY(spark.find("AS t(output_index, label);") != std::string::npos);
    QVERIFY(spark.find("CREATE OR REPLACE TEMPORARY VIEW `veil_aggregates` AS") != std::string::npos);
    QVERIFY(spark.find("SELECT CAST(i.`age` AS DOUBLE) AS v FROM `input` i") != std::string::npos);
    QVERIFY(spark.find("DROP TABLE") == std::string::npos);
    const std::string duck = *aggregateSql(plan, SqlDialect::DuckDb);
    QVERIFY(
        duck.find("CREATE TABLE \"veil_domain\" (output_index INTEGER NOT NULL PRIMARY KEY, label TEXT NOT NULL);") !=
        std::string::npos);
    QVERIFY(duck.find("CASE\n    WHEN v < CAST('24.300000000000001' AS DOUBLE) THEN 0\n    WHEN") != std::string::npos);
    QVERIFY(duck.find("WHEN v < CAST('82.700000000000003' AS DOUBLE) THEN 8\n    ELSE 9 END") != std::string::npos);
    QVERIFY(duck.find("LEFT JOIN counts c ON c.output_index = d.output_index") != std::string::npos);
    QVERIFY(duck.find("FROM \"input\" i") != std::string::npos);
    plan.spec.categories = {"a'b", "c\\d"};
    plan.spec.binCount = 0;
    plan.spec.lower.reset();  // categories are the whole domain: bounds beside them are refused
    plan.spec.upper.reset();
    const std::string cat = *aggregateSql(plan, SqlDialect::Spark);
    // Spark's literals take backslash escapes ('a''b' would be two adjacent literals, "ab").
    QVERIFY(cat.find("(0, 'a\\'b'),\n  (1, 'c\\\\d')") != std::string::npos);
    QVERIFY(aggregateSql(plan, SqlDialect::DuckDb)->find("(0, 'a''b'),\n  (1, 'c\\d')") != std::string::npos);
    QVERIFY(cat.find("CAST(i.`age` AS STRING) AS value") != std::string::npos);
    // No dialect ever adds noise in SQL.
    for (const std::string* s : {&spark, &duck, &cat}) {
        std::string lower = *s;
        std::transform(lower.begin(), lower.end(), lower.begin(), ::tolower);
        QVERIFY(lower.find("random") == std::string::npos && lower.find("rand(") == std::string::npos);
    }
    // Every dialect's mean counts all rows, a missing value as the bounds' midpoint 53.5 (as Veil).
    plan.spec = makeSpec("mean", 17, 90);
    const std::string meanDuck = *aggregateSql(plan, SqlDialect::DuckDb);
    QVERIFY(meanDuck.find("COUNT(*) AS n") != std::string::npos);
    QVERIFY(meanDuck.find("WHEN v IS NULL THEN CAST('53.5' AS DOUBLE)") != std::string::npos);
    const std::string meanClickHouse = *aggregateSql(plan, SqlDialect::ClickHouse);
    QVERIFY2(meanClickHouse.find("count() AS n") != std::string::npos, meanClickHouse.c_str());
    QVERIFY(meanClickHouse.find("if(isNull(veil_v), toFloat64('53.5')") != std::string::npos);
}

void TestAggregateSql::unsupportedPlans() {
    AggregateSqlPlan plan;
    plan.column = "age";
    plan.spec = makeSpec("median", 17, 90);
    QCOMPARE(aggregateSql(plan, SqlDialect::Sqlite).status().code(), StatusCode::InvalidArgument);
    plan.spec = makeSpec("histogram");  // no declared domain: bins from the data would leak
    auto s = aggregateSql(plan, SqlDialect::Sqlite);
    QVERIFY(!s.isOk() && s.status().message().find("data-independent domain") != std::string::npos);
    plan.spec = makeSpec("sum");
    QCOMPARE(aggregateSql(plan, SqlDialect::Sqlite).status().code(), StatusCode::InvalidArgument);
    plan.spec = makeSpec("histogram");
    plan.spec.categories = {"a", "a"};
    QCOMPARE(aggregateSql(plan, SqlDialect::Sqlite).status().code(), StatusCode::InvalidArgument);
    // What the release would refuse is refused before the engine runs: epsilon 0, a geometric sum
    // over fractional bounds (its sensitivity must be an integer), delta with the laplace mechanism.
    plan.spec = makeSpec("count");
    plan.spec.epsilon = 0;
    s = aggregateSql(plan, SqlDialect::Sqlite);
    QVERIFY(!s.isOk() && s.status().message().find("epsilon") != std::string::npos);
    plan.spec = makeSpec("sum", 0, 2.5);
    plan.spec.mechanism = dp::MechanismKind::Geometric;
    s = aggregateSql(plan, SqlDialect::Sqlite);
    QVERIFY(!s.isOk() && s.status().message().find("integer sensitivity") != std::string::npos);
    plan.spec = makeSpec("mean", 0, 1);
    plan.spec.delta = 1e-6;
    plan.spec.mechanism = dp::MechanismKind::Laplace;
    QCOMPARE(aggregateSql(plan, SqlDialect::Sqlite).status().code(), StatusCode::InvalidArgument);
    plan.spec.mechanism = dp::MechanismKind::Gaussian;
    QVERIFY(aggregateSql(plan, SqlDialect::Sqlite).isOk());
}

QTEST_APPLESS_MAIN(TestAggregateSql)
#include "tst_aggregate_sql.moc"
