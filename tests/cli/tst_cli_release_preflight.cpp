// What a DP command checks before it charges, and what it says about what it spent (a user's
// review of `dp --counts`, `psd` and `sweep`): an output that cannot be written is refused before
// the ledger is charged; two outputs naming one file are refused; repeated trials report their
// total spend; a counts file's layout is read as its help says (one line is 1-D, a blank line
// between counts is refused, a byte order mark is not a count); flags a command would ignore are
// refused; a workload without --per-query says where its answers go.
#include "cli_runner.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QtTest>

namespace {

const QString kShape = QStringLiteral(VEIL_TEST_DATA_DIR "/dpbench/cabspottingE_256_256.csv");

}  // namespace

class TestCliReleasePreflight : public QObject {
    Q_OBJECT
private slots:
    // A refused output charges nothing: the next release is the ledger's first entry.
    void unwritableOutputChargesNothing() {
        QTemporaryDir dir;
        const QString counts = writeTestFile(dir, "c.csv", "3\n1\n4\n1\n5\n");
        const QString ledger = dir.filePath(QStringLiteral("ledger.sqlite"));
        const QString missing = dir.filePath(QStringLiteral("no-such-folder/out.csv"));
        for (const QStringList& output :
             {QStringList{"--output", missing},
              QStringList{"--workload", writeTestFile(dir, "w.json", "[[0, 2]]"), "--per-query", missing}}) {
            const CliRun refused =
                runCli(QStringList{"dp", "--counts", counts, "-e", "1", "--ledger", ledger} + output);
            QVERIFY(refused.exitCode != 0);
            QVERIFY2(refused.err.contains(output[output.size() - 2].toUtf8()) && refused.err.contains("does not exist"),
                     refused.err.constData());
        }
        const CliRun psd = runCli({"psd", "--shape", kShape, "--scale", "1000", "-e", "1", "--tree", "agrid",
                                   "--ledger", ledger, "-o", dir.filePath(QStringLiteral("no-such-folder/g.geojson"))});
        QVERIFY(psd.exitCode != 0);
        QVERIFY2(psd.err.contains("--output"), psd.err.constData());
        const CliRun ok = runCli({"dp", "--counts", counts, "-e", "1", "--ledger", ledger, "--json"});
        QVERIFY2(ok.exitCode == 0, ok.err.constData());
        QCOMPARE(ok.json().object()["ledger_entry"].toInt(), 1);
    }

    void oneFileForTwoOutputsIsRefused() {
        QTemporaryDir dir;
        const QString counts = writeTestFile(dir, "c.csv", "3\n1\n4\n1\n5\n");
        const QString same = dir.filePath(QStringLiteral("same.csv"));
        const CliRun dp = runCli({"dp", "--counts", counts, "-e", "1", "--teaching", "--output", same, "--workload",
                                  writeTestFile(dir, "w.json", "[[0, 2]]"), "--per-query", same});
        QVERIFY(dp.exitCode != 0);
        QVERIFY2(dp.err.contains("name the same file"), dp.err.constData());
        const QString experiment = writeTestFile(dir, "e.json",
                                                 QByteArray("{\"dataset\": {\"file\": \"") + counts.toUtf8() +
                                                     "\"}, \"methods\": [\"histogram:identity\"], \"epsilon\": [1], "
                                                     "\"trials\": 2, \"workload\": \"prefix\", \"seed\": 3}");
        const CliRun sweep = runCli({"sweep", experiment, "--teaching", "-o", same, "--per-query", same});
        QVERIFY(sweep.exitCode != 0);
        QVERIFY2(sweep.err.contains("name the same file"), sweep.err.constData());
        QVERIFY(!QFile::exists(same));
        // An output may not replace an input: the counts would be lost.
        const CliRun over = runCli({"dp", "--counts", counts, "-e", "1", "--teaching", "--output", counts});
        QVERIFY(over.exitCode != 0);
        QVERIFY2(over.err.contains("is a file the command reads or keeps"), over.err.constData());
        QFile kept(counts);
        QVERIFY(kept.open(QIODevice::ReadOnly));
        QCOMPARE(kept.readAll(), QByteArray("3\n1\n4\n1\n5\n"));
    }

    // Three trials of epsilon 0.5 are three charges: the receipt says 1.5, not one trial's 0.5.
    void trialsReportTheirTotal() {
        QTemporaryDir dir;
        const QString counts = writeTestFile(dir, "c.csv", "3\n1\n4\n1\n5\n");
        const QString ledger = dir.filePath(QStringLiteral("ledger.sqlite"));
        const CliRun json =
            runCli({"dp", "--counts", counts, "-e", "0.5", "--trials", "3", "--ledger", ledger, "--json"});
        QVERIFY2(json.exitCode == 0, json.err.constData());
        const QJsonObject j = json.json().object();
        QCOMPARE(j["spent"].toObject()["epsilon"].toDouble(), 1.5);
        QCOMPARE(j["release_count"].toInt(), 3);
        QCOMPARE(j["ledger_entry"].toInt(), 3);
        QCOMPARE(j["releases"].toArray().size(), 3);
        const CliRun text = runCli({"dp", "--counts", counts, "-e", "0.5", "--trials", "2"});
        QVERIFY2(text.out.contains("spent epsilon 1 in 2 releases"), text.out.constData());
    }

