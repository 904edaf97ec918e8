// veil-cli graph stats|sensitivity|release|degrees on the shipped test graphs (JSON contract,
// human output, bad input).
#include "cli_runner.h"

#include <QJsonArray>
#include <QJsonObject>
#include <QtTest>

#include <cmath>

namespace {
QString data(const char* file) { return QStringLiteral(VEIL_TEST_DATA_DIR "/graphs/") + file; }
}  // namespace

class TestCliGraph : public QObject {
    Q_OBJECT
private slots:
    void statsJson_data();
    void statsJson();
    void statsProfileAndLabels();
    void statsHuman();
    void sensitivityJson();
    void releaseJson_data();
    void releaseJson();
    void releaseModeHidesTheTruth();
    void releaseWarningsHaveNoCounts();
    void releaseNodeLp();
    void releaseSeeded();
    void degreesJson();
    void help_data();
    void help();
    void badInput_data();
    void badInput();
};

void TestCliGraph::statsJson_data() {
    QTest::addColumn<QString>("file");
    QTest::addColumn<int>("nodes");
    QTest::addColumn<int>("edges");
    QTest::addColumn<int>("maxDegree");
    QTest::addColumn<int>("triangles");
    QTest::addColumn<int>("twoStars");
    // SOURCE.md (networkx 3.6.1).
    QTest::newRow("karate edges") << data("karate.edges") << 34 << 78 << 17 << 45 << 528;
    QTest::newRow("football gml") << data("football.gml") << 115 << 613 << 12 << 810 << 5967;
    QTest::newRow("polblogs edges") << data("polblogs.edges") << 1224 << 16715 << 351 << 101043 << 1341525;
}

void TestCliGraph::statsJson() {
    QFETCH(QString, file);
    QFETCH(int, nodes);
    QFETCH(int, edges);
    QFETCH(int, maxDegree);
    QFETCH(int, triangles);
    QFETCH(int, twoStars);
    const CliRun r = runCli({"graph", "stats", file, "--json"});
    QCOMPARE(r.exitCode, 0);
    const QJsonObject o = r.json().object();
    QCOMPARE(o["nodes"].toInt(), nodes);
    QCOMPARE(o["edges"].toInt(), edges);
    QCOMPARE(o["max_degree"].toInt(), maxDegree);
    QCOMPARE(o["triangles"].toInt(), triangles);
    QCOMPARE(o["two_stars"].toInt(), twoStars);
    const QJsonArray h = o["degree_histogram"].toArray();
    QCOMPARE(h.size(), maxDegree + 1);
    int total = 0;
    for (const auto& v : h) total += v.toInt();
    QCOMPARE(total, nodes);
}

void TestCliGraph::statsProfileAndLabels() {
    const CliRun r = runCli({"graph", "stats", data("karate.edges"), "--labels", data("karate.labels"), "--profile",
                             "MrHi,MrHi,Officer,Officer/1-2,3-4,1!3,1!4,2!3,2!4", "--profile", "Officer", "--json"});
    QCOMPARE(r.exitCode, 0);
    const QJsonObject p = r.json().object()["profiles"].toObject();
    QCOMPARE(p["MrHi,MrHi,Officer,Officer/1-2,3-4,1!3,1!4,2!3,2!4"].toInt(), 2);  // golden.py
    QCOMPARE(p["Officer"].toInt(), 23);                                           // golden.py
    const CliRun g = runCli({"graph", "stats", data("karate.edges"), "--graphlets", "--json"});
    QCOMPARE(g.json().object()["graphlets"].toObject()["clique4"].toInt(), 11);  // golden.py
    QCOMPARE(g.json().object()["graphlets"].toObject()["cycle4"].toInt(), 36);   // golden.py
}

void TestCliGraph::statsHuman() {
    const CliRun r = runCli({"graph", "stats", data("karate.edges")});
    QCOMPARE(r.exitCode, 0);
    QVERIFY(r.out.contains("triangles   45"));
    QVERIFY(r.out.contains("degree histogram"));
}

