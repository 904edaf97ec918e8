// veil-cli release and plan-sql on the shipped example plans.
#include "cli_runner.h"

#include <QDir>
#include <QJsonArray>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QtTest>

#include <memory>
#include <vector>

namespace {
const QString kExamples = QStringLiteral(VEIL_SAMPLES_DIR "/../../docs/examples/");
}

class TestCliRelease : public QObject {
    Q_OBJECT
private slots:
    void anonymizationPlanRunsAsShipped();
    void dpPlanSpendsBudgetAndIsRefusedWhenOver();
    void planSqlWritesLookupTablesAndQuery();
    void zipOutputWritesOneArchive();
    void badPlans_data();
    void badPlans();
    void concurrentReleasesToOnePath();
    void wrongKindsOfFiles();
    void planSqlTakesThePlansTransformation();
    void ledgerCheckRepairs();
};

void TestCliRelease::anonymizationPlanRunsAsShipped() {
    QTemporaryDir tmp;
    const QString out = tmp.filePath("bundle");
    const CliRun r = runCli({"release", kExamples + "adult-k5-plan.json", "--output", out, "--ledger",
                             tmp.filePath("ledger.sqlite"), "--json"});
    QVERIFY2(r.exitCode == 0, r.err.constData());
    const QJsonObject m = r.json().object();
    QCOMPARE(m["kind"].toString(), QString("anonymization"));
    QCOMPARE(m["summary"].toObject()["min_class_size"].toInt() >= 5, true);
    QVERIFY(m["summary"].toObject()["suppressed"].toInt() <= int(0.04 * 30162));
    QVERIFY(m["input"].toObject()["fingerprint"].toString().startsWith("hmac-sha256:"));
    QCOMPARE(m["input"].toObject()["fingerprint"].toString().size(), 12 + 64);
    QVERIFY(!m["input"].toObject().contains("sha256"));
    QCOMPARE(m["ledger"].toObject()["entry"].toInt(), 1);
    QVERIFY(QFile::exists(out + "/adult-anonymized.csv"));
    QVERIFY(QFile::exists(out + "/manifest.json"));
    QVERIFY(QFile::exists(out + "/report.html"));
    // The same destination twice is refused.
    const CliRun again = runCli(
        {"release", kExamples + "adult-k5-plan.json", "--output", out, "--ledger", tmp.filePath("ledger.sqlite")});
    QCOMPARE(again.exitCode, 1);
    QVERIFY(again.err.contains("already exists"));
}

void TestCliRelease::dpPlanSpendsBudgetAndIsRefusedWhenOver() {
    QTemporaryDir tmp;
    const QString ledger = tmp.filePath("ledger.sqlite");
    // Budget 0.8 on adult.csv through the dp command, then two releases of 0.5 each.
    const CliRun setup = runCli({"dp", VEIL_SAMPLES_DIR "/adult.csv", "--column", "age", "--query", "count",
                                 "--epsilon", "0.1", "--ledger", ledger, "--budget", "0.8", "--seed", "1", "--json"});
    QVERIFY2(setup.exitCode == 0, setup.err.constData());
    const CliRun first = runCli({"release", kExamples + "adult-age-mean-plan.json", "--output", tmp.filePath("a"),
                                 "--ledger", ledger, "--seed", "7", "--json"});
    QVERIFY2(first.exitCode == 0, first.err.constData());
    const QJsonObject m = first.json().object();
    QCOMPARE(m["privacy"].toObject()["epsilon"].toDouble(), 0.5);
    QCOMPARE(m["randomness"].toObject()["policy"].toString(), QString("seeded"));
    QCOMPARE(m["budget"].toObject()["remaining_epsilon"].toDouble(), 0.2);  // 0.8 - 0.1 - 0.5
    const CliRun second =
        runCli({"release", kExamples + "adult-age-mean-plan.json", "--output", tmp.filePath("b"), "--ledger", ledger});
    QCOMPARE(second.exitCode, 1);
    QVERIFY2(second.err.contains("budget"), second.err.constData());
    QVERIFY(!QFile::exists(tmp.filePath("b")));
}

