// Statistical tests of the exact samplers (labelled "statistical"; fixed seeds, so the outcome is
// deterministic). Each goodness-of-fit test rejects at significance alpha = 0.001: a correct
// sampler fails a given seed with probability 0.1%, a wrong one (see the power checks) is caught.
#include "dp/detail/samplers.h"
#include "veil/dp/privacy.h"
#include "veil/dp/stats.h"

#include "stat_test_util.h"

#include <QtTest/QtTest>

#include <algorithm>
#include <cmath>
#include <functional>
#include <map>

using namespace veil;
using namespace veil::dp;
using namespace veil::dp::detail;

namespace {
constexpr double kAlpha = 0.001;

double discreteLaplacePmf(long long x, double scale) {
    const double a = std::exp(-1.0 / scale);
    return (1.0 - a) / (1.0 + a) * std::pow(a, double(std::llabs(x)));
}

double discreteGaussianPmf(long long x, double sigma2) {
    double z = 0.0;
    const long long r = static_cast<long long>(std::ceil(40.0 * std::sqrt(sigma2))) + 10;
    for (long long y = -r; y <= r; ++y) z += std::exp(-double(y) * double(y) / (2.0 * sigma2));
    return std::exp(-double(x) * double(x) / (2.0 * sigma2)) / z;
}

// Kolmogorov-Smirnov statistic of sorted samples against a continuous CDF.
double ksStatistic(std::vector<double> xs, const std::function<double(double)>& cdf) {
    std::sort(xs.begin(), xs.end());
    const double n = double(xs.size());
    double d = 0.0;
    for (std::size_t i = 0; i < xs.size(); ++i) {
        const double f = cdf(xs[i]);
        d = std::max({d, double(i + 1) / n - f, f - double(i) / n});
    }
    return d;
}
// Asymptotic KS critical value at alpha = 0.001: c(alpha) = sqrt(-ln(alpha/2)/2) = 1.9495.
double ksCritical(std::size_t n) { return std::sqrt(-std::log(kAlpha / 2.0) / 2.0) / std::sqrt(double(n)); }

// The Laplace(mu, b) CDF.
std::function<double(double)> laplaceCdf(double mu, double b) {
    return [mu, b](double x) { return x < mu ? 0.5 * std::exp((x - mu) / b) : 1.0 - 0.5 * std::exp(-(x - mu) / b); };
}
}  // namespace

class TestSamplers : public QObject {
    Q_OBJECT
private slots:
    void bernoulliExpNeg_data();
    void bernoulliExpNeg();
    void discreteLaplace_data();
    void discreteLaplace();
    void discreteLaplaceDetectsWrongScale();
    void discreteGaussian_data();
    void discreteGaussian();
    void granularity_data();
    void granularity();
    void snappedLaplaceMatchesLaplace();
    void snappedGaussianMatchesNormal();
    void snappedOutputsLieOnLattice();
    void latticeWorkedOutOnceDrawsTheSame();
    void batchedLaplaceMatchesLaplace();
    void geometricNoiseFractionalScale();
    void rationalConversion();
    void refuseScalesOutsideTheRange_data();
    void refuseScalesOutsideTheRange();
    void correctAtTheEdgesOfTheRange();
};

void TestSamplers::bernoulliExpNeg_data() {
    QTest::addColumn<quint64>("num");
    QTest::addColumn<quint64>("den");
    QTest::newRow("gamma 0") << quint64(0) << quint64(1);
    QTest::newRow("gamma 1/3") << quint64(1) << quint64(3);
    QTest::newRow("gamma 1") << quint64(1) << quint64(1);
    QTest::newRow("gamma 5/2") << quint64(5) << quint64(2);
    QTest::newRow("gamma 7 (tail)") << quint64(7) << quint64(1);
    QTest::newRow("gamma huge den") << quint64(3) << quint64(1ULL << 62);
}

