// veil-cli dp and psd with --workload and --per-query on DPBench data (NETTRACE, SF-CABS-E): every
// row of the per-query file checked against values computed here, independently of Veil's answering
// code (true answers as sums over the input's counts, noisy ones as sums of the released histogram or
// of the released leaves under the uniformity assumption); workload-aware strategies take the user's
// queries; a real release writes no true answers.
#include "cli_runner.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QtTest>

#include <cmath>
#include <cstdint>

namespace {

const QString kNettrace = QStringLiteral(VEIL_TEST_DATA_DIR "/dpbench/NETTRACE.n4096.csv");
const QString kCabs = QStringLiteral(VEIL_TEST_DATA_DIR "/dpbench/cabspottingE_256_256.csv");
const QString kHeader = QStringLiteral("method,label,epsilon,trial,query,row_lo,row_hi,col_lo,col_hi,noisy");

// Rows of the DPBench counts file (one count per line, or one line of a 2-D grid).
QList<QList<double>> readCounts(const QString& path) {
    QFile f(path);
    f.open(QIODevice::ReadOnly);
    QList<QList<double>> rows;
    for (const QByteArray& line : f.readAll().split('\n')) {
        if (line.trimmed().isEmpty()) continue;
        QList<double> row;
        for (const QByteArray& v : line.split(',')) row.push_back(v.trimmed().toDouble());
        rows.push_back(row);
    }
    return rows;
}

QString writeFile(const QTemporaryDir& dir, const QString& name, const QByteArray& text) {
    QFile f(dir.filePath(name));
    f.open(QIODevice::WriteOnly);
    f.write(text);
    return f.fileName();
}

QList<QStringList> readCsv(const QString& path) {
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly)) return {};
    QList<QStringList> rows;
    for (const QByteArray& line : f.readAll().split('\n'))
        if (!line.isEmpty()) rows.push_back(QString::fromUtf8(line).split(','));
    return rows;
}

// A fixed public workload: `count` ranges [lo, hi] inside 0..n-1 (a small LCG, not Veil's generator).
QList<QPair<int, int>> ranges(int n, int count, std::uint64_t seed) {
    QList<QPair<int, int>> out;
    for (int i = 0; i < count; ++i) {
        seed = seed * 6364136223846793005ULL + 1442695040888963407ULL;
        int a = int((seed >> 33) % std::uint64_t(n));
        seed = seed * 6364136223846793005ULL + 1442695040888963407ULL;
        int b = int((seed >> 33) % std::uint64_t(n));
        out.push_back({std::min(a, b), std::max(a, b)});
    }
    return out;
}

// A range sum of a release computed two ways (here bin by bin, in Veil as a difference of prefix
// sums) differs by rounding only: at most about n u sum |x_i| for the n = hi + 1 terms of the
// longer prefix (u = 2^-52 with margin).
bool nearRangeSum(double a, double b, const QJsonArray& release, int hi) {
    double prefixMagnitude = 0.0;
    for (int i = 0; i <= hi; ++i) prefixMagnitude += std::fabs(release[i].toDouble());
    return std::fabs(a - b) <= double(hi + 1) * 2.3e-16 * std::max(1.0, prefixMagnitude);
}

// The released leaves of a GeoJSON export: rectangle and released count.
struct Leaf {
    double x0, y0, x1, y1, count;
};
QList<Leaf> readLeaves(const QString& path) {
    QFile f(path);
    f.open(QIODevice::ReadOnly);
    QList<Leaf> leaves;
    for (const QJsonValue& feature : QJsonDocument::fromJson(f.readAll()).object()["features"].toArray()) {
        const QJsonArray ring = feature.toObject()["geometry"].toObject()["coordinates"].toArray()[0].toArray();
        Leaf l{1e300, 1e300, -1e300, -1e300, feature.toObject()["properties"].toObject()["noisy_count"].toDouble()};
        for (const QJsonValue& p : ring) {
            const double x = p.toArray()[0].toDouble(), y = p.toArray()[1].toDouble();
            l.x0 = std::min(l.x0, x), l.x1 = std::max(l.x1, x), l.y0 = std::min(l.y0, y), l.y1 = std::max(l.y1, y);
        }
        leaves.push_back(l);
    }
    return leaves;
}

