// veil-cli dp and rr on the adult sample: the JSON contract, trials, seeds, ledger, bad input, and
// the privacy boundary (issue 13): epsilon ranges, declared domains, charging, teaching mode.
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
        const CliRun r = runCli({"dp", kAdult, "--column", "age", "--query", "count", "--mechanism", "laplace",
                                 "--epsilon", "0.5", "--seed", "3", "--json"});
        QCOMPARE(r.exitCode, 0);
        const QJsonObject o = r.json().object();
        for (const char* key : {"releases", "noise_scale", "epsilon", "delta", "neighbouring"})
            QVERIFY2(o.contains(key), key);
        QCOMPARE(o["releases"].toArray().size(), 1);
        QCOMPARE(o["epsilon"].toDouble(), 0.5);
        QCOMPARE(o["delta"].toDouble(), 0.0);
        QCOMPARE(o["neighbouring"].toString(), QString("add-remove"));
        QVERIFY(std::fabs(o["noise_scale"].toDouble() - 2.0) < 1e-9);  // 1 / 0.5 (+ snapping widening)
        QVERIFY(o["seeded"].toBool());
        QCOMPARE(o["private"].toBool(), false);  // a fixed seed: charged, but not private
        QCOMPARE(o["mode"].toString(), QString("release"));
        QCOMPARE(o["spent"].toObject()["epsilon"].toDouble(), 0.5);
        QVERIFY(!o.contains("true_value") && !o.contains("rows_used"));
        // 30162 rows; Laplace(2) noise stays within 40 of it except with probability e^-20.
        QVERIFY(std::fabs(o["releases"].toArray()[0].toDouble() - 30162) < 40);
    }
    void trialsAndSeedsRepeat() {
        const QStringList args{"dp",  kAdult, "-c", "age",      "-q", "mean",   "--lower", "0",     "--upper",
                               "100", "-e",   "1",  "--trials", "50", "--seed", "9",       "--json"};
        const CliRun a = runCli(args), b = runCli(args);
        QCOMPARE(a.exitCode, 0);
        QCOMPARE(a.json()["releases"].toArray().size(), 50);
        QCOMPARE(a.json()["releases"], b.json()["releases"]);
        QCOMPARE(a.json()["neighbouring"].toString(), QString("replace"));
        QCOMPARE(a.json()["total_epsilon"].toDouble(), 50.0);
    }
    void histogramAndMedian() {
        const CliRun h =
            runCli({"dp", kAdult, "-c", "race", "-q", "histogram", "-m", "geometric", "-e", "1", "--seed", "1",
                    "--categories", "White,Black,Asian-Pac-Islander,Amer-Indian-Eskimo,Other", "--json"});
        QCOMPARE(h.exitCode, 0);
        QCOMPARE(h.json()["labels"].toArray().size(), 5);
        QCOMPARE(h.json()["releases"].toArray()[0].toArray().size(), 5);
        const CliRun bins = runCli({"dp", kAdult, "-c", "age", "-q", "histogram", "--bins", "0,30,60,100", "-e", "1",
                                    "--seed", "1", "--json"});
        QCOMPARE(bins.exitCode, 0);
        QCOMPARE(bins.json()["labels"].toArray().size(), 3);
        const CliRun m = runCli({"dp", kAdult, "-c", "age", "-q", "quantile:0.5", "-m", "exponential", "--lower", "0",
                                 "--upper", "100", "-e", "1", "--seed", "1", "--json"});
        QCOMPARE(m.exitCode, 0);
        const double med = m.json()["releases"].toArray()[0].toDouble();
        QVERIFY2(med > 30 && med < 45, qPrintable(QString::number(med)));  // true median 37
        const CliRun g = runCli({"dp", kAdult, "-c", "age", "-q", "sum", "--lower", "0", "--upper", "100", "-m",
                                 "gaussian", "-e", "1", "--delta", "1e-6", "--seed", "1", "--json"});
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
        QTest::newRow("lower > upper") << (base + QStringList{"-e", "1", "-q", "sum", "--lower", "9", "--upper", "1"})
                                       << "lower";
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
        // A count of an empty column is a noisy 0 (refusing would tell that it is empty); a mean
        // of no values is refused.
        QCOMPARE(runCli({"dp", path, "-c", "b", "-e", "1"}).exitCode, 0);
        const CliRun r = runCli({"dp", path, "-c", "b", "-q", "mean", "--lower", "0", "--upper", "1", "-e", "1"});
        QVERIFY(r.exitCode != 0);
        // (an all-empty column has no numeric type either)
        QVERIFY2(QString(r.err).contains("no non-missing") || QString(r.err).contains("needs a numeric column"),
                 r.err.constData());
    }
    void randomizedResponse() {
        const CliRun r = runCli({"rr", kAdult, "--column", "sex", "--epsilon", "2", "--value", "Female", "--seed", "5",
                                 "--json", "--show-true", "--teaching"});
        QCOMPARE(r.exitCode, 0);
        const QJsonObject o = r.json().object();
        QCOMPARE(o["attribute"].toString(), QString("sex = Female"));
        QCOMPARE(o["neighbouring"].toString(), QString("replace"));
        QVERIFY(std::fabs(o["p_truth"].toDouble() - std::exp(2.0) / (std::exp(2.0) + 1)) < 1e-12);
        // Standard error at n = 30162, eps 2 is about 0.004; allow 5 of them.
        QVERIFY(std::fabs(o["estimate"].toDouble() - o["true_value"].toDouble()) < 5 * o["std_error"].toDouble());
        QCOMPARE(o["private"].toBool(), false);  // teaching mode
        const CliRun k = runCli({"rr", kAdult, "-c", "race", "-e", "1", "--seed", "5", "--json", "--categories",
                                 "White,Black,Asian-Pac-Islander,Amer-Indian-Eskimo,Other"});
        QCOMPARE(k.exitCode, 0);
        QCOMPARE(k.json()["estimate"].toArray().size(), 5);
        QVERIFY(!k.json().object().contains("true_value"));
    }
    // Finding 1: tiny epsilons published the exact answer; 1e308 printed null. Now every epsilon
    // outside [1e-9, 1000] is refused naming the range, in every command that draws noise.
    void epsilonOutsideTheRange_data() {
        QTest::addColumn<QStringList>("command");
        QTest::addColumn<QString>("epsilon");
        const QString graph = QStringLiteral(VEIL_SAMPLES_DIR "/karate.edges");
        const QList<QStringList> commands = {
            {"dp", kAdult, "-c", "age", "-e"},
            {"dp", kAdult, "-c", "age", "-q", "sum", "--lower", "0", "--upper", "100", "-e"},
            {"dp", kAdult, "-c", "age", "-m", "geometric", "-e"},
            {"rr", kAdult, "-c", "sex", "--value", "Female", "-e"},
            {"graph", "release", graph, "--nodes", "34", "--epsilon"},
            {"graph", "degrees", graph, "--nodes", "34", "--epsilon"},
            {"psd", "--shape", QStringLiteral(VEIL_TEST_DATA_DIR "/dpbench/cabspottingE_256_256.csv"), "--scale", "100",
             "--height", "2", "-e"},
        };
        for (const auto& c : commands)
            for (const char* eps : {"1e-320", "5e-307", "1e-20", "1e308", "inf", "0", "-1"})
                QTest::addRow("%s %s %s", qPrintable(c[0]), qPrintable(c.size() > 3 ? c[3] : c[1]), eps)
                    << c << QString(eps);
    }
    void epsilonOutsideTheRange() {
        QFETCH(QStringList, command);
        QFETCH(QString, epsilon);
        const CliRun r = runCli(command + QStringList{epsilon, "--json"});
        QVERIFY2(r.exitCode != 0, r.out.constData());
        QVERIFY2(QString(r.err).contains("[1e-09, 1000]") || QString(r.err).contains("epsilon"), r.err.constData());
        QVERIFY(r.out.isEmpty());
    }
    void smallestEpsilonIsReallyNoisy() {
        const CliRun r = runCli({"dp", kAdult, "-c", "age", "-m", "geometric", "-e", "1e-9", "--json"});
        QCOMPARE(r.exitCode, 0);
        QVERIFY(std::fabs(r.json()["releases"].toArray()[0].toDouble() - 30162) >
                1000);  // scale 1e9: P(|noise| <= 1000) ~ 1e-6
    }
    // Finding 2: a categorical histogram or k-ary randomized response took its labels from the
    // data. Both need a declared domain now; values outside it go to --other or are dropped.
    void domainsAreDeclared() {
        const CliRun h = runCli({"dp", kAdult, "-c", "race", "-q", "histogram", "-e", "1"});
        QVERIFY(h.exitCode != 0);
        QVERIFY2(QString(h.err).contains("declared"), h.err.constData());
        const CliRun rr = runCli({"rr", kAdult, "-c", "race", "-e", "1"});
        QVERIFY(rr.exitCode != 0);
        QVERIFY2(QString(rr.err).contains("declared domain"), rr.err.constData());
        QTemporaryDir dir;
        const QString file = dir.filePath("races.txt");
        QFile f(file);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write("White\nBlack\n");
        f.close();
        const CliRun other = runCli({"dp", kAdult, "-c", "race", "-q", "histogram", "-e", "1", "--seed", "2",
                                     "--categories-file", file, "--other", "rest", "--json"});
        QCOMPARE(other.exitCode, 0);
        QCOMPARE(other.json()["labels"].toArray().size(), 3);
        QCOMPARE(other.json()["labels"].toArray()[2].toString(), QString("rest"));
        const CliRun kary = runCli(
            {"rr", kAdult, "-c", "race", "-e", "1", "--seed", "2", "--categories-file", file, "--other", "--json"});
        QCOMPARE(kary.exitCode, 0);
        QCOMPARE(kary.json()["categories"].toArray().size(), 3);
        // A plan with a wrapped or negative bin count is refused, not read as "no bins".
        for (const char* bins : {"2147483648", "-3", "0"}) {
            const QString plan = dir.filePath("p.json");
            QFile p(plan);
            QVERIFY(p.open(QIODevice::WriteOnly | QIODevice::Truncate));
            p.write(QStringLiteral(R"({"kind": "dp-query", "dataset": {"path": "%1", "delimiter": ";"}, "column": "age",
                "query": "histogram", "epsilon": 1, "lower": 0, "upper": 100, "bins": %2})")
                        .arg(kAdult, bins)
                        .toUtf8());
            p.close();
            const CliRun r = runCli({"release", plan, "-o", dir.filePath(QStringLiteral("b%1").arg(bins)), "--ledger",
                                     dir.filePath("l.db")});
            QVERIFY2(r.exitCode != 0 && QString(r.err).contains("bins"), r.err.constData());
        }
    }
    // Finding 4: rr and graph degrees spent budget without recording it; now every command that
    // draws noise charges the ledger (and refuses over budget), and --show-true needs --teaching.
    void everyNoisyCommandCharges() {
        QTemporaryDir dir;
        const QString ledger = dir.filePath("l.db");
        const CliRun rr = runCli({"rr", kAdult, "-c", "sex", "--value", "Female", "-e", "0.6", "--ledger", ledger,
                                  "--budget", "1", "--json"});
        QCOMPARE(rr.exitCode, 0);
        QCOMPARE(rr.json()["private"].toBool(), true);
        QCOMPARE(rr.json()["spent"].toObject()["epsilon"].toDouble(), 0.6);
        QVERIFY(rr.json()["ledger_entry"].toInt() > 0);
        const CliRun again =
            runCli({"rr", kAdult, "-c", "sex", "--value", "Female", "-e", "0.6", "--ledger", ledger, "--json"});
        QVERIFY(again.exitCode != 0);
        QVERIFY2(QString(again.err).contains("refused"), again.err.constData());
        QVERIFY(again.out.isEmpty());
        const CliRun truth = runCli({"dp", kAdult, "-c", "age", "-e", "1", "--show-true"});
        QVERIFY(truth.exitCode != 0);
        QVERIFY2(QString(truth.err).contains("--teaching"), truth.err.constData());
        const CliRun teachingLedger = runCli({"dp", kAdult, "-c", "age", "-e", "1", "--teaching", "--ledger", ledger});
        QVERIFY(teachingLedger.exitCode != 0);
        const CliRun teaching = runCli({"dp", kAdult, "-c", "age", "-e", "1", "--teaching", "--show-true", "--json"});
        QCOMPARE(teaching.exitCode, 0);
        QCOMPARE(teaching.json()["private"].toBool(), false);
        QCOMPARE(teaching.json()["mode"].toString(), QString("teaching"));
        QCOMPARE(teaching.json()["true_value"].toDouble(), 30162.0);
        QCOMPARE(teaching.json()["spent"].toObject()["epsilon"].toDouble(), 0.0);
    }
    void seededTextIsMarked() {
        const CliRun dp = runCli({"dp", kAdult, "-c", "age", "-e", "1", "--seed", "4"});
        QVERIFY2(QString(dp.out).contains("SEEDED"), dp.out.constData());
        const CliRun rr = runCli({"rr", kAdult, "-c", "sex", "--value", "Female", "-e", "1", "--seed", "4"});
        QVERIFY2(QString(rr.out).contains("SEEDED"), rr.out.constData());
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
