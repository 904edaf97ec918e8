// HB2D (Qardaji, Yang, Li, PVLDB 2013, Sec. 5): the branching formula, exactness at a huge epsilon,
// and the variance of range answers after constrained inference against values derived by hand
// (docs/algorithms/hb2d.md). Statistical rows are seeded.
#include "sanitizer_scale.h"
#include "veil/dp/hb2d.h"
#include "veil/dp/histogram_release.h"

#include <QtTest/QtTest>

#include <cmath>

using namespace veil;
using namespace veil::dp;

namespace {

Result<HistogramResult> releaseGrid(const std::vector<double>& counts, std::size_t rows, std::size_t columns,
                                    double eps, std::uint64_t seed, int branching = 0) {
    auto gate = ReleaseGate::teaching(seed);
    HistogramRequest request;
    request.strategy = "hb2d";
    request.epsilon = eps;
    request.rows = rows;
    request.columns = columns;
    request.options = {{"branching", branching}};
    return releaseHistogram(gate, counts, request, RunContext{});
}

std::vector<double> ramp(std::size_t n) {
    std::vector<double> v(n);
    for (std::size_t i = 0; i < n; ++i) v[i] = double((i * 7) % 11);
    return v;
}

}  // namespace

class TestHb2d : public QObject {
    Q_OBJECT
private slots:
    // argmin_b b h^2 with h = ceil(log_b side), by hand: side 4: b=2 gives 8, b=3 12, b=4 4;
    // side 100: b=10 (h=2) gives 40, b=5 (h=3) 45, b=11 44; side 256: b=7 (h=3) gives 63,
    // b=4 and b=16 give 64; side 1024: b=6 (h=4) gives 96, b=11 (h=3) 99, b=4 (h=5) 100.
    void branchingFormula_data() {
        QTest::addColumn<int>("side");
        QTest::addColumn<int>("expected");
        QTest::newRow("1 cell") << 1 << 2;
        QTest::newRow("4") << 4 << 4;
        QTest::newRow("100") << 100 << 10;
        QTest::newRow("256 (DPBench 2-D)") << 256 << 7;
        QTest::newRow("1024") << 1024 << 6;
    }
    void branchingFormula() {
        QFETCH(int, side);
        QFETCH(int, expected);
        QCOMPARE(int(hb2dBranching(std::size_t(side))), expected);
        QCOMPARE(int(hb2dHeight(343, 7)), 3);
        QCOMPARE(int(hb2dHeight(344, 7)), 4);
    }

    void nearlyExactAtHugeEpsilon_data() {
        QTest::addColumn<int>("rows");
        QTest::addColumn<int>("columns");
        QTest::addColumn<int>("branching");
        QTest::newRow("2x2 b=2") << 2 << 2 << 2;
        QTest::newRow("3x3 padded to 4x4") << 3 << 3 << 2;
        QTest::newRow("4x4 automatic") << 4 << 4 << 0;
        QTest::newRow("2x5 b=3") << 2 << 5 << 3;
        QTest::newRow("1x1") << 1 << 1 << 0;
    }
    void nearlyExactAtHugeEpsilon() {
        QFETCH(int, rows);
        QFETCH(int, columns);
        QFETCH(int, branching);
        const auto counts = ramp(std::size_t(rows * columns));
        auto r = releaseGrid(counts, std::size_t(rows), std::size_t(columns), 1000.0, 3, branching);
        QVERIFY2(r, r.status().message().c_str());
        QCOMPARE(r->estimate.size(), counts.size());
        QVERIFY(r->consistent);
        for (std::size_t i = 0; i < counts.size(); ++i)
            QVERIFY2(std::abs(r->estimate[i] - counts[i]) < 0.1,
                     qPrintable(QStringLiteral("cell %1: %2 vs %3").arg(i).arg(r->estimate[i]).arg(counts[i])));
    }

