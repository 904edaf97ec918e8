// veil-cli psd's options: the catalogue's defaults (a tree's height), messages that name the flag
// the user typed, flags refused for a kind that does not take them, every catalogue option through
// --option NAME=VALUE, grids aligned to a shape's data cells, and --allocation (with --budget its
// deprecated alias, --ledger-budget the ledger's budget).
#include "cli_runner.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QtTest>

#include <cmath>

namespace {
const QString kShape = QStringLiteral(VEIL_TEST_DATA_DIR "/dpbench/cabspottingE_256_256.csv");

QString writePoints(const QTemporaryDir& dir) {
    const QString path = dir.filePath("p.csv");
    QFile f(path);
    f.open(QIODevice::WriteOnly);
    f.write("x,y\n1,2\n3,4\n5,6\n");
    return path;
}

QStringList pointsArgs(const QString& path) {
    return {"psd", path, "--x", "x", "--y", "y", "--domain", "0,0,10,10", "--epsilon", "1", "--seed", "3", "--json"};
}
}  // namespace

class TestCliPsdOptions : public QObject {
    Q_OBJECT
private slots:
    // A tree without --height takes the catalogue's default height (8): a quadtree of 4^8 leaves.
    void treeHeightDefaultsToTheCatalogue() {
        QTemporaryDir dir;
        const CliRun r = runCli(pointsArgs(writePoints(dir)) + QStringList{"--tree", "quad"});
        QVERIFY2(r.exitCode == 0, r.err.constData());
        QCOMPARE(r.json().object()["max_depth"].toInt(), 8);
        QCOMPARE(r.json().object()["leaves"].toInt(), 65536);
        const CliRun help = runCli({"psd", "--help"});
        QVERIFY2(help.out.contains("(default 8;"), help.out.constData());
    }

    void refused_data() {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<QString>("message");
        QTest::newRow("--data-cells one number")
            << QStringList{"--tree", "grid", "--data-cells", "20"}
            << "--data-cells expects COLUMNS,ROWS, two integers from 1 to 1048576 (e.g. 256,256), got '20'";
        QTest::newRow("--data-cells not a number")
            << QStringList{"--tree", "agrid", "--data-cells", "20,x"}
            << "--data-cells expects COLUMNS,ROWS, two integers from 1 to 1048576 (e.g. 256,256), got '20,x'";
        QTest::newRow("--cells-per-axis on a tree")
            << QStringList{"--tree", "quad", "--cells-per-axis", "5"}
            << "--cells-per-axis sets a grid's cells per axis (--tree grid or agrid); a quad tree splits by --height";
        QTest::newRow("--height on a grid") << QStringList{"--tree", "grid", "--height", "5"}
                                            << "--height does not apply to --tree grid (it is an option of quad, kd, "
                                               "hybrid)";
        QTest::newRow("--median on a quadtree") << QStringList{"--tree", "quad", "--median", "smooth"}
                                                << "--median does not apply to --tree quad (it is an option of kd, "
                                                   "hybrid)";
        QTest::newRow("--height too high")
            << QStringList{"--tree", "quad", "--height", "11"} << "--height: expected an integer in [0, 10], got 11";
        QTest::newRow("--option out of range") << QStringList{"--tree", "agrid", "--option", "alpha=2"}
                                               << "--option alpha: expected a number in [0.01, 0.99], got 2";
        QTest::newRow("--option unknown")
            << QStringList{"--tree", "grid", "--option", "alpha=0.5"}
            << "--option alpha: 'grid' has no option 'alpha' (known: cells_per_axis, postprocess, data_columns, "
               "data_rows)";
        QTest::newRow("--option and its flag") << QStringList{"--tree", "kd", "--height", "4", "--option", "height=5"}
                                               << "--option height repeats an option set by a flag: give it once";
        QTest::newRow("--option twice") << QStringList{"--tree", "agrid", "--option", "c=5", "--option", "c=6"}
                                        << "--option c is given twice: give it once";
    }
    void refused() {
        QFETCH(QStringList, args);
        QFETCH(QString, message);
        QTemporaryDir dir;
        const CliRun r = runCli(pointsArgs(writePoints(dir)) + args);
        QCOMPARE(r.exitCode, 1);
        QCOMPARE(QString::fromUtf8(r.err).trimmed(), "veil-cli: " + message);
    }

