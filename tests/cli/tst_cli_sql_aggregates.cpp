// The two-step DP flow through veil-cli: plan-sql writes the exact-aggregates SQL of a dp-query
// plan, SQLite (through the library) runs it on the adult sample loaded as `input`, and
// `release --aggregates` adds the noise, spends the budget and writes the bundle; a malformed
// aggregates file is refused with file:line and spends nothing; the budget still refuses.
#include "../core/release/sqlite_input.h"
#include "cli_runner.h"
#include "veil/table/csv_reader.h"

#include <QCryptographicHash>
#include <QJsonArray>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QtTest>

namespace {

const QString kExamples = QStringLiteral(VEIL_SAMPLES_DIR "/../../docs/examples/");

QByteArray readAll(const QString& path) {
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

void writeAll(const QString& path, const QByteArray& bytes) {
    QFile f(path);
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write(bytes);
}

// Runs plan-sql's SQLite script on the adult sample and writes veil_aggregates as CSV to `csv`.
bool runExportedSql(const QString& sqlFile, const QString& csv) {
    veil::CsvReadOptions o;
    o.delimiter = ';';
    auto adult = veil::readCsvFile(VEIL_SAMPLES_DIR "/adult.csv", o);
    if (!adult) return false;
    const auto run = veil::testing::runSqlOnTable(adult->table, readAll(sqlFile).toStdString(), "veil_aggregates");
    if (!run.error.empty()) qWarning("SQL failed: %s", run.error.c_str());
    writeAll(csv, QByteArray::fromStdString(veil::testing::toCsv(run)));
    return run.error.empty() && !run.rows.empty();
}

}  // namespace

class TestCliSqlAggregates : public QObject {
    Q_OBJECT
private slots:
    void histogramTwoStepFlow();
    void shippedMeanPlan();
    void shippedCategoryHistogramSameAsOrdinaryRelease();
    void histogramWithoutDomainIsRefused();
};

void TestCliSqlAggregates::histogramTwoStepFlow() {
    QTemporaryDir tmp;
    const QString plan = tmp.filePath("plan.json"), sql = tmp.filePath("agg.sql"), agg = tmp.filePath("agg.csv");
    const QString ledger = tmp.filePath("ledger.sqlite");
    writeAll(plan, "{\"kind\": \"dp-query\", \"dataset\": {\"path\": \"" VEIL_SAMPLES_DIR
                   "/adult.csv\", \"delimiter\": \";\"},"
                   " \"column\": \"age\", \"query\": \"histogram\", \"mechanism\": \"geometric\", \"epsilon\": 0.3,"
                   " \"lower\": 17, \"upper\": 90, \"bins\": 8}");
    const CliRun exported = runCli({"plan-sql", plan, "--dialect", "sqlite", "--output", sql});
    QVERIFY2(exported.exitCode == 0, exported.err.constData());
    QVERIFY(readAll(sql).contains("LEFT JOIN counts"));
    QVERIFY(runExportedSql(sql, agg));

    // Budget 0.5 on adult.csv, 0.1 of it spent by the dp command.
    const CliRun setup = runCli({"dp", VEIL_SAMPLES_DIR "/adult.csv", "--column", "age", "--query", "count",
                                 "--epsilon", "0.1", "--ledger", ledger, "--budget", "0.5", "--seed", "1"});
    QVERIFY2(setup.exitCode == 0, setup.err.constData());

    // A file whose second bin's label differs from the plan's domain (line 3): refused, nothing spent.
    QList<QByteArray> lines = readAll(agg).split('\n');
    QVERIFY(lines.size() > 3);
    lines[2].replace("[26.125, 35.25)", "[26, 35)");
    const QString bad = tmp.filePath("agg-bad.csv");
    writeAll(bad, lines.join('\n'));
    const CliRun refused =
        runCli({"release", plan, "--aggregates", bad, "--output", tmp.filePath("bad"), "--ledger", ledger});
    QCOMPARE(refused.exitCode, 1);
    QVERIFY2(refused.err.contains("agg-bad.csv:3: label '[26, 35)' of output 1"), refused.err.constData());
    QCOMPARE(refused.err.count('\n'), 1);
    QVERIFY(!QFile::exists(tmp.filePath("bad")));

    const CliRun first = runCli({"release", plan, "--aggregates", agg, "--output", tmp.filePath("b1"), "--ledger",
                                 ledger, "--seed", "5", "--json"});
    QVERIFY2(first.exitCode == 0, first.err.constData());
    const QJsonObject m = first.json().object();
    // The true aggregates are named by the ledger's keyed fingerprint (`ledger fingerprint`
    // recomputes it), never by their plain hash, and a histogram's row count (its true total)
    // is not recorded.
    const QString sha = QCryptographicHash::hash(readAll(agg), QCryptographicHash::Sha256).toHex();
    QVERIFY(!first.out.contains(sha.toLatin1()));
    QVERIFY(!m["exact_aggregates"].toObject().contains("rows"));
    const CliRun fingerprint = runCli({"ledger", "fingerprint", agg, "--ledger", ledger});
    QVERIFY2(fingerprint.exitCode == 0, fingerprint.err.constData());
    const QString expected = QString::fromLatin1(fingerprint.out).trimmed();
    QVERIFY(expected.startsWith("hmac-sha256:"));
    QCOMPARE(m["exact_aggregates"].toObject()["fingerprint"].toString(), expected);
    QCOMPARE(m["input"].toObject()["fingerprint"].toString(), expected);
    // Another ledger, or none, cannot say it: no new ledger, no new secret.
    QCOMPARE(runCli({"ledger", "fingerprint", agg, "--ledger", tmp.filePath("none.sqlite")}).exitCode, 1);
    QVERIFY(!QFile::exists(tmp.filePath("none.sqlite")));
    QCOMPARE(m["kind"].toString(), QString("dp-query"));
    QCOMPARE(m["mechanism"].toString(), QString("geometric"));
    QCOMPARE(m["privacy"].toObject()["epsilon"].toDouble(), 0.3);
    QCOMPARE(m["budget"].toObject()["remaining_epsilon"].toDouble(), 0.5 - 0.1 - 0.3);  // the bad file spent nothing
    QCOMPARE(m["summary"].toObject()["outputs"].toInt(), 8);
    const QJsonObject data = QJsonDocument::fromJson(readAll(tmp.filePath("b1/adult-age-histogram.json"))).object();
    const QJsonArray released = data["releases"].toArray()[0].toArray();
    QCOMPARE(released.size(), 8);
    QCOMPARE(released[0].toObject()["label"].toString(), QString("[17, 26.125)"));  // 17 + 73/8 = 26.125
    const double v = released[3].toObject()["value"].toDouble();
    QCOMPARE(v, std::round(v));  // geometric noise: integers

    // 0.1 + 0.3 spent of 0.5: another 0.3 is refused and leaves no folder.
    const CliRun second =
        runCli({"release", plan, "--aggregates", agg, "--output", tmp.filePath("b2"), "--ledger", ledger});
    QCOMPARE(second.exitCode, 1);
    QVERIFY2(second.err.contains("budget"), second.err.constData());
    QVERIFY(!QFile::exists(tmp.filePath("b2")));
}

void TestCliSqlAggregates::shippedMeanPlan() {
    QTemporaryDir tmp;
    const QString plan = kExamples + "adult-age-mean-plan.json", sql = tmp.filePath("mean.sql"),
                  agg = tmp.filePath("mean.csv");
    const CliRun duck = runCli({"plan-sql", plan, "--dialect", "duckdb"});
    QVERIFY2(duck.exitCode == 0, duck.err.constData());
    // Every row counts, a missing age as the bounds' midpoint (as Veil's own mean).
    QVERIFY(duck.out.contains("COUNT(*) AS n"));
    QVERIFY(duck.out.contains(
        "COALESCE(SUM(CASE WHEN v IS NULL THEN CAST('53.5' AS DOUBLE) WHEN v < CAST('17' AS DOUBLE) THEN CAST('17' AS "
        "DOUBLE)"));
    QVERIFY(runCli({"plan-sql", plan, "--output", sql}).exitCode == 0);
    QVERIFY(runExportedSql(sql, agg));
    const CliRun r = runCli({"release", plan, "--aggregates", agg, "--output", tmp.filePath("b"), "--ledger",
                             tmp.filePath("l.sqlite"), "--seed", "2", "--json"});
    QVERIFY2(r.exitCode == 0, r.err.constData());
    const QJsonObject m = r.json().object();
    QCOMPARE(m["privacy"].toObject()["neighbouring"].toString(), QString("replace"));
    QCOMPARE(m["summary"].toObject()["rows_used"].toInt(), 30162);
    // Noise scale of the mean: (90 - 17) / 30162 / 0.5.
    QVERIFY(std::fabs(m["summary"].toObject()["noise_scale"].toDouble() - 73.0 / 30162 / 0.5) < 1e-12);
    // A count file for a mean plan is refused at line 2.
    writeAll(agg, "output_index,label,n,clamped_sum\n0,count,30162,\n");
    const CliRun bad = runCli(
        {"release", plan, "--aggregates", agg, "--output", tmp.filePath("c"), "--ledger", tmp.filePath("l.sqlite")});
    QCOMPARE(bad.exitCode, 1);
    QVERIFY2(bad.err.contains("mean.csv:2: label 'count'"), bad.err.constData());
}

void TestCliSqlAggregates::shippedCategoryHistogramSameAsOrdinaryRelease() {
    QTemporaryDir tmp;
    const QString plan = kExamples + "adult-workclass-histogram-plan.json", sql = tmp.filePath("h.sql");
    const QString agg = tmp.filePath("h.csv"), ledger = tmp.filePath("l.sqlite");
    QVERIFY(runCli({"plan-sql", plan, "--output", sql}).exitCode == 0);
    QVERIFY(runExportedSql(sql, agg));
    // "Never-worked" does not occur in the sample: its bin is present with n = 0.
    QVERIFY2(readAll(agg).contains("7,Never-worked,0,\n"), readAll(agg).constData());
    const CliRun viaSql = runCli(
        {"release", plan, "--aggregates", agg, "--output", tmp.filePath("a"), "--ledger", ledger, "--seed", "9"});
    QVERIFY2(viaSql.exitCode == 0, viaSql.err.constData());
    const CliRun ordinary = runCli({"release", plan, "--output", tmp.filePath("b"), "--ledger", ledger, "--seed", "9"});
    QVERIFY2(ordinary.exitCode == 0, ordinary.err.constData());
    const auto released = [&](const QString& dir) {
        const QJsonObject data = QJsonDocument::fromJson(readAll(dir + "/adult-workclass-histogram.json")).object();
        return data["releases"].toArray()[0].toArray();
    };
    const QJsonArray a = released(tmp.filePath("a")), b = released(tmp.filePath("b"));
    QCOMPARE(a.size(), 8);  // the declared categories, in their order, in both releases
    QCOMPARE(a, b);         // same seed, same exact counts, same mechanism code: the same noisy values
    QCOMPARE(a[7].toObject()["label"].toString(), QString("Never-worked"));
}

void TestCliSqlAggregates::histogramWithoutDomainIsRefused() {
    QTemporaryDir tmp;
    const QString plan = tmp.filePath("plan.json");
    writeAll(plan, "{\"kind\": \"dp-query\", \"dataset\": \"" VEIL_SAMPLES_DIR
                   "/adult.csv\", \"column\": \"workclass\","
                   " \"query\": \"histogram\", \"epsilon\": 1}");
    const CliRun r = runCli({"plan-sql", plan});
    QCOMPARE(r.exitCode, 1);
    QVERIFY2(r.err.contains("data-independent domain"), r.err.constData());
}

QTEST_APPLESS_MAIN(TestCliSqlAggregates)
#include "tst_cli_sql_aggregates.moc"
