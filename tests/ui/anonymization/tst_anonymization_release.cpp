// Release… from the Anonymize view, offscreen: the view runs 5-anonymity on the
// adult sample (5 quasi-identifiers, ARX's hierarchies), writes a release
// bundle (folder and .zip) and the test reads it back: manifest fields
// (syntactic: epsilon 0, nothing spent on the budget), the CSV against the
// view's anonymized table cell by cell, the report, the ledger entry; the
// bundle's plan.json rerun by core's runReleasePlan (what `veil-cli release`
// does) gives the same CSV byte for byte, also for a lattice node the user
// applied; a simulated crash between the bundle and the ledger writes leaves
// neither (or, after recovery, both).
#include "adult_fixture.h"
#include "view_environment.h"
#include "document/document.h"
#include "views/anonymization/anonymization_state.h"
#include "views/anonymization/anonymization_view.h"
#include "views/anonymization/class_tint_proxy_model.h"
#include "views/anonymization/groups_page.h"
#include "views/anonymization/hierarchy_editor.h"
#include "views/release/view_release.h"
#include "workbench/job_monitor.h"
#include "workbench/release_session.h"
#include "workbench/workbench_context.h"

#include "veil/common/random.h"
#include "veil/io/hash.h"
#include "veil/release/release_plan.h"
#include "veil/release/release_runner.h"
#include "veil/table/csv_reader.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QLabel>
#include <QPushButton>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

#include <nlohmann/json.hpp>

#include <memory>

using namespace veil;
using namespace veil::ui;
using adult_fixture::kAdult;
using adult_fixture::kRunTimeoutMs;
using CrashPoint = release::BundleOptions::CrashPoint;

namespace {

QByteArray slurp(const QString& path) {
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

nlohmann::json manifestOf(const QString& dir) {
    return nlohmann::json::parse(slurp(dir + QStringLiteral("/manifest.json")).toStdString(), nullptr, false);
}

// Hidden partial bundles (".NAME.partial-N") left in `dir`.
// (A zip's partial has its marker file ".NAME.partial-TOKEN.veil" beside it: one partial.)
int partials(const QString& dir) {
    int n = 0;
    for (const QString& name : QDir(dir).entryList({QStringLiteral(".*partial-*")}, QDir::AllEntries | QDir::Hidden))
        n += name.endsWith(QLatin1String(".veil")) ? 0 : 1;
    return n;
}

// With VEIL_SCREENSHOT_DIR set, keeps a copy of the bundle to look at (and to
// rerun its plan.json with veil-cli):
// VEIL_SCREENSHOT_DIR/anonymization-bundle/.
void keepBundle(const QString& bundleDir) {
    const QString dir = qEnvironmentVariable("VEIL_SCREENSHOT_DIR");
    if (dir.isEmpty()) return;
    QDir copy(dir + QStringLiteral("/anonymization-bundle"));
    copy.removeRecursively();
    QDir().mkpath(copy.path());
    for (const QString& name : QDir(bundleDir).entryList(QDir::Files))
        QFile::copy(bundleDir + QLatin1Char('/') + name, copy.filePath(name));
}

}  // namespace

class TestAnonymizationRelease : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void init();
    void cleanup();
    void releaseNeedsAResult();
    void releasesBundleToFolderAndZip();
    void bundlePlanRerunsToTheSameCsv_data();
    void bundlePlanRerunsToTheSameCsv();
    void crashBetweenWritesLeavesNeitherOrBoth();

private:
    bool runAndWait();
    std::vector<release::LedgerEntry> ledgerEntries() {
        auto e = m_env->session.withLedger([](release::PrivacyLedger& l) { return l.entries("adult.csv"); });
        return e ? *e : std::vector<release::LedgerEntry>{};
    }
    int entries() { return int(ledgerEntries().size()); }

    Table m_adult;
    std::unique_ptr<QTemporaryDir> m_dir;
    std::unique_ptr<ui_test::ViewEnvironment> m_env;  // document, jobs, session and their context
    std::unique_ptr<AnonymizationView> m_view;
};

void TestAnonymizationRelease::initTestCase() {
    m_adult = adult_fixture::adultWithRoles();
    QVERIFY(m_adult.rowCount() > 0);
}

