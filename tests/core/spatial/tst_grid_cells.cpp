// The grid decompositions' shared helpers (core/src/spatial/detail/grid_cells.h): the points' data
// cells worked out for many points at once must be those of GridAxis::unitOf point by point, on
// points inside cells, on edges, outside the domain and in blocks of every length; counting by runs
// must equal counting one point at a time; the unit-to-cell tables must equal cellOfUnit. The
// quadtree's leaf keys by blocks (quad_leaves.h) must equal its keys point by point.
#include "spatial/detail/grid_cells.h"
#include "spatial/detail/quad_leaves.h"

#include "veil/common/random.h"

#include <QtTest/QtTest>

#include <vector>

using namespace veil;
using namespace veil::spatial;
using detail::GridAxis;

namespace {

// Points on [-3.5, 9.5) x [2, 9): uniform, on the unit edges of a 13 x 7 grid, within 1e-9 of
// them, and a few outside (a seeded, non-private test generator).
struct Points {
    std::vector<double> x, y;
};

Points mixedPoints(std::size_t n, std::uint64_t seed, bool edges) {
    SeededRandom rng(seed);
    Points p;
    for (std::size_t i = 0; i < n; ++i) {
        double x = -3.5 + 13.0 * rng.uniform01(), y = 2.0 + 7.0 * rng.uniform01();
        if (edges && i % 7 == 3) x = -3.5 + double(rng.uniformBelow(14));        // on an x edge
        if (edges && i % 11 == 5) y = 2.0 + double(rng.uniformBelow(8)) - 1e-9;  // just below a y edge
        if (edges && i % 13 == 8) x = rng.bit() ? -4.0 : 9.75;                   // outside
        p.x.push_back(x);
        p.y.push_back(y);
    }
    return p;
}

std::uint32_t unitByAxes(const GridAxis& ax, const GridAxis& ay, double x, double y) {
    return static_cast<std::uint32_t>(ay.unitOf(y) * ax.units + ax.unitOf(x));
}

}  // namespace

Q_DECLARE_METATYPE(veil::spatial::detail::UnitsKernel)

class TestGridCells : public QObject {
    Q_OBJECT
    static void kernels() {
        QTest::addColumn<detail::UnitsKernel>("kernel");
        QTest::newRow("best (AVX2 where there is)") << detail::UnitsKernel::Best;
        QTest::newRow("SSE2") << detail::UnitsKernel::Sse2;
        QTest::newRow("scalar") << detail::UnitsKernel::Scalar;
    }
private slots:
    // Away from edges every block length (the two-point steps and the one-point tail) gives
    // unitOf's units and says so.
    void unitsOfPointsEqualsUnitOfInside_data() { kernels(); }
    void unitsOfPointsEqualsUnitOfInside() {
        QFETCH(detail::UnitsKernel, kernel);
        const GridAxis ax = GridAxis::over(-3.5, 9.5, 13, 1), ay = GridAxis::over(2.0, 9.0, 7, 1);
        const Points p = mixedPoints(300, 3, false);
        for (std::size_t n : {1, 2, 3, 4, 5, 7, 255, 300}) {
            std::vector<std::uint32_t> out(n, 0xFFFFFFFFU);
            QVERIFY(detail::unitsOfPoints(ax, ay, p.x.data(), p.y.data(), n, out.data(), kernel));
            for (std::size_t i = 0; i < n; ++i) QCOMPARE(out[i], unitByAxes(ax, ay, p.x[i], p.y[i]));
        }
    }