// The uniformity assumption (Cormode et al. ICDE 2012): a leaf adds its count times the share of its
// area inside the rectangle.
double uniformAnswer(const QList<Leaf>& leaves, double x0, double y0, double x1, double y1) {
    double sum = 0.0;
    for (const Leaf& l : leaves) {
        const double w = std::min(x1, l.x1) - std::max(x0, l.x0), h = std::min(y1, l.y1) - std::max(y0, l.y0);
        if (w > 0 && h > 0) sum += l.count * w * h / ((l.x1 - l.x0) * (l.y1 - l.y0));
    }
    return sum;
}

}  // namespace

class TestCliPerQuery : public QObject {
    Q_OBJECT
private:
    QTemporaryDir m_dir;
    QList<double> m_counts;  // NETTRACE, 4096 bins
    QString m_records;       // NETTRACE as records: bin i repeated counts[i] times
    QList<QPair<int, int>> m_ranges;
    QString m_dpbenchWorkload;    // m_ranges in DPBench's format
    QList<QList<double>> m_grid;  // SF-CABS-E, 256 x 256, a twentieth of each count
    QString m_points;             // one point per unit of m_grid at its cell's centre

    QStringList dpArgs(const QString& strategy, const QString& perQuery) const {
        return {"dp",          m_records, "-c",     "bin",     "-q",         "histogram",       "--bins",
                "4096",        "--lower", "0",      "--upper", "4096",       "--strategy",      strategy,
                "-e",          "1",       "--seed", "11",      "--workload", m_dpbenchWorkload, "--json",
                "--per-query", perQuery};
    }

private slots:
    void initTestCase() {
        QVERIFY(m_dir.isValid());
        for (const auto& row : readCounts(kNettrace)) m_counts.push_back(row[0]);
        QCOMPARE(m_counts.size(), 4096);
        QByteArray csv = "bin\n";
        for (int i = 0; i < m_counts.size(); ++i)
            for (int k = 0; k < int(m_counts[i]); ++k) csv += QByteArray::number(i) + '\n';
        m_records = writeFile(m_dir, "nettrace_records.csv", csv);
        m_ranges = ranges(4096, 40, 2016);
        m_ranges.push_back({0, 4095});
        m_ranges.push_back({7, 7});
        QJsonArray queries;
        for (const auto& [lo, hi] : m_ranges)
            queries.push_back(QJsonObject{{"lb", QJsonArray{lo}}, {"ub", QJsonArray{hi}}, {"wgt", 1}});
        m_dpbenchWorkload = writeFile(m_dir, "w1d.json", QJsonDocument(QJsonObject{{"queries", queries}}).toJson());
        QByteArray points = "x,y\n";
        m_grid = readCounts(kCabs);
        QCOMPARE(m_grid.size(), 256);
        for (int r = 0; r < 256; ++r)
            for (int c = 0; c < 256; ++c) {
                m_grid[r][c] = std::floor(m_grid[r][c] / 20.0);
                for (int k = 0; k < int(m_grid[r][c]); ++k)
                    points += QByteArray::number(c + 0.5) + ',' + QByteArray::number(r + 0.5) + '\n';
            }
        m_points = writeFile(m_dir, "cabs_points.csv", points);
    }