void TestAnonymizationRelease::init() {
    m_dir = std::make_unique<QTemporaryDir>();
    QVERIFY(m_dir->isValid());
    // Never the user's ledger: a fresh file for each test.
    m_env = std::make_unique<ui_test::ViewEnvironment>(ui_test::ViewEnvironment::Mode::Release);
    QVERIFY(m_env->openLedger(m_dir->filePath(QStringLiteral("ledger.sqlite"))));
    m_view = std::make_unique<AnonymizationView>(m_env->context);
    m_view->resize(1280, 760);
    m_env->document.reset(m_adult, kAdult);
    m_view->hierarchyEditor()->loadBundledHierarchies();
}

void TestAnonymizationRelease::cleanup() {
    setViewReleaseCrashPointForTesting(CrashPoint::None);
    m_view.reset();
    m_env.reset();
}

bool TestAnonymizationRelease::runAndWait() { return adult_fixture::runAndWait(*m_view); }

void TestAnonymizationRelease::releaseNeedsAResult() {
    QVERIFY(!m_view->releaseButton()->isEnabled());
    const QString dir = m_dir->filePath(QStringLiteral("nothing"));
    QVERIFY(!m_view->releaseTo(dir));
    QVERIFY(!QFileInfo::exists(dir));
    QVERIFY(m_view->statusLabel()->text().contains(QStringLiteral("Nothing to release")));
    QCOMPARE(entries(), 0);
}

