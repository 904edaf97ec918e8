// veil-cli psd: JSON contract, GeoJSON output, seeded repeatability, the privacy boundary (declared
// domain, teaching-only evaluation, no exact point count) and bad input.
#include "cli_runner.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QtTest>

namespace {
const QString kShape = QStringLiteral(VEIL_TEST_DATA_DIR "/dpbench/cabspottingE_256_256.csv");

QString writeCsv(const QTemporaryDir& dir, const QString& name, const QByteArray& text) {
    const QString path = dir.filePath(name);
    QFile f(path);
    f.open(QIODevice::WriteOnly);
    f.write(text);
    return path;
}

// True when some number anywhere in the JSON value equals `x` exactly. A text search for the digits
// would be flaky: secure noise and timings print digits at random ("0.01234...").
bool containsNumber(const QJsonValue& v, double x) {
    if (v.isDouble()) return v.toDouble() == x;
    if (v.isArray()) {
        for (const QJsonValue& e : v.toArray())
            if (containsNumber(e, x)) return true;
    }
    if (v.isObject()) {
        const QJsonObject o = v.toObject();
        for (auto it = o.begin(); it != o.end(); ++it)
            if (containsNumber(it.value(), x)) return true;
    }
    return false;
}
}  // namespace

class TestCliSpatial : public QObject {
    Q_OBJECT
private slots:
    void shapeJsonContract();
    void seededRunsRepeat();
    void geoJsonOutput();
    void pointsFromCsv();
    void releaseModeShowsNoTruth();
    void degenerateButValid_data();
    void degenerateButValid();
    void badInput_data();
    void badInput();
    void help();
    void adaptiveGrid();
};

void TestCliSpatial::shapeJsonContract() {
    const CliRun r = runCli({"psd",       "--shape", kShape,      "--scale", "20000",    "--tree",    "kd",
                             "--height",  "8",       "--epsilon", "1",       "--budget", "geometric", "--postprocess",
                             "--queries", "300",     "--seed",    "5",       "--json",   "--teaching"});
    QVERIFY2(r.exitCode == 0, r.err.constData());
    const QJsonObject o = r.json().object();
    QCOMPARE(o["leaves"].toInt(), 256);  // kd-tree of height 8 without a minimum leaf size: 2^8 leaves
    QVERIFY(qAbs(o["max_path_epsilon"].toDouble() - 1.0) < 1e-12);
    const QJsonObject err = o["query_error"].toObject();
    QCOMPARE(err["queries"].toInt(), 300);
    QVERIFY(err["median_relative"].isDouble() && err["median_relative"].toDouble() >= 0.0);
    QVERIFY(err["scaled_l1"].isDouble() && err["scaled_l1"].toDouble() > 0.0);
    QVERIFY(o["seconds"].toDouble() > 0.0);
    QCOMPARE(o["points"].toInt(), 20000);
    QVERIFY(o["privacy"].toObject()["seeded"].toBool());
    QCOMPARE(o["private"].toBool(), false);  // teaching mode
    QCOMPARE(o["privacy"].toObject()["neighbouring"].toString(), QString("add or remove one point"));
    QCOMPARE(o["count_epsilon_by_depth"].toArray().size(), 9);
}

void TestCliSpatial::seededRunsRepeat() {
    const QStringList args{"psd",      "--shape", kShape,       "--scale", "5000",      "--tree", "hybrid",
                           "--height", "6",       "--min-leaf", "10",      "--epsilon", "0.5",    "--queries",
                           "100",      "--seed",  "77",         "--json",  "--teaching"};
    const QJsonObject a = runCli(args).json().object(), b = runCli(args).json().object();
    QCOMPARE(a["leaves"].toInt(), b["leaves"].toInt());
    QCOMPARE(a["query_error"].toObject()["scaled_l1"].toDouble(), b["query_error"].toObject()["scaled_l1"].toDouble());
    QStringList other = args;
    other[other.indexOf("77")] = "78";
    const QJsonObject c = runCli(other).json().object();
    QVERIFY(c["query_error"].toObject()["scaled_l1"].toDouble() != a["query_error"].toObject()["scaled_l1"].toDouble());
}

