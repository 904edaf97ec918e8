// Error metrics and summaries against values computed by hand (shown in the comments) and with
// Python's statistics module for the quartiles and the t interval.
#include "veil/eval/error_metrics.h"

#include <QtTest>

#include <cmath>

using namespace veil::eval;

class TestErrorMetrics : public QObject {
    Q_OBJECT
private slots:
    void metricsByHand();
    void sanityBoundGuardsSmallTruths();
    void summaryQuartilesAndInterval();
    void summaryOfOneAndNone();
    void metricNames();
};

void TestErrorMetrics::metricsByHand() {
    // truth 10, 0, 100; estimates 12, 1, 90 -> |diff| = 2, 1, 10; N = 1000, sanity = 0.001 N = 1.
    const auto e = computeErrors({10, 0, 100}, {12, 1, 90}, 1000.0, 0.001);
    QCOMPARE(e[Metric::MeanAbsolute], 13.0 / 3.0);
    QCOMPARE(e[Metric::MeanRelative], (2.0 / 10 + 1.0 / 1 + 10.0 / 100) / 3.0);  // 0.4333
    QCOMPARE(e[Metric::Rmse], std::sqrt(105.0 / 3.0));                           // sqrt((4+1+100)/3)
    QCOMPARE(e[Metric::ScaledL1], 13.0 / 3.0 / 1000.0);                          // ||diff||_1 / q / N
    QCOMPARE(e[Metric::ScaledL2], std::sqrt(105.0) / 3.0 / 1000.0);              // ||diff||_2 / q / N
    QCOMPARE(e[Metric::MaxAbsolute], 10.0);
}

void TestErrorMetrics::sanityBoundGuardsSmallTruths() {
    // Truth 0 with N = 25714 and sanity 0.001: denominator 25.714, so |diff| 5 -> 5 / 25.714.
    const auto e = computeErrors({0}, {5}, 25714.0, 0.001);
    QCOMPARE(e[Metric::MeanRelative], 5.0 / 25.714);
    // A large truth uses itself: |diff| 5 of 1000 -> 0.005.
    QCOMPARE(computeErrors({1000}, {995}, 25714.0)[Metric::MeanRelative], 0.005);
}

void TestErrorMetrics::summaryQuartilesAndInterval() {
    // Python: sorted [1, 2, 3, 4, 10]; numpy-style (type 7) quartiles 2, 3, 4; mean 4;
    // statistics.stdev = 3.5355339059327378; t_{0.975, 4} = 2.7764451051977987 (scipy/tables),
    // half-width = 2.77644510519 * 3.53553390593 / sqrt(5) = 4.389945165425424.
    const auto s = summarize({4, 1, 3, 2, 10});
    QCOMPARE(s.n, std::size_t(5));
    QCOMPARE(s.median, 3.0);
    QCOMPARE(s.q1, 2.0);
    QCOMPARE(s.q3, 4.0);
    QCOMPARE(s.iqr, 2.0);
    QCOMPARE(s.mean, 4.0);
    QCOMPARE(s.min, 1.0);
    QCOMPARE(s.max, 10.0);
    QVERIFY(std::abs(s.sd - 3.5355339059327378) < 1e-12);
    QVERIFY2(std::abs(s.ciUpper - 8.389945165425424) < 1e-6, qPrintable(QString::number(s.ciUpper, 'g', 17)));
    QVERIFY(std::abs(s.ciLower - (4.0 - 4.389945165425424)) < 1e-6);
    // Interpolated quartile: [1, 2, 3, 4] -> q1 at h = 0.75: 1 + 0.75 = 1.75 (numpy.percentile).
    QCOMPARE(summarize({4, 3, 2, 1}).q1, 1.75);
}

void TestErrorMetrics::summaryOfOneAndNone() {
    const auto one = summarize({7});
    QCOMPARE(one.median, 7.0);
    // One trial says nothing of the spread: no standard deviation, no interval (not [7, 7]).
    QVERIFY(std::isnan(one.sd));
    QVERIFY(std::isnan(one.ciLower) && std::isnan(one.ciUpper));
    QCOMPARE(summarize({}).n, std::size_t(0));
}

void TestErrorMetrics::metricNames() {
    for (Metric m : kAllMetrics) {
        const auto parsed = parseMetric(metricName(m));
        QVERIFY(parsed.isOk());
        QCOMPARE(static_cast<int>(*parsed), static_cast<int>(m));
    }
    const auto bad = parseMetric("l7");
    QVERIFY(!bad.isOk());
    QVERIFY(QString::fromStdString(bad.status().message()).contains("unknown metric 'l7'"));
}

QTEST_APPLESS_MAIN(TestErrorMetrics)
#include "tst_error_metrics.moc"
