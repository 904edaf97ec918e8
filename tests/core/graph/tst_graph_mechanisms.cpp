// Release mechanisms: noise scales from the formulas, seeded statistical checks, smooth bounds,
// Hay et al.'s isotonic regression, validation.
#include "graph_test_util.h"

#include "veil/common/random.h"
#include "veil/common/run_context.h"
#include "veil/common/validate.h"
#include "veil/graph/degree_distribution.h"
#include "veil/graph/mechanisms.h"

#include "veil/dp/release_gate.h"

#include <cmath>
#include <limits>

using namespace veil::graph;

namespace {
ReleaseRequest request(StatisticKind kind, Privacy p, Method m, double eps, double delta = 0, std::size_t k = 0,
                       int trials = 1) {
    ReleaseRequest r;
    r.statistic = makeStatistic(kind);
    r.privacy = p;
    r.method = m;
    r.epsilon = eps;
    r.delta = delta;
    r.k = k;
    r.trials = trials;
    return r;
}
}  // namespace

class TestGraphMechanisms : public QObject {
    Q_OBJECT
private slots:
    void isotonic_data();
    void isotonic();
    void laplaceScales_data();
    void laplaceScales();
    void laplaceStatistics();
    void noisyMaxDegree();
    void restrictedEdge();
    void restrictedNodeOnHk();
    void restrictedNodeKarate();
    void lpSmoothBoundMatchesGrid_data();
    void lpSmoothBoundMatchesGrid();
    void truncationBound();
    void truncationRelease();
    void degreeSequence();
    void degreeHistogram();
    void invalid_data();
    void invalid();
    void seededIsReproducible();
    void deltaChargedInFull();
};

void TestGraphMechanisms::isotonic_data() {
    QTest::addColumn<QList<double>>("in");
    QTest::addColumn<QList<double>>("out");
    QTest::newRow("Hay et al. example") << QList<double>{1, 9, 4, 3, 4} << QList<double>{1, 5, 5, 5, 5};
    QTest::newRow("already sorted") << QList<double>{1, 2, 2, 7} << QList<double>{1, 2, 2, 7};
    QTest::newRow("decreasing pools to mean") << QList<double>{4, 3, 2} << QList<double>{3, 3, 3};
    QTest::newRow("two pools") << QList<double>{2, 1, 5, 3} << QList<double>{1.5, 1.5, 4, 4};
    QTest::newRow("empty") << QList<double>{} << QList<double>{};
}

void TestGraphMechanisms::isotonic() {
    QFETCH(QList<double>, in);
    QFETCH(QList<double>, out);
    const std::vector<double> v(in.begin(), in.end());
    const auto r = isotonicRegression(v);
    QCOMPARE(QList<double>(r.begin(), r.end()), out);
}

void TestGraphMechanisms::laplaceScales_data() {
    QTest::addColumn<int>("kind");
    QTest::addColumn<int>("privacy");
    QTest::addColumn<double>("eps");
    QTest::addColumn<double>("scale");
    // karate, n = 34: GS_edge edges 1, triangles n-2 = 32, two-stars 2(n-2) = 64; GS_node edges n-1 = 33.
    QTest::newRow("edges edge eps0.5") << int(StatisticKind::Edges) << int(Privacy::Edge) << 0.5 << 2.0;
    QTest::newRow("triangles edge eps1") << int(StatisticKind::Triangles) << int(Privacy::Edge) << 1.0 << 32.0;
    QTest::newRow("two-stars edge eps2") << int(StatisticKind::TwoStars) << int(Privacy::Edge) << 2.0 << 32.0;
    QTest::newRow("max-degree edge eps1") << int(StatisticKind::MaxDegree) << int(Privacy::Edge) << 1.0 << 1.0;
    QTest::newRow("edges node eps1") << int(StatisticKind::Edges) << int(Privacy::Node) << 1.0 << 33.0;
    QTest::newRow("triangles node eps1") << int(StatisticKind::Triangles) << int(Privacy::Node) << 1.0 << 528.0;
}

