// The Synthesize view offscreen on the adult sample. Teaching mode: MST at epsilon 1 with a fixed
// seed over age, sex, race and salary-class gives exactly core's releaseSynthetic table (same seed,
// same plan), as many rows as the input, and the 1/2/3-way TVDs shown are core's
// teachingMarginalTvd on the same tables; AIM over every column is cancelled mid-run. Release
// mode: declared categories, the run charged once, Release writes the bundle (synthetic CSV,
// manifest, report) without a second charge; editing epsilon marks the result outdated and turns
// Release off.
#include "ui_test_support.h"
#include "view_environment.h"

#include "charts/synthesis/marginal_heat_map.h"
#include "document/document.h"
#include "jobs/core_job.h"
#include "panels/privacy_value_edit.h"
#include "views/synthesis/domain_table.h"
#include "views/synthesis/synthesis_result.h"
#include "views/synthesis/synthesis_results.h"
#include "views/synthesis/synthesis_view.h"
#include "workbench/job_monitor.h"
#include "workbench/release_session.h"
#include "workbench/workbench_context.h"

#include "veil/synth/marginal_distance.h"
#include "veil/synth/synthesizer.h"
#include "veil/table/csv_reader.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDir>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QRegularExpression>
#include <QSignalSpy>
#include <QSpinBox>
#include <QTableView>
#include <QTemporaryDir>
#include <QTest>
#include <QUndoStack>

#include <memory>

using namespace veil;
using namespace veil::ui;

namespace {
const QString kAdult = QStringLiteral(VEIL_SAMPLES_DIR "/adult.csv");
constexpr int kTimeoutMs = 300000;
}  // namespace

class TestSynthesisView : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void init();
    void cleanup();
    void mstMatchesCoreAndShowsItsTvd();
    void cancelStopsAim();
    void releaseIsChargedOnceAndOutdatedOnEdit();
    void domainFromDataIsRefusedInReleaseMode();
    void editDuringRunShowsTheResultOutdated();
    void settingsEditsAreUndoable();

private:
    bool runAndWait();
    void pick(const QStringList& columns, const QString& method, int seed);
    int entries() {
        auto e = m_env->session.withLedger([](release::PrivacyLedger& l) { return l.entries("adult.csv"); });
        return e ? int(e->size()) : -1;
    }
    Table m_adult;
    QTemporaryDir m_dir;
    std::unique_ptr<ui_test::ViewEnvironment> m_env;  // document, jobs, session and their context
    std::unique_ptr<SynthesisView> m_view;
};

void TestSynthesisView::initTestCase() {
    auto read = readCsvFile(std::string(QFile::encodeName(kAdult).constData()));
    QVERIFY2(read.isOk(), read.status().message().c_str());
    m_adult = read->table;
}

void TestSynthesisView::init() {
    // Teaching mode, with a ledger for the tests that turn it off.
    m_env = std::make_unique<ui_test::ViewEnvironment>(ui_test::ViewEnvironment::Mode::Teaching);
    QVERIFY(m_env->openLedger(m_dir.filePath(QStringLiteral("synthesis.sqlite"))));
    m_view = std::make_unique<SynthesisView>(m_env->context);
    m_view->resize(1500, 950);
    m_env->document.reset(m_adult, kAdult);
}

void TestSynthesisView::cleanup() {
    m_view.reset();
    m_env.reset();
}

bool TestSynthesisView::runAndWait() {
    QSignalSpy finished(m_view->job(), &CoreJob::finished);
    QSignalSpy shown(m_view.get(), &SynthesisView::resultsShown);
    m_view->findChild<QPushButton*>(QStringLiteral("run"))->click();
    if (!finished.wait(kTimeoutMs)) return false;
    return shown.count() == 1;
}

void TestSynthesisView::pick(const QStringList& columns, const QString& method, int seed) {
    for (const QString& c : columns) m_view->domains()->setChecked(c, true);
    ui_test::choose(m_view->findChild<QComboBox*>(QStringLiteral("method")), method);
    m_view->findChild<QCheckBox*>(QStringLiteral("seeded"))->setChecked(true);
    m_view->findChild<QSpinBox*>(QStringLiteral("seed"))->setValue(seed);
}

