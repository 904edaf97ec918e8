// Release bundles: manifest fields and hashes, budget refusal (nothing written), and crash safety
// of ledger + bundle. A differentially private release is charged by the release gate before it
// is computed (so a crash loses at most the release, never the spend); a syntactic one is recorded
// by the bundle writer (a crash leaves both or neither after recovery).
#include "veil/dp/release_gate.h"
#include "veil/io/hash.h"
#include "veil/release/bundle_target.h"
#include "veil/release/release_bundle.h"

#include <QtTest>

#include <zip.h>

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

// A syntactic release (no privacy budget): the bundle writer records it.
ReleaseOutcome syntacticOutcome() {
    ReleaseOutcome o;
    o.kind = "anonymization";
    o.title = "2-anonymity release of people.csv";
    o.datasetKey = "people.csv";
    o.inputPath = "/data/people.csv";
    o.inputSha256 = sha256Hex("x\n1\n");
    o.plan = {{"kind", "anonymization"}};
    o.files.push_back({"people-anonymized.csv", "x\n*\n", "text/csv"});
    o.mechanism = "optimal full-domain generalization";
    o.guarantee = "test guarantee";
    o.randomness = "not used (deterministic release)";
    return o;
}

// What `veil-cli release` does: choose the bundle's place, charge the release through a gate (the
// ledger entry names the bundle), then write it.
Result<BundleResult> releaseDp(PrivacyLedger& ledger, double epsilon, BundleOptions opt) {
    auto target = prepareBundleTarget(opt.outputDir);
    if (!target) return target.status();
    dp::ReleaseGate::Options g;
    g.dataset = "people.csv";
    g.ledger = &ledger;
    g.seed = 1;
    g.details = bundleDetails(*target);
    dp::ReleaseGate gate(g);
    dp::Charge charge;
    charge.what = "count of x";
    charge.mechanism = "laplace";
    charge.neighbouring = "add-remove";
    charge.cost = {epsilon, 0.0, 0.0};
    auto admission = gate.admit(charge);
    if (!admission) return admission.status();
    ReleaseOutcome o = dpOutcome(epsilon);
    o.receipt = admission->receipt;
    opt.ledger = &ledger;
    opt.target = &*target;
    return writeReleaseBundle(o, opt);
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
    void refusesUnchargedOrTeachingOutcomes();
    void crashBeforeLedgerLeavesNeither();
    void crashAfterLedgerIsCompletedByRecovery();
    void dpCrashAfterChargeIsCompletedByRecovery();
    void reportExplainsSeededReleases();
    void zipHoldsTheFolderBundlesBytes();
    void zipCrashBeforeLedgerLeavesNeither();
    void renderedPdfIsInTheBundle();
    void recordedReleaseIsNotChargedTwice();
};

void TestReleaseBundle::writesManifestWithHashes() {
    QTemporaryDir tmp;
    auto ledger = PrivacyLedger::openFile(tmp.filePath("ledger.sqlite").toStdString());
    QVERIFY(ledger.isOk());
    QVERIFY((*ledger)->setBudget("people.csv", {2.0, 0.0}).isOk());
    BundleOptions opt;
    opt.outputDir = tmp.filePath("bundle").toStdString();
    auto r = releaseDp(**ledger, 0.5, opt);
    QVERIFY2(r.isOk(), r.status().message().c_str());
    const fs::path dir = r->dir;
    const nlohmann::json m = nlohmann::json::parse(slurp(dir / "manifest.json"));
    for (const char* key : {"title", "kind", "created", "veil_version", "input", "plan", "files", "privacy", "budget",
                            "randomness", "guarantee", "mechanism"})
        QVERIFY2(m.contains(key), key);
    QCOMPARE(m["privacy"]["epsilon"].get<double>(), 0.5);
    QCOMPARE(QString::fromStdString(m["privacy"]["neighbouring"].get<std::string>()), QString("add-remove"));
    QCOMPARE(QString::fromStdString(m["randomness"]["policy"].get<std::string>()), QString("seeded"));
    QCOMPARE(m["privacy"]["private"].get<bool>(), false);  // seeded: charged, but not private
    QCOMPARE(QString::fromStdString(m["privacy"]["mode"].get<std::string>()), QString("release"));
    // The input is named by the ledger's keyed fingerprint of its hash, which the steward can
    // recompute and another ledger cannot; its plain hash (a function of the private data that
    // anyone could test guesses against) is in neither the manifest nor the report.
    const std::string plain = sha256Hex("x\n1\n");
    QCOMPARE(m["input"]["fingerprint"].get<std::string>(), (*ledger)->fingerprint(plain).value());
    QVERIFY(m["input"]["fingerprint"].get<std::string>().rfind("hmac-sha256:", 0) == 0);
    QVERIFY(!m["input"].contains("sha256"));
    QVERIFY(slurp(dir / "manifest.json").find(plain) == std::string::npos);
    QVERIFY(slurp(dir / "report.html").find(plain.substr(0, 16)) == std::string::npos);
    auto other = PrivacyLedger::openFile(tmp.filePath("other.sqlite").toStdString());
    QVERIFY(other.isOk());
    QVERIFY((*other)->fingerprint(plain).value() != m["input"]["fingerprint"].get<std::string>());
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
    opt.outputDir = tmp.filePath("first").toStdString();
    QVERIFY(releaseDp(**ledger, 0.75, opt).isOk());
    opt.outputDir = tmp.filePath("second").toStdString();
    auto r = releaseDp(**ledger, 0.5, opt);  // 0.75 + 0.5 > 1: the gate refuses before anything is computed
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
    opt.outputDir = tmp.path().toStdString();
    auto r = releaseDp(**ledger, 0.1, opt);
    QVERIFY(!r.isOk());
    QVERIFY(QString::fromStdString(r.status().message()).contains("already exists"));
    QCOMPARE(int((*ledger)->entries()->size()), 0);  // checked before the charge
}

