// The Histograms view offscreen. Teaching mode, on the adult sample's age column (20 bins over the
// column's range): a seeded identity release shows exactly core's releaseColumnQuery (same seed)
// as the private bars beside the true bars, and an error for every strategy of the catalogue; a
// DPBench counts file (tests/data/dpbench NETTRACE, 4,096 bins) runs the hierarchical strategy;
// a 2-D counts file offers the strategies that take a grid and draws a heat map.
// Release mode: declared bounds, the release charged before it is drawn, no truth and no errors,
// a refusal shows nothing new. Strategy edits undo; the error model passes the tester.
#include "ui_test_support.h"
#include "view_environment.h"
#include "charts/histograms/strategy_error_chart_builder.h"
#include "document/document.h"
#include "charts/histograms/grid_heat_map.h"
#include "views/histograms/histograms_view.h"
#include "views/histograms/strategy_error_model.h"
#include "charts/widget_export.h"
#include "jobs/core_job.h"
#include "panels/dp_parameters.h"
#include "panels/recommendation_bar.h"
#include "workbench/job_monitor.h"
#include "workbench/release_session.h"
#include "workbench/workbench_context.h"

#include "veil/common/random.h"
#include "veil/dp/column_query.h"
#include "veil/dp/histogram_release.h"
#include "veil/table/column_summary.h"
#include "veil/table/csv_reader.h"

#include <QAbstractItemModelTester>
#include <QBarSeries>
#include <QBarSet>
#include <QChart>
#include <QChartView>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QFile>
#include <QFileInfo>
#include <QSignalSpy>
#include <QSpinBox>
#include <QTemporaryDir>
#include <QRegularExpression>
#include <QLabel>
#include <QTest>
#include <QUndoStack>

#include <memory>

using namespace veil;
using namespace veil::ui;

using ui_test::choose;
using ui_test::saveScreenshot;

namespace {
const QString kAdult = QStringLiteral(VEIL_SAMPLES_DIR "/adult.csv");
const QString kNettrace = QStringLiteral(VEIL_TEST_DATA_DIR "/dpbench/NETTRACE.n4096.npy");
constexpr int kTimeoutMs = 300000;

// The age histogram the view releases in teaching mode: 20 bins over the adult sample's 17 .. 90.
dp::ColumnQuerySpec ageHistogram(double epsilon, const std::string& strategy) {
    dp::ColumnQuerySpec spec;
    spec.query = dp::QueryKind::Histogram;
    spec.epsilon = epsilon;
    spec.lower = 17.0;
    spec.upper = 90.0;
    spec.binCount = 20;
    spec.strategy = strategy;
    return spec;
}

}  // namespace

class TestHistogramsView : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void init();
    void cleanup();
    void identityMatchesCore();
    void dpbenchFileHierarchical();
    void gridCountsFile();
    void gridReleaseModeIsCharged();
    void undoRedoStrategy();
    void strategyOptionsFromCatalogue();
    void cancelKeepsPrevious();
    void releaseModeIsChargedAndShowsNoTruth();
    void domainFromDataRefusesARelease();
    void descriptionNumbersAreRounded();

private:
    bool runAndWait();
    int entries() {
        auto e = m_env->session.withLedger([](release::PrivacyLedger& l) { return l.entries("adult.csv"); });
        return e ? int(e->size()) : -1;
    }
    Table m_adult;
    QTemporaryDir m_dir;
    std::unique_ptr<ui_test::ViewEnvironment> m_env;  // document, jobs, session and their context
    std::unique_ptr<HistogramsView> m_view;
};

void TestHistogramsView::initTestCase() {
    auto read = readCsvFile(std::string(QFile::encodeName(kAdult).constData()));
    QVERIFY2(read.isOk(), read.status().message().c_str());
    m_adult = read->table;
}

void TestHistogramsView::init() {
    // Most tests compare with the truth; releaseMode* turns teaching off.
    m_env = std::make_unique<ui_test::ViewEnvironment>(ui_test::ViewEnvironment::Mode::Teaching);
    m_view = std::make_unique<HistogramsView>(m_env->context);
    m_view->resize(1600, 900);
    m_env->document.reset(m_adult, kAdult);
    QAbstractItemModelTester tester(m_view->errorModel(), QAbstractItemModelTester::FailureReportingMode::QtTest);
}