void TestSynthesisView::mstMatchesCoreAndShowsItsTvd() {
    pick({"age", "sex", "race", "salary-class"}, QStringLiteral("mst"), 7);
    m_view->domains()->setField(QStringLiteral("age"), DomainTable::Lower, QStringLiteral("17"));
    m_view->domains()->setField(QStringLiteral("age"), DomainTable::Upper, QStringLiteral("90"));
    m_view->domains()->setField(QStringLiteral("age"), DomainTable::Bins, QStringLiteral("8"));
    QVERIFY(runAndWait());
    const SynthesisResult* r = m_view->results()->result();
    QVERIFY(r);
    QCOMPARE(r->release.table.rowCount(), m_adult.rowCount());
    QCOMPARE(m_view->results()->preview()->model()->columnCount(), 4);
    QVERIFY(!m_view->releaseButton()->isEnabled());  // teaching mode: nothing to bundle

    // Core on the same request (teaching gate, seed 7) gives the same synthetic codes.
    const auto& domains = r->syntheticPlan.domains;
    QCOMPARE(domains.size(), std::size_t(4));
    QCOMPARE(domains[1].column, std::string("age"));  // the table's order: sex, age, race, salary-class
    QCOMPARE(domains[1].bins, std::size_t(8));
    synth::SynthRequest request;
    request.method = "mst";
    request.setCommon(1.0, 0, 1e-9);
    dp::ReleaseGate gate = dp::ReleaseGate::teaching(7);
    auto core = synth::releaseSynthetic(gate, m_adult, domains, request);
    QVERIFY2(core, core ? "" : core.status().message().c_str());
    QVERIFY(core->codes.codes == r->release.codes.codes);

    // The TVDs shown are core's marginal distance on the real and synthetic codes.
    auto real = synth::discretize(m_adult, domains);
    QVERIFY(real);
    const QString shown = m_view->results()->evaluationLabel()->text();
    QVERIFY2(shown.contains(QStringLiteral("not private")), qPrintable(shown));
    for (std::size_t way = 1; way <= 3; ++way) {
        auto tvd = synth::teachingMarginalTvd(real->table, core->codes, way);
        QVERIFY(tvd);
        const QRegularExpression re(QStringLiteral("Average %1-way marginal TVD: <b>([0-9.]+)</b>").arg(way));
        const auto m = re.match(shown);
        QVERIFY2(m.hasMatch(), qPrintable(shown));
        QCOMPARE(m.captured(1), QString::number(tvd->averageTvd, 'f', 4));
        QCOMPARE(r->evaluation->tvd[way - 1].averageTvd, tvd->averageTvd);
    }
    QVERIFY2(shown.contains(QStringLiteral("Accuracy on salary-class")), qPrintable(shown));
    QVERIFY(m_view->results()->heatMap()->synthetic().size() == 9 * 3);  // sex (2 + other) x age (8 + other)
    ui_test::saveScreenshot(*m_view, QStringLiteral("synthesis-view.png"));
}

void TestSynthesisView::cancelStopsAim() {
    pick({"age", "sex", "race", "marital-status", "education", "native-country", "workclass", "occupation",
          "salary-class"},
         QStringLiteral("aim"), 3);
    QSignalSpy cancelled(m_view->job(), &CoreJob::cancelled);
    QSignalSpy shown(m_view.get(), &SynthesisView::resultsShown);
    m_view->findChild<QPushButton*>(QStringLiteral("run"))->click();
    QVERIFY(m_view->job()->isRunning());
    QSignalSpy progress(m_view->job(), &CoreJob::progressChanged);
    QVERIFY(progress.wait(60000));  // the run has started; AIM on 9 columns takes seconds
    m_view->findChild<QPushButton*>(QStringLiteral("cancel"))->click();
    QVERIFY(cancelled.wait(60000));
    QCOMPARE(shown.count(), 0);
    QVERIFY(!m_view->job()->isRunning());
    QVERIFY(m_view->findChild<QPushButton*>(QStringLiteral("run"))->isEnabled());
}

void TestSynthesisView::releaseIsChargedOnceAndOutdatedOnEdit() {
    m_env->session.setTeaching(false);
    pick({"age", "sex", "salary-class"}, QStringLiteral("mst"), 5);
    m_view->domains()->setField(QStringLiteral("sex"), DomainTable::Categories, QStringLiteral("Male|Female"));
    m_view->domains()->setField(QStringLiteral("salary-class"), DomainTable::Categories, QStringLiteral("<=50K|>50K"));
    QVERIFY(runAndWait());
    QCOMPARE(entries(), 1);
    QVERIFY(m_view->releaseButton()->isEnabled());
    QVERIFY(m_view->results()->evaluationLabel()->text().contains(QStringLiteral("teaching mode only")));
    const QString bundle = m_dir.filePath(QStringLiteral("bundle"));
    QVERIFY2(m_view->releaseTo(bundle), qPrintable(m_view->statusLabel()->text()));
    QCOMPARE(entries(), 1);  // charged at the run, not again by the bundle
    QVERIFY(QFileInfo::exists(bundle + QStringLiteral("/adult-synthetic.csv")));
    QVERIFY(QFileInfo::exists(bundle + QStringLiteral("/manifest.json")));

    // Editing epsilon (as typed) makes the result outdated: Release is off and refuses.
    QLineEdit* eps = m_view->epsilonEdit()->lineEdit();
    eps->setText(QStringLiteral("0.5"));
    Q_EMIT eps->editingFinished();
    QVERIFY(m_view->results()->isOutdated());
    QVERIFY(!m_view->releaseButton()->isEnabled());
    QVERIFY(!m_view->releaseTo(m_dir.filePath(QStringLiteral("bundle2"))));
    QCOMPARE(entries(), 1);
}

