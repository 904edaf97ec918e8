// The Histograms view offscreen: on the adult sample's age column (20 numeric bins) a seeded
// identity release must show core's valueCounts as the true bars and exactly core's
// releaseHistogram estimate (same seed) as the private bars, and an error for each of the four
// strategies; a DPBench counts file (tests/data/dpbench NETTRACE, 4,096 bins) runs the
// hierarchical strategy; strategy and epsilon edits undo; the error model passes the tester.
#include "ui_test_support.h"
#include "charts/histograms/strategy_error_chart_builder.h"
#include "document/document.h"
#include "views/histograms/histograms_view.h"
#include "views/histograms/strategy_error_model.h"
#include "charts/widget_export.h"
#include "jobs/core_job.h"
#include "views/mechanisms/ledger_session.h"
#include "views/mechanisms/dp_parameters.h"
#include "workbench/job_monitor.h"
#include "workbench/workbench_context.h"

#include "veil/common/random.h"
#include "veil/dp/histogram_release.h"
#include "veil/table/column_summary.h"
#include "veil/table/csv_reader.h"

#include <QAbstractItemModelTester>
#include <QBarSeries>
#include <QBarSet>
#include <QChart>
#include <QChartView>
#include <QComboBox>
#include <QFileInfo>
#include <QSignalSpy>
#include <QSpinBox>
#include <QTemporaryDir>
#include <QTest>
#include <QUndoStack>

#include <memory>

using namespace veil;
using namespace veil::ui;

using ui_test::saveScreenshot;
using ui_test::choose;

namespace {
const QString kAdult = QStringLiteral(VEIL_SAMPLES_DIR "/adult.csv");
const QString kNettrace = QStringLiteral(VEIL_TEST_DATA_DIR "/dpbench/NETTRACE.n4096.npy");
constexpr int kTimeoutMs = 300000;


}  // namespace

class TestHistogramsView : public QObject {
    Q_OBJECT

private slots:
    void initTestCase();
    void init();
    void cleanup();
    void identityMatchesCore();
    void dpbenchFileHierarchical();
    void undoRedoStrategy();
    void cancelKeepsPrevious();
    void recordSecureReleaseAndExportCharts();

private:
    bool runAndWait();
    Table m_adult;
    std::unique_ptr<Document> m_document;
    std::unique_ptr<JobMonitor> m_jobs;
    WorkbenchContext m_context;
    std::unique_ptr<HistogramsView> m_view;
};

void TestHistogramsView::initTestCase() {
    auto read = readCsvFile(std::string(QFile::encodeName(kAdult).constData()));
    QVERIFY2(read.isOk(), read.status().message().c_str());
    m_adult = read->table;
}

void TestHistogramsView::init() {
    m_document = std::make_unique<Document>();
    m_jobs = std::make_unique<JobMonitor>();
    m_context = WorkbenchContext{m_document.get(), m_jobs.get(), nullptr};
    m_view = std::make_unique<HistogramsView>(m_context);
    m_view->resize(1600, 900);
    m_document->reset(m_adult, kAdult);
    QAbstractItemModelTester tester(m_view->errorModel(), QAbstractItemModelTester::FailureReportingMode::QtTest);
}

void TestHistogramsView::cleanup() {
    m_view.reset();
    m_jobs.reset();
    m_document.reset();
}

bool TestHistogramsView::runAndWait() {
    QSignalSpy finished(m_view->job(), &CoreJob::finished);
    QSignalSpy shown(m_view.get(), &HistogramsView::resultsShown);
    m_view->run();
    if (!finished.wait(kTimeoutMs)) return false;
    return shown.count() == 1;
}

void TestHistogramsView::identityMatchesCore() {
    QAbstractItemModelTester tester(m_view->errorModel(), QAbstractItemModelTester::FailureReportingMode::QtTest);
    choose(m_view->findChild<QComboBox*>(QStringLiteral("column")), QStringLiteral("age"));
    choose(m_view->findChild<QComboBox*>(QStringLiteral("strategy")), QStringLiteral("identity"));
    DpParameters* p = m_view->parameters();
    pushDpParameter(m_document->undoStack(), p, QStringLiteral("bins"), 20);
    pushDpParameter(m_document->undoStack(), p, QStringLiteral("epsilon"), 0.1);
    pushDpParameter(m_document->undoStack(), p, QStringLiteral("trials"), 2);
    pushDpParameter(m_document->undoStack(), p, QStringLiteral("seeded"), true);
    pushDpParameter(m_document->undoStack(), p, QStringLiteral("seed"), 5);
    QVERIFY(runAndWait());

    const ValueCounts vc = valueCounts(m_adult.column(*m_adult.columnIndex("age")), 20, 50);
    std::vector<double> counts(vc.counts.begin(), vc.counts.end());
    QCOMPARE(m_view->trueCounts(), counts);
    SeededRandom rng(5);
    RunContext ctx;
    ctx.random = &rng;
    dp::HistogramOptions o;
    o.epsilon = 0.1;
    auto expected = dp::releaseHistogram(counts, dp::HistogramStrategy::Identity, o, ctx);
    QVERIFY(expected.isOk());
    QCOMPARE(m_view->estimate(), expected->estimate);
    // The chart shows both as bar sets: true first, then private.
    auto* chart = m_view->barsChartView()->chart();
    QCOMPARE(chart->series().size(), 1);
    auto* bars = qobject_cast<QBarSeries*>(chart->series().at(0));
    QVERIFY(bars);
    QCOMPARE(bars->count(), 2);
    QCOMPARE(bars->barSets().at(0)->count(), 20);
    QCOMPARE(bars->barSets().at(0)->at(3), counts[3]);
    QCOMPARE(bars->barSets().at(1)->at(3), expected->estimate[3]);
    // One error per strategy.
    QCOMPARE(m_view->errorModel()->rowCount(), 4);
    for (int row = 0; row < 4; ++row)
        QVERIFY(m_view->errorModel()->index(row, StrategyErrorModel::MeanError).data(Qt::EditRole).toDouble() > 0.0);
    QVERIFY(!m_view->errorChartView()->chart()->series().isEmpty());
    saveScreenshot(*m_view, QStringLiteral("histograms_identity.png"));
}