void TestHistogramsView::cleanup() {
    m_view.reset();
    m_env.reset();
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
    pushDpParameter(m_env->document.undoStack(), p, QStringLiteral("bins"), 20);
    pushDpParameter(m_env->document.undoStack(), p, QStringLiteral("epsilon"), 0.1);
    pushDpParameter(m_env->document.undoStack(), p, QStringLiteral("trials"), 2);
    pushDpParameter(m_env->document.undoStack(), p, QStringLiteral("seeded"), true);
    pushDpParameter(m_env->document.undoStack(), p, QStringLiteral("seed"), 5);
    QVERIFY(runAndWait());

    // Teaching mode took the bounds from the data (17 .. 90 in the adult sample).
    QCOMPARE(p->real(QStringLiteral("lower")), 17.0);
    QCOMPARE(p->real(QStringLiteral("upper")), 90.0);
    const dp::ColumnQuerySpec spec = ageHistogram(0.1, "identity");
    dp::ReleaseGate gate = dp::ReleaseGate::teaching(5);
    auto core = dp::releaseColumnQuery(gate, m_adult.column(*m_adult.columnIndex("age")), spec, RunContext{});
    QVERIFY2(core.isOk(), core.status().message().c_str());
    const std::vector<double> counts = core->trueValues;
    QCOMPARE(m_view->trueCounts(), counts);
    double total = 0;
    for (double c : counts) total += c;
    QCOMPARE(total, double(m_adult.rowCount()));  // every age lies in [17, 90]
    const std::vector<double> estimate = core->releases.front();
    QCOMPARE(m_view->estimate(), estimate);
    // The chart shows both as bar sets: true first, then private.
    auto* chart = m_view->barsChartView()->chart();
    QCOMPARE(chart->series().size(), 1);
    auto* bars = qobject_cast<QBarSeries*>(chart->series().at(0));
    QVERIFY(bars);
    QCOMPARE(bars->count(), 2);
    QCOMPARE(bars->barSets().at(0)->count(), 20);
    QCOMPARE(bars->barSets().at(0)->at(3), counts[3]);
    QCOMPARE(bars->barSets().at(1)->at(3), estimate[3]);
    // One error per strategy of the catalogue.
    const int strategies = int(dp::histogramStrategies().size());
    QCOMPARE(m_view->errorModel()->rowCount(), strategies);
    for (int row = 0; row < strategies; ++row)
        QVERIFY(m_view->errorModel()->index(row, StrategyErrorModel::MeanError).data(Qt::EditRole).toDouble() > 0.0);
    QVERIFY(!m_view->errorChartView()->chart()->series().isEmpty());
    saveScreenshot(*m_view, QStringLiteral("histograms_identity.png"));
}

void TestHistogramsView::dpbenchFileHierarchical() {
    QVERIFY(m_view->openCountsFile(kNettrace));
    QCOMPARE(m_view->parameters()->text(QStringLiteral("source")), QStringLiteral("file"));
    choose(m_view->findChild<QComboBox*>(QStringLiteral("strategy")), QStringLiteral("hierarchical"));
    pushDpParameter(m_env->document.undoStack(), m_view->parameters(), QStringLiteral("trials"), 1);
    pushDpParameter(m_env->document.undoStack(), m_view->parameters(), QStringLiteral("seeded"), true);
    QVERIFY(runAndWait());
    QCOMPARE(int(m_view->estimate().size()), 4096);
    QCOMPARE(m_view->errorModel()->rowCount(), int(dp::histogramStrategies().size()));
    saveScreenshot(*m_view, QStringLiteral("histograms_nettrace.png"));
    QVERIFY(!m_view->openCountsFile(QStringLiteral("/nonexistent/counts.npy")));
}

