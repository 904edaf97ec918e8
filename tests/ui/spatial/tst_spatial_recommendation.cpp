// The Spatial view's recommender bar, offscreen: its candidates are the trees the view offers, the
// hint names core's recommendation for the setting (a 256 x 256 public resolution for table
// points, the declared N, the view's epsilon), and "Use it" sets the tree as an undoable edit.
#include "ui_test_support.h"
#include "document/document.h"
#include "panels/recommendation_bar.h"
#include "views/spatial/spatial_controls.h"
#include "views/spatial/spatial_parameters.h"
#include "views/spatial/spatial_recommendation.h"
#include "views/spatial/spatial_view.h"
#include "workbench/job_monitor.h"
#include "workbench/release_session.h"
#include "workbench/workbench_context.h"

#include "veil/dp/histogram_recommender.h"
#include "veil/release/privacy_ledger.h"
#include "veil/table/table.h"

#include <QComboBox>
#include <QPushButton>
#include <QSpinBox>
#include <QTemporaryDir>
#include <QTest>
#include <QUndoStack>

#include <algorithm>
#include <memory>

using namespace veil;
using namespace veil::ui;

class TestSpatialRecommendation : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void hintAndUseIt();
    void noisyScaleIsInvalidated();
    void algorithmIds();
};

namespace {
// Three numeric columns of 200 rows: x = i, y = 2i, z = 3i.
Table numericTable() {
    Column::Builder x("lon", ColumnType::Integer), y("lat", ColumnType::Integer), z("z", ColumnType::Integer);
    for (int i = 0; i < 200; ++i) {
        x.appendInteger(i);
        y.appendInteger(2 * i);
        z.appendInteger(3 * i);
    }
    return Table({x.finish(), y.finish(), z.finish()});
}
}  // namespace

void TestSpatialRecommendation::hintAndUseIt() {
    Document document;
    JobMonitor jobs;
    ReleaseSession session;
    WorkbenchContext context{&document, &jobs, nullptr, &session};
    SpatialView view(context);
    auto* bar = view.recommendation();
    QVERIFY(bar);
    auto* scale = bar->findChild<QSpinBox*>(QStringLiteral("recommendation-scale"));
    scale->setValue(5000);
    SpatialSettings s = view.parameters()->settings();
    s.epsilon = 0.5;
    view.parameters()->edit(s, QStringLiteral("epsilon"));
    // Core's answer among the view's trees, for 256 x 256 cells, N = 5000, epsilon = 0.5.
    dp::RecommendRequest q;
    q.dims = 2;
    q.rows = q.columns = 256;
    q.scale = 5000;
    q.epsilon = 0.5;
    q.candidates = spatialCandidates(*view.controls()->findChild<QComboBox*>(QStringLiteral("spatial-tree")));
    for (const char* tree : {"psd:quad", "psd:kd", "psd:hybrid", "psd:grid", "psd:agrid"})
        QVERIFY2(std::find(q.candidates.begin(), q.candidates.end(), tree) != q.candidates.end(), tree);
    auto expected = dp::recommendHistogramAlgorithm(q);
    QVERIFY2(expected.isOk(), expected.status().message().c_str());
    QCOMPARE(bar->recommended().toStdString(), expected->best().algorithm);
    QVERIFY2(bar->hintText().contains(QString::fromStdString(expected->best().name)), qPrintable(bar->hintText()));
    // Another tree first, then "Use it".
    const auto best = methodOfAlgorithm(bar->recommended());
    QVERIFY(best);
    s = view.parameters()->settings();
    s.method = *best == "kd" ? "quad" : "kd";
    view.parameters()->edit(s, QStringLiteral("tree"));
    const auto before = s.method;
    QTest::mouseClick(bar->useButton(), Qt::LeftButton);
    QCOMPARE(view.parameters()->settings().method, *best);
    document.undoStack()->undo();
    QCOMPARE(view.parameters()->settings().method, before);
}

// A noisy N belongs to the mode, table and column it was counted in: toggling teaching, resetting
// the table or changing the x column goes back to the declared N. In release mode each count is
// charged once, at the stated epsilon of 0.01.
void TestSpatialRecommendation::noisyScaleIsInvalidated() {
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    Document document;
    JobMonitor jobs;
    ReleaseSession session;
    QVERIFY(session.open(dir.filePath(QStringLiteral("ledger.sqlite"))).isOk());
    session.setTeaching(true);
    WorkbenchContext context{&document, &jobs, nullptr, &session};
    SpatialView view(context);
    document.reset(numericTable(), QStringLiteral("points.csv"));
    auto* bar = view.recommendation();
    auto noisy = [bar] { return bar->scaleText().contains(QStringLiteral("noisy count of")); };
    auto charges = [&session] {
        auto e = session.withLedger([](release::PrivacyLedger& l) { return l.entries("points.csv"); });
        return e ? int(e->size()) : -1;
    };
    QCOMPARE(view.parameters()->settings().xColumn, QStringLiteral("lon"));
    bar->noisyButton()->click();
    QVERIFY2(noisy(), qPrintable(bar->scaleText()));
    QCOMPARE(charges(), 0);  // teaching: nothing charged
    session.setTeaching(false);
    QVERIFY2(!noisy(), qPrintable(bar->scaleText()));  // the uncharged count does not drive release mode
    QVERIFY(bar->scaleText().contains(QStringLiteral("declared")));
    bar->noisyButton()->click();
    QVERIFY2(noisy(), qPrintable(bar->scaleText()));
    QCOMPARE(charges(), 1);
    auto spent = session.withLedger([](release::PrivacyLedger& l) { return l.spent("points.csv"); });
    QVERIFY(spent);
    QCOMPARE(spent->epsilon, 0.01);
    SpatialSettings s = view.parameters()->settings();
    s.xColumn = QStringLiteral("z");
    view.parameters()->edit(s, QStringLiteral("xColumn"));
    QVERIFY2(!noisy(), qPrintable(bar->scaleText()));
    bar->noisyButton()->click();
    QVERIFY2(noisy(), qPrintable(bar->scaleText()));
    QCOMPARE(charges(), 2);
    document.reset(numericTable(), QStringLiteral("points.csv"));
    QVERIFY2(!noisy(), qPrintable(bar->scaleText()));
    bar->noisyButton()->click();
    QVERIFY(noisy());
    session.setTeaching(true);
    QVERIFY2(!noisy(), qPrintable(bar->scaleText()));
}

void TestSpatialRecommendation::algorithmIds() {
    QCOMPARE(*methodOfAlgorithm(QStringLiteral("psd:quad")), std::string("quad"));
    QCOMPARE(*methodOfAlgorithm(QStringLiteral("psd:hybrid")), std::string("hybrid"));
    QCOMPARE(*methodOfAlgorithm(QStringLiteral("psd:agrid")), std::string("agrid"));
    QVERIFY(!methodOfAlgorithm(QStringLiteral("histogram:dawa")));  // not a method of this view
    QVERIFY(!methodOfAlgorithm(QStringLiteral("psd:")));
}

QTEST_MAIN(TestSpatialRecommendation)
#include "tst_spatial_recommendation.moc"
