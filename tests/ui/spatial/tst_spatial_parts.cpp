// The Spatial view's parts on hand-built inputs: the leaf model under QAbstractItemModelTester
// (reset, the true-count column appearing and disappearing), the density colour scale, the
// query-error chart builder, slider mappings, undo-command merging, and the runner's job body
// (cancellation, a table without the columns).
#include "charts/spatial/query_error_chart_builder.h"
#include "views/spatial/configuration_hints.h"
#include "charts/density_color_scale.h"
#include "views/spatial/leaf_table_model.h"
#include "views/spatial/spatial_controls.h"
#include "views/spatial/spatial_parameters.h"
#include "views/spatial/spatial_readout.h"
#include "views/spatial/spatial_runner.h"

#include "veil/common/random.h"
#include "veil/common/run_context.h"
#include "veil/table/column.h"

#include <QAbstractItemModelTester>
#include <QBarSeries>
#include <QBarSet>
#include <QChart>
#include <QSignalSpy>
#include <QTest>
#include <QUndoStack>
#include <QLogValueAxis>

#include <memory>

using namespace veil;
using namespace veil::ui;

namespace {

// Four points per quadrant of [0, 4)^2 except the top-right one, which has none: 12 points.
// A non-private quadtree of height 1 then has leaf counts 4, 4, 4, 0 (exact, by construction).
std::shared_ptr<const SpatialResult> handBuiltResult() {
    std::vector<double> x, y;
    for (auto [cx, cy] : {std::pair{0.5, 0.5}, std::pair{2.5, 0.5}, std::pair{0.5, 2.5}})
        for (int i = 0; i < 4; ++i) {
            x.push_back(cx + 0.25 * i);
            y.push_back(cy + 0.25 * i);
        }
    auto points = spatial::makePointSet(x, y, spatial::Rect{0, 0, 4, 4}).value();
    spatial::PsdOptions o;
    o.kind = spatial::TreeKind::Quadtree;
    o.height = 1;
    o.nonPrivate = true;
    auto psd = spatial::buildDecomposition(points, o, RunContext{}).value();
    auto result = std::make_shared<SpatialResult>();
    result->points = std::make_shared<const spatial::PointSet>(points);
    result->psd = std::make_shared<const spatial::PrivateSpatialDecomposition>(std::move(psd));
    for (std::size_t i = 0; i < x.size(); ++i) result->drawnPoints.append(QPointF(x[i], y[i]));
    return result;
}

}  // namespace

class TestSpatialParts : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void leafModelUnderTester();
    void colorScale();
    void errorChartBars();
    void sliderMappings_data();
    void sliderMappings();
    void editsMergeAndUndo();
    void runnerHonoursCancel();
    void runnerReportsMissingColumns();
    void readoutHidesTrueValues();
    void configurationHints_data();
    void configurationHints();
};

void TestSpatialParts::leafModelUnderTester() {
    LeafTableModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    QCOMPARE(model.rowCount(), 0);
    const auto result = handBuiltResult();
    model.setResult(result);
    QCOMPARE(model.rowCount(), 4);
    QCOMPARE(model.columnCount(), 4);
    // Quadtree children in core's order; the counts are 4, 4, 4, 0 in some order summing to 12.
    double sum = 0.0;
    int zeros = 0;
    for (int r = 0; r < 4; ++r) {
        const double v = model.index(r, LeafTableModel::NoisyColumn).data(Qt::UserRole).toDouble();
        sum += v;
        zeros += v == 0.0 ? 1 : 0;
        QCOMPARE(model.index(r, LeafTableModel::DepthColumn).data().toInt(), 1);
        // Density relative to the average 12 / 16 per unit^2: a leaf of area 4 with 4 points -> 4/4 / 0.75.
        if (v == 4.0)
            QCOMPARE(model.index(r, model.column(LeafTableModel::DensityColumn)).data(Qt::UserRole).toDouble(),
                     1.0 / 0.75);
    }
    QCOMPARE(sum, 12.0);
    QCOMPARE(zeros, 1);
    QCOMPARE(model.column(LeafTableModel::TrueColumn), -1);
    QCOMPARE(model.headerData(model.column(LeafTableModel::CellColumn), Qt::Horizontal).toString(),
             QStringLiteral("Cell"));
    QVERIFY(model.index(0, model.column(LeafTableModel::CellColumn)).data().toString().startsWith(QStringLiteral("[")));
    model.setShowTrue(true);
    QCOMPARE(model.columnCount(), 5);
    QCOMPARE(model.headerData(4, Qt::Horizontal).toString(), QStringLiteral("Cell"));
    QCOMPARE(model.headerData(LeafTableModel::TrueColumn, Qt::Horizontal).toString(), QStringLiteral("True count"));
    QCOMPARE(model.index(0, LeafTableModel::TrueColumn).data(Qt::UserRole).toDouble(),
             model.index(0, LeafTableModel::NoisyColumn).data(Qt::UserRole).toDouble());  // non-private tree
    model.setShowTrue(false);
    QCOMPARE(model.columnCount(), 4);
    model.setResult(nullptr);
    QCOMPARE(model.rowCount(), 0);
    QCOMPARE(model.nodeAt(0), -1);
}