namespace {
// A 12 x 16 grid of counts (row r, column c: 10 * ((16 r + c) mod 7)) as DPBench's 2-D CSV.
QString writeGridCsv(const QTemporaryDir& dir) {
    const QString path = dir.filePath(QStringLiteral("grid_12_16.csv"));
    QFile file(path);
    if (!file.open(QIODevice::WriteOnly)) return {};
    for (int r = 0; r < 12; ++r) {
        QStringList row;
        for (int c = 0; c < 16; ++c) row << QString::number(10 * ((16 * r + c) % 7));
        file.write(row.join(QLatin1Char(',')).toLatin1() + '\n');
    }
    return path;
}

std::vector<double> gridCounts() {
    std::vector<double> counts;
    for (int i = 0; i < 12 * 16; ++i) counts.push_back(10.0 * (i % 7));
    return counts;
}

QStringList strategyIds(const QComboBox& combo) {
    QStringList ids;
    for (int i = 0; i < combo.count(); ++i) ids << combo.itemData(i).toString();
    return ids;
}

}  // namespace

// Issue 16: a 2-D counts file was flattened into 192 bins for the 1-D strategies. Now the file keeps
// its shape, the strategies are those that release a grid, the view's seeded HB2D equals core's,
// the heat map shows truth and estimate, and teaching mode compares every grid strategy.
void TestHistogramsView::gridCountsFile() {
    const QString path = writeGridCsv(m_dir);
    QVERIFY(m_view->openCountsFile(path));
    auto* strategy = m_view->findChild<QComboBox*>(QStringLiteral("strategy"));
    QStringList grid;
    for (const auto& info : dp::gridHistogramStrategies()) grid << QString::fromStdString(info.id);
    QCOMPARE(strategyIds(*strategy), grid);
    QVERIFY(grid.contains(QStringLiteral("hb2d")) && !grid.contains(QStringLiteral("hierarchical")));
    QVERIFY(grid.contains(m_view->parameters()->text(QStringLiteral("strategy"))));
    QVERIFY2(grid.contains(m_view->recommendation()->recommended().section(QLatin1Char(':'), 1)),
             qPrintable(m_view->recommendation()->recommended()));
    choose(strategy, QStringLiteral("hb2d"));
    DpParameters* p = m_view->parameters();
    pushDpParameter(m_env->document.undoStack(), p, QStringLiteral("epsilon"), 0.5);
    pushDpParameter(m_env->document.undoStack(), p, QStringLiteral("trials"), 2);
    pushDpParameter(m_env->document.undoStack(), p, QStringLiteral("seeded"), true);
    pushDpParameter(m_env->document.undoStack(), p, QStringLiteral("seed"), 11);
    QVERIFY(runAndWait());
    dp::ReleaseGate gate = dp::ReleaseGate::teaching(11);
    dp::HistogramRequest request;
    request.strategy = "hb2d";
    request.epsilon = 0.5;
    request.rows = 12;
    request.columns = 16;
    auto core = dp::releaseHistogram(gate, gridCounts(), request, RunContext{});
    QVERIFY2(core.isOk(), core.status().message().c_str());
    QCOMPARE(m_view->estimate(), core->estimate);
    QCOMPARE(m_view->trueCounts(), gridCounts());
    GridHeatMap* map = m_view->gridView();
    QVERIFY(map->isVisibleTo(m_view.get()) && !m_view->barsChartView()->isVisibleTo(m_view.get()));
    QCOMPARE(map->rows(), std::size_t(12));
    QCOMPARE(map->columns(), std::size_t(16));
    QVERIFY(map->showsTruth());
    // Cells of count 0 get the scale's lowest colour, the largest true count (60) a darker one.
    QCOMPARE(map->cellColor(gridCounts(), 0, 0), DensityColorScale::colorAt(0.0));
    QVERIFY(map->cellColor(gridCounts(), 0, 6).lightness() < map->cellColor(gridCounts(), 0, 1).lightness());
    QCOMPARE(m_view->errorModel()->rowCount(), grid.size());
    for (int row = 0; row < grid.size(); ++row)
        QVERIFY(m_view->errorModel()->index(row, StrategyErrorModel::MeanError).data(Qt::EditRole).toDouble() > 0.0);
    saveScreenshot(*m_view, QStringLiteral("histograms_grid.png"));
    // A 1-D file brings the 1-D strategies back, and a strategy of the other list is not kept.
    QVERIFY(m_view->openCountsFile(kNettrace));
    QCOMPARE(strategyIds(*strategy).size(), int(dp::histogramStrategies().size()));
    QVERIFY(!strategyIds(*strategy).contains(QStringLiteral("hb2d")));
    QVERIFY(strategyIds(*strategy).contains(p->text(QStringLiteral("strategy"))));
}