    // AGrid's alpha, c and c2 from the catalogue: alpha 0.3 puts 0.3 of the cells' 0.95 epsilon on
    // the first level; first_level_cells 12 fixes m1 (continuous points: 12 x 12 cells); c2 = 1e6
    // leaves every cell whole (m2 = 1: one leaf each).
    void catalogueOptions() {
        QTemporaryDir dir;
        const CliRun r =
            runCli(pointsArgs(writePoints(dir)) + QStringList{"--tree", "agrid", "--option", "alpha=0.3", "--option",
                                                              "first_level_cells=12", "--option", "c2=1e6"});
        QVERIFY2(r.exitCode == 0, r.err.constData());
        const QJsonObject o = r.json().object();
        const QJsonArray eps = o["count_epsilon_by_depth"].toArray();
        QVERIFY(std::fabs(eps[1].toDouble() - 0.95 * 0.3) < 1e-12 && std::fabs(eps[2].toDouble() - 0.95 * 0.7) < 1e-12);
        QVERIFY2(
            o["privacy"].toObject()["mechanism"].toString().startsWith("adaptive grid 12 x 12 (m1 12), 144 leaves"),
            qPrintable(o["privacy"].toObject()["mechanism"].toString()));
        QCOMPARE(o["nodes"].toInt(), 1 + 144 + 144);
    }

    // A shape's data cells align the grids as --data-cells does: 20,000 points at eps 1 ask for
    // about 2,000 cells, so blocks of floor(sqrt(65536 / 2000)) = 5 data cells, 52 x 52 of them.
    void shapeAlignsTheGrids() {
        const QStringList base{"psd",  "--shape",   kShape, "--scale", "20000", "--tree",
                               "grid", "--epsilon", "1",    "--seed",  "5",     "--json"};
        const CliRun shape = runCli(base);
        const CliRun declared = runCli(base + QStringList{"--data-cells", "256,256"});
        QVERIFY2(shape.exitCode == 0 && declared.exitCode == 0, shape.err.constData());
        const QString mechanism = shape.json().object()["privacy"].toObject()["mechanism"].toString();
        QVERIFY2(mechanism.startsWith("uniform grid 52 x 52, blocks of 5 x 5 data cells"), qPrintable(mechanism));
        QCOMPARE(shape.json().object()["leaves"].toInt(), 52 * 52);
        QCOMPARE(shape.json().object()["privacy"].toObject()["mechanism"],
                 declared.json().object()["privacy"].toObject()["mechanism"]);
        const CliRun agrid = runCli(QStringList(base).replaceInStrings("grid", "agrid"));
        QVERIFY2(agrid.exitCode == 0, agrid.err.constData());
    }

    // --allocation is the level allocation; --budget still works for it, with a one-line note;
    // --ledger-budget sets the ledger's budget (a release beyond it is refused).
    void allocationAndBudgets() {
        QTemporaryDir dir;
        const QStringList base = pointsArgs(writePoints(dir)) + QStringList{"--tree", "kd", "--height", "3"};
        const CliRun allocation = runCli(base + QStringList{"--allocation", "uniform"});
        const CliRun alias = runCli(base + QStringList{"--budget", "uniform"});
        const CliRun geometric = runCli(base);
        QVERIFY2(allocation.exitCode == 0 && alias.exitCode == 0, alias.err.constData());
        QCOMPARE(allocation.json().object()["count_epsilon_by_depth"], alias.json().object()["count_epsilon_by_depth"]);
        QVERIFY(allocation.json().object()["count_epsilon_by_depth"] !=
                geometric.json().object()["count_epsilon_by_depth"]);
        QVERIFY(!allocation.err.contains("deprecated"));
        QCOMPARE(alias.err.count("--budget is the deprecated name of --allocation"), 1);
        const CliRun both = runCli(base + QStringList{"--budget", "uniform", "--allocation", "geometric"});
        QCOMPARE(both.exitCode, 1);
        QVERIFY(both.err.contains("give --allocation or its deprecated name --budget, not both"));
        const QString ledger = dir.filePath("ledger.db");
        const CliRun over = runCli(base + QStringList{"--ledger", ledger, "--ledger-budget", "0.5"});
        QCOMPARE(over.exitCode, 1);
        QVERIFY2(over.err.contains("budget"), over.err.constData());
        const CliRun help = runCli({"psd", "--help"});
        QVERIFY(help.out.contains("--allocation") && help.out.contains("--ledger-budget") &&
                help.out.contains("--option") && help.out.contains("alpha=0.5"));
    }
};

QTEST_MAIN(TestCliPsdOptions)
#include "tst_cli_psd_options.moc"