void TestGraphMechanisms::laplaceScales() {
    QFETCH(int, kind);
    QFETCH(int, privacy);
    QFETCH(double, eps);
    QFETCH(double, scale);
    const Graph g = loadTestGraph("karate");
    auto gate = veil::dp::ReleaseGate::teaching(1);
    const veil::RunContext ctx;
    auto r = releaseStatistic(gate, g, request(StatisticKind(kind), Privacy(privacy), Method::Laplace, eps), ctx);
    QVERIFY2(r.isOk(), r.status().message().c_str());
    QVERIFY2(std::abs(r->noiseScale - scale) <= 1e-9 * scale,
             qPrintable(QString::number(r->noiseScale, 'g', 17)));  // + snapping
    QCOMPARE(r->releases.size(), std::size_t{1});
    QCOMPARE(r->projectedValue, r->trueValue);
    QVERIFY(r->guarantee.find("(" + veil::formatNumber(eps) + ", 0)") != std::string::npos);
    QCOMPARE(r->spentEpsilon, eps);  // pure epsilon-DP: no delta spent
    QCOMPARE(r->spentDelta, 0.0);
}

void TestGraphMechanisms::laplaceStatistics() {
    // 4000 releases of #edges (karate, 78) with b = 1/eps = 1: mean within 4 standard errors
    // (sd sqrt(2) b / sqrt(4000) = 0.022), sample variance within 15% of 2 b^2 (Laplace kurtosis 6:
    // sd of s^2 about sqrt(5/4000) = 3.5% of the variance; 15% is over 4 sd).
    const Graph g = loadTestGraph("karate");
    auto gate = veil::dp::ReleaseGate::teaching(2024);
    const veil::RunContext ctx;
    auto r =
        releaseStatistic(gate, g, request(StatisticKind::Edges, Privacy::Edge, Method::Laplace, 1.0, 0, 0, 4000), ctx);
    QVERIFY(r.isOk());
    double mean = 0, var = 0;
    for (double x : r->releases) mean += x / 4000;
    for (double x : r->releases) var += (x - mean) * (x - mean) / 3999;
    QVERIFY2(std::abs(mean - 78) < 4 * std::sqrt(2.0 / 4000), qPrintable(QString::number(mean)));
    QVERIFY2(std::abs(var - 2.0) < 0.3, qPrintable(QString::number(var)));
}

void TestGraphMechanisms::noisyMaxDegree() {
    // d^ = 17 + Lap(1) + ln(1e6) has mean 17 + 13.8155 = 30.8155 (karate max degree 17); over 2000
    // trials the mean scale (d^/eps, eps = 1) is within 4 * sqrt(2)/sqrt(2000) = 0.13 of it.
    const Graph g = loadTestGraph("karate");
    auto gate = veil::dp::ReleaseGate::teaching(5);
    const veil::RunContext ctx;
    auto r = releaseStatistic(
        gate, g, request(StatisticKind::Triangles, Privacy::Edge, Method::NoisyMaxDegree, 1.0, 1e-6, 0, 2000), ctx);
    QVERIFY2(r.isOk(), r.status().message().c_str());
    double mean = 0;
    for (double s : r->noiseScales) mean += s / 2000;
    QVERIFY2(std::abs(mean - (17 + std::log(1e6))) < 0.13, qPrintable(QString::number(mean)));
    QVERIFY(r->guarantee.find("(2, 1e-06) edge-DP") != std::string::npos);
    QCOMPARE(r->spentEpsilon, 2.0);  // seed 000: epsilon for d^ and epsilon for the count
    QCOMPARE(r->spentDelta, 1e-6);
    QCOMPARE(r->trueValue, 45.0);
}

