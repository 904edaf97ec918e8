// The SQLite privacy ledger: persistence, budget refusal, append-only, crash safety (fork + kill).
#include "veil/release/privacy_ledger.h"
#include "veil/release/project_store.h"

#include <QTemporaryDir>
#include <QtTest/QtTest>

#include <csignal>
#include <sys/wait.h>
#include <unistd.h>

using namespace veil;
using namespace veil::release;

namespace {
LedgerEntry entry(const std::string& dataset, double eps, double delta = 0.0, const std::string& group = {}) {
    LedgerEntry e;
    e.dataset = dataset;
    e.release = "count of age";
    e.mechanism = "laplace";
    e.neighbouring = "add-remove";
    e.epsilon = eps;
    e.delta = delta;
    e.parallelGroup = group;
    e.details = {{"query", "count"}, {"column", "age"}};
    return e;
}
}  // namespace

class TestPrivacyLedger : public QObject {
    Q_OBJECT
private slots:
    void init() { QVERIFY(m_dir.isValid()); }

    void createsRecordsAndPersists() {
        const std::string path = m_dir.filePath("a.veil-ledger").toStdString();
        {
            auto l = PrivacyLedger::openFile(path);
            QVERIFY2(l, l.status().message().c_str());
            QVERIFY((*l)->setBudget("adult", {1.0, 1e-5}).isOk());
            QVERIFY((*l)->recordRelease(entry("adult", 0.5)));
            QVERIFY((*l)->recordRelease(entry("adult", 0.25, 1e-6)));
            QVERIFY((*l)->recordRelease(entry("other", 5.0)));  // no budget: recorded without a limit
        }
        auto l = PrivacyLedger::openFile(path);
        QVERIFY(l);
        auto all = (*l)->entries("adult");
        QVERIFY(all);
        QCOMPARE(all->size(), std::size_t(2));
        QCOMPARE((*all)[1].delta, 1e-6);
        QCOMPARE((*all)[0].details["column"].get<std::string>(), std::string("age"));
        QVERIFY((*all)[0].created.size() == 20 && (*all)[0].created.back() == 'Z');
        QCOMPARE((*l)->spent("adult")->epsilon, 0.75);
        QCOMPARE((*l)->entries()->size(), std::size_t(3));
        auto b = (*l)->budget("adult");
        QVERIFY(b && b->has_value());
        QCOMPARE((*b)->total.epsilon, 1.0);
        // schema_version row for the ledger component.
        auto db = SqliteDatabase::open(path, SqliteDatabase::OpenMode::OpenExisting);
        auto q = (*db)->prepare("SELECT version FROM schema_version WHERE component = 'ledger'");
        QVERIFY(q.step());
        QCOMPARE(q.columnInt(0), std::int64_t(PrivacyLedger::kSchemaVersion));
    }

    // A ledger written by version 1 (no rho column) opens, keeps every entry (rho 0) and takes
    // zCDP entries from then on.
    void migratesVersion1() {
        const std::string path = m_dir.filePath("v1.veil-ledger").toStdString();
        {
            auto db = SqliteDatabase::open(path, SqliteDatabase::OpenMode::CreateIfMissing);
            QVERIFY(db);
            QVERIFY((*db)
                        ->exec(R"sql(
CREATE TABLE schema_version(component TEXT PRIMARY KEY, version INTEGER NOT NULL);
INSERT INTO schema_version VALUES('ledger', 1);
CREATE TABLE ledger(id INTEGER PRIMARY KEY AUTOINCREMENT, dataset TEXT NOT NULL, created TEXT NOT NULL,
  release TEXT NOT NULL, mechanism TEXT NOT NULL, neighbouring TEXT NOT NULL,
  epsilon REAL NOT NULL CHECK(epsilon >= 0), delta REAL NOT NULL CHECK(delta >= 0 AND delta < 1),
  parallel_group TEXT NOT NULL DEFAULT '', details TEXT NOT NULL DEFAULT '{}');
INSERT INTO ledger(dataset, created, release, mechanism, neighbouring, epsilon, delta)
  VALUES('adult', '2026-01-01T00:00:00Z', 'count of age', 'laplace', 'add-remove', 0.5, 0);)sql")
                        .isOk());
        }
        auto l = PrivacyLedger::openFile(path);
        QVERIFY2(l, l.status().message().c_str());
        auto all = (*l)->entries("adult");
        QVERIFY(all && all->size() == 1);
        QCOMPARE((*all)[0].rho, 0.0);
        LedgerEntry g = entry("adult", 0.3);
        g.delta = 1e-7;
        g.rho = 0.01;
        QVERIFY((*l)->recordRelease(g));
        QCOMPARE((*l)->entries("adult")->back().rho, 0.01);
        auto db = SqliteDatabase::open(path, SqliteDatabase::OpenMode::OpenExisting);
        auto q = (*db)->prepare("SELECT version FROM schema_version WHERE component = 'ledger'");
        QVERIFY(q.step());
        QCOMPARE(q.columnInt(0), std::int64_t(2));
    }

