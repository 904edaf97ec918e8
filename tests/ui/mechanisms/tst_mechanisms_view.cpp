// The Mechanisms view end to end, offscreen, on the bundled adult sample. Release mode (the
// default): a seeded Laplace count shows exactly what core's releaseColumnQuery returns for the
// same seed and is charged before it is shown; each side of a comparison is charged; a refusal
// (budget spent) shows nothing new and says why; no truth, no repeated releases, noise centred on
// 0. Teaching mode: the exponential-mechanism median beside the histogram median (seed 000) with
// the true value and 1,000 repeated releases, nothing charged. Parameter edits undo and redo; a
// run can be cancelled; randomized response needs declared categories.
#include "ui_test_support.h"
#include "document/document.h"
#include "jobs/core_job.h"
#include "views/mechanisms/dp_parameters.h"
#include "views/mechanisms/epsilon_slider.h"
#include "views/mechanisms/mechanism_result_panel.h"
#include "views/mechanisms/mechanisms_view.h"
#include "views/mechanisms/randomized_response_panel.h"
#include "panels/privacy_value_edit.h"
#include "workbench/job_monitor.h"
#include "workbench/release_session.h"
#include "workbench/workbench_context.h"

#include "veil/common/random.h"
#include "veil/dp/column_query.h"
#include "veil/table/csv_reader.h"

#include <QChart>
#include <QChartView>
#include <QCheckBox>
#include <QComboBox>
#include <QLabel>
#include <QLineEdit>
#include <QBarSeries>
#include <QBarSet>
#include <QLineSeries>
#include <QPushButton>
#include <QTableWidget>
#include <QSignalSpy>
#include <QSlider>
#include <QTemporaryDir>
#include <QTest>
#include <QUndoStack>

#include <cmath>
#include <memory>

using namespace veil;
using namespace veil::ui;

using ui_test::choose;
using ui_test::saveScreenshot;

namespace {
const QString kAdult = QStringLiteral(VEIL_SAMPLES_DIR "/adult.csv");
constexpr int kTimeoutMs = 120000;
}  // namespace

class TestMechanismsView : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void init();
    void cleanup();
    void laplaceCountMatchesCoreAndIsCharged();
    void medianComparisonMatchesCoreInTeaching();
    void comparisonChargesBothSides();
    void refusalShowsNothingNew();
    void showTrueValueOnlyInTeaching();
    void teachingResultIsNeverBundled();
    void undoRedoParameter();
    void cancelKeepsPreviousResult();
    void randomizedResponseNeedsDeclaredCategories();
    // Issue 20: stale state and readouts that contradict themselves.
    void failedRunMarksResultOutdated();
    void partialRefusalIsNotCalledReleased();
    void comparisonHasOneDeltaPerMechanism();
    void typedEpsilonAndDeltaAreValidated_data();
    void typedEpsilonAndDeltaAreValidated();
    void exponentialIntervalSaysWhyValueIsOutside();
    void boundsFromDataAreWarned();
    void histogramAnswerIsTableAndChart();

private:
    bool runAndWait();
    dp::ReleaseGate teachingGate(std::uint64_t seed) { return dp::ReleaseGate::teaching(seed); }
    dp::ColumnQueryResult coreRun(dp::ReleaseGate& gate, dp::ColumnQuerySpec spec, int trials = 1);
    dp::PrivacySpend spent() {
        auto s = m_session->withLedger([](release::PrivacyLedger& l) { return l.spent("adult.csv"); });
        return s ? *s : dp::PrivacySpend{-1.0, -1.0};
    }
    int entries() {
        auto e = m_session->withLedger([](release::PrivacyLedger& l) { return l.entries("adult.csv"); });
        return e ? int(e->size()) : -1;
    }
    double answer(int panel) {
        return m_view->panel(panel)->findChild<QLabel*>(QStringLiteral("answer"))->property("value").toDouble();
    }
    void set(const char* key, const QVariant& value) {
        pushDpParameter(m_document->undoStack(), m_view->parameters(), QString::fromLatin1(key), value);
    }

    Table m_adult;
    std::unique_ptr<Document> m_document;
    std::unique_ptr<JobMonitor> m_jobs;
    std::unique_ptr<ReleaseSession> m_session;
    WorkbenchContext m_context;
    std::unique_ptr<MechanismsView> m_view;
    QTemporaryDir m_dir;
    int m_ledgers = 0;
};