void TestAnonymizationRelease::releasesBundleToFolderAndZip() {
    QVERIFY(m_env->session.setBudget("adult.csv", {1.0, 0.0}).isOk());
    QVERIFY(runAndWait());
    QVERIFY(m_view->releaseButton()->isEnabled());
    const AnonymizationRun& run = *m_view->state()->run();
    const auto& r = run.result;
    QVERIFY(r.found);
    const QString dir = m_dir->filePath(QStringLiteral("adult-k5"));
    QVERIFY2(m_view->releaseTo(dir), qPrintable(m_view->statusLabel()->text()));

    const nlohmann::json m = manifestOf(dir);
    QVERIFY2(!m.is_discarded(), "manifest.json does not parse");
    for (const char* key : {"title", "kind", "created", "veil_version", "input", "plan", "files", "privacy", "budget",
                            "randomness", "guarantee", "mechanism", "summary"})
        QVERIFY2(m.contains(key), key);
    QCOMPARE(m["kind"].get<std::string>(), std::string("anonymization"));
    QCOMPARE(m["mechanism"].get<std::string>(), std::string("optimal full-domain generalization"));
    // Syntactic: no epsilon spent, no neighbouring notion, and the budget is
    // untouched (1 - 0).
    QCOMPARE(m["privacy"]["epsilon"].get<double>(), 0.0);
    QVERIFY(m["privacy"]["neighbouring"].is_null());
    QCOMPARE(m["privacy"]["model"].get<std::string>(), std::string("syntactic"));
    QCOMPARE(m["budget"]["remaining_epsilon"].get<double>(), 1.0);
    QCOMPARE(m["randomness"]["policy"].get<std::string>(), std::string("secure"));
    QCOMPARE(m["input"]["dataset"].get<std::string>(), std::string("adult.csv"));
    QVERIFY(m["input"]["fingerprint"].get<std::string>().rfind("hmac-sha256:", 0) == 0);
    QVERIFY(m.dump().find(*sha256FileHex(kAdult.toStdString())) == std::string::npos);
    // The key numbers are the view's result.
    const auto& s = m["summary"];
    QCOMPARE(s["k"].get<int>(), 5);
    QCOMPARE(s["models"].get<std::string>(), std::string("5-anonymity"));
    QCOMPARE(s["records"].get<std::size_t>(), m_adult.rowCount());
    QCOMPARE(s["suppressed"].get<std::size_t>(), r.suppressed);
    QCOMPARE(s["classes"].get<std::size_t>(), r.classes.keptClasses());
    QCOMPARE(s["min_class_size"].get<std::size_t>(), r.classes.minKeptClassSize());
    QVERIFY(s["min_class_size"].get<std::size_t>() >= 5);
    QCOMPARE(s["transformation"].size(), std::size_t(5));
    for (std::size_t i = 0; i < r.quasiIdentifiers.size(); ++i)
        QCOMPARE(s["transformation"][r.quasiIdentifiers[i]].get<int>(), r.transformation[i]);
    QCOMPARE(s["risk_before"]["prosecutor_max"].get<double>(), r.riskBefore.prosecutorMax);
    QVERIFY(s["risk_after"]["prosecutor_max"].get<double>() <= 0.2 + 1e-12);  // 1/k
    // The plan is the view's settings.
    const auto& plan = m["plan"];
    QCOMPARE(plan["kind"].get<std::string>(), std::string("anonymization"));
    QCOMPARE(plan["k"].get<int>(), 5);
    QCOMPARE(plan["algorithm"].get<std::string>(), std::string("optimal"));
    QCOMPARE(plan["sensitive"].get<std::string>(), std::string("occupation"));
    QCOMPARE(plan["quasi_identifiers"].size(), std::size_t(5));
    QCOMPARE(plan["hierarchies"].size(), std::size_t(5));
    QVERIFY(!plan.contains("transformation"));  // searched, not chosen by hand

    // The CSV is the view's anonymized table, cell by cell (adult.csv is
    // ';'-separated: so is the release).
    const QString csvPath = dir + QStringLiteral("/adult-anonymized.csv");
    auto released = readCsvFile(csvPath.toStdString());
    QVERIFY2(released.isOk(), released.status().message().c_str());
    QCOMPARE(released->delimiter, ';');
    const Table& shown = r.output;
    QCOMPARE(released->table.rowCount(), shown.rowCount());
    QCOMPARE(released->table.columnCount(), shown.columnCount());
    for (std::size_t c = 0; c < shown.columnCount(); ++c) {
        QCOMPARE(released->table.column(c).name(), shown.column(c).name());
        for (std::size_t row = 0; row < shown.rowCount(); ++row)
            if (released->table.column(c).toString(row) != shown.column(c).toString(row))
                QFAIL(qPrintable(QStringLiteral("cell %1,%2 differs").arg(row).arg(c)));
    }
    // ... which is also what the Groups page shows.
    QCOMPARE(m_view->groupsPage()->releasedModel()->index(0, 1).data().toString(),
             QString::fromStdString(released->table.column(1).toString(0)));
    // The file's hash in the manifest.
    QCOMPARE(m["files"][0]["name"].get<std::string>(), std::string("adult-anonymized.csv"));
    QCOMPARE(m["files"][0]["sha256"].get<std::string>(), sha256Hex(slurp(csvPath).toStdString()));

    QVERIFY(slurp(dir + QStringLiteral("/report.pdf")).startsWith("%PDF"));
    const QByteArray html = slurp(dir + QStringLiteral("/report.html"));
    QVERIFY(html.contains("Equivalence class sizes"));  // the view's chart, as a figure
    QVERIFY(html.contains("prosecutor"));
    QVERIFY(html.contains("<svg"));
    keepBundle(dir);

    // One ledger entry, epsilon 0, as `veil-cli release` records an anonymization
    // plan.
    QCOMPARE(entries(), 1);
    const auto entry = ledgerEntries().front();
    QCOMPARE(entry.epsilon, 0.0);
    QCOMPARE(entry.neighbouring, std::string("none (syntactic)"));
    QVERIFY(m_view->statusLabel()->text().contains(QStringLiteral("ledger entry %1").arg(entry.id)));

    // The same result as a zip: the same release (same entry), the same CSV
    // bytes.
    const QString zip = m_dir->filePath(QStringLiteral("adult-k5.zip"));
    QVERIFY(m_view->releaseTo(zip));
    const QByteArray zipBytes = slurp(zip);
    QVERIFY(zipBytes.startsWith("PK\x03\x04"));
    for (const char* name : {"adult-anonymized.csv", "plan.json", "manifest.json", "report.html", "report.pdf"})
        QVERIFY2(zipBytes.contains(name), name);
    QCOMPARE(entries(), 1);
    auto spent = m_env->session.withLedger([](release::PrivacyLedger& l) { return l.spent("adult.csv"); });
    QCOMPARE(spent->epsilon, 0.0);
    QCOMPARE(partials(m_dir->path()), 0);
    // An existing destination is refused, with nothing recorded.
    QVERIFY(!m_view->releaseTo(dir));
    QVERIFY(m_view->statusLabel()->text().contains(QStringLiteral("already exists")));
}

