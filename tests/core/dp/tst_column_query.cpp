// Column queries through the release gate: true answers (teaching mode), sensitivities,
// neighbouring notions, declared domains, charging and input errors.
#include "veil/common/random.h"
#include "veil/dp/column_query.h"
#include "veil/dp/histogram_release.h"

#include <QtTest/QtTest>

#include <cmath>
#include <limits>

using namespace veil;
using namespace veil::dp;

namespace {
// age: 10, 20, ..., 100 plus one missing; sex: 7 M, 4 F; empty: all missing; note: text.
Table makeTable() {
    Column::Builder age("age", ColumnType::Integer), sex("sex", ColumnType::Categorical),
        empty("empty", ColumnType::Real), note("note", ColumnType::Text);
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
    if (spec.query != QueryKind::Count && spec.query != QueryKind::RangeCount) {  // counts refuse bounds
        spec.lower = lo;
        spec.upper = hi;
    }
    spec.trials = trials;
    auto gate = ReleaseGate::teaching(7);
    return releaseColumnQuery(gate, table, column, spec, RunContext{});
}

ReleaseGate releaseGate(double budget) {
    ReleaseGate::Options o;
    o.dataset = "table";
    o.budget = PrivacySpend{budget, 1e-6, 0.0};
    return ReleaseGate(o);
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
        QTest::newRow("count") << "age"
                               << "count"
                               << "laplace" << 10.0 << 1.0 << "add-remove";
        QTest::newRow("sum clamped") << "age"
                                     << "sum"
                                     << "laplace" << 10.0 + 20 + 30 + 40 + 50 + 60 * 5 << 60.0 << "add-remove";
        // A mean counts every row (n = 11, public under replace-one), the missing age as the
        // bounds' midpoint 30: (450 + 30) / 11; sensitivity 60 / 11.
        QTest::newRow("mean clamped") << "age"
                                      << "mean"
                                      << "laplace" << 480.0 / 11 << 60.0 / 11 << "replace";
        QTest::newRow("mean of missing values only") << "empty"
                                                     << "mean"
                                                     << "laplace" << 30.0 << 60.0 / 11 << "replace";
        QTest::newRow("median EM") << "age"
                                   << "median"
                                   << "exponential" << 50.0 << 1.0 << "add-remove";
        QTest::newRow("quantile 0.9") << "age"
                                      << "quantile:0.9"
                                      << "exponential" << 60.0 << 1.0 << "add-remove";
        QTest::newRow("median histogram") << "age"
                                          << "median"
                                          << "histogram" << 50.0 << 1.0 << "add-remove";
        QTest::newRow("range 20..45") << "age"
                                      << "range:20:45"
                                      << "geometric" << 3.0 << 1.0 << "add-remove";
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
        ColumnQuerySpec spec;
        spec.query = QueryKind::Histogram;
        spec.mechanism = MechanismKind::Geometric;
        spec.categories = {"F", "M", "X"};  // declared: X is never in the data, and still a label
        auto gate = ReleaseGate::teaching(3);
        auto r = releaseColumnQuery(gate, makeTable(), "sex", spec, RunContext{});
        QVERIFY2(r, r.status().message().c_str());
        QCOMPARE(r->labels, (std::vector<std::string>{"F", "M", "X"}));
        QCOMPARE(r->trueValues, (std::vector<double>{4, 7, 0}));
        for (double v : r->releases[0]) QCOMPARE(v, std::round(v));  // geometric: integers
    }
    // Finding 2 of issue 13: a categorical histogram used the values present in the data as its
    // labels, so one record with a new value added a label (unbounded privacy loss). The domain is
    // declared now: without one the query is refused; values outside it go to the declared other
    // bin or are dropped, never to a new label.
    void histogramLabelsNeverComeFromTheData() {
        ColumnQuerySpec spec;
        spec.query = QueryKind::Histogram;
        auto gate = ReleaseGate::teaching(3);
        const auto refused = releaseColumnQuery(gate, makeTable(), "sex", spec, RunContext{});
        QVERIFY(!refused);
        QVERIFY2(refused.status().message().find("declared") != std::string::npos, refused.status().message().c_str());
        QCOMPARE(gate.receipts().size(), std::size_t(0));  // refused before the gate

        spec.categories = {"M"};
        auto dropped = releaseColumnQuery(gate, makeTable(), "sex", spec, RunContext{});
        QVERIFY(dropped);
        QCOMPARE(dropped->labels, (std::vector<std::string>{"M"}));
        QCOMPARE(dropped->trueValues, (std::vector<double>{7}));
        spec.otherLabel = "other";
        auto other = releaseColumnQuery(gate, makeTable(), "sex", spec, RunContext{});
        QVERIFY(other);
        QCOMPARE(other->labels, (std::vector<std::string>{"M", "other"}));
        QCOMPARE(other->trueValues, (std::vector<double>{7, 4}));
        spec.otherLabel = "M";
        QVERIFY(!releaseColumnQuery(gate, makeTable(), "sex", spec, RunContext{}));  // the other bin collides
    }
    void numericHistogramNeedsDeclaredBins() {
        ColumnQuerySpec spec;
        spec.query = QueryKind::Histogram;
        spec.lower = 0.0;
        spec.upper = 100.0;  // bounds but no bin count: refused (no default read off anything)
        auto gate = ReleaseGate::teaching(3);
        QVERIFY(!releaseColumnQuery(gate, makeTable(), "age", spec, RunContext{}));
        spec.binCount = -3;
        QVERIFY(!releaseColumnQuery(gate, makeTable(), "age", spec, RunContext{}));
        spec.binCount = 4;
        QVERIFY(releaseColumnQuery(gate, makeTable(), "age", spec, RunContext{}));
    }
    // Bounds a query would not use are refused before the charge, not ignored.
    void unusedBoundsAreRefused() {
        auto gate = ReleaseGate::teaching(3);
        ColumnQuerySpec count;
        count.query = QueryKind::Count;
        QVERIFY(releaseColumnQuery(gate, makeTable(), "age", count, RunContext{}));
        count.lower = 0.0;
        count.upper = 100.0;
        auto refused = releaseColumnQuery(gate, makeTable(), "age", count, RunContext{});
        QVERIFY(!refused);
        QVERIFY(refused.status().message().find("needs no clamping bounds") != std::string::npos);
        ColumnQuerySpec edges;
        edges.query = QueryKind::Histogram;
        edges.binEdges = {0.0, 30.0, 60.0, 100.0};
        QVERIFY(releaseColumnQuery(gate, makeTable(), "age", edges, RunContext{}));
        edges.lower = 10.0;
        edges.upper = 50.0;
        refused = releaseColumnQuery(gate, makeTable(), "age", edges, RunContext{});
        QVERIFY(!refused);
        QVERIFY(refused.status().message().find("edges or categories are its domain") != std::string::npos);
    }
    void histogramStrategyFromTheCatalogue() {
        ColumnQuerySpec spec;
        spec.query = QueryKind::Histogram;
        spec.lower = 0.0;
        spec.upper = 100.0;
        spec.binCount = 8;
        spec.strategy = "hierarchical";
        spec.strategyOptions = {{"branching", 4}};
        spec.epsilon = 1000.0;  // noise ~ 2 levels / 1000: the estimate is the counts to 0.1
        auto gate = ReleaseGate::teaching(3);
        auto r = releaseColumnQuery(gate, makeTable(), "age", spec, RunContext{});
        QVERIFY2(r, r.status().message().c_str());
        QCOMPARE(r->releases[0].size(), std::size_t(8));
        for (std::size_t i = 0; i < 8; ++i) QVERIFY(std::fabs(r->releases[0][i] - r->trueValues[i]) < 0.1);
        spec.strategyOptions = {{"branching", "x"}};
        const auto bad = releaseColumnQuery(gate, makeTable(), "age", spec, RunContext{});
        QVERIFY(!bad);
        QVERIFY2(bad.status().message().find("options.branching") != std::string::npos, bad.status().message().c_str());
    }
    // A histogram strategy released from a column runs in the gate's mode (teaching-only options
    // such as DAWA's partition=dpcomp are accepted there and refused in a release, before the
    // charge) and the receipt cites the strategy, not the Laplace mechanism.
    void histogramStrategyModeAndCitation() {
        ColumnQuerySpec spec;
        spec.query = QueryKind::Histogram;
        spec.lower = 0.0;
        spec.upper = 100.0;
        spec.binCount = 8;
        spec.strategy = "dawa";
        spec.strategyOptions = {{"partition", "dpcomp"}};
        spec.epsilon = 1.0;
        auto teaching = ReleaseGate::teaching(5);
        auto taught = releaseColumnQuery(teaching, makeTable(), "age", spec, RunContext{});
        QVERIFY2(taught, taught.status().message().c_str());
        QCOMPARE(taught->releases[0].size(), std::size_t(8));
        auto gate = releaseGate(10.0);
        const auto refused = releaseColumnQuery(gate, makeTable(), "age", spec, RunContext{});
        QVERIFY(!refused);
        QVERIFY2(refused.status().message().find("teaching mode") != std::string::npos,
                 refused.status().message().c_str());
        QCOMPARE(gate.session().spent().epsilon, 0.0);
        spec.strategyOptions = nlohmann::json::object();
        auto released = releaseColumnQuery(gate, makeTable(), "age", spec, RunContext{});
        QVERIFY2(released, released.status().message().c_str());
        const auto info = findHistogramStrategy("dawa");
        QVERIFY(info);
        QCOMPARE(released->receipt.citation, (*info)->citation);
        QVERIFY(released->receipt.citation.find("Li, Hay") != std::string::npos);
    }
    // A histogram's workload: every release answers each range by its bins' sum, the true answers
    // in teaching mode only (by hand: 10 bins of width 10 over [0, 100]; the ages 10..80 fall one
    // per bin from bin 1, 90 and 100 both in bin 9); ranges outside the bins are refused before
    // any charge.
    void histogramWorkloadAnswers() {
        ColumnQuerySpec spec;
        spec.query = QueryKind::Histogram;
        spec.lower = 0.0;
        spec.upper = 100.0;
        spec.binCount = 10;
        spec.epsilon = 1.0;
        spec.trials = 2;
        spec.workload = {{0, 9}, {1, 1}, {0, 0}, {3, 7}};
        auto teaching = ReleaseGate::teaching(4);
        auto r = releaseColumnQuery(teaching, makeTable(), "age", spec, RunContext{});
        QVERIFY2(r, r.status().message().c_str());
        QCOMPARE(r->workloadTruth, (std::vector<double>{10.0, 1.0, 0.0, 5.0}));
        QCOMPARE(r->workloadAnswers.size(), std::size_t(2));
        for (std::size_t t = 0; t < 2; ++t) {
            const auto& x = r->releases[t];
            QCOMPARE(r->workloadAnswers[t].size(), std::size_t(4));
            double all = 0.0, middle = 0.0;
            for (std::size_t i = 0; i < 10; ++i) all += x[i], middle += i >= 3 && i <= 7 ? x[i] : 0.0;
            QVERIFY(std::fabs(r->workloadAnswers[t][0] - all) < 1e-9);
            QCOMPARE(r->workloadAnswers[t][1], x[1]);
            QCOMPARE(r->workloadAnswers[t][2], x[0]);
            QVERIFY(std::fabs(r->workloadAnswers[t][3] - middle) < 1e-9);
        }
        auto gate = releaseGate(10.0);
        auto released = releaseColumnQuery(gate, makeTable(), "age", spec, RunContext{});
        QVERIFY2(released, released.status().message().c_str());
        QVERIFY(released->workloadTruth.empty() && released->trueValues.empty());
        QCOMPARE(released->workloadAnswers.size(), std::size_t(2));
        spec.workload = {{2, 10}};
        const auto outside = releaseColumnQuery(gate, makeTable(), "age", spec, RunContext{});
        QVERIFY(!outside);
        QCOMPARE(outside.status().message(),
                 std::string("workload query 0: range [2, 10] is not inside the 10 bins 0..9"));
        QCOMPARE(gate.session().spent().epsilon, 2.0);
        spec.query = QueryKind::Count;
        spec.workload = {{0, 1}};
        QVERIFY(!releaseColumnQuery(gate, makeTable(), "age", spec, RunContext{}));
    }
    void releaseModeChargesAndHidesTheTruth() {
        auto gate = releaseGate(1.0);
        ColumnQuerySpec spec;
        spec.epsilon = 0.6;
        auto r = releaseColumnQuery(gate, makeTable(), "age", spec, RunContext{});
        QVERIFY(r);
        QVERIFY(r->trueValues.empty());
        QCOMPARE(r->rowsUsed, std::size_t(0));
        QVERIFY(r->receipt.isPrivate);
        QCOMPARE(r->receipt.spent.epsilon, 0.6);
        // The second would exceed the budget: refused, nothing released, nothing spent.
        const auto refused = releaseColumnQuery(gate, makeTable(), "age", spec, RunContext{});
        QCOMPARE(refused.status().code(), StatusCode::BudgetExceeded);
        QCOMPARE(gate.session().spent().epsilon, 0.6);
        // A Gaussian release charges rho too.
        ColumnQuerySpec g;
        g.mechanism = MechanismKind::Gaussian;
        g.epsilon = 0.3;
        g.delta = 1e-7;
        auto gr = releaseColumnQuery(gate, makeTable(), "age", g, RunContext{});
        QVERIFY2(gr, gr.status().message().c_str());
        QVERIFY(gr->receipt.spent.rho > 0.0);
    }
    // Finding 1 of issue 13: epsilon = 1e-320 published the exact count (the sampler returned its
    // input for an infinite scale); 5e-307 the exact sum; 1e-20 the exact geometric count; 1e308
    // printed null. Every epsilon outside [1e-9, 1000] is refused with a message naming the range,
    // and 1e-9 is released with its (huge) noise.
    void epsilonRange_data() {
        QTest::addColumn<QString>("query");
        QTest::addColumn<QString>("mechanism");
        QTest::addColumn<double>("epsilon");
        QTest::addColumn<bool>("accepted");
        const double nan = std::numeric_limits<double>::quiet_NaN(), inf = std::numeric_limits<double>::infinity();
        for (const char* mech : {"laplace", "geometric"}) {
            const QString m = QString::fromLatin1(mech);
            QTest::addRow("count %s 1e-320", mech) << "count" << m << 1e-320 << false;
            QTest::addRow("count %s 5e-307", mech) << "count" << m << 5e-307 << false;
            QTest::addRow("count %s 1e-20", mech) << "count" << m << 1e-20 << false;
            QTest::addRow("count %s 1e-9", mech) << "count" << m << 1e-9 << true;
            QTest::addRow("count %s 1e308", mech) << "count" << m << 1e308 << false;
            QTest::addRow("count %s NaN", mech) << "count" << m << nan << false;
            QTest::addRow("count %s inf", mech) << "count" << m << inf << false;
            QTest::addRow("count %s 0", mech) << "count" << m << 0.0 << false;
            QTest::addRow("count %s negative", mech) << "count" << m << -1.0 << false;
        }
        QTest::newRow("sum 5e-307") << "sum"
                                    << "laplace" << 5e-307 << false;
        QTest::newRow("sum 1e-9") << "sum"
                                  << "laplace" << 1e-9 << true;
        QTest::newRow("median 1e-320") << "median"
                                       << "exponential" << 1e-320 << false;
        QTest::newRow("median 1e308") << "median"
                                      << "exponential" << 1e308 << false;
    }
    void epsilonRange() {
        QFETCH(QString, query);
        QFETCH(QString, mechanism);
        QFETCH(double, epsilon);
        QFETCH(bool, accepted);
        auto r = ::query("age", query.toStdString(), mechanism.toStdString(), epsilon, 0.0, 100.0);
        if (!accepted) {
            QVERIFY(!r);
            QVERIFY2(r.status().message().find("[1e-09, 1000]") != std::string::npos, r.status().message().c_str());
            return;
        }
        QVERIFY2(r, r.status().message().c_str());
        // Noise of scale >= 1e9 (count) or 1e11 (sum): the release is far from the truth.
        QVERIFY2(std::fabs(r->releases[0][0] - r->trueValues[0]) > 1e3,
                 qPrintable(QString("released %1, true %2").arg(r->releases[0][0]).arg(r->trueValues[0])));
        QVERIFY(std::isfinite(r->releases[0][0]));
    }
    void histogramNumericBins() {
        ColumnQuerySpec spec;
        spec.query = QueryKind::Histogram;
        spec.binEdges = {0, 25, 50, 100};
        auto gate = ReleaseGate::teaching(1);
        auto r = releaseColumnQuery(gate, makeTable(), "age", spec, RunContext{});
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
        QTest::newRow("epsilon 0") << "age"
                                   << "count"
                                   << "" << 0.0 << 0.0 << 1.0 << 0.0 << "epsilon";
        QTest::newRow("epsilon NaN") << "age"
                                     << "count"
                                     << "" << nan << 0.0 << 1.0 << 0.0 << "epsilon";
        QTest::newRow("delta 1") << "age"
                                 << "count"
                                 << "gaussian" << 1.0 << 0.0 << 1.0 << 1.0 << "delta";
        QTest::newRow("gaussian without delta") << "age"
                                                << "count"
                                                << "gaussian" << 1.0 << 0.0 << 1.0 << 0.0 << "delta > 0";
        QTest::newRow("delta with laplace") << "age"
                                            << "count"
                                            << "laplace" << 1.0 << 0.0 << 1.0 << 1e-5 << "pure";
        QTest::newRow("lower > upper") << "age"
                                       << "sum"
                                       << "" << 1.0 << 5.0 << 1.0 << 0.0 << "lower";
        QTest::newRow("NaN bound") << "age"
                                   << "sum"
                                   << "" << 1.0 << nan << 1.0 << 0.0 << "lower";
        QTest::newRow("unknown column") << "nope"
                                        << "count"
                                        << "" << 1.0 << 0.0 << 1.0 << 0.0 << "nope";
        QTest::newRow("sum of text") << "note"
                                     << "sum"
                                     << "" << 1.0 << 0.0 << 1.0 << 0.0 << "needs a numeric column";
        QTest::newRow("median with laplace")
            << "age"
            << "median"
            << "laplace" << 1.0 << 0.0 << 1.0 << 0.0 << "exponential, smooth or histogram";
        QTest::newRow("count with exponential") << "age"
                                                << "count"
                                                << "exponential" << 1.0 << 0.0 << 1.0 << 0.0 << "medians";
        QTest::newRow("unknown mechanism") << "age"
                                           << "count"
                                           << "magic" << 1.0 << 0.0 << 1.0 << 0.0 << "unknown mechanism";
        QTest::newRow("bad quantile") << "age"
                                      << "quantile:1.5"
                                      << "" << 1.0 << 0.0 << 1.0 << 0.0 << "quantile";
        QTest::newRow("geometric fractional sens") << "age"
                                                   << "sum"
                                                   << "geometric" << 1.0 << 0.0 << 2.5 << 0.0 << "integer";
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
        auto r =
            ::query(column.toStdString(), query.toStdString(), mechanism.toStdString(), epsilon, lower, upper, delta);
        QVERIFY(!r);
        QVERIFY2(r.status().message().find(messagePart.toStdString()) != std::string::npos,
                 r.status().message().c_str());
    }
    void sumNeedsBounds() {
        auto r = query("age", "sum", "", 1.0);
        QVERIFY(!r);
        QVERIFY(r.status().message().find("clamping bounds") != std::string::npos);
    }
};

QTEST_APPLESS_MAIN(TestColumnQuery)
#include "tst_column_query.moc"