void TestReleaseBundle::refusesUnchargedOrTeachingOutcomes() {
    QTemporaryDir tmp;
    auto ledger = PrivacyLedger::openFile(tmp.filePath("ledger.sqlite").toStdString());
    BundleOptions opt;
    opt.ledger = ledger->get();
    opt.outputDir = tmp.filePath("bundle").toStdString();
    // A differentially private outcome that no gate charged.
    auto uncharged = writeReleaseBundle(dpOutcome(0.5), opt);
    QVERIFY(!uncharged.isOk());
    QVERIFY(QString::fromStdString(uncharged.status().message()).contains("charged"));
    // Teaching mode can never make a release.
    auto gate = dp::ReleaseGate::teaching(1);
    auto admission = gate.admit({});
    QVERIFY(admission);
    ReleaseOutcome o = dpOutcome(0.5);
    o.receipt = admission->receipt;
    auto teaching = writeReleaseBundle(o, opt);
    QVERIFY(!teaching.isOk());
    QVERIFY(QString::fromStdString(teaching.status().message()).contains("teaching mode"));
    QVERIFY(!fs::exists(opt.outputDir));
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
        QVERIFY(!writeReleaseBundle(syntacticOutcome(), opt).isOk());
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
        QVERIFY(!writeReleaseBundle(syntacticOutcome(), opt).isOk());
        QVERIFY(!fs::exists(opt.outputDir));  // the crash hit before the rename
    }
    auto ledger = PrivacyLedger::openFile(ledgerPath);
    QCOMPARE(int((*ledger)->entries()->size()), 1);  // the spend is never forgotten
    {
        // While another release holds the destination (it has charged and not yet renamed), its
        // partial is not an interrupted one: recovery and ledger check leave it alone (20
        // concurrent `veil-cli release` runs used to finish one another's renames).
        auto running = prepareBundleTarget(opt.outputDir);
        QVERIFY(running);
        QCOMPARE(*recoverReleaseBundles(**ledger), 0);
        auto items = checkReleaseBundles(**ledger, {}, true);
        QVERIFY(items);
        QCOMPARE(QString::fromStdString(items->front().state).left(13), QStringLiteral("being written"));
        QVERIFY(!fs::exists(opt.outputDir));
    }
    QCOMPARE(*recoverReleaseBundles(**ledger), 1);
    QVERIFY(fs::exists(fs::path(opt.outputDir) / "manifest.json"));
    QCOMPARE(int(hiddenPartials(tmp.path().toStdString()).size()), 0);
    QCOMPARE(*recoverReleaseBundles(**ledger), 0);  // idempotent
}

