// The Ledger view offscreen over a temporary ledger file: open it by path, set a budget through
// the form, run a release in the Mechanisms view (both share the window's ReleaseSession: Run is
// the charge) and see the entry and the spent/remaining figures at once; a release over budget is
// refused and leaves no entry; a Gaussian release shows its rho.
// Both item models run under QAbstractItemModelTester. Figures by hand: budget 1.0, one release
// at epsilon 0.4 -> spent 0.4, remaining 0.6, 40% used.
#include "ui_test_support.h"
#include "document/document.h"
#include "views/ledger/budget_model.h"
#include "views/ledger/ledger_entry_model.h"
#include "views/ledger/ledger_view.h"
#include "jobs/core_job.h"
#include "panels/dp_parameters.h"
#include "views/mechanisms/mechanisms_view.h"
#include "workbench/job_monitor.h"
#include "workbench/release_session.h"
#include "workbench/workbench_context.h"

#include "veil/release/release_bundle.h"
#include "veil/table/csv_reader.h"

#include <QAbstractItemModelTester>
#include <QDoubleSpinBox>
#include <QLabel>
#include <QLineEdit>
#include <QProgressBar>
#include <QPushButton>
#include <QSignalSpy>
#include <QTableView>
#include <QTemporaryDir>
#include <QTest>
#include <QUndoStack>

#include <memory>

using namespace veil;
using namespace veil::ui;

using ui_test::saveScreenshot;

namespace {
const QString kAdult = QStringLiteral(VEIL_SAMPLES_DIR "/adult.csv");

}  // namespace

class TestLedgerView : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void modelsUnderTester();
    void budgetEntryAndRefusal();
    void badLedgerFileIsReported();
    void checkBundlesRepairs();
};

void TestLedgerView::modelsUnderTester() {
    LedgerEntryModel entries;
    BudgetModel budgets;
    QAbstractItemModelTester t1(&entries, QAbstractItemModelTester::FailureReportingMode::QtTest);
    QAbstractItemModelTester t2(&budgets, QAbstractItemModelTester::FailureReportingMode::QtTest);
    release::LedgerEntry e;
    e.id = 3;
    e.dataset = "adult.csv";
    e.release = "count of age";
    e.epsilon = 0.25;
    entries.setEntries({e, e});
    QCOMPARE(entries.rowCount(), 2);
    QCOMPARE(entries.index(0, LedgerEntryModel::Release).data().toString(), QStringLiteral("count of age"));
    QCOMPARE(entries.index(1, LedgerEntryModel::Epsilon).data(Qt::EditRole).toDouble(), 0.25);
    BudgetRow r;
    r.dataset = "adult.csv";
    r.budgetEpsilon = 2.0;
    r.spentEpsilon = 0.5;
    BudgetRow unlimited;
    unlimited.dataset = "other";
    unlimited.spentEpsilon = 3.0;
    budgets.setRows({r, unlimited});
    QCOMPARE(budgets.index(0, BudgetModel::Remaining).data().toString(), QStringLiteral("1.5"));
    QCOMPARE(budgets.index(0, BudgetModel::Used).data(BudgetModel::FractionRole).toDouble(), 0.25);
    QCOMPARE(budgets.index(1, BudgetModel::Budget).data().toString(), QStringLiteral("no limit"));
    QCOMPARE(budgets.rowOf("other"), 1);
    entries.setEntries({});
    QCOMPARE(entries.rowCount(), 0);
}

