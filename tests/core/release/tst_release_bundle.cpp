// Release bundles: manifest fields and hashes, budget refusal (nothing written), and crash safety
// of ledger + bundle (a simulated crash at each step leaves both or neither after recovery).
#include "veil/io/hash.h"
#include "veil/release/release_bundle.h"

#include <QtTest>

#include <filesystem>
#include <fstream>
#include <sstream>

using namespace veil;
using namespace veil::release;
namespace fs = std::filesystem;

namespace {

std::string slurp(const fs::path& path) {
    std::ifstream in(path, std::ios::binary);
    std::stringstream ss;
    ss << in.rdbuf();
    return ss.str();
}

// A tiny DP release outcome built by hand (the runner is tested through the CLI).
ReleaseOutcome dpOutcome(double epsilon) {
    ReleaseOutcome o;
    o.kind = "dp-query";
    o.title = "Differentially private count of x";
    o.datasetKey = "people.csv";
    o.inputPath = "/data/people.csv";
    o.inputSha256 = sha256Hex("x\n1\n");
    o.plan = {{"kind", "dp-query"}, {"epsilon", epsilon}};
    o.files.push_back({"count.json", "{\"value\": 12.5}\n", "application/json"});
    o.summary = {{"noise_scale", 1.0 / epsilon}};
    o.mechanism = "laplace";
    o.guarantee = "test guarantee";
    o.epsilon = epsilon;
    o.neighbouring = "add-remove";
    o.randomness = "seeded (seed 1)";
    o.seeded = true;
    return o;
}

std::vector<std::string> hiddenPartials(const fs::path& parent) {
    std::vector<std::string> out;
    for (const auto& e : fs::directory_iterator(parent))
        if (e.path().filename().string().find(".partial-") != std::string::npos) out.push_back(e.path().string());
    return out;
}

}  // namespace

class TestReleaseBundle : public QObject {
    Q_OBJECT
private slots:
    void writesManifestWithHashes();
    void refusesOverBudgetAndWritesNothing();
    void refusesExistingFolder();
    void crashBeforeLedgerLeavesNeither();
    void crashAfterLedgerIsCompletedByRecovery();
    void reportExplainsSeededReleases();
};

void TestReleaseBundle::writesManifestWithHashes() {
    QTemporaryDir tmp;
    auto ledger = PrivacyLedger::openFile(tmp.filePath("ledger.sqlite").toStdString());
    QVERIFY(ledger.isOk());
    QVERIFY((*ledger)->setBudget("people.csv", {2.0, 0.0}).isOk());
    BundleOptions opt;
    opt.outputDir = tmp.filePath("bundle").toStdString();
    opt.ledger = ledger->get();
    auto r = writeReleaseBundle(dpOutcome(0.5), opt);
    QVERIFY2(r.isOk(), r.status().message().c_str());
    const fs::path dir = r->dir;
    const nlohmann::json m = nlohmann::json::parse(slurp(dir / "manifest.json"));
    for (const char* key : {"title", "kind", "created", "veil_version", "input", "plan", "files", "privacy", "budget",
                            "randomness", "guarantee", "mechanism"})
        QVERIFY2(m.contains(key), key);
    QCOMPARE(m["privacy"]["epsilon"].get<double>(), 0.5);
    QCOMPARE(QString::fromStdString(m["privacy"]["neighbouring"].get<std::string>()), QString("add-remove"));
    QCOMPARE(QString::fromStdString(m["randomness"]["policy"].get<std::string>()), QString("seeded"));
    QCOMPARE(QString::fromStdString(m["input"]["sha256"].get<std::string>()), QString::fromStdString(sha256Hex("x\n1\n")));
    // The recorded file hash is the hash of the file in the bundle.
    QCOMPARE(QString::fromStdString(m["files"][0]["sha256"].get<std::string>()),
             QString::fromStdString(sha256Hex(slurp(dir / "count.json"))));
    QCOMPARE(m["budget"]["remaining_epsilon"].get<double>(), 1.5);
    QVERIFY(fs::exists(dir / "report.html"));
    auto entries = (*ledger)->entries("people.csv");
    QCOMPARE(int(entries->size()), 1);
    QCOMPARE((*entries)[0].epsilon, 0.5);
    QCOMPARE(int(hiddenPartials(dir.parent_path()).size()), 0);
}

