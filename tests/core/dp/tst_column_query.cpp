// Column queries: true answers, sensitivities, neighbouring notions and input errors.
#include "veil/common/random.h"
#include "veil/dp/column_query.h"

#include <QtTest/QtTest>

#include <cmath>
#include <limits>

using namespace veil;
using namespace veil::dp;

namespace {
// age: 10, 20, ..., 100 plus one missing; sex: 7 M, 4 F; empty: all missing; note: text.
Table makeTable() {
    Column::Builder age("age", ColumnType::Integer), sex("sex", ColumnType::Categorical), empty("empty", ColumnType::Real),
        note("note", ColumnType::Text);
    for (int i = 1; i <= 10; ++i) age.appendInteger(10 * i);
    age.appendMissing();
    for (int i = 0; i < 11; ++i) sex.appendCategory(i < 7 ? "M" : "F");
    for (int i = 0; i < 11; ++i) empty.appendMissing();
    for (int i = 0; i < 11; ++i) note.appendText(i % 2 ? "a" : "b");
    return Table({age.finish(), sex.finish(), empty.finish(), note.finish()});
}

Result<ColumnQueryResult> query(const std::string& column, const std::string& q, const std::string& mech, double eps,
                                std::optional<double> lo = {}, std::optional<double> hi = {}, double delta = 0.0,
                                int trials = 1) {
    static const Table table = makeTable();
    ColumnQuerySpec spec;
    if (auto st = parseQueryInto(q, spec); !st) return st;
    if (!mech.empty()) {
        auto m = parseMechanismKind(mech);
        if (!m) return m.status();
        spec.mechanism = *m;
    }
    spec.epsilon = eps;
    spec.delta = delta;
    spec.lower = lo;
    spec.upper = hi;
    spec.trials = trials;
    SeededRandom rng(7);
    RunContext ctx;
    ctx.random = &rng;
    return runColumnQuery(table, column, spec, ctx);
}
}  // namespace