    void refusesOverBudgetWithoutWriting() {
        const std::string path = m_dir.filePath("b.veil-ledger").toStdString();
        auto l = PrivacyLedger::openFile(path);
        QVERIFY((*l)->setBudget("adult", {1.0, 0.0}).isOk());
        QVERIFY((*l)->recordRelease(entry("adult", 0.7)));
        auto refused = (*l)->recordRelease(entry("adult", 0.4));
        QCOMPARE(refused.status().code(), StatusCode::BudgetExceeded);
        QVERIFY2(refused.status().message().find("adult") != std::string::npos, refused.status().message().c_str());
        QCOMPARE((*l)->entries("adult")->size(), std::size_t(1));
        // Parallel group: two disjoint partitions at 0.3 each cost 0.3.
        QVERIFY((*l)->recordRelease(entry("adult", 0.3, 0.0, "bins")));
        QVERIFY((*l)->recordRelease(entry("adult", 0.3, 0.0, "bins")));
        QVERIFY(std::fabs((*l)->spent("adult")->epsilon - 1.0) < 1e-12);
        // A budget below what was spent is refused.
        QCOMPARE((*l)->setBudget("adult", {0.5, 0.0}).code(), StatusCode::InvalidArgument);
        QCOMPARE((*l)->recordRelease(entry("adult", -1.0)).status().code(), StatusCode::InvalidArgument);
        QCOMPARE((*l)->recordRelease(entry("", 0.1)).status().code(), StatusCode::InvalidArgument);
    }

    void appendOnly() {
        const std::string path = m_dir.filePath("c.veil-ledger").toStdString();
        auto l = PrivacyLedger::openFile(path);
        QVERIFY((*l)->recordRelease(entry("adult", 0.1)));
        auto db = SqliteDatabase::open(path, SqliteDatabase::OpenMode::OpenExisting);
        QVERIFY(!(*db)->exec("UPDATE ledger SET epsilon = 0").isOk());
        QVERIFY(!(*db)->exec("DELETE FROM ledger").isOk());
        QCOMPARE((*l)->entries()->size(), std::size_t(1));
    }

    void refusesNewerSchema() {
        const std::string path = m_dir.filePath("d.veil-ledger").toStdString();
        { QVERIFY(PrivacyLedger::openFile(path)); }
        {
            auto db = SqliteDatabase::open(path, SqliteDatabase::OpenMode::OpenExisting);
            QVERIFY((*db)->exec("UPDATE schema_version SET version = 99 WHERE component = 'ledger'").isOk());
        }
        QCOMPARE(PrivacyLedger::openFile(path).status().code(), StatusCode::Unsupported);
    }

    void uncommittedEntryIsNotVisibleAfterCrash() {
        const std::string path = m_dir.filePath("e.veil-ledger").toStdString();
        { QVERIFY(PrivacyLedger::openFile(path)); }
        const pid_t child = fork();
        if (child == 0) {
            // Child: start a transaction, write a row, die without committing.
            auto db = SqliteDatabase::open(path, SqliteDatabase::OpenMode::OpenExisting);
            if (!db) _exit(2);
            SqliteTransaction tx(**db);
            (void)(*db)->exec(
                "INSERT INTO ledger(dataset, created, release, mechanism, neighbouring, epsilon, delta) "
                "VALUES('adult', 'x', 'half', 'laplace', 'add-remove', 0.5, 0)");
            _exit(0);  // no commit, no destructors: like a crash
        }
        int status = 0;
        waitpid(child, &status, 0);
        QCOMPARE(WEXITSTATUS(status), 0);
        auto l = PrivacyLedger::openFile(path);
        QVERIFY(l);
        QCOMPARE((*l)->entries()->size(), std::size_t(0));
    }

    void killedWriterLeavesOnlyWholeEntries() {
        // A child appends entries in a loop and is SIGKILLed mid-way: every entry that is there is
        // whole, the budget holds, and the ledger still accepts writes.
        const std::string path = m_dir.filePath("f.veil-ledger").toStdString();
        {
            auto l = PrivacyLedger::openFile(path);
            QVERIFY((*l)->setBudget("adult", {1000.0, 0.0}).isOk());
        }
        const pid_t child = fork();
        if (child == 0) {
            auto l = PrivacyLedger::openFile(path);
            if (!l) _exit(2);
            for (int i = 0;; ++i) (void)(*l)->recordRelease(entry("adult", 0.001));
        }
        usleep(300 * 1000);
        kill(child, SIGKILL);
        int status = 0;
        waitpid(child, &status, 0);
        auto l = PrivacyLedger::openFile(path);
        QVERIFY(l);
        auto all = (*l)->entries("adult");
        QVERIFY(all);
        QVERIFY2(!all->empty(), "the child wrote nothing in 300 ms");
        for (const auto& e : *all) {
            QCOMPARE(e.epsilon, 0.001);
            QCOMPARE(e.release, std::string("count of age"));
            QCOMPARE(e.details["query"].get<std::string>(), std::string("count"));
        }
        QVERIFY((*l)->recordRelease(entry("adult", 0.001)));
    }

    void livesInsideAProjectFile() {
        const std::string path = m_dir.filePath("p.veil").toStdString();
        auto store = ProjectStore::open(path, true);
        QVERIFY2(store, store.status().message().c_str());
        auto l = PrivacyLedger::attach((*store)->database());
        QVERIFY2(l, l.status().message().c_str());
        QVERIFY((*l)->recordRelease(entry("1", 0.2)));
        l->reset();
        store->reset();
        auto again = ProjectStore::open(path, false);  // the project still opens
        QVERIFY2(again, again.status().message().c_str());
        auto l2 = PrivacyLedger::attach((*again)->database());
        QCOMPARE((*l2)->entries()->size(), std::size_t(1));
    }

private:
    QTemporaryDir m_dir;
};

QTEST_GUILESS_MAIN(TestPrivacyLedger)
#include "tst_privacy_ledger.moc"