void TestCliSpatial::geoJsonOutput() {
    QTemporaryDir dir;
    const QString out = dir.filePath("leaves.geojson");
    const CliRun r = runCli({"psd", "--shape", kShape, "--scale", "3000", "--tree", "quad", "--height", "3",
                             "--epsilon", "1", "--seed", "1", "--output", out, "--json"});
    QVERIFY2(r.exitCode == 0, r.err.constData());
    QFile f(out);
    QVERIFY(f.open(QIODevice::ReadOnly));
    const QJsonObject g = QJsonDocument::fromJson(f.readAll()).object();
    QCOMPARE(g["type"].toString(), QString("FeatureCollection"));
    const QJsonArray features = g["features"].toArray();
    QCOMPARE(features.size(), r.json().object()["leaves"].toInt());
    QCOMPARE(features.size(), 64);
    QVERIFY(features[0].toObject()["properties"].toObject().contains("noisy_count"));
    QVERIFY(!features[0].toObject()["properties"].toObject().contains("true_count"));
    // The collection says what was spent and that a seeded run is not private.
    const QJsonObject props = g["properties"].toObject();
    QCOMPARE(props["seeded"].toBool(), true);
    QCOMPARE(props["private"].toBool(), false);
    QCOMPARE(props["spent"].toObject()["epsilon"].toDouble(), 1.0);
    // An unwritable output: non-zero exit, one line.
    const CliRun bad = runCli({"psd", "--shape", kShape, "--scale", "100", "--tree", "quad", "--height", "2",
                               "--epsilon", "1", "--output", "/nonexistent-dir/x.geojson"});
    QCOMPARE(bad.exitCode, 1);
}

void TestCliSpatial::pointsFromCsv() {
    QTemporaryDir dir;
    QByteArray csv = "id,lon,lat,label\n";
    for (int i = 0; i < 400; ++i)
        csv += QByteArray::number(i) + "," + QByteArray::number(-122.5 + (i % 20) * 0.01) + "," +
               QByteArray::number(37.7 + (i / 20) * 0.01) + ",x\n";
    const QString path = writeCsv(dir, "points.csv", csv);
    // Finding 2: without a declared domain a release would use the data's bounding box.
    CliRun r = runCli(
        {"psd", path, "--x", "lon", "--y", "lat", "--tree", "quad", "--height", "3", "--epsilon", "0.5", "--json"});
    QVERIFY(r.exitCode != 0);
    QVERIFY2(r.err.contains("declared public domain"), r.err.constData());
    r = runCli({"psd", path, "--x", "lon", "--y", "lat", "--tree", "quad", "--height", "3", "--epsilon", "0.5",
                "--seed", "2", "--json", "--teaching"});
    QVERIFY2(r.exitCode == 0, r.err.constData());
    QCOMPARE(r.json().object()["points"].toInt(), 400);
    QVERIFY(r.err.contains("bounding box"));  // the domain came from the data: warned
    r = runCli({"psd", path, "--x", "lon", "--y", "lat", "--domain", "-123,37,-122,38", "--tree", "grid", "--epsilon",
                "0.5", "--seed", "2", "--json"});
    QVERIFY2(r.exitCode == 0, r.err.constData());
    QVERIFY(!r.err.contains("bounding box"));
    QCOMPARE(r.json().object()["domain"].toArray()[0].toDouble(), -123.0);
}

