// Exact statistics against networkx (SOURCE.md) and golden.py (tests/data/graphs) figures;
// graphlets exact vs edge-sampling; labelled counts and local profile queries; structural
// uniqueness against a brute force over node pairs.
#include "graph_test_util.h"

#include "veil/common/random.h"
#include "veil/common/run_context.h"
#include "veil/graph/graphlets.h"
#include "veil/graph/labelled_counts.h"
#include "veil/graph/statistics.h"

#include "graph/detail/neighbourhood_profile.h"

#include <cmath>
#include <numeric>

using namespace veil::graph;

class TestGraphStatistics : public QObject {
    Q_OBJECT
private slots:
    void networkxFigures_data();
    void networkxFigures();
    void commonNeighboursAndUniqueness_data();
    void commonNeighboursAndUniqueness();
    void uniquenessBruteForce_data();
    void uniquenessBruteForce();
    void graphletsExact_data();
    void graphletsExact();
    void graphletsPerEdgeSumsToExact();
    void graphletsSampling();
    void profileQueries_data();
    void profileQueries();
    void profileQueryErrors_data();
    void profileQueryErrors();
    void labelledTriangles();
    void trianglesCancel();
};

void TestGraphStatistics::networkxFigures_data() {
    QTest::addColumn<QString>("name");
    QTest::addColumn<int>("n");
    QTest::addColumn<int>("m");
    QTest::addColumn<int>("maxDeg");
    QTest::addColumn<qlonglong>("triangles");
    QTest::addColumn<qlonglong>("twoStars");
    // From tests/data/graphs/SOURCE.md (networkx 3.6.1).
    QTest::newRow("karate") << "karate" << 34 << 78 << 17 << 45LL << 528LL;
    QTest::newRow("florentine") << "florentine" << 15 << 20 << 6 << 3LL << 47LL;
    QTest::newRow("lesmis") << "lesmis" << 77 << 254 << 36 << 467LL << 2808LL;
    QTest::newRow("football") << "football" << 115 << 613 << 12 << 810LL << 5967LL;
    QTest::newRow("polblogs") << "polblogs" << 1224 << 16715 << 351 << 101043LL << 1341525LL;
}

void TestGraphStatistics::networkxFigures() {
    QFETCH(QString, name);
    QFETCH(int, n);
    QFETCH(int, m);
    QFETCH(int, maxDeg);
    QFETCH(qlonglong, triangles);
    QFETCH(qlonglong, twoStars);
    const Graph g = loadTestGraph(name.toStdString());
    QCOMPARE(static_cast<int>(g.nodeCount()), n);
    QCOMPARE(static_cast<int>(g.edgeCount()), m);
    QCOMPARE(static_cast<int>(maxDegree(g)), maxDeg);
    QCOMPARE(static_cast<qlonglong>(countTriangles(g)), triangles);
    QCOMPARE(static_cast<qlonglong>(countTwoStars(g)), twoStars);
    QCOMPARE(countKStars(g, 2), static_cast<double>(twoStars));
    const auto h = degreeHistogram(g);
    QCOMPARE(static_cast<int>(h.size()), maxDeg + 1);
    long long nodes = 0, degSum = 0;
    for (std::size_t d = 0; d < h.size(); ++d) {
        nodes += h[d];
        degSum += h[d] * static_cast<long long>(d);
    }
    QCOMPARE(nodes, static_cast<long long>(n));
    QCOMPARE(degSum, 2LL * m);
    const auto tv = trianglesPerNode(g);
    std::uint64_t sum = 0;
    for (auto t : tv) sum += t;
    QCOMPARE(static_cast<qlonglong>(sum), 3 * triangles);
}

void TestGraphStatistics::commonNeighboursAndUniqueness_data() {
    QTest::addColumn<QString>("name");
    QTest::addColumn<int>("maxCommon");
    QTest::addColumn<int>("uniqueDeg");
    QTest::addColumn<int>("uniqueNbhd");
    // golden.py: max common neighbours; unique by degree / by (degree, sorted neighbour degrees).
    QTest::newRow("karate") << "karate" << 10 << 6 << 23;
    QTest::newRow("florentine") << "florentine" << 2 << 1 << 13;
    QTest::newRow("lesmis") << "lesmis" << 16 << 6 << 42;
    QTest::newRow("football") << "football" << 9 << 1 << 60;
}

