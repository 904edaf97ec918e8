// A second user's review (synth, plan-sql, graph, dp on a column), each finding a case: no output
// replaces the ledger, a hierarchy or a plan's dataset; an output that cannot be created (a pseudo
// file system, a pipe) is refused before the charge; graph releases refuse a delta below the
// common range (it released the exact value) and flags their method ignores; `graph degrees`
// checks its two releases against the budget before the first; column queries refuse what their
// declared bounds cannot release before the charge; a clamped mean's interval follows it; a
// smooth-sensitivity release says its noise scale is withheld, not "none".
#include "cli_runner.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QtTest>

#include <sys/stat.h>

namespace {

QByteArray contents(const QString& path) {
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

const QString kKarate = QStringLiteral(VEIL_SAMPLES_DIR "/karate.edges");

// The next release on `ledger` is its entry number `n`: nothing else was charged.
int nextEntry(const QTemporaryDir& dir, const QString& ledger) {
    const QString t = dir.filePath(QStringLiteral("next.csv"));
    QFile f(t);
    f.open(QIODevice::WriteOnly);
    f.write("x\n1\n2\n");
    f.close();
    const CliRun r = runCli({"dp", t, "-c", "x", "-q", "count", "-e", "0.1", "--ledger", ledger, "--json"});
    return r.exitCode == 0 ? r.json().object()["ledger_entry"].toInt() : -1;
}

}  // namespace

class TestCliReviewFollowups : public QObject {
    Q_OBJECT
private slots:
    void outputsNeverReplaceWhatTheCommandKeeps() {
        QTemporaryDir dir;
        const QString tiny = writeTestFile(dir, "tiny.csv", "zip\n01234\n02139\n01234\n");
        const QString ledger = dir.filePath(QStringLiteral("ledger.sqlite"));
        QCOMPARE(nextEntry(dir, ledger), 1);
        const QByteArray before = contents(ledger);
        const QStringList synth{"synth", tiny, "--columns", "zip", "--categories", "zip=01234|02139", "-e", "0.1"};
        const CliRun overLedger = runCli(synth + QStringList{"-o", ledger, "--ledger", ledger});
        QVERIFY(overLedger.exitCode != 0);
        QVERIFY2(overLedger.err.contains("reads or keeps"), overLedger.err.constData());
        QCOMPARE(contents(ledger), before);
        const QString h = writeTestFile(dir, "zip.csv", "01234;0*\n02139;0*\n");
        const CliRun overHierarchy =
            runCli({"synth", tiny, "--columns", "zip", "--hierarchy", "zip=" + h, "-e", "0.1", "-o", h});
        QVERIFY2(overHierarchy.exitCode != 0 && overHierarchy.err.contains("reads or keeps"),
                 overHierarchy.err.constData());
        // plan-sql: the plan's dataset.
        const QString plan = writeTestFile(dir, "plan.json",
                                           "{\"kind\": \"anonymization\", \"dataset\": \"tiny.csv\", "
                                           "\"quasi_identifiers\": [\"zip\"], \"hierarchies\": {\"zip\": \"zip.csv\"}, "
                                           "\"k\": 2}");
        const CliRun sql = runCli({"plan-sql", plan, "-o", tiny});
        QVERIFY2(sql.exitCode != 0 && sql.err.contains("reads or keeps"), sql.err.constData());
        QCOMPARE(contents(tiny), QByteArray("zip\n01234\n02139\n01234\n"));
        // Nothing was charged by the refusals.
        QCOMPARE(nextEntry(dir, ledger), 2);
    }

    void unwritableOutputsAreRefusedBeforeTheCharge() {
        QTemporaryDir dir;
        const QString tiny = writeTestFile(dir, "tiny.csv", "zip\n01234\n02139\n01234\n");
        const QString ledger = dir.filePath(QStringLiteral("ledger.sqlite"));
        const QStringList synth{"synth",           tiny, "--columns", "zip",     "--categories",
                                "zip=01234|02139", "-e", "0.1",       "--ledger"};
        // /proc takes no new file, root or not (permission bits said it could).
        const CliRun proc = runCli(synth + QStringList{ledger, "-o", "/proc/veil-test.csv"});
        QVERIFY(proc.exitCode != 0);
        QVERIFY2(proc.err.contains("cannot create a file in /proc"), proc.err.constData());
        // A pipe would be replaced by a file, not written into.
        const QString fifo = dir.filePath(QStringLiteral("pipe"));
        QCOMPARE(::mkfifo(fifo.toLocal8Bit().constData(), 0600), 0);
        const CliRun pipe = runCli(synth + QStringList{ledger, "-o", fifo});
        QVERIFY(pipe.exitCode != 0);
        QVERIFY2(pipe.err.contains("is not a regular file"), pipe.err.constData());
        QCOMPARE(nextEntry(dir, ledger), 1);
    }