void TestMechanismsView::initTestCase() {
    auto read = readCsvFile(std::string(QFile::encodeName(kAdult).constData()));
    QVERIFY2(read.isOk(), read.status().message().c_str());
    m_adult = read->table;
    QVERIFY(m_dir.isValid());
}

void TestMechanismsView::init() {
    m_document = std::make_unique<Document>();
    m_jobs = std::make_unique<JobMonitor>();
    // Never the user's ledger: a fresh temporary file for each test, release mode.
    m_session = std::make_unique<ReleaseSession>();
    QVERIFY(m_session->open(m_dir.filePath(QStringLiteral("ledger-%1.sqlite").arg(++m_ledgers))).isOk());
    m_context = WorkbenchContext{m_document.get(), m_jobs.get(), nullptr, m_session.get()};
    m_view = std::make_unique<MechanismsView>(m_context);
    m_view->resize(1600, 900);
    m_document->reset(m_adult, kAdult);
}

void TestMechanismsView::cleanup() {
    m_view.reset();
    m_session.reset();
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

dp::ColumnQueryResult TestMechanismsView::coreRun(dp::ReleaseGate& gate, dp::ColumnQuerySpec spec, int trials) {
    spec.trials = trials;
    auto r = dp::releaseColumnQuery(gate, m_adult, "age", spec, RunContext{});
    if (!r) qFatal("core failed: %s", r.status().message().c_str());
    return *r;
}

void TestMechanismsView::laplaceCountMatchesCoreAndIsCharged() {
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
    auto gate = teachingGate(7);
    const dp::ColumnQueryResult expected = coreRun(gate, spec);
    auto* label = m_view->panel(0)->findChild<QLabel*>(QStringLiteral("answer"));
    auto* scale = m_view->panel(0)->findChild<QLabel*>(QStringLiteral("noise-scale"));
    QCOMPARE(answer(0), expected.releases[0][0]);
    QVERIFY2(label->text().contains(formatDpValue(expected.releases[0][0])), qPrintable(label->text()));
    // Count has sensitivity 1 under add/remove, so b = 1/epsilon = 2 (by hand); snapping widens
    // the sensitivity by a few ulps of the lattice, hence the 1e-9 relative tolerance.
    QCOMPARE(scale->property("value").toDouble(), expected.noiseScale);
    QVERIFY2(std::abs(expected.noiseScale - 2.0) < 2e-9, qPrintable(QString::number(expected.noiseScale, 'g', 17)));
    // Charged before it was shown: one ledger entry of 0.5, marked seeded.
    QCOMPARE(entries(), 1);
    QCOMPARE(spent().epsilon, 0.5);
    const auto& receipt = m_view->panel(0)->release()->receipt;
    QVERIFY(receipt.ledgerEntry.has_value());
    QVERIFY(receipt.seeded && !receipt.isPrivate);
    // Release mode: no truth, no repeated releases; the noise chart is centred on 0.
    QVERIFY(m_view->panel(0)->release()->trueValues.empty());
    QCOMPARE(int(m_view->panel(0)->repeatedValues().size()), 0);
    QVERIFY(!m_view->panel(0)->noiseChartView()->chart()->series().isEmpty());
    auto* notes = m_view->panel(0)->findChild<QLabel*>(QStringLiteral("notes"));
    QVERIFY2(notes->text().contains(QStringLiteral("SEEDED release")) &&
                 notes->text().contains(QStringLiteral("NOT private")),
             qPrintable(notes->text()));
    QVERIFY(m_view->statusLabel()->text().contains(QStringLiteral("ledger entry")));
    saveScreenshot(*m_view, QStringLiteral("mechanisms_count.png"));
}

void TestMechanismsView::medianComparisonMatchesCoreInTeaching() {
    m_session->setTeaching(true);
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

    // The view's sequence on one teaching gate: A once, A 1,000 times, B once, B 1,000 times.
    auto gate = teachingGate(1);
    dp::ColumnQuerySpec spec;
    spec.query = dp::QueryKind::Median;
    spec.quantile = 0.5;
    spec.mechanism = dp::MechanismKind::Exponential;
    spec.epsilon = 0.1;
    spec.lower = 0.0;
    spec.upper = 100.0;
    const dp::ColumnQueryResult expA = coreRun(gate, spec);
    const dp::ColumnQueryResult repA = coreRun(gate, spec, MechanismsView::kRepeatedReleases);
    spec.mechanism = dp::MechanismKind::Histogram;
    spec.binCount = 20;
    const dp::ColumnQueryResult expB = coreRun(gate, spec);
    for (int i = 0; i < 2; ++i) {
        const dp::ColumnQueryResult& exp = i == 0 ? expA : expB;
        auto* scale = m_view->panel(i)->findChild<QLabel*>(QStringLiteral("noise-scale"));
        QCOMPARE(answer(i), exp.releases[0][0]);
        QCOMPARE(scale->property("value").toDouble(), exp.noiseScale);
        QCOMPARE(int(m_view->panel(i)->repeatedValues().size()), MechanismsView::kRepeatedReleases);
        auto* truth = m_view->panel(i)->findChild<QLabel*>(QStringLiteral("true-value"));
        QVERIFY(truth->isVisibleTo(m_view.get()));
        QVERIFY2(truth->text().contains(formatDpValue(exp.trueValues[0])), qPrintable(truth->text()));
        QVERIFY(!m_view->panel(i)->release()->receipt.isPrivate);
    }
    QCOMPARE(m_view->panel(0)->repeatedValues().front(), repA.releases[0][0]);
    QCOMPARE(entries(), 0);  // teaching mode charges nothing
    QVERIFY(m_view->statusLabel()->text().contains(QStringLiteral("TEACHING MODE")));
    saveScreenshot(*m_view, QStringLiteral("mechanisms_median_compare.png"));
}

void TestMechanismsView::comparisonChargesBothSides() {
    choose(m_view->findChild<QComboBox*>(QStringLiteral("column")), QStringLiteral("age"));
    choose(m_view->findChild<QComboBox*>(QStringLiteral("query")), QStringLiteral("count"));
    choose(m_view->findChild<QComboBox*>(QStringLiteral("mechanism")), QStringLiteral("laplace"));
    choose(m_view->findChild<QComboBox*>(QStringLiteral("compare")), QStringLiteral("geometric"));
    set("epsilon", 0.3);
    QVERIFY(runAndWait());
    QVERIFY(m_view->panel(0)->hasResult() && m_view->panel(1)->hasResult());
    QCOMPARE(entries(), 2);
    QCOMPARE(spent().epsilon, 0.6);
    QVERIFY(m_view->panel(0)->release()->receipt.isPrivate);
    QVERIFY(m_view->panel(1)->release()->receipt.isPrivate);
    QVERIFY(*m_view->panel(0)->release()->receipt.ledgerEntry != *m_view->panel(1)->release()->receipt.ledgerEntry);
}

void TestMechanismsView::refusalShowsNothingNew() {
    QVERIFY(m_session->setBudget("adult.csv", {1.0, 0.0}).isOk());
    set("epsilon", 0.6);
    QVERIFY(runAndWait());
    const double shown = answer(0);
    QCOMPARE(entries(), 1);
    // A second release at 0.6 would bring the total to 1.2 > 1: refused before any noise is drawn,
    // the previous answer stays, the status says why, nothing is written.
    QSignalSpy finished(m_view->job(), &CoreJob::finished);
    QSignalSpy shownAgain(m_view.get(), &MechanismsView::resultsShown);
    m_view->run();
    QVERIFY(finished.wait(kTimeoutMs));
    QCOMPARE(shownAgain.count(), 0);
    QCOMPARE(answer(0), shown);
    const QString status = m_view->statusLabel()->text();
    QVERIFY2(status.startsWith(QStringLiteral("Not released")) && status.contains(QStringLiteral("refused")),
             qPrintable(status));
    QVERIFY(!status.contains(QStringLiteral("Released with")));
    QCOMPARE(entries(), 1);
    // With 0.4 left, a comparison of two 0.3 releases: the first is charged and shown, the second
    // is refused and said so.
    choose(m_view->findChild<QComboBox*>(QStringLiteral("compare")), QStringLiteral("geometric"));
    set("epsilon", 0.3);
    QVERIFY(runAndWait());
    QCOMPARE(entries(), 2);
    QVERIFY(m_view->panel(0)->hasResult());
    QVERIFY(!m_view->panel(1)->hasResult());
    QVERIFY2(m_view->statusLabel()->text().contains(QStringLiteral("second mechanism was not released")),
             qPrintable(m_view->statusLabel()->text()));
}

void TestMechanismsView::showTrueValueOnlyInTeaching() {
    set("seeded", true);
    set("show-true", true);
    QVERIFY(runAndWait());
    auto* truth = m_view->panel(0)->findChild<QLabel*>(QStringLiteral("true-value"));
    QVERIFY(!truth->isVisibleTo(m_view.get()));  // release mode: never
    QVERIFY(!m_view->findChild<QCheckBox*>(QStringLiteral("show-true"))->isEnabled());
    m_session->setTeaching(true);
    QVERIFY(!m_view->panel(0)->hasResult());  // the release-mode answer is not kept beside truths
    QVERIFY(runAndWait());
    QVERIFY(truth->isVisibleTo(m_view.get()));
    QVERIFY(truth->text().contains(QStringLiteral("True value")));
    m_document->undoStack()->undo();
    QVERIFY(!truth->isVisibleTo(m_view.get()));
}

void TestMechanismsView::teachingResultIsNeverBundled() {
    m_session->setTeaching(true);
    QVERIFY(runAndWait());
    QVERIFY(!m_view->findChild<QPushButton*>(QStringLiteral("release-bundle"))->isEnabled());
    QVERIFY(!m_view->releaseTo(m_dir.filePath(QStringLiteral("teaching-bundle"))));
    QVERIFY(!QFileInfo::exists(m_dir.filePath(QStringLiteral("teaching-bundle"))));
    QCOMPARE(entries(), 0);
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
    m_session->setTeaching(true);  // the long run: 1,000 repeated medians
    set("seeded", true);
    QVERIFY(runAndWait());
    const double before = answer(0);
    choose(m_view->findChild<QComboBox*>(QStringLiteral("query")), QStringLiteral("median"));
    set("seed", 99);
    QSignalSpy cancelled(m_view->job(), &CoreJob::cancelled);
    m_view->findChild<QPushButton*>(QStringLiteral("run"))->click();
    QVERIFY(m_jobs->isBusy());
    m_jobs->cancel();  // the status bar's Cancel
    QTRY_COMPARE_WITH_TIMEOUT(cancelled.count(), 1, kTimeoutMs);
    QCOMPARE(answer(0), before);
    QVERIFY(!m_jobs->isBusy());
}

void TestMechanismsView::randomizedResponseNeedsDeclaredCategories() {
    set("seeded", true);
    set("show-true", true);
    auto* panel = m_view->findChild<RandomizedResponsePanel*>();
    auto* column = panel->findChild<QComboBox*>(QStringLiteral("rr-column"));
    const int sex = column->findData(QStringLiteral("sex"));
    QVERIFY(sex >= 0);
    column->setCurrentIndex(sex);
    auto* result = panel->findChild<QLabel*>(QStringLiteral("rr-result"));
    auto* categories = panel->findChild<QLineEdit*>(QStringLiteral("rr-categories"));
    QVERIFY(categories->text().isEmpty());  // release mode: never read off the data
    QSignalSpy failed(panel->findChild<CoreJob*>(), &CoreJob::failed);
    QSignalSpy shown(panel, &RandomizedResponsePanel::estimateShown);
    panel->findChild<QPushButton*>(QStringLiteral("rr-run"))->click();
    QTRY_VERIFY_WITH_TIMEOUT(failed.count() == 1 || result->text().contains(QStringLiteral("Not released")),
                             kTimeoutMs);
    QVERIFY2(result->text().contains(QStringLiteral("categories")), qPrintable(result->text()));
    QCOMPARE(entries(), 0);
    // Declared: charged, estimated, no truth in release mode.
    categories->setText(QStringLiteral("Male, Female"));
    panel->findChild<QPushButton*>(QStringLiteral("rr-run"))->click();
    QVERIFY(shown.wait(kTimeoutMs));
    QString text = result->text();
    QVERIFY2(text.contains(QStringLiteral("Male")) && text.contains(QStringLiteral("k = 2")), qPrintable(text));
    QVERIFY(text.contains(QStringLiteral("SEEDED")));
    QVERIFY(!text.contains(QStringLiteral("True %")));
    QCOMPARE(entries(), 1);
    // Teaching mode: the categories may come from the data and the true shares are shown.
    m_session->setTeaching(true);
    column->setCurrentIndex(sex);
    Q_EMIT column->activated(sex);
    QVERIFY(categories->text().contains(QStringLiteral("Male")));
    panel->findChild<QPushButton*>(QStringLiteral("rr-run"))->click();
    QVERIFY(shown.wait(kTimeoutMs));
    text = result->text();
    QVERIFY(text.contains(QStringLiteral("True %")));
    QVERIFY(text.contains(QStringLiteral("TEACHING MODE")));
    QCOMPARE(entries(), 1);
    saveScreenshot(*m_view, QStringLiteral("mechanisms_rr.png"));
}

// A histogram answer, then the query becomes a median whose run fails (smooth sensitivity with
// δ = 0): the histogram must not stand under the median as if it were its answer.
void TestMechanismsView::failedRunMarksResultOutdated() {
    auto* release = m_view->findChild<QPushButton*>(QStringLiteral("release-bundle"));
    auto* heading = m_view->panel(0)->findChild<QLabel*>(QStringLiteral("heading"));
    choose(m_view->findChild<QComboBox*>(QStringLiteral("column")), QStringLiteral("age"));
    choose(m_view->findChild<QComboBox*>(QStringLiteral("query")), QStringLiteral("histogram"));
    QVERIFY(runAndWait());
    QVERIFY(release->isEnabled());
    QVERIFY(!m_view->panel(0)->property("outdated").toBool());
    // Changing an input marks the answer outdated at once.
    choose(m_view->findChild<QComboBox*>(QStringLiteral("query")), QStringLiteral("median"));
    QVERIFY(m_view->panel(0)->property("outdated").toBool());
    QVERIFY(!release->isEnabled());
    choose(m_view->findChild<QComboBox*>(QStringLiteral("mechanism")), QStringLiteral("smooth"));
    QSignalSpy failed(m_view->job(), &CoreJob::failed);
    QSignalSpy finished(m_view->job(), &CoreJob::finished);
    m_view->run();
    QVERIFY(finished.wait(kTimeoutMs));
    QCOMPARE(failed.count(), 1);
    QVERIFY(m_view->panel(0)->property("outdated").toBool());
    QVERIFY2(heading->text().contains(QStringLiteral("OUTDATED")), qPrintable(heading->text()));
    QVERIFY(!release->isEnabled());
    QVERIFY(!m_view->releaseTo(m_dir.filePath(QStringLiteral("stale-bundle"))));
    QVERIFY(!QFileInfo::exists(m_dir.filePath(QStringLiteral("stale-bundle"))));
    // A successful run replaces it and may be bundled again.
    choose(m_view->findChild<QComboBox*>(QStringLiteral("mechanism")), QStringLiteral("exponential"));
    QVERIFY(runAndWait());
    QVERIFY(!m_view->panel(0)->property("outdated").toBool());
    QVERIFY(!heading->text().contains(QStringLiteral("OUTDATED")));
    QVERIFY(release->isEnabled());
}

// With budget for one of two compared releases, the status bar must not say "Released" alone.
void TestMechanismsView::partialRefusalIsNotCalledReleased() {
    QVERIFY(m_session->setBudget("adult.csv", {0.5, 0.0}).isOk());
    choose(m_view->findChild<QComboBox*>(QStringLiteral("compare")), QStringLiteral("geometric"));
    set("epsilon", 0.3);
    QSignalSpy messages(m_jobs.get(), &JobMonitor::statusMessage);
    QVERIFY(runAndWait());
    QCOMPARE(entries(), 1);
    QVERIFY(!messages.isEmpty());
    const QString last = messages.last().at(0).toString();
    QVERIFY2(last.contains(QStringLiteral("refused")), qPrintable(last));
}

// The exponential mechanism needs δ = 0 and the smooth-sensitivity median δ > 0: each has its own.
void TestMechanismsView::comparisonHasOneDeltaPerMechanism() {
    choose(m_view->findChild<QComboBox*>(QStringLiteral("column")), QStringLiteral("age"));
    choose(m_view->findChild<QComboBox*>(QStringLiteral("query")), QStringLiteral("median"));
    choose(m_view->findChild<QComboBox*>(QStringLiteral("mechanism")), QStringLiteral("exponential"));
    choose(m_view->findChild<QComboBox*>(QStringLiteral("compare")), QStringLiteral("smooth"));
    auto* deltaB = m_view->findChild<QLineEdit*>(QStringLiteral("delta-b-input"));
    QVERIFY(deltaB);
    QVERIFY(deltaB->isVisibleTo(m_view.get()));
    deltaB->setText(QStringLiteral("1e-6"));
    Q_EMIT deltaB->editingFinished();
    QCOMPARE(m_view->parameters()->real(QStringLiteral("delta")), 0.0);
    QCOMPARE(m_view->parameters()->real(QStringLiteral("delta-b")), 1e-6);
    QVERIFY(runAndWait());
    QVERIFY2(m_view->panel(0)->hasResult() && m_view->panel(1)->hasResult(), qPrintable(m_view->statusLabel()->text()));
    QCOMPARE(m_view->panel(1)->release()->delta, 1e-6);
    QCOMPARE(entries(), 2);
}

void TestMechanismsView::typedEpsilonAndDeltaAreValidated_data() {
    QTest::addColumn<QString>("field");
    QTest::addColumn<QString>("typed");
    QTest::addColumn<double>("expected");  // NaN: refused, the parameter keeps its value
    QTest::addColumn<QString>("message");
    const double refused = std::nan("");
    QTest::newRow("epsilon 0 refused") << "epsilon"
                                       << "0" << refused << "greater than 0";
    QTest::newRow("epsilon -1 refused") << "epsilon"
                                        << "-1" << refused << "greater than 0";
    QTest::newRow("epsilon text refused") << "epsilon"
                                          << "abc" << refused << "must be a number";
    QTest::newRow("epsilon inf refused") << "epsilon"
                                         << "inf" << refused << "must be a number";
    QTest::newRow("epsilon 0.25 typed") << "epsilon"
                                        << "0.25" << 0.25 << "";
    QTest::newRow("epsilon 20 beyond the slider") << "epsilon"
                                                  << "20" << 20.0 << "";
    QTest::newRow("delta -1 refused") << "delta"
                                      << "-1" << refused << "at least 0";
    QTest::newRow("delta 1 refused") << "delta"
                                     << "1" << refused << "below 1";
    QTest::newRow("delta 1e-6 typed") << "delta"
                                      << "1e-6" << 1e-6 << "";
}

void TestMechanismsView::typedEpsilonAndDeltaAreValidated() {
    QFETCH(QString, field);
    QFETCH(QString, typed);
    QFETCH(double, expected);
    QFETCH(QString, message);
    auto* edit = m_view->findChild<QLineEdit*>(field + QStringLiteral("-input"));
    auto* shown = m_view->findChild<QLabel*>(field + QStringLiteral("-message"));
    QVERIFY(edit && shown);
    const double before = m_view->parameters()->real(field);
    edit->setText(typed);
    Q_EMIT edit->editingFinished();
    if (std::isnan(expected)) {
        QCOMPARE(m_view->parameters()->real(field), before);
        QCOMPARE(edit->text(), typed);  // not silently reset
        QVERIFY(shown->isVisibleTo(m_view.get()));
        QVERIFY2(shown->text().contains(message), qPrintable(shown->text()));
    } else {
        QCOMPARE(m_view->parameters()->real(field), expected);
        QVERIFY(!shown->isVisibleTo(m_view.get()));
        m_document->undoStack()->undo();  // a typed value is one undo step
        QCOMPARE(m_view->parameters()->real(field), before);
    }
}

// At ε = 10 the exponential median's rank interval is a single data value ([37, 37]) while the
// answer is drawn between two data values (37.11): the readout must say why.
void TestMechanismsView::exponentialIntervalSaysWhyValueIsOutside() {
    m_session->setTeaching(true);
    choose(m_view->findChild<QComboBox*>(QStringLiteral("column")), QStringLiteral("age"));
    choose(m_view->findChild<QComboBox*>(QStringLiteral("query")), QStringLiteral("median"));
    choose(m_view->findChild<QComboBox*>(QStringLiteral("mechanism")), QStringLiteral("exponential"));
    set("epsilon", 10.0);
    set("seeded", true);
    set("seed", 3);
    QVERIFY(runAndWait());
    const auto& r = *m_view->panel(0)->release();
    QVERIFY(!r.intervals.empty() && !r.intervals[0].empty());
    const auto& ci = r.intervals[0][0];
    const double v = r.releases[0][0];
    auto* interval = m_view->panel(0)->findChild<QLabel*>(QStringLiteral("interval"));
    QVERIFY2(v < ci.lower || v > ci.upper,
             qPrintable(QStringLiteral("%1 in [%2, %3]").arg(v).arg(ci.lower).arg(ci.upper)));
    QVERIFY2(interval->text().contains(QStringLiteral("outside")), qPrintable(interval->text()));
}

void TestMechanismsView::boundsFromDataAreWarned() {
    auto* warning = m_view->findChild<QLabel*>(QStringLiteral("bounds-warning"));
    QVERIFY(warning);
    choose(m_view->findChild<QComboBox*>(QStringLiteral("column")), QStringLiteral("age"));
    choose(m_view->findChild<QComboBox*>(QStringLiteral("query")), QStringLiteral("mean"));
    QVERIFY(!warning->isVisibleTo(m_view.get()));  // release mode: declared bounds
    m_session->setTeaching(true);
    QVERIFY(warning->isVisibleTo(m_view.get()));  // teaching: the column's own min and max
    set("lower", 10.0);
    QVERIFY(!warning->isVisibleTo(m_view.get()));  // declared again
}

// A histogram answer is a table (bin, noisy count, interval per bin) and a bar chart with one error
// bar per bin, not one line of text with the first bin's interval only. Each bin's interval is
// its own noisy count -+ the noise's 95% half-width, and matches the interval core computed for it.
void TestMechanismsView::histogramAnswerIsTableAndChart() {
    choose(m_view->findChild<QComboBox*>(QStringLiteral("column")), QStringLiteral("age"));
    choose(m_view->findChild<QComboBox*>(QStringLiteral("query")), QStringLiteral("histogram"));
    choose(m_view->findChild<QComboBox*>(QStringLiteral("mechanism")), QStringLiteral("laplace"));
    set("seeded", true);
    set("seed", 11);
    QVERIFY(runAndWait());
    MechanismResultPanel* panel = m_view->panel(0);
    const dp::ColumnQueryResult& r = *panel->release();
    const std::vector<double>& values = r.releases.at(0);
    QVERIFY2(values.size() > 2, qPrintable(QString::number(values.size())));
    auto* answer = panel->findChild<QLabel*>(QStringLiteral("answer"));
    QVERIFY2(!answer->text().contains(QStringLiteral(", ")), qPrintable(answer->text()));  // no long line
    QTableWidget* table = panel->binTable();
    QVERIFY(table->isVisibleTo(m_view.get()));
    QCOMPARE(table->rowCount(), int(values.size()));
    QCOMPARE(table->columnCount(), 3);  // release mode: no true counts
    const double w = r.noise.halfWidth(0.95);
    for (int i = 0; i < table->rowCount(); ++i) {
        const auto row = std::size_t(i);
        QCOMPARE(table->item(i, 0)->text(), QString::fromStdString(r.labels[row]));
        QCOMPARE(table->item(i, 1)->data(Qt::UserRole).toDouble(), values[row]);
        const double lower = table->item(i, 2)->data(Qt::UserRole).toDouble();
        const double upper = table->item(i, 2)->data(Qt::UserRole + 1).toDouble();
        QVERIFY2(lower <= values[row] && values[row] <= upper, qPrintable(table->item(i, 2)->text()));
        QCOMPARE(lower, values[row] - w);
        QCOMPARE(upper, values[row] + w);
        QCOMPARE(lower, r.intervals[0][row].lower);  // as core computed it for this bin
        QCOMPARE(upper, r.intervals[0][row].upper);
    }
    QChartView* chartView = panel->histogramChartView();
    QVERIFY(chartView->isVisibleTo(m_view.get()));
    QBarSeries* bars = nullptr;
    int errorBars = 0;
    for (QAbstractSeries* s : chartView->chart()->series()) {
        if (auto* b = qobject_cast<QBarSeries*>(s)) bars = b;
        if (auto* line = qobject_cast<QLineSeries*>(s)) {
            double lo = 1e300, hi = -1e300;
            for (const QPointF& p : line->points()) lo = std::min(lo, p.y()), hi = std::max(hi, p.y());
            const auto bin = std::size_t(std::lround(line->points().at(2).x()));
            QCOMPARE(lo, values[bin] - w);
            QCOMPARE(hi, values[bin] + w);
            ++errorBars;
        }
    }
    QVERIFY(bars && bars->barSets().size() == 1);
    QCOMPARE(bars->barSets()[0]->count(), int(values.size()));
    for (int i = 0; i < int(values.size()); ++i) QCOMPARE(bars->barSets()[0]->at(i), values[std::size_t(i)]);
    QCOMPARE(errorBars, int(values.size()));
    saveScreenshot(*m_view, QStringLiteral("mechanisms_histogram.png"));
    // Teaching mode with "show true value": the true counts join the table as a column of their own.
    m_session->setTeaching(true);
    set("show-true", true);
    QVERIFY(runAndWait());
    const dp::ColumnQueryResult& t = *panel->release();
    QCOMPARE(table->columnCount(), 4);
    for (int i = 0; i < table->rowCount(); ++i)
        QCOMPARE(table->item(i, 3)->text(), formatDpValue(t.trueValues.at(std::size_t(i))));
    QVERIFY(!panel->findChild<QLabel*>(QStringLiteral("true-value"))->isVisibleTo(m_view.get()));
    // A single-value answer hides them again.
    choose(m_view->findChild<QComboBox*>(QStringLiteral("query")), QStringLiteral("count"));
    QVERIFY(runAndWait());
    QVERIFY(!table->isVisibleTo(m_view.get()));
    QVERIFY(!chartView->isVisibleTo(m_view.get()));
}

QTEST_MAIN(TestMechanismsView)
#include "tst_mechanisms_view.moc"