void TestReleaseBundle::dpCrashAfterChargeIsCompletedByRecovery() {
    QTemporaryDir tmp;
    const std::string ledgerPath = tmp.filePath("ledger.sqlite").toStdString();
    BundleOptions opt;
    opt.outputDir = tmp.filePath("bundle").toStdString();
    opt.crashPoint = BundleOptions::CrashPoint::AfterPartialWritten;
    {
        auto ledger = PrivacyLedger::openFile(ledgerPath);
        QVERIFY(!releaseDp(**ledger, 0.3, opt).isOk());
        QVERIFY(!fs::exists(opt.outputDir));
    }
    auto ledger = PrivacyLedger::openFile(ledgerPath);
    QCOMPARE(int((*ledger)->entries()->size()), 1);  // charged before the bundle: never forgotten
    QCOMPARE(*recoverReleaseBundles(**ledger), 1);
    QVERIFY(fs::exists(fs::path(opt.outputDir) / "manifest.json"));
    QCOMPARE(int(hiddenPartials(tmp.path().toStdString()).size()), 0);
}

void TestReleaseBundle::reportExplainsSeededReleases() {
    const ReleaseOutcome o = dpOutcome(0.5);
    const std::string html = renderReportHtml(o, buildManifest(o));
    QVERIFY(html.find("Seeded randomness") != std::string::npos);
    QVERIFY(html.find("&epsilon; = 0.5") != std::string::npos);
    QVERIFY(html.find("<svg") == std::string::npos);  // no charts in this outcome
}

namespace {

// The entries of a zip file read back with libzip, in archive order (name -> bytes).
std::vector<std::pair<std::string, std::string>> readZip(const std::string& path) {
    std::vector<std::pair<std::string, std::string>> out;
    int err = 0;
    zip_t* z = zip_open(path.c_str(), ZIP_RDONLY, &err);
    if (!z) return out;
    for (zip_int64_t i = 0; i < zip_get_num_entries(z, 0); ++i) {
        zip_stat_t st;
        zip_stat_init(&st);
        zip_stat_index(z, zip_uint64_t(i), 0, &st);
        std::string bytes(std::size_t(st.size), '\0');
        zip_file_t* f = zip_fopen_index(z, zip_uint64_t(i), 0);
        if (f) {
            zip_fread(f, bytes.data(), st.size);
            zip_fclose(f);
        }
        out.emplace_back(st.name, bytes);
    }
    zip_close(z);
    return out;
}

}  // namespace

void TestReleaseBundle::zipHoldsTheFolderBundlesBytes() {
    // The same outcome at the same (fixed) time, once as a folder and once as a zip: the archive
    // must hold exactly the folder's files, byte for byte. No budget is set, so both manifests
    // carry the same budget block.
    QTemporaryDir tmp;
    auto ledger = PrivacyLedger::openFile(tmp.filePath("ledger.sqlite").toStdString());
    BundleOptions opt;
    opt.ledger = ledger->get();
    opt.created = "2026-11-22T08:00:00Z";
    opt.outputDir = tmp.filePath("folder").toStdString();
    QVERIFY(writeReleaseBundle(syntacticOutcome(), opt).isOk());
    opt.outputDir = tmp.filePath("bundle.ZIP").toStdString();  // the suffix test ignores case
    auto z = writeReleaseBundle(syntacticOutcome(), opt);
    QVERIFY2(z.isOk(), z.status().message().c_str());
    QVERIFY(fs::is_regular_file(opt.outputDir));
    const auto entries = readZip(opt.outputDir);
    std::vector<std::string> names;
    for (const auto& [name, bytes] : entries) {
        names.push_back(name);
        const fs::path inFolder = fs::path(tmp.filePath("folder").toStdString()) / name;
        QVERIFY2(fs::exists(inFolder), name.c_str());
        if (name == "manifest.json") continue;  // names its own ledger entry
        QCOMPARE(QByteArray::fromStdString(bytes), QByteArray::fromStdString(slurp(inFolder)));
    }
    // The data, manifest.json, report.html; the folder holds nothing else.
    QCOMPARE(names, (std::vector<std::string>{"people-anonymized.csv", "manifest.json", "report.html"}));
    QCOMPARE(int(std::distance(fs::directory_iterator(tmp.filePath("folder").toStdString()), fs::directory_iterator())),
             3);
    QCOMPARE(int((*ledger)->entries()->size()), 2);
    QCOMPARE(QString::fromStdString((*ledger)->entries()->back().details["bundle"].get<std::string>()),
             QString::fromStdString(z->dir));
    QCOMPARE(int(hiddenPartials(tmp.path().toStdString()).size()), 0);
}