// "Fill from data" reads the domain off the data: in release mode the run is refused before any
// charge, as core and the CLI refuse it.
void TestSynthesisView::domainFromDataIsRefusedInReleaseMode() {
    m_env->session.setTeaching(false);
    const int before = entries();  // the ledger is the session's, shared by the test functions
    pick({"age", "sex"}, QStringLiteral("mst"), 5);
    m_view->findChild<QPushButton*>(QStringLiteral("fill-from-data"))->click();
    QSignalSpy shown(m_view.get(), &SynthesisView::resultsShown);
    m_view->findChild<QPushButton*>(QStringLiteral("run"))->click();
    QVERIFY(!m_view->job()->isRunning());
    QVERIFY2(m_view->statusLabel()->text().contains(QStringLiteral("read off the data")),
             qPrintable(m_view->statusLabel()->text()));
    QCOMPARE(entries(), before);
    QCOMPARE(shown.count(), 0);
    QVERIFY(!m_view->releaseButton()->isEnabled());
    // Editing the bins, or one bound, leaves the data's extremes in place: still refused.
    DomainTable* domains = m_view->domains();
    domains->setField(QStringLiteral("age"), DomainTable::Bins, QStringLiteral("7"));
    domains->setField(QStringLiteral("age"), DomainTable::Lower, QStringLiteral("0"));
    QVERIFY(domains->fromDataColumns().contains(QStringLiteral("age")));
    m_view->findChild<QPushButton*>(QStringLiteral("run"))->click();
    QVERIFY(!m_view->job()->isRunning());
    QCOMPARE(entries(), before);
    // Both bounds and the categories declared: no longer read off the data.
    domains->setField(QStringLiteral("age"), DomainTable::Upper, QStringLiteral("100"));
    domains->setField(QStringLiteral("sex"), DomainTable::Categories, QStringLiteral("Male|Female"));
    QVERIFY2(domains->fromDataColumns().isEmpty(), qPrintable(domains->fromDataColumns().join(',')));
}

// An edit while the run is going: the result (already charged) is shown, but outdated, and Release
// stays off.
void TestSynthesisView::editDuringRunShowsTheResultOutdated() {
    m_env->session.setTeaching(false);
    const int before = entries();
    pick({"age", "sex"}, QStringLiteral("mst"), 5);
    m_view->domains()->setField(QStringLiteral("sex"), DomainTable::Categories, QStringLiteral("Male|Female"));
    QSignalSpy finished(m_view->job(), &CoreJob::finished);
    QSignalSpy shown(m_view.get(), &SynthesisView::resultsShown);
    m_view->findChild<QPushButton*>(QStringLiteral("run"))->click();
    QVERIFY(m_view->job()->isRunning());
    QLineEdit* eps = m_view->epsilonEdit()->lineEdit();
    eps->setText(QStringLiteral("0.5"));
    Q_EMIT eps->editingFinished();
    QVERIFY(finished.wait(kTimeoutMs));
    QCOMPARE(shown.count(), 1);
    QCOMPARE(entries(), before + 1);
    QVERIFY(m_view->results()->isOutdated());
    QVERIFY(!m_view->releaseButton()->isEnabled());
    QVERIFY(!m_view->releaseTo(m_dir.filePath(QStringLiteral("bundle"))));
}

// Each edit of the settings is one step of the document's undo stack: a column checked, a bound
// typed, epsilon typed; undo takes them back in order, redo replays them.
void TestSynthesisView::settingsEditsAreUndoable() {
    QUndoStack* stack = m_env->document.undoStack();
    QCOMPARE(stack->count(), 0);
    auto age = [this](const char* key) { return m_view->domains()->state()["age"][key]; };
    m_view->domains()->setChecked(QStringLiteral("age"), true);
    m_view->domains()->setField(QStringLiteral("age"), DomainTable::Lower, QStringLiteral("17"));
    QLineEdit* eps = m_view->epsilonEdit()->lineEdit();
    eps->setText(QStringLiteral("0.5"));
    Q_EMIT eps->editingFinished();
    QCOMPARE(stack->count(), 3);
    QCOMPARE(m_view->epsilonEdit()->value(), 0.5);
    stack->undo();
    QCOMPARE(m_view->epsilonEdit()->value(), 1.0);
    QCOMPARE(age("lower").get<std::string>(), std::string("17"));
    stack->undo();
    QCOMPARE(age("lower").get<std::string>(), std::string("0"));
    QVERIFY(age("checked").get<bool>());
    stack->undo();
    QVERIFY(!age("checked").get<bool>());
    QCOMPARE(stack->count(), 3);  // undo adds no step of its own
    for (int i = 0; i < 3; ++i) stack->redo();
    QVERIFY(age("checked").get<bool>());
    QCOMPARE(age("lower").get<std::string>(), std::string("17"));
    QCOMPARE(m_view->epsilonEdit()->value(), 0.5);
    QVERIFY(m_view->results()->isOutdated() || !m_view->results()->result());
}

QTEST_MAIN(TestSynthesisView)
#include "tst_synthesis_view.moc"