void TestGraphStatistics::commonNeighboursAndUniqueness() {
    QFETCH(QString, name);
    QFETCH(int, maxCommon);
    QFETCH(int, uniqueDeg);
    QFETCH(int, uniqueNbhd);
    const Graph g = loadTestGraph(name.toStdString());
    QCOMPARE(static_cast<int>(maxCommonNeighbours(g)), maxCommon);
    const auto u = structuralUniqueness(g);
    const double n = static_cast<double>(g.nodeCount());
    QCOMPARE(static_cast<int>(std::lround(u.uniqueByDegree * n)), uniqueDeg);
    QCOMPARE(static_cast<int>(std::lround(u.uniqueByNeighbourhood * n)), uniqueNbhd);
}

namespace {
// Brute force over node pairs: v is unique by neighbourhood when no other node has the same degree
// and the same sorted list of neighbour degrees.
std::pair<long long, long long> uniqueByBruteForce(const Graph& g) {
    const std::size_t n = g.nodeCount();
    std::vector<std::vector<std::size_t>> profile(n);
    for (NodeId v = 0; v < n; ++v) {
        for (NodeId w : g.neighbors(v)) profile[v].push_back(g.degree(w));
        std::sort(profile[v].begin(), profile[v].end());
    }
    long long byDegree = 0, byProfile = 0;
    for (NodeId v = 0; v < n; ++v) {
        bool degreeShared = false, profileShared = false;
        for (NodeId u = 0; u < n; ++u) {
            if (u == v || g.degree(u) != g.degree(v)) continue;
            degreeShared = true;
            profileShared = profileShared || profile[u] == profile[v];
        }
        byDegree += degreeShared ? 0 : 1;
        byProfile += profileShared ? 0 : 1;
    }
    return {byDegree, byProfile};
}

Graph randomGraph(std::size_t n, std::uint64_t permille, std::uint64_t seed) {
    veil::SeededRandom rng(seed);
    std::vector<std::pair<int, int>> e;
    for (std::size_t u = 0; u < n; ++u)
        for (std::size_t v = u + 1; v < n; ++v)
            if (rng.uniformBelow(1000) < permille) e.emplace_back(static_cast<int>(u), static_cast<int>(v));
    return makeGraph(n, e);
}
}  // namespace

void TestGraphStatistics::uniquenessBruteForce_data() {
    QTest::addColumn<QString>("name");
    QTest::newRow("empty graph") << "empty";
    QTest::newRow("star") << "star";
    QTest::newRow("clique") << "clique";
    QTest::newRow("path") << "path";
    QTest::newRow("karate") << "karate";
    for (int seed = 1; seed <= 12; ++seed) QTest::addRow("random %d", seed) << QString("random %1").arg(seed);
}

void TestGraphStatistics::uniquenessBruteForce() {
    QFETCH(QString, name);
    Graph g;
    if (name == "empty") g = makeGraph(5, {});
    if (name == "star") g = makeStar(7);
    if (name == "clique") g = makeClique(6);
    if (name == "path") g = makePath(9);
    if (name == "karate") g = loadTestGraph("karate");
    if (name.startsWith("random")) {
        const auto seed = name.section(' ', 1).toULongLong();
        g = randomGraph(10 + 7 * seed, 20 + 40 * (seed % 4), seed);  // sparse to dense, many ties
    }
    const auto [byDegree, byProfile] = uniqueByBruteForce(g);
    const auto u = structuralUniqueness(g);
    const double n = static_cast<double>(g.nodeCount());
    QCOMPARE(u.uniqueByDegree, static_cast<double>(byDegree) / n);
    QCOMPARE(u.uniqueByNeighbourhood, static_cast<double>(byProfile) / n);
    // All nodes in one group, as if every hash collided: the exact split alone gives the count.
    std::vector<NodeId> all(g.nodeCount());
    std::iota(all.begin(), all.end(), NodeId{0});
    QCOMPARE(veil::graph::detail::uniqueProfilesAmong(g, all), byProfile);
}

