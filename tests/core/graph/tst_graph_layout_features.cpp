// Force-directed layout (Boost Fruchterman-Reingold) and the private feature vectors of seed 003.
#include "graph_test_util.h"

#include "veil/common/random.h"
#include "veil/common/run_context.h"
#include "veil/graph/feature_vectors.h"
#include "veil/dp/release_gate.h"
#include "veil/graph/graphlets.h"
#include "veil/graph/layout.h"
#include "veil/graph/projection.h"

#include <cmath>

using namespace veil::graph;

class TestGraphLayoutFeatures : public QObject {
    Q_OBJECT
private slots:
    void layoutInBoundsAndSeeded();
    void layoutSeparatesEdgesFromNonEdges();
    void layoutCancelAndErrors();
    void walks_data();
    void walks();
    void graphletFeatures();
    void walkFeatures();
};

void TestGraphLayoutFeatures::layoutInBoundsAndSeeded() {
    const Graph g = loadTestGraph("karate");
    LayoutOptions o;
    o.width = 200;
    o.height = 100;
    auto run = [&](std::uint64_t seed) {
        veil::SeededRandom rng(seed);
        veil::RunContext ctx;
        ctx.random = &rng;
        return forceDirectedLayout(g, o, ctx).value();
    };
    const auto a = run(1), b = run(1), c = run(2);
    QCOMPARE(a.size(), std::size_t{34});
    bool same = true, differ = false;
    for (std::size_t i = 0; i < a.size(); ++i) {
        QVERIFY(std::abs(a[i].x) <= 100 + 1e-9 && std::abs(a[i].y) <= 50 + 1e-9);
        same = same && a[i].x == b[i].x && a[i].y == b[i].y;
        differ = differ || a[i].x != c[i].x;
    }
    QVERIFY(same);    // same seed, same picture
    QVERIFY(differ);  // another seed, another start
}

void TestGraphLayoutFeatures::layoutSeparatesEdgesFromNonEdges() {
    // Two disjoint 5-cliques: after layout, the mean length of edges is well below the mean distance
    // between nodes of different cliques (a property, not pixels).
    std::vector<std::pair<int, int>> e;
    for (int c = 0; c < 2; ++c)
        for (int i = 0; i < 5; ++i)
            for (int j = i + 1; j < 5; ++j) e.emplace_back(5 * c + i, 5 * c + j);
    const Graph g = makeGraph(10, e);
    veil::SeededRandom rng(3);
    veil::RunContext ctx;
    ctx.random = &rng;
    const auto p = forceDirectedLayout(g, LayoutOptions{}, ctx).value();
    auto dist = [&](int a, int b) { return std::hypot(p[a].x - p[b].x, p[a].y - p[b].y); };
    double in = 0, across = 0;
    for (auto [a, b] : e) in += dist(a, b) / e.size();
    for (int a = 0; a < 5; ++a)
        for (int b = 5; b < 10; ++b) across += dist(a, b) / 25;
    QVERIFY2(in < across, qPrintable(QString("%1 vs %2").arg(in).arg(across)));
}

void TestGraphLayoutFeatures::layoutCancelAndErrors() {
    const Graph g = loadTestGraph("karate");
    veil::SeededRandom rng(1);
    veil::CancelToken token;
    token.cancel();
    veil::RunContext ctx;
    ctx.random = &rng;
    ctx.cancel = &token;
    QCOMPARE(forceDirectedLayout(g, LayoutOptions{}, ctx).status().code(), veil::StatusCode::Cancelled);
    veil::RunContext noRandom;
    QCOMPARE(forceDirectedLayout(g, LayoutOptions{}, noRandom).status().code(), veil::StatusCode::InvalidArgument);
    veil::RunContext ok;
    ok.random = &rng;
    LayoutOptions bad;
    bad.iterations = 0;
    QCOMPARE(forceDirectedLayout(g, bad, ok).status().code(), veil::StatusCode::InvalidArgument);
}

void TestGraphLayoutFeatures::walks_data() {
    QTest::addColumn<QString>("graph");
    QTest::addColumn<QList<double>>("expected");
    // Path 0-1-2 (by hand): length 1: 2m = 4; length 2: sum d^2 = 6; length 3: 1'A^3 1 = 8.
    QTest::newRow("path3") << "path3" << QList<double>{4, 6, 8};
    // Triangle: every node has 2 choices per step: 3 * 2^l.
    QTest::newRow("triangle") << "triangle" << QList<double>{6, 12, 24};
}

void TestGraphLayoutFeatures::walks() {
    QFETCH(QString, graph);
    QFETCH(QList<double>, expected);
    const Graph g = graph == "path3" ? makePath(3) : makeClique(3);
    const auto w = countWalks(g, 3);
    QCOMPARE(QList<double>(w.begin(), w.end()), expected);
}

void TestGraphLayoutFeatures::graphletFeatures() {
    const Graph g = loadTestGraph("karate");
    auto gate = veil::dp::ReleaseGate::teaching(5);
    const veil::RunContext ctx;
    auto r = releaseGraphletFeatures(gate, g, 5, 1.0, ctx);
    QVERIFY2(r.isOk(), r.status().message().c_str());
    QCOMPARE(r->names.size(), kGraphletTypes);
    // Values are the exact counts on mu_5(G) (9 triangles, golden.py); scale a * 3 * t D^(t-1) / eps
    // with a = 8: triangles 8 * 3 * 3 * 25 = 1800, 4-node graphlets 8 * 3 * 4 * 125 = 12000.
    QCOMPARE(r->projectedValues[1], 9.0);
    // (up to the snapping step, a relative 2^-40)
    QVERIFY(std::abs(r->noiseScales[1] / 1800.0 - 1.0) < 1e-9);
    QVERIFY(std::abs(r->noiseScales[7] / 12000.0 - 1.0) < 1e-9);
    const auto exact = countGraphlets(projectEdges(g, 5).projected, ctx).value();
    for (std::size_t i = 0; i < kGraphletTypes; ++i) QCOMPARE(r->projectedValues[i], exact[i]);
    QCOMPARE(releaseGraphletFeatures(gate, g, 0, 1.0, ctx).status().code(), veil::StatusCode::InvalidArgument);
}

void TestGraphLayoutFeatures::walkFeatures() {
    const Graph g = makeStar(4);  // D = 2 keeps edges (0,1), (0,2): a path 1-0-2
    auto gate = veil::dp::ReleaseGate::teaching(6);
    const veil::RunContext ctx;
    auto r = releaseRandomWalkFeatures(gate, g, 2, 3, 0.5, ctx);
    QVERIFY(r.isOk());
    QCOMPARE(QList<double>(r->projectedValues.begin(), r->projectedValues.end()), (QList<double>{4, 6, 8}));
    // scale_l = a * 3 * 2 l D^(l-1) / eps, a = 3, D = 2, eps = 0.5: l=1: 36, l=2: 144, l=3: 432.
    const double expected[3] = {36, 144, 432};
    for (std::size_t i = 0; i < 3; ++i) QVERIFY(std::abs(r->noiseScales[i] / expected[i] - 1.0) < 1e-9);
    QCOMPARE(r->removedEdges, std::size_t{2});
    QCOMPARE(releaseRandomWalkFeatures(gate, g, 2, 11, 0.5, ctx).status().code(), veil::StatusCode::InvalidArgument);
}

QTEST_APPLESS_MAIN(TestGraphLayoutFeatures)
#include "tst_graph_layout_features.moc"