    // A point on or within a millionth of a unit of an edge, or outside the domain, in either lane
    // or in the tail, makes the block fall back to unitOf.
    void unitsOfPointsRefusesEdgesAndOutside_data() {
        QTest::addColumn<detail::UnitsKernel>("kernel");
        QTest::addColumn<double>("x");
        QTest::addColumn<double>("y");
        QTest::addColumn<int>("at");
        const std::pair<detail::UnitsKernel, const char*> kernels[] = {{detail::UnitsKernel::Best, "best"},
                                                                       {detail::UnitsKernel::Sse2, "sse2"},
                                                                       {detail::UnitsKernel::Scalar, "scalar"}};
        for (const auto& [kernel, name] : kernels)
            for (int at : {0, 1, 3, 6}) {  // the lanes of the 2- and 4-point steps, and the tail of 7 points
                const QByteArray tag = QByteArray(name) + " at " + QByteArray::number(at);
                QTest::newRow(tag + " x on an edge") << kernel << 1.5 << 5.5 << at;
                QTest::newRow(tag + " x just above an edge") << kernel << 1.5 + 1e-8 << 5.5 << at;
                QTest::newRow(tag + " y just below an edge") << kernel << 0.25 << 6.0 - 1e-8 << at;
                QTest::newRow(tag + " x below the domain") << kernel << -3.75 << 5.5 << at;
                QTest::newRow(tag + " y above the domain") << kernel << 0.25 << 9.5 << at;
            }
    }
    void unitsOfPointsRefusesEdgesAndOutside() {
        QFETCH(detail::UnitsKernel, kernel);
        QFETCH(double, x);
        QFETCH(double, y);
        QFETCH(int, at);
        const GridAxis ax = GridAxis::over(-3.5, 9.5, 13, 1), ay = GridAxis::over(2.0, 9.0, 7, 1);
        std::vector<double> xs(7, 0.25), ys(7, 5.5);  // inside unit (3, 3)
        xs[std::size_t(at)] = x;
        ys[std::size_t(at)] = y;
        std::vector<std::uint32_t> out(7);
        QVERIFY(!detail::unitsOfPoints(ax, ay, xs.data(), ys.data(), 7, out.data(), kernel));
        xs[std::size_t(at)] = 0.25;
        ys[std::size_t(at)] = 5.5;
        QVERIFY(detail::unitsOfPoints(ax, ay, xs.data(), ys.data(), 7, out.data(), kernel));
        QCOMPARE(out[std::size_t(at)], 3U * 13U + 3U);
    }

