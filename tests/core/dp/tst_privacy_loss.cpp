// Empirical privacy-loss audits (labelled "statistical"; fixed seeds). For each mechanism we run
// it 200,000 times on each of two neighbouring inputs and bound, with Clopper-Pearson intervals
// (alpha = 1e-6 per bound), the log ratio of event probabilities from below. A correct mechanism
// keeps this lower bound <= epsilon; the power check shows a mechanism with half the noise fails.
#include "veil/dp/exponential_mechanism.h"
#include "veil/dp/gaussian_mechanism.h"
#include "veil/dp/geometric_mechanism.h"
#include "veil/dp/laplace_mechanism.h"
#include "veil/dp/randomized_response.h"
#include "dp/detail/samplers.h"
#include "veil/dp/smooth_sensitivity.h"

#include "sanitizer_scale.h"
#include "stat_test_util.h"

#include <QtTest/QtTest>

using namespace veil;
using namespace veil::dp;
using testutil::privacyLossLowerBound;
using testutil::thresholdEvents;

namespace {
constexpr auto kRuns = static_cast<int>(veil::test::repetitions(200000));
constexpr double kAlpha = 1e-6;

template <typename F>
std::vector<double> run(std::uint64_t seed, F&& f) {
    SeededRandom rng(seed);
    std::vector<double> out(kRuns);
    for (auto& x : out) x = f(rng);
    return out;
}

std::vector<std::function<bool(const double&)>> equalityEvents(int from, int to) {
    std::vector<std::function<bool(const double&)>> ev;
    for (int k = from; k <= to; ++k) ev.push_back([k](const double& x) { return x == k; });
    return ev;
}
}  // namespace