void TestSamplers::bernoulliExpNeg() {
    QFETCH(quint64, num);
    QFETCH(quint64, den);
    SeededRandom rng(11);
    const std::uint64_t n = 200000;
    std::uint64_t hits = 0;
    for (std::uint64_t i = 0; i < n; ++i) hits += sampleBernoulliExpNeg(rng, num, den) ? 1 : 0;
    const double p = std::exp(-double(num) / double(den));
    if (p == 1.0) {
        QCOMPARE(hits, n);
        return;
    }
    // Two-cell chi-square (1 degree of freedom) at alpha = 0.001.
    const double e1 = p * double(n), e0 = double(n) - e1;
    const double chi =
        (double(hits) - e1) * (double(hits) - e1) / e1 + (double(n - hits) - e0) * (double(n - hits) - e0) / e0;
    const double pValue = stats::chiSquareSurvival(chi, 1);
    if (pValue < kAlpha) qWarning("hits %llu expected %.1f chi2 %.3f", (unsigned long long)hits, e1, chi);
    QVERIFY2(pValue >= kAlpha, qPrintable(QString("p-value %1").arg(pValue)));
}

void TestSamplers::discreteLaplace_data() {
    QTest::addColumn<quint64>("num");
    QTest::addColumn<quint64>("den");
    QTest::newRow("scale 1/2") << quint64(1) << quint64(2);
    QTest::newRow("scale 1") << quint64(1) << quint64(1);
    QTest::newRow("scale 7/2") << quint64(7) << quint64(2);
    QTest::newRow("scale 10") << quint64(10) << quint64(1);
    QTest::newRow("scale 100/3") << quint64(100) << quint64(3);
    QTest::newRow("scale 2^40/2^37 (dyadic)") << quint64(1ULL << 40) << quint64(1ULL << 37);
}

void TestSamplers::discreteLaplace() {
    QFETCH(quint64, num);
    QFETCH(quint64, den);
    const double scale = double(num) / double(den);
    SeededRandom rng(2024);
    const long long n = 200000;
    std::map<long long, long long> counts;
    double sum = 0.0;
    for (long long i = 0; i < n; ++i) {
        const auto x = sampleDiscreteLaplace(rng, num, den);
        ++counts[x];
        sum += double(x);
    }
    auto pmf = [&](long long x) { return discreteLaplacePmf(x, scale); };
    const long long r = testutil::centralRadius(pmf, n);
    const auto res =
        testutil::chiSquareAgainstPmf(counts, n, pmf, -r, r, 200 * std::max<long long>(1, (long long)scale));
    QVERIFY2(res.pValue >= kAlpha,
             qPrintable(QString("chi2 %1 df %2 p %3").arg(res.statistic).arg(res.degreesOfFreedom).arg(res.pValue)));
    // Mean 0; sd of the mean <= sqrt(2) scale / sqrt(n); 5 sd tolerance.
    QVERIFY(std::fabs(sum / double(n)) < 5.0 * std::sqrt(2.0) * std::max(scale, 1.0) / std::sqrt(double(n)));
}

void TestSamplers::discreteLaplaceDetectsWrongScale() {
    // Power check: samples of scale 3 tested against the PMF of scale 3.3 must be rejected.
    SeededRandom rng(5);
    const long long n = 200000;
    std::map<long long, long long> counts;
    for (long long i = 0; i < n; ++i) ++counts[sampleDiscreteLaplace(rng, 3, 1)];
    auto wrong = [](long long x) { return discreteLaplacePmf(x, 3.3); };
    const long long r = testutil::centralRadius(wrong, n);
    const auto res = testutil::chiSquareAgainstPmf(counts, n, wrong, -r, r, 2000);
    QVERIFY2(res.pValue < kAlpha, qPrintable(QString("p %1").arg(res.pValue)));
}

void TestSamplers::discreteGaussian_data() {
    QTest::addColumn<quint64>("num");
    QTest::addColumn<quint64>("den");
    QTest::newRow("sigma^2 1/4") << quint64(1) << quint64(4);
    QTest::newRow("sigma^2 1") << quint64(1) << quint64(1);
    QTest::newRow("sigma^2 9") << quint64(9) << quint64(1);
    QTest::newRow("sigma^2 25/2") << quint64(25) << quint64(2);
    QTest::newRow("sigma^2 100") << quint64(100) << quint64(1);
}

