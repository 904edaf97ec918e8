// veil-cli risk --suda: SUDA2's special uniques through the CLI on sdcMicro's "suda2 book example"
// (tests/testthat/test_suda2.R in sdcTools/sdcMicro: the scores of records 5-8 are 4, 2, 6, 8), its
// JSON contract and text, --suda-max-size, and refused options.
#include "cli_runner.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QtTest>

namespace {

// Record 8 (60s, male, 50k-, university): {age = 60s} (weight (4 - 1)! = 6) and {male, university} (2! = 2).
const QByteArray kBook =
    "age,gender,income,education\n20s,male,50k+,highschool\n20s,male,50k+,highschool\n"
    "20s,male,50k-,highschool\n20s,male,50k-,highschool\n20s,female,50k-,university\n"
    "20s,female,50k-,highschool\n20s,female,50k-,middleschool\n60s,male,50k-,university\n";

QString writeBook(const QTemporaryDir& dir) {
    const QString path = dir.filePath(QStringLiteral("book.csv"));
    QFile f(path);
    if (!f.open(QIODevice::WriteOnly)) qFatal("cannot write %s", qPrintable(path));
    f.write(kBook);
    return path;
}

const QStringList kQis = {QStringLiteral("--qi"), QStringLiteral("age,gender,income,education")};

}  // namespace

class TestCliRiskSuda : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void jsonScores() {
        QTemporaryDir dir;
        const CliRun r = runCli(QStringList{"risk", writeBook(dir)} + kQis + QStringList{"--suda", "--json"});
        QCOMPARE(r.exitCode, 0);
        const QJsonObject suda = r.json().object().value("suda").toObject();
        QCOMPARE(suda.value("max_size").toInt(), 4);
        QCOMPARE(suda.value("dis_fraction").toDouble(), 0.01);
        const QJsonArray scores = suda.value("scores").toArray();
        QCOMPARE(scores.size(), 8);
        const double expected[] = {0, 0, 0, 0, 4, 2, 6, 8};
        for (int i = 0; i < 8; ++i) QCOMPARE(scores[i].toDouble(), expected[i]);
        // Record 8: one MSU of size 1, one of size 2.
        const QJsonArray counts = suda.value("msu_counts").toArray()[7].toArray();
        QCOMPARE(counts.size(), 4);
        QCOMPARE(counts[0].toInt(), 1);
        QCOMPARE(counts[1].toInt(), 1);
        QCOMPARE(suda.value("records_with_msus").toInt(), 4);
        QCOMPARE(suda.value("sample_uniques").toInt(), 4);
        QCOMPARE(suda.value("dis_scores").toArray().size(), 8);
        const QJsonArray contributions = suda.value("contributions").toArray();
        QCOMPARE(contributions.size(), 4);
        QCOMPARE(contributions[0].toObject().value("attribute").toString(), QStringLiteral("age"));
        // Total score 20; age is in {60s} (6) and record 5's {20s, university} (2): 8 / 20.
        QCOMPARE(contributions[0].toObject().value("contribution").toDouble(), 40.0);
        QCOMPARE(suda.value("by_size").toArray()[0].toObject().value("msus").toInt(), 2);  // {middleschool}, {60s}
        // Without --suda the key is absent (the other figures unchanged).
        const CliRun plain = runCli(QStringList{"risk", writeBook(dir)} + kQis + QStringList{"--json"});
        QVERIFY(!plain.json().object().contains("suda"));
        QCOMPARE(plain.json().object().value("uniques").toInt(), 4);
    }

    void textNamesTheValues() {
        QTemporaryDir dir;
        const CliRun r = runCli(QStringList{"risk", writeBook(dir)} + kQis + QStringList{"--suda", "--suda-top", "2"});
        QCOMPARE(r.exitCode, 0);
        const QString out = QString::fromUtf8(r.out);
        QVERIFY2(out.contains("4 of 8 records have one (6 in all"), qPrintable(out));
        QVERIFY2(out.contains("8: 8, ") && out.contains("{age=60s} {gender=male, education=university}"),
                 qPrintable(out));
        QVERIFY2(out.contains("7: 6, "), qPrintable(out));
        QVERIFY2(!out.contains("5: 4, "), qPrintable(out));  // --suda-top 2
        QVERIFY2(out.contains("age: 40%"), qPrintable(out));
    }

    // Searching MSUs of one attribute: weights prod_{i=s}^{0} = 1, record 8 keeps {60s} only.
    void maxSize() {
        QTemporaryDir dir;
        const CliRun r = runCli(QStringList{"risk", writeBook(dir)} + kQis +
                                QStringList{"--suda", "--suda-max-size", "1", "--json"});
        QCOMPARE(r.exitCode, 0);
        const QJsonObject suda = r.json().object().value("suda").toObject();
        QCOMPARE(suda.value("max_size").toInt(), 1);
        QCOMPARE(suda.value("scores").toArray()[7].toDouble(), 1.0);
        QCOMPARE(suda.value("total_msus").toInt(), 2);
    }

    void refusesBadOptions_data() {
        QTest::addColumn<QStringList>("extra");
        QTest::addColumn<QString>("message");
        QTest::newRow("max size above the QIs") << QStringList{"--suda-max-size", "5"} << "cannot exceed";
        QTest::newRow("dis fraction 0") << QStringList{"--suda-dis-fraction", "0"} << "(0, 1)";
        QTest::newRow("dis fraction 1") << QStringList{"--suda-dis-fraction", "1"} << "(0, 1)";
    }
    void refusesBadOptions() {
        QFETCH(QStringList, extra);
        QFETCH(QString, message);
        QTemporaryDir dir;
        const CliRun r = runCli(QStringList{"risk", writeBook(dir)} + kQis + QStringList{"--suda"} + extra);
        QVERIFY(r.exitCode != 0);
        QVERIFY2(QString::fromUtf8(r.err).contains(message), r.err.constData());
    }
};

QTEST_MAIN(TestCliRiskSuda)
#include "tst_cli_risk_suda.moc"
