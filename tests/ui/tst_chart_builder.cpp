// ValueCountsChartBuilder: numeric counts become a histogram with one outlined bin per count over
// a value (or date) axis; categorical counts a horizontal bar chart, most frequent on top.
#include "charts/value_counts_chart_builder.h"

#include <QAreaSeries>
#include <QBarCategoryAxis>
#include <QBarSet>
#include <QChart>
#include <QDateTimeAxis>
#include <QHorizontalBarSeries>
#include <QLineSeries>
#include <QTest>
#include <QValueAxis>

#include <memory>

using namespace veil;
using veil::ui::ValueCountsChartBuilder;

class TestChartBuilder : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void histogramHasOneOutlinePerBin();
    void realHistogramLabelsMatchTickStep();
    void dateHistogramUsesDateAxis();
    void barChartPutsMostFrequentOnTop();
    void emptyCountsGiveEmptyChart();
};

void TestChartBuilder::histogramHasOneOutlinePerBin() {
    ValueCounts counts;
    counts.numeric = true;
    counts.counts = {3, 0, 5};
    counts.binEdges = {10, 20, 30, 40};
    std::unique_ptr<QChart> chart(ValueCountsChartBuilder::build(counts, ColumnType::Integer, QStringLiteral("age")));
    QCOMPARE(chart->title(), QStringLiteral("age"));
    QCOMPARE(chart->series().size(), 1);
    auto* area = qobject_cast<QAreaSeries*>(chart->series().first());
    QVERIFY(area);
    // Outline: start at (10,0), then per bin up, across, down: 1 + 3 * 3 points.
    const QList<QPointF> points = area->upperSeries()->points();
    QCOMPARE(points.size(), 10);
    QCOMPARE(points[1], QPointF(10, 3));
    QCOMPARE(points[2], QPointF(20, 3));
    QCOMPARE(points[8], QPointF(40, 5));
    auto* x = qobject_cast<QValueAxis*>(chart->axes(Qt::Horizontal).value(0));
    QVERIFY(x);
    QCOMPARE(x->min(), 10.0);
    QCOMPARE(x->max(), 40.0);
    // Range 30 in about 4 ticks: 7.5 rounds up to the nice interval 10, labels without decimals.
    QCOMPARE(x->tickType(), QValueAxis::TicksDynamic);
    QCOMPARE(x->tickInterval(), 10.0);
    QCOMPARE(x->labelFormat(), QStringLiteral("%.0f"));
    auto* y = qobject_cast<QValueAxis*>(chart->axes(Qt::Vertical).value(0));
    QVERIFY(y);
    QVERIFY2(y->max() >= 5.0, qPrintable(QString::number(y->max())));
}

void TestChartBuilder::realHistogramLabelsMatchTickStep() {
    ValueCounts counts;
    counts.numeric = true;
    counts.counts = {1, 1};
    counts.binEdges = {1000.0, 1000.5, 1001.0};
    std::unique_ptr<QChart> chart(ValueCountsChartBuilder::build(counts, ColumnType::Real, QString()));
    auto* x = qobject_cast<QValueAxis*>(chart->axes(Qt::Horizontal).value(0));
    QVERIFY(x);
    // Range 1 in about 4 ticks: 0.25 rounds up to 0.5, one decimal (not "1e+03").
    QCOMPARE(x->tickInterval(), 0.5);
    QCOMPARE(x->labelFormat(), QStringLiteral("%.1f"));
}

void TestChartBuilder::dateHistogramUsesDateAxis() {
    ValueCounts counts;
    counts.numeric = true;
    counts.counts = {1, 2};
    counts.binEdges = {double(daysFromCivil(2020, 1, 1)), double(daysFromCivil(2020, 1, 11)),
                       double(daysFromCivil(2020, 1, 21))};
    std::unique_ptr<QChart> chart(ValueCountsChartBuilder::build(counts, ColumnType::Date, QStringLiteral("born")));
    auto* x = qobject_cast<QDateTimeAxis*>(chart->axes(Qt::Horizontal).value(0));
    QVERIFY(x);
    QCOMPARE(x->min().toUTC().date(), QDate(2020, 1, 1));
    QCOMPARE(x->max().toUTC().date(), QDate(2020, 1, 21));
}

void TestChartBuilder::barChartPutsMostFrequentOnTop() {
    ValueCounts counts;
    counts.labels = {"Private", "Self-emp", "other"};
    counts.counts = {22286, 2499, 5377};
    std::unique_ptr<QChart> chart(ValueCountsChartBuilder::build(counts, ColumnType::Categorical, QString()));
    auto* series = qobject_cast<QHorizontalBarSeries*>(chart->series().value(0));
    QVERIFY(series);
    QCOMPARE(series->barSets().size(), 1);
    QBarSet* set = series->barSets().first();
    QCOMPARE(set->count(), 3);
    auto* categories = qobject_cast<QBarCategoryAxis*>(chart->axes(Qt::Vertical).value(0));
    QVERIFY(categories);
    // The first category is drawn at the bottom, so the order is reversed.
    QCOMPARE(categories->categories(), QStringList({"other", "Self-emp", "Private"}));
    QCOMPARE(set->at(2), 22286.0);
    // The counts axis has round ticks: 0, 10000, 20000, 30000 (a tick count set after the nice
    // scale made 0, 13333, 26667, 40000 for 30,162 rows).
    auto* values = qobject_cast<QValueAxis*>(chart->axes(Qt::Horizontal).value(0));
    QVERIFY(values);
    QCOMPARE(values->min(), 0.0);
    QCOMPARE(values->max(), 30000.0);
    QCOMPARE(values->tickCount(), 4);
}

void TestChartBuilder::emptyCountsGiveEmptyChart() {
    std::unique_ptr<QChart> chart(ValueCountsChartBuilder::build(ValueCounts{}, ColumnType::Text, QStringLiteral("x")));
    QVERIFY(chart->series().isEmpty());
}

QTEST_MAIN(TestChartBuilder)
#include "tst_chart_builder.moc"