void TestGraphMechanisms::restrictedEdge() {
    // karate, k = 5: projection keeps 39 edges and 9 triangles (golden.py); scale 3 (k-1)/eps = 12.
    const Graph g = loadTestGraph("karate");
    auto gate = veil::dp::ReleaseGate::teaching(3);
    const veil::RunContext ctx;
    auto r =
        releaseStatistic(gate, g, request(StatisticKind::Triangles, Privacy::Edge, Method::Restricted, 1.0, 0, 5), ctx);
    QVERIFY(r.isOk());
    QCOMPARE(r->projectedValue, 9.0);
    QVERIFY(std::abs(r->noiseScale - 12.0) < 1e-9);  // (+ the snapping step)
    QCOMPARE(r->removedEdges, std::size_t{78 - 39});
    auto e =
        releaseStatistic(gate, g, request(StatisticKind::Edges, Privacy::Edge, Method::Restricted, 0.5, 0, 5), ctx);
    QCOMPARE(e->projectedValue, 39.0);
    QVERIFY(std::abs(e->noiseScale - 6.0) < 1e-9);  // 3 * 1 / 0.5
}

void TestGraphMechanisms::restrictedNodeOnHk() {
    // football is in H_12: d_est = 0, mu(G) = G, S = smooth bound at d_est = 0 with RS(H_24) for
    // #edges = 2 * 24 = 48; beta = 1 / (2 ln 1e6).
    const Graph g = loadTestGraph("football");
    auto gate = veil::dp::ReleaseGate::teaching(4);
    const veil::RunContext ctx;
    auto r = releaseStatistic(
        gate, g, request(StatisticKind::Edges, Privacy::Node, Method::Restricted, 1.0, 1e-6, 12, 200), ctx);
    QVERIFY2(r.isOk(), r.status().message().c_str());
    QCOMPARE(*r->dEst, 0.0);
    QCOMPARE(r->projectedValue, 613.0);
    const double beta = 1.0 / (2 * std::log(1e6));
    QCOMPARE(*r->beta, beta);
    // S depends on the graph, so the outputs' lattice is that of a public bound of 2S (by hand:
    // n < 2^32, d_est <= 4n: 2 (2 * 2^34 + 5) * 48 = 3.30e12, times 2^-40 = 3.0: g = 4), and the
    // sensitivity is widened by it; the scale is rounded up by at most 2^-40 of itself.
    const double lattice = 4.0, expected = (2 * lpSmoothBound(0, beta, 4, 48) + lattice) / 1.0;
    QVERIFY2(r->noiseScale >= expected && r->noiseScale <= expected * (1 + 0x1p-39),
             qPrintable(QString::number(r->noiseScale, 'g', 17)));
    for (double v : r->releases) QVERIFY2(std::fmod(v, lattice) == 0.0, qPrintable(QString::number(v, 'g', 17)));
}

void TestGraphMechanisms::restrictedNodeKarate() {
    const Graph g = loadTestGraph("karate");
    auto gate = veil::dp::ReleaseGate::teaching(4);
    const veil::RunContext ctx;
    auto r = releaseStatistic(gate, g,
                              request(StatisticKind::Triangles, Privacy::Node, Method::Restricted, 1.0, 1e-6, 5), ctx);
    QVERIFY(r.isOk());
    QVERIFY(*r->dEst > 0);
    QVERIFY(r->projectedValue <= r->trueValue);                                    // mu(G) is a subgraph
    QCOMPARE(*r->smoothBound, lpSmoothBound(*r->dEst, *r->beta, 4, 3 * 10 * 10));  // RS(H_10) = 3 * 10^2
    QVERIFY(r->guarantee.find("(1, 1e-06) node-DP") != std::string::npos);
    QCOMPARE(r->spentEpsilon, 1.0);
    QCOMPARE(r->spentDelta, 1e-6);
}

void TestGraphMechanisms::lpSmoothBoundMatchesGrid_data() {
    QTest::addColumn<double>("dEst");
    QTest::addColumn<double>("beta");
    QTest::newRow("interior max") << 0.0 << 0.05;
    QTest::newRow("max at d_est") << 50.0 << 0.5;
    QTest::newRow("large d_est") << 470.5 << 0.0362;
}

