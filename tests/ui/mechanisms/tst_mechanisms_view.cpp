// The Mechanisms view end to end, offscreen, on the bundled adult sample: a seeded Laplace count
// and exponential-mechanism median (side by side with the histogram median, seed 000) must show
// exactly what core's runColumnQuery returns with the same seed; the repeated-release histogram
// holds 1,000 draws; parameter edits undo and redo; a run can be cancelled; a secure release is
// recorded in a (temporary) ledger and one over budget is refused; randomized response runs.
#include "ui_test_support.h"
#include "document/document.h"
#include "jobs/core_job.h"
#include "views/mechanisms/dp_parameters.h"
#include "views/mechanisms/epsilon_slider.h"
#include "views/mechanisms/ledger_session.h"
#include "views/mechanisms/mechanism_result_panel.h"
#include "views/mechanisms/mechanisms_view.h"
#include "views/mechanisms/randomized_response_panel.h"
#include "workbench/job_monitor.h"
#include "workbench/workbench_context.h"

#include "veil/common/random.h"
#include "veil/dp/column_query.h"
#include "veil/table/csv_reader.h"

#include <QChart>
#include <QChartView>
#include <QCheckBox>
#include <QComboBox>
#include <QLabel>
#include <QPushButton>
#include <QSignalSpy>
#include <QSlider>
#include <QTemporaryDir>
#include <QTest>
#include <QUndoStack>

#include <cmath>
#include <memory>

using namespace veil;
using namespace veil::ui;

using ui_test::saveScreenshot;
using ui_test::choose;

namespace {
const QString kAdult = QStringLiteral(VEIL_SAMPLES_DIR "/adult.csv");
constexpr int kTimeoutMs = 120000;


}  // namespace

class TestMechanismsView : public QObject {
    Q_OBJECT

private slots:
    void initTestCase();
    void init();
    void cleanup();
    void laplaceCountMatchesCore();
    void medianComparisonMatchesCore();
    void showTrueValueToggle();
    void undoRedoParameter();
    void cancelKeepsPreviousResult();
    void ledgerRecordsAndRefusesOverBudget();
    void seededResultIsNotRecordable();
    void recordBeforeShowingHidesRefusedAnswer();
    void randomizedResponse();

private:
    bool runAndWait();
    dp::ColumnQueryResult coreRun(dp::ColumnQuerySpec spec, std::uint64_t seed);
    void set(const char* key, const QVariant& value) {
        pushDpParameter(m_document->undoStack(), m_view->parameters(), QString::fromLatin1(key), value);
    }

    Table m_adult;
    std::unique_ptr<Document> m_document;
    std::unique_ptr<JobMonitor> m_jobs;
    WorkbenchContext m_context;
    std::unique_ptr<MechanismsView> m_view;
    QTemporaryDir m_dir;
};

void TestMechanismsView::initTestCase() {
    auto read = readCsvFile(std::string(QFile::encodeName(kAdult).constData()));
    QVERIFY2(read.isOk(), read.status().message().c_str());
    m_adult = read->table;
    QVERIFY(m_dir.isValid());
    // Never the user's ledger: a temporary file for this test.
    QVERIFY(LedgerSession::shared()->open(m_dir.filePath(QStringLiteral("ledger.sqlite"))).isOk());
}

void TestMechanismsView::init() {
    m_document = std::make_unique<Document>();
    m_jobs = std::make_unique<JobMonitor>();
    m_context = WorkbenchContext{m_document.get(), m_jobs.get(), nullptr};
    m_view = std::make_unique<MechanismsView>(m_context);
    m_view->resize(1600, 900);
    m_document->reset(m_adult, kAdult);
}

void TestMechanismsView::cleanup() {
    m_view.reset();
    m_jobs.reset();
    m_document.reset();
}

bool TestMechanismsView::runAndWait() {
    QSignalSpy finished(m_view->job(), &CoreJob::finished);
    QSignalSpy shown(m_view.get(), &MechanismsView::resultsShown);
    m_view->findChild<QPushButton*>(QStringLiteral("run"))->click();
    if (!finished.wait(kTimeoutMs)) return false;
    return shown.count() == 1;
}