void TestCliRelease::zipOutputWritesOneArchive() {
    QTemporaryDir tmp;
    const QString out = tmp.filePath("release.zip");
    const CliRun r = runCli({"release", kExamples + "adult-age-mean-plan.json", "--output", out, "--ledger",
                             tmp.filePath("ledger.sqlite"), "--json"});
    QVERIFY2(r.exitCode == 0, r.err.constData());
    QVERIFY(r.json().object()["bundle"].toString().endsWith(QStringLiteral("release.zip")));
    QFile zip(out);
    QVERIFY(zip.open(QIODevice::ReadOnly));
    const QByteArray bytes = zip.readAll();
    QVERIFY(bytes.startsWith("PK\x03\x04"));  // a zip's local file header
    // Entry names are stored uncompressed in the archive's headers.
    for (const char* name : {"manifest.json", "report.html"}) QVERIFY2(bytes.contains(name), name);
    QCOMPARE(QDir(tmp.path()).entryList({QStringLiteral("*partial*")}, QDir::AllEntries | QDir::Hidden).size(), 0);
}

void TestCliRelease::planSqlWritesLookupTablesAndQuery() {
    const CliRun r = runCli({"plan-sql", kExamples + "adult-k5-plan.json", "--dialect", "duckdb"});
    QVERIFY2(r.exitCode == 0, r.err.constData());
    QVERIFY(r.out.contains("CREATE TABLE \"veil_h1_age\""));
    QVERIFY(r.out.contains("COUNT(*) OVER (PARTITION BY"));
    QVERIFY(r.out.contains("THEN \"age\" ELSE '*' END"));
}

void TestCliRelease::badPlans_data() {
    QTest::addColumn<QByteArray>("plan");
    QTest::addColumn<QString>("message");
    QTest::newRow("not JSON") << QByteArray("{\n  oops") << "plan.json:2:3: not valid JSON";
    QTest::newRow("no kind") << QByteArray("{}") << "plan.kind: is missing";
    QTest::newRow("unknown kind") << QByteArray("{\"kind\": \"magic\"}")
                                  << "must be \"anonymization\", \"dp-query\" or \"synthetic\"";
    QTest::newRow("missing dataset") << QByteArray("{\"kind\": \"dp-query\", \"column\": \"age\", \"epsilon\": 1}")
                                     << "plan.dataset: is missing";
    QTest::newRow("epsilon zero") << QByteArray("{\"kind\": \"dp-query\", \"dataset\": \"" VEIL_SAMPLES_DIR
                                                "/adult.csv\", \"column\": \"age\", \"epsilon\": 0}")
                                  << "epsilon";
    // Issue 14, findings 4 and 6: integers read without wrapping, wrong types named by field.
    const QByteArray head =
        "{\"kind\": \"dp-query\", \"dataset\": \"" VEIL_SAMPLES_DIR
        "/adult.csv\", \"column\": \"age\", \"query\": \"histogram\", \"lower\": 0, \"upper\": 100, ";
    QTest::newRow("bins a string") << head + "\"epsilon\": 1, \"bins\": \"x\"}"
                                   << "plan.bins: expected a bin count or a list of edges, got a string (\"x\")";
    QTest::newRow("bins 2^31") << head + "\"epsilon\": 1, \"bins\": 2147483648}"
                               << "plan.bins: expected an integer in [1, 10000000]";
    QTest::newRow("bins 2^32+1") << head + "\"epsilon\": 1, \"bins\": 4294967297}"
                                 << "got a number (4294967297)";
    QTest::newRow("bins 2e9") << head + "\"epsilon\": 1, \"bins\": 2000000000}"
                              << "got a number (2000000000)";
    QTest::newRow("bins 2.5") << head + "\"epsilon\": 1, \"bins\": 2.5}"
                              << "plan.bins: expected an integer";
    QTest::newRow("epsilon a string") << head + "\"epsilon\": \"one\", \"bins\": 4}"
                                      << "plan.epsilon: expected a number, got a string";
    QTest::newRow("trials 1e9") << head + "\"epsilon\": 1, \"bins\": 4, \"trials\": 1000000000}"
                                << "plan.trials: expected an integer in [1, 10000000]";
    QTest::newRow("trials x bins") << head + "\"epsilon\": 1, \"bins\": 1000000, \"trials\": 100}"
                                   << "at most 50000000";
    QTest::newRow("categories not strings") << head + "\"epsilon\": 1, \"categories\": [\"a\", 3]}"
                                            << "plan.categories[1]: expected a string, got a number (3)";
    QTest::newRow("delimiter two chars") << QByteArray(
                                                "{\"kind\": \"dp-query\", \"dataset\": {\"path\": \"x.csv\", "
                                                "\"delimiter\": \";;\"}, \"column\": \"a\", \"epsilon\": 1}")
                                         << "plan.dataset.delimiter: expected one character";
    QTest::newRow("transformation wrong type")
        << QByteArray("{\"kind\": \"anonymization\", \"dataset\": \"" VEIL_SAMPLES_DIR
                      "/adult.csv\", \"quasi_identifiers\": [\"age\"], \"transformation\": [\"1\"]}")
        << "plan.transformation[0]: expected an integer in [0, 1000], got a string";
}

