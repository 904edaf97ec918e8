// Release… from the Mechanisms, Spatial and Graph views, offscreen, in release mode: each view
// runs (Run is the charge: one ledger entry per answer shown, before it is drawn), writes a
// release bundle (folder and .zip) and the test reads it back: manifest fields, the released data
// against what the view shows, report.pdf, the ledger entry it names (bundling spends nothing
// more, however often) and the remaining budget. Core's failure-injection hook
// (BundleOptions::CrashPoint, via setViewReleaseCrashPointForTesting) simulates a crash while the
// bundle is written: the expense is kept, the bundle is not in place, and Release… again writes
// it without a second charge. Teaching results are never bundled.
#include "ui_test_support.h"
#include "view_environment.h"
#include "document/document.h"
#include "jobs/core_job.h"
#include "views/graph/graph_view.h"
#include "views/graph/release_model.h"
#include "views/graph/release_panel.h"
#include "panels/dp_parameters.h"
#include "views/mechanisms/mechanism_result_panel.h"
#include "views/mechanisms/mechanisms_view.h"
#include "views/release/view_release.h"
#include "views/spatial/spatial_parameters.h"
#include "views/spatial/spatial_view.h"
#include "workbench/job_monitor.h"
#include "workbench/release_session.h"
#include "workbench/workbench_context.h"

#include "veil/io/hash.h"
#include "veil/table/csv_reader.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDir>
#include <QFile>
#include <QLabel>
#include <QPushButton>
#include <QSignalSpy>
#include <QSlider>
#include <QTabWidget>
#include <QTableView>
#include <QTemporaryDir>
#include <QTest>
#include <QUndoStack>

#include <nlohmann/json.hpp>

#include <cmath>
#include <functional>

using namespace veil;
using namespace veil::ui;
using CrashPoint = release::BundleOptions::CrashPoint;

using ui_test::choose;
using ui_test::saveScreenshot;

namespace {

const QString kAdult = QStringLiteral(VEIL_SAMPLES_DIR "/adult.csv");
const QString kKarate = QStringLiteral(VEIL_SAMPLES_DIR "/karate.edges");
const QString kKarateLabels = QStringLiteral(VEIL_SAMPLES_DIR "/karate.labels");
constexpr int kTimeoutMs = 120000;

QByteArray slurp(const QString& path) {
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

nlohmann::json manifestOf(const QString& dir) {
    return nlohmann::json::parse(slurp(dir + QStringLiteral("/manifest.json")).toStdString(), nullptr, false);
}

// With VEIL_SCREENSHOT_DIR set, keeps a copy of a report to look at.
void keepReport(const QString& bundleDir, const QString& name) {
    const QString dir = qEnvironmentVariable("VEIL_SCREENSHOT_DIR");
    if (dir.isEmpty()) return;
    QFile::remove(dir + QLatin1Char('/') + name);
    QFile::copy(bundleDir + QStringLiteral("/report.pdf"), dir + QLatin1Char('/') + name);
    QFile::remove(dir + QLatin1Char('/') + name + QStringLiteral(".html"));
    QFile::copy(bundleDir + QStringLiteral("/report.html"), dir + QLatin1Char('/') + name + QStringLiteral(".html"));
}

// Hidden partial bundles (".NAME.partial-N") left in `dir`.
// (A zip's partial has its marker file ".NAME.partial-TOKEN.veil" beside it: one partial.)
int partials(const QString& dir) {
    int n = 0;
    for (const QString& name : QDir(dir).entryList({QStringLiteral(".*partial-*")}, QDir::AllEntries | QDir::Hidden))
        n += name.endsWith(QLatin1String(".veil")) ? 0 : 1;
    return n;
}

}  // namespace

class TestViewReleases : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void init();
    void cleanup();
    void mechanismsReleaseWritesBundle();
    void mechanismsAnswerIsChargedOnceHoweverBundled();
    void mechanismsSeededReleaseIsMarked();
    void teachingResultsAreNeverBundled();
    void spatialReleaseWritesGeoJson();
    void graphReleaseWritesOneMethod();
    void crashWhileBundlingKeepsTheExpense_data();
    void crashWhileBundlingKeepsTheExpense();

private:
    bool runMechanisms(double epsilon, bool seeded);
    bool runSpatial();
    bool runGraph();
    int entries(const std::string& dataset) {
        auto e = m_env->session.withLedger([&](release::PrivacyLedger& l) { return l.entries(dataset); });
        return e ? int(e->size()) : -1;
    }
    double spentEpsilon(const std::string& dataset) {
        auto s = m_env->session.withLedger([&](release::PrivacyLedger& l) { return l.spent(dataset); });
        return s ? s->epsilon : -1.0;
    }
    // Checks the manifest fields every bundle has.
    void checkManifest(const nlohmann::json& m, const char* kind, double epsilon, const std::string& dataset,
                       const QString& inputPath, bool seeded);