    void countsLayoutAsTheHelpSays() {
        QTemporaryDir dir;
        const CliRun line = runCli(
            {"dp", "--counts", writeTestFile(dir, "line.csv", "3,1,4,1,5\n"), "--strategy", "hb", "-e", "1", "--json"});
        QVERIFY2(line.exitCode == 0, line.err.constData());
        QCOMPARE(line.json().object()["shape"].toArray(), (QJsonArray{5}));
        const CliRun blank =
            runCli({"dp", "--counts", writeTestFile(dir, "blank.csv", "10\n20\n\n30\n40\n"), "-e", "1"});
        QVERIFY(blank.exitCode != 0);
        QVERIFY2(blank.err.contains("blank.csv:3") && blank.err.contains("blank line"), blank.err.constData());
        const CliRun trailing =
            runCli({"dp", "--counts", writeTestFile(dir, "trailing.csv", "10\n20\n\n\n"), "-e", "1", "--json"});
        QVERIFY2(trailing.exitCode == 0, trailing.err.constData());
        QCOMPARE(trailing.json().object()["shape"].toArray(), (QJsonArray{2}));
        const CliRun bom = runCli({"dp", "--counts",
                                   writeTestFile(dir, "bom.csv",
                                                 "\xEF\xBB\xBF"
                                                 "1\n2\n"),
                                   "-e", "1", "--json"});
        QVERIFY2(bom.exitCode == 0, bom.err.constData());
        QCOMPARE(bom.json().object()["shape"].toArray(), (QJsonArray{2}));
        const CliRun planar =
            runCli({"dp", "--counts", writeTestFile(dir, "one.csv", "1\n2\n3\n4\n"), "--strategy", "hb2d", "-e", "1"});
        QVERIFY(planar.exitCode != 0);
        QVERIFY2(planar.err.contains("rows of comma-separated counts"), planar.err.constData());
    }

    void ignoredFlagsAreRefused() {
        QTemporaryDir dir;
        const QString counts = writeTestFile(dir, "c.csv", "3\n1\n4\n");
        for (const QStringList& flag :
             {QStringList{"-m", "gaussian"}, QStringList{"--delta", "1e-5"}, QStringList{"--confidence", "0.9"}}) {
            const CliRun r = runCli(QStringList{"dp", "--counts", counts, "-e", "1"} + flag);
            QVERIFY2(r.exitCode != 0 && r.err.contains("apply to a TABLE's column"), qPrintable(flag.join(' ')));
        }
        const QStringList psd{"psd", "--shape", kShape, "--scale", "1000", "-e", "1"};
        const CliRun domain = runCli(psd + QStringList{"--domain", "0,0,10,10", "--teaching"});
        QVERIFY2(domain.exitCode != 0 && domain.err.contains("--shape gives the domain"), domain.err.constData());
        const CliRun both = runCli(psd + QStringList{"--postprocess", "--no-postprocess", "--teaching"});
        QVERIFY2(both.exitCode != 0 && both.err.contains("not both"), both.err.constData());
        const CliRun levels =
            runCli(psd + QStringList{"--tree", "hybrid", "--height", "6", "--hybrid-kd-levels", "9", "--teaching"});
        QVERIFY2(levels.exitCode != 0 && levels.err.contains("at most the height"), levels.err.constData());
        const CliRun size = runCli(psd + QStringList{"--query-size", "small"});
        QVERIFY2(size.exitCode != 0 && size.err.contains("--query-size"), size.err.constData());
    }

    // A workload file may hold {"ranges": ...} as an inline one does; without --per-query the output
    // says where the answers go.
    void workloadFileForms() {
        QTemporaryDir dir;
        const QString counts = writeTestFile(dir, "c.csv", "3\n1\n4\n1\n5\n");
        const CliRun r = runCli({"dp", "--counts", counts, "-e", "1", "--strategy", "mwem", "--workload",
                                 writeTestFile(dir, "r.json", "{\"ranges\": [[0, 2], [1, 4]]}")});
        QVERIFY2(r.exitCode == 0, r.err.constData());
        QVERIFY2(r.out.contains("2 workload queries read") && r.out.contains("--per-query FILE"), r.out.constData());
        const CliRun both = runCli({"dp", "--counts", counts, "-e", "1", "--workload",
                                    writeTestFile(dir, "b.json", "{\"ranges\": [[0, 2]], \"queries\": []}")});
        QVERIFY(both.exitCode != 0);
    }
};

QTEST_MAIN(TestCliReleasePreflight)
#include "tst_cli_release_preflight.moc"