void TestSamplers::discreteGaussian() {
    QFETCH(quint64, num);
    QFETCH(quint64, den);
    const double sigma2 = double(num) / double(den);
    SeededRandom rng(77);
    const long long n = 100000;
    std::map<long long, long long> counts;
    for (long long i = 0; i < n; ++i) ++counts[sampleDiscreteGaussian(rng, num, den)];
    auto pmf = [&](long long x) { return discreteGaussianPmf(x, sigma2); };
    const long long r = testutil::centralRadius(pmf, n);
    const auto res = testutil::chiSquareAgainstPmf(counts, n, pmf, -r, r, 1000);
    QVERIFY2(res.pValue >= kAlpha,
             qPrintable(QString("chi2 %1 df %2 p %3").arg(res.statistic).arg(res.degreesOfFreedom).arg(res.pValue)));
}

void TestSamplers::granularity_data() {
    QTest::addColumn<double>("scale");
    QTest::addColumn<double>("expected");
    // By hand: smallest power of two >= scale * 2^-40.
    QTest::newRow("scale 1") << 1.0 << std::ldexp(1.0, -40);
    QTest::newRow("scale 3") << 3.0 << std::ldexp(1.0, -38);
    QTest::newRow("scale 0.75") << 0.75 << std::ldexp(1.0, -40);
    QTest::newRow("scale 1024") << 1024.0 << std::ldexp(1.0, -30);
}

void TestSamplers::granularity() {
    QFETCH(double, scale);
    QFETCH(double, expected);
    QCOMPARE(snappingGranularity(scale), expected);
}

void TestSamplers::snappedLaplaceMatchesLaplace() {
    // The lattice (step scale * 2^-40) is far finer than anything a KS test on 50,000 points can
    // see, so the output must pass a KS test against the continuous Laplace(mu, b) CDF.
    SeededRandom rng(31);
    const double mu = 12.5, b = 2.0;
    std::vector<double> xs(50000);
    for (auto& x : xs) x = *addSnappedLaplace(rng, mu, b);
    const double d = ksStatistic(xs, laplaceCdf(mu, b));
    QVERIFY2(d < ksCritical(xs.size()), qPrintable(QString("D %1 critical %2").arg(d).arg(ksCritical(xs.size()))));
    // Power check: the same sample is rejected against Laplace with scale 2.2.
    QVERIFY(ksStatistic(xs, laplaceCdf(mu, 2.2)) > ksCritical(xs.size()));
}

void TestSamplers::snappedGaussianMatchesNormal() {
    SeededRandom rng(32);
    const double mu = -3.0, sigma = 5.0;
    std::vector<double> xs(20000);
    for (auto& x : xs) x = *addSnappedGaussian(rng, mu, sigma);
    auto cdf = [&](double x) { return stats::normalCdf((x - mu) / sigma); };
    const double d = ksStatistic(xs, cdf);
    QVERIFY2(d < ksCritical(xs.size()), qPrintable(QString("D %1 critical %2").arg(d).arg(ksCritical(xs.size()))));
    auto wrong = [&](double x) { return stats::normalCdf((x - mu) / 5.5); };
    QVERIFY(ksStatistic(xs, wrong) > ksCritical(xs.size()));
}

void TestSamplers::snappedOutputsLieOnLattice() {
    SeededRandom rng(33);
    const double b = 3.0, g = snappingGranularity(b);
    for (int i = 0; i < 1000; ++i) {
        const double y = *addSnappedLaplace(rng, 0.123456789, b);
        QCOMPARE(std::fmod(y, g), 0.0);
        const double z = *addSnappedGaussian(rng, 0.123456789, b);
        QCOMPARE(std::fmod(z, g), 0.0);
    }
}

void TestSamplers::latticeWorkedOutOnceDrawsTheSame() {
    // The mechanisms work a scale's lattice out once; the draws are those of the per-call path.
    for (const double b : {3.0, 0.7, 1234.5}) {
        const auto lattice = laplaceLattice(b);
        QVERIFY(lattice);
        QCOMPARE(lattice->granularity, snappingGranularity(b));
        QCOMPARE(double(lattice->num) / double(lattice->den()) * lattice->granularity, b);
        SeededRandom a(35), c(35);
        for (int i = 0; i < 1000; ++i)
            QCOMPARE(*addSnappedLaplace(a, 10.5 * i, b), *addSnappedLaplace(c, 10.5 * i, *lattice));
        QVERIFY(!addSnappedLaplace(a, std::nan(""), *lattice));
    }
    QVERIFY(!laplaceLattice(0.0));
}