    std::unique_ptr<QTemporaryDir> m_dir;
    std::unique_ptr<ui_test::ViewEnvironment> m_env;  // document, jobs, session and their context
    std::unique_ptr<MechanismsView> m_mechanisms;
    std::unique_ptr<SpatialView> m_spatial;
    std::unique_ptr<GraphView> m_graph;
};

void TestViewReleases::init() {
    m_dir = std::make_unique<QTemporaryDir>();
    QVERIFY(m_dir->isValid());
    // Never the user's ledger: a fresh file for each test.
    m_env = std::make_unique<ui_test::ViewEnvironment>(ui_test::ViewEnvironment::Mode::Release);
    QVERIFY(m_env->openLedger(m_dir->filePath(QStringLiteral("ledger.sqlite"))));
}

void TestViewReleases::cleanup() {
    setViewReleaseCrashPointForTesting(CrashPoint::None);
    m_mechanisms.reset();
    m_spatial.reset();
    m_graph.reset();
    m_env.reset();
}

void TestViewReleases::checkManifest(const nlohmann::json& m, const char* kind, double epsilon,
                                     const std::string& dataset, const QString& inputPath, bool seeded) {
    QVERIFY2(!m.is_discarded(), "manifest.json does not parse");
    for (const char* key : {"title", "kind", "created", "veil_version", "input", "plan", "files", "privacy", "budget",
                            "randomness", "guarantee", "mechanism"})
        QVERIFY2(m.contains(key), key);
    QCOMPARE(QString::fromStdString(m["kind"].get<std::string>()), QString::fromLatin1(kind));
    QCOMPARE(m["privacy"]["epsilon"].get<double>(), epsilon);
    QVERIFY(!m["privacy"]["neighbouring"].is_null());
    QCOMPARE(QString::fromStdString(m["input"]["dataset"].get<std::string>()), QString::fromStdString(dataset));
    // The input is named by the ledger's keyed fingerprint, not by its plain hash.
    QVERIFY(m["input"]["fingerprint"].get<std::string>().rfind("hmac-sha256:", 0) == 0);
    QVERIFY(m.dump().find(*sha256FileHex(inputPath.toStdString())) == std::string::npos);
    QCOMPARE(QString::fromStdString(m["randomness"]["policy"].get<std::string>()),
             seeded ? QStringLiteral("seeded") : QStringLiteral("secure"));
    QVERIFY(m["plan"].is_object() && !m["plan"].empty());
}

bool TestViewReleases::runMechanisms(double epsilon, bool seeded) {
    if (!m_mechanisms) {
        auto read = readCsvFile(kAdult.toStdString());
        if (!read) return false;
        m_mechanisms = std::make_unique<MechanismsView>(m_env->context);
        m_mechanisms->resize(1400, 900);
        m_env->document.reset(read->table, kAdult);
    }
    auto set = [this](const char* key, const QVariant& v) {
        pushDpParameter(m_env->document.undoStack(), m_mechanisms->parameters(), QString::fromLatin1(key), v);
    };
    choose(m_mechanisms->findChild<QComboBox*>(QStringLiteral("column")), QStringLiteral("age"));
    choose(m_mechanisms->findChild<QComboBox*>(QStringLiteral("query")), QStringLiteral("count"));
    choose(m_mechanisms->findChild<QComboBox*>(QStringLiteral("mechanism")), QStringLiteral("laplace"));
    set("epsilon", epsilon);
    set("seeded", seeded);
    set("seed", 11);
    QSignalSpy shown(m_mechanisms.get(), &MechanismsView::resultsShown);
    m_mechanisms->findChild<QPushButton*>(QStringLiteral("run"))->click();
    return shown.wait(kTimeoutMs) || shown.count() == 1;
}

