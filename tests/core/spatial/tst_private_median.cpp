// Tests for the private split points of kd-trees (EM, smooth sensitivity, noisy mean, cell grid).
#include "veil/spatial/private_median.h"

#include <QtTest>

#include <algorithm>
#include <cmath>
#include <vector>

using namespace veil::spatial;
using veil::SeededRandom;

namespace {
double split(int method, const std::vector<double>& sorted, double lo, double hi, double eps, SeededRandom& rng) {
    switch (method) {
        case 0:
            return exponentialMechanismMedian(sorted, lo, hi, eps, rng).value();
        case 1:
            return smoothSensitivityMedian(sorted, lo, hi, eps, 1e-6, rng).value();
        default:
            return noisyMeanSplit(sorted, lo, hi, eps, rng).value();
    }
}
}  // namespace

class TestPrivateMedian : public QObject {
    Q_OBJECT
private slots:
    void staysInRange_data();
    void staysInRange();
    void exponentialConcentrates();
    void exponentialDistribution();
    void smoothSensitivityGolden_data();
    void smoothSensitivityGolden();
    void noisyMeanHighEpsilon();
    void cellGridMedian();
};

void TestPrivateMedian::staysInRange_data() {
    QTest::addColumn<int>("method");
    QTest::addColumn<QVector<double>>("values");
    QTest::addColumn<double>("lo");
    QTest::addColumn<double>("hi");
    const QVector<double> spread{1, 2, 3, 5, 8, 13, 21, 34, 55, 89};
    const QVector<double> identical(50, 7.0);
    const QVector<double> atEdges{0, 0, 0, 100, 100, 100};
    const char* names[3] = {"em", "smooth", "noisy-mean"};
    for (int m = 0; m < 3; ++m) {
        QTest::addRow("%s, spread values", names[m]) << m << spread << 0.0 << 100.0;
        QTest::addRow("%s, identical values", names[m]) << m << identical << 0.0 << 10.0;
        QTest::addRow("%s, values on both edges", names[m]) << m << atEdges << 0.0 << 100.0;
        QTest::addRow("%s, empty node", names[m]) << m << QVector<double>{} << -5.0 << 5.0;
        QTest::addRow("%s, zero-width range", names[m]) << m << QVector<double>{3, 3} << 3.0 << 3.0;
    }
}

void TestPrivateMedian::staysInRange() {
    QFETCH(int, method);
    QFETCH(QVector<double>, values);
    QFETCH(double, lo);
    QFETCH(double, hi);
    std::vector<double> sorted(values.begin(), values.end());
    std::sort(sorted.begin(), sorted.end());
    SeededRandom rng(42);
    // Small epsilon = large noise: the clamping and the sentinels must keep every draw in range.
    for (double eps : {0.001, 0.1, 10.0})
        for (int trial = 0; trial < 300; ++trial) {
            const double s = split(method, sorted, lo, hi, eps, rng);
            QVERIFY2(s >= lo && s <= hi, qPrintable(QString("split %1 outside [%2, %3]").arg(s).arg(lo).arg(hi)));
        }
}

void TestPrivateMedian::exponentialConcentrates() {
    // 1001 values 0..1000 in [0, 1000], eps = 50: an interval r ranks from the median has weight
    // exp(-25 r) relative to the median's, so |result - 500| > 3 has probability < 1e-30.
    std::vector<double> v(1001);
    for (int i = 0; i <= 1000; ++i) v[std::size_t(i)] = i;
    SeededRandom rng(7);
    for (int t = 0; t < 100; ++t) {
        const double m = exponentialMechanismMedian(v, 0, 1000, 50.0, rng).value();
        QVERIFY2(std::abs(m - 500.0) <= 3.0, qPrintable(QString::number(m)));
    }
}

void TestPrivateMedian::exponentialDistribution() {
    // Values {1, 2} in [0, 4], eps = 2: gaps [0,1), [1,2), [2,4) with utilities -1, 0, -1, so weights
    // 1*e^-1, 1*1, 2*e^-1 -> probabilities 0.17488, 0.47537, 0.34975 (by hand). 20,000 draws: the
    // standard error of a frequency is <= sqrt(0.25 / 20000) = 0.0035; tolerance 5 sd = 0.018.
    const std::vector<double> v{1, 2};
    SeededRandom rng(11);
    int counts[3] = {0, 0, 0};
    for (int t = 0; t < 20000; ++t) {
        const double m = exponentialMechanismMedian(v, 0, 4, 2.0, rng).value();
        ++counts[m < 1 ? 0 : (m < 2 ? 1 : 2)];
    }
    const double e1 = std::exp(-1.0), z = 3 * e1 + 1;
    const double expected[3] = {e1 / z, 1 / z, 2 * e1 / z};
    for (int k = 0; k < 3; ++k)
        QVERIFY2(std::abs(counts[k] / 20000.0 - expected[k]) < 0.018,
                 qPrintable(QString("gap %1: %2 vs %3").arg(k).arg(counts[k] / 20000.0).arg(expected[k])));
}

