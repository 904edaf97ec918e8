// veil-cli dp and rr on the adult sample: the JSON contract, trials, seeds, ledger, bad input.
#include "cli_runner.h"

#include <QJsonArray>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QtTest>

namespace {
const QString kAdult = QStringLiteral(VEIL_SAMPLES_DIR "/adult.csv");
}

class TestCliDp : public QObject {
    Q_OBJECT
private slots:
    void countJsonContract() {
        const CliRun r = runCli({"dp", kAdult, "--column", "age", "--query", "count", "--mechanism", "laplace", "--epsilon", "0.5",
                                 "--seed", "3", "--json"});
        QCOMPARE(r.exitCode, 0);
        const QJsonObject o = r.json().object();
        for (const char* key : {"releases", "noise_scale", "epsilon", "delta", "neighbouring"}) QVERIFY2(o.contains(key), key);
        QCOMPARE(o["releases"].toArray().size(), 1);
        QCOMPARE(o["epsilon"].toDouble(), 0.5);
        QCOMPARE(o["delta"].toDouble(), 0.0);
        QCOMPARE(o["neighbouring"].toString(), QString("add-remove"));
        QVERIFY(std::fabs(o["noise_scale"].toDouble() - 2.0) < 1e-9);  // 1 / 0.5 (+ snapping widening)
        QVERIFY(o["seeded"].toBool());
        // 30162 rows; Laplace(2) noise stays within 40 of it except with probability e^-20.
        QVERIFY(std::fabs(o["releases"].toArray()[0].toDouble() - 30162) < 40);
    }
    void trialsAndSeedsRepeat() {
        const QStringList args{"dp", kAdult, "-c", "age", "-q", "mean", "--lower", "0", "--upper", "100", "-e", "1", "--trials", "50",
                               "--seed", "9", "--json"};
        const CliRun a = runCli(args), b = runCli(args);
        QCOMPARE(a.exitCode, 0);
        QCOMPARE(a.json()["releases"].toArray().size(), 50);
        QCOMPARE(a.json()["releases"], b.json()["releases"]);
        QCOMPARE(a.json()["neighbouring"].toString(), QString("replace"));
        QCOMPARE(a.json()["total_epsilon"].toDouble(), 50.0);
    }
    void histogramAndMedian() {
        const CliRun h = runCli({"dp", kAdult, "-c", "race", "-q", "histogram", "-m", "geometric", "-e", "1", "--seed", "1", "--json"});
        QCOMPARE(h.exitCode, 0);
        QCOMPARE(h.json()["labels"].toArray().size(), 5);
        QCOMPARE(h.json()["releases"].toArray()[0].toArray().size(), 5);
        const CliRun bins = runCli({"dp", kAdult, "-c", "age", "-q", "histogram", "--bins", "0,30,60,100", "-e", "1", "--seed", "1", "--json"});
        QCOMPARE(bins.exitCode, 0);
        QCOMPARE(bins.json()["labels"].toArray().size(), 3);
        const CliRun m = runCli({"dp", kAdult, "-c", "age", "-q", "quantile:0.5", "-m", "exponential", "--lower", "0", "--upper", "100",
                                 "-e", "1", "--seed", "1", "--json"});
        QCOMPARE(m.exitCode, 0);
        const double med = m.json()["releases"].toArray()[0].toDouble();
        QVERIFY2(med > 30 && med < 45, qPrintable(QString::number(med)));  // true median 37
        const CliRun g = runCli({"dp", kAdult, "-c", "age", "-q", "sum", "--lower", "0", "--upper", "100", "-m", "gaussian", "-e", "1",
                                 "--delta", "1e-6", "--seed", "1", "--json"});
        QCOMPARE(g.exitCode, 0);
        QCOMPARE(g.json()["delta"].toDouble(), 1e-6);
    }
    void badInput_data() {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<QString>("message");
        const QStringList base{"dp", kAdult, "-c", "age"};
        QTest::newRow("epsilon 0") << (base + QStringList{"-e", "0"}) << "epsilon";
        QTest::newRow("epsilon negative") << (base + QStringList{"-e", "-1"}) << "epsilon";
        QTest::newRow("epsilon NaN") << (base + QStringList{"-e", "nan"}) << "epsilon";
        QTest::newRow("delta 1") << (base + QStringList{"-e", "1", "-m", "gaussian", "--delta", "1"}) << "delta";
        QTest::newRow("lower > upper") << (base + QStringList{"-e", "1", "-q", "sum", "--lower", "9", "--upper", "1"}) << "lower";
        QTest::newRow("unknown column") << QStringList{"dp", kAdult, "-c", "nope", "-e", "1"} << "nope";
        QTest::newRow("unknown query") << (base + QStringList{"-e", "1", "-q", "variance"}) << "unknown query";
        QTest::newRow("missing epsilon") << base << "epsilon";
        QTest::newRow("rr epsilon 0") << QStringList{"rr", kAdult, "-c", "sex", "-e", "0"} << "epsilon";
    }
    void badInput() {
        QFETCH(QStringList, args);
        QFETCH(QString, message);
        const CliRun r = runCli(args);
        QVERIFY(r.exitCode != 0);
        QVERIFY2(QString(r.err).contains(message), r.err.constData());
        QCOMPARE(QString(r.err).trimmed().count('\n'), 0);  // one line
    }
    void emptyColumn() {
        QTemporaryDir dir;
        const QString path = dir.filePath("t.csv");
        QFile f(path);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write("a,b\n1,\n2,\n");
        f.close();
        const CliRun r = runCli({"dp", path, "-c", "b", "-e", "1"});
        QVERIFY(r.exitCode != 0);
        QVERIFY2(QString(r.err).contains("empty"), r.err.constData());
    }
    void randomizedResponse() {
        const CliRun r = runCli({"rr", kAdult, "--column", "sex", "--epsilon", "2", "--value", "Female", "--seed", "5", "--json", "--show-true"});
        QCOMPARE(r.exitCode, 0);
        const QJsonObject o = r.json().object();
        QCOMPARE(o["attribute"].toString(), QString("sex = Female"));
        QCOMPARE(o["neighbouring"].toString(), QString("replace"));
        QVERIFY(std::fabs(o["p_truth"].toDouble() - std::exp(2.0) / (std::exp(2.0) + 1)) < 1e-12);
        // Standard error at n = 30162, eps 2 is about 0.004; allow 5 of them.
        QVERIFY(std::fabs(o["estimate"].toDouble() - o["true_value"].toDouble()) < 5 * o["std_error"].toDouble());
        const CliRun k = runCli({"rr", kAdult, "-c", "race", "-e", "1", "--seed", "5", "--json"});
        QCOMPARE(k.exitCode, 0);
        QCOMPARE(k.json()["estimate"].toArray().size(), 5);
    }
    void ledgerRefusesOverBudget() {
        QTemporaryDir dir;
        const QString ledger = dir.filePath("l.db");
        const QStringList args{"dp", kAdult, "-c", "age", "-e", "0.6", "--ledger", ledger, "--budget", "1", "--json"};
        QCOMPARE(runCli(args).exitCode, 0);
        const CliRun r = runCli(args);
        QVERIFY(r.exitCode != 0);
        QVERIFY2(QString(r.err).contains("refused"), r.err.constData());
        QVERIFY(r.out.isEmpty());  // nothing released
    }
    void help() {
        QCOMPARE(runCli({"dp", "--help"}).exitCode, 0);
        QCOMPARE(runCli({"rr", "--help"}).exitCode, 0);
    }
};

QTEST_GUILESS_MAIN(TestCliDp)
#include "tst_cli_dp.moc"
