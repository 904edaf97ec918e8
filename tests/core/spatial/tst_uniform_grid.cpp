// Tests for the uniform grid (Qardaji, Yang, Li, ICDE 2013): its size, its cells' Laplace noise and
// the grid aligned to a histogram's data cells (DPComp's UG.py).
#include "veil/dp/laplace_mechanism.h"
#include "veil/spatial/range_query.h"
#include "veil/spatial/uniform_grid.h"

#include "spatial_test_points.h"

#include <QtTest>

#include <cmath>
#include <tuple>
#include <vector>

using namespace veil::spatial;
using veil::RunContext;
using veil::SeededRandom;
using veil::spatial::test::clusteredPoints;

namespace {

// A private uniform grid of cellsPerAxis^2 cells at eps 1, noise from a seeded source.
veil::Result<PrivateSpatialDecomposition> seededUniformGrid(const PointSet& ps, std::size_t cellsPerAxis,
                                                            std::uint64_t seed) {
    SeededRandom rng(seed);
    RunContext ctx;
    ctx.random = &rng;
    UniformGridOptions o;
    o.cellsPerAxis = cellsPerAxis;
    return buildUniformGrid(ps, o, ctx);
}

}  // namespace

class TestUniformGrid : public QObject {
    Q_OBJECT
private slots:
    void uniformGrid();
    void uniformGridCellNoiseIsLaplace();
    void alignedBlockSideByHand_data();
    void alignedBlockSideByHand();
    void alignedGridByHand();
};

void TestUniformGrid::uniformGrid() {
    // Qardaji et al.'s m = sqrt(N eps / 10) rounded as DPComp's int(x - 1) + 1 (UG.py), i.e. down:
    // N = 1e6, eps = 1 -> 316.23 -> 316; N = 1000, eps = 0.1 -> 3.16 -> 3; 0 -> 1.
    QCOMPARE(uniformGridSize(1e6, 1.0), std::size_t(316));
    QCOMPARE(uniformGridSize(1000, 0.1), std::size_t(3));
    QCOMPARE(uniformGridSize(0, 1.0), std::size_t(1));
    const PointSet ps = clusteredPoints(2000, 5);
    auto g = seededUniformGrid(ps, 7, 1);
    QVERIFY(g.isOk());
    QCOMPARE(g->leaves.size(), std::size_t(49));
    double area = 0.0, points = 0.0;
    for (std::int32_t l : g->leaves) {
        area += g->nodes[std::size_t(l)].rect.area();
        points += g->nodes[std::size_t(l)].trueCount;
        QVERIFY(std::abs(g->nodes[std::size_t(l)].pathEpsilon - 1.0) < 1e-12);
    }
    QVERIFY(std::abs(area - 10000.0) < 1e-9);
    QCOMPARE(points, 2000.0);
    QCOMPARE(g->trueRangeCount(Rect{10, 10, 50, 90}), double(countPointsIn(ps, Rect{10, 10, 50, 90})));
}

void TestUniformGrid::uniformGridCellNoiseIsLaplace() {
    // 100 x 100 cells at eps 1, 5% for the noisy N: each cell's count gets Laplace(b), b = the cell
    // mechanism's scale (about 1 / 0.95). E|L| = b and sd|L| = b, so over 10,000 cells the mean
    // absolute noise is b within 5 standard errors (5 b / 100); the mean noise is 0 within
    // 5 sqrt(2) b / 100.
    auto g = seededUniformGrid(clusteredPoints(5000, 5), 100, 12);
    QVERIFY(g.isOk());
    QCOMPARE(g->leaves.size(), std::size_t(10000));
    const double b = veil::dp::LaplaceMechanism::create(0.95, 1.0)->scale();
    double sum = 0.0, sumAbs = 0.0;
    for (std::int32_t l : g->leaves) {
        const PsdNode& cell = g->nodes[std::size_t(l)];
        QCOMPARE(cell.estimate, cell.noisyCount);
        sum += cell.noisyCount - cell.trueCount;
        sumAbs += std::fabs(cell.noisyCount - cell.trueCount);
    }
    QVERIFY2(std::fabs(sumAbs / 10000.0 - b) < 5.0 * b / 100.0, qPrintable(QString::number(sumAbs / 10000.0)));
    QVERIFY2(std::fabs(sum / 10000.0) < 5.0 * std::sqrt(2.0) * b / 100.0, qPrintable(QString::number(sum)));
}