void TestReleaseBundle::refusesOverBudgetAndWritesNothing() {
    QTemporaryDir tmp;
    auto ledger = PrivacyLedger::openFile(tmp.filePath("ledger.sqlite").toStdString());
    QVERIFY((*ledger)->setBudget("people.csv", {1.0, 0.0}).isOk());
    BundleOptions opt;
    opt.ledger = ledger->get();
    opt.outputDir = tmp.filePath("first").toStdString();
    QVERIFY(writeReleaseBundle(dpOutcome(0.75), opt).isOk());
    opt.outputDir = tmp.filePath("second").toStdString();
    auto r = writeReleaseBundle(dpOutcome(0.5), opt);  // 0.75 + 0.5 > 1
    QVERIFY(!r.isOk());
    QCOMPARE(r.status().code(), StatusCode::BudgetExceeded);
    QVERIFY(!fs::exists(opt.outputDir));
    QCOMPARE(int(hiddenPartials(tmp.path().toStdString()).size()), 0);
    QCOMPARE(int((*ledger)->entries("people.csv")->size()), 1);
}

void TestReleaseBundle::refusesExistingFolder() {
    QTemporaryDir tmp;
    auto ledger = PrivacyLedger::openFile(tmp.filePath("ledger.sqlite").toStdString());
    BundleOptions opt;
    opt.ledger = ledger->get();
    opt.outputDir = tmp.path().toStdString();
    auto r = writeReleaseBundle(dpOutcome(0.1), opt);
    QVERIFY(!r.isOk());
    QVERIFY(QString::fromStdString(r.status().message()).contains("already exists"));
    QCOMPARE(int((*ledger)->entries()->size()), 0);
}

void TestReleaseBundle::crashBeforeLedgerLeavesNeither() {
    QTemporaryDir tmp;
    const std::string ledgerPath = tmp.filePath("ledger.sqlite").toStdString();
    BundleOptions opt;
    opt.outputDir = tmp.filePath("bundle").toStdString();
    opt.crashPoint = BundleOptions::CrashPoint::AfterPartialWritten;
    {
        auto ledger = PrivacyLedger::openFile(ledgerPath);
        opt.ledger = ledger->get();
        QVERIFY(!writeReleaseBundle(dpOutcome(0.3), opt).isOk());
    }
    auto ledger = PrivacyLedger::openFile(ledgerPath);  // "restart"
    QCOMPARE(*recoverReleaseBundles(**ledger), 0);
    QVERIFY(!fs::exists(opt.outputDir));
    QCOMPARE(int((*ledger)->entries()->size()), 0);
}

void TestReleaseBundle::crashAfterLedgerIsCompletedByRecovery() {
    QTemporaryDir tmp;
    const std::string ledgerPath = tmp.filePath("ledger.sqlite").toStdString();
    BundleOptions opt;
    opt.outputDir = tmp.filePath("bundle").toStdString();
    opt.crashPoint = BundleOptions::CrashPoint::AfterLedgerCommitted;
    {
        auto ledger = PrivacyLedger::openFile(ledgerPath);
        opt.ledger = ledger->get();
        QVERIFY(!writeReleaseBundle(dpOutcome(0.3), opt).isOk());
        QVERIFY(!fs::exists(opt.outputDir));  // the crash hit before the rename
    }
    auto ledger = PrivacyLedger::openFile(ledgerPath);
    QCOMPARE(int((*ledger)->entries()->size()), 1);  // the spend is never forgotten
    QCOMPARE(*recoverReleaseBundles(**ledger), 1);
    QVERIFY(fs::exists(fs::path(opt.outputDir) / "manifest.json"));
    QCOMPARE(int(hiddenPartials(tmp.path().toStdString()).size()), 0);
    QCOMPARE(*recoverReleaseBundles(**ledger), 0);  // idempotent
}

void TestReleaseBundle::reportExplainsSeededReleases() {
    const ReleaseOutcome o = dpOutcome(0.5);
    const std::string html = renderReportHtml(o, buildManifest(o));
    QVERIFY(html.find("Seeded randomness") != std::string::npos);
    QVERIFY(html.find("&epsilon; = 0.5") != std::string::npos);
    QVERIFY(html.find("<svg") == std::string::npos);  // no charts in this outcome
}

QTEST_APPLESS_MAIN(TestReleaseBundle)
#include "tst_release_bundle.moc"