    // Teaching mode: the true answers are sums of NETTRACE's counts, the noisy ones sums of each
    // released histogram (printed by --json), trial by trial.
    void dpTeaching_data() {
        QTest::addColumn<QString>("strategy");
        for (const char* s : {"identity", "hb", "mwem", "greedy-h", "dawa"}) QTest::newRow(s) << QString(s);
    }
    void dpTeaching() {
        QFETCH(QString, strategy);
        const QString pq = m_dir.filePath("dp_" + strategy + ".csv");
        const CliRun r = runCli(dpArgs(strategy, pq) + QStringList{"--teaching", "--trials", "2"});
        QVERIFY2(r.exitCode == 0, r.err.constData());
        const QJsonObject o = r.json().object();
        QCOMPARE(o["per_query_true_answers"].toBool(), true);
        QCOMPARE(o["workload_queries"].toInt(), int(m_ranges.size()));
        const QJsonArray releases = o["releases"].toArray();
        QCOMPARE(releases.size(), 2);
        const QList<QStringList> rows = readCsv(pq);
        QCOMPARE(rows.size(), 1 + 2 * int(m_ranges.size()));
        QCOMPARE(rows[0].join(','), kHeader + ",true");
        for (int i = 1; i < rows.size(); ++i) {
            const QStringList& f = rows[i];
            QCOMPARE(f.size(), 11);
            const int trial = f[3].toInt(), q = f[4].toInt();
            QCOMPARE(f[0], "histogram:" + strategy);
            QCOMPARE(trial, (i - 1) / int(m_ranges.size()));
            QCOMPARE(q, (i - 1) % int(m_ranges.size()));
            const auto [lo, hi] = m_ranges[q];
            QCOMPARE(f[5] + f[6] + f[7] + f[8], "00" + QString::number(lo) + QString::number(hi));
            double truth = 0.0, noisy = 0.0;
            const QJsonArray release = releases[trial].toArray();
            for (int b = lo; b <= hi; ++b) {
                truth += m_counts[b];
                noisy += release[b].toDouble();
            }
            QCOMPARE(f[10].toDouble(), truth);
            QVERIFY2(nearRangeSum(f[9].toDouble(), noisy, release, hi),
                     qPrintable(QString("query %1: %2 vs %3").arg(q).arg(f[9]).arg(noisy, 0, 'g', 17)));
        }
    }

    // Workload-aware strategies fit the user's queries instead of their default (all prefixes for
    // Greedy-H and DAWA, 500 random ranges for MWEM): a workload of the one total range needs one
    // measured node of Greedy-H's hierarchy (its root) and one MWEM candidate.
    void dpStrategiesTakeTheWorkload_data() {
        QTest::addColumn<QString>("strategy");
        QTest::addColumn<QString>("withWorkload");
        QTest::addColumn<QString>("withoutWorkload");
        QTest::newRow("greedy-h") << "greedy-h"
                                  << " 1 Greedy-H queries"
                                  << " 4112 Greedy-H queries";  // 4096 leaves + the useful inner nodes
        QTest::newRow("dawa") << "dawa"
                              << " 1 Greedy-H queries"
                              << "DAWA: ";
        QTest::newRow("mwem") << "mwem"
                              << "over 1 range queries"
                              << "over 500 range queries";
    }
    void dpStrategiesTakeTheWorkload() {
        QFETCH(QString, strategy);
        QFETCH(QString, withWorkload);
        QFETCH(QString, withoutWorkload);
        const QString total = writeFile(m_dir, "total.json", "{\"queries\": [{\"lb\": [0], \"ub\": [4095]}]}");
        const QStringList args{"dp",   m_records, "-c",     "bin",     "-q",        "histogram",  "--bins",
                               "4096", "--lower", "0",      "--upper", "4096",      "--strategy", strategy,
                               "-e",   "1",       "--seed", "3",       "--teaching"};
        const CliRun without = runCli(args);
        const CliRun with = runCli(args + QStringList{"--workload", total});
        QVERIFY2(with.exitCode == 0 && without.exitCode == 0, with.err.constData());
        QVERIFY2(with.out.contains(withWorkload.toUtf8()), with.out.constData());
        QVERIFY2(without.out.contains(withoutWorkload.toUtf8()), without.out.constData());
        QVERIFY2(!without.out.contains(withWorkload.toUtf8()), without.out.constData());
    }