void TestCliGraph::sensitivityJson() {
    const CliRun r = runCli({"graph", "sensitivity", data("karate.edges"), "--k", "5", "--json"});
    QCOMPARE(r.exitCode, 0);
    const QJsonObject o = r.json().object();
    QCOMPARE(o["k"].toInt(), 5);
    // See tst_graph_sensitivity (karate row, golden.py) and the RS formulas with k = 5.
    const QJsonObject t = o["triangles"].toObject();
    QCOMPARE(t["ls_edge"].toDouble(), 10.0);
    QCOMPARE(t["gs_edge"].toDouble(), 32.0);
    QCOMPARE(t["ls_node"].toDouble(), 77.0);
    QCOMPARE(t["gs_node"].toDouble(), 528.0);
    QCOMPARE(t["rs_node"].toDouble(), 75.0);  // 3 k^2
    QVERIFY(!t["formulas"].toObject()["ls_edge"].toString().isEmpty());
    const QJsonObject e = o["edges"].toObject();
    QCOMPARE(e["ls_edge"].toDouble(), 1.0);
    QCOMPARE(e["rs_node"].toDouble(), 10.0);  // 2k
    QCOMPARE(o["max_degree"].toObject()["ls_node"].toDouble(), 16.0);
}

void TestCliGraph::releaseJson_data() {
    QTest::addColumn<QStringList>("args");
    QTest::addColumn<double>("scale");
    QTest::addColumn<double>("projected");
    QTest::addColumn<double>("delta");
    // karate: GS_edge(#edges) = 1 -> b = 1/0.5; restricted edge, k = 5: 9 triangles after projection
    // (golden.py), b = 3 (k-1) / 1 = 12; two-stars GS_edge 2(n-2) = 64.
    QTest::newRow("edges laplace") << QStringList{"--statistic", "edges", "--epsilon", "0.5"} << 2.0 << 78.0 << 0.0;
    QTest::newRow("triangles restricted edge")
        << QStringList{"--statistic", "triangles", "--method", "restricted", "--k", "5", "--epsilon", "1"} << 12.0
        << 9.0 << 0.0;
    QTest::newRow("two-stars laplace") << QStringList{"--statistic", "two-stars", "--epsilon", "1"} << 64.0 << 528.0
                                       << 0.0;
    QTest::newRow("profile restricted edge")
        << QStringList{"--statistic", "profile:Officer", "--method", "restricted", "--k", "100", "--epsilon", "2"}
        << 3.0 * 101 / 2 << 23.0 << 0.0;
}

void TestCliGraph::releaseJson() {
    QFETCH(QStringList, args);
    QFETCH(double, scale);
    QFETCH(double, projected);
    QFETCH(double, delta);
    const CliRun r = runCli(QStringList{"graph", "release", data("karate.edges"), "--nodes", "34", "--labels",
                                        data("karate.labels"), "--seed", "7", "--trials", "3", "--json", "--teaching"} +
                            args);
    QVERIFY2(r.exitCode == 0, r.err.constData());
    const QJsonObject o = r.json().object();
    QVERIFY(std::abs(o["noise_scale"].toDouble() / scale - 1.0) < 1e-9);  // (+ the snapping step)
    QCOMPARE(o["projected_value"].toDouble(), projected);
    QCOMPARE(o["delta"].toDouble(), delta);
    QCOMPARE(o["releases"].toArray().size(), 3);
    QVERIFY(o.contains("d_est") && o["d_est"].isNull());
    QVERIFY(o.contains("epsilon"));
}