void TestSpatialParts::colorScale() {
    const auto scale = DensityColorScale::fit({0.001, 0.5, 2.0, 50.0, -3.0});
    QCOMPARE(scale.high(), 50.0);
    QCOMPARE(scale.low(), 0.005);  // 4 decades below the top, above the smallest positive 0.001
    QCOMPARE(scale.position(50.0), 1.0);
    QCOMPARE(scale.position(0.005), 0.0);
    QCOMPARE(scale.position(-3.0), 0.0);               // noisy negative densities get the lowest colour
    QVERIFY(qAbs(scale.position(0.5) - 0.5) < 1e-12);  // log10(0.5/0.005) / log10(50/0.005) = 2 / 4
    QCOMPARE(scale.color(50.0), QColor(0x80, 0x00, 0x26));
    QCOMPARE(scale.color(0.0), QColor(0xff, 0xff, 0xcc));
    QCOMPARE(scale.ticks(), (std::vector<double>{0.01, 0.1, 1.0, 10.0}));
    // Within two decades the legend also marks 2x and 5x (a grid of counts near their average).
    QCOMPARE(DensityColorScale::fit({0.3, 1.0, 1.8}).ticks(), (std::vector<double>{0.5, 1.0}));
    QCOMPARE(DensityColorScale::fit({0.05, 1.0, 4.0}).ticks(), (std::vector<double>{0.05, 0.1, 0.2, 0.5, 1.0, 2.0}));
    QCOMPARE(DensityColorScale::tickLabel(10.0), QStringLiteral("10×"));
    QCOMPARE(DensityColorScale::tickLabel(0.01), QStringLiteral("0.01×"));
}

void TestSpatialParts::errorChartBars() {
    std::array<spatial::QueryErrorSummary, 3> bySize{};
    bySize[0].medianRelative = 0.5;
    bySize[0].p90Relative = 1.25;
    bySize[1].medianRelative = 0.1;
    bySize[1].p90Relative = 0.3;
    bySize[2].medianRelative = 0.02;
    bySize[2].p90Relative = 0.05;
    std::unique_ptr<QChart> chart(QueryErrorChartBuilder::build(bySize, QStringLiteral("error")));
    QCOMPARE(chart->series().size(), 1);
    auto* series = qobject_cast<QBarSeries*>(chart->series().first());
    QVERIFY(series);
    QCOMPARE(series->count(), 2);
    QCOMPARE(series->barSets().at(0)->at(0), 50.0);  // percent
    QCOMPARE(series->barSets().at(1)->at(0), 125.0);
    QCOMPARE(series->barSets().at(0)->at(2), 2.0);
    const auto axes = chart->axes(Qt::Vertical);
    QCOMPARE(axes.size(), 1);
    QCOMPARE(axes.first()->titleText(), QStringLiteral("Relative error (%, log scale)"));
    // Log axis from the decade below the smallest bar (2 %) to the decade above the largest (125 %).
    auto* axis = qobject_cast<QLogValueAxis*>(axes.first());
    QVERIFY(axis);
    QCOMPARE(axis->min(), 1.0);
    QCOMPARE(axis->max(), 1000.0);
    QVERIFY(!chart->axes(Qt::Horizontal).first()->titleText().isEmpty());
}

