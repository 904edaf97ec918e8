// Tests for building private spatial decompositions: per-path epsilon, tiling, consistency, bad input.
// The uniform grid's own tests are in tst_uniform_grid.cpp.
#include "veil/dp/laplace_mechanism.h"
#include "veil/spatial/consistency.h"
#include "veil/spatial/decomposition.h"
#include "veil/spatial/psd_release.h"
#include "veil/spatial/range_query.h"
#include "veil/table/column.h"
#include "veil/table/table.h"

#include "spatial_test_points.h"

#include <QtTest>

#include <algorithm>
#include <cmath>
#include <limits>

using namespace veil::spatial;
using veil::RunContext;
using veil::SeededRandom;
using veil::spatial::test::clusteredPoints;

namespace {

PrivateSpatialDecomposition build(const PointSet& ps, PsdOptions o, std::uint64_t seed = 11) {
    SeededRandom rng(seed);
    RunContext ctx;
    ctx.random = &rng;
    auto r = buildDecomposition(ps, o, ctx);
    if (!r) qFatal("build failed: %s", r.status().message().c_str());
    return std::move(r).value();
}

// Epsilon on the path to `leaf` recomputed from what each node records: its count epsilon(s) plus
// the median epsilon of every strict ancestor's depth.
double spentOnPath(const PrivateSpatialDecomposition& psd, std::int32_t leaf) {
    double sum = 0.0;
    for (std::int32_t k = leaf; k >= 0; k = psd.nodes[std::size_t(k)].parent) {
        const PsdNode& n = psd.nodes[std::size_t(k)];
        sum += n.countEpsilon;
        if (k != leaf) sum += psd.budget.medianByDepth[std::size_t(n.depth)];
    }
    return sum;
}

}  // namespace

class TestDecomposition : public QObject {
    Q_OBJECT
private slots:
    void pathEpsilonIsExact_data();
    void pathEpsilonIsExact();
    void quadtreeTilesDomain();
    void quadtreeNodesHoldPointsOnTheirEdges();
    void kdTreeChildrenPartitionPoints();
    void postProcessingIsConsistent_data();
    void postProcessingIsConsistent();
    void consistencyHandExample();
    void consistencyOnByDefault();
    void kdLevelsByHand();
    void sameSeedSameTree();
    void badInput_data();
    void badInput();
    void degenerateData();
    void pointsFromTableErrors();
    void progressAndCancel();
    void noiseMatchesLevelBudget();
};

void TestDecomposition::pathEpsilonIsExact_data() {
    QTest::addColumn<int>("kind");
    QTest::addColumn<int>("median");
    QTest::addColumn<int>("budget");
    QTest::addColumn<double>("minLeaf");
    const char* kinds[3] = {"quad", "kd", "hybrid"};
    const char* medians[4] = {"em", "smooth", "noisy-mean", "cell"};
    for (int k = 0; k < 3; ++k)
        for (int m = 0; m < (k == 0 ? 1 : 4); ++m)
            for (int b = 0; b < 2; ++b)
                for (double L : {0.0, 40.0})
                    QTest::addRow("%s %s %s L=%g", kinds[k], medians[m], b ? "geometric" : "uniform", L)
                        << k << m << b << L;
}