void TestViewReleases::mechanismsReleaseWritesBundle() {
    QVERIFY(m_env->session.setBudget("adult.csv", {1.0, 0.0}).isOk());
    QVERIFY(runMechanisms(0.25, false));
    QCOMPARE(entries("adult.csv"), 1);  // charged by Run, before the answer was drawn
    auto* button = m_mechanisms->findChild<QPushButton*>(QStringLiteral("release-bundle"));
    QVERIFY(button && button->isEnabled());
    const QString dir = m_dir->filePath(QStringLiteral("count-release"));
    QVERIFY2(m_mechanisms->releaseTo(dir),
             qPrintable(m_mechanisms->findChild<QLabel*>(QStringLiteral("status"))->text()));
    const nlohmann::json m = manifestOf(dir);
    checkManifest(m, "dp-query", 0.25, "adult.csv", kAdult, false);
    QCOMPARE(m["budget"]["remaining_epsilon"].get<double>(), 0.75);  // 1 - 0.25
    QCOMPARE(QString::fromStdString(m["privacy"]["neighbouring"].get<std::string>()), QStringLiteral("add-remove"));
    // The released answer is the one shown in panel A, and the true count is not in the bundle.
    const auto data = nlohmann::json::parse(slurp(dir + QStringLiteral("/answers.json")).toStdString());
    const auto& shownRelease = *m_mechanisms->panel(0)->release();
    QCOMPARE(data["answers"][0]["value"].get<double>(), shownRelease.releases[0][0]);
    for (const auto& [key, value] : data["answers"][0].items())  // label, value, interval: no true value
        QVERIFY2(key == "label" || key == "value" || key == "interval", key.c_str());
    QVERIFY(slurp(dir + QStringLiteral("/report.pdf")).startsWith("%PDF"));
    QVERIFY(slurp(dir + QStringLiteral("/report.html")).contains("Released count of age"));
    QVERIFY(slurp(dir + QStringLiteral("/report.html")).contains("The noise added"));  // the view's noise chart
    keepReport(dir, QStringLiteral("mechanisms-report.pdf"));
    saveScreenshot(*m_mechanisms, QStringLiteral("mechanisms_released.png"));
    QCOMPARE(entries("adult.csv"), 1);
    QCOMPARE(spentEpsilon("adult.csv"), 0.25);
    QCOMPARE(m["ledger_entry"].get<std::int64_t>(), *shownRelease.receipt.ledgerEntry);
    QCOMPARE(m["privacy"]["private"].get<bool>(), true);
    QCOMPARE(m["privacy"]["mode"].get<std::string>(), std::string("release"));
    // A new answer released as a zip: a second entry, and what remains is 1 - 0.25 - 0.25.
    QVERIFY(runMechanisms(0.25, false));
    const QString zip = m_dir->filePath(QStringLiteral("count-release-2.zip"));
    QVERIFY(m_mechanisms->releaseTo(zip));
    const QByteArray zipBytes = slurp(zip);
    QVERIFY(zipBytes.startsWith("PK\x03\x04"));
    for (const char* name : {"answers.json", "manifest.json", "report.html", "report.pdf"})
        QVERIFY2(zipBytes.contains(name), name);
    QCOMPARE(entries("adult.csv"), 2);
    QCOMPARE(spentEpsilon("adult.csv"), 0.5);
    QVERIFY(m_mechanisms->findChild<QLabel*>(QStringLiteral("status"))->text().contains(QStringLiteral("0.5")));
    QCOMPARE(partials(m_dir->path()), 0);
}

void TestViewReleases::mechanismsAnswerIsChargedOnceHoweverBundled() {
    QVERIFY(m_env->session.setBudget("adult.csv", {1.0, 0.0}).isOk());
    QVERIFY(runMechanisms(0.4, false));
    QCOMPARE(entries("adult.csv"), 1);
    const QString dir = m_dir->filePath(QStringLiteral("recorded"));
    QVERIFY(m_mechanisms->releaseTo(dir));
    QCOMPARE(entries("adult.csv"), 1);  // bundled, not charged again
    const nlohmann::json m = manifestOf(dir);
    QCOMPARE(m["budget"]["remaining_epsilon"].get<double>(), 0.6);  // 1 - 0.4, once
    auto first = m_env->session.withLedger([](release::PrivacyLedger& l) { return l.entries("adult.csv"); });
    QCOMPARE(m["ledger_entry"].get<std::int64_t>(), first->front().id);
    // Releasing the same answer again (as a zip) still spends nothing.
    QVERIFY(m_mechanisms->releaseTo(m_dir->filePath(QStringLiteral("recorded.zip"))));
    QCOMPARE(entries("adult.csv"), 1);
}