    void graphReleasesRefuseWhatTheyCannotHonour() {
        QTemporaryDir dir;
        // delta 5e-310: ln(1/delta) overflowed, the smooth bound was 0, and the exact value came out.
        const CliRun tiny =
            runCli({"graph", "release", kKarate, "--nodes", "34", "--statistic", "edges", "--privacy", "node",
                    "--method", "truncation", "--k", "5", "--delta", "5e-310", "--epsilon", "1"});
        QVERIFY(tiny.exitCode != 0);
        QVERIFY2(tiny.err.contains("needs a delta in [1e-300, 1)"), tiny.err.constData());
        const CliRun delta = runCli(
            {"graph", "release", kKarate, "--nodes", "34", "--statistic", "edges", "--delta", "0.3", "--epsilon", "1"});
        QVERIFY2(delta.exitCode != 0 && delta.err.contains("pure epsilon-DP"), delta.err.constData());
        const CliRun k = runCli({"graph", "release", kKarate, "--nodes", "34", "--statistic", "edges", "--privacy",
                                 "node", "--method", "restricted", "--epsilon", "1"});
        QVERIFY2(k.exitCode != 0 && k.err.contains("needs a degree bound"), k.err.constData());
        // Degrees: two releases of 0.6 against a budget of 1 are refused before the first.
        const QString ledger = dir.filePath(QStringLiteral("ledger.sqlite"));
        const CliRun degrees = runCli(
            {"graph", "degrees", kKarate, "--nodes", "34", "--epsilon", "0.6", "--budget", "1", "--ledger", ledger});
        QVERIFY(degrees.exitCode != 0);
        QCOMPARE(nextEntry(dir, ledger), 1);
        // Its text shows the histogram it pays for, and one receipt for both.
        const CliRun text = runCli({"graph", "degrees", kKarate, "--nodes", "34", "--epsilon", "1"});
        QVERIFY2(text.exitCode == 0 && text.out.contains("degree histogram") &&
                     text.out.contains("spent epsilon 2 in 2 releases"),
                 text.out.constData());
    }

    // Edge privacy keeps the node set: an edge list does not give it (removing edge 3-4 removed node
    // 4, and n, the degree sequence's length and the triangles' sensitivity changed with it). A
    // release declares it, by --nodes or a labels file that lists every node.
    void graphNodeSetIsDeclared() {
        QTemporaryDir dir;
        const QString g4 = writeTestFile(dir, "g4.edges", "1 2\n2 3\n3 4\n");
        const QString g3 = writeTestFile(dir, "g3.edges", "1 2\n2 3\n");
        const CliRun undeclared = runCli({"graph", "release", g4, "--statistic", "triangles", "--epsilon", "1"});
        QVERIFY(undeclared.exitCode != 0);
        QVERIFY2(undeclared.err.contains("declare the nodes"), undeclared.err.constData());
        for (const QString& g : {g4, g3}) {
            const CliRun tri =
                runCli({"graph", "release", g, "--nodes", "4", "--statistic", "triangles", "--epsilon", "1", "--json"});
            QVERIFY2(tri.exitCode == 0, tri.err.constData());
            QCOMPARE(tri.json().object()["sensitivity"].toDouble(), 2.0);  // n - 2, n = 4 for both
            const CliRun deg = runCli({"graph", "degrees", g, "--nodes", "4", "--epsilon", "1", "--json"});
            QVERIFY2(deg.exitCode == 0, deg.err.constData());
            QCOMPARE(deg.json().object()["sequence"].toObject()["noisy"].toArray().size(), 4);
        }
        const QString labels = writeTestFile(dir, "g.labels", "1 a\n2 b\n3 a\n4 c\n");
        const CliRun labelled = runCli({"graph", "degrees", g3, "--labels", labels, "--epsilon", "1", "--json"});
        QVERIFY2(labelled.exitCode == 0, labelled.err.constData());
        QCOMPARE(labelled.json().object()["sequence"].toObject()["noisy"].toArray().size(), 4);
        const CliRun fewer = runCli({"graph", "degrees", g4, "--nodes", "3", "--epsilon", "1"});
        QVERIFY2(fewer.exitCode != 0 && fewer.err.contains("more nodes than the declared"), fewer.err.constData());
    }