// Finding 4: `graph release --json` printed true_value (and projected values, removed edges and
// d_est, all computed from the graph). In release mode none of them is printed; teaching mode may.
void TestCliGraph::releaseModeHidesTheTruth() {
    QTemporaryDir dir;
    const CliRun r = runCli({"graph", "release", data("karate.edges"), "--nodes", "34", "--statistic", "triangles",
                             "--privacy", "node", "--method", "restricted", "--k", "5", "--epsilon", "1", "--json",
                             "--ledger", dir.filePath("l.db")});
    QVERIFY2(r.exitCode == 0, r.err.constData());
    const QJsonObject o = r.json().object();
    for (const char* key : {"true_value", "projected_value", "removed_edges", "d_est", "noise_scale", "smooth_bound"})
        QVERIFY2(!o.contains(key), key);
    QCOMPARE(o["private"].toBool(), true);
    QCOMPARE(o["spent"].toObject()["epsilon"].toDouble(), 1.0);
    QCOMPARE(o["spent"].toObject()["delta"].toDouble(), 1e-6);
    QVERIFY(o["ledger_entry"].toInt() > 0);
    const CliRun truth = runCli({"graph", "release", data("karate.edges"), "--nodes", "34", "--show-true"});
    QVERIFY(truth.exitCode != 0);
    // graph degrees: no true sequence unless teaching; charged twice (sequence and histogram).
    const CliRun d = runCli({"graph", "degrees", data("karate.edges"), "--nodes", "34", "--epsilon", "0.5", "--json",
                             "--ledger", dir.filePath("l.db")});
    QVERIFY2(d.exitCode == 0, d.err.constData());
    QVERIFY(!d.json().object()["sequence"].toObject().contains("true"));
    QCOMPARE(d.json().object()["spent"].toObject()["epsilon"].toDouble(), 1.0);
    const CliRun text =
        runCli({"graph", "degrees", data("karate.edges"), "--nodes", "34", "--epsilon", "0.5", "--seed", "1"});
    QVERIFY(text.out.contains("SEEDED"));
    QVERIFY(!text.out.contains("true"));
}

void TestCliGraph::releaseNodeLp() {
    // football is in H_12: d_est = 0 and mu(G) = G (613 edges).
    const CliRun r = runCli({"graph",    "release",    data("football.edges"),
                             "--nodes",  "115",        "--statistic",
                             "edges",    "--privacy",  "node",
                             "--method", "restricted", "--k",
                             "12",       "--epsilon",  "1",
                             "--delta",  "1e-6",       "--seed",
                             "1",        "--json",     "--teaching"});
    QVERIFY2(r.exitCode == 0, r.err.constData());
    const QJsonObject o = r.json().object();
    QCOMPARE(o["d_est"].toDouble(), 0.0);
    QCOMPARE(o["projected_value"].toDouble(), 613.0);
    QCOMPARE(o["delta"].toDouble(), 1e-6);
    QVERIFY(o["guarantee"].toString().contains("node-DP"));
    // karate, k = 5: d_est > 0 and the triangle count can only drop.
    const CliRun k =
        runCli({"graph", "release", data("karate.edges"), "--nodes", "34", "--statistic", "triangles", "--privacy",
                "node", "--method", "restricted", "--k", "5", "--seed", "1", "--json", "--teaching"});
    QCOMPARE(k.exitCode, 0);
    QVERIFY(k.json().object()["d_est"].toDouble() > 0);
    QVERIFY(k.json().object()["projected_value"].toDouble() <= 45);
}

void TestCliGraph::releaseSeeded() {
    const QStringList args{"graph",     "release",  data("karate.edges"), "--nodes", "34",   "--statistic",
                           "triangles", "--method", "noisy-max-degree",   "--delta", "1e-5", "--seed",
                           "3",         "--json"};
    const CliRun a = runCli(args), b = runCli(args);
    QCOMPARE(a.exitCode, 0);
    QCOMPARE(a.out, b.out);
    QVERIFY(a.json().object()["guarantee"].toString().contains("(2, 1e-05)"));
}

void TestCliGraph::degreesJson() {
    const CliRun r = runCli(
        {"graph", "degrees", data("karate.edges"), "--nodes", "34", "--epsilon", "0.5", "--seed", "2", "--json"});
    QCOMPARE(r.exitCode, 0);
    const QJsonObject s = r.json().object()["sequence"].toObject();
    QVERIFY(std::abs(s["noise_scale"].toDouble() - 4.0) < 1e-9);
    const QJsonArray post = s["post_processed"].toArray();
    QCOMPARE(post.size(), 34);
    for (int i = 1; i < post.size(); ++i) QVERIFY(post[i].toDouble() >= post[i - 1].toDouble());
    QVERIFY(std::abs(r.json().object()["histogram"].toObject()["noise_scale"].toDouble() - 8.0) < 1e-9);
    for (const auto& v : post) QVERIFY(v.toDouble() >= 0.0);  // post-processed degrees are never negative
}

void TestCliGraph::help_data() {
    QTest::addColumn<QString>("sub");
    QTest::newRow("stats") << "stats";
    QTest::newRow("sensitivity") << "sensitivity";
    QTest::newRow("release") << "release";
    QTest::newRow("degrees") << "degrees";
}