    // A real release (no --teaching): the noisy answers only, the JSON and the text say that true
    // answers need --teaching; no true answer appears anywhere.
    void dpReleaseWritesNoTruth() {
        const QString pq = m_dir.filePath("dp_release.csv");
        const CliRun r = runCli(dpArgs("hb", pq));
        QVERIFY2(r.exitCode == 0, r.err.constData());
        const QJsonObject o = r.json().object();
        QCOMPARE(o["mode"].toString(), QString("release"));
        QCOMPARE(o["per_query_true_answers"].toBool(), false);
        QVERIFY(o["per_query_note"].toString().contains("true answers need --teaching"));
        const QList<QStringList> rows = readCsv(pq);
        QCOMPARE(rows.size(), 1 + int(m_ranges.size()));
        QCOMPARE(rows[0].join(','), kHeader);
        const QJsonArray release = o["releases"].toArray()[0].toArray();
        for (int i = 1; i < rows.size(); ++i) {
            QCOMPARE(rows[i].size(), 10);
            const auto [lo, hi] = m_ranges[i - 1];
            double noisy = 0.0;
            for (int b = lo; b <= hi; ++b) noisy += release[b].toDouble();
            QVERIFY(nearRangeSum(rows[i][9].toDouble(), noisy, release, hi));
        }
        const CliRun text =
            runCli(dpArgs("hb", pq).mid(0, dpArgs("hb", pq).size() - 3) + QStringList{"--per-query", pq});
        QVERIFY2(text.exitCode == 0, text.err.constData());
        QVERIFY2(text.out.contains("true answers need --teaching"), text.out.constData());
        QCOMPARE(text.out.count("true answers need --teaching"), 1);
    }

    void dpRefusals_data() {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<QString>("mentions");
        QTest::newRow("per-query without workload")
            << QStringList{"-q", "histogram", "--per-query", "x.csv"} << "--per-query needs --workload";
        QTest::newRow("workload on a count") << QStringList{"-q", "count", "--workload", "GOOD"} << "--query histogram";
        QTest::newRow("range outside the bins")
            << QStringList{"-q", "histogram", "--workload", "OUT"} << "query 0: hi 4096 is out of the domain 0..4095";
        QTest::newRow("not JSON") << QStringList{"-q", "histogram", "--workload", "BAD"} << "not valid JSON";
    }
    void dpRefusals() {
        QFETCH(QStringList, args);
        QFETCH(QString, mentions);
        const QString good = writeFile(m_dir, "good.json", "[[0, 5]]");
        const QString out = writeFile(m_dir, "out.json", "{\"queries\": [{\"lb\": [0], \"ub\": [4096]}]}");
        const QString bad = writeFile(m_dir, "bad.json", "[[0, 5]");
        for (QString& a : args) a = a == "GOOD" ? good : a == "OUT" ? out : a == "BAD" ? bad : a;
        const CliRun r = runCli(QStringList{"dp", m_records, "-c", "bin", "--bins", "4096", "--lower", "0", "--upper",
                                            "4096", "-e", "1", "--teaching"} +
                                args);
        QCOMPARE(r.exitCode, 1);
        QVERIFY2(r.err.contains(mentions.toUtf8()), r.err.constData());
        QCOMPARE(r.err.count('\n'), 1);
    }