class TestColumnQuery : public QObject {
    Q_OBJECT
private slots:
    void trueAnswers_data() {
        QTest::addColumn<QString>("column");
        QTest::addColumn<QString>("query");
        QTest::addColumn<QString>("mechanism");
        QTest::addColumn<double>("expectedTrue");
        QTest::addColumn<double>("expectedSensitivity");
        QTest::addColumn<QString>("neighbouring");
        // By hand from the table above (bounds [0, 60] clamp 70..100 to 60).
        QTest::newRow("count") << "age" << "count" << "laplace" << 10.0 << 1.0 << "add-remove";
        QTest::newRow("sum clamped") << "age" << "sum" << "laplace" << 10.0 + 20 + 30 + 40 + 50 + 60 * 5 << 60.0 << "add-remove";
        QTest::newRow("mean clamped") << "age" << "mean" << "laplace" << 45.0 << 6.0 << "replace";
        QTest::newRow("median EM") << "age" << "median" << "exponential" << 50.0 << 1.0 << "add-remove";
        QTest::newRow("quantile 0.9") << "age" << "quantile:0.9" << "exponential" << 60.0 << 1.0 << "add-remove";
        QTest::newRow("median histogram") << "age" << "median" << "histogram" << 50.0 << 1.0 << "add-remove";
        QTest::newRow("range 20..45") << "age" << "range:20:45" << "geometric" << 3.0 << 1.0 << "add-remove";
    }
    void trueAnswers() {
        QFETCH(QString, column);
        QFETCH(QString, query);
        QFETCH(QString, mechanism);
        QFETCH(double, expectedTrue);
        QFETCH(double, expectedSensitivity);
        QFETCH(QString, neighbouring);
        auto r = ::query(column.toStdString(), query.toStdString(), mechanism.toStdString(), 1.0, 0.0, 60.0);
        QVERIFY2(r, r.status().message().c_str());
        QCOMPARE(r->trueValues.at(0), expectedTrue);
        QCOMPARE(r->sensitivity, expectedSensitivity);
        QCOMPARE(QString(neighbouringName(r->neighbouring)), neighbouring);
        QCOMPARE(r->releases.size(), std::size_t(1));
        QVERIFY(r->seeded);
        QVERIFY(r->intervals[0][0].lower <= r->releases[0][0] && r->releases[0][0] <= r->intervals[0][0].upper);
    }
    void histogramCategories() {
        auto r = query("sex", "histogram", "geometric", 1.0);
        QVERIFY(r);
        QCOMPARE(r->labels, (std::vector<std::string>{"M", "F"}));
        QCOMPARE(r->trueValues, (std::vector<double>{7, 4}));
        for (double v : r->releases[0]) QCOMPARE(v, std::round(v));  // geometric: integers
    }
    void histogramNumericBins() {
        ColumnQuerySpec spec;
        spec.query = QueryKind::Histogram;
        spec.binEdges = {0, 25, 50, 100};
        SeededRandom rng(1);
        RunContext ctx;
        ctx.random = &rng;
        auto r = runColumnQuery(makeTable(), "age", spec, ctx);
        QVERIFY(r);
        // [0,25): 10,20; [25,50): 30,40; [50,100]: 50..100 (by hand).
        QCOMPARE(r->trueValues, (std::vector<double>{2, 2, 6}));
        QCOMPARE(r->labels.back(), std::string("[50, 100]"));
    }
    void trialsAreIndependentAndUnbiased() {
        // 4000 Laplace(1) count releases: mean within 5 sd (sd of mean = sqrt(2)/sqrt(4000)).
        auto r = query("age", "count", "laplace", 1.0, {}, {}, 0.0, 4000);
        QVERIFY(r);
        QCOMPARE(r->releases.size(), std::size_t(4000));
        QCOMPARE(r->totalEpsilon, 4000.0);
        double mean = 0;
        for (const auto& rel : r->releases) mean += rel[0] / 4000.0;
        QVERIFY(std::fabs(mean - 10.0) < 5.0 * std::sqrt(2.0) / std::sqrt(4000.0));
        QVERIFY(r->releases[0][0] != r->releases[1][0]);
    }
    void errors_data() {
        QTest::addColumn<QString>("column");
        QTest::addColumn<QString>("query");
        QTest::addColumn<QString>("mechanism");
        QTest::addColumn<double>("epsilon");
        QTest::addColumn<double>("lower");
        QTest::addColumn<double>("upper");
        QTest::addColumn<double>("delta");
        QTest::addColumn<QString>("messagePart");
        const double nan = std::numeric_limits<double>::quiet_NaN();
        QTest::newRow("epsilon 0") << "age" << "count" << "" << 0.0 << 0.0 << 1.0 << 0.0 << "epsilon";
        QTest::newRow("epsilon NaN") << "age" << "count" << "" << nan << 0.0 << 1.0 << 0.0 << "epsilon";
        QTest::newRow("delta 1") << "age" << "count" << "gaussian" << 1.0 << 0.0 << 1.0 << 1.0 << "delta";
        QTest::newRow("gaussian without delta") << "age" << "count" << "gaussian" << 1.0 << 0.0 << 1.0 << 0.0 << "delta > 0";
        QTest::newRow("delta with laplace") << "age" << "count" << "laplace" << 1.0 << 0.0 << 1.0 << 1e-5 << "pure";
        QTest::newRow("lower > upper") << "age" << "sum" << "" << 1.0 << 5.0 << 1.0 << 0.0 << "lower";
        QTest::newRow("NaN bound") << "age" << "sum" << "" << 1.0 << nan << 1.0 << 0.0 << "lower";
        QTest::newRow("empty column") << "empty" << "count" << "" << 1.0 << 0.0 << 1.0 << 0.0 << "empty";
        QTest::newRow("unknown column") << "nope" << "count" << "" << 1.0 << 0.0 << 1.0 << 0.0 << "nope";
        QTest::newRow("sum of text") << "note" << "sum" << "" << 1.0 << 0.0 << 1.0 << 0.0 << "not numeric";
        QTest::newRow("median with laplace") << "age" << "median" << "laplace" << 1.0 << 0.0 << 1.0 << 0.0 << "exponential, smooth or histogram";
        QTest::newRow("count with exponential") << "age" << "count" << "exponential" << 1.0 << 0.0 << 1.0 << 0.0 << "medians";
        QTest::newRow("unknown mechanism") << "age" << "count" << "magic" << 1.0 << 0.0 << 1.0 << 0.0 << "unknown mechanism";
        QTest::newRow("bad quantile") << "age" << "quantile:1.5" << "" << 1.0 << 0.0 << 1.0 << 0.0 << "quantile";
        QTest::newRow("geometric fractional sens") << "age" << "sum" << "geometric" << 1.0 << 0.0 << 2.5 << 0.0 << "integer";
    }
    void errors() {
        QFETCH(QString, column);
        QFETCH(QString, query);
        QFETCH(QString, mechanism);
        QFETCH(double, epsilon);
        QFETCH(double, lower);
        QFETCH(double, upper);
        QFETCH(double, delta);
        QFETCH(QString, messagePart);
        auto r = ::query(column.toStdString(), query.toStdString(), mechanism.toStdString(), epsilon, lower, upper, delta);
        QVERIFY(!r);
        QVERIFY2(r.status().message().find(messagePart.toStdString()) != std::string::npos, r.status().message().c_str());
    }
    void sumNeedsBounds() {
        auto r = query("age", "sum", "", 1.0);
        QVERIFY(!r);
        QVERIFY(r.status().message().find("clamping bounds") != std::string::npos);
    }
};

QTEST_APPLESS_MAIN(TestColumnQuery)
#include "tst_column_query.moc"
