// veil-cli synth on the adult sample: the flag contract, declared domains, seeds, the ledger
// charge, --evaluate only in teaching mode, MST's rho, delta and tree, AIM's rho and measured
// marginals, and bad input naming the field.
#include "cli_runner.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QtTest>

#include <cmath>

namespace {

const QString kSamples = QStringLiteral(VEIL_SAMPLES_DIR);
const QString kAdult = kSamples + "/adult.csv";

QStringList declared(const QString& out) {
    return {"synth",       kAdult,
            "--method",    "privbayes",
            "--epsilon",   "1",
            "--columns",   "sex,age,salary-class",
            "--bins",      "age=6",
            "--bounds",    "age=17:90",
            "--hierarchy", "sex=" + kSamples + "/adult_hierarchy_sex.csv",
            "--hierarchy", "salary-class=" + kSamples + "/adult_hierarchy_salary-class.csv",
            "--output",    out};
}

QByteArray readAll(const QString& path) {
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

}  // namespace

class TestCliSynth : public QObject {
    Q_OBJECT

private slots:
    void seededRunRepeatsAndIsMarked() {
        QTemporaryDir dir;
        const QString a = dir.filePath("a.csv"), b = dir.filePath("b.csv");
        const CliRun r1 = runCli(declared(a) << "--seed"
                                             << "5"
                                             << "--rows"
                                             << "500"
                                             << "--json");
        QCOMPARE(r1.exitCode, 0);
        const CliRun r2 = runCli(declared(b) << "--seed"
                                             << "5"
                                             << "--rows"
                                             << "500"
                                             << "--json");
        QCOMPARE(r2.exitCode, 0);
        QCOMPARE(readAll(a), readAll(b));
        QCOMPARE(readAll(a).count('\n'), 501);  // header + rows
        const auto j = r1.json().object();
        QCOMPARE(j["seeded"].toBool(), true);
        QCOMPARE(j["private"].toBool(), false);
        QCOMPARE(j["method"].toString(), QString("privbayes"));
        QCOMPARE(j["network"].toArray().size(), 3);
        QVERIFY(readAll(a).startsWith("sex,age,salary-class"));
    }
    void chargeIsRecordedInTheLedger() {
        QTemporaryDir dir;
        const QString ledger = dir.filePath("l.db");
        const CliRun r = runCli(declared(dir.filePath("s.csv")) << "--ledger" << ledger << "--budget"
                                                                << "1.5"
                                                                << "--json");
        QCOMPARE(r.exitCode, 0);
        QCOMPARE(r.json()["private"].toBool(), true);
        QCOMPARE(r.json()["spent"].toObject()["epsilon"].toDouble(), 1.0);
        QVERIFY(r.json()["ledger_entry"].toInt() > 0);
        const CliRun again = runCli(declared(dir.filePath("t.csv")) << "--ledger" << ledger << "--json");
        QVERIFY(again.exitCode != 0);
        QVERIFY2(QString(again.err).contains("refused"), again.err.constData());
        QVERIFY(!QFile::exists(dir.filePath("t.csv")));
    }
    void evaluateIsTeachingOnly() {
        QTemporaryDir dir;
        const CliRun refused = runCli(declared(dir.filePath("s.csv")) << "--evaluate");
        QVERIFY(refused.exitCode != 0);
        QVERIFY2(QString(refused.err).contains("--evaluate"), refused.err.constData());
        const CliRun r = runCli(declared(dir.filePath("s.csv")) << "--evaluate"
                                                                << "--teaching"
                                                                << "--seed"
                                                                << "1"
                                                                << "--json");
        QCOMPARE(r.exitCode, 0);
        const auto e = r.json()["evaluation"].toObject();
        QCOMPARE(e["private"].toBool(), false);
        QVERIFY(e["tvd_2way"].toObject()["average"].toDouble() < 0.2);
        const double rangeError = e["range_queries"].toObject()["mean_abs_error"].toDouble(-1);
        QVERIFY(rangeError >= 0 && rangeError < 0.2);
        QCOMPARE(r.json()["private"].toBool(), false);
    }
    // MST: delta defaults to 1e-9; the JSON records the method, rho (the reference's cdp_rho(1,
    // 1e-9) = 0.0149730576736, tests/core/synth/mst_reference.py), delta and the d - 1 tree edges;
    // the ledger records {epsilon, delta, rho}.
    // Accuracy by hand: 200 rows, t a copy of f (alternating a/b), g independent of both. Naive Bayes
    // trained on the real rows predicts t from f without error (real 100%), the majority class is
    // half the rows (50%); MST at epsilon 1000 measures the f-t marginal almost exactly, so a
    // classifier trained on its table is right on every real row too (100%).
    void evaluateAccuracyByHand() {
        QTemporaryDir dir;
        QFile csv(dir.filePath("copy.csv"));
        QVERIFY(csv.open(QIODevice::WriteOnly));
        csv.write("f,g,t\n");
        for (int r = 0; r < 200; ++r) {
            const QByteArray v = r % 2 ? "b" : "a";
            csv.write(v + "," + ((r / 2) % 2 ? "x" : "y") + "," + v + "\n");
        }
        csv.close();
        const QStringList base = {"synth",
                                  csv.fileName(),
                                  "--method",
                                  "mst",
                                  "--epsilon",
                                  "1000",
                                  "--teaching",
                                  "--seed",
                                  "2",
                                  "--output",
                                  dir.filePath("s.csv"),
                                  "--evaluate",
                                  "--target",
                                  "t"};
        const CliRun r = runCli(QStringList(base) << "--json");
        QCOMPARE(r.exitCode, 0);
        const auto a = r.json()["evaluation"].toObject()["accuracy"].toObject();
        QCOMPARE(a["target"].toString(), QString("t"));
        QCOMPARE(a["model"].toString(), QString("naive-bayes"));
        QCOMPARE(a["real"].toDouble(), 1.0);
        QCOMPARE(a["zero_r"].toDouble(), 0.5);
        QCOMPARE(a["synthetic"].toDouble(), 1.0);
        const CliRun human = runCli(base);
        QCOMPARE(human.exitCode, 0);
        QVERIFY2(QString(human.out).contains("accuracy: synthetic 100.0%, real 100.0%, majority 50.0%"),
                 human.out.constData());
        const CliRun noEval = runCli(QStringList(base.mid(0, base.size() - 3)) << "--target"
                                                                               << "t");
        QVERIFY(noEval.exitCode != 0);
        QVERIFY2(QString(noEval.err).contains("--target"), noEval.err.constData());
        const CliRun unknown = runCli(QStringList(base.mid(0, base.size() - 1)) << "nope");
        QVERIFY(unknown.exitCode != 0);
        QVERIFY2(QString(unknown.err).contains("nope"), unknown.err.constData());
        // Logistic regression: t is f, so the fit on either table is right on every real row.
        const CliRun logistic = runCli(QStringList(base) << "--model"
                                                         << "logistic"
                                                         << "--json");
        QCOMPARE(logistic.exitCode, 0);
        const auto l = logistic.json()["evaluation"].toObject()["accuracy"].toObject();
        QCOMPARE(l["model"].toString(), QString("logistic"));
        QCOMPARE(l["real"].toDouble(), 1.0);
        QCOMPARE(l["synthetic"].toDouble(), 1.0);
        const CliRun logisticText = runCli(QStringList(base) << "--model"
                                                             << "logistic");
        QVERIFY2(QString(logisticText.out).contains("(Logistic regression on t"), logisticText.out.constData());
        const CliRun noTarget = runCli(QStringList(base.mid(0, base.size() - 2)) << "--model"
                                                                                 << "logistic");
        QVERIFY(noTarget.exitCode != 0);
        QVERIFY2(QString(noTarget.err).contains("--model"), noTarget.err.constData());
    }
    void mstRecordsRhoDeltaAndTree() {
        QTemporaryDir dir;
        QStringList args = declared(dir.filePath("m.csv"));
        args[3] = "mst";
        const CliRun r = runCli(args << "--seed"
                                     << "3"
                                     << "--rows"
                                     << "400"
                                     << "--teaching"
                                     << "--evaluate"
                                     << "--json");
        QCOMPARE(r.exitCode, 0);
        const auto j = r.json().object();
        QCOMPARE(j["method"].toString(), QString("mst"));
        QCOMPARE(j["delta"].toDouble(), 1e-9);
        QVERIFY2(std::abs(j["rho"].toDouble() - 0.0149730576736) < 1e-12,
                 qPrintable(QString::number(j["rho"].toDouble())));
        QCOMPARE(j["tree"].toArray().size(), 2);
        QCOMPARE(j["neighbouring"].toString(), QString("replace"));
        QCOMPARE(readAll(dir.filePath("m.csv")).count('\n'), 401);
        QVERIFY(j["evaluation"].toObject()["tvd_2way"].toObject()["average"].toDouble() < 0.2);

        const QString ledger = dir.filePath("l.db");
        QStringList charged = declared(dir.filePath("n.csv"));
        charged[3] = "mst";
        const CliRun c = runCli(charged << "--delta"
                                        << "1e-6"
                                        << "--ledger" << ledger << "--budget"
                                        << "2,1e-5"
                                        << "--json");
        QCOMPARE(c.exitCode, 0);
        const auto spent = c.json()["spent"].toObject();
        QCOMPARE(spent["epsilon"].toDouble(), 1.0);
        QCOMPARE(spent["delta"].toDouble(), 1e-6);
        QVERIFY(spent["rho"].toDouble() > 0.0);
        QCOMPARE(c.json()["private"].toBool(), true);
    }
    // AIM: the same rho as MST (cdp_rho(1, 1e-9) = 0.0149730576736), all of it used by the rounds;
    // the 3 1-way marginals are measured first, then one marginal per round.
    void aimRecordsRhoAndMeasurements() {
        QTemporaryDir dir;
        QStringList args = declared(dir.filePath("a.csv"));
        args[3] = "aim";
        const CliRun r = runCli(args << "--seed"
                                     << "3"
                                     << "--rows"
                                     << "400"
                                     << "--iterations"
                                     << "200"
                                     << "--teaching"
                                     << "--json");
        QCOMPARE(r.exitCode, 0);
        const auto j = r.json().object();
        QCOMPARE(j["method"].toString(), QString("aim"));
        QCOMPARE(j["delta"].toDouble(), 1e-9);
        QVERIFY(std::abs(j["rho"].toDouble() - 0.0149730576736) < 1e-12);
        QVERIFY(std::abs(j["rho_used"].toDouble() - j["rho"].toDouble()) < 1e-12 * j["rho"].toDouble());
        const auto measured = j["measured"].toArray();
        QCOMPARE(measured.size(), 3 + j["rounds_run"].toInt());
        QCOMPARE(measured[0].toArray()[0].toString(), QString("sex"));
        QCOMPARE(j["rounds"].toInt(), 48);  // 16 x 3 columns
        QCOMPARE(readAll(dir.filePath("a.csv")).count('\n'), 401);
    }
    void badInputNamesTheField_data() {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<QString>("expected");
        const QString o = QDir::temp().filePath("veil_synth_bad.csv");
        const QStringList base{"synth", kAdult, "--epsilon", "1", "--output", o, "--columns"};
        QTest::newRow("numeric without bounds") << (base + QStringList{"age"}) << "column 'age'";
        QTest::newRow("categorical undeclared") << (base + QStringList{"race"}) << "column 'race'";
        QTest::newRow("bad bins") << (base + QStringList{"age", "--bounds", "age=0:90", "--bins", "age=x"})
                                  << "--bins age";
        QTest::newRow("bad bounds") << (base + QStringList{"age", "--bounds", "age=9", "--bins", "age=3"})
                                    << "--bounds age";
        QTest::newRow("reversed bounds") << (base + QStringList{"age", "--bounds", "age=90:0", "--bins", "age=3"})
                                         << "column 'age'";
        QTest::newRow("unknown column") << (base + QStringList{"nope"}) << "nope";
        QTest::newRow("unknown method") << (base + QStringList{"sex", "--method", "gan"}) << "--method";
        QTest::newRow("epsilon 0") << QStringList{"synth", kAdult, "--epsilon", "0", "--output", o} << "epsilon";
        QTest::newRow("beta") << (base + QStringList{"sex", "--teaching", "--beta", "1"}) << "beta";
        QTest::newRow("delta without mst") << (base + QStringList{"sex", "--teaching", "--delta", "1e-9"}) << "--delta";
        QTest::newRow("mst delta 0") << (base + QStringList{"sex", "--teaching", "--method", "mst", "--delta", "0"})
                                     << "delta";
        QTest::newRow("aim workload degree 4")
            << (base + QStringList{"sex", "--teaching", "--method", "aim", "--workload-degree", "4"}) << "degree";
    }
    void badInputNamesTheField() {
        QFETCH(QStringList, args);
        QFETCH(QString, expected);
        const CliRun r = runCli(args);
        QVERIFY(r.exitCode != 0);
        QVERIFY2(QString(r.err).contains(expected), r.err.constData());
        QVERIFY(r.out.isEmpty());
    }
};

QTEST_GUILESS_MAIN(TestCliSynth)
#include "tst_cli_synth.moc"
