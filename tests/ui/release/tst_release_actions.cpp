// Projects and releases in the window: a project remembers the dataset, its roles and the view;
// a damaged project is refused and left untouched; a release plan run from the window writes a
// bundle with manifest, HTML and PDF report, recorded in the project's ledger.
#include "document/document.h"
#include "views/release/project_session.h"
#include "views/release/release_actions.h"
#include "workbench/job_monitor.h"
#include "workbench/release_session.h"

#include "veil/release/privacy_ledger.h"
#include "veil/table/csv_reader.h"

#include <QSignalSpy>
#include <QTabWidget>
#include <QTemporaryDir>
#include <QtTest>

using namespace veil;
using namespace veil::ui;

class TestReleaseActions : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void projectRemembersRolesAndView();
    void damagedProjectIsRefusedAndUntouched();
    void runPlanWritesBundleIntoProjectLedger();
    void runPlanIsRefusedInTeachingMode();
};

namespace {
Table adult() {
    auto r = readCsvFile(VEIL_SAMPLES_DIR "/adult.csv");
    return r.isOk() ? r->table : Table();
}
}  // namespace

void TestReleaseActions::projectRemembersRolesAndView() {
    QTemporaryDir tmp;
    const QString project = tmp.filePath("p.veil");
    {
        Document doc;
        doc.reset(adult(), QStringLiteral(VEIL_SAMPLES_DIR "/adult.csv"));
        ProjectSession session(&doc);
        QVERIFY(session.create(project).isOk());
        doc.setColumnRole(1, AttributeRole::QuasiIdentifier);  // autosaved
        doc.setColumnRole(7, AttributeRole::Sensitive);
        QVERIFY(session.saveUiState("view", "anonymize").isOk());
    }
    Document doc;
    ProjectSession session(&doc);
    QString dataset;
    int state = -1;
    QVERIFY(session.open(project, &dataset, &state).isOk());
    QCOMPARE(state, 0);
    QVERIFY(dataset.endsWith("adult.csv"));
    doc.reset(adult(), dataset);  // what the window's loader does; the session restores the roles
    QCOMPARE(doc.table().role(1), AttributeRole::QuasiIdentifier);
    QCOMPARE(doc.table().role(7), AttributeRole::Sensitive);
    QCOMPARE(doc.table().role(0), AttributeRole::Insensitive);
    QCOMPARE(session.uiState("view"), QString("anonymize"));
}

void TestReleaseActions::damagedProjectIsRefusedAndUntouched() {
    QTemporaryDir tmp;
    const QString project = tmp.filePath("bad.veil");
    QFile f(project);
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write("definitely not a project");
    f.close();
    Document doc;
    ProjectSession session(&doc);
    const Status s = session.open(project, nullptr, nullptr);
    QVERIFY(!s.isOk());
    QVERIFY(!session.isOpen());
    QVERIFY(f.open(QIODevice::ReadOnly));
    QCOMPARE(f.readAll(), QByteArray("definitely not a project"));
}

void TestReleaseActions::runPlanWritesBundleIntoProjectLedger() {
    QTemporaryDir tmp;
    QWidget window;
    QTabWidget tabs;
    Document doc;
    JobMonitor jobs;
    ReleaseSession release;
    ReleaseActions actions(&window, &doc, &jobs, &release, &tabs, [](const QString&) {});
    QVERIFY(actions.session()->create(tmp.filePath("p.veil")).isOk());
    QCOMPARE(release.path(), tmp.filePath("p.veil"));  // the session charges the project's ledger
    QSignalSpy finished(&actions, &ReleaseActions::releaseFinished);
    QSignalSpy ledgerChanged(&release, &ReleaseSession::ledgerChanged);
    QSignalSpy busy(&jobs, &JobMonitor::busyChanged);
    const QString bundle = tmp.filePath("bundle");
    actions.runPlan(QStringLiteral(VEIL_SAMPLES_DIR "/../../docs/examples/adult-age-mean-plan.json"), bundle);
    QTRY_COMPARE_WITH_TIMEOUT(finished.count(), 1, 120000);
    QCOMPARE(finished.at(0).at(1).toString(), QString());
    QVERIFY(busy.count() >= 2);  // begin and end were shown in the status bar
    for (const char* name : {"manifest.json", "report.html", "report.pdf"})
        QVERIFY2(QFile::exists(bundle + "/" + QLatin1String(name)), name);
    QFile pdf(bundle + "/report.pdf");
    QVERIFY(pdf.open(QIODevice::ReadOnly));
    QVERIFY(pdf.read(5) == "%PDF-");
    auto entries = actions.session()->ledger()->entries();
    QVERIFY(entries.isOk());
    QCOMPARE(int(entries->size()), 1);
    QCOMPARE((*entries)[0].epsilon, 0.5);
    // The window's session saw the charge at once (the Ledger view listens to it): finding 3.
    QTRY_VERIFY(ledgerChanged.count() >= 1);
    auto spent = release.withLedger([](release::PrivacyLedger& l) { return l.spent("adult.csv"); });
    QVERIFY(spent.isOk());
    QCOMPARE(spent->epsilon, 0.5);
}

void TestReleaseActions::runPlanIsRefusedInTeachingMode() {
    QTemporaryDir tmp;
    QWidget window;
    QTabWidget tabs;
    Document doc;
    JobMonitor jobs;
    ReleaseSession release;
    QVERIFY(release.open(tmp.filePath("ledger.sqlite")).isOk());
    release.setTeaching(true);
    ReleaseActions actions(&window, &doc, &jobs, &release, &tabs, [](const QString&) {});
    QSignalSpy finished(&actions, &ReleaseActions::releaseFinished);
    const QString bundle = tmp.filePath("bundle");
    actions.runPlan(QStringLiteral(VEIL_SAMPLES_DIR "/../../docs/examples/adult-age-mean-plan.json"), bundle);
    QTRY_COMPARE_WITH_TIMEOUT(finished.count(), 1, 120000);
    QVERIFY2(finished.at(0).at(1).toString().contains(QStringLiteral("teaching")),
             qPrintable(finished.at(0).at(1).toString()));
    QVERIFY(!QFile::exists(bundle));
    auto entries = release.withLedger([](release::PrivacyLedger& l) { return l.entries(); });
    QCOMPARE(int(entries->size()), 0);
}

QTEST_MAIN(TestReleaseActions)
#include "tst_release_actions.moc"