void TestCliRelease::badPlans() {
    QFETCH(QByteArray, plan);
    QFETCH(QString, message);
    QTemporaryDir tmp;
    QFile f(tmp.filePath("plan.json"));
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write(plan);
    f.close();
    const CliRun r =
        runCli({"release", f.fileName(), "--output", tmp.filePath("out"), "--ledger", tmp.filePath("l.sqlite")});
    QCOMPARE(r.exitCode, 1);
    QVERIFY2(QString::fromUtf8(r.err).contains(message), r.err.constData());
    QCOMPARE(r.err.count('\n'), 1);
    QVERIFY(!r.err.contains("json.exception"));
    QVERIFY(!QFile::exists(tmp.filePath("out")));
}

// Issue 14, finding 6: a folder or a foreign file where a file of another kind is expected.
void TestCliRelease::wrongKindsOfFiles() {
    QTemporaryDir tmp;
    const QString folder = tmp.path();
    const CliRun plan =
        runCli({"release", folder, "--output", tmp.filePath("out"), "--ledger", tmp.filePath("l.sqlite")});
    QVERIFY2(plan.err.contains("is a folder; expected a release plan (JSON)"), plan.err.constData());
    // A SQLite database of somebody else's with a table called "ledger".
    const QString foreign = tmp.filePath("foreign.sqlite");
    QProcess sqlite;
    sqlite.start("sqlite3", {foreign, "CREATE TABLE ledger(x INTEGER); INSERT INTO ledger VALUES (7);"});
    QVERIFY(sqlite.waitForFinished() && sqlite.exitCode() == 0);
    QFile before(foreign);
    QVERIFY(before.open(QIODevice::ReadOnly));
    const QByteArray bytes = before.readAll();
    before.close();
    const CliRun ledger = runCli({"ledger", "check", "--ledger", foreign});
    QCOMPARE(ledger.exitCode, 1);
    QVERIFY2(
        ledger.err.contains("foreign.sqlite: a SQLite database with its own 'ledger' table, not a Veil privacy ledger"),
        ledger.err.constData());
    QFile after(foreign);
    QVERIFY(after.open(QIODevice::ReadOnly));
    QCOMPARE(after.readAll(), bytes);  // left untouched
    const CliRun dirLedger = runCli({"ledger", "check", "--ledger", folder});
    QVERIFY2(dirLedger.err.contains("is a folder; expected a privacy ledger"), dirLedger.err.constData());
    // A hierarchy that is a folder.
    QFile planFile(tmp.filePath("plan.json"));
    QVERIFY(planFile.open(QIODevice::WriteOnly));
    planFile.write("{\"kind\": \"anonymization\", \"dataset\": \"" VEIL_SAMPLES_DIR
                   "/adult.csv\", \"quasi_identifiers\": "
                   "[\"age\"], \"hierarchies\": {\"age\": \"" +
                   folder.toUtf8() + "\"}, \"k\": 2}");
    planFile.close();
    const CliRun hierarchy =
        runCli({"release", planFile.fileName(), "--output", tmp.filePath("o2"), "--ledger", tmp.filePath("l.sqlite")});
    QVERIFY2(hierarchy.err.contains("is a folder; expected a hierarchy file"), hierarchy.err.constData());
}

// Issue 14, finding 6: plan-sql accepts a plan that carries its transformation.
void TestCliRelease::planSqlTakesThePlansTransformation() {
    QTemporaryDir tmp;
    QFile planFile(tmp.filePath("plan.json"));
    QVERIFY(planFile.open(QIODevice::WriteOnly));
    planFile.write("{\"kind\": \"anonymization\", \"dataset\": {\"path\": \"" VEIL_SAMPLES_DIR
                   "/adult.csv\", "
                   "\"delimiter\": \";\"}, \"quasi_identifiers\": [\"sex\", \"age\"], \"hierarchies\": {\"sex\": "
                   "\"" VEIL_SAMPLES_DIR "/adult_hierarchy_sex.csv\", \"age\": \"" VEIL_SAMPLES_DIR
                   "/adult_hierarchy_age.csv\"}, \"k\": 5, \"transformation\": [0, 2]}");
    planFile.close();
    const CliRun r = runCli({"plan-sql", planFile.fileName(), "--dialect", "postgresql"});
    QVERIFY2(r.exitCode == 0, r.err.constData());
    QVERIFY(r.out.contains("-- sex at level 0 of its hierarchy"));
    QVERIFY(r.out.contains("-- age at level 2 of its hierarchy"));
    QVERIFY(r.out.contains("ROW_NUMBER() OVER ()"));
}

