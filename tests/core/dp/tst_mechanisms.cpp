// Construction errors, golden calibration values and estimator properties of the mechanisms.
#include "veil/dp/exponential_mechanism.h"
#include "veil/dp/gaussian_mechanism.h"
#include "veil/dp/geometric_mechanism.h"
#include "veil/dp/laplace_mechanism.h"
#include "veil/dp/randomized_response.h"
#include "veil/dp/smooth_sensitivity.h"
#include "veil/dp/stats.h"

#include <QtTest/QtTest>

#include <cmath>
#include <limits>
#include <numeric>

using namespace veil;
using namespace veil::dp;

class TestMechanisms : public QObject {
    Q_OBJECT
private slots:
    void badEpsilon_data() {
        QTest::addColumn<double>("epsilon");
        QTest::newRow("zero") << 0.0;
        QTest::newRow("negative") << -1.0;
        QTest::newRow("NaN") << std::numeric_limits<double>::quiet_NaN();
        QTest::newRow("infinite") << std::numeric_limits<double>::infinity();
    }
    void badEpsilon() {
        QFETCH(double, epsilon);
        QCOMPARE(LaplaceMechanism::create(epsilon, 1.0).status().code(), StatusCode::InvalidArgument);
        QCOMPARE(GeometricMechanism::create(epsilon).status().code(), StatusCode::InvalidArgument);
        QCOMPARE(TruncatedGeometricMechanism::create(epsilon, 10).status().code(), StatusCode::InvalidArgument);
        QCOMPARE(GaussianMechanism::create(epsilon, 1e-5, 1.0).status().code(), StatusCode::InvalidArgument);
        QCOMPARE(ExponentialMechanism::create(epsilon, 1.0).status().code(), StatusCode::InvalidArgument);
        QCOMPARE(ExponentialQuantile::create(epsilon, 0.5, 0, 1).status().code(), StatusCode::InvalidArgument);
        QCOMPARE(RandomizedResponse::create(epsilon).status().code(), StatusCode::InvalidArgument);
        QCOMPARE(SmoothSensitivityQuantile::create(epsilon, 1e-6, 0.5, 0, 1).status().code(),
                 StatusCode::InvalidArgument);
        QVERIFY(LaplaceMechanism::create(epsilon, 1.0).status().message().find("epsilon") != std::string::npos);
    }
    void badDelta_data() {
        QTest::addColumn<double>("delta");
        QTest::newRow("zero (gaussian needs > 0)") << 0.0;
        QTest::newRow("one") << 1.0;
        QTest::newRow("negative") << -0.1;
        QTest::newRow("NaN") << std::numeric_limits<double>::quiet_NaN();
    }
    void badDelta() {
        QFETCH(double, delta);
        QCOMPARE(GaussianMechanism::create(1.0, delta, 1.0).status().code(), StatusCode::InvalidArgument);
        QCOMPARE(SmoothSensitivityQuantile::create(1.0, delta, 0.5, 0, 1).status().code(), StatusCode::InvalidArgument);
    }
    void badBoundsAndOthers() {
        QCOMPARE(ExponentialQuantile::create(1.0, 0.5, 5, 1).status().code(), StatusCode::InvalidArgument);
        QCOMPARE(ExponentialQuantile::create(1.0, 1.5, 0, 1).status().code(), StatusCode::InvalidArgument);
        QCOMPARE(LaplaceMechanism::create(1.0, 0.0).status().code(), StatusCode::InvalidArgument);
        QCOMPARE(GeometricMechanism::create(1.0, 0).status().code(), StatusCode::InvalidArgument);
        QCOMPARE(RandomizedResponse::create(1.0, 1).status().code(), StatusCode::InvalidArgument);
        auto em = ExponentialQuantile::create(1.0, 0.5, 0, 1);
        SeededRandom rng(1);
        // No values: every point of [0, 1] has the same score, so the release is uniform (still private).
        const auto uniform = em->release(rng, {});
        QVERIFY(uniform && *uniform >= 0.0 && *uniform <= 1.0);
        QCOMPARE(ExponentialMechanism::create(1.0, 1.0)->select(rng, {}).status().code(), StatusCode::InvalidArgument);
    }
    void laplaceScale() {
        // By hand: b0 = 2/0.5 = 4, g = 2^-38, widened 4 + 2^-37 has granularity 2^-37, so the
        // fixed point is (2 + 2^-37)/0.5 = 4 + 2^-36 (whose granularity is again 2^-37).
        auto m = LaplaceMechanism::create(0.5, 2.0);
        QCOMPARE(m->scale(), 4.0 + std::ldexp(1.0, -36));
        // 95% half-width of Laplace(4): 4 ln 20 = 11.9829 (by hand).
        const auto ci = m->interval(100.0, 0.95);
        QVERIFY(std::fabs(ci.upper - 100.0 - 4.0 * std::log(20.0)) < 1e-9);
    }
    void analyticGaussian_data() {
        QTest::addColumn<double>("epsilon");
        QTest::addColumn<double>("delta");
        QTest::addColumn<double>("sigma");
        // Golden values from an independent python3 bisection on Balle-Wang Theorem 8 with
        // math.erfc (see the derivation in docs/algorithms/additive_mechanisms.md).
        QTest::newRow("eps 1 delta 1e-5") << 1.0 << 1e-5 << 3.7306316348159454;
        QTest::newRow("eps 0.5 delta 1e-6") << 0.5 << 1e-6 << 8.057618480725036;
        QTest::newRow("eps 4 delta 1e-5") << 4.0 << 1e-5 << 1.0811618495202384;
    }
    void analyticGaussian() {
        QFETCH(double, epsilon);
        QFETCH(double, delta);
        QFETCH(double, sigma);
        const double s = analyticGaussianSigma(epsilon, delta, 1.0);
        QVERIFY2(std::fabs(s - sigma) < 1e-8 * sigma,
                 qPrintable(QString("%1 vs %2").arg(s, 0, 'g', 17).arg(sigma, 0, 'g', 17)));
        QVERIFY(gaussianDelta(epsilon, s, 1.0) <= delta);
        if (epsilon < 1.0) QVERIFY(s < std::sqrt(2.0 * std::log(1.25 / delta)) / epsilon);  // beats the classic bound
    }
    void exponentialProbabilities() {
        // Scores {0,1,2}, eps 2, sensitivity 1: weights e^0, e^1, e^2 (by hand).
        auto m = ExponentialMechanism::create(2.0, 1.0);
        auto p = m->probabilities({0, 1, 2});
        QVERIFY(p);
        const double z = 1 + std::exp(1.0) + std::exp(2.0);
        QVERIFY(std::fabs((*p)[0] - 1 / z) < 1e-12);
        QVERIFY(std::fabs((*p)[2] - std::exp(2.0) / z) < 1e-12);
    }
    void quantileDensity() {
        auto m = ExponentialQuantile::create(1.0, 0.5, 0.0, 10.0);
        auto d = m->density({1, 2, 3, 4, 5});
        QVERIFY(d);
        QCOMPARE(d->edges.size(), std::size_t(7));
        const double total = std::accumulate(d->probability.begin(), d->probability.end(), 0.0);
        QVERIFY(std::fabs(total - 1.0) < 1e-12);
        // Edges 0,1,2,3,4,5,10. [2,3] and [3,4] have score -0.5 (rank 2, 3 vs 2.5), length 1;
        // [5,10] has score -2.5 but length 5: ratio 5 e^{-(2.5-0.5)/2} = 5/e (by hand).
        QVERIFY(std::fabs(d->probability[2] - d->probability[3]) < 1e-15);
        QVERIFY(std::fabs(d->probability[5] / d->probability[2] - 5.0 / std::exp(1.0)) < 1e-12);
        QVERIFY(std::fabs(d->densityAt(7.0) - d->probability[5] / 5.0) < 1e-15);
    }
    void smoothSensitivityHand() {
        // x = {1,2,3,4,5} in [0,10], median rank 3. k=0: max(x3-x2, x4-x3) = 1.
        // k=1 (damped by e^-beta): max over t of x(3+t) - x(t+1) = max(2, 2, 2) = 2.
        // k=2: max(x3-x0, x4-x1, x5-x2, x6-x3) = max(3, 3, 3, 10-3=7) = 7; k=3: x6-x2 = 8 ...
        // With a large beta (tiny delta would shrink it; here delta = 0.9 -> beta = eps / (2 ln(2.22)))
        const double eps = 10.0, delta = 0.9;
        auto m = SmoothSensitivityQuantile::create(eps, delta, 0.5, 0.0, 10.0);
        const double beta = eps / (2.0 * std::log(2.0 / delta));
        QCOMPARE(m->beta(), beta);
        const double expected =
            std::max({1.0, std::exp(-beta) * 2.0, std::exp(-2 * beta) * 7.0, std::exp(-3 * beta) * 8.0,
                      std::exp(-4 * beta) * 9.0, std::exp(-5 * beta) * 10.0});
        auto s = m->smoothSensitivity({5, 3, 1, 4, 2});
        QVERIFY(s);
        QVERIFY2(std::fabs(*s - expected) < 1e-12, qPrintable(QString("%1 vs %2").arg(*s).arg(expected)));
    }
    void rrProbabilities() {
        auto m = RandomizedResponse::create(std::log(3.0), 2);  // seed 002: p = e^eps/(e^eps+1) = 3/4
        QVERIFY(std::fabs(m->truthProbability() - 0.75) < 1e-12);
        auto k = RandomizedResponse::create(std::log(3.0), 4);  // p = 3/(3+3) = 1/2, q = 1/6
        QVERIFY(std::fabs(k->truthProbability() - 0.5) < 1e-12);
        QVERIFY(std::fabs(k->otherProbability() - 1.0 / 6.0) < 1e-12);
    }
    void rrUnbiased_data() {
        QTest::addColumn<int>("k");
        QTest::addColumn<double>("epsilon");
        QTest::newRow("binary eps 0.5") << 2 << 0.5;
        QTest::newRow("binary eps 2") << 2 << 2.0;
        QTest::newRow("4-ary eps 1") << 4 << 1.0;
    }
    void rrUnbiased() {
        // 400 independent surveys of n = 2000 with true fractions 0.3 (binary) / {0.1,0.2,0.3,0.4};
        // the mean estimate must be within 4 standard errors of the truth (sd of the mean of 400
        // estimates = mean reported standard error / 20).
        QFETCH(int, k);
        QFETCH(double, epsilon);
        auto m = RandomizedResponse::create(epsilon, std::size_t(k));
        std::vector<std::size_t> truths;
        std::vector<double> truth(std::size_t(k), 0.0);
        const int n = 2000;
        for (int i = 0; i < n; ++i) {
            std::size_t v = k == 2 ? (i < 600 ? 1 : 0) : (i < 200 ? 0 : i < 600 ? 1 : i < 1200 ? 2 : 3);
            truths.push_back(v);
            truth[v] += 1.0 / n;
        }
        SeededRandom rng(99);
        const int surveys = 400;
        std::vector<double> mean(std::size_t(k), 0.0), se(std::size_t(k), 0.0);
        for (int s = 0; s < surveys; ++s) {
            const auto e = m->estimate(m->respondAll(rng, truths));
            for (int v = 0; v < k; ++v) {
                mean[std::size_t(v)] += e.estimatedFractions[std::size_t(v)] / surveys;
                se[std::size_t(v)] += e.standardErrors[std::size_t(v)] / surveys;
            }
        }
        for (int v = 0; v < k; ++v) {
            const double tol = 4.0 * se[std::size_t(v)] / std::sqrt(double(surveys));
            QVERIFY2(std::fabs(mean[std::size_t(v)] - truth[std::size_t(v)]) < tol,
                     qPrintable(QString("category %1: mean estimate %2, truth %3, tol %4")
                                    .arg(v)
                                    .arg(mean[std::size_t(v)])
                                    .arg(truth[std::size_t(v)])
                                    .arg(tol)));
        }
    }
    void clopperPearsonGolden() {
        // Clopper-Pearson 95% for 5/20: [0.0865715, 0.4910459] (standard tables; scipy beta.ppf).
        const auto ci = stats::clopperPearson(5, 20, 0.05);
        QVERIFY(std::fabs(ci.first - 0.0865715) < 1e-6);
        QVERIFY(std::fabs(ci.second - 0.4910459) < 1e-6);
    }
    // A value a mechanism refuses to release is a true answer: the message must not show it.
    void refusalsShowNoValue() {
        SeededRandom rng(1);
        auto lap = LaplaceMechanism::create(1.0, 1.0).value();
        auto big = lap.release(rng, 3.25e200);
        QVERIFY(!big);
        QVERIFY2(big.status().message().find("3.25") == std::string::npos, big.status().message().c_str());
        auto geo = GeometricMechanism::create(1.0, 1).value();
        std::string message;  // a draw with positive noise overflows (about every other one)
        for (int i = 0; i < 64 && message.empty(); ++i)
            if (auto out = geo.release(rng, std::numeric_limits<std::int64_t>::max() - 1); !out)
                message = out.status().message();
        QVERIFY(!message.empty());
        QVERIFY2(message.find("922337") == std::string::npos, message.c_str());
    }
};

QTEST_APPLESS_MAIN(TestMechanisms)
#include "tst_mechanisms.moc"