void TestViewReleases::mechanismsSeededReleaseIsMarked() {
    QVERIFY(runMechanisms(0.5, true));
    const QString dir = m_dir->filePath(QStringLiteral("seeded"));
    QVERIFY(m_mechanisms->releaseTo(dir));
    const nlohmann::json m = manifestOf(dir);
    checkManifest(m, "dp-query", 0.5, "adult.csv", kAdult, true);
    QCOMPARE(m["plan"]["seed"].get<int>(), 11);
    QVERIFY(m["randomness"]["source"].get<std::string>().find("seed 11") != std::string::npos);
    QVERIFY(slurp(dir + QStringLiteral("/report.html")).contains("Seeded randomness"));
    const QString status = m_mechanisms->findChild<QLabel*>(QStringLiteral("status"))->text();
    QVERIFY2(status.contains(QStringLiteral("seeded - not for release")), qPrintable(status));
    QCOMPARE(entries("adult.csv"), 1);
    auto recorded = m_env->session.withLedger([](release::PrivacyLedger& l) { return l.entries("adult.csv"); });
    QVERIFY(recorded->front().details["seeded"].get<bool>());
    QCOMPARE(m["privacy"]["private"].get<bool>(), false);  // charged, but a known seed is not private
    QCOMPARE(m["privacy"]["seeded"].get<bool>(), true);
}

void TestViewReleases::teachingResultsAreNeverBundled() {
    m_env->session.setTeaching(true);
    QVERIFY(runMechanisms(0.5, false));
    QVERIFY(!m_mechanisms->findChild<QPushButton*>(QStringLiteral("release-bundle"))->isEnabled());
    const QString dir = m_dir->filePath(QStringLiteral("teaching"));
    QVERIFY(!m_mechanisms->releaseTo(dir));
    QVERIFY(!QFileInfo::exists(dir));
    QCOMPARE(entries("adult.csv"), 0);
    QCOMPARE(partials(m_dir->path()), 0);
}

bool TestViewReleases::runSpatial() {
    const QString path = m_dir->filePath(QStringLiteral("points.csv"));
    QFile file(path);
    if (!file.open(QIODevice::WriteOnly)) return false;
    file.write("x,y\n");
    for (int i = 0; i < 400; ++i)  // a deterministic cloud: 20 x 20 grid points
        file.write(QByteArray::number(i % 20) + ',' + QByteArray::number(i / 20) + '\n');
    file.close();
    auto read = readCsvFile(path.toStdString());
    if (!read) return false;
    m_spatial = std::make_unique<SpatialView>(m_env->context);
    m_spatial->findChild<QCheckBox*>(QStringLiteral("spatial-auto-run"))->setChecked(false);
    m_spatial->resize(1400, 900);
    m_env->document.reset(read->table, path);
    SpatialSettings s = m_spatial->parameters()->settings();
    s.xColumn = QStringLiteral("x");
    s.yColumn = QStringLiteral("y");
    s.domain = spatial::Rect{0, 0, 20, 20};  // declared: a release never reads it off the data
    s.method = "quad";
    s.height = 3;
    s.epsilon = 0.5;
    s.seeded = false;
    m_spatial->parameters()->edit(s, QStringLiteral("test"));
    QSignalSpy done(m_spatial.get(), &SpatialView::resultChanged);
    m_spatial->run();
    return done.wait(kTimeoutMs) || done.count() == 1;
}