dp::ColumnQueryResult TestMechanismsView::coreRun(dp::ColumnQuerySpec spec, std::uint64_t seed) {
    SeededRandom rng(seed);
    RunContext ctx;
    ctx.random = &rng;
    spec.trials = 1;
    auto r = dp::runColumnQuery(m_adult, "age", spec, ctx);
    if (!r) qFatal("core failed: %s", r.status().message().c_str());
    return *r;
}

void TestMechanismsView::laplaceCountMatchesCore() {
    choose(m_view->findChild<QComboBox*>(QStringLiteral("column")), QStringLiteral("age"));
    choose(m_view->findChild<QComboBox*>(QStringLiteral("query")), QStringLiteral("count"));
    choose(m_view->findChild<QComboBox*>(QStringLiteral("mechanism")), QStringLiteral("laplace"));
    set("epsilon", 0.5);
    m_view->findChild<QCheckBox*>(QStringLiteral("seeded"))->setChecked(true);
    set("seed", 7);
    QVERIFY(runAndWait());

    dp::ColumnQuerySpec spec;
    spec.query = dp::QueryKind::Count;
    spec.mechanism = dp::MechanismKind::Laplace;
    spec.epsilon = 0.5;
    const dp::ColumnQueryResult expected = coreRun(spec, 7);
    auto* answer = m_view->panel(0)->findChild<QLabel*>(QStringLiteral("answer"));
    auto* scale = m_view->panel(0)->findChild<QLabel*>(QStringLiteral("noise-scale"));
    QCOMPARE(answer->property("value").toDouble(), expected.releases[0][0]);
    QVERIFY2(answer->text().contains(formatDpValue(expected.releases[0][0])), qPrintable(answer->text()));
    // Count has sensitivity 1 under add/remove, so b = 1/epsilon = 2 (by hand); snapping widens
    // the sensitivity by a few ulps of the lattice, hence the 1e-9 relative tolerance.
    QCOMPARE(scale->property("value").toDouble(), expected.noiseScale);
    QVERIFY2(std::abs(expected.noiseScale - 2.0) < 2e-9, qPrintable(QString::number(expected.noiseScale, 'g', 17)));
    QCOMPARE(int(m_view->panel(0)->repeatedValues().size()), MechanismsView::kRepeatedReleases);
    QVERIFY(!m_view->panel(0)->noiseChartView()->chart()->series().isEmpty());
    QVERIFY(!m_view->panel(0)->repeatedChartView()->chart()->series().isEmpty());
    auto* notes = m_view->panel(0)->findChild<QLabel*>(QStringLiteral("notes"));
    QVERIFY2(notes->text().contains(QStringLiteral("seeded - not for release")), qPrintable(notes->text()));
    saveScreenshot(*m_view, QStringLiteral("mechanisms_count.png"));
}

void TestMechanismsView::medianComparisonMatchesCore() {
    choose(m_view->findChild<QComboBox*>(QStringLiteral("column")), QStringLiteral("age"));
    choose(m_view->findChild<QComboBox*>(QStringLiteral("query")), QStringLiteral("median"));
    choose(m_view->findChild<QComboBox*>(QStringLiteral("mechanism")), QStringLiteral("exponential"));
    choose(m_view->findChild<QComboBox*>(QStringLiteral("compare")), QStringLiteral("histogram"));
    set("epsilon", 0.1);
    set("lower", 0.0);
    set("upper", 100.0);
    set("bins", 20);
    set("seeded", true);
    set("seed", 1);
    set("show-true", true);
    QVERIFY(runAndWait());
    QVERIFY(m_view->panel(1)->isVisibleTo(m_view.get()));

    dp::ColumnQuerySpec spec;
    spec.query = dp::QueryKind::Median;
    spec.quantile = 0.5;
    spec.mechanism = dp::MechanismKind::Exponential;
    spec.epsilon = 0.1;
    spec.lower = 0.0;
    spec.upper = 100.0;
    const dp::ColumnQueryResult expA = coreRun(spec, 1);
    spec.mechanism = dp::MechanismKind::Histogram;
    spec.binCount = 20;
    const dp::ColumnQueryResult expB = coreRun(spec, 1);
    for (int i = 0; i < 2; ++i) {
        const dp::ColumnQueryResult& exp = i == 0 ? expA : expB;
        auto* answer = m_view->panel(i)->findChild<QLabel*>(QStringLiteral("answer"));
        auto* scale = m_view->panel(i)->findChild<QLabel*>(QStringLiteral("noise-scale"));
        QCOMPARE(answer->property("value").toDouble(), exp.releases[0][0]);
        QCOMPARE(scale->property("value").toDouble(), exp.noiseScale);
        QCOMPARE(int(m_view->panel(i)->repeatedValues().size()), MechanismsView::kRepeatedReleases);
        auto* truth = m_view->panel(i)->findChild<QLabel*>(QStringLiteral("true-value"));
        QVERIFY(truth->isVisibleTo(m_view.get()));
        QVERIFY2(truth->text().contains(formatDpValue(exp.trueValues[0])), qPrintable(truth->text()));
    }
    saveScreenshot(*m_view, QStringLiteral("mechanisms_median_compare.png"));
}