void TestAnonymizationRelease::bundlePlanRerunsToTheSameCsv_data() {
    QTest::addColumn<bool>("applyTop");
    QTest::newRow("searched-optimum") << false;
    QTest::newRow("applied-top-node") << true;
}

void TestAnonymizationRelease::bundlePlanRerunsToTheSameCsv() {
    QFETCH(bool, applyTop);
    QVERIFY(runAndWait());
    if (applyTop) {
        // The top node generalizes every QI to "*": not the optimum, so a plan that
        // dropped the chosen node would rerun to a different table.
        const std::vector<int> top = m_view->state()->searchLattice().maxLevels();
        QVERIFY(top != m_view->state()->run()->result.transformation);
        QSignalSpy done(m_view->state(), &AnonymizationState::runChanged);
        m_view->applyTransformation(top);
        QVERIFY(done.wait(kRunTimeoutMs) || done.count() == 1);
        QCOMPARE(m_view->state()->run()->result.transformation, top);
    }
    const QString dir = m_dir->filePath(QStringLiteral("bundle"));
    QVERIFY2(m_view->releaseTo(dir), qPrintable(m_view->statusLabel()->text()));
    QCOMPARE(manifestOf(dir)["plan"].contains("transformation"), applyTop);
    // What `veil-cli release BUNDLE/plan.json` runs: the plan file with its
    // hierarchy files.
    auto plan = release::loadReleasePlan((dir + QStringLiteral("/plan.json")).toStdString());
    QVERIFY2(plan.isOk(), plan.status().message().c_str());
    // A syntactic plan spends nothing: a teaching gate is enough to run it here.
    dp::ReleaseGate gate = dp::ReleaseGate::teaching(1);
    auto rerun = release::runReleasePlan(*plan, gate);
    QVERIFY2(rerun.isOk(), rerun.status().message().c_str());
    QCOMPARE(rerun->files.front().fileName, std::string("adult-anonymized.csv"));
    const QByteArray csv = slurp(dir + QStringLiteral("/adult-anonymized.csv"));
    QVERIFY(!csv.isEmpty());
    QVERIFY2(rerun->files.front().contents == csv.toStdString(), "the rerun plan released another table");
    QVERIFY(rerun->summary["suppressed"] == manifestOf(dir)["summary"]["suppressed"]);
}

void TestAnonymizationRelease::crashBetweenWritesLeavesNeitherOrBoth() {
    QVERIFY(runAndWait());
    // A crash after the bundle was written but before the ledger: neither is
    // there.
    setViewReleaseCrashPointForTesting(CrashPoint::AfterPartialWritten);
    const QString first = m_dir->filePath(QStringLiteral("first.zip"));
    QVERIFY(!m_view->releaseTo(first));
    QVERIFY(!QFileInfo::exists(first));
    QCOMPARE(entries(), 0);
    // A crash after the ledger entry, before the rename: the entry is kept and
    // the next release (which recovers interrupted bundles first) puts the bundle
    // in place: both.
    setViewReleaseCrashPointForTesting(CrashPoint::AfterLedgerCommitted);
    const QString second = m_dir->filePath(QStringLiteral("second"));
    QVERIFY(!m_view->releaseTo(second));
    QVERIFY(!QFileInfo::exists(second));
    QCOMPARE(entries(), 1);
    setViewReleaseCrashPointForTesting(CrashPoint::None);
    const QString third = m_dir->filePath(QStringLiteral("third"));
    QVERIFY(m_view->releaseTo(third));
    QVERIFY(QFileInfo::exists(second + QStringLiteral("/manifest.json")));  // recovered
    QVERIFY(QFileInfo::exists(third + QStringLiteral("/manifest.json")));
    QVERIFY(!QFileInfo::exists(first));
    QCOMPARE(entries(), 2);
    QCOMPARE(partials(m_dir->path()),
             1);  // first's partial: never recorded, stays hidden
}

QTEST_MAIN(TestAnonymizationRelease)
#include "tst_anonymization_release.moc"
