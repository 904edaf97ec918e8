// veil-cli with MDAV microaggregation: anonymize --algorithm mdav (JSON, summary line, released
// CSV), a release plan with "algorithm": "mdav" round trip to a bundle, and plan-sql's refusal.
// Data: the seven points of tst_microaggregation's hand example (groups {E,F,G} mean (10,10) and
// {A,B,C,D} mean (3.25,3.25), SSE/SST = 1141/3328 = 0.342849, derived by hand there).
#include "cli_runner.h"

#include <QDir>
#include <QDirIterator>
#include <QFile>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QtTest>

namespace {

const QByteArray kPoints = "x;y\n1;1\n1;3\n3;1\n8;8\n8;10\n10;8\n12;12\n";
constexpr double kSseOverSst = 1141.0 / 3328.0;

QString writeFile(const QTemporaryDir& dir, const QString& name, const QByteArray& text) {
    const QString path = dir.filePath(name);
    QFile f(path);
    if (!f.open(QIODevice::WriteOnly)) qFatal("cannot write %s", qPrintable(path));
    f.write(text);
    return path;
}

QByteArray readAll(const QString& path) {
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

QByteArray planJson(const QString& data) {
    return "{\"kind\": \"anonymization\", \"dataset\": {\"path\": \"" + data.toUtf8() +
           "\", \"delimiter\": \";\"}, \"quasi_identifiers\": [\"x\", \"y\"], \"k\": 3, \"algorithm\": \"mdav\"}";
}

}  // namespace

class TestCliMdav : public QObject {
    Q_OBJECT
private slots:
    void anonymizeJson();
    void anonymizeHumanOutputAndCsv();
    void releasePlanRoundTrip();
    void planSqlRefuses();
};

void TestCliMdav::anonymizeJson() {
    QTemporaryDir dir;
    const QString data = writeFile(dir, "points.csv", kPoints);
    const CliRun r = runCli({"anonymize", data, "--qi", "x,y", "--k", "3", "--algorithm", "mdav", "--json"});
    QVERIFY2(r.exitCode == 0, r.err.constData());
    const QJsonObject o = r.json().object();
    QCOMPARE(o["algorithm"].toString(), QString("mdav"));
    QCOMPARE(o["metric"].toString(), QString("sse"));
    QCOMPARE(o["groups"].toInt(), 2);
    QCOMPARE(o["min_class_size"].toInt(), 3);
    QCOMPARE(o["suppressed"].toInt(), 0);
    QCOMPARE(o["sse_over_sst"].toDouble(), kSseOverSst);
    QCOMPARE(o["information_loss"].toDouble(), kSseOverSst);
    QCOMPARE(o["metrics"].toObject()["sse"].toDouble(), kSseOverSst);
}

void TestCliMdav::anonymizeHumanOutputAndCsv() {
    QTemporaryDir dir;
    const QString data = writeFile(dir, "points.csv", kPoints);
    const QString out = dir.filePath("out.csv");
    const CliRun r = runCli({"anonymize", data, "--qi", "x,y", "--k", "3", "--algorithm", "mdav", "--output", out});
    QVERIFY2(r.exitCode == 0, r.err.constData());
    QVERIFY2(r.out.contains("Microaggregation (MDAV), k = 3, SSE/SST = 0.342849 (2 groups)"), r.out.constData());
    QCOMPARE(readAll(out), QByteArray("x;y\n3.25;3.25\n3.25;3.25\n3.25;3.25\n3.25;3.25\n10;10\n10;10\n10;10\n"));
}

void TestCliMdav::releasePlanRoundTrip() {
    QTemporaryDir dir;
    const QString data = writeFile(dir, "points.csv", kPoints);
    const QString plan = writeFile(dir, "plan.json", planJson(data));
    const QString bundle = dir.filePath("bundle");
    const CliRun r = runCli({"release", plan, "--output", bundle, "--ledger", dir.filePath("ledger.sqlite")});
    QVERIFY2(r.exitCode == 0, r.err.constData());
    QByteArray csv, manifest;
    QDirIterator it(bundle, QDir::Files, QDirIterator::Subdirectories);
    while (it.hasNext()) {
        const QString f = it.next();
        if (f.endsWith("points-anonymized.csv")) csv = readAll(f);
        if (f.endsWith("manifest.json")) manifest = readAll(f);
    }
    QCOMPARE(csv, QByteArray("x;y\n3.25;3.25\n3.25;3.25\n3.25;3.25\n3.25;3.25\n10;10\n10;10\n10;10\n"));
    QVERIFY2(manifest.contains("\"mechanism\": \"microaggregation (MDAV), k = 3, SSE/SST = 0.3428\""),
             manifest.constData());
    QVERIFY(manifest.contains("\"sse_over_sst\": 0.3428485576923077"));  // 1141/3328 to 16 digits
}

void TestCliMdav::planSqlRefuses() {
    QTemporaryDir dir;
    const QString data = writeFile(dir, "points.csv", kPoints);
    const QString plan = writeFile(dir, "plan.json", planJson(data));
    const CliRun r = runCli({"plan-sql", plan, "--dialect", "duckdb"});
    QVERIFY(r.exitCode != 0);
    QVERIFY2(r.err.contains("MDAV microaggregation cannot be exported as SQL"), r.err.constData());
}

QTEST_GUILESS_MAIN(TestCliMdav)
#include "tst_cli_mdav.moc"