void TestHistogramsView::dpbenchFileHierarchical() {
    QVERIFY(m_view->openCountsFile(kNettrace));
    QCOMPARE(m_view->parameters()->text(QStringLiteral("source")), QStringLiteral("file"));
    choose(m_view->findChild<QComboBox*>(QStringLiteral("strategy")), QStringLiteral("hierarchical"));
    pushDpParameter(m_document->undoStack(), m_view->parameters(), QStringLiteral("trials"), 1);
    pushDpParameter(m_document->undoStack(), m_view->parameters(), QStringLiteral("seeded"), true);
    QVERIFY(runAndWait());
    QCOMPARE(int(m_view->estimate().size()), 4096);
    QCOMPARE(m_view->errorModel()->rowCount(), 4);
    saveScreenshot(*m_view, QStringLiteral("histograms_nettrace.png"));
    QVERIFY(!m_view->openCountsFile(QStringLiteral("/nonexistent/counts.npy")));
}

void TestHistogramsView::undoRedoStrategy() {
    auto* strategy = m_view->findChild<QComboBox*>(QStringLiteral("strategy"));
    choose(strategy, QStringLiteral("privelet"));
    QCOMPARE(m_view->parameters()->text(QStringLiteral("strategy")), QStringLiteral("privelet"));
    m_view->findChild<QSpinBox*>(QStringLiteral("branching"))->setValue(4);
    QCOMPARE(m_view->parameters()->integer(QStringLiteral("branching")), 4);
    m_document->undoStack()->undo();
    QCOMPARE(m_view->findChild<QSpinBox*>(QStringLiteral("branching"))->value(), 2);
    m_document->undoStack()->undo();
    QCOMPARE(strategy->currentData().toString(), QStringLiteral("identity"));
    m_document->undoStack()->redo();
    QCOMPARE(strategy->currentData().toString(), QStringLiteral("privelet"));
}

void TestHistogramsView::cancelKeepsPrevious() {
    pushDpParameter(m_document->undoStack(), m_view->parameters(), QStringLiteral("seeded"), true);
    pushDpParameter(m_document->undoStack(), m_view->parameters(), QStringLiteral("trials"), 1);
    QVERIFY(runAndWait());
    const std::vector<double> before = m_view->estimate();
    QSignalSpy cancelled(m_view->job(), &CoreJob::cancelled);
    pushDpParameter(m_document->undoStack(), m_view->parameters(), QStringLiteral("seed"), 77);
    m_view->run();
    m_jobs->cancel();
    QTRY_COMPARE_WITH_TIMEOUT(cancelled.count(), 1, kTimeoutMs);
    QCOMPARE(m_view->estimate(), before);
}

void TestHistogramsView::recordSecureReleaseAndExportCharts() {
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    QVERIFY(LedgerSession::shared()->open(dir.filePath(QStringLiteral("ledger.sqlite"))).isOk());
    pushDpParameter(m_document->undoStack(), m_view->parameters(), QStringLiteral("trials"), 1);
    QVERIFY(runAndWait());  // secure source: recordable
    QVERIFY(m_view->recordRelease());
    auto entries = LedgerSession::shared()->ledger()->entries("adult.csv");
    QVERIFY(entries.isOk());
    QCOMPARE(int(entries->size()), 1);
    QCOMPARE(entries->at(0).epsilon, 0.1);
    QVERIFY(!m_view->recordRelease());  // the same release only once
    // Seeded results are not releases.
    pushDpParameter(m_document->undoStack(), m_view->parameters(), QStringLiteral("seeded"), true);
    QVERIFY(runAndWait());
    QVERIFY(!m_view->recordRelease());
    QCOMPARE(int(LedgerSession::shared()->ledger()->entries("adult.csv")->size()), 1);
    // Both charts export as PNG and SVG.
    for (QChartView* view : {m_view->barsChartView(), m_view->errorChartView()})
        for (const QString& suffix : {QStringLiteral(".png"), QStringLiteral(".svg")}) {
            const QString path = dir.filePath(view->objectName() + suffix);
            QVERIFY(saveWidget(view, path));
            QVERIFY(QFileInfo(path).size() > 1000);
        }
}

QTEST_MAIN(TestHistogramsView)
#include "tst_histograms_view.moc"