// Finding 4: psd printed the exact point count and measured errors against the true counts. In
// release mode neither is printed; evaluation and baselines need --teaching.
void TestCliSpatial::releaseModeShowsNoTruth() {
    QTemporaryDir dir;
    QByteArray csv = "x,y\n";
    for (int i = 0; i < 123; ++i) csv += QByteArray::number(i % 10) + "," + QByteArray::number(i / 10) + "\n";
    const QString path = writeCsv(dir, "p.csv", csv);
    const QStringList base{"psd",       path,     "--x",  "x",        "--y", "y",         "--domain",
                           "0,0,10,13", "--tree", "quad", "--height", "2",   "--epsilon", "1"};
    const CliRun r = runCli(base + QStringList{"--json", "--ledger", dir.filePath("l.db")});
    QVERIFY2(r.exitCode == 0, r.err.constData());
    const QJsonObject o = r.json().object();
    QVERIFY(!o.contains("points") && !o.contains("query_error"));
    QVERIFY(!containsNumber(o, 123.0));  // the true point count is nowhere in the output
    QCOMPARE(o["private"].toBool(), true);
    QCOMPARE(o["spent"].toObject()["epsilon"].toDouble(), 1.0);
    QVERIFY(o["ledger_entry"].toInt() > 0);
    for (const char* flag : {"--queries", "--baselines", "--non-private", "--include-true-counts"}) {
        QStringList args = base + QStringList{flag};
        if (QString(flag) == "--queries") args << "10";
        const CliRun refused = runCli(args);
        QVERIFY2(refused.exitCode != 0 && refused.err.contains("--teaching"),
                 qPrintable(QString(flag) + ": " + refused.err));
    }
    const CliRun text = runCli(base);
    QVERIFY2(!text.out.contains("points 123"), text.out.constData());
}

void TestCliSpatial::degenerateButValid_data() {
    QTest::addColumn<QByteArray>("csv");
    QTest::addColumn<QStringList>("extra");
    QTest::addColumn<int>("leaves");
    QTest::newRow("height 0: one leaf") << QByteArray("x,y\n1,2\n3,4\n5,6\n")
                                        << QStringList{"--tree", "kd", "--height", "0"} << 1;
    QTest::newRow("all points identical, kd")
        << QByteArray("x,y\n1,2\n1,2\n1,2\n1,2\n") << QStringList{"--tree", "kd", "--height", "3"} << 8;
    QTest::newRow("all points identical, smooth")
        << QByteArray("x,y\n1,2\n1,2\n1,2\n") << QStringList{"--tree", "kd", "--height", "2", "--median", "smooth"}
        << 4;
    QTest::newRow("header only") << QByteArray("x,y\n") << QStringList{"--tree", "quad", "--height", "2"} << 16;
}

void TestCliSpatial::degenerateButValid() {
    QFETCH(QByteArray, csv);
    QFETCH(QStringList, extra);
    QFETCH(int, leaves);
    QTemporaryDir dir;
    const QString path = writeCsv(dir, "p.csv", csv);
    const CliRun r = runCli(QStringList{"psd", path, "--x", "x", "--y", "y", "--domain", "0,0,10,10", "--epsilon", "1",
                                        "--seed", "3", "--json"} +
                            extra);
    QVERIFY2(r.exitCode == 0, r.err.constData());
    QCOMPARE(r.json().object()["leaves"].toInt(), leaves);
    QVERIFY(qAbs(r.json().object()["max_path_epsilon"].toDouble() - 1.0) < 1e-12);
}