void TestMechanismsView::showTrueValueToggle() {
    set("seeded", true);
    QVERIFY(runAndWait());
    auto* truth = m_view->panel(0)->findChild<QLabel*>(QStringLiteral("true-value"));
    QVERIFY(!truth->isVisibleTo(m_view.get()));
    m_view->findChild<QCheckBox*>(QStringLiteral("show-true"))->setChecked(true);
    QVERIFY(truth->isVisibleTo(m_view.get()));
    QVERIFY(truth->text().contains(QStringLiteral("True value")));
    m_document->undoStack()->undo();
    QVERIFY(!truth->isVisibleTo(m_view.get()));
}

void TestMechanismsView::undoRedoParameter() {
    auto* slider = m_view->findChild<QSlider*>(QStringLiteral("epsilon-slider"));
    auto* query = m_view->findChild<QComboBox*>(QStringLiteral("query"));
    QCOMPARE(m_view->parameters()->real(QStringLiteral("epsilon")), 1.0);
    slider->setValue(EpsilonSlider::positionOf(0.1));
    QCOMPARE(m_view->parameters()->real(QStringLiteral("epsilon")), 0.1);
    choose(query, QStringLiteral("mean"));
    QCOMPARE(m_view->parameters()->text(QStringLiteral("query")), QStringLiteral("mean"));
    QUndoStack* undo = m_document->undoStack();
    undo->undo();
    QCOMPARE(query->currentData().toString(), QStringLiteral("count"));
    undo->undo();
    QCOMPARE(m_view->parameters()->real(QStringLiteral("epsilon")), 1.0);
    QCOMPARE(slider->value(), EpsilonSlider::positionOf(1.0));
    undo->redo();
    QCOMPARE(m_view->parameters()->real(QStringLiteral("epsilon")), 0.1);
    QCOMPARE(slider->value(), EpsilonSlider::positionOf(0.1));
}

void TestMechanismsView::cancelKeepsPreviousResult() {
    set("seeded", true);
    QVERIFY(runAndWait());
    const double before = m_view->panel(0)->findChild<QLabel*>(QStringLiteral("answer"))->property("value").toDouble();
    choose(m_view->findChild<QComboBox*>(QStringLiteral("query")), QStringLiteral("median"));
    set("seed", 99);
    QSignalSpy cancelled(m_view->job(), &CoreJob::cancelled);
    m_view->findChild<QPushButton*>(QStringLiteral("run"))->click();
    QVERIFY(m_jobs->isBusy());
    m_jobs->cancel();  // the status bar's Cancel
    QTRY_COMPARE_WITH_TIMEOUT(cancelled.count(), 1, kTimeoutMs);
    QCOMPARE(m_view->panel(0)->findChild<QLabel*>(QStringLiteral("answer"))->property("value").toDouble(), before);
    QVERIFY(!m_jobs->isBusy());
}