    // psd on SF-CABS-E points (a twentieth of each count at the cell's centre): the true answers are
    // sums of those counts; the noisy ones follow from the released leaves (the GeoJSON export) by
    // the uniformity assumption. Rectangles of data cells in DPBench's format, row 0 at y = 0.
    void psdTeaching_data() {
        QTest::addColumn<QStringList>("tree");
        QTest::newRow("grid aligned, raw counts") << QStringList{"--tree", "grid", "--no-postprocess"};
        // Blocks of 6 x 6 data cells (the last cut to 4): queries cut leaves, answered by area.
        QTest::newRow("grid, blocks of 6") << QStringList{"--tree", "grid", "--cells-per-axis", "37"};
        QTest::newRow("agrid") << QStringList{"--tree", "agrid"};
        QTest::newRow("quadtree") << QStringList{"--tree", "quad", "--height", "5"};
    }
    void psdTeaching() {
        QFETCH(QStringList, tree);
        QJsonArray queries;
        const auto rows = ranges(256, 30, 77), cols = ranges(256, 30, 78);
        for (int i = 0; i < rows.size(); ++i)
            queries.push_back(QJsonObject{{"lb", QJsonArray{rows[i].first, cols[i].first}},
                                          {"ub", QJsonArray{rows[i].second, cols[i].second}}});
        const QString workload =
            writeFile(m_dir, "w2d.json", QJsonDocument(QJsonObject{{"queries", queries}}).toJson());
        const QString pq = m_dir.filePath("psd.csv"), leavesFile = m_dir.filePath("leaves.geojson");
        const QStringList args{"psd",          m_points,      "--x",         "x",     "--y",      "y",
                               "--domain",     "0,0,256,256", "--epsilon",   "1",     "--seed",   "5",
                               "--workload",   workload,      "--per-query", pq,      "--output", leavesFile,
                               "--data-cells", "256,256",     "--teaching",  "--json"};
        const CliRun run = runCli(args + tree);
        QVERIFY2(run.exitCode == 0, run.err.constData());
        QCOMPARE(run.json().object()["query_error"].toObject()["queries"].toInt(), 30);
        const QList<Leaf> leaves = readLeaves(leavesFile);
        QVERIFY(!leaves.isEmpty());
        const QList<QStringList> csv = readCsv(pq);
        QCOMPARE(csv.size(), 31);
        QCOMPARE(csv[0].join(','), kHeader + ",true");
        for (int i = 1; i < csv.size(); ++i) {
            const QStringList& f = csv[i];
            QCOMPARE(f[0], "psd:" + tree[1]);
            const int r0 = f[5].toInt(), r1 = f[6].toInt(), c0 = f[7].toInt(), c1 = f[8].toInt();
            QCOMPARE(r0, rows[i - 1].first);
            QCOMPARE(r1, rows[i - 1].second);
            QCOMPARE(c0, cols[i - 1].first);
            QCOMPARE(c1, cols[i - 1].second);
            double truth = 0.0;
            for (int row = r0; row <= r1; ++row)
                for (int col = c0; col <= c1; ++col) truth += m_grid[row][col];
            QCOMPARE(f[10].toDouble(), truth);
            const double noisy = uniformAnswer(leaves, c0, r0, c1 + 1, r1 + 1);
            QVERIFY2(std::fabs(f[9].toDouble() - noisy) <= 1e-7 * std::max(1.0, std::fabs(truth)),
                     qPrintable(QString("query %1: %2 vs %3").arg(i - 1).arg(f[9]).arg(noisy, 0, 'g', 17)));
        }
    }

    // A psd release: noisy answers only, no "true" column, the note in JSON.
    void psdReleaseWritesNoTruth() {
        const QString workload = writeFile(m_dir, "w2d_small.json", "[[0, 9, 0, 9], [100, 200, 30, 40]]");
        const QString pq = m_dir.filePath("psd_release.csv");
        const CliRun r =
            runCli({"psd", m_points, "--x", "x", "--y", "y", "--domain", "0,0,256,256", "--epsilon", "1", "--tree",
                    "grid", "--data-cells", "256,256", "--workload", workload, "--per-query", pq, "--json"});
        QVERIFY2(r.exitCode == 0, r.err.constData());
        const QJsonObject o = r.json().object();
        QCOMPARE(o["mode"].toString(), QString("release"));
        QCOMPARE(o["per_query_true_answers"].toBool(), false);
        QVERIFY(o["per_query_note"].toString().contains("true answers need --teaching"));
        const QList<QStringList> csv = readCsv(pq);
        QCOMPARE(csv.size(), 3);
        QCOMPARE(csv[0].join(','), kHeader);
        for (int i = 1; i < 3; ++i) QCOMPARE(csv[i].size(), 10);
    }

    void psdRefusals() {
        const QString workload = writeFile(m_dir, "w2d_one.json", "[[0, 9, 0, 9]]");
        const CliRun noCells = runCli({"psd", m_points, "--x", "x", "--y", "y", "--domain", "0,0,256,256", "--epsilon",
                                       "1", "--tree", "grid", "--workload", workload, "--teaching"});
        QCOMPARE(noCells.exitCode, 1);
        QVERIFY2(noCells.err.contains("--data-cells"), noCells.err.constData());
        const QString oneD = writeFile(m_dir, "w1d_one.json", "[[0, 9]]");
        const CliRun wrongShape = runCli({"psd", "--shape", kCabs, "--scale", "1000", "--epsilon", "1", "--tree",
                                          "grid", "--workload", oneD, "--teaching"});
        QCOMPARE(wrongShape.exitCode, 1);
        QVERIFY2(wrongShape.err.contains("query 0") && wrongShape.err.contains("w1d_one.json"),
                 wrongShape.err.constData());
    }
};

QTEST_MAIN(TestCliPerQuery)
#include "tst_cli_per_query.moc"