void TestGraphStatistics::graphletsExact_data() {
    QTest::addColumn<QString>("name");
    QTest::addColumn<QList<double>>("expected");  // wedge triangle path3 star3 cycle4 paw diamond clique4
    // golden.py (brute force over connected node sets).
    QTest::newRow("karate") << "karate" << QList<double>{393, 45, 681, 1098, 36, 452, 85, 11};
    QTest::newRow("florentine") << "florentine" << QList<double>{38, 3, 57, 22, 1, 10, 1, 0};
    QTest::newRow("lesmis") << "lesmis" << QList<double>{1407, 467, 4998, 6362, 45, 4839, 710, 639};
    QTest::newRow("football") << "football" << QList<double>{3537, 810, 21644, 4221, 564, 8054, 1155, 732};
}

void TestGraphStatistics::graphletsExact() {
    QFETCH(QString, name);
    QFETCH(QList<double>, expected);
    const Graph g = loadTestGraph(name.toStdString());
    veil::RunContext ctx;
    auto c = countGraphlets(g, ctx);
    QVERIFY(c.isOk());
    for (std::size_t i = 0; i < kGraphletTypes; ++i) {
        QCOMPARE((*c)[i], expected[static_cast<qsizetype>(i)]);
    }
}

void TestGraphStatistics::graphletsPerEdgeSumsToExact() {
    // Summing Z_e over all edges counts each graphlet once per edge: divide by |E(H_i)|.
    const Graph g = loadTestGraph("lesmis");
    veil::RunContext ctx;
    const auto exact = countGraphlets(g, ctx).value();
    GraphletCounts sum{};
    for (const Edge& e : g.edges()) {
        const auto z = graphletsContainingEdge(g, e.u, e.v);
        for (std::size_t i = 0; i < kGraphletTypes; ++i) sum[i] += z[i];
    }
    for (std::size_t i = 0; i < kGraphletTypes; ++i)
        QCOMPARE(sum[i] / graphletEdges(static_cast<Graphlet>(i)), exact[i]);
}

void TestGraphStatistics::graphletsSampling() {
    // Unbiased estimator: the mean of 200 runs of 100 samples each on karate (seeded) must be within
    // 4 standard errors of the exact count. Standard error estimated from the runs themselves.
    const Graph g = loadTestGraph("karate");
    veil::RunContext ctx;
    const auto exact = countGraphlets(g, ctx).value();
    veil::SeededRandom rng(7);
    ctx.random = &rng;
    const int runs = 200;
    GraphletCounts mean{}, sq{};
    for (int r = 0; r < runs; ++r) {
        const auto est = estimateGraphlets(g, 100, ctx).value();
        for (std::size_t i = 0; i < kGraphletTypes; ++i) {
            mean[i] += est[i] / runs;
            sq[i] += est[i] * est[i] / runs;
        }
    }
    for (std::size_t i = 0; i < kGraphletTypes; ++i) {
        const double se = std::sqrt(std::max(0.0, sq[i] - mean[i] * mean[i]) / runs);
        QVERIFY2(std::abs(mean[i] - exact[i]) <= 4 * se + 1e-9,
                 qPrintable(QString("%1: mean %2 exact %3 se %4")
                                .arg(graphletName(static_cast<Graphlet>(i)))
                                .arg(mean[i])
                                .arg(exact[i])
                                .arg(se)));
    }
    QCOMPARE(estimateGraphlets(g, 0, ctx).status().code(), veil::StatusCode::InvalidArgument);
}

void TestGraphStatistics::profileQueries_data() {
    QTest::addColumn<QString>("name");
    QTest::addColumn<QString>("spec");
    QTest::addColumn<int>("expected");
    // golden.py with the label files.
    QTest::newRow("karate adjacent to MrHi") << "karate"
                                             << "MrHi" << 24;
    QTest::newRow("karate adjacent to Officer") << "karate"
                                                << "Officer" << 23;
    QTest::newRow("karate two MrHi friends") << "karate"
                                             << "MrHi,MrHi/1-2" << 17;
    QTest::newRow("karate lawyers-doctors") << "karate"
                                            << "MrHi,MrHi,Officer,Officer/1-2,3-4,1!3,1!4,2!3,2!4" << 2;
    QTest::newRow("football lawyers-doctors") << "football"
                                              << "0,0,1,1/1-2,3-4,1!3,1!4,2!3,2!4" << 2;
    QTest::newRow("football two conf-0 friends") << "football"
                                                 << "0,0/1-2" << 12;
    // Hand-checkable: every node with a neighbour = all 34 (connected graph); nobody has 18 neighbours.
    QTest::newRow("any neighbour") << "karate"
                                   << "*" << 34;
    QTest::newRow("eight any slots") << "karate"
                                     << "*,*,*,*,*,*,*,*" << 5;  // degrees >= 8: 17,16,12,10,9
}