void TestReleaseBundle::zipCrashBeforeLedgerLeavesNeither() {
    QTemporaryDir tmp;
    const std::string ledgerPath = tmp.filePath("ledger.sqlite").toStdString();
    BundleOptions opt;
    opt.outputDir = tmp.filePath("bundle.zip").toStdString();
    {
        auto ledger = PrivacyLedger::openFile(ledgerPath);
        opt.ledger = ledger->get();
        opt.crashPoint = BundleOptions::CrashPoint::AfterPartialWritten;
        QVERIFY(!writeReleaseBundle(syntacticOutcome(), opt).isOk());
        opt.crashPoint = BundleOptions::CrashPoint::AfterLedgerCommitted;
        opt.outputDir = tmp.filePath("second.zip").toStdString();
        QVERIFY(!writeReleaseBundle(syntacticOutcome(), opt).isOk());
    }
    auto ledger = PrivacyLedger::openFile(ledgerPath);
    QCOMPARE(int((*ledger)->entries()->size()), 1);  // only the second reached the ledger
    QCOMPARE(*recoverReleaseBundles(**ledger), 1);
    QVERIFY(!fs::exists(tmp.filePath("bundle.zip").toStdString()));
    QVERIFY(fs::is_regular_file(tmp.filePath("second.zip").toStdString()));
    QCOMPARE(int(readZip(tmp.filePath("second.zip").toStdString()).size()), 3);
}

void TestReleaseBundle::renderedPdfIsInTheBundle() {
    QTemporaryDir tmp;
    auto ledger = PrivacyLedger::openFile(tmp.filePath("ledger.sqlite").toStdString());
    BundleOptions opt;
    opt.ledger = ledger->get();
    opt.outputDir = tmp.filePath("bundle").toStdString();
    std::string seenHtml;
    opt.renderPdf = [&seenHtml](const std::string& html) -> Result<std::string> {
        seenHtml = html;
        return std::string("%PDF-fake");
    };
    auto r = releaseDp(**ledger, 0.5, opt);
    QVERIFY(r.isOk());
    QCOMPARE(QByteArray::fromStdString(slurp(fs::path(r->dir) / "report.pdf")), QByteArray("%PDF-fake"));
    QCOMPARE(QByteArray::fromStdString(slurp(fs::path(r->dir) / "report.html")), QByteArray::fromStdString(seenHtml));
    // A renderer that fails writes nothing; the charge (made before the answer was computed) stays.
    opt.outputDir = tmp.filePath("failed").toStdString();
    opt.renderPdf = [](const std::string&) -> Result<std::string> { return Status::ioError("no fonts"); };
    auto failed = releaseDp(**ledger, 0.5, opt);
    QVERIFY(!failed.isOk());
    QVERIFY(QString::fromStdString(failed.status().message()).contains("report.pdf: no fonts"));
    QVERIFY(!fs::exists(opt.outputDir));
    QCOMPARE(int((*ledger)->entries()->size()), 2);
    QCOMPARE(int(hiddenPartials(tmp.path().toStdString()).size()), 0);
}

void TestReleaseBundle::recordedReleaseIsNotChargedTwice() {
    QTemporaryDir tmp;
    auto ledger = PrivacyLedger::openFile(tmp.filePath("ledger.sqlite").toStdString());
    QVERIFY((*ledger)->setBudget("people.csv", {2.0, 0.0}).isOk());
    LedgerEntry e;
    e.dataset = "people.csv";
    e.release = "count of x";
    e.mechanism = "laplace";
    e.neighbouring = "add-remove";
    e.epsilon = 0.5;
    auto id = (*ledger)->recordRelease(e);
    QVERIFY(id.isOk());
    BundleOptions opt;
    opt.ledger = ledger->get();
    opt.outputDir = tmp.filePath("bundle").toStdString();
    opt.recordedEntry = *id;
    auto r = writeReleaseBundle(dpOutcome(0.5), opt);
    QVERIFY(r.isOk());
    QCOMPARE(int((*ledger)->entries()->size()), 1);
    const nlohmann::json m = nlohmann::json::parse(slurp(fs::path(r->dir) / "manifest.json"));
    QCOMPARE(m["ledger_entry"].get<std::int64_t>(), *id);
    QCOMPARE(m["budget"]["remaining_epsilon"].get<double>(), 1.5);  // 2 - 0.5, spent once
}

QTEST_APPLESS_MAIN(TestReleaseBundle)
#include "tst_release_bundle.moc"