class TestPrivacyLoss : public QObject {
    Q_OBJECT
private slots:
    void laplace() {
        const double eps = 1.0;
        auto m = LaplaceMechanism::create(eps, 1.0);
        QVERIFY(m);
        auto a = run(1, [&](RandomSource& r) { return *m->release(r, 0.0); });
        auto b = run(2, [&](RandomSource& r) { return *m->release(r, 1.0); });
        const double loss = privacyLossLowerBound(a, b, thresholdEvents({-1, 0, 0.5, 1, 2, 3}), kAlpha);
        QVERIFY2(loss <= eps, qPrintable(QString("loss lower bound %1 > epsilon %2").arg(loss).arg(eps)));
        QVERIFY(loss > 0.8 * eps);  // the audit is tight enough to see most of epsilon
    }
    void powerCheckHalfNoiseIsCaught() {
        // "Not differentially private" double: Laplace with scale 1/(2 eps) claimed as eps-DP.
        const double eps = 1.0;
        auto a = run(3, [&](RandomSource& r) { return *detail::addSnappedLaplace(r, 0.0, 0.5 / eps); });
        auto b = run(4, [&](RandomSource& r) { return *detail::addSnappedLaplace(r, 1.0, 0.5 / eps); });
        const double loss = privacyLossLowerBound(a, b, thresholdEvents({-1, 0, 0.5, 1, 2, 3}), kAlpha);
        QVERIFY2(loss > eps, qPrintable(QString("loss lower bound %1").arg(loss)));
    }
    void geometric() {
        const double eps = 0.7;
        auto m = GeometricMechanism::create(eps, 1);
        QVERIFY(m);
        auto a = run(5, [&](RandomSource& r) { return double(*m->release(r, 5)); });
        auto b = run(6, [&](RandomSource& r) { return double(*m->release(r, 6)); });
        const double loss = privacyLossLowerBound(a, b, thresholdEvents({2, 4, 5, 6, 7, 9}), kAlpha);
        QVERIFY2(loss <= eps, qPrintable(QString("loss %1").arg(loss)));
    }
    void truncatedGeometric() {
        const double eps = 1.0;
        auto m = TruncatedGeometricMechanism::create(eps, 5);
        QVERIFY(m);
        auto a = run(7, [&](RandomSource& r) { return double(*m->release(r, 0)); });
        auto b = run(8, [&](RandomSource& r) { return double(*m->release(r, 1)); });
        const double loss = privacyLossLowerBound(a, b, equalityEvents(0, 5), kAlpha);
        QVERIFY2(loss <= eps, qPrintable(QString("loss %1").arg(loss)));
        // Output PMF matches the samples (each cell within 5 binomial sd).
        const auto pmf = m->outputPmf(0);
        for (int k = 0; k <= 5; ++k) {
            const double p = pmf[std::size_t(k)];
            const double seen = double(std::count(a.begin(), a.end(), double(k))) / kRuns;
            QVERIFY2(std::fabs(seen - p) <= 5.0 * std::sqrt(p * (1 - p) / kRuns) + 1e-9,
                     qPrintable(QString("cell %1: %2 vs %3").arg(k).arg(seen).arg(p)));
        }
    }
    void gaussian() {
        const double eps = 1.0, delta = 1e-5;
        auto m = GaussianMechanism::create(eps, delta, 1.0);
        QVERIFY(m);
        auto a = run(9, [&](RandomSource& r) { return *m->release(r, 0.0); });
        auto b = run(10, [&](RandomSource& r) { return *m->release(r, 1.0); });
        const double loss = privacyLossLowerBound(a, b, thresholdEvents({-4, 0, 0.5, 1, 4, 8}), kAlpha, delta);
        QVERIFY2(loss <= eps, qPrintable(QString("loss %1").arg(loss)));
    }
    void exponentialFinite() {
        const double eps = 1.0;
        auto m = ExponentialMechanism::create(eps, 1.0);
        QVERIFY(m);
        const std::vector<double> d1{3, 1, 0}, d2{2, 2, 0};  // each score moves by at most 1
        auto a = run(11, [&](RandomSource& r) { return double(*m->select(r, d1)); });
        auto b = run(12, [&](RandomSource& r) { return double(*m->select(r, d2)); });
        const double loss = privacyLossLowerBound(a, b, equalityEvents(0, 2), kAlpha);
        QVERIFY2(loss <= eps, qPrintable(QString("loss %1").arg(loss)));
    }
    void exponentialMedian() {
        const double eps = 1.0;
        auto m = ExponentialQuantile::create(eps, 0.5, 0.0, 10.0);
        QVERIFY(m);
        const std::vector<double> d1{1, 2, 3, 4, 5, 6, 7, 8, 9};
        std::vector<double> d2 = d1;
        d2.push_back(9.5);  // add one record
        auto a = run(13, [&](RandomSource& r) { return *m->release(r, d1); });
        auto b = run(14, [&](RandomSource& r) { return *m->release(r, d2); });
        const double loss = privacyLossLowerBound(a, b, thresholdEvents({2, 4, 4.5, 5, 5.5, 6, 8}), kAlpha);
        QVERIFY2(loss <= eps, qPrintable(QString("loss %1").arg(loss)));
    }
    void randomizedResponseBinary() {
        const double eps = 1.0;
        auto m = RandomizedResponse::create(eps, 2);
        QVERIFY(m);
        auto a = run(15, [&](RandomSource& r) { return double(m->respond(r, 0)); });
        auto b = run(16, [&](RandomSource& r) { return double(m->respond(r, 1)); });
        const double loss = privacyLossLowerBound(a, b, equalityEvents(0, 1), kAlpha);
        QVERIFY2(loss <= eps, qPrintable(QString("loss %1").arg(loss)));
        QVERIFY(loss > 0.9 * eps);  // RR is tight: the event "report 1" has ratio exactly e^eps
    }
    void randomizedResponseKary() {
        const double eps = 1.0;
        auto m = RandomizedResponse::create(eps, 4);
        QVERIFY(m);
        auto a = run(17, [&](RandomSource& r) { return double(m->respond(r, 0)); });
        auto b = run(18, [&](RandomSource& r) { return double(m->respond(r, 3)); });
        const double loss = privacyLossLowerBound(a, b, equalityEvents(0, 3), kAlpha);
        QVERIFY2(loss <= eps, qPrintable(QString("loss %1").arg(loss)));
    }
    void smoothSensitivityMedian() {
        const double eps = 1.0, delta = 1e-3;
        auto m = SmoothSensitivityQuantile::create(eps, delta, 0.5, 0.0, 10.0);
        QVERIFY(m);
        const std::vector<double> d1{1, 2, 3, 4, 5, 6, 7}, d2{1, 2, 3, 5, 5, 6, 7};  // replace 4 by 5
        auto a = run(19, [&](RandomSource& r) { return *m->release(r, d1); });
        auto b = run(20, [&](RandomSource& r) { return *m->release(r, d2); });
        const double loss = privacyLossLowerBound(a, b, thresholdEvents({2, 3, 4, 4.5, 5, 6, 8}), kAlpha, delta);
        QVERIFY2(loss <= eps, qPrintable(QString("loss %1").arg(loss)));
    }
};

QTEST_APPLESS_MAIN(TestPrivacyLoss)
#include "tst_privacy_loss.moc"