void TestCliGraph::help() {
    QFETCH(QString, sub);
    const CliRun r = runCli({"graph", sub, "--help"});
    QCOMPARE(r.exitCode, 0);
    QVERIFY(r.out.contains("FILE"));
}

void TestCliGraph::badInput_data() {
    QTest::addColumn<QStringList>("args");
    QTest::addColumn<int>("exitCode");
    QTest::addColumn<QString>("message");
    QTest::newRow("missing file") << QStringList{"graph", "stats", "/nonexistent.edges"} << 1
                                  << "/nonexistent.edges: no such file";
    QTest::newRow("unknown statistic") << QStringList{"graph",       "release", data("karate.edges"), "--nodes", "34",
                                                      "--statistic", "cliques"}
                                       << 1 << "unknown statistic";
    QTest::newRow("negative epsilon") << QStringList{"graph",     "release", data("karate.edges"), "--nodes", "34",
                                                     "--epsilon", "-1"}
                                      << 1 << "epsilon";
    QTest::newRow("restricted without k")
        << QStringList{"graph", "release", data("karate.edges"), "--nodes", "34", "--method", "restricted"} << 1
        << "k >= 1";
    QTest::newRow("unknown label") << QStringList{"graph", "release",     data("karate.edges"), "--nodes",
                                                  "34",    "--statistic", "profile:pianist"}
                                   << 1 << "pianist";
    QTest::newRow("bad label file") << QStringList{"graph", "stats", data("karate.edges"), "--labels",
                                                   data("karate.edges")}
                                    << 1 << "already has label";
    QTest::newRow("no sub-subcommand") << QStringList{"graph"} << 2 << "";
    QTest::newRow("unknown option") << QStringList{"graph", "stats", data("karate.edges"), "--frobnicate"} << 2 << "";
}

void TestCliGraph::badInput() {
    QFETCH(QStringList, args);
    QFETCH(int, exitCode);
    QFETCH(QString, message);
    const CliRun r = runCli(args);
    QCOMPARE(r.exitCode, exitCode);
    QVERIFY2(r.err.contains(message.toUtf8()), r.err.constData());
    QCOMPARE(r.err.count('\n'), 1);  // one line
}

// Privacy review: the loader's warnings counted duplicate edges (a file listing both directions has
// |E| of them), and whether one appears at all depends on the file. A release says the same fixed
// note for every file; teaching mode keeps the counts.
void TestCliGraph::releaseWarningsHaveNoCounts() {
    QTemporaryDir dir;
    auto write = [&](const QString& name, bool messy) {
        QFile f(dir.filePath(name));
        if (!f.open(QIODevice::WriteOnly)) return QString();
        for (int i = 0; i < 37; ++i) {
            f.write(QStringLiteral("%1 %2\n").arg(i).arg(i + 1).toUtf8());
            if (messy) f.write(QStringLiteral("%2 %1\n").arg(i).arg(i + 1).toUtf8());
        }
        if (messy) f.write("5 5\n");
        return f.fileName();
    };
    const QString messy = write(QStringLiteral("messy.edges"), true),
                  clean = write(QStringLiteral("clean.edges"), false);
    auto warnings = [&](const QString& file, bool teaching) {
        QStringList args{"graph", "release", file, "--nodes", "38", "--statistic", "edges", "--epsilon", "1", "--json"};
        args << (teaching ? QStringList{"--teaching"} : QStringList{"--ledger", dir.filePath("l.db")});
        const CliRun r = runCli(args);
        if (r.exitCode != 0) qWarning("%s", r.err.constData());
        return QString::fromUtf8(QJsonDocument(r.json().object()["warnings"].toArray()).toJson(QJsonDocument::Compact))
            .replace(file, QStringLiteral("FILE"));
    };
    const QString released = warnings(messy, false);
    QVERIFY2(released.contains(QStringLiteral("undirected")), qPrintable(released));
    QCOMPARE(released, warnings(clean, false));
    QVERIFY2(warnings(messy, true).contains(QStringLiteral("37 duplicate")), qPrintable(warnings(messy, true)));
    QCOMPARE(warnings(clean, true), QStringLiteral("[]"));
}

QTEST_GUILESS_MAIN(TestCliGraph)
#include "tst_cli_graph.moc"
