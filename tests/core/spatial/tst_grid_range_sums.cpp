// Range counts on the uniform grid and AGrid answered through summed-area tables
// (privateRangeCounts) equal the tree walk's (the reference below, the walk as it was before the
// tables: every node intersecting the rectangle, inside ones by their estimate, cut leaves by the
// share of their area) up to floating-point rounding, on random, aligned, outside, whole-domain and
// degenerate rectangles; so does a full consistent quadtree through its leaves' table; the other
// trees keep the walk.
#include "veil/common/random.h"
#include "veil/spatial/psd_release.h"
#include "veil/spatial/range_query.h"

#include <QtTest/QtTest>

#include <cmath>

using namespace veil;
using namespace veil::spatial;

namespace {

// The reference: the tree walk of Cormode et al. (ICDE 2012, Sec. 3) from the root.
double referenceWalk(const PrivateSpatialDecomposition& psd, const Rect& q) {
    double total = 0.0;
    std::vector<std::int32_t> stack{0};
    while (!stack.empty()) {
        const PsdNode& n = psd.nodes[std::size_t(stack.back())];
        stack.pop_back();
        if (!q.intersects(n.rect)) continue;
        if (q.containsRect(n.rect)) {
            total += n.estimate;
        } else if (n.isLeaf()) {
            if (n.rect.area() > 0.0) total += n.estimate * n.rect.overlapArea(q) / n.rect.area();
        } else {
            for (std::int32_t c = n.firstChild; c < n.firstChild + n.childCount; ++c) stack.push_back(c);
        }
    }
    return total;
}

// Clustered points: a third uniform over the domain, the rest around two centres, so that AGrid
// cuts its first-level cells into sub-grids of different sizes.
PointSet clusteredPoints(const Rect& d, std::size_t n, std::uint64_t seed) {
    SeededRandom rng(seed);
    std::vector<double> x, y;
    for (std::size_t i = 0; i < n; ++i) {
        const double u = rng.uniform01(), v = rng.uniform01();
        double fx = u, fy = v;
        if (i % 3 == 1) fx = 0.2 + 0.1 * u, fy = 0.3 + 0.05 * v;
        if (i % 3 == 2) fx = 0.7 + 0.02 * u, fy = 0.8 + 0.15 * v;
        x.push_back(d.x0 + fx * d.width());
        y.push_back(d.y0 + fy * d.height());
    }
    return *makePointSet(std::move(x), std::move(y), d);
}

// Rectangles of every kind: random (some reaching outside the domain), with corners on cell edges
// (taken from the leaves), inside one leaf, the whole domain and more, empty and inverted.
std::vector<Rect> queriesFor(const PrivateSpatialDecomposition& psd, std::uint64_t seed) {
    SeededRandom rng(seed);
    const Rect& d = psd.domain;
    std::vector<Rect> out;
    const auto at = [&](double lo, double hi) { return lo + (hi - lo) * rng.uniform01(); };
    for (int i = 0; i < 400; ++i) {
        double a = at(d.x0 - 0.1 * d.width(), d.x1 + 0.1 * d.width()), b = at(d.x0 - 0.1 * d.width(), d.x1);
        double c = at(d.y0 - 0.1 * d.height(), d.y1 + 0.1 * d.height()), e = at(d.y0, d.y1 + 0.1 * d.height());
        out.push_back({std::min(a, b), std::min(c, e), std::max(a, b), std::max(c, e)});
    }
    for (int i = 0; i < 300; ++i) {
        const Rect& l1 = psd.nodes[std::size_t(psd.leaves[rng.uniformBelow(psd.leaves.size())])].rect;
        const Rect& l2 = psd.nodes[std::size_t(psd.leaves[rng.uniformBelow(psd.leaves.size())])].rect;
        out.push_back({std::min(l1.x0, l2.x0), std::min(l1.y0, l2.y0), std::max(l1.x1, l2.x1), std::max(l1.y1, l2.y1)});
        out.push_back({l1.x0, l1.y0, l1.x1, l1.y1});                                                 // exactly one leaf
        out.push_back({at(l1.x0, l1.x1), at(l1.y0, l1.y1), l1.x1, at(l1.y0, l1.y1) + l1.height()});  // cut
    }
    const auto& root = psd.nodes.front().rect;
    if (psd.nodes.front().childCount > 0) {
        const Rect& first = psd.nodes[std::size_t(psd.nodes.front().firstChild)].rect;
        out.push_back(first);                                   // one first-level cell
        out.push_back({first.x0, first.y0, root.x1, root.y1});  // all but cells on two sides
        out.push_back({first.x1, root.y0, root.x1, root.y1});   // all but the first column
    }
    out.push_back(root);
    out.push_back({root.x0 - 1, root.y0 - 1, root.x1 + 1, root.y1 + 1});
    out.push_back({root.x0, root.y0, root.x0, root.y1});          // no width
    out.push_back({root.x1, root.y0, root.x0, root.y1});          // inverted
    out.push_back({root.x1 + 1, root.y0, root.x1 + 2, root.y1});  // outside
    return out;
}

Result<PrivateSpatialDecomposition> release(const PointSet& points, const std::string& kind, nlohmann::json options,
                                            std::uint64_t seed) {
    auto gate = dp::ReleaseGate::teaching(seed);
    PsdRequest r;
    r.kind = kind;
    r.epsilon = 1.0;
    r.options = std::move(options);
    return releaseDecomposition(gate, points, r, RunContext{});
}

}  // namespace