void TestSamplers::batchedLaplaceMatchesLaplace() {
    // One buffer of words and bits serves all the draws: each must still be Laplace(mu, b), on the
    // lattice, and consecutive draws (which share a word) must be independent.
    SeededRandom rng(36);
    const double mu = 12.5, b = 2.0, g = snappingGranularity(b);
    const auto lattice = laplaceLattice(b);
    QVERIFY(lattice);
    std::vector<double> xs(50000, mu);
    QVERIFY(addSnappedLaplaceToAll(rng, xs, *lattice).isOk());
    const double d = ksStatistic(xs, laplaceCdf(mu, b));
    QVERIFY2(d < ksCritical(xs.size()), qPrintable(QString("D %1 critical %2").arg(d).arg(ksCritical(xs.size()))));
    // Power check: the same sample is rejected against Laplace with scale 2.2.
    QVERIFY(ksStatistic(xs, laplaceCdf(mu, 2.2)) > ksCritical(xs.size()));
    for (const double x : xs) QCOMPARE(std::fmod(x, g), 0.0);
    // Signs of neighbours: a 2 x 2 table of (x_i > mu, x_{i+1} > mu), chi-square with 1 degree of
    // freedom against independence (critical value 10.83 at alpha = 0.001).
    double table[2][2] = {{0, 0}, {0, 0}};
    for (std::size_t i = 0; i + 1 < xs.size(); ++i) table[xs[i] > mu][xs[i + 1] > mu] += 1.0;
    const double n = double(xs.size() - 1);
    double chi2 = 0.0;
    for (int r = 0; r < 2; ++r)
        for (int c = 0; c < 2; ++c) {
            const double e = (table[r][0] + table[r][1]) * (table[0][c] + table[1][c]) / n;
            chi2 += (table[r][c] - e) * (table[r][c] - e) / e;
        }
    QVERIFY2(chi2 < 10.83, qPrintable(QString("chi2 %1").arg(chi2)));
    // The values are snapped as one release() would (round half to even on the lattice): with the
    // same seed the noise is the same whatever the values, so the difference is the snapped value.
    std::vector<double> values = {0.0,
                                  -0.0,
                                  0.5 * g,
                                  1.5 * g,
                                  2.5 * g,
                                  -0.5 * g,
                                  -1.5 * g,
                                  1e-300,
                                  12.5,
                                  -999.123456789,
                                  0.1,
                                  3.0 * g + 0.49 * g,
                                  -7.0 * g - 0.51 * g};
    std::vector<double> zeros(values.size(), 0.0);
    SeededRandom first(37), second(37);
    auto snapped = values;
    QVERIFY(addSnappedLaplaceToAll(first, snapped, *lattice).isOk());
    QVERIFY(addSnappedLaplaceToAll(second, zeros, *lattice).isOk());
    for (std::size_t i = 0; i < values.size(); ++i) QCOMPARE(snapped[i] - zeros[i], std::nearbyint(values[i] / g) * g);
    // A value out of range is refused before any value changes.
    std::vector<double> bad = {1.0, 2.0, std::nan("")};
    QVERIFY(!addSnappedLaplaceToAll(rng, bad, *lattice).isOk());
    QCOMPARE(bad[0], 1.0);
    QCOMPARE(bad[1], 2.0);
}

void TestSamplers::geometricNoiseFractionalScale() {
    SeededRandom rng(34);
    const long long n = 200000;
    std::map<long long, long long> counts;
    for (long long i = 0; i < n; ++i) ++counts[*addGeometricNoise(rng, 100, 2.5) - 100];
    auto pmf = [](long long x) { return discreteLaplacePmf(x, 2.5); };
    const long long r = testutil::centralRadius(pmf, n);
    const auto res = testutil::chiSquareAgainstPmf(counts, n, pmf, -r, r, 1000);
    QVERIFY2(res.pValue >= kAlpha, qPrintable(QString("chi2 %1 p %2").arg(res.statistic).arg(res.pValue)));
}