void TestDecomposition::pathEpsilonIsExact() {
    QFETCH(int, kind);
    QFETCH(int, median);
    QFETCH(int, budget);
    QFETCH(double, minLeaf);
    const PointSet ps = clusteredPoints(4000, 1);
    PsdOptions o;
    o.kind = static_cast<TreeKind>(kind);
    o.median = static_cast<MedianMethod>(median);
    o.budget = static_cast<BudgetStrategy>(budget);
    o.height = kind == 0 ? 5 : 8;
    o.minLeafSize = minLeaf;
    o.epsilon = 0.7;
    const auto psd = build(ps, o);
    QVERIFY(!psd.leaves.empty());
    bool sawEarlyLeaf = false;
    for (std::int32_t leaf : psd.leaves) {
        const PsdNode& n = psd.nodes[std::size_t(leaf)];
        sawEarlyLeaf |= n.depth < o.height;
        QVERIFY2(std::abs(n.pathEpsilon - 0.7) < 1e-12,
                 qPrintable(QString("leaf at depth %1 spent %2").arg(n.depth).arg(n.pathEpsilon, 0, 'g', 17)));
        const double recomputed = spentOnPath(psd, leaf);
        QVERIFY2(std::abs(recomputed - 0.7) < 1e-12, qPrintable(QString("recomputed %1").arg(recomputed, 0, 'g', 17)));
    }
    QVERIFY(std::abs(psd.maxPathEpsilon() - 0.7) < 1e-12);
    QCOMPARE(psd.privacy.epsilon, 0.7);
    if (minLeaf > 0.0)
        QVERIFY2(sawEarlyLeaf, "the minimum leaf size should stop some sparse nodes early");
    else
        QCOMPARE(psd.maxDepth(), o.height);
}

void TestDecomposition::quadtreeTilesDomain() {
    const PointSet ps = clusteredPoints(3000, 2);
    PsdOptions o;
    o.height = 4;
    o.minLeafSize = 30;
    const auto psd = build(ps, o);
    // Every internal node's four children tile it exactly (midpoint splits, same edges).
    for (const PsdNode& n : psd.nodes) {
        if (n.isLeaf()) continue;
        QCOMPARE(n.childCount, 4);
        double area = 0.0;
        for (std::int32_t c = n.firstChild; c < n.firstChild + 4; ++c) {
            const Rect& r = psd.nodes[std::size_t(c)].rect;
            QVERIFY(n.rect.containsRect(r));
            area += r.area();
        }
        QCOMPARE(area, n.rect.area());
        const Rect& sw = psd.nodes[std::size_t(n.firstChild)].rect;
        const Rect& ne = psd.nodes[std::size_t(n.firstChild + 3)].rect;
        QCOMPARE(sw.x1, ne.x0);
        QCOMPARE(sw.y1, ne.y0);
        QCOMPARE(sw.x1, (n.rect.x0 + n.rect.x1) / 2);
    }
    // Leaves are pairwise disjoint and their areas add up to the domain's.
    double leafArea = 0.0, leafPoints = 0.0;
    for (std::size_t i = 0; i < psd.leaves.size(); ++i) {
        const PsdNode& a = psd.nodes[std::size_t(psd.leaves[i])];
        leafArea += a.rect.area();
        leafPoints += a.trueCount;
        for (std::size_t j = i + 1; j < psd.leaves.size(); ++j)
            QCOMPARE(a.rect.overlapArea(psd.nodes[std::size_t(psd.leaves[j])].rect), 0.0);
        for (std::uint32_t p = a.pointBegin; p < a.pointEnd; ++p)
            QVERIFY(a.rect.containsPoint(psd.pointX[p], psd.pointY[p]));
    }
    QCOMPARE(leafArea, psd.domain.area());
    QCOMPARE(leafPoints, 3000.0);
}

// A domain whose midpoints are inexact in binary, with points placed exactly on every node's lower
// edges (where a point belongs to the upper child, x >= midpoint) and just below them: every node
// holds exactly the points its rectangle contains, counted by a scan (the quadtree finds leaves by
// counting midpoints instead of descending, and must agree with the descent).
void TestDecomposition::quadtreeNodesHoldPointsOnTheirEdges() {
    const Rect domain{0.1, -3.0, 0.7, 1e-3};
    PsdOptions o;
    o.height = 6;
    o.nonPrivate = true;
    const PointSet seeds = makePointSet({0.2, 0.5}, {-1.0, -2.0}, domain).value();
    const auto shape = build(seeds, o);
    std::vector<double> x, y;
    SeededRandom rng(5);
    for (const PsdNode& n : shape.nodes) {
        const double below[2] = {std::nextafter(n.rect.x0, -1e9), std::nextafter(n.rect.y0, -1e9)};
        for (double px : {n.rect.x0, below[0]})
            for (double py : {n.rect.y0, below[1]})
                if (domain.containsPoint(px, py)) {
                    x.push_back(px);
                    y.push_back(py);
                }
        x.push_back(n.rect.x0 + (n.rect.x1 - n.rect.x0) * rng.uniform01());
        y.push_back(n.rect.y0 + (n.rect.y1 - n.rect.y0) * rng.uniform01());
    }
    const PointSet ps = makePointSet(x, y, domain).value();
    const auto psd = build(ps, o);
    QCOMPARE(psd.nodes.size(), shape.nodes.size());
    for (const PsdNode& n : psd.nodes) {
        QCOMPARE(n.trueCount, double(countPointsIn(ps, n.rect)));
        for (std::uint32_t p = n.pointBegin; p < n.pointEnd; ++p)
            QVERIFY(n.rect.containsPoint(psd.pointX[p], psd.pointY[p]));
    }
}

