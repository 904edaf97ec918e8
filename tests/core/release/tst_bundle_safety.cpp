// Hostile names and crafted ledgers against the release bundle (issue 14, findings 2, 3 and 5):
// a column named "x/../../../escaped" gives safe names in folders and zips; a ledger row whose
// bundle/partial point elsewhere never makes recovery move a file Veil did not create; a second
// release to a locked destination fails before anything is charged; the final rename never
// replaces; checkReleaseBundles lists and removes what the ledger does not account for.
#include "veil/dp/release_gate.h"
#include "veil/io/atomic_file.h"
#include "veil/io/safe_name.h"
#include "veil/release/bundle_target.h"
#include "veil/release/release_bundle.h"
#include "veil/release/release_plan.h"
#include "veil/release/release_runner.h"

#include <QTemporaryDir>
#include <QtTest/QtTest>

#include <zip.h>

#include <filesystem>
#include <fstream>

using namespace veil;
using namespace veil::release;
namespace fs = std::filesystem;

namespace {

std::vector<std::string> zipNames(const std::string& path) {
    std::vector<std::string> out;
    int err = 0;
    zip_t* z = zip_open(path.c_str(), ZIP_RDONLY, &err);
    if (!z) return out;
    for (zip_int64_t i = 0; i < zip_get_num_entries(z, 0); ++i) out.emplace_back(zip_get_name(z, zip_uint64_t(i), 0));
    zip_close(z);
    return out;
}

ReleaseOutcome syntactic() {
    ReleaseOutcome o;
    o.kind = "anonymization";
    o.title = "test";
    o.datasetKey = "people.csv";
    o.files.push_back({"people-anonymized.csv", "x\n*\n", "text/csv"});
    return o;
}

// Every file under `root`, relative.
std::vector<std::string> filesUnder(const fs::path& root) {
    std::vector<std::string> out;
    for (const auto& e : fs::recursive_directory_iterator(root)) out.push_back(fs::relative(e.path(), root).string());
    std::sort(out.begin(), out.end());
    return out;
}

// A crafted ledger row (what a hand-edited ledger or .veil file could hold).
void craftRow(PrivacyLedger& ledger, const nlohmann::json& details) {
    LedgerEntry e;
    e.dataset = "people.csv";
    e.release = "crafted";
    e.mechanism = "none";
    e.neighbouring = "none (syntactic)";
    e.details = details;
    QVERIFY(ledger.recordRelease(e).isOk());
}

}  // namespace

class TestBundleSafety : public QObject {
    Q_OBJECT

private slots:
    void safeNames() {
        QCOMPARE(safeFileName("adult-age-count"), std::string("adult-age-count"));
        const std::string hostile = safeFileName("d-x/../../../escaped-count");
        QVERIFY2(isSafeFileName(hostile), hostile.c_str());
        QVERIFY(hostile.find('/') == std::string::npos);
        QVERIFY(safeFileName("a/b") != safeFileName("a_b"));  // the hash keeps them apart
        QVERIFY(isSafeFileName(safeFileName(".hidden")));
        QVERIFY(isSafeFileName(safeFileName(std::string(300, 'x'))));
        QVERIFY(isSafeFileName(safeFileName(std::string("nul\0byte", 8))));
        QVERIFY(isSafeFileName(safeFileName("")));
        for (const char* bad : {"", ".", "..", "../x", "a/b", "a\\b", ".x", "a\nb"})
            QVERIFY2(!isSafeFileName(bad), bad);
    }

    // Finding 2: the column name reaches the file name of a dp-query release.
    void hostileColumnGivesSafeZipEntries() {
        QTemporaryDir tmp;
        const std::string csv = tmp.filePath("d.csv").toStdString();
        {
            std::ofstream out(csv);
            out << "\"x/../../../escaped\"\n1\n2\n3\n";
        }
        const nlohmann::json json = {{"kind", "dp-query"},
                                     {"dataset", {{"path", csv}}},
                                     {"column", "x/../../../escaped"},
                                     {"query", "count"},
                                     {"epsilon", 1.0}};
        auto plan = parseReleasePlan(json, tmp.path().toStdString(), "hostile");
        QVERIFY2(plan, plan.status().message().c_str());
        auto ledger = PrivacyLedger::openFile(tmp.filePath("ledger.sqlite").toStdString());
        QVERIFY(ledger);
        for (const char* out : {"bundle.zip", "folder"}) {
            auto target = prepareBundleTarget(tmp.filePath(out).toStdString());
            QVERIFY(target);
            dp::ReleaseGate::Options g;
            g.dataset = "d.csv";
            g.ledger = ledger->get();
            g.details = bundleDetails(*target);
            dp::ReleaseGate gate(g);
            auto outcome = runReleasePlan(*plan, gate);
            QVERIFY2(outcome, outcome.status().message().c_str());
            BundleOptions opt;
            opt.ledger = ledger->get();
            opt.target = &*target;
            opt.outputDir = target->dir;
            auto bundle = writeReleaseBundle(*outcome, opt);
            QVERIFY2(bundle, bundle.status().message().c_str());
        }
        for (const auto& name : zipNames(tmp.filePath("bundle.zip").toStdString()))
            QVERIFY2(isSafeFileName(name), name.c_str());
        for (const auto& name : filesUnder(tmp.filePath("folder").toStdString()))
            QVERIFY2(isSafeFileName(name), name.c_str());
        // Nothing was written outside the temporary folder's own files.
        QVERIFY(!fs::exists(fs::path(tmp.path().toStdString()).parent_path() / "escaped-count.json"));
        for (const auto& e : fs::directory_iterator(tmp.path().toStdString()))
            QVERIFY2(e.path().filename().string().find("escaped") == std::string::npos, e.path().c_str());
    }