void TestUniformGrid::alignedBlockSideByHand_data() {
    // g = int(sqrt(columns rows / M) - 1) + 1, M = N eps / 10 (DPComp UG.py): sqrt rounded down,
    // at least 1.
    QTest::addColumn<int>("columns");
    QTest::addColumn<int>("rows");
    QTest::addColumn<double>("target");
    QTest::addColumn<int>("side");
    // 256^2 at N eps = 1e6: sqrt(65536 / 1e5) = 0.81 -> 1, one data cell (the old rule gave 317 real
    // cells per axis, finer than the data's 256).
    QTest::newRow("never finer than a data cell") << 256 << 256 << 1e5 << 1;
    // N eps = 1e3: sqrt(65536 / 100) = 25.6 -> 25; 256 / 25 -> 11 blocks per axis, the last 6 wide.
    QTest::newRow("256 at N eps 1e3") << 256 << 256 << 100.0 << 25;
    // SF-CABS-E (N 464,041) at eps 0.1: sqrt(65536 / 4640.41) = 3.758 -> 3 (DPComp's block; 4 before).
    QTest::newRow("SF-CABS-E at eps 0.1") << 256 << 256 << 4640.41 << 3;
    QTest::newRow("just below an integer") << 10 << 10 << 3.0 << 5;  // sqrt(33.3) = 5.77 -> 5
    QTest::newRow("exact square root") << 16 << 16 << 16.0 << 4;     // sqrt(256 / 16) = 4
    QTest::newRow("rectangle") << 10 << 5 << 2.0 << 5;               // sqrt(50 / 2) = 5
    QTest::newRow("no records") << 10 << 5 << 0.0 << 10;             // one block over the domain
    QTest::newRow("negative noisy N") << 7 << 9 << -3.0 << 9;
}

void TestUniformGrid::alignedBlockSideByHand() {
    QFETCH(int, columns);
    QFETCH(int, rows);
    QFETCH(double, target);
    QFETCH(int, side);
    QCOMPARE(alignedBlockSide(std::size_t(columns), std::size_t(rows), target), std::size_t(side));
}

void TestUniformGrid::alignedGridByHand() {
    // A 6 x 3 histogram (domain [0,6) x [0,3)), records at cell centres: (0,0) 4, (1,1) 2, (3,0) 1,
    // (4,2) 3. cells_per_axis 2 -> target 4 blocks -> g = floor(sqrt(18 / 4) = 2.12) = 2: columns
    // [0,2) [2,4) [4,6), rows [0,2) [2,3); block counts by hand (row-major): 6 1 0 / 0 0 3.
    std::vector<double> x, y;
    for (auto [c, r, k] : {std::tuple{0, 0, 4}, std::tuple{1, 1, 2}, std::tuple{3, 0, 1}, std::tuple{4, 2, 3}})
        for (int i = 0; i < k; ++i) x.push_back(c + 0.5), y.push_back(r + 0.5);
    const PointSet ps = makePointSet(x, y, Rect{0, 0, 6, 3}).value();
    UniformGridOptions o;
    o.cellsPerAxis = 2;
    o.dataColumns = 6;
    o.dataRows = 3;
    o.nonPrivate = true;  // exact counts: checks the geometry only
    auto g = buildUniformGrid(ps, o, RunContext{});
    QVERIFY2(g, g.status().message().c_str());
    QCOMPARE(g->leaves.size(), std::size_t(6));
    const double expected[6] = {6, 1, 0, 0, 0, 3};
    const Rect rects[6] = {{0, 0, 2, 2}, {2, 0, 4, 2}, {4, 0, 6, 2}, {0, 2, 2, 3}, {2, 2, 4, 3}, {4, 2, 6, 3}};
    for (std::size_t i = 0; i < 6; ++i) {
        const PsdNode& leaf = g->nodes[std::size_t(g->leaves[i])];
        QCOMPARE(leaf.trueCount, expected[i]);
        QCOMPARE(leaf.rect.x0, rects[i].x0);
        QCOMPARE(leaf.rect.y0, rects[i].y0);
        QCOMPARE(leaf.rect.x1, rects[i].x1);
        QCOMPARE(leaf.rect.y1, rects[i].y1);
    }
    // Uniform inside a block: one data cell of the first block holds 6 / 4; the block [4,6) x [2,3),
    // cut at the last row, is two data cells: 3 / 2 each; the whole domain 10.
    const auto a = privateRangeCounts(*g, {Rect{0, 0, 1, 1}, Rect{4, 2, 5, 3}, Rect{0, 0, 6, 3}});
    QCOMPARE(a[0], 1.5);
    QCOMPARE(a[1], 1.5);
    QCOMPARE(a[2], 10.0);
    o.dataRows = 0;  // only one axis declared
    QCOMPARE(buildUniformGrid(ps, o, RunContext{}).status().code(), veil::StatusCode::InvalidArgument);
}

QTEST_APPLESS_MAIN(TestUniformGrid)
#include "tst_uniform_grid.moc"