    // Counted by blocks and runs (sorted: long runs; shuffled: none) = counted one by one.
    void countPointsByUnitEqualsOneByOne_data() {
        QTest::addColumn<bool>("edges");
        QTest::addColumn<bool>("sorted");
        QTest::newRow("inside, shuffled") << false << false;
        QTest::newRow("inside, sorted") << false << true;
        QTest::newRow("edges and outside, shuffled") << true << false;
        QTest::newRow("edges and outside, sorted") << true << true;
    }
    void countPointsByUnitEqualsOneByOne() {
        QFETCH(bool, edges);
        QFETCH(bool, sorted);
        const GridAxis ax = GridAxis::over(-3.5, 9.5, 13, 1), ay = GridAxis::over(2.0, 9.0, 7, 1);
        Points p = mixedPoints(2003, 11, edges);
        if (sorted) {  // by unit, as points listed cell by cell
            std::vector<std::size_t> order(p.x.size());
            for (std::size_t i = 0; i < order.size(); ++i) order[i] = i;
            std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) {
                return unitByAxes(ax, ay, p.x[a], p.y[a]) < unitByAxes(ax, ay, p.x[b], p.y[b]);
            });
            Points q;
            for (std::size_t i : order) q.x.push_back(p.x[i]), q.y.push_back(p.y[i]);
            p = q;
        }
        std::vector<std::uint32_t> expected(13 * 7, 0);
        for (std::size_t i = 0; i < p.x.size(); ++i) ++expected[unitByAxes(ax, ay, p.x[i], p.y[i])];
        auto points = makePointSet(std::move(p.x), std::move(p.y), Rect{-3.5, 2.0, 9.5, 9.0});
        QVERIFY(points);
        QCOMPARE(detail::countPointsByUnit(*points, ax, ay), expected);
    }

    void runCounterCountsRuns() {
        std::vector<std::uint32_t> counts(4, 0);
        detail::RunCounter run(counts.data());
        for (std::size_t i : {0, 0, 3, 3, 3, 1, 0, 2, 2}) run.add(i);
        run.flush();
        QCOMPARE(counts, (std::vector<std::uint32_t>{3, 1, 2, 3}));
        run.flush();  // a second flush adds nothing
        QCOMPARE(counts, (std::vector<std::uint32_t>{3, 1, 2, 3}));
    }

    // The tables equal cellOfUnit over a whole axis and over a cut block of units.
    void cellsOfUnitsEqualsCellOfUnit() {
        const GridAxis whole = GridAxis::over(0.0, 1.0, 50, 7);
        for (const GridAxis& axis : {whole, whole.within(14, 11, 3), whole.within(49, 1, 4), whole.within(0, 50, 50)}) {
            const std::vector<std::uint32_t> cells = detail::cellsOfUnits(axis);
            QCOMPARE(cells.size(), axis.span);
            for (std::size_t local = 0; local < axis.span; ++local)
                QCOMPARE(std::size_t(cells[local]), axis.cellOfUnit(local));
            QCOMPARE(std::size_t(cells.back()), axis.count - 1);
        }
    }

    // Blocks of keys = keys one by one, on domains whose leaf edges are equal units (the fast
    // path) and one whose recursive midpoints are not, with points on every leaf edge, a rounding
    // either side of them, inside and outside.
    void quadLeafKeysByBlocks_data() {
        QTest::addColumn<double>("x0");
        QTest::addColumn<double>("x1");
        QTest::addColumn<double>("y0");
        QTest::addColumn<double>("y1");
        QTest::addColumn<int>("height");
        QTest::addColumn<bool>("equalUnits");
        QTest::newRow("[0, 32]^2, height 5") << 0.0 << 32.0 << 0.0 << 32.0 << 5 << true;
        QTest::newRow("[0, 256]^2, height 8") << 0.0 << 256.0 << 0.0 << 256.0 << 8 << true;
        QTest::newRow("[-3.5, 9.5] x [2, 9], height 3") << -3.5 << 9.5 << 2.0 << 9.0 << 3 << true;
        QTest::newRow("[0.1, 0.7] x [1/3, 2/3], height 8") << 0.1 << 0.7 << 1.0 / 3.0 << 2.0 / 3.0 << 8 << false;
        QTest::newRow("[0, 1]^2, height 1") << 0.0 << 1.0 << 0.0 << 1.0 << 1 << true;
        // Units of about 8 ulps: the midpoints and the equal units round apart by whole ulps.
        QTest::newRow("[1e9, 1e9 + 1e-3]^2, height 10") << 1e9 << 1e9 + 1e-3 << 1e9 << 1e9 + 1e-3 << 10 << false;
    }
    void quadLeafKeysByBlocks() {
        QFETCH(double, x0);
        QFETCH(double, x1);
        QFETCH(double, y0);
        QFETCH(double, y1);
        QFETCH(int, height);
        QFETCH(bool, equalUnits);
        const detail::QuadLeafKey key(Rect{x0, y0, x1, y1}, height);
        QCOMPARE(key.equalUnits(), equalUnits);
        const std::vector<double> ex = detail::quadtreeEdges(x0, x1, height),
                                  ey = detail::quadtreeEdges(y0, y1, height);
        SeededRandom rng(29);
        std::vector<double> x, y;
        for (int i = 0; i < 3000; ++i) {
            double px = x0 + (x1 - x0) * (1.3 * rng.uniform01() - 0.15);  // 15 % outside either side
            double py = y0 + (y1 - y0) * (1.3 * rng.uniform01() - 0.15);
            if (i % 3 == 0) px = ex[rng.uniformBelow(ex.size())];  // on a leaf edge ...
            if (i % 5 == 0) py = ey[rng.uniformBelow(ey.size())];
            if (i % 6 == 0) px = std::nextafter(px, rng.bit() ? 1e300 : -1e300);  // ... or next to it
            if (i % 10 == 0) py = std::nextafter(py, rng.bit() ? 1e300 : -1e300);
            if (i % 500 < 300) {  // whole blocks well inside, where the fast path decides
                px = x0 + (x1 - x0) * (0.01 + 0.98 * rng.uniform01());
                py = y0 + (y1 - y0) * (0.01 + 0.98 * rng.uniform01());
            }
            x.push_back(px);
            y.push_back(py);
        }
        for (std::size_t block : {std::size_t(1), std::size_t(3), detail::QuadLeafKey::kBlock}) {
            std::vector<std::uint32_t> keys(block);
            for (std::size_t first = 0; first + block <= x.size(); first += block) {
                key.keys(x.data() + first, y.data() + first, block, keys.data());
                for (std::size_t i = 0; i < block; ++i)
                    if (keys[i] != key(x[first + i], y[first + i]))
                        QFAIL(qPrintable(QString("block %1, point (%2, %3): %4, one by one %5")
                                             .arg(block)
                                             .arg(x[first + i], 0, 'g', 17)
                                             .arg(y[first + i], 0, 'g', 17)
                                             .arg(keys[i])
                                             .arg(key(x[first + i], y[first + i]))));
            }
        }
    }
};

QTEST_APPLESS_MAIN(TestGridCells)
#include "tst_grid_cells.moc"