    // Finding 3: a crafted ledger row never makes recovery move a file Veil did not create.
    void craftedRowsMoveNothing() {
        QTemporaryDir tmp;
        const fs::path dir = tmp.path().toStdString();
        fs::create_directories(dir / "evil");
        QVERIFY(writeFileAtomically((dir / "evil/src.txt").string(), "precious\n").isOk());
        auto ledger = PrivacyLedger::openFile((dir / "ledger.sqlite").string());
        QVERIFY(ledger);
        const std::string token(32, 'a');
        // Not a partial name; not in the destination's folder; no marker; a marker with another token.
        craftRow(**ledger, {{"bundle", (dir / "evil/moved-target.sh").string()},
                            {"partial", (dir / "evil/src.txt").string()},
                            {"partial_token", token}});
        fs::create_directories(dir / "other");
        QVERIFY(writeFileAtomically((dir / ("other/.b.partial-" + token)).string(), "x").isOk());
        craftRow(**ledger, {{"bundle", (dir / "evil/b").string()},
                            {"partial", (dir / ("other/.b.partial-" + token)).string()},
                            {"partial_token", token}});
        fs::create_directories(dir / ("evil/.c.partial-" + token));
        craftRow(**ledger, {{"bundle", (dir / "evil/c").string()},
                            {"partial", (dir / ("evil/.c.partial-" + token)).string()},
                            {"partial_token", token}});
        fs::create_directories(dir / ("evil/.d.partial-" + token));
        QVERIFY(writeFileAtomically((dir / ("evil/.d.partial-" + token) / ".veil-partial").string(),
                                    std::string(32, 'b') + "\n")
                    .isOk());
        craftRow(**ledger, {{"bundle", (dir / "evil/d").string()},
                            {"partial", (dir / ("evil/.d.partial-" + token)).string()},
                            {"partial_token", token}});
        craftRow(**ledger,
                 {{"bundle", "relative/path"}, {"partial", ".relative.partial-" + token}, {"partial_token", token}});
        auto recovered = recoverReleaseBundles(**ledger);
        QVERIFY(recovered);
        QCOMPARE(*recovered, 0);
        QVERIFY(fs::exists(dir / "evil/src.txt"));
        QVERIFY(!fs::exists(dir / "evil/moved-target.sh"));
        QVERIFY(!fs::exists(dir / "evil/b") && !fs::exists(dir / "evil/c") && !fs::exists(dir / "evil/d"));
        // A partial Veil made (pattern, folder, marker token as recorded) is completed.
        QVERIFY(
            writeFileAtomically((dir / ("evil/.c.partial-" + token) / ".veil-partial").string(), token + "\n").isOk());
        QCOMPARE(*recoverReleaseBundles(**ledger), 1);
        QVERIFY(fs::is_directory(dir / "evil/c"));
        QVERIFY(!fs::exists(dir / "evil/c/.veil-partial"));  // the marker goes with the rename
    }

    // Finding 5: the destination is locked before the charge; a second release fails cleanly.
    void secondReleaseToALockedPathFails() {
        QTemporaryDir tmp;
        const std::string out = tmp.filePath("same.zip").toStdString();
        auto first = prepareBundleTarget(out);
        QVERIFY(first);
        auto second = prepareBundleTarget(out);
        QVERIFY(!second);
        QVERIFY2(second.status().message().find("another release") != std::string::npos,
                 second.status().message().c_str());
        auto ledger = PrivacyLedger::openFile(tmp.filePath("ledger.sqlite").toStdString());
        BundleOptions opt;
        opt.ledger = ledger->get();
        opt.outputDir = out;
        QVERIFY(!writeReleaseBundle(syntactic(), opt));  // locks it itself: refused too
        QCOMPARE(int(ledger->get()->entries()->size()), 0);
        opt.target = &*first;
        QVERIFY(writeReleaseBundle(syntactic(), opt));
        first = Status::internal("released");  // drops the lock
        QVERIFY(!fs::exists(tmp.filePath(".same.zip.lock").toStdString()));
        auto third = prepareBundleTarget(out);
        QVERIFY(!third);
        QVERIFY(third.status().message().find("already exists") != std::string::npos);
    }