void TestGraphStatistics::profileQueries() {
    QFETCH(QString, name);
    QFETCH(QString, spec);
    QFETCH(int, expected);
    const Graph g = loadTestGraph(name.toStdString(), true);
    auto q = parseProfileQuery(spec.toStdString(), g);
    QVERIFY2(q.isOk(), q.status().message().c_str());
    QCOMPARE(static_cast<int>(countProfile(g, *q)), expected);
    if (!spec.contains(',') && spec != "*")
        QCOMPARE(static_cast<int>(countNodesAdjacentToLabel(g, g.labelIndex(spec.toStdString()))), expected);
}

void TestGraphStatistics::profileQueryErrors_data() {
    QTest::addColumn<QString>("spec");
    QTest::addColumn<int>("code");
    QTest::newRow("unknown label") << "pianist" << static_cast<int>(veil::StatusCode::NotFound);
    QTest::newRow("bad constraint") << "MrHi,MrHi/1=2" << static_cast<int>(veil::StatusCode::ParseError);
    QTest::newRow("slot out of range") << "MrHi,MrHi/1-3" << static_cast<int>(veil::StatusCode::InvalidArgument);
    QTest::newRow("same slot") << "MrHi,MrHi/1!1" << static_cast<int>(veil::StatusCode::InvalidArgument);
    QTest::newRow("empty slot") << "MrHi,,MrHi" << static_cast<int>(veil::StatusCode::ParseError);
}

void TestGraphStatistics::profileQueryErrors() {
    QFETCH(QString, spec);
    QFETCH(int, code);
    const Graph g = loadTestGraph("karate", true);
    auto q = parseProfileQuery(spec.toStdString(), g);
    QVERIFY(!q.isOk());
    QCOMPARE(static_cast<int>(q.status().code()), code);
}

void TestGraphStatistics::labelledTriangles() {
    const Graph g = loadTestGraph("karate", true);
    const int a = g.labelIndex("MrHi"), b = g.labelIndex("Officer");
    // golden.py: (MrHi x3) 26, (MrHi, MrHi, Officer) 1, (MrHi, Officer x2) 3, (Officer x3) 15.
    QCOMPARE(countLabelledTriangles(g, {a, a, a}), std::uint64_t{26});
    QCOMPARE(countLabelledTriangles(g, {a, b, a}), std::uint64_t{1});
    QCOMPARE(countLabelledTriangles(g, {b, a, b}), std::uint64_t{3});
    QCOMPARE(countLabelledTriangles(g, {b, b, b}), std::uint64_t{15});
    QCOMPARE(countLabelledTriangles(g, {ProfileQuery::kAny, ProfileQuery::kAny, ProfileQuery::kAny}),
             std::uint64_t{45});
    QCOMPARE(countLabelledTriangles(g, {a, ProfileQuery::kAny, ProfileQuery::kAny}), std::uint64_t{30});
}

void TestGraphStatistics::trianglesCancel() {
    const Graph g = loadTestGraph("polblogs");
    veil::CancelToken token;
    token.cancel();
    veil::RunContext ctx;
    ctx.cancel = &token;
    QCOMPARE(countTriangles(g, ctx).status().code(), veil::StatusCode::Cancelled);
    std::vector<double> seen;
    veil::FunctionProgressSink sink([&](double f, std::string_view) { seen.push_back(f); });
    veil::RunContext ok;
    ok.progress = &sink;
    QCOMPARE(countTriangles(g, ok).value(), std::uint64_t{101043});
    QVERIFY(!seen.empty());
    QCOMPARE(seen.front(), 0.0);
    QCOMPARE(seen.back(), 1.0);
    QVERIFY(seen.size() <= 110);  // "about 100" (ProgressReporter strides by total / 100)
}

QTEST_APPLESS_MAIN(TestGraphStatistics)
#include "tst_graph_statistics.moc"