void TestDecomposition::kdTreeChildrenPartitionPoints() {
    const PointSet ps = clusteredPoints(5000, 3);
    PsdOptions o;
    o.kind = TreeKind::KdTree;
    o.height = 9;
    const auto psd = build(ps, o);
    for (const PsdNode& n : psd.nodes) {
        for (std::uint32_t p = n.pointBegin; p < n.pointEnd; ++p)
            QVERIFY(n.rect.containsPoint(psd.pointX[p], psd.pointY[p]));
        if (n.isLeaf()) continue;
        const PsdNode& l = psd.nodes[std::size_t(n.firstChild)];
        const PsdNode& r = psd.nodes[std::size_t(n.firstChild + 1)];
        QCOMPARE(l.trueCount + r.trueCount, n.trueCount);
        QVERIFY(n.splitValue >= n.rect.lower(n.splitDim) && n.splitValue <= n.rect.upper(n.splitDim));
    }
    // The true range count through the tree equals a scan of the points.
    const Rect q{15, 55, 47.5, 80};
    QCOMPARE(psd.trueRangeCount(q), double(countPointsIn(ps, q)));
}

void TestDecomposition::postProcessingIsConsistent_data() {
    QTest::addColumn<int>("kind");
    QTest::addColumn<double>("minLeaf");
    QTest::newRow("quad, full") << 0 << 0.0;
    QTest::newRow("quad, early leaves") << 0 << 40.0;
    QTest::newRow("kd, full") << 1 << 0.0;
    QTest::newRow("hybrid, early leaves") << 2 << 40.0;
}

void TestDecomposition::postProcessingIsConsistent() {
    QFETCH(int, kind);
    QFETCH(double, minLeaf);
    const PointSet ps = clusteredPoints(4000, 4);
    PsdOptions o;
    o.kind = static_cast<TreeKind>(kind);
    o.height = kind == 0 ? 5 : 8;
    o.minLeafSize = minLeaf;
    o.epsilon = 0.5;
    o.postprocess = true;
    const auto psd = build(ps, o);
    QVERIFY(psd.postProcessed);
    // Counts are up to ~4000: relative rounding 1e-12 is far above double error over < 10 levels.
    const double gap = maxConsistencyGap(psd);
    QVERIFY2(gap < 1e-8, qPrintable(QString("max |parent - sum(children)| = %1").arg(gap)));
    // Without post-processing the noisy counts are not consistent (a test that can fail).
    o.postprocess = false;
    QVERIFY(maxConsistencyGap(build(ps, o)) > 1.0);
}

