// Round axis ticks (issue 20: "tick values like 227.248 and 6667", "0.097, 0.19" on the Histograms
// error chart): the shared scale by hand, and the error chart built on it.
#include "charts/histograms/strategy_error_chart_builder.h"
#include "charts/nice_scale.h"

#include <QChart>
#include <QTest>
#include <QValueAxis>

#include <cmath>
#include <memory>

using namespace veil;
using namespace veil::ui;

class TestNiceScale : public QObject {
    Q_OBJECT

private Q_SLOTS:
    // Steps 1, 2, 2.5, 5 x 10^k: the first at least span / target.
    void scalesByHand() {
        // 227.248 / 5 = 45.4 -> 50: 0, 50, ..., 250.
        NiceScale s = niceScale(0, 227.248, 5);
        QCOMPARE(s.step, 50.0);
        QCOMPARE(s.hi, 250.0);
        QCOMPARE(s.ticks, 6);
        // 6667 / 5 = 1333 -> 2000: 0, 2000, ..., 8000.
        s = niceScale(0, 6667, 5, true);
        QCOMPARE(s.step, 2000.0);
        QCOMPARE(s.hi, 8000.0);
        QCOMPARE(s.ticks, 5);
        // 0.116 / 5 = 0.0232 -> 0.025: 0, 0.025, ..., 0.125.
        s = niceScale(0, 0.116, 5);
        QCOMPARE(s.step, 0.025);
        QVERIFY(std::abs(s.hi - 0.125) < 1e-12);
        QCOMPARE(s.ticks, 6);
        // Whole numbers: 3 / 5 = 0.6 would give 1 anyway; 2.5 becomes 2; never below 1.
        QCOMPARE(niceScale(0, 3, 5, true).step, 1.0);
        QCOMPARE(niceScale(0, 12, 5, true).step, 2.0);
        QCOMPARE(niceScale(0, 1.2, 5, true).step, 1.0);
        // A negative start is floored to the step: -7.5 .. 32 by 10 -> -10 .. 40.
        s = niceScale(-7.5, 32, 5);
        QCOMPARE(s.lo, -10.0);
        QCOMPARE(s.hi, 40.0);
        // Empty range: one unit.
        s = niceScale(5, 5, 5);
        QVERIFY(s.hi > s.lo);
        const std::vector<double> ticks = niceTicks(0.3, 1.7, 4);  // step 0.5 inside the range
        QCOMPARE(ticks.size(), std::size_t(3));
        QCOMPARE(ticks[0], 0.5);
        QCOMPARE(ticks[2], 1.5);
        QVERIFY(niceTicks(1, 1, 4).empty());
    }

    void axisLabelsHaveTheStepsDecimals() {
        QValueAxis axis;
        applyNiceScale(&axis, 0, 0.116);
        QCOMPARE(axis.labelFormat(), QStringLiteral("%.3f"));
        QCOMPARE(axis.tickCount(), 6);
        applyNiceScale(&axis, 0, 227.248);
        QCOMPARE(axis.labelFormat(), QStringLiteral("%.0f"));
        QCOMPARE(axis.max(), 250.0);
    }

    // The Histograms view's error chart: errors 0.081 and 0.097 (x 1.2 headroom = 0.1164) get ticks
    // 0, 0.025, ..., 0.125, not 0, 0.0291, 0.0582, ...
    void errorChartTicksAreRound() {
        std::vector<dp::StrategyError> errors(2);
        errors[0].strategy = "identity";
        errors[0].name = "Identity";
        errors[0].meanError = 0.081;
        errors[1].strategy = "hb";
        errors[1].name = "HB";
        errors[1].meanError = 0.097;
        std::unique_ptr<QChart> chart(StrategyErrorChartBuilder::build(errors, QStringLiteral("error")));
        const auto axes = chart->axes(Qt::Vertical);
        QCOMPARE(axes.size(), 1);
        auto* y = qobject_cast<QValueAxis*>(axes.first());
        QVERIFY(y);
        const double step = (y->max() - y->min()) / (y->tickCount() - 1);
        QVERIFY2(std::abs(step - 0.025) < 1e-12, qPrintable(QString::number(step)));
        QVERIFY(std::abs(y->max() - 0.125) < 1e-12);
    }
};

QTEST_MAIN(TestNiceScale)
#include "tst_nice_scale.moc"