void TestGraphMechanisms::lpSmoothBoundMatchesGrid() {
    QFETCH(double, dEst);
    QFETCH(double, beta);
    // Independent check: maximise exp(-(beta/4)(d - dEst)) (2d + 5) * 7 on a grid of step 1e-3.
    double best = 0;
    for (double d = dEst; d < dEst + 2000; d += 1e-3)
        best = std::max(best, std::exp(-(beta / 4) * (d - dEst)) * (2 * d + 5) * 7);
    const double s = lpSmoothBound(dEst, beta, 4, 7);
    QVERIFY2(s >= best - 1e-9 && s <= best * (1 + 1e-9), qPrintable(QString("%1 vs %2").arg(s).arg(best)));
}

void TestGraphMechanisms::truncationBound() {
    // Star with 6 leaves (degrees 6, 1 x 6), D = 3, beta = ln 2 (by hand):
    // s = 0: 1 + 0 + #{3..4} = 1; s = 1: (2 + #{2..5}) / 2 = 1; s = 2: (3 + #{1..6} = 7) / 4 = 2.5;
    // s = 3: 11/8; s = 4: 12/16 ... -> max 2.5, times RS = 10.
    QCOMPARE(truncationSmoothBound(makeStar(6), 3, std::log(2.0), 10.0), 25.0);
}

void TestGraphMechanisms::truncationRelease() {
    const Graph g = loadTestGraph("karate");
    auto gate = veil::dp::ReleaseGate::teaching(8);
    const veil::RunContext ctx;
    auto r =
        releaseStatistic(gate, g, request(StatisticKind::Edges, Privacy::Node, Method::Truncation, 1.0, 1e-6, 5), ctx);
    QVERIFY2(r.isOk(), r.status().message().c_str());
    // Nodes of degree > 5 lose their edges; count kept edges independently.
    double kept = 0;
    for (const Edge& e : g.edges()) kept += g.degree(e.u) <= 5 && g.degree(e.v) <= 5;
    QCOMPARE(r->projectedValue, kept);
    const double expected = 2 * truncationSmoothBound(g, 5, *r->beta, 10) / 1.0;  // RS(H_5) edges = 2k
    // Widened by the lattice of the public bound 2 (1 + 1/beta + 2^32) 10 (about 8.6e10): g = 2^-3.
    QVERIFY2(std::abs(r->noiseScale - (expected + 0.125)) <= 1e-9 * expected,
             qPrintable(QString::number(r->noiseScale, 'g', 17)));
}

void TestGraphMechanisms::degreeSequence() {
    const Graph g = loadTestGraph("karate");
    auto gate = veil::dp::ReleaseGate::teaching(9);
    const veil::RunContext ctx;
    auto r = releaseDegreeSequence(gate, g, 0.5, ctx);
    QVERIFY(r.isOk());
    QVERIFY(std::abs(r->noiseScale - 4.0) < 1e-9);  // 2 / eps (+ the snapping step)
    QCOMPARE(r->trueSorted.size(), std::size_t{34});
    QCOMPARE(r->trueSorted.front(), 1.0);
    QCOMPARE(r->trueSorted.back(), 17.0);
    QVERIFY(std::is_sorted(r->postProcessed.begin(), r->postProcessed.end()));
    // Isotonic regression is a projection onto a convex set containing the truth: never farther.
    double errNoisy = 0, errPost = 0;
    for (std::size_t i = 0; i < 34; ++i) {
        errNoisy += std::pow(r->noisy[i] - r->trueSorted[i], 2);
        errPost += std::pow(r->postProcessed[i] - r->trueSorted[i], 2);
    }
    QVERIFY(errPost <= errNoisy + 1e-9);
}

void TestGraphMechanisms::degreeHistogram() {
    const Graph g = loadTestGraph("karate");
    auto gate = veil::dp::ReleaseGate::teaching(10);
    const veil::RunContext ctx;
    auto r = releaseDegreeHistogram(gate, g, 1.0, ctx);
    QVERIFY(r.isOk());
    QVERIFY(std::abs(r->noiseScale - 4.0) < 1e-9);
    QCOMPARE(r->trueCounts.size(), std::size_t{34});
    QCOMPARE(r->trueCounts[2], 11.0);  // karate: 11 nodes of degree 2
    for (double c : r->clamped) QVERIFY(c >= 0);
}