    void inspectionsCreateNothing() {
        QTemporaryDir dir;
        const QString typo = dir.filePath(QStringLiteral("ledgr.sqlite"));
        const CliRun check = runCli({"ledger", "check", "--ledger", typo});
        QVERIFY(check.exitCode != 0);
        QVERIFY2(check.err.contains("no privacy ledger here"), check.err.constData());
        QVERIFY(!QFile::exists(typo));
        const QString tiny = writeTestFile(dir, "tiny.csv", "zip\n01234\n02139\n01234\n");
        const CliRun nan = runCli({"synth", tiny, "--columns", "zip", "--categories", "zip=01234|02139", "-m", "mst",
                                   "-e", "0.1", "--delta", "nan", "-o", dir.filePath(QStringLiteral("s.csv"))});
        QVERIFY2(nan.exitCode != 0 && nan.err.contains("--delta"), nan.err.constData());
        // A setting of another method is refused (MST ignored --beta, and a plan recorded it).
        const CliRun beta = runCli({"synth", tiny, "--columns", "zip", "--categories", "zip=01234|02139", "-m", "mst",
                                    "-e", "0.1", "--beta", "0.9", "-o", dir.filePath(QStringLiteral("s.csv"))});
        QVERIFY2(beta.exitCode != 0 && beta.err.contains("beta: a setting of privbayes; mst does not use it"),
                 beta.err.constData());
        const QString plan = writeTestFile(dir, "plan.json",
                                           "{\"kind\": \"synthetic\", \"dataset\": \"tiny.csv\", \"method\": "
                                           "\"aim\", \"epsilon\": 1, \"beta\": 0.5, \"domains\": {\"zip\": "
                                           "{\"categories\": [\"01234\", \"02139\"]}}}");
        const CliRun planned = runCli({"release", plan, "-o", dir.filePath(QStringLiteral("bundle")), "--ledger",
                                       dir.filePath(QStringLiteral("l.sqlite"))});
        QVERIFY2(planned.exitCode != 0 && planned.err.contains("aim does not use it"), planned.err.constData());
    }

    void columnQueriesCheckTheirBoundsBeforeTheCharge() {
        QTemporaryDir dir;
        const QString t = writeTestFile(dir, "t.csv", "x\n1\n2\n3\n4\n5\n");
        const QString ledger = dir.filePath(QStringLiteral("ledger.sqlite"));
        const QStringList base{"dp", t, "-c", "x", "-e", "1", "--ledger", ledger};
        for (const QStringList& extra :
             {QStringList{"-q", "sum"}, QStringList{"-q", "mean", "--lower", "3", "--upper", "3"},
              QStringList{"-q", "sum", "--lower", "0", "--upper", "1e300"},
              QStringList{"-q", "sum", "-m", "geometric", "--lower", "0", "--upper", "10.5"}}) {
            const CliRun r = runCli(base + extra);
            QVERIFY2(r.exitCode != 0 && !r.err.contains("was charged"), qPrintable(extra.join(' ')));
        }
        QCOMPARE(nextEntry(dir, ledger), 1);
    }

    // Mean of 1..5 in [0, 10] at a small epsilon: the clamped release lies inside its interval,
    // which stays within the bounds.
    void clampedMeanKeepsItsInterval() {
        QTemporaryDir dir;
        const QString t = writeTestFile(dir, "t.csv", "x\n1\n2\n3\n4\n5\n");
        for (int seed = 1; seed <= 20; ++seed) {
            const CliRun r = runCli({"dp", t, "-c", "x", "-q", "mean", "--lower", "0", "--upper", "10", "-e", "0.2",
                                     "--seed", QString::number(seed), "--json"});
            QVERIFY2(r.exitCode == 0, r.err.constData());
            const QJsonObject j = r.json().object();
            const double v = j["releases"].toArray()[0].toDouble();
            const QJsonArray ci = j["intervals"].toArray()[0].toArray();
            QVERIFY2(ci[0].toDouble() <= v && v <= ci[1].toDouble() && ci[0].toDouble() >= 0 && ci[1].toDouble() <= 10,
                     qPrintable(QStringLiteral("seed %1: %2 in [%3, %4]")
                                    .arg(seed)
                                    .arg(v)
                                    .arg(ci[0].toDouble())
                                    .arg(ci[1].toDouble())));
        }
    }

    void smoothReleaseSaysItsScaleIsWithheld() {
        QTemporaryDir dir;
        const QString t = writeTestFile(dir, "t.csv", "x\n1\n2\n3\n4\n5\n");
        const CliRun r = runCli({"dp", t, "-c", "x", "-q", "median", "-m", "smooth", "--delta", "1e-5", "--lower", "0",
                                 "--upper", "10", "-e", "1", "--json"});
        QVERIFY2(r.exitCode == 0, r.err.constData());
        const QJsonObject j = r.json().object();
        QCOMPARE(j["noise"].toString(), QStringLiteral("laplace"));
        QVERIFY(j["noise_scale"].isNull());
        QVERIFY(j["sensitivity"].isNull());
    }
};

QTEST_MAIN(TestCliReviewFollowups)
#include "tst_cli_review_followups.moc"
