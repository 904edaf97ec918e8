// Parts of the Mechanisms/Histograms views on hand-built inputs: the chart builders (noise PDF/PMF,
// repeated releases, true vs private bars, strategy errors), the log epsilon slider, and the
// merging undo command. Expected numbers are worked out by hand in the comments.
#include "charts/histograms/histogram_bars_chart_builder.h"
#include "charts/histograms/strategy_error_chart_builder.h"
#include "charts/mechanisms/noise_chart_builder.h"
#include "charts/mechanisms/repeated_release_chart_builder.h"
#include "views/histograms/strategy_error_model.h"
#include "panels/dp_parameters.h"
#include "panels/epsilon_slider.h"
#include "panels/display_number.h"

#include <QAbstractAxis>
#include <QAbstractItemModelTester>
#include <QAreaSeries>
#include <QBarSeries>
#include <QBarSet>
#include <QChart>
#include <QLineSeries>
#include <QTest>
#include <QUndoStack>

#include <memory>

using namespace veil;
using namespace veil::ui;

class TestDpParts : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void noiseChartLaplace();
    void noiseChartDiscreteAndNone();
    void repeatedReleaseBins();
    void histogramBarsSmallAndLarge();
    void strategyErrors();
    void epsilonSliderIsLogarithmic();
    void parameterEditsMergeAndUndo();
    void numbersInTextAreRounded_data();
    void numbersInTextAreRounded();
};

void TestDpParts::noiseChartLaplace() {
    dp::NoiseDistribution noise{dp::NoiseKind::Laplace, 1.0};
    std::unique_ptr<QChart> chart(NoiseChartBuilder::build(noise, 5.0, QStringLiteral("t")));
    QCOMPARE(chart->series().size(), 1);
    auto* curve = qobject_cast<QLineSeries*>(chart->series().at(0));
    QVERIFY(curve);
    double peak = 0, peakX = 0;
    for (const QPointF& p : curve->points())
        if (p.y() > peak) peak = p.y(), peakX = p.x();
    // Laplace(b = 1) density peaks at 1/(2b) = 0.5 at the centre (5).
    QVERIFY2(std::abs(peak - 0.5) < 1e-9, qPrintable(QString::number(peak)));
    QCOMPARE(peakX, 5.0);
    QCOMPARE(chart->axes(Qt::Horizontal).at(0)->titleText(), QStringLiteral("Released value"));
    QCOMPARE(chart->axes(Qt::Vertical).at(0)->titleText(), QStringLiteral("Density"));
}

void TestDpParts::noiseChartDiscreteAndNone() {
    dp::NoiseDistribution noise{dp::NoiseKind::DiscreteLaplace, 2.0};
    std::unique_ptr<QChart> chart(NoiseChartBuilder::build(noise, 0.0, QStringLiteral("t")));
    QCOMPARE(chart->series().size(), 2);  // PMF line + dots at integers
    QCOMPARE(chart->axes(Qt::Vertical).at(0)->titleText(), QStringLiteral("Probability"));
    std::unique_ptr<QChart> none(NoiseChartBuilder::build(dp::NoiseDistribution{}, 0.0, QStringLiteral("t")));
    QVERIFY(none->series().isEmpty());
}

void TestDpParts::repeatedReleaseBins() {
    // Values 0, 1, 1, 2, 3.9, 4 over [0, 4] in 4 bins of width 1: [0,1) holds 0; [1,2) holds 1, 1;
    // [2,3) holds 2; [3,4] holds 3.9 and 4 (the top edge goes to the last bin).
    const std::vector<double> values = {0, 1, 1, 2, 3.9, 4};
    QCOMPARE(RepeatedReleaseChartBuilder::binCounts(values, 0, 4, 4), (std::vector<int>{1, 2, 1, 2}));
    std::unique_ptr<QChart> chart(RepeatedReleaseChartBuilder::build(values, 2.5, QStringLiteral("t"), 4));
    QCOMPARE(chart->series().size(), 2);  // area + true-value mark
    auto* mark = qobject_cast<QLineSeries*>(chart->series().at(1));
    QCOMPARE(mark->at(0).x(), 2.5);
    std::unique_ptr<QChart> hidden(RepeatedReleaseChartBuilder::build(values, std::nullopt, QStringLiteral("t"), 4));
    QCOMPARE(hidden->series().size(), 1);
}