void TestCliSpatial::badInput_data() {
    QTest::addColumn<QByteArray>("csv");
    QTest::addColumn<QStringList>("args");
    QTest::addColumn<int>("exitCode");
    QTest::addColumn<QString>("mentions");
    const QByteArray good = "x,y,name\n1,2,a\n3,4,b\n";
    const QStringList tree{"--tree", "kd", "--height", "3"};
    QTest::newRow("epsilon zero") << good << QStringList{"--x", "x", "--y", "y", "--epsilon", "0"} + tree << 1
                                  << "epsilon";
    QTest::newRow("epsilon negative") << good << QStringList{"--x", "x", "--y", "y", "--epsilon", "-1"} + tree << 1
                                      << "epsilon";
    QTest::newRow("non-numeric column") << good << QStringList{"--x", "x", "--y", "name", "--epsilon", "1"} + tree << 1
                                        << "not numeric";
    QTest::newRow("NaN coordinates") << QByteArray("x,y\n1,2\n3,nan\n")
                                     << QStringList{"--x", "x", "--y", "y", "--epsilon", "1"} + tree << 1 << "'y'";
    QTest::newRow("missing coordinate") << QByteArray("x,y\n1,2\n3,\n5,6\n")
                                        << QStringList{"--x", "x", "--y", "y", "--epsilon", "1"} + tree << 1
                                        << "missing";
    QTest::newRow("unknown column") << good << QStringList{"--x", "x", "--y", "lat", "--epsilon", "1"} + tree << 1
                                    << "lat";
    QTest::newRow("no --y") << good << QStringList{"--x", "x", "--epsilon", "1"} + tree << 1 << "--y";
    QTest::newRow("quad too high") << good << QStringList{"--x", "x",      "--y",  "y",        "--epsilon",
                                                          "1",   "--tree", "quad", "--height", "20"}
                                   << 1 << "height";
    QTest::newRow("unknown tree") << good << QStringList{"--x", "x",      "--y", "y",        "--epsilon",
                                                         "1",   "--tree", "oak", "--height", "2"}
                                  << 2 << "oak";
    QTest::newRow("shape and points") << good
                                      << QStringList{"--shape", kShape, "--scale", "10", "--epsilon", "1"} + tree << 1
                                      << "not both";
    QTest::newRow("bad domain") << good
                                << QStringList{"--x", "x", "--y", "y", "--domain", "0,0,1", "--epsilon", "1"} + tree
                                << 1 << "--domain";
}

void TestCliSpatial::badInput() {
    QFETCH(QByteArray, csv);
    QFETCH(QStringList, args);
    QFETCH(int, exitCode);
    QFETCH(QString, mentions);
    QTemporaryDir dir;
    const QString path = writeCsv(dir, "p.csv", csv);
    const CliRun r = runCli(QStringList{"psd", path} + args);
    QCOMPARE(r.exitCode, exitCode);
    QVERIFY2(QString::fromUtf8(r.err).contains(mentions), r.err.constData());
    QCOMPARE(r.err.count('\n'), 1);  // one line
}

void TestCliSpatial::help() {
    const CliRun r = runCli({"psd", "--help"});
    QCOMPARE(r.exitCode, 0);
    QVERIFY(r.out.contains("--tree"));
    QVERIFY(r.out.contains("--postprocess"));
}

// --tree agrid (Qardaji et al. ICDE 2013): three levels (noisy N, first level, leaves) with 5% /
// 47.5% / 47.5% of epsilon; 20,000 points at eps 1 give m1 = max(10, ceil(sqrt(20000 / 10) / 4)) =
// 12 (the noisy N moves sqrt(N eps / c) by far less than the 0.7 to the next integer), so blocks
// of ceil(256 / 12) = 22 data cells, 12 x 12 first-level cells.
void TestCliSpatial::adaptiveGrid() {
    const CliRun r = runCli({"psd", "--shape", kShape, "--scale", "20000", "--tree", "agrid", "--epsilon", "1",
                             "--data-cells", "256,256", "--queries", "300", "--seed", "5", "--json", "--teaching"});
    QVERIFY2(r.exitCode == 0, r.err.constData());
    const QJsonObject o = r.json().object();
    QCOMPARE(o["max_depth"].toInt(), 2);
    QVERIFY(qAbs(o["max_path_epsilon"].toDouble() - 1.0) < 1e-12);
    const QJsonArray eps = o["count_epsilon_by_depth"].toArray();
    QCOMPARE(eps.size(), 3);
    QVERIFY(qAbs(eps[0].toDouble() - 0.05) < 1e-12 && qAbs(eps[1].toDouble() - 0.475) < 1e-12);
    QVERIFY2(o["privacy"].toObject()["mechanism"].toString().startsWith("adaptive grid 12 x 12"),
             qPrintable(o["privacy"].toObject()["mechanism"].toString()));
    QVERIFY(o["leaves"].toInt() >= 144);
    QVERIFY(o["postprocessed"].toBool());
}

QTEST_MAIN(TestCliSpatial)
#include "tst_cli_spatial.moc"