void TestSpatialParts::sliderMappings_data() {
    QTest::addColumn<int>("position");
    QTest::addColumn<double>("epsilon");
    // epsilon = 10^(-2 + position / 100) rounded to 3 significant digits (by hand).
    QTest::newRow("left end") << 0 << 0.01;
    QTest::newRow("0.1") << 100 << 0.1;
    QTest::newRow("10^-0.7") << 130 << 0.2;  // 0.19953 -> 0.200
    QTest::newRow("one") << 200 << 1.0;
    QTest::newRow("10^0.5") << 250 << 3.16;
    QTest::newRow("right end") << 300 << 10.0;
}

void TestSpatialParts::sliderMappings() {
    QFETCH(int, position);
    QFETCH(double, epsilon);
    QCOMPARE(SpatialControls::sliderToEpsilon(position), epsilon);
    QCOMPARE(SpatialControls::epsilonToSlider(epsilon), position);
    // Scale: 10^(3 + position / 4), 2 significant digits.
    QCOMPARE(SpatialControls::sliderToScale(0), std::uint64_t(1000));
    QCOMPARE(SpatialControls::sliderToScale(1), std::uint64_t(1800));  // 1778 -> 1800
    QCOMPARE(SpatialControls::sliderToScale(16), std::uint64_t(10000000));
    QCOMPARE(SpatialControls::scaleToSlider(100000), 8);
}

void TestSpatialParts::editsMergeAndUndo() {
    QUndoStack stack;
    SpatialParameters params(&stack);
    QSignalSpy changed(&params, &SpatialParameters::changed);
    SpatialSettings s = params.settings();
    s.epsilon = 0.5;
    params.edit(s, QStringLiteral("eps"), 1);
    s.epsilon = 0.2;
    params.edit(s, QStringLiteral("eps"), 1);
    QCOMPARE(stack.count(), 1);  // merged
    s.height = 3;
    params.edit(s, QStringLiteral("height"));
    params.edit(s, QStringLiteral("no-op"));  // nothing changes: no command
    QCOMPARE(stack.count(), 2);
    QCOMPARE(changed.count(), 3);
    stack.undo();
    QCOMPARE(params.settings().height, SpatialSettings{}.height);
    QCOMPARE(params.settings().epsilon, 0.2);
    stack.undo();
    QCOMPARE(params.settings().epsilon, 1.0);
    stack.redo();
    QCOMPARE(params.settings().epsilon, 0.2);
}

void TestSpatialParts::runnerHonoursCancel() {
    SpatialRunRequest request;
    request.settings.source = SpatialSource::Shape;
    request.settings.shapePath = QStringLiteral(VEIL_TEST_DATA_DIR "/dpbench/cabspottingE_256_256.csv");
    request.settings.scale = 1000;
    request.gate = std::make_shared<dp::ReleaseGate>(dp::ReleaseGate::teaching());
    CancelToken cancel;
    cancel.cancel();
    RunContext ctx;
    ctx.cancel = &cancel;
    const auto outcome = SpatialRunner::run(request, ctx);
    QCOMPARE(int(outcome.status.code()), int(StatusCode::Cancelled));
    QVERIFY(!outcome.result);
    // Not cancelled: 1,000 points from the shape, a result with the workload summarised.
    CancelToken fresh;
    ctx.cancel = &fresh;
    request.settings.seeded = true;
    request.gate = std::make_shared<dp::ReleaseGate>(dp::ReleaseGate::teaching(request.settings.seed));
    const auto ok = SpatialRunner::run(request, ctx);
    QVERIFY2(ok.status.isOk(), ok.status.message().c_str());
    QCOMPARE(ok.result->points->size(), std::size_t(1000));
    QCOMPARE(ok.result->error.queries, std::size_t(900));
    QCOMPARE(ok.result->errorBySize[0].queries, std::size_t(300));
    QVERIFY(ok.result->seeded);
}