// Release mode on a grid: charged once, the private map only, no errors against the truth.
void TestHistogramsView::gridReleaseModeIsCharged() {
    QVERIFY(m_env->session.open(m_dir.filePath(QStringLiteral("grid.sqlite"))).isOk());
    m_env->session.setTeaching(false);
    QVERIFY(m_view->openCountsFile(writeGridCsv(m_dir)));
    choose(m_view->findChild<QComboBox*>(QStringLiteral("strategy")), QStringLiteral("privelet2d"));
    QVERIFY(runAndWait());
    auto e = m_env->session.withLedger([](release::PrivacyLedger& l) { return l.entries("grid_12_16.csv"); });
    QVERIFY(e);
    QCOMPARE(int(e->size()), 1);
    QVERIFY(m_view->trueCounts().empty());
    QCOMPARE(int(m_view->estimate().size()), 12 * 16);
    QVERIFY(!m_view->gridView()->showsTruth());
    QCOMPARE(m_view->errorModel()->rowCount(), 0);
}

void TestHistogramsView::undoRedoStrategy() {
    auto* strategy = m_view->findChild<QComboBox*>(QStringLiteral("strategy"));
    choose(strategy, QStringLiteral("privelet"));
    QCOMPARE(m_view->parameters()->text(QStringLiteral("strategy")), QStringLiteral("privelet"));
    m_view->findChild<QSpinBox*>(QStringLiteral("branching"))->setValue(4);
    QCOMPARE(m_view->parameters()->integer(QStringLiteral("branching")), 4);
    m_env->document.undoStack()->undo();
    QCOMPARE(m_view->findChild<QSpinBox*>(QStringLiteral("branching"))->value(), 2);
    m_env->document.undoStack()->undo();
    QCOMPARE(strategy->currentData().toString(), QStringLiteral("identity"));
    m_env->document.undoStack()->redo();
    QCOMPARE(strategy->currentData().toString(), QStringLiteral("privelet"));
}