void TestDpParts::histogramBarsSmallAndLarge() {
    std::unique_ptr<QChart> small(HistogramBarsChartBuilder::build({1, 2, 3}, {1.5, 1.5, 3.5}, {"a", "b", "c"},
                                                                   QStringLiteral("t"), QStringLiteral("noisy")));
    auto* bars = qobject_cast<QBarSeries*>(small->series().at(0));
    QVERIFY(bars);
    QCOMPARE(bars->barSets().at(0)->at(2), 3.0);
    QCOMPARE(bars->barSets().at(1)->at(0), 1.5);
    std::vector<double> big(100, 1.0);
    std::unique_ptr<QChart> large(
        HistogramBarsChartBuilder::build(big, big, {}, QStringLiteral("t"), QStringLiteral("noisy")));
    QCOMPARE(large->series().size(), 2);
    QCOMPARE(qobject_cast<QLineSeries*>(large->series().at(0))->count(), 100);
}

void TestDpParts::strategyErrors() {
    std::vector<dp::StrategyError> errors = {{"identity", "identity", false, 0.01, 0.001},
                                             {"hierarchical", "hierarchical", true, 0.005, 0.0005}};
    std::unique_ptr<QChart> chart(StrategyErrorChartBuilder::build(errors, QStringLiteral("t")));
    auto* bars = qobject_cast<QBarSeries*>(chart->series().at(0));
    QCOMPARE(bars->barSets().at(0)->at(1), 0.005);
    StrategyErrorModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    model.setErrors(errors);
    QCOMPARE(model.rowCount(), 2);
    QCOMPARE(model.index(1, StrategyErrorModel::Strategy).data().toString(),
             QStringLiteral("hierarchical (consistent)"));
    QCOMPARE(model.index(0, StrategyErrorModel::MeanError).data(Qt::EditRole).toDouble(), 0.01);
    model.setErrors({});
    QCOMPARE(model.rowCount(), 0);
}

void TestDpParts::epsilonSliderIsLogarithmic() {
    // 0.01 * 1000^(t) with t = position / 300: ends 0.01 and 10, the middle sqrt(1000) * 0.01 = 0.316.
    QCOMPARE(EpsilonSlider::epsilonAt(0), 0.01);
    QCOMPARE(EpsilonSlider::epsilonAt(EpsilonSlider::kSteps), 10.0);
    QVERIFY(std::abs(EpsilonSlider::epsilonAt(150) - 0.316) < 1e-12);
    QCOMPARE(EpsilonSlider::positionOf(1.0), 200);  // log(100) / log(1000) * 300
    EpsilonSlider slider;
    slider.setEpsilon(1.0);
    QCOMPARE(slider.epsilon(), 1.0);
}

void TestDpParts::parameterEditsMergeAndUndo() {
    QUndoStack stack;
    DpParameters params;
    params.setValue(QStringLiteral("epsilon"), 1.0);
    pushDpParameter(&stack, &params, QStringLiteral("epsilon"), 0.5);
    pushDpParameter(&stack, &params, QStringLiteral("epsilon"), 0.2);  // a drag: merges
    QCOMPARE(stack.count(), 1);
    pushDpParameter(&stack, &params, QStringLiteral("query"), QStringLiteral("sum"));
    QCOMPARE(stack.count(), 2);
    stack.undo();
    QVERIFY(!params.value(QStringLiteral("query")).isValid());
    stack.undo();
    QCOMPARE(params.real(QStringLiteral("epsilon")), 1.0);
    stack.redo();
    QCOMPARE(params.real(QStringLiteral("epsilon")), 0.2);
    pushDpParameter(&stack, &params, QStringLiteral("epsilon"), 0.2);  // no-op edits push nothing
    QCOMPARE(stack.count(), 2);
}

void TestDpParts::numbersInTextAreRounded_data() {
    QTest::addColumn<QString>("text");
    QTest::addColumn<QString>("shown");
    QTest::newRow("snapped scale") << "Laplace(130.0000000023283) per bin"
                                   << "Laplace(130) per bin";
    QTest::newRow("long fraction") << "loss 0.2306558570112438"
                                   << "loss 0.230656";
    QTest::newRow("short kept") << "eps 0.25, 13 levels"
                                << "eps 0.25, 13 levels";
    QTest::newRow("exponent") << "delta 1.00000000001e-06"
                              << "delta 1e-06";
    QTest::newRow("negative") << "[-3.14159265358979, 2]"
                              << "[-3.14159, 2]";
    QTest::newRow("no numbers") << "binary tree"
                                << "binary tree";
    QTest::newRow("empty") << ""
                           << "";
}

void TestDpParts::numbersInTextAreRounded() {
    QFETCH(QString, text);
    QFETCH(QString, shown);
    QCOMPARE(roundNumbersInText(text), shown);
}

QTEST_MAIN(TestDpParts)
#include "tst_dp_parts.moc"