void TestDecomposition::consistencyHandExample() {
    // Root with two leaf children, equal variance s^2: noisy root 10, children 3 and 5.
    // Hay et al. (VLDB 2010) for a height-2 binary tree: z_root = 2/3 * 10 + 1/3 * (3 + 5) = 28/3;
    // the gap 28/3 - 8 = 4/3 is split equally: 3 + 2/3 = 11/3 and 5 + 2/3 = 17/3.
    PrivateSpatialDecomposition psd;
    psd.privacy.isPrivate = true;
    PsdNode root, a, b;
    root.firstChild = 1;
    root.childCount = 2;
    root.noisyCount = 10;
    a.noisyCount = 3;
    b.noisyCount = 5;
    a.parent = b.parent = 0;
    a.depth = b.depth = 1;
    root.variance = a.variance = b.variance = 2.0;
    psd.nodes = {root, a, b};
    applyConsistency(psd);
    QCOMPARE(psd.nodes[0].estimate, 28.0 / 3.0);
    QCOMPARE(psd.nodes[1].estimate, 11.0 / 3.0);
    QCOMPARE(psd.nodes[2].estimate, 17.0 / 3.0);
    // Unequal variances: a leaf measured twice as precisely (variance 1 vs 4) takes less of the gap.
    psd.nodes[1].variance = 1.0;
    psd.nodes[2].variance = 4.0;
    psd.nodes[0].variance = 5.0;
    applyConsistency(psd);
    // Bottom-up: children sum 8 with variance 5 = root's variance, so z_root = (10 + 8) / 2 = 9;
    // the gap 1 goes 1/5 to a and 4/5 to b.
    QCOMPARE(psd.nodes[0].estimate, 9.0);
    QCOMPARE(psd.nodes[1].estimate, 3.2);
    QCOMPARE(psd.nodes[2].estimate, 5.8);
    // The same tree as arrays (how the quadtree's level builder calls it), and a leaf root.
    const std::vector<double> noisy{10, 3, 5}, variance{5, 1, 4};
    const std::vector<std::int32_t> firstChild{1, -1, -1}, childCount{2, 0, 0};
    QCOMPARE(consistentEstimates(noisy, variance, firstChild, childCount), (std::vector<double>{9.0, 3.2, 5.8}));
    QCOMPARE(consistentEstimates(std::vector<double>{7}, std::vector<double>{2}, std::vector<std::int32_t>{-1},
                                 std::vector<std::int32_t>{0}),
             std::vector<double>{7.0});
}

// The depths split by kd medians, by hand: all of a kd-tree's, half a hybrid's rounded up unless
// given (and never past the height), none of a quadtree's.
void TestDecomposition::kdLevelsByHand() {
    PsdOptions o;
    o.height = 7;
    QCOMPARE(kdLevelCount(o), 0);
    o.kind = TreeKind::KdTree;
    QCOMPARE(kdLevelCount(o), 7);
    o.kind = TreeKind::Hybrid;
    QCOMPARE(kdLevelCount(o), 4);
    o.hybridKdLevels = 2;
    QCOMPARE(kdLevelCount(o), 2);
    o.hybridKdLevels = 9;
    QCOMPARE(kdLevelCount(o), 7);
    o.hybridKdLevels = 0;
    QCOMPARE(kdLevelCount(o), 0);
}

void TestDecomposition::consistencyOnByDefault() {
    // Cormode et al. (ICDE 2012) post-process every PSD; the grid has no hierarchy to reconcile.
    for (const char* kind : {"quad", "kd", "hybrid"}) {
        PsdRequest r;
        r.kind = kind;
        auto plan = planDecomposition(r);
        QVERIFY(plan);
        QVERIFY2(plan->tree.postprocess, kind);
        r.options = {{"postprocess", false}};  // still possible to turn off
        QVERIFY(!planDecomposition(r)->tree.postprocess);
    }
    PsdRequest grid;
    grid.kind = "grid";
    QVERIFY(!planDecomposition(grid)->grid.postprocess);
    QVERIFY(PsdOptions{}.postprocess);
}

void TestDecomposition::sameSeedSameTree() {
    const PointSet ps = clusteredPoints(3000, 6);
    PsdOptions o;
    o.kind = TreeKind::Hybrid;
    o.height = 6;
    const auto a = build(ps, o, 99), b = build(ps, o, 99), c = build(ps, o, 100);
    QCOMPARE(a.nodes.size(), b.nodes.size());
    bool same = true, differs = false;
    for (std::size_t i = 0; i < a.nodes.size(); ++i) same &= a.nodes[i].noisyCount == b.nodes[i].noisyCount;
    for (std::size_t i = 0; i < std::min(a.nodes.size(), c.nodes.size()); ++i)
        differs |= a.nodes[i].noisyCount != c.nodes[i].noisyCount;
    QVERIFY(same);
    QVERIFY(differs);
}