void TestPrivateMedian::smoothSensitivityGolden_data() {
    QTest::addColumn<QVector<double>>("values");
    QTest::addColumn<double>("beta");
    QTest::addColumn<double>("expected");
    // Golden values from a brute-force python evaluation of
    // SS = max_k e^{-k beta} max_{0<=t<=k+1} (x_{m+t} - x_{m+t-k-1}) with x_i = lo (i < 1), hi (i > n).
    // {1..5} in [0,10], beta 0.5: the maximum is at k = 2, window x_6 - x_3 = 10 - 3 = 7 -> 7 e^-1.
    QTest::newRow("1..5, beta 0.5") << QVector<double>{1, 2, 3, 4, 5} << 0.5 << 7.0 * std::exp(-1.0);
    // beta 100: only k = 0 counts, the larger gap next to the median: 1.
    QTest::newRow("1..5, beta 100") << QVector<double>{1, 2, 3, 4, 5} << 100.0 << 1.0;
    // Four equal values 5 in [0,10], beta 1: k = 0 gives 0, k = 1 gives x_2 - x_0 = 5 -> 5 e^-1.
    QTest::newRow("identical values") << QVector<double>{5, 5, 5, 5} << 1.0 << 5.0 * std::exp(-1.0);
}

void TestPrivateMedian::smoothSensitivityGolden() {
    QFETCH(QVector<double>, values);
    QFETCH(double, beta);
    QFETCH(double, expected);
    const std::vector<double> v(values.begin(), values.end());
    const double got = smoothSensitivityOfMedian(v, 0.0, 10.0, beta);
    QVERIFY2(std::abs(got - expected) < 1e-12,
             qPrintable(QString("%1 vs %2").arg(got, 0, 'g', 17).arg(expected, 0, 'g', 17)));
}

void TestPrivateMedian::noisyMeanHighEpsilon() {
    // eps = 1000 (the largest accepted): noise scales 0.02 (sum 12, sensitivity 10 at eps 500) and
    // 0.002 (count 3): with |noise| below 0.5 and 0.05 (probability 1 - e^-25 each) the mean is in
    // (11.5 / 3.05, 12.5 / 2.95) = (3.77, 4.24).
    SeededRandom rng(3);
    const std::vector<double> v{2, 4, 6};
    const double m = noisyMeanSplit(v, 0, 10, 1000.0, rng).value();
    QVERIFY2(std::abs(m - 4.0) < 0.25, qPrintable(QString::number(m)));
}

void TestPrivateMedian::cellGridMedian() {
    // Domain [0,16)^2, 16 cells per axis; 100 points in column 2, 1 in column 7, 50 in column 12.
    // Mass left of boundary k: 0 (k <= 2), 100 (3..7), 101 (8..12), 151; half = 75.5, so the closest
    // boundary is k = 3 (|100 - 75.5| = 24.5 < 25.5) at x = 3. eps = 1000 makes the noise negligible.
    std::vector<double> x, y;
    for (int i = 0; i < 100; ++i) x.push_back(2.5), y.push_back(4.5);
    x.push_back(7.5), y.push_back(4.5);
    for (int i = 0; i < 50; ++i) x.push_back(12.5), y.push_back(9.5);
    SeededRandom rng(5);
    const Rect domain{0, 0, 16, 16};
    auto grid = NoisyCellGrid::build(x, y, domain, 16, 1000.0, rng).value();
    QCOMPARE(grid.median(domain, 0), 3.0);
    // Along y: 101 points in row 4, 50 in row 9: mass below k is 101 for k = 5..9 -> first best is k = 5.
    QCOMPARE(grid.median(domain, 1), 5.0);
    // A node spanning one cell along x splits at its midpoint.
    QCOMPARE(grid.median(Rect{4, 0, 5, 16}, 0), 4.5);
    // Low epsilon: still inside the node.
    auto noisy = NoisyCellGrid::build(x, y, domain, 16, 0.01, rng).value();
    const Rect node{3, 2, 11, 15};
    for (int dim = 0; dim < 2; ++dim) {
        const double m = noisy.median(node, dim);
        QVERIFY(m >= node.lower(dim) && m <= node.upper(dim));
    }
}

QTEST_APPLESS_MAIN(TestPrivateMedian)
#include "tst_private_median.moc"