// The selected strategy's catalogue options appear as editors (DAWA: ratio, partition rule, bucket
// penalty), undo, and reach core: a seeded run with bucket penalty 100 equals core's own release
// with that option, which differs from core's with the default.
void TestHistogramsView::strategyOptionsFromCatalogue() {
    auto* form = m_view->findChild<QWidget*>(QStringLiteral("strategy-options"));
    QVERIFY(form);
    QVERIFY(!m_view->findChild<QWidget*>(QStringLiteral("option-bucket_penalty")));  // identity has none
    choose(m_view->findChild<QComboBox*>(QStringLiteral("column")), QStringLiteral("age"));
    choose(m_view->findChild<QComboBox*>(QStringLiteral("strategy")), QStringLiteral("dawa"));
    auto* penalty = m_view->findChild<QDoubleSpinBox*>(QStringLiteral("option-bucket_penalty"));
    auto* partition = m_view->findChild<QComboBox*>(QStringLiteral("option-partition"));
    QVERIFY(penalty && partition && m_view->findChild<QDoubleSpinBox*>(QStringLiteral("option-ratio")));
    QVERIFY(!m_view->findChild<QWidget*>(QStringLiteral("option-consistency")));  // the view's own row
    QCOMPARE(penalty->value(), 2.0);
    QCOMPARE(penalty->minimum(), 0.0);
    QCOMPARE(penalty->maximum(), 100.0);
    QCOMPARE(partition->count(), 4);
    QCOMPARE(partition->currentData().toString(), QStringLiteral("noisy-cost"));
    DpParameters* p = m_view->parameters();
    penalty->setValue(100.0);
    QCOMPARE(p->real(QStringLiteral("dawa.bucket_penalty")), 100.0);
    m_env->document.undoStack()->undo();
    QCOMPARE(penalty->value(), 2.0);
    m_env->document.undoStack()->redo();
    QCOMPARE(penalty->value(), 100.0);

    pushDpParameter(m_env->document.undoStack(), p, QStringLiteral("bins"), 20);
    pushDpParameter(m_env->document.undoStack(), p, QStringLiteral("epsilon"), 0.01);
    pushDpParameter(m_env->document.undoStack(), p, QStringLiteral("trials"), 1);
    pushDpParameter(m_env->document.undoStack(), p, QStringLiteral("seeded"), true);
    pushDpParameter(m_env->document.undoStack(), p, QStringLiteral("seed"), 7);
    QVERIFY(runAndWait());
    dp::ColumnQuerySpec spec = ageHistogram(0.01, "dawa");
    const Column& age = m_adult.column(*m_adult.columnIndex("age"));
    auto release = [&](double bucketPenalty) {
        spec.strategyOptions = {{"bucket_penalty", bucketPenalty}};
        dp::ReleaseGate gate = dp::ReleaseGate::teaching(7);
        auto r = dp::releaseColumnQuery(gate, age, spec, RunContext{});
        return r ? r->releases.front() : std::vector<double>{};
    };
    const std::vector<double> withPenalty = release(100.0), withDefault = release(2.0);
    QCOMPARE(int(withPenalty.size()), 20);
    QVERIFY(withPenalty != withDefault);
    QCOMPARE(m_view->estimate(), withPenalty);
    saveScreenshot(*m_view, QStringLiteral("histograms_dawa_options.png"));
    // Strategies sharing an option name keep their own values and defaults: DAWA's partition
    // share (default 0.25) set to 0.1, AHP's (default 0.85) untouched, DAWA's 0.1 again.
    m_view->findChild<QDoubleSpinBox*>(QStringLiteral("option-ratio"))->setValue(0.1);
    QCOMPARE(p->real(QStringLiteral("dawa.ratio")), 0.1);
    choose(m_view->findChild<QComboBox*>(QStringLiteral("strategy")), QStringLiteral("ahp"));
    QCOMPARE(m_view->findChild<QDoubleSpinBox*>(QStringLiteral("option-ratio"))->value(), 0.85);
    choose(m_view->findChild<QComboBox*>(QStringLiteral("strategy")), QStringLiteral("dawa"));
    QCOMPARE(m_view->findChild<QDoubleSpinBox*>(QStringLiteral("option-ratio"))->value(), 0.1);
    // Back to identity: no option editors, the form hidden.
    choose(m_view->findChild<QComboBox*>(QStringLiteral("strategy")), QStringLiteral("identity"));
    QVERIFY(!m_view->findChild<QWidget*>(QStringLiteral("option-bucket_penalty")));
    QVERIFY(form->isHidden());
}

void TestHistogramsView::cancelKeepsPrevious() {
    pushDpParameter(m_env->document.undoStack(), m_view->parameters(), QStringLiteral("seeded"), true);
    pushDpParameter(m_env->document.undoStack(), m_view->parameters(), QStringLiteral("trials"), 1);
    QVERIFY(runAndWait());
    const std::vector<double> before = m_view->estimate();
    QSignalSpy cancelled(m_view->job(), &CoreJob::cancelled);
    pushDpParameter(m_env->document.undoStack(), m_view->parameters(), QStringLiteral("seed"), 77);
    m_view->run();
    m_env->jobs.cancel();
    QTRY_COMPARE_WITH_TIMEOUT(cancelled.count(), 1, kTimeoutMs);
    QCOMPARE(m_view->estimate(), before);
}

// Privacy review: the bounds teaching mode read off the data stayed in release mode and were
// released. The run is refused, nothing charged, until they are declared.
void TestHistogramsView::domainFromDataRefusesARelease() {
    QVERIFY(m_env->session.open(m_dir.filePath(QStringLiteral("from-data.sqlite"))).isOk());
    choose(m_view->findChild<QComboBox*>(QStringLiteral("column")), QStringLiteral("age"));  // 17 .. 90
    m_env->session.setTeaching(false);
    m_view->run();
    QVERIFY(!m_view->job()->isRunning());
    const QString status = m_view->findChild<QLabel*>(QStringLiteral("status"))->text();
    QVERIFY2(status.contains(QStringLiteral("lower, upper: read off the data")), qPrintable(status));
    QCOMPARE(entries(), 0);
    DpParameters* p = m_view->parameters();
    pushDpParameter(m_env->document.undoStack(), p, QStringLiteral("lower"), 0.0);
    pushDpParameter(m_env->document.undoStack(), p, QStringLiteral("upper"), 100.0);
    QVERIFY(runAndWait());
    QCOMPARE(entries(), 1);
}