void TestDecomposition::badInput_data() {
    QTest::addColumn<double>("epsilon");
    QTest::addColumn<int>("height");
    QTest::addColumn<double>("minLeaf");
    QTest::addColumn<QString>("mentions");
    QTest::newRow("epsilon zero") << 0.0 << 4 << 0.0 << "epsilon";
    QTest::newRow("epsilon negative") << -0.5 << 4 << 0.0 << "epsilon";
    QTest::newRow("epsilon NaN") << std::numeric_limits<double>::quiet_NaN() << 4 << 0.0 << "epsilon";
    QTest::newRow("height negative") << 1.0 << -2 << 0.0 << "height";
    QTest::newRow("quad height too large") << 1.0 << 16 << 0.0 << "height";
    QTest::newRow("min leaf negative") << 1.0 << 4 << -1.0 << "minimum leaf size";
}

void TestDecomposition::badInput() {
    QFETCH(double, epsilon);
    QFETCH(int, height);
    QFETCH(double, minLeaf);
    QFETCH(QString, mentions);
    const PointSet ps = clusteredPoints(100, 7);
    SeededRandom rng(1);
    RunContext ctx;
    ctx.random = &rng;
    PsdOptions o;
    o.epsilon = epsilon;
    o.height = height;
    o.minLeafSize = minLeaf;
    auto r = buildDecomposition(ps, o, ctx);
    QVERIFY(!r.isOk());
    QVERIFY2(QString::fromStdString(r.status().message()).contains(mentions), r.status().message().c_str());
    // No random source for a private tree: a clear error, not a crash.
    o = PsdOptions{};
    auto noRng = buildDecomposition(ps, o, RunContext{});
    QVERIFY(!noRng.isOk());
    QVERIFY(QString::fromStdString(noRng.status().message()).contains("random"));
}

void TestDecomposition::degenerateData() {
    // h = 0: one leaf that gets the whole budget.
    const PointSet ps = clusteredPoints(500, 8);
    PsdOptions o;
    o.kind = TreeKind::KdTree;
    o.height = 0;
    auto psd = build(ps, o);
    QCOMPARE(psd.leaves.size(), std::size_t(1));
    QCOMPARE(psd.nodes[0].countEpsilon, 1.0);
    // All points identical, domain from the data: every tree kind and median builds, medians in range.
    auto same = makePointSet(std::vector<double>(1000, 5.0), std::vector<double>(1000, -3.0));
    QVERIFY(same.isOk());
    QVERIFY(same->domainFromData);
    QVERIFY(same->domain.width() > 0 && same->domain.height() > 0);
    for (int kind = 0; kind < 3; ++kind)
        for (int m = 0; m < 4; ++m) {
            o = PsdOptions{};
            o.kind = static_cast<TreeKind>(kind);
            o.median = static_cast<MedianMethod>(m);
            o.height = 6;
            o.postprocess = true;
            psd = build(*same, o);
            for (const PsdNode& n : psd.nodes)
                if (!n.isLeaf() && n.splitDim < 2)
                    QVERIFY(n.splitValue >= n.rect.lower(n.splitDim) && n.splitValue <= n.rect.upper(n.splitDim));
            QCOMPARE(psd.trueRangeCount(psd.domain), 1000.0);
        }
    // No points at all.
    auto empty = makePointSet({}, {}, Rect{0, 0, 1, 1});
    QVERIFY(empty.isOk());
    o = PsdOptions{};
    o.kind = TreeKind::KdTree;
    o.height = 4;
    psd = build(*empty, o);
    QCOMPARE(psd.leaves.size(), std::size_t(16));
    // NaN coordinates are rejected with the row.
    auto nan = makePointSet({1, 2, std::nan("")}, {1, 2, 3});
    QVERIFY(!nan.isOk());
    QVERIFY2(QString::fromStdString(nan.status().message()).contains("point 3"), nan.status().message().c_str());
    // Points outside a given domain are clamped, with a warning.
    auto clamped = makePointSet({-5, 0.5}, {0.5, 7}, Rect{0, 0, 1, 1});
    QVERIFY(clamped.isOk());
    QCOMPARE(clamped->x[0], 0.0);
    QVERIFY(clamped->y[1] < 1.0);
    QCOMPARE(clamped->warnings.size(), std::size_t(1));
}