void TestViewReleases::spatialReleaseWritesGeoJson() {
    QVERIFY(m_env->session.setBudget("points.csv", {2.0, 0.0}).isOk());
    QVERIFY(runSpatial());
    QCOMPARE(entries("points.csv"), 1);  // charged by Run
    auto* button = m_spatial->findChild<QPushButton*>(QStringLiteral("spatial-release"));
    QTRY_VERIFY(button->isEnabled());
    const QString dir = m_dir->filePath(QStringLiteral("cells"));
    QVERIFY2(m_spatial->releaseTo(dir), qPrintable(m_spatial->statusText()));
    const nlohmann::json m = manifestOf(dir);
    const auto& psd = *m_spatial->result()->psd;
    checkManifest(m, "spatial-decomposition", psd.privacy.epsilon, "points.csv",
                  m_dir->filePath(QStringLiteral("points.csv")), false);
    // Every root-to-leaf path spends the epsilon set (split over levels: equal up to rounding).
    QVERIFY2(std::abs(psd.privacy.epsilon - 0.5) < 1e-12, qPrintable(QString::number(psd.privacy.epsilon, 'g', 17)));
    QVERIFY(std::abs(m["budget"]["remaining_epsilon"].get<double>() - (2.0 - psd.privacy.epsilon)) < 1e-12);
    const auto geo = nlohmann::json::parse(slurp(dir + QStringLiteral("/cells.geojson")).toStdString());
    QCOMPARE(QString::fromStdString(geo["type"].get<std::string>()), QStringLiteral("FeatureCollection"));
    QCOMPARE(geo["features"].size(), psd.leaves.size());
    // A quadtree of height 3 has 4^3 = 64 leaves unless it stopped early; the first feature is the
    // first leaf with its noisy (post-processed) count, and no true count anywhere.
    const auto& first = psd.nodes[std::size_t(psd.leaves.front())];
    QCOMPARE(geo["features"][0]["properties"]["count"].get<double>(), first.estimate);
    QVERIFY(!geo["features"][0]["properties"].contains("trueCount"));
    QCOMPARE(m["summary"]["domain_from_data"].get<bool>(), false);
    QVERIFY(slurp(dir + QStringLiteral("/report.html")).contains("<svg"));  // the cells picture
    keepReport(dir, QStringLiteral("spatial-report.pdf"));
    saveScreenshot(*m_spatial, QStringLiteral("spatial_released.png"));
    QVERIFY(slurp(dir + QStringLiteral("/report.pdf")).startsWith("%PDF"));
    QCOMPARE(entries("points.csv"), 1);
    // The same result as a zip: the same release, not a second charge.
    QVERIFY(m_spatial->releaseTo(m_dir->filePath(QStringLiteral("cells.zip"))));
    QCOMPARE(entries("points.csv"), 1);
    QCOMPARE(spentEpsilon("points.csv"), psd.privacy.epsilon);
    QVERIFY(m_spatial->statusText().contains(QStringLiteral("cells.zip")));
}

bool TestViewReleases::runGraph() {
    m_graph = std::make_unique<GraphView>(m_env->context);
    m_graph->resize(1400, 900);
    QSignalSpy opened(m_graph.get(), &GraphView::graphOpened);
    m_graph->openGraph(kKarate, kKarateLabels);  // the labels file declares the node set (34 nodes)
    if (!(opened.wait(kTimeoutMs) || opened.count() == 1)) return false;
    ReleasePanel* panel = m_graph->releasePanel();
    choose(panel->findChild<QComboBox*>(QStringLiteral("releaseStatistic")), QStringLiteral("edges"));
    choose(panel->findChild<QComboBox*>(QStringLiteral("releasePrivacy")), QStringLiteral("edge"));
    panel->findChild<QSlider*>(QStringLiteral("releaseEpsilon"))->setValue(ReleasePanel::sliderPosition(0.5));
    QSignalSpy done(panel->job(), &CoreJob::succeeded);
    panel->findChild<QPushButton*>(QStringLiteral("releaseRun"))->click();
    return done.wait(kTimeoutMs) || done.count() == 1;
}