class TestGridRangeSums : public QObject {
    Q_OBJECT
private slots:
    void equalsTheWalk_data() {
        QTest::addColumn<QString>("kind");
        QTest::addColumn<QString>("options");
        QTest::addColumn<int>("points");
        QTest::newRow("grid, 37 real cells") << "grid"
                                             << R"({"cells_per_axis": 37})" << 20000;
        QTest::newRow("grid, consistent") << "grid"
                                          << R"({"cells_per_axis": 37, "postprocess": true})" << 20000;
        QTest::newRow("grid, Qardaji's m") << "grid"
                                           << "{}" << 200000;
        QTest::newRow("grid, blocks of 6 data cells, last cut")
            << "grid"
            << R"({"cells_per_axis": 37, "data_columns": 256, "data_rows": 200})" << 20000;
        QTest::newRow("grid, one cell") << "grid"
                                        << R"({"cells_per_axis": 1})" << 100;
        QTest::newRow("agrid") << "agrid"
                               << "{}" << 200000;
        QTest::newRow("agrid, raw counts (cells not their leaves' sum)") << "agrid"
                                                                         << R"({"postprocess": false})" << 200000;
        QTest::newRow("agrid, aligned to data cells") << "agrid"
                                                      << R"({"data_columns": 256, "data_rows": 200})" << 200000;
        QTest::newRow("quadtree, consistent (its leaves' table)") << "quad"
                                                                  << R"({"height": 5})" << 20000;
        QTest::newRow("quadtree h8, consistent (its leaves' table)") << "quad"
                                                                     << R"({"height": 8})" << 200000;
        QTest::newRow("quadtree, raw counts (the walk)") << "quad"
                                                         << R"({"height": 5, "postprocess": false})" << 20000;
        QTest::newRow("kd-tree (the walk)") << "kd"
                                            << R"({"height": 6})" << 20000;
    }
    void equalsTheWalk() {
        QFETCH(QString, kind);
        QFETCH(QString, options);
        QFETCH(int, points);
        const Rect domain{-3.0, 10.0, 253.0, 210.0};
        const PointSet ps = clusteredPoints(domain, std::size_t(points), 11);
        auto psd = release(ps, kind.toStdString(), nlohmann::json::parse(options.toStdString()), 5);
        QVERIFY2(psd, psd.status().message().c_str());
        const auto queries = queriesFor(*psd, 23);
        const auto answers = privateRangeCounts(*psd, queries);
        QCOMPARE(answers.size(), queries.size());
        // Both sum at most all the nodes' estimates: their rounding is below (nodes + 16) u sum |e|.
        double magnitude = 0.0;
        for (const auto& n : psd->nodes) magnitude += std::fabs(n.estimate);
        const double tolerance = double(psd->nodes.size() + 16) * 2.3e-16 * std::max(1.0, magnitude);
        int cutLeaves = 0;
        for (std::size_t i = 0; i < queries.size(); ++i) {
            const double expected = referenceWalk(*psd, queries[i]);
            QVERIFY2(std::fabs(answers[i] - expected) <= tolerance,
                     qPrintable(QString("query %1 [%2, %3) x [%4, %5): %6 vs the walk's %7")
                                    .arg(i)
                                    .arg(queries[i].x0)
                                    .arg(queries[i].x1)
                                    .arg(queries[i].y0)
                                    .arg(queries[i].y1)
                                    .arg(answers[i], 0, 'g', 17)
                                    .arg(expected, 0, 'g', 17)));
            cutLeaves += std::fabs(expected - std::round(expected)) > 1e-6 ? 1 : 0;
        }
        QVERIFY(cutLeaves > 100);  // the uniformity assumption was exercised
        // The whole domain is the root's own estimate (a raw grid: the noisy N, not its cells' sum).
        QCOMPARE(answers[queries.size() - 5], psd->nodes.front().estimate);
    }
};

QTEST_MAIN(TestGridRangeSums)
#include "tst_grid_range_sums.moc"