void TestSpatialParts::runnerReportsMissingColumns() {
    SpatialRunRequest request;
    request.settings.xColumn = QStringLiteral("lon");
    request.settings.yColumn = QStringLiteral("lat");
    request.gate = std::make_shared<dp::ReleaseGate>(dp::ReleaseGate::teaching());
    const auto outcome = SpatialRunner::run(request, RunContext{});  // empty table
    QVERIFY(!outcome.status.isOk());
    QVERIFY2(QString::fromStdString(outcome.status.message()).contains(QStringLiteral("lon")),
             outcome.status.message().c_str());
    request.settings.xColumn.clear();
    const auto none = SpatialRunner::run(request, RunContext{});
    QVERIFY(QString::fromStdString(none.status.message()).contains(QStringLiteral("numeric columns")));
    // Without a gate nothing runs at all.
    request.gate.reset();
    const auto ungated = SpatialRunner::run(request, RunContext{});
    QVERIFY(QString::fromStdString(ungated.status.message()).contains(QStringLiteral("release gate")));
}

void TestSpatialParts::readoutHidesTrueValues() {
    const auto result = handBuiltResult();
    const int leaf = result->psd->leaves.front();
    const QString hidden = leafReadout(*result->psd, leaf, false);
    const QString shown = leafReadout(*result->psd, leaf, true);
    QVERIFY(!hidden.contains(QStringLiteral("true")));
    QVERIFY(shown.contains(QStringLiteral("true ")));
    spatial::RangeAnswer answer{12.0, 11.5, 0.5 / 12.0};
    QCOMPARE(rangeReadout(spatial::Rect{0, 0, 4, 4}, answer, false),
             QStringLiteral("Range [0, 4) × [0, 4): private answer 11.5"));
    QCOMPARE(rangeReadout(spatial::Rect{0, 0, 4, 4}, answer, true),
             QStringLiteral("Range [0, 4) × [0, 4): private answer 11.5 · true 12.0 · relative error 4.2 %"));
}

// The table of known-poor configurations: each rule fires at its boundary and not beside it.
void TestSpatialParts::configurationHints_data() {
    QTest::addColumn<QString>("tree");
    QTest::addColumn<int>("height");
    QTest::addColumn<double>("epsilon");
    QTest::addColumn<bool>("postprocess");
    QTest::addColumn<double>("p90");
    QTest::addColumn<QString>("expected");  // a word of the hint, or empty for none
    const QString kd = QStringLiteral("kd"), quad = QStringLiteral("quad"), grid = QStringLiteral("grid");
    QTest::newRow("kd eps 1, p90 866% (issue 20)") << kd << 8 << 1.0 << true << 8.66 << QStringLiteral("quadtree");
    QTest::newRow("kd eps 1, p90 exactly 100%") << kd << 8 << 1.0 << true << 1.0 << QString();
    QTest::newRow("kd eps 2, p90 866%") << kd << 8 << 2.0 << true << 8.66 << QString();
    QTest::newRow("quad eps 1, p90 866%") << quad << 8 << 1.0 << true << 8.66 << QString();
    QTest::newRow("quad eps 0.1, h 10, p90 200%") << quad << 10 << 0.1 << true << 2.0 << QStringLiteral("lower height");
    QTest::newRow("quad eps 0.1, h 8, p90 200%") << quad << 8 << 0.1 << true << 2.0 << QString();
    QTest::newRow("quad, no post-processing, p90 60%")
        << quad << 6 << 1.0 << false << 0.6 << QStringLiteral("Post-processing");
    QTest::newRow("grid, no post-processing, p90 60%") << grid << 6 << 1.0 << false << 0.6 << QString();
    QTest::newRow("kd eps 1, p90 NaN") << kd << 8 << 1.0 << true << qQNaN() << QString();
    QTest::newRow("agrid eps 0.1, h 10, p90 200%") << QStringLiteral("agrid") << 10 << 0.1 << false << 2.0 << QString();
}

void TestSpatialParts::configurationHints() {
    QFETCH(QString, tree);
    QFETCH(int, height);
    QFETCH(double, epsilon);
    QFETCH(bool, postprocess);
    QFETCH(double, p90);
    QFETCH(QString, expected);
    SpatialSettings s;
    s.method = tree.toStdString();
    s.height = height;
    s.epsilon = epsilon;
    s.postprocess = postprocess;
    const QString hint = configurationHint(s, p90);
    if (expected.isEmpty())
        QVERIFY2(hint.isEmpty(), qPrintable(hint));
    else
        QVERIFY2(hint.contains(expected), qPrintable(hint));
}

QTEST_MAIN(TestSpatialParts)
#include "tst_spatial_parts.moc"
