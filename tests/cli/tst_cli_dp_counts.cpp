// veil-cli dp --counts: a histogram given as counts (the Histograms view's counts file) released
// from the command line. A 4 x 6 grid: its shape kept (2-D strategies only, a 1-D one refused naming
// those), each trial charged to the ledger, --output written in the input's layout, the per-query
// file's true answers equal to sums over the grid computed here (teaching mode) and absent in a
// release, and the column query's flags refused beside --counts.
#include "cli_runner.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QtTest>

#include <cmath>

namespace {

// Row r, column c: 10 r + c.
QString writeGrid(const QTemporaryDir& dir) {
    QFile f(dir.filePath(QStringLiteral("grid.csv")));
    f.open(QIODevice::WriteOnly);
    for (int r = 0; r < 4; ++r) {
        QStringList row;
        for (int c = 0; c < 6; ++c) row << QString::number(10 * r + c);
        f.write(row.join(QLatin1Char(',')).toLatin1() + '\n');
    }
    return f.fileName();
}

double cell(int r, int c) { return 10.0 * r + c; }

}  // namespace

class TestCliDpCounts : public QObject {
    Q_OBJECT
private slots:
    void gridKeepsItsShape() {
        QTemporaryDir dir;
        const QString grid = writeGrid(dir);
        const CliRun run = runCli({"dp", "--counts", grid, "--strategy", "identity", "-e", "1000", "--teaching",
                                   "--seed", "4", "--show-true", "--json"});
        QVERIFY2(run.exitCode == 0, run.err.constData());
        const QJsonObject j = run.json().object();
        QCOMPARE(j["shape"].toArray(), (QJsonArray{4, 6}));
        QCOMPARE(j["private"].toBool(), false);
        const QJsonArray release = j["releases"].toArray()[0].toArray(), truth = j["true_value"].toArray();
        QCOMPARE(release.size(), 4);
        for (int r = 0; r < 4; ++r)
            for (int c = 0; c < 6; ++c) {
                QCOMPARE(truth[r].toArray()[c].toDouble(), cell(r, c));
                QVERIFY(std::abs(release[r].toArray()[c].toDouble() - cell(r, c)) < 0.1);  // eps 1000
            }
        const CliRun oneD = runCli({"dp", "--counts", grid, "--strategy", "hb", "-e", "1", "--teaching"});
        QVERIFY(oneD.exitCode != 0);
        QVERIFY2(oneD.err.contains("releases a 1-D histogram") && oneD.err.contains("hb2d"), oneD.err.constData());
    }

    void trialsAreChargedAndOutputWritten() {
        QTemporaryDir dir;
        const QString grid = writeGrid(dir), ledger = dir.filePath(QStringLiteral("ledger.sqlite"));
        const QString out = dir.filePath(QStringLiteral("noisy.csv"));
        const CliRun run = runCli(
            {"dp", "--counts", grid, "--strategy", "privelet2d", "-e", "0.25", "--ledger", ledger, "--output", out});
        QVERIFY2(run.exitCode == 0, run.err.constData());
        QVERIFY2(run.out.contains("(4 x 6 cells)") && run.out.contains("private release"), run.out.constData());
        QFile f(out);
        QVERIFY(f.open(QIODevice::ReadOnly));
        const QList<QByteArray> lines = f.readAll().trimmed().split('\n');
        QCOMPARE(lines.size(), 4);
        for (const auto& line : lines) QCOMPARE(line.split(',').size(), 6);
        // Two trials are two charges: ledger entries 2 and 3 after the first run's 1.
        const CliRun twice = runCli({"dp", "--counts", grid, "--strategy", "hb2d", "-e", "0.25", "--trials", "2",
                                     "--ledger", ledger, "--json"});
        QVERIFY2(twice.exitCode == 0, twice.err.constData());
        const QJsonObject j = twice.json().object();
        QCOMPARE(j["ledger_entry"].toInt(), 3);
        QCOMPARE(j["releases"].toArray().size(), 2);
        QCOMPARE(j["total_epsilon"].toDouble(), 0.5);
        QCOMPARE(j["citation"].toString(), QStringLiteral("Qardaji, Yang, Li, PVLDB 2013"));
        QVERIFY(runCli({"dp", "--counts", grid, "-e", "1", "--trials", "2", "--output", out, "--teaching"}).exitCode !=
                0);
    }

    // DPBench rectangles over the grid: (rows 0-1, columns 2-4) and (rows 3-3, columns 0-5).
    void perQueryAnswersTheGrid() {
        QTemporaryDir dir;
        const QString grid = writeGrid(dir);
        QFile w(dir.filePath(QStringLiteral("w.json")));
        QVERIFY(w.open(QIODevice::WriteOnly));
        w.write(R"({"queries": [{"lb": [0, 2], "ub": [1, 4], "wgt": 1}, {"lb": [3, 0], "ub": [3, 5], "wgt": 1}]})");
        w.close();
        const QString perQuery = dir.filePath(QStringLiteral("answers.csv"));
        const CliRun run = runCli({"dp", "--counts", grid, "--strategy", "identity", "-e", "1", "--teaching",
                                   "--workload", w.fileName(), "--per-query", perQuery});
        QVERIFY2(run.exitCode == 0, run.err.constData());
        QFile f(perQuery);
        QVERIFY(f.open(QIODevice::ReadOnly));
        const QList<QByteArray> lines = f.readAll().trimmed().split('\n');
        QCOMPARE(lines.size(), 3);
        QVERIFY2(lines[0].endsWith(",true"), lines[0].constData());
        double a = 0, b = 0;
        for (int r = 0; r <= 1; ++r)
            for (int c = 2; c <= 4; ++c) a += cell(r, c);
        for (int c = 0; c <= 5; ++c) b += cell(3, c);
        QCOMPARE(lines[1].split(',').last().toDouble(), a);
        QCOMPARE(lines[2].split(',').last().toDouble(), b);
        const CliRun release = runCli({"dp", "--counts", grid, "--strategy", "identity", "-e", "1", "--workload",
                                       w.fileName(), "--per-query", perQuery});
        QVERIFY2(release.exitCode == 0, release.err.constData());
        QFile g(perQuery);
        QVERIFY(g.open(QIODevice::ReadOnly));
        QVERIFY(!g.readLine().contains("true"));
    }

    void columnFlagsAreRefused() {
        QTemporaryDir dir;
        const QString grid = writeGrid(dir);
        const CliRun withTable =
            runCli({"dp", QStringLiteral(VEIL_SAMPLES_DIR "/adult.csv"), "--counts", grid, "-e", "1"});
        QVERIFY(withTable.exitCode != 0);
        QVERIFY2(withTable.err.contains("give no TABLE"), withTable.err.constData());
        QVERIFY(runCli({"dp", "--counts", grid, "-e", "1", "--bins", "4"}).exitCode != 0);
        QVERIFY(runCli({"dp", "--counts", grid, "-e", "1", "--query", "mean"}).exitCode != 0);
        const CliRun neither = runCli({"dp", "-e", "1"});
        QVERIFY(neither.exitCode != 0);
        QVERIFY2(neither.err.contains("--counts FILE"), neither.err.constData());
    }
};

QTEST_MAIN(TestCliDpCounts)
#include "tst_cli_dp_counts.moc"