void TestHistogramsView::releaseModeIsChargedAndShowsNoTruth() {
    QVERIFY(m_env->session.open(m_dir.filePath(QStringLiteral("histograms.sqlite"))).isOk());
    m_env->session.setTeaching(false);
    QVERIFY(m_env->session.setBudget("adult.csv", {0.15, 0.0}).isOk());
    choose(m_view->findChild<QComboBox*>(QStringLiteral("column")), QStringLiteral("age"));
    DpParameters* p = m_view->parameters();
    // Declared public bounds (never read off the data in release mode).
    pushDpParameter(m_env->document.undoStack(), p, QStringLiteral("lower"), 0.0);
    pushDpParameter(m_env->document.undoStack(), p, QStringLiteral("upper"), 100.0);
    pushDpParameter(m_env->document.undoStack(), p, QStringLiteral("bins"), 10);
    QVERIFY(runAndWait());
    QCOMPARE(entries(), 1);
    QVERIFY(m_view->trueCounts().empty());
    QCOMPARE(int(m_view->estimate().size()), 10);
    QCOMPARE(m_view->errorModel()->rowCount(), 0);  // no error against the truth
    auto* bars = qobject_cast<QBarSeries*>(m_view->barsChartView()->chart()->series().at(0));
    QVERIFY(bars);
    QCOMPARE(bars->count(), 1);  // the private bars only
    QVERIFY(m_view->errorChartView()->chart()->series().isEmpty());
    const std::vector<double> shown = m_view->estimate();
    // 0.1 + 0.1 > 0.15: refused before any noise is drawn; nothing new is shown.
    QSignalSpy finished(m_view->job(), &CoreJob::finished);
    QSignalSpy shownAgain(m_view.get(), &HistogramsView::resultsShown);
    m_view->run();
    QVERIFY(finished.wait(kTimeoutMs));
    QCOMPARE(shownAgain.count(), 0);
    QCOMPARE(m_view->estimate(), shown);
    QCOMPARE(entries(), 1);
    // Both charts export as PNG and SVG.
    for (QChartView* view : {m_view->barsChartView(), m_view->errorChartView()})
        for (const QString& suffix : {QStringLiteral(".png"), QStringLiteral(".svg")}) {
            const QString path = m_dir.filePath(view->objectName() + suffix);
            QVERIFY(saveWidget(view, path));
            QVERIFY(QFileInfo(path).size() > 1000);
        }
}

// Issue 20: "Laplace(3.3333333333333335) per bin" is read as "Laplace(3.33333) per bin".
void TestHistogramsView::descriptionNumbersAreRounded() {
    QVERIFY(m_view->openCountsFile(kNettrace));
    choose(m_view->findChild<QComboBox*>(QStringLiteral("strategy")), QStringLiteral("identity"));
    DpParameters* p = m_view->parameters();
    pushDpParameter(m_env->document.undoStack(), p, QStringLiteral("epsilon"), 0.3);
    pushDpParameter(m_env->document.undoStack(), p, QStringLiteral("trials"), 1);
    pushDpParameter(m_env->document.undoStack(), p, QStringLiteral("seeded"), true);
    QVERIFY(runAndWait());
    const QString text = m_view->findChild<QLabel*>(QStringLiteral("description"))->text();
    QVERIFY2(!text.contains(QRegularExpression(QStringLiteral("\\d\\.\\d{7,}"))), qPrintable(text));
    QVERIFY2(text.contains(QStringLiteral("Laplace(3.33333)")), qPrintable(text));
}

QTEST_MAIN(TestHistogramsView)
#include "tst_histograms_view.moc"