void TestViewReleases::graphReleaseWritesOneMethod() {
    QVERIFY(m_env->session.setBudget("karate.edges", {2.0, 0.0}).isOk());
    QVERIFY(runGraph());
    ReleasePanel* panel = m_graph->releasePanel();
    QVERIFY(panel->findChild<QPushButton*>(QStringLiteral("releaseBundle"))->isEnabled());
    QCOMPARE(panel->bundleEntryIndex(),
             0);  // nothing selected: the first method (global sensitivity)
    const QString dir = m_dir->filePath(QStringLiteral("edges"));
    QVERIFY2(panel->releaseTo(dir), qPrintable(panel->noteText()));
    const nlohmann::json m = manifestOf(dir);
    checkManifest(m, "graph-statistic", 0.5, "karate.edges", kKarate, false);
    QCOMPARE(QString::fromStdString(m["privacy"]["neighbouring"].get<std::string>()), QStringLiteral("edge"));
    QCOMPARE(m["privacy"]["delta"].get<double>(),
             0.0);  // the Laplace mechanism: pure epsilon-DP
    QCOMPARE(m["budget"]["remaining_epsilon"].get<double>(), 1.0);
    const auto data = nlohmann::json::parse(slurp(dir + QStringLiteral("/statistic.json")).toStdString());
    const auto& shown = *panel->model()->entries()[0].result;
    QCOMPARE(data["released"][0].get<double>(), shown.releases[0]);
    // Edge count under edge privacy has global sensitivity 1, so b = 1/epsilon = 2 (by hand).
    QVERIFY2(std::abs(data["noise_scale"].get<double>() - 2.0) < 1e-9, data["noise_scale"].dump().c_str());
    QVERIFY(!data.contains("true_value") && !data.contains("trueValue"));
    QCOMPARE(entries("karate.edges"), 2);
    keepReport(dir, QStringLiteral("graph-report.pdf"));
    m_graph->tabs()->setCurrentWidget(panel);
    saveScreenshot(*m_graph, QStringLiteral("graph_released.png"));
    // The other method (the selected column) was charged by Compare too: bundling it spends nothing.
    panel->findChild<QTableView*>(QStringLiteral("releaseTable"))
        ->setCurrentIndex(panel->model()->cell(1, ReleaseModel::ReleasedRow));
    QCOMPARE(panel->bundleEntryIndex(), 1);
    QVERIFY(panel->releaseTo(m_dir->filePath(QStringLiteral("edges-restricted.zip"))));
    QCOMPARE(entries("karate.edges"), 2);
    QCOMPARE(spentEpsilon("karate.edges"), 1.0);
}

void TestViewReleases::crashWhileBundlingKeepsTheExpense_data() {
    QTest::addColumn<QString>("view");
    QTest::addColumn<bool>("zip");
    QTest::newRow("mechanisms-folder") << QStringLiteral("mechanisms") << false;
    QTest::newRow("spatial-zip") << QStringLiteral("spatial") << true;
    QTest::newRow("graph-folder") << QStringLiteral("graph") << false;
}

void TestViewReleases::crashWhileBundlingKeepsTheExpense() {
    QFETCH(QString, view);
    QFETCH(bool, zip);
    std::string dataset;
    std::function<bool(const QString&)> releaseTo;
    if (view == QLatin1String("mechanisms")) {
        QVERIFY(runMechanisms(0.1, false));
        dataset = "adult.csv";
        releaseTo = [this](const QString& t) { return m_mechanisms->releaseTo(t); };
    } else if (view == QLatin1String("spatial")) {
        QVERIFY(runSpatial());
        dataset = "points.csv";
        releaseTo = [this](const QString& t) { return m_spatial->releaseTo(t); };
    } else {
        QVERIFY(runGraph());
        dataset = "karate.edges";
        releaseTo = [this](const QString& t) { return m_graph->releasePanel()->releaseTo(t); };
    }
    const int charged = entries(dataset);  // what Run spent, before any bundle
    QVERIFY(charged >= 1);
    const QString suffix = zip ? QStringLiteral(".zip") : QString();
    // A crash after the partial bundle was written: no bundle in place, the expense is kept.
    setViewReleaseCrashPointForTesting(CrashPoint::AfterPartialWritten);
    const QString first = m_dir->filePath(QStringLiteral("first") + suffix);
    QVERIFY(!releaseTo(first));
    QVERIFY(!QFileInfo::exists(first));
    QCOMPARE(entries(dataset), charged);
    setViewReleaseCrashPointForTesting(CrashPoint::None);
    // Release… again: the same release, bundled without a second charge.
    const QString second = m_dir->filePath(QStringLiteral("second") + suffix);
    QVERIFY(releaseTo(second));
    QVERIFY(QFileInfo::exists(second));
    QCOMPARE(entries(dataset), charged);
    QVERIFY(!QFileInfo::exists(first));
    QCOMPARE(partials(m_dir->path()), 1);  // first's partial: never in place, stays hidden
}

QTEST_MAIN(TestViewReleases)
#include "tst_view_releases.moc"
