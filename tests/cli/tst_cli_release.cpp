// veil-cli release and plan-sql on the shipped example plans.
#include "cli_runner.h"

#include <QDir>
#include <QJsonArray>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QtTest>

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
    QCOMPARE(m["input"].toObject()["sha256"].toString().size(), 64);
    QCOMPARE(m["ledger"].toObject()["entry"].toInt(), 1);
    QVERIFY(QFile::exists(out + "/adult-anonymized.csv"));
    QVERIFY(QFile::exists(out + "/manifest.json"));
    QVERIFY(QFile::exists(out + "/report.html"));
    // The same destination twice is refused.
    const CliRun again = runCli({"release", kExamples + "adult-k5-plan.json", "--output", out, "--ledger",
                                 tmp.filePath("ledger.sqlite")});
    QCOMPARE(again.exitCode, 1);
    QVERIFY(again.err.contains("already exists"));
}

void TestCliRelease::dpPlanSpendsBudgetAndIsRefusedWhenOver() {
    QTemporaryDir tmp;
    const QString ledger = tmp.filePath("ledger.sqlite");
    // Budget 0.8 on adult.csv through the dp command, then two releases of 0.5 each.
    const CliRun setup = runCli({"dp", VEIL_SAMPLES_DIR "/adult.csv", "--column", "age", "--query", "count", "--epsilon",
                                 "0.1", "--ledger", ledger, "--budget", "0.8", "--seed", "1", "--json"});
    QVERIFY2(setup.exitCode == 0, setup.err.constData());
    const CliRun first = runCli({"release", kExamples + "adult-age-mean-plan.json", "--output", tmp.filePath("a"),
                                 "--ledger", ledger, "--seed", "7", "--json"});
    QVERIFY2(first.exitCode == 0, first.err.constData());
    const QJsonObject m = first.json().object();
    QCOMPARE(m["privacy"].toObject()["epsilon"].toDouble(), 0.5);
    QCOMPARE(m["randomness"].toObject()["policy"].toString(), QString("seeded"));
    QCOMPARE(m["budget"].toObject()["remaining_epsilon"].toDouble(), 0.2);  // 0.8 - 0.1 - 0.5
    const CliRun second = runCli({"release", kExamples + "adult-age-mean-plan.json", "--output", tmp.filePath("b"),
                                  "--ledger", ledger});
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
    QVERIFY(r.out.contains("CREATE TABLE veil_h1_age"));
    QVERIFY(r.out.contains("COUNT(*) OVER (PARTITION BY"));
    QVERIFY(r.out.contains("THEN \"age\" ELSE '*' END"));
}

void TestCliRelease::badPlans_data() {
    QTest::addColumn<QByteArray>("plan");
    QTest::addColumn<QString>("message");
    QTest::newRow("not JSON") << QByteArray("{oops") << "not valid JSON";
    QTest::newRow("no kind") << QByteArray("{}") << "field 'kind' is missing";
    QTest::newRow("unknown kind") << QByteArray("{\"kind\": \"magic\"}") << "must be \"anonymization\" or \"dp-query\"";
    QTest::newRow("missing dataset") << QByteArray("{\"kind\": \"dp-query\", \"column\": \"age\", \"epsilon\": 1}")
                                     << "field 'dataset' is missing";
    QTest::newRow("epsilon zero") << QByteArray("{\"kind\": \"dp-query\", \"dataset\": \"" VEIL_SAMPLES_DIR
                                                "/adult.csv\", \"column\": \"age\", \"epsilon\": 0}")
                                  << "epsilon";
}

void TestCliRelease::badPlans() {
    QFETCH(QByteArray, plan);
    QFETCH(QString, message);
    QTemporaryDir tmp;
    QFile f(tmp.filePath("plan.json"));
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write(plan);
    f.close();
    const CliRun r = runCli({"release", f.fileName(), "--output", tmp.filePath("out"), "--ledger", tmp.filePath("l.sqlite")});
    QCOMPARE(r.exitCode, 1);
    QVERIFY2(QString::fromUtf8(r.err).contains(message), r.err.constData());
    QCOMPARE(r.err.count('\n'), 1);
}

QTEST_APPLESS_MAIN(TestCliRelease)
#include "tst_cli_release.moc"