void TestGraphMechanisms::invalid_data() {
    QTest::addColumn<int>("kind");
    QTest::addColumn<int>("privacy");
    QTest::addColumn<int>("method");
    QTest::addColumn<double>("eps");
    QTest::addColumn<double>("delta");
    QTest::addColumn<int>("k");
    const int E = int(StatisticKind::Edges), T = int(StatisticKind::Triangles);
    const int pe = int(Privacy::Edge), pn = int(Privacy::Node);
    const int lap = int(Method::Laplace), nmd = int(Method::NoisyMaxDegree), res = int(Method::Restricted),
              tr = int(Method::Truncation);
    QTest::newRow("epsilon 0") << E << pe << lap << 0.0 << 0.0 << 0;
    QTest::newRow("epsilon negative") << E << pe << lap << -1.0 << 0.0 << 0;
    QTest::newRow("epsilon NaN") << E << pe << lap << std::numeric_limits<double>::quiet_NaN() << 0.0 << 0;
    QTest::newRow("epsilon infinite") << E << pe << lap << std::numeric_limits<double>::infinity() << 0.0 << 0;
    QTest::newRow("noisy max degree without delta") << T << pe << nmd << 1.0 << 0.0 << 0;
    QTest::newRow("noisy max degree on edges") << E << pe << nmd << 1.0 << 1e-6 << 0;
    QTest::newRow("noisy max degree node") << T << pn << nmd << 1.0 << 1e-6 << 0;
    QTest::newRow("restricted k 0") << E << pe << res << 1.0 << 0.0 << 0;
    QTest::newRow("node restricted delta 1") << E << pn << res << 1.0 << 1.0 << 3;
    QTest::newRow("truncation edge privacy") << E << pe << tr << 1.0 << 1e-6 << 3;
}

void TestGraphMechanisms::invalid() {
    QFETCH(int, kind);
    QFETCH(int, privacy);
    QFETCH(int, method);
    QFETCH(double, eps);
    QFETCH(double, delta);
    QFETCH(int, k);
    auto gate = veil::dp::ReleaseGate::teaching(1);
    const veil::RunContext ctx;
    auto r = releaseStatistic(
        gate, makeStar(4),
        request(StatisticKind(kind), Privacy(privacy), Method(method), eps, delta, static_cast<std::size_t>(k)), ctx);
    QCOMPARE(r.status().code(), veil::StatusCode::InvalidArgument);
    QVERIFY(gate.receipts().empty());  // refused before the gate: nothing charged
}

void TestGraphMechanisms::seededIsReproducible() {
    const Graph g = loadTestGraph("karate");
    auto run = [&](std::uint64_t seed) {
        auto gate = veil::dp::ReleaseGate::teaching(seed);
        const veil::RunContext ctx;
        return releaseStatistic(gate, g,
                                request(StatisticKind::Triangles, Privacy::Edge, Method::Laplace, 1.0, 0, 0, 5), ctx)
            ->releases;
    };
    QCOMPARE(run(11), run(11));
    QVERIFY(run(11) != run(12));
}

// Every trial spends delta: the charge is the sum, refused above 0.5 (it was cut to 0.5).
void TestGraphMechanisms::deltaChargedInFull() {
    auto cost = releaseCost(request(StatisticKind::Edges, Privacy::Node, Method::Truncation, 1.0, 0.01, 5, 20));
    QVERIFY2(cost, cost.status().message().c_str());
    QCOMPARE(cost->delta, 0.2);
    auto over = releaseCost(request(StatisticKind::Edges, Privacy::Node, Method::Truncation, 1.0, 0.1, 5, 6));
    QVERIFY(!over);
    QVERIFY2(over.status().message().find("delta") != std::string::npos, over.status().message().c_str());
}

QTEST_APPLESS_MAIN(TestGraphMechanisms)
#include "tst_graph_mechanisms.moc"