void TestLedgerView::budgetEntryAndRefusal() {
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    auto read = readCsvFile(std::string(QFile::encodeName(kAdult).constData()));
    QVERIFY(read.isOk());
    Document document;
    JobMonitor jobs;
    ReleaseSession session;
    WorkbenchContext context{&document, &jobs, nullptr, &session};
    LedgerView ledger(context);
    MechanismsView mechanisms(context);
    ledger.resize(1400, 800);
    QAbstractItemModelTester t1(ledger.entryModel(), QAbstractItemModelTester::FailureReportingMode::QtTest);
    QAbstractItemModelTester t2(ledger.budgetModel(), QAbstractItemModelTester::FailureReportingMode::QtTest);
    document.reset(read->table, kAdult);

    // Open a ledger by typing its path (never the user's default file in a test).
    const QString path = dir.filePath(QStringLiteral("sub/ledger.sqlite"));
    ledger.findChild<QLineEdit*>(QStringLiteral("ledger-path"))->setText(path);
    ledger.findChild<QPushButton*>(QStringLiteral("open-path"))->click();
    QCOMPARE(session.path(), QFileInfo(path).absoluteFilePath());
    QCOMPARE(ledger.findChild<QLineEdit*>(QStringLiteral("budget-dataset"))->text(), QStringLiteral("adult.csv"));
    ledger.findChild<QDoubleSpinBox*>(QStringLiteral("budget-epsilon"))->setValue(1.0);
    ledger.findChild<QDoubleSpinBox*>(QStringLiteral("budget-delta"))->setValue(1e-5);
    ledger.findChild<QPushButton*>(QStringLiteral("set-budget"))->click();
    QCOMPARE(ledger.budgetModel()->rowCount(), 1);
    QCOMPARE(ledger.budgetModel()->index(0, BudgetModel::Budget).data().toString(), QStringLiteral("1"));
    QCOMPARE(ledger.entryModel()->rowCount(), 0);

    // A secure release at epsilon 0.4 from the Mechanisms view: charged by Run, seen at once.
    pushDpParameter(document.undoStack(), mechanisms.parameters(), QStringLiteral("epsilon"), 0.4);
    QSignalSpy shown(&mechanisms, &MechanismsView::resultsShown);
    mechanisms.run();
    QVERIFY(shown.wait(120000));
    QTRY_COMPARE(ledger.entryModel()->rowCount(), 1);
    QCOMPARE(ledger.entryModel()->index(0, LedgerEntryModel::Dataset).data().toString(), QStringLiteral("adult.csv"));
    QCOMPARE(ledger.entryModel()->index(0, LedgerEntryModel::Release).data().toString(),
             QStringLiteral("count of age"));
    QVERIFY(!ledger.entryModel()->index(0, LedgerEntryModel::When).data().toString().isEmpty());
    QCOMPARE(ledger.budgetModel()->index(0, BudgetModel::Spent).data().toString(), QStringLiteral("0.4"));
    QCOMPARE(ledger.budgetModel()->index(0, BudgetModel::Remaining).data().toString(), QStringLiteral("0.6"));
    QCOMPARE(ledger.findChild<QProgressBar*>(QStringLiteral("budget-progress"))->value(), 400);

    // Over budget: 0.4 + 0.7 > 1 is refused with a message; nothing is shown or written.
    pushDpParameter(document.undoStack(), mechanisms.parameters(), QStringLiteral("epsilon"), 0.7);
    QSignalSpy finished(mechanisms.job(), &CoreJob::finished);
    mechanisms.run();
    QVERIFY(finished.wait(120000));
    QCOMPARE(shown.count(), 1);
    const QString status = mechanisms.findChild<QLabel*>(QStringLiteral("status"))->text();
    QVERIFY2(status.startsWith(QStringLiteral("Not released")), qPrintable(status));
    QCOMPARE(ledger.entryModel()->rowCount(), 1);
    QCOMPARE(ledger.budgetModel()->index(0, BudgetModel::Spent).data().toString(), QStringLiteral("0.4"));

    // A Gaussian mean charges rho = eps^2 / (2 ln(1.25/delta)) in zCDP terms as well as (eps, delta).
    pushDpParameter(document.undoStack(), mechanisms.parameters(), QStringLiteral("query"), QStringLiteral("mean"));
    pushDpParameter(document.undoStack(), mechanisms.parameters(), QStringLiteral("mechanism"),
                    QStringLiteral("gaussian"));
    pushDpParameter(document.undoStack(), mechanisms.parameters(), QStringLiteral("epsilon"), 0.3);
    pushDpParameter(document.undoStack(), mechanisms.parameters(), QStringLiteral("delta"), 1e-6);
    mechanisms.run();
    QVERIFY(shown.wait(120000));
    QTRY_COMPARE(ledger.entryModel()->rowCount(), 2);
    QVERIFY(ledger.entryModel()->index(1, LedgerEntryModel::Rho).data(Qt::EditRole).toDouble() > 0.0);

    // A budget below what was spent is refused too.
    ledger.findChild<QDoubleSpinBox*>(QStringLiteral("budget-epsilon"))->setValue(0.1);
    QVERIFY(!ledger.setBudget());
    QVERIFY(!ledger.findChild<QLabel*>(QStringLiteral("ledger-status"))->text().isEmpty());
    saveScreenshot(ledger, QStringLiteral("ledger.png"));
}

void TestLedgerView::badLedgerFileIsReported() {
    QTemporaryDir dir;
    const QString bad = dir.filePath(QStringLiteral("not-a-ledger.sqlite"));
    QFile f(bad);
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write(QByteArray(4096, 'x'));
    f.close();
    Document document;
    JobMonitor jobs;
    ReleaseSession session;
    WorkbenchContext context{&document, &jobs, nullptr, &session};
    LedgerView ledger(context);
    QVERIFY(!ledger.openLedger(bad));
    QVERIFY(
        ledger.findChild<QLabel*>(QStringLiteral("ledger-status"))->text().contains(QStringLiteral("Could not open")));
}

// Check Bundles: a release whose rename a crash interrupted is listed as recoverable, and repaired.
void TestLedgerView::checkBundlesRepairs() {
    QTemporaryDir dir;
    Document document;
    JobMonitor jobs;
    ReleaseSession session;
    QVERIFY(session.open(dir.filePath(QStringLiteral("ledger.sqlite"))).isOk());
    WorkbenchContext context{&document, &jobs, nullptr, &session};
    LedgerView ledger(context);
    release::ReleaseOutcome o;
    o.kind = "anonymization";
    o.title = "test";
    o.datasetKey = "people.csv";
    o.files.push_back({"people-anonymized.csv", "x\n*\n", "text/csv"});
    const std::string out = dir.filePath(QStringLiteral("bundle")).toStdString();
    auto crashed = session.withLedger([&](release::PrivacyLedger& l) {
        release::BundleOptions opt;
        opt.ledger = &l;
        opt.outputDir = out;
        opt.crashPoint = release::BundleOptions::CrashPoint::AfterLedgerCommitted;
        return release::writeReleaseBundle(o, opt);
    });
    QVERIFY(!crashed);
    auto listed = ledger.checkBundles(false);
    QVERIFY(listed);
    QCOMPARE(int(listed->size()), 1);
    QVERIFY(listed->front().state.rfind("recoverable", 0) == 0);
    QVERIFY(!QFileInfo::exists(QString::fromStdString(out)));
    auto fixed = ledger.checkBundles(true);
    QVERIFY(fixed);
    QCOMPARE(fixed->front().action, std::string("completed"));
    QVERIFY(QFileInfo::exists(QString::fromStdString(out + "/manifest.json")));
}

QTEST_MAIN(TestLedgerView)
#include "tst_ledger_view.moc"