void TestDecomposition::pointsFromTableErrors() {
    veil::Column::Builder x("x", veil::ColumnType::Real), y("y", veil::ColumnType::Integer),
        name("name", veil::ColumnType::Categorical);
    x.appendReal(1.5), x.appendReal(2.5), x.appendReal(3.5);
    y.appendInteger(1), y.appendMissing(), y.appendInteger(3);
    name.appendCategory("a"), name.appendCategory("b"), name.appendCategory("c");
    const veil::Table t({x.finish(), y.finish(), name.finish()});
    auto bad = pointsFromTable(t, "x", "name");
    QVERIFY(!bad.isOk());
    QVERIFY2(QString::fromStdString(bad.status().message()).contains("not numeric"), bad.status().message().c_str());
    auto missing = pointsFromTable(t, "x", "y");
    QVERIFY(!missing.isOk());
    QVERIFY2(QString::fromStdString(missing.status().message()).contains("row 2"), missing.status().message().c_str());
    auto unknown = pointsFromTable(t, "x", "lat");
    QVERIFY(!unknown.isOk());
    auto ok = pointsFromTable(t, "x", "x");
    QVERIFY(ok.isOk());
    QCOMPARE(ok->size(), std::size_t(3));
}

void TestDecomposition::progressAndCancel() {
    const PointSet ps = clusteredPoints(20000, 9);
    SeededRandom rng(1);
    std::vector<double> reports;
    veil::FunctionProgressSink sink([&](double f, std::string_view) { reports.push_back(f); });
    RunContext ctx;
    ctx.random = &rng;
    ctx.progress = &sink;
    PsdOptions o;
    o.kind = TreeKind::KdTree;
    o.height = 10;
    QVERIFY(buildDecomposition(ps, o, ctx).isOk());
    QVERIFY(!reports.empty());
    QCOMPARE(reports.front(), 0.0);
    QCOMPARE(reports.back(), 1.0);
    QVERIFY2(reports.size() <= 110, qPrintable(QString::number(reports.size())));
    QVERIFY(std::is_sorted(reports.begin(), reports.end()));
    veil::CancelToken cancel;
    cancel.cancel();
    ctx.cancel = &cancel;
    auto r = buildDecomposition(ps, o, ctx);
    QVERIFY(!r.isOk());
    QCOMPARE(r.status().code(), veil::StatusCode::Cancelled);
}

void TestDecomposition::noiseMatchesLevelBudget() {
    // Quadtree h = 5, uniform budget, eps = 6: each of the 6 levels gets eps 1, so every one of the
    // 1024 leaves has Laplace(1) noise with variance 2. The sample variance of 1024 draws has
    // sd sqrt((24 - 4) / 1024) = 0.14 (Laplace: E X^4 = 24 b^4); tolerance 5 sd = 0.7.
    const PointSet ps = clusteredPoints(5000, 10);
    PsdOptions o;
    o.height = 5;
    o.epsilon = 6.0;
    o.budget = BudgetStrategy::Uniform;
    const auto psd = build(ps, o, 12);
    QCOMPARE(psd.leaves.size(), std::size_t(1024));
    double sumSq = 0.0;
    for (std::int32_t l : psd.leaves) {
        const PsdNode& n = psd.nodes[std::size_t(l)];
        QCOMPARE(n.countEpsilon, 1.0);
        sumSq += (n.noisyCount - n.trueCount) * (n.noisyCount - n.trueCount);
    }
    const double variance = sumSq / 1024.0;
    QVERIFY2(std::abs(variance - 2.0) < 0.7, qPrintable(QString::number(variance)));
}

QTEST_APPLESS_MAIN(TestDecomposition)
#include "tst_decomposition.moc"
