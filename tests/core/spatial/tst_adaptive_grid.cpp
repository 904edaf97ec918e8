// AGrid (Qardaji, Yang, Li, ICDE 2013): the paper's grid sizes by hand, its constrained inference
// against an independent weighted least-squares solve, and a release through the gate.
#include "veil/spatial/adaptive_grid.h"
#include "veil/spatial/consistency.h"
#include "veil/spatial/psd_release.h"
#include "veil/spatial/range_query.h"

#include <Eigen/Dense>
#include <QtTest/QtTest>

#include <cmath>

using namespace veil;
using namespace veil::spatial;

namespace {
// One point at the centre of every cell of a 16 x 16 grid of unit data cells, plus 16 more in
// cell (row 3, column 5): 272 points.
PointSet gridPoints() {
    std::vector<double> x, y;
    for (int r = 0; r < 16; ++r)
        for (int c = 0; c < 16; ++c) x.push_back(c + 0.5), y.push_back(r + 0.5);
    for (int i = 0; i < 16; ++i) x.push_back(5.5), y.push_back(3.5);
    return *makePointSet(std::move(x), std::move(y), Rect{0, 0, 16, 16});
}

Result<PrivateSpatialDecomposition> releaseAgrid(const PointSet& ps, double eps, nlohmann::json options,
                                                 std::uint64_t seed) {
    auto gate = dp::ReleaseGate::teaching(seed);
    PsdRequest r;
    r.kind = "agrid";
    r.epsilon = eps;
    r.options = std::move(options);
    return releaseDecomposition(gate, ps, r, RunContext{});
}
}  // namespace

