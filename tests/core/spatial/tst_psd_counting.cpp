// A release keeps no points, so its decompositions only count them (keepPoints off): the trees,
// true counts and noisy counts must equal those of the same build that lists the points, on points
// that lie on cell and data-cell edges as well as inside.
#include "veil/common/random.h"
#include "veil/spatial/adaptive_grid.h"
#include "veil/spatial/decomposition.h"
#include "veil/spatial/psd_release.h"
#include "veil/spatial/uniform_grid.h"

#include <QtTest/QtTest>

#include <functional>

using namespace veil;
using namespace veil::spatial;

namespace {

// 3,000 points on [0, 32)^2: a third on the integer grid (edges of every data cell and of every
// quadtree cell), a third clustered, a third uniform (a seeded, non-private test generator).
PointSet edgyPoints() {
    SeededRandom rng(5);
    std::vector<double> x, y;
    for (int i = 0; i < 3000; ++i) {
        if (i % 3 == 0) {
            x.push_back(double(rng.uniformBelow(32)));
            y.push_back(double(rng.uniformBelow(32)));
        } else if (i % 3 == 1) {
            x.push_back(8.0 + 4.0 * rng.uniform01() * rng.uniform01());
            y.push_back(20.0 + 6.0 * rng.uniform01());
        } else {
            x.push_back(32.0 * rng.uniform01());
            y.push_back(32.0 * rng.uniform01());
        }
    }
    return *makePointSet(std::move(x), std::move(y), Rect{0, 0, 32, 32});
}

using Build = std::function<Result<PrivateSpatialDecomposition>(bool keepPoints, const RunContext&)>;

void compareBuilds(const Build& build) {
    SeededRandom r1(77), r2(77);
    RunContext c1, c2;
    c1.random = &r1;
    c2.random = &r2;
    auto listed = build(true, c1), counted = build(false, c2);
    QVERIFY2(listed && counted, (listed ? counted : listed).status().message().c_str());
    QCOMPARE(listed->pointX.size(), std::size_t(3000));
    QVERIFY(counted->pointX.empty() && counted->pointY.empty());
    QCOMPARE(counted->nodes.size(), listed->nodes.size());
    QCOMPARE(counted->leaves, listed->leaves);
    for (std::size_t i = 0; i < listed->nodes.size(); ++i) {
        const PsdNode &a = listed->nodes[i], &b = counted->nodes[i];
        QCOMPARE(b.trueCount, a.trueCount);
        QCOMPARE(b.pointBegin, a.pointBegin);
        QCOMPARE(b.pointEnd, a.pointEnd);
        QCOMPARE(b.noisyCount, a.noisyCount);
        QCOMPARE(b.estimate, a.estimate);
        QCOMPARE(b.childCount, a.childCount);
        QCOMPARE(b.rect.x0, a.rect.x0);
        QCOMPARE(b.rect.y1, a.rect.y1);
    }
    // The listed points agree with the rectangles: every leaf's points lie in it (all are < 32).
    for (const std::int32_t leaf : listed->leaves) {
        const PsdNode& n = listed->nodes[std::size_t(leaf)];
        for (std::uint32_t p = n.pointBegin; p < n.pointEnd; ++p)
            QVERIFY2(
                n.rect.containsPoint(listed->pointX[p], listed->pointY[p]),
                qPrintable(QString("leaf %1 holds (%2, %3)").arg(leaf).arg(listed->pointX[p]).arg(listed->pointY[p])));
    }
}

}  // namespace

class TestPsdCounting : public QObject {
    Q_OBJECT
private slots:
    void quadtree_data() {
        QTest::addColumn<int>("height");
        QTest::addColumn<double>("minLeaf");
        QTest::newRow("h5") << 5 << 0.0;
        QTest::newRow("h7, min leaf 20") << 7 << 20.0;
    }
    void quadtree() {
        QFETCH(int, height);
        QFETCH(double, minLeaf);
        const PointSet ps = edgyPoints();
        compareBuilds([&](bool keep, const RunContext& ctx) {
            PsdOptions o;
            o.height = height;
            o.minLeafSize = minLeaf;
            o.keepPoints = keep;
            return buildDecomposition(ps, o, ctx);
        });
    }
    void kdTree() {
        const PointSet ps = edgyPoints();
        compareBuilds([&](bool keep, const RunContext& ctx) {
            PsdOptions o;
            o.kind = TreeKind::Hybrid;
            o.height = 6;
            o.keepPoints = keep;
            return buildDecomposition(ps, o, ctx);
        });
    }
    void uniformGrid_data() {
        QTest::addColumn<int>("dataCells");
        QTest::newRow("continuous") << 0;
        QTest::newRow("aligned to 32 x 32 data cells") << 32;
    }
    void uniformGrid() {
        QFETCH(int, dataCells);
        const PointSet ps = edgyPoints();
        compareBuilds([&](bool keep, const RunContext& ctx) {
            UniformGridOptions o;
            o.dataColumns = o.dataRows = std::size_t(dataCells);
            o.keepPoints = keep;
            return buildUniformGrid(ps, o, ctx);
        });
    }
    void adaptiveGrid_data() {
        QTest::addColumn<int>("dataCells");
        QTest::addColumn<int>("firstLevel");
        QTest::newRow("continuous") << 0 << 0;
        QTest::newRow("aligned, 32 x 32 data cells, blocks of 3") << 32 << 11;
        QTest::newRow("aligned, 32 x 32 data cells, paper's m1") << 32 << 0;
    }
    void adaptiveGrid() {
        QFETCH(int, dataCells);
        QFETCH(int, firstLevel);
        const PointSet ps = edgyPoints();
        compareBuilds([&](bool keep, const RunContext& ctx) {
            AdaptiveGridOptions o;
            o.epsilon = 50.0;  // fine second levels
            o.dataColumns = o.dataRows = std::size_t(dataCells);
            o.firstLevelCells = std::size_t(firstLevel);
            o.keepPoints = keep;
            return buildAdaptiveGrid(ps, o, ctx);
        });
    }
    void releaseKeepsNoPoints() {
        // Release mode: nothing listed, nothing true left; the same seed in teaching mode gives the
        // same noisy counts with the points kept.
        const PointSet ps = edgyPoints();
        for (const char* kind : {"quad", "grid", "agrid", "kd"}) {
            dp::ReleaseGate::Options options;
            options.seed = 3;
            dp::ReleaseGate release(options);
            auto teaching = dp::ReleaseGate::teaching(3);
            PsdRequest request;
            request.kind = kind;
            request.epsilon = 1.0;
            auto released = releaseDecomposition(release, ps, request, RunContext{});
            auto taught = releaseDecomposition(teaching, ps, request, RunContext{});
            QVERIFY2(released && taught, kind);
            QVERIFY(released->pointX.empty() && released->truthsStripped);
            QCOMPARE(taught->pointX.size(), std::size_t(3000));
            QCOMPARE(released->nodes.size(), taught->nodes.size());
            for (std::size_t i = 0; i < taught->nodes.size(); ++i)
                QCOMPARE(released->nodes[i].noisyCount, taught->nodes[i].noisyCount);
        }
    }
};

QTEST_GUILESS_MAIN(TestPsdCounting)
#include "tst_psd_counting.moc"