void TestSamplers::rationalConversion() {
    std::uint64_t num = 0, den = 0;
    QVERIFY(toRationalAtLeast(2.5, num, den));
    QCOMPARE(num, quint64(5));
    QCOMPARE(den, quint64(2));
    QVERIFY(toRationalAtLeast(10.0, num, den));
    QCOMPARE(num, quint64(10));
    QCOMPARE(den, quint64(1));
    QVERIFY(!toRationalAtLeast(0.0, num, den));
    QVERIFY(!toRationalAtLeast(std::nan(""), num, den));
    QVERIFY(toRationalAtLeast(0.1, num, den));
    QVERIFY(double(num) / double(den) >= 0.1);  // 0.1 is not dyadic: exact binary value kept
}

// Finding 1 of issue 13: an infinite scale (tiny epsilon) used to return the value unchanged, and
// so did a geometric scale above 2^62. Every sampler must now refuse a scale or value outside the
// supported range, whatever it is.
void TestSamplers::refuseScalesOutsideTheRange_data() {
    QTest::addColumn<double>("scale");
    QTest::addColumn<double>("value");
    const double inf = std::numeric_limits<double>::infinity(), nan = std::nan("");
    QTest::newRow("infinite scale (eps 1e-320)") << 1.0 / 1e-320 << 30162.0;
    QTest::newRow("scale from eps 5e-307") << 1.0 / 5e-307 << 30162.0;
    QTest::newRow("scale 1e300") << 1e300 << 30162.0;
    QTest::newRow("scale below the lattice (eps 1e308)") << 1.0 / 1e308 << 30162.0;
    QTest::newRow("scale 0") << 0.0 << 1.0;
    QTest::newRow("negative scale") << -1.0 << 1.0;
    QTest::newRow("NaN scale") << nan << 1.0;
    QTest::newRow("infinite value") << 1.0 << inf;
    QTest::newRow("NaN value") << 1.0 << nan;
    QTest::newRow("huge value") << 1.0 << 1e200;
}

void TestSamplers::refuseScalesOutsideTheRange() {
    QFETCH(double, scale);
    QFETCH(double, value);
    SeededRandom rng(35);
    const auto lap = addSnappedLaplace(rng, value, scale);
    QVERIFY2(!lap, qPrintable(QString("Laplace answered %1").arg(lap ? *lap : 0.0)));
    QCOMPARE(lap.status().code(), StatusCode::InvalidArgument);
    QVERIFY(!addSnappedGaussian(rng, value, scale));
}

void TestSamplers::correctAtTheEdgesOfTheRange() {
    SeededRandom rng(36);
    // The geometric scale 1e20 (epsilon 1e-20) is above 2^52: refused, never the input.
    QCOMPARE(addGeometricNoise(rng, 30162, 1e20).status().code(), StatusCode::InvalidArgument);
    QCOMPARE(addGeometricNoise(rng, 30162, 0.0).status().code(), StatusCode::InvalidArgument);
    const auto edge = addGeometricNoise(rng, std::numeric_limits<std::int64_t>::max(), 1e15);  // overflow is refused
    QVERIFY(edge.isOk() ? *edge < std::numeric_limits<std::int64_t>::max()
                        : edge.status().code() == StatusCode::InvalidArgument);
    // At the largest supported scales the noise is of that size: |noise| > scale / 100 has
    // probability exp(-0.01) ~ 0.99 per draw, so 20 draws all below it would have p ~ e^-92.
    for (double scale : {kMaxNoiseScale, 1e9}) {
        int large = 0;
        for (int i = 0; i < 20; ++i)
            large += std::fabs(*addSnappedLaplace(rng, 30162.0, scale) - 30162.0) > scale / 100 ? 1 : 0;
        QVERIFY2(large > 0, qPrintable(QString("scale %1").arg(scale)));
    }
    int moved = 0;
    for (int i = 0; i < 20; ++i) moved += *addGeometricNoise(rng, 30162, kMaxGeometricScale) != 30162 ? 1 : 0;
    QCOMPARE(moved, 20);  // P(noise = 0) = tanh(1 / (2 * 2^52)) ~ 1e-16 per draw
    // At the smallest supported scale the value is kept to within a few scales (and on the lattice).
    const double tiny = *addSnappedLaplace(rng, 0.5, kMinNoiseScale);
    QVERIFY(std::fabs(tiny - 0.5) < 1e-90);
}

QTEST_APPLESS_MAIN(TestSamplers)
#include "tst_samplers.moc"