class TestAdaptiveGrid : public QObject {
    Q_OBJECT
private slots:
    void gridSizesByHand() {
        // Rounded down as DPComp's int(x - 1) + 1 (AG.py). m1 = max(10, sqrt(N eps / 10) / 4): N 1e6,
        // eps 1 -> sqrt(1e5) = 316.2, / 4 = 79.06 -> 79; N 1000, eps 1 -> 10 / 4 -> 2 -> 10; N 0 -> 10.
        QCOMPARE(adaptiveGridFirstLevel(1e6, 1.0), std::size_t(79));
        QCOMPARE(adaptiveGridFirstLevel(1.6e6, 1.0), std::size_t(100));  // 400 / 4, exactly
        QCOMPARE(adaptiveGridFirstLevel(1000, 1.0), std::size_t(10));
        QCOMPARE(adaptiveGridFirstLevel(-5, 1.0), std::size_t(10));
        // m2 = sqrt(N' (1 - alpha) eps / 5): 1000 * 0.5 / 5 = 100 -> 10; 1001 -> 10.005 -> 10;
        // 1440 -> 12; 1439 -> 11.996 -> 11; N' <= 0 -> 1; 2 * 0.5 * 1 / 5 = 0.2 -> 1.
        QCOMPARE(adaptiveGridSecondLevel(1000, 0.5, 1.0), std::size_t(10));
        QCOMPARE(adaptiveGridSecondLevel(1001, 0.5, 1.0), std::size_t(10));
        QCOMPARE(adaptiveGridSecondLevel(1440, 0.5, 1.0), std::size_t(12));
        QCOMPARE(adaptiveGridSecondLevel(1439, 0.5, 1.0), std::size_t(11));
        QCOMPARE(adaptiveGridSecondLevel(-3, 0.5, 1.0), std::size_t(1));
        QCOMPARE(adaptiveGridSecondLevel(2, 0.5, 1.0), std::size_t(1));
    }
    void inferenceIsWeightedLeastSquares_data() {
        QTest::addColumn<double>("alpha");
        QTest::newRow("alpha 0.5") << 0.5;
        QTest::newRow("alpha 0.3") << 0.3;
        QTest::newRow("alpha 0.9") << 0.9;
    }
    void inferenceIsWeightedLeastSquares() {
        // A cell measured v = 10 with alpha eps and four sub-cells u with (1 - alpha) eps: the
        // minimiser of alpha^2 (v - sum x)^2 + (1 - alpha)^2 sum (u_i - x_i)^2 (inverse variances),
        // solved with Eigen, must equal the paper's closed form.
        QFETCH(double, alpha);
        const double v = 10.0;
        std::vector<double> u{1.0, 2.0, 3.0, 5.5};
        Eigen::MatrixXd a(5, 4);
        Eigen::VectorXd b(5);
        a.setZero();
        for (int i = 0; i < 4; ++i) a(i, i) = 1.0 - alpha, b(i) = (1.0 - alpha) * u[std::size_t(i)];
        a.row(4).setConstant(alpha);
        b(4) = alpha * v;
        const Eigen::VectorXd x = a.colPivHouseholderQr().solve(b);
        const double refined = adaptiveGridInference(v, u, alpha);
        for (int i = 0; i < 4; ++i)
            QVERIFY2(std::fabs(u[std::size_t(i)] - x(i)) < 1e-12,
                     qPrintable(QString("%1 vs %2").arg(u[std::size_t(i)]).arg(x(i))));
        QVERIFY2(std::fabs(refined - x.sum()) < 1e-12, qPrintable(QString("%1 vs %2").arg(refined).arg(x.sum())));
    }
    void alignedLevelsAndNearExactCounts() {
        // 16 x 16 data cells, 272 points, eps 1000: the noisy N is within ~1 of 272, so
        // m1 = max(10, ceil(sqrt(272 * 1000 / 10) / 4)) = max(10, 42) = 42 -> block side
        // ceil(sqrt(256 / 42^2)) = 1: 16 x 16 first-level cells of one data cell, each one leaf.
        // With first_level_cells 4: blocks of 4 x 4 data cells; a cell with about 16 points gets
        // m2 = ceil(sqrt(16 * 0.5 * 1000 / 5)) = 40 -> side 1: 16 leaves per cell, 256 in all.
        const PointSet ps = gridPoints();
        auto fine = releaseAgrid(ps, 1000.0, {{"data_columns", 16}, {"data_rows", 16}}, 3);
        QVERIFY2(fine, fine.status().message().c_str());
        QCOMPARE(fine->root().childCount, 256);
        QCOMPARE(fine->leaves.size(), std::size_t(256));
        auto coarse = releaseAgrid(ps, 1000.0, {{"data_columns", 16}, {"data_rows", 16}, {"first_level_cells", 4}}, 3);
        QVERIFY2(coarse, coarse.status().message().c_str());
        QCOMPARE(coarse->root().childCount, 16);
        QCOMPARE(coarse->leaves.size(), std::size_t(256));
        QVERIFY(coarse->postProcessed);
        QVERIFY(maxConsistencyGap(*coarse) < 1e-9);
        QCOMPARE(coarse->privacy.epsilon, 1000.0);  // teaching mode: recorded, not charged
        QCOMPARE(coarse->maxPathEpsilon(), 1000.0);
        // Whole domain, the dense cell, a 3 x 2 block: 272, 17, 6 (by hand), noise sd < 0.01 each.
        const auto answers = privateRangeCounts(*coarse, {Rect{0, 0, 16, 16}, Rect{5, 3, 6, 4}, Rect{1, 1, 4, 3}});
        QVERIFY2(std::fabs(answers[0] - 272) < 0.2, qPrintable(QString::number(answers[0])));
        QVERIFY2(std::fabs(answers[1] - 17) < 0.2, qPrintable(QString::number(answers[1])));
        QVERIFY2(std::fabs(answers[2] - 6) < 0.2, qPrintable(QString::number(answers[2])));
    }
    void inferenceLowersLeafVariance() {
        // first_level_cells 1 on the 16 x 16 data: one first-level cell, measured with
        // eps1 = 0.5 * 0.475 = 0.2375 (eps 0.5 less the 5% for N); m2 = ceil(sqrt(272 * 0.5 * 0.5 / 5))
        // = ceil(3.69) = 4 (stable unless the noise exceeds 48) -> blocks of 4 x 4 data cells, 16
        // leaves with eps2 = 0.2375. Laplace variance 2 / 0.2375^2 = 35.46 per count. The sum of the
        // leaves has variance 16 * 35.46 = 567.3 without inference and, after it (the sum equals
        // v'), 1 / (1 / 35.46 + 1 / 567.3) = 33.37 (weights alpha^2 k = 4 and (1 - alpha)^2 = 0.25).
        // Over 2,000 seeds the mean of squares has relative sd at most sqrt(2 + 3) / sqrt(2000) =
        // 0.05 (excess kurtosis of a Laplace, 3, bounds the mixes): 25% is 5 sd. Equal weights
        // would give 150, no inference 567.
        const PointSet ps = gridPoints();
        double with = 0, without = 0;
        const int trials = 2000;
        const nlohmann::json base = {{"data_columns", 16}, {"data_rows", 16}, {"first_level_cells", 1}};
        nlohmann::json off = base;
        off["postprocess"] = false;
        auto leafSum = [](const PrivateSpatialDecomposition& p) {
            double sum = 0.0;
            for (auto l : p.leaves) sum += p.nodes[std::size_t(l)].estimate;
            return sum;
        };
        for (int s = 0; s < trials; ++s) {
            auto a = releaseAgrid(ps, 0.5, base, std::uint64_t(s));
            auto b = releaseAgrid(ps, 0.5, off, std::uint64_t(s));
            QVERIFY(a && b);
            QCOMPARE(a->leaves.size(), std::size_t(16));
            const double ea = leafSum(*a) - 272, eb = leafSum(*b) - 272;
            with += ea * ea, without += eb * eb;
        }
        with /= trials, without /= trials;
        qInfo("AGrid leaf-sum MSE: with inference %g (33.37), without %g (567.3)", with, without);
        QVERIFY2(std::fabs(without / 567.3 - 1) < 0.25, qPrintable(QString("without %1 vs 567.3").arg(without)));
        QVERIFY2(std::fabs(with / 33.37 - 1) < 0.25, qPrintable(QString("with %1 vs 33.37").arg(with)));
    }
    void errors() {
        const PointSet ps = gridPoints();
        QCOMPARE(releaseAgrid(ps, 1.0, {{"alpha", 1.0}}, 1).status().code(), StatusCode::InvalidArgument);
        QCOMPARE(releaseAgrid(ps, 1.0, {{"data_columns", 16}}, 1).status().code(), StatusCode::InvalidArgument);
        QCOMPARE(releaseAgrid(ps, 0.0, {}, 1).status().code(), StatusCode::InvalidArgument);
        AdaptiveGridOptions o;
        o.alpha = 0.0;
        QCOMPARE(buildAdaptiveGrid(ps, o, RunContext{}).status().code(), StatusCode::InvalidArgument);
    }
};

QTEST_APPLESS_MAIN(TestAdaptiveGrid)
#include "tst_adaptive_grid.moc"