    void finalRenameNeverReplaces() {
        QTemporaryDir tmp;
        auto ledger = PrivacyLedger::openFile(tmp.filePath("ledger.sqlite").toStdString());
        for (const char* name : {"race.zip", "race-folder"}) {
            const std::string out = tmp.filePath(name).toStdString();
            auto target = prepareBundleTarget(out);
            QVERIFY(target);
            // Something appears at the destination behind Veil's back (not through its lock).
            if (std::string(name).ends_with(".zip"))
                QVERIFY(writeFileAtomically(out, "someone else's\n").isOk());
            else
                fs::create_directories(out);  // even an empty folder is not replaced
            BundleOptions opt;
            opt.ledger = ledger->get();
            opt.target = &*target;
            opt.outputDir = out;
            auto r = writeReleaseBundle(syntactic(), opt);
            QVERIFY(!r);
            QVERIFY2(r.status().message().find("already exists") != std::string::npos, r.status().message().c_str());
            if (std::string(name).ends_with(".zip"))
                QCOMPARE(*readWholeFile(out), std::string("someone else's\n"));
            else
                QVERIFY(fs::is_empty(out));
        }
    }

    void checkListsAndRemovesStrays() {
        QTemporaryDir tmp;
        const fs::path dir = tmp.path().toStdString();
        auto ledger = PrivacyLedger::openFile((dir / "ledger.sqlite").string());
        // A recorded, recoverable bundle (crash after the ledger commit).
        BundleOptions opt;
        opt.ledger = ledger->get();
        opt.outputDir = (dir / "kept").string();
        opt.crashPoint = BundleOptions::CrashPoint::AfterLedgerCommitted;
        QVERIFY(!writeReleaseBundle(syntactic(), opt));
        // A stray partial Veil wrote but never recorded (crash before the ledger commit).
        opt.outputDir = (dir / "stray.zip").string();
        opt.crashPoint = BundleOptions::CrashPoint::AfterPartialWritten;
        QVERIFY(!writeReleaseBundle(syntactic(), opt));
        // A stray temporary file of a killed zip write, and a look-alike folder without a marker.
        const std::string token(32, 'f');
        QVERIFY(writeFileAtomically((dir / ("..x.zip.partial-" + token + ".tmp-42")).string(), "half").isOk());
        fs::create_directories(dir / (".mine.partial-" + token));
        auto listed = checkReleaseBundles(**ledger, {dir.string()}, false);
        QVERIFY(listed);
        int recoverable = 0, strayPartials = 0, strayTemps = 0;
        for (const auto& item : *listed) {
            QVERIFY(item.action.empty());
            recoverable += item.state.rfind("recoverable", 0) == 0;
            strayPartials += item.state.rfind("stray partial", 0) == 0;
            strayTemps += item.state == "stray temporary file";
        }
        QCOMPARE(recoverable, 1);
        QCOMPARE(strayPartials, 1);
        QCOMPARE(strayTemps, 1);
        auto fixed = checkReleaseBundles(**ledger, {dir.string()}, true);
        QVERIFY(fixed);
        QVERIFY(fs::exists(dir / "kept/manifest.json"));
        QVERIFY(fs::exists(dir / (".mine.partial-" + token)));  // not Veil's: untouched
        int hidden = 0;
        for (const auto& e : fs::directory_iterator(dir))
            hidden += e.path().filename().string().find(".partial-") != std::string::npos;
        QCOMPARE(hidden, 1);  // only the look-alike
        auto again = checkReleaseBundles(**ledger, {dir.string()}, false);
        for (const auto& item : *again) QCOMPARE(item.state, std::string("complete"));
    }

    // A folder named with a trailing separator is the same folder as a recorded bundle's parent:
    // what it holds is listed once (a killed release's stale lock was listed twice).
    void checkListsEachFolderOnce() {
        QTemporaryDir tmp;
        const fs::path dir = tmp.path().toStdString();
        auto ledger = PrivacyLedger::openFile((dir / "ledger.sqlite").string());
        BundleOptions opt;
        opt.ledger = ledger->get();
        opt.outputDir = (dir / "kept").string();
        opt.crashPoint = BundleOptions::CrashPoint::AfterLedgerCommitted;
        QVERIFY(!writeReleaseBundle(syntactic(), opt));
        QVERIFY(writeFileAtomically((dir / ".gone.lock").string(), "").isOk());
        for (const std::string& folder : {dir.string() + "/", dir.string() + "/./", dir.string()}) {
            auto listed = checkReleaseBundles(**ledger, {folder}, false);
            QVERIFY(listed);
            int staleLocks = 0;
            for (const auto& item : *listed) staleLocks += item.state == "stale lock file";
            QVERIFY2(staleLocks == 1, folder.c_str());
        }
    }
};

QTEST_MAIN(TestBundleSafety)
#include "tst_bundle_safety.moc"