    // 4x4 grid, b = 2: two measured levels (2x2 blocks and cells; the root is not measured), each
    // node Laplace(2/eps), variance s2 = 8/eps^2. Hay's inference on one block with noisy block y_p
    // and noisy cells y_i: z_p = 0.8 y_p + 0.2 S, x_i = y_i + (z_p - S)/4, so
    // x_i = 0.8 y_i - 0.2 (S - y_i) + 0.2 y_p: Var = (0.64 + 3 * 0.04 + 0.04) s2 = 0.8 s2 = 6.4;
    // two cells of one block: 0.6 (y_a + y_b) - 0.4 (y_c + y_d) + 0.4 y_p: 1.2 s2 = 9.6;
    // a whole block: z_p, Var = 0.8 s2 = 6.4; two cells of two blocks: 2 * 0.8 s2 = 12.8.
    void rangeVarianceMatchesInference_data() {
        QTest::addColumn<QVector<int>>("cells");
        QTest::addColumn<double>("variance");
        QTest::newRow("one cell") << QVector<int>{5} << 6.4;
        QTest::newRow("two cells, one block") << QVector<int>{0, 1} << 9.6;
        QTest::newRow("one block") << QVector<int>{0, 1, 4, 5} << 6.4;
        QTest::newRow("two cells, two blocks") << QVector<int>{1, 2} << 12.8;
    }
    void rangeVarianceMatchesInference() {
        QFETCH(QVector<int>, cells);
        QFETCH(double, variance);
        const auto counts = ramp(16);
        double truth = 0.0;
        for (int c : cells) truth += counts[std::size_t(c)];
        const int trials = static_cast<int>(veil::test::repetitions(20000));
        double sumSq = 0.0;
        for (int t = 0; t < trials; ++t) {
            auto r = releaseGrid(counts, 4, 4, 1.0, 7000 + std::uint64_t(t), 2);
            QVERIFY(r);
            double answer = 0.0;
            for (int c : cells) answer += r->estimate[std::size_t(c)];
            sumSq += (answer - truth) * (answer - truth);
        }
        // The error has mean 0 and kurtosis at most a Laplace's (6), so the mean square has relative
        // standard deviation at most sqrt(5 / trials) = 1.6%; five of them.
        const double measured = sumSq / trials, tolerance = 5.0 * std::sqrt(5.0 / trials);
        QVERIFY2(std::abs(measured / variance - 1.0) < tolerance,
                 qPrintable(QStringLiteral("measured %1, derived %2").arg(measured).arg(variance)));
    }

    void errors() {
        auto gate = ReleaseGate::teaching(1);
        HistogramRequest request;
        request.strategy = "hb2d";
        const std::vector<double> counts(6, 1.0);
        auto noShape = releaseHistogram(gate, counts, request, RunContext{});
        QCOMPARE(noShape.status().code(), StatusCode::InvalidArgument);
        request.rows = 4;
        request.columns = 2;
        QCOMPARE(releaseHistogram(gate, counts, request, RunContext{}).status().code(), StatusCode::InvalidArgument);
        request.rows = 3;
        request.options = {{"branching", 1}};
        QCOMPARE(releaseHistogram(gate, counts, request, RunContext{}).status().code(), StatusCode::InvalidArgument);
        // Kept out of the 1-D list, found by id.
        for (const auto& info : histogramStrategies()) QVERIFY(info.id != "hb2d");
        QCOMPARE(int(planarHistogramStrategies().size()), 2);  // hb2d, privelet2d
        QVERIFY(findHistogramStrategy("hb2d"));
        QVERIFY(histogramStrategyIsPlanar("hb2d"));
        QVERIFY(!histogramStrategyIsPlanar("identity"));
    }

    // A 1-D strategy given a declared 2-D shape would release the row-major cells as one line
    // (ranges across row ends): refused, naming the strategies that take a grid; those run.
    void oneDimensionalStrategiesRefuseAGrid() {
        auto gate = ReleaseGate::teaching(1);
        HistogramRequest request;
        request.rows = 3;
        request.columns = 2;
        const std::vector<double> counts(6, 1.0);
        for (const char* id : {"hb", "hierarchical", "privelet", "mwem", "greedy-h", "ahp", "efpa", "php"}) {
            request.strategy = id;
            const auto r = releaseHistogram(gate, counts, request, RunContext{});
            QVERIFY2(!r, id);
            QVERIFY2(r.status().message().find("2-D") != std::string::npos &&
                         r.status().message().find("hb2d") != std::string::npos,
                     r.status().message().c_str());
        }
        for (const char* id : {"identity", "uniform", "hb2d", "privelet2d", "dawa"}) {
            request.strategy = id;
            const auto r = releaseHistogram(gate, counts, request, RunContext{});
            QVERIFY2(r, (std::string(id) + ": " + r.status().message()).c_str());
        }
    }
};

QTEST_APPLESS_MAIN(TestHb2d)
#include "tst_hb2d.moc"