void TestMechanismsView::ledgerRecordsAndRefusesOverBudget() {
    LedgerSession* session = LedgerSession::shared();
    QVERIFY(session->open(m_dir.filePath(QStringLiteral("budget.sqlite"))).isOk());
    QVERIFY(session->setBudget("adult.csv", {1.0, 0.0}).isOk());
    set("epsilon", 0.6);
    QVERIFY(runAndWait());  // secure source
    auto* record = m_view->findChild<QPushButton*>(QStringLiteral("record"));
    QVERIFY(record->isEnabled());
    record->click();
    auto entries = session->ledger()->entries("adult.csv");
    QVERIFY(entries.isOk());
    QCOMPARE(int(entries->size()), 1);
    QCOMPARE(entries->at(0).epsilon, 0.6);
    QCOMPARE(QString::fromStdString(entries->at(0).release), QStringLiteral("count of age"));
    // A second release at 0.6 would bring the total to 1.2 > 1: refused, nothing written.
    QVERIFY(runAndWait());
    QVERIFY(!m_view->recordRelease());
    auto* status = m_view->findChild<QLabel*>(QStringLiteral("status"));
    QVERIFY2(status->text().startsWith(QStringLiteral("Refused")), qPrintable(status->text()));
    QCOMPARE(int(session->ledger()->entries("adult.csv")->size()), 1);
}

void TestMechanismsView::seededResultIsNotRecordable() {
    set("seeded", true);
    QVERIFY(runAndWait());
    QVERIFY(!m_view->findChild<QPushButton*>(QStringLiteral("record"))->isEnabled());
    QVERIFY(!m_view->recordRelease());
    QVERIFY(m_view->findChild<QLabel*>(QStringLiteral("status"))->text().contains(QStringLiteral("seeded")));
}

void TestMechanismsView::recordBeforeShowingHidesRefusedAnswer() {
    LedgerSession* session = LedgerSession::shared();
    QVERIFY(session->open(m_dir.filePath(QStringLiteral("first.sqlite"))).isOk());
    QVERIFY(session->setBudget("adult.csv", {1.0, 0.0}).isOk());
    m_view->findChild<QCheckBox*>(QStringLiteral("record-first"))->setChecked(true);
    set("epsilon", 0.8);
    QVERIFY(runAndWait());  // recorded, then shown
    auto* answer = m_view->panel(0)->findChild<QLabel*>(QStringLiteral("answer"));
    QVERIFY(answer->property("value").isValid());
    QCOMPARE(int(session->ledger()->entries("adult.csv")->size()), 1);
    QVERIFY(!m_view->findChild<QPushButton*>(QStringLiteral("record"))->isEnabled());
    QCOMPARE(int(m_view->panel(0)->repeatedValues().size()), 0);  // a real release shows one answer
    const double shown = answer->property("value").toDouble();
    // 0.8 + 0.8 > 1: refused, so the new answer is never shown and nothing is written.
    QSignalSpy finished(m_view->job(), &CoreJob::finished);
    m_view->run();
    QVERIFY(finished.wait(kTimeoutMs));
    QCOMPARE(answer->property("value").toDouble(), shown);
    QVERIFY(m_view->findChild<QLabel*>(QStringLiteral("status"))->text().startsWith(QStringLiteral("Refused")));
    QCOMPARE(int(session->ledger()->entries("adult.csv")->size()), 1);
}

void TestMechanismsView::randomizedResponse() {
    set("seeded", true);
    set("show-true", true);
    auto* panel = m_view->findChild<RandomizedResponsePanel*>();
    auto* column = panel->findChild<QComboBox*>(QStringLiteral("rr-column"));
    const int sex = column->findData(QStringLiteral("sex"));
    QVERIFY(sex >= 0);
    column->setCurrentIndex(sex);
    QSignalSpy shown(panel, &RandomizedResponsePanel::estimateShown);
    panel->findChild<QPushButton*>(QStringLiteral("rr-run"))->click();
    QVERIFY(shown.wait(kTimeoutMs));
    const QString text = panel->findChild<QLabel*>(QStringLiteral("rr-result"))->text();
    QVERIFY2(text.contains(QStringLiteral("Male")) && text.contains(QStringLiteral("k = 2")), qPrintable(text));
    QVERIFY(text.contains(QStringLiteral("seeded - not for release")));
    QVERIFY(text.contains(QStringLiteral("True %")));
    // Without the teaching toggle the true shares are not shown.
    set("show-true", false);
    panel->findChild<QPushButton*>(QStringLiteral("rr-run"))->click();
    QVERIFY(shown.wait(kTimeoutMs));
    QVERIFY(!panel->findChild<QLabel*>(QStringLiteral("rr-result"))->text().contains(QStringLiteral("True %")));
    saveScreenshot(*m_view, QStringLiteral("mechanisms_rr.png"));
}

QTEST_MAIN(TestMechanismsView)
#include "tst_mechanisms_view.moc"
