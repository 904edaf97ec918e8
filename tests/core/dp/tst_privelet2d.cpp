// Privelet2D (Xiao, Wang, Gehrke, ICDE 2010, Sec. V): exactness at a huge epsilon, and the variance
// of range answers against values derived by hand from the 1-D Haar weights
// (docs/algorithms/privelet2d.md). Statistical rows are seeded.
#include "sanitizer_scale.h"
#include "veil/dp/histogram_release.h"

#include <QtTest/QtTest>

#include <cmath>
#include <numeric>

using namespace veil;
using namespace veil::dp;

namespace {

Result<HistogramResult> releaseGrid(const std::vector<double>& counts, std::size_t rows, std::size_t columns,
                                    double eps, std::uint64_t seed) {
    auto gate = ReleaseGate::teaching(seed);
    HistogramRequest request;
    request.strategy = "privelet2d";
    request.epsilon = eps;
    request.rows = rows;
    request.columns = columns;
    return releaseHistogram(gate, counts, request, RunContext{});
}

std::vector<double> ramp(std::size_t n) {
    std::vector<double> v(n);
    for (std::size_t i = 0; i < n; ++i) v[i] = double((i * 7) % 11);
    return v;
}

}  // namespace

class TestPrivelet2D : public QObject {
    Q_OBJECT
private slots:
    void nearlyExactAtHugeEpsilon_data() {
        QTest::addColumn<int>("rows");
        QTest::addColumn<int>("columns");
        QTest::newRow("2x2") << 2 << 2;
        QTest::newRow("3x5 padded to 4x8") << 3 << 5;
        QTest::newRow("4x4") << 4 << 4;
        QTest::newRow("1x1") << 1 << 1;
    }
    void nearlyExactAtHugeEpsilon() {
        QFETCH(int, rows);
        QFETCH(int, columns);
        const auto counts = ramp(std::size_t(rows * columns));
        auto r = releaseGrid(counts, std::size_t(rows), std::size_t(columns), 1000.0, 3);
        QVERIFY2(r, r.status().message().c_str());
        QCOMPARE(r->estimate.size(), counts.size());
        for (std::size_t i = 0; i < counts.size(); ++i)
            QVERIFY2(std::abs(r->estimate[i] - counts[i]) < 0.1,
                     qPrintable(QStringLiteral("cell %1: %2 vs %3").arg(i).arg(r->estimate[i]).arg(counts[i])));
    }

    // 4x4 at eps 1: rho = (1 + 2)^2 = 9; 1-D weights (mean, root node, two pairs) 4, 4, 2, 2;
    // coefficient (i, j) has variance 2 (9 / (W_i W_j))^2. In 1-D x_0 = c_0 + c_1 + c_2,
    // x_0 + x_1 = 2 c_0 + 2 c_1, the total 4 c_0; in 2-D the products. So cell (0, 0):
    // 162 (1/16 + 1/16 + 1/4)^2 = 22.78125; block rows 0-1 x cols 0-1: 16 * 162 (1/8)^2 = 40.5;
    // the whole grid: 256 * 162 / 256 = 162. 2x2 at eps 1: rho = 4, all W = 4, cell = 4 * 2 = 8.
    void rangeVarianceByHand_data() {
        QTest::addColumn<int>("side");
        QTest::addColumn<QVector<int>>("cells");
        QTest::addColumn<double>("variance");
        QTest::newRow("2x2 one cell") << 2 << QVector<int>{3} << 8.0;
        QTest::newRow("4x4 one cell") << 4 << QVector<int>{0} << 22.78125;
        QTest::newRow("4x4 block") << 4 << QVector<int>{0, 1, 4, 5} << 40.5;
        QVector<int> all(16);
        std::iota(all.begin(), all.end(), 0);
        QTest::newRow("4x4 everything") << 4 << all << 162.0;
    }
    void rangeVarianceByHand() {
        QFETCH(int, side);
        QFETCH(QVector<int>, cells);
        QFETCH(double, variance);
        const auto counts = ramp(std::size_t(side * side));
        double truth = 0.0;
        for (int c : cells) truth += counts[std::size_t(c)];
        const int trials = static_cast<int>(veil::test::repetitions(20000));
        double sumSq = 0.0;
        for (int t = 0; t < trials; ++t) {
            auto r = releaseGrid(counts, std::size_t(side), std::size_t(side), 1.0, 5000 + std::uint64_t(t));
            QVERIFY(r);
            double answer = 0.0;
            for (int c : cells) answer += r->estimate[std::size_t(c)];
            sumSq += (answer - truth) * (answer - truth);
        }
        // Mean-zero error, kurtosis at most a Laplace's (6): the mean square's relative standard
        // deviation is at most sqrt(5 / trials); five of them.
        const double measured = sumSq / trials, tolerance = 5.0 * std::sqrt(5.0 / trials);
        QVERIFY2(std::abs(measured / variance - 1.0) < tolerance,
                 qPrintable(QStringLiteral("measured %1, derived %2").arg(measured).arg(variance)));
    }

    void needsShape() {
        auto gate = ReleaseGate::teaching(1);
        HistogramRequest request;
        request.strategy = "privelet2d";
        QCOMPARE(releaseHistogram(gate, {1, 2, 3, 4}, request, RunContext{}).status().code(),
                 StatusCode::InvalidArgument);
        QVERIFY(histogramStrategyIsPlanar("privelet2d"));
    }
};

QTEST_APPLESS_MAIN(TestPrivelet2D)
#include "tst_privelet2d.moc"