// Issue 14, finding 5: 20 releases started at once to one destination. Exactly one is written and
// charged; every other one fails with a clear message before anything is charged; no partial,
// lock or temporary file stays behind.
void TestCliRelease::concurrentReleasesToOnePath() {
    for (const char* name : {"same.zip", "same-folder"}) {
        const QString out = QString::fromLatin1(name);
        QTemporaryDir tmp;
        const QString ledger = tmp.filePath("ledger.sqlite");
        // Create the ledger first (a charge to another dataset: `ledger check` creates nothing).
        QVERIFY(runCli({"dp", QStringLiteral(VEIL_SAMPLES_DIR "/adult.csv"), "-c", "age", "-q", "count", "-e", "0.01",
                        "--ledger", ledger, "--dataset", "elsewhere"})
                    .exitCode == 0);
        std::vector<std::unique_ptr<QProcess>> runs;
        for (int i = 0; i < 20; ++i) {
            auto p = std::make_unique<QProcess>();
            p->start(QStringLiteral(VEIL_CLI_PATH), {"release", kExamples + "adult-age-mean-plan.json", "--output",
                                                     tmp.filePath(out), "--ledger", ledger});
            runs.push_back(std::move(p));
        }
        int ok = 0, refused = 0;
        for (auto& p : runs) {
            QVERIFY(p->waitForFinished(120000));
            const QByteArray err = p->readAllStandardError();
            if (p->exitCode() == 0)
                ++ok;
            else if (err.contains("another release") || err.contains("already exists"))
                ++refused;
            else
                QFAIL(err.constData());
        }
        QCOMPARE(ok, 1);
        QCOMPARE(refused, 19);
        const CliRun check = runCli({"ledger", "check", "--ledger", ledger, "--json"});
        const QJsonArray items = check.json().object()["items"].toArray();
        QCOMPARE(items.size(), 1);  // one release recorded, complete
        QCOMPARE(items[0].toObject()["state"].toString(), QString("complete"));
        const QStringList left = QDir(tmp.path()).entryList(QDir::AllEntries | QDir::Hidden | QDir::NoDotAndDotDot);
        for (const QString& entry : left)
            QVERIFY2(entry == out || entry.startsWith("ledger.sqlite"), qPrintable(entry));
    }
}

void TestCliRelease::ledgerCheckRepairs() {
    QTemporaryDir tmp;
    const QString ledger = tmp.filePath("ledger.sqlite");
    QVERIFY(runCli({"release", kExamples + "adult-k5-plan.json", "--output", tmp.filePath("b"), "--ledger", ledger})
                .exitCode == 0);
    // Something a killed release could leave: a partial with Veil's marker but no ledger entry.
    const QString token(32, 'c');
    QVERIFY(QDir(tmp.path()).mkdir(".lost.partial-" + token));
    QFile marker(tmp.filePath(".lost.partial-" + token + "/.veil-partial"));
    QVERIFY(marker.open(QIODevice::WriteOnly));
    marker.write((token + "\n").toUtf8());
    marker.close();
    const CliRun listed = runCli({"ledger", "check", "--ledger", ledger});
    QVERIFY2(listed.exitCode == 0, listed.err.constData());
    QVERIFY2(listed.out.contains("stray partial") && listed.out.contains("complete"), listed.out.constData());
    QVERIFY(QDir(tmp.filePath(".lost.partial-" + token)).exists());
    const CliRun fixed = runCli({"ledger", "check", "--ledger", ledger, "--fix"});
    QVERIFY(fixed.out.contains("removed"));
    QVERIFY(!QDir(tmp.filePath(".lost.partial-" + token)).exists());
    QVERIFY(QFile::exists(tmp.filePath("b/manifest.json")));
}

QTEST_APPLESS_MAIN(TestCliRelease)
#include "tst_cli_release.moc"
