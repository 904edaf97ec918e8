// Report noisy max, sparse vector, sample-and-aggregate and propose-test-release: behaviour,
// errors and (labelled "statistical", seeded) empirical privacy-loss audits.
#include "veil/dp/histogram_release.h"
#include "veil/dp/propose_test_release.h"
#include "veil/dp/report_noisy_max.h"
#include "veil/dp/sample_aggregate.h"
#include "veil/dp/sparse_vector.h"

#include "sanitizer_scale.h"
#include "stat_test_util.h"

#include <QtTest/QtTest>

#include <numeric>

using namespace veil;
using namespace veil::dp;
using testutil::privacyLossLowerBound;

namespace {
constexpr auto kRuns = static_cast<std::size_t>(veil::test::repetitions(100000));
constexpr double kAlpha = 1e-6;
std::vector<std::function<bool(const double&)>> equalityEvents(int from, int to) {
    std::vector<std::function<bool(const double&)>> ev;
    for (int k = from; k <= to; ++k) ev.push_back([k](const double& x) { return x == k; });
    return ev;
}
}  // namespace

class TestMoreMechanisms : public QObject {
    Q_OBJECT
private slots:
    void reportNoisyMaxPrivacy() {
        // Counting queries (monotone): D has counts {10, 9, 3}; D' adds one record to query 1.
        const double eps = 1.0;
        auto m = ReportNoisyMax::create(eps, 1.0, true);
        QVERIFY(m);
        SeededRandom r1(1), r2(2);
        std::vector<double> a(kRuns), b(kRuns);
        for (auto& x : a) x = double(*m->select(r1, {10, 9, 3}));
        for (auto& x : b) x = double(*m->select(r2, {10, 10, 3}));
        const double loss = privacyLossLowerBound(a, b, equalityEvents(0, 2), kAlpha);
        QVERIFY2(loss <= eps, qPrintable(QString("loss %1").arg(loss)));
        QVERIFY(!m->select(r1, {}));
        QVERIFY(!ReportNoisyMax::create(0.0));
    }
    void sparseVectorPrivacy() {
        // Queries {5, 5, 5, 5} vs {6, 4, 6, 4} (each moves by <= 1), threshold 5, c = 1: the output
        // is the index of the first "above" (4 = none). Audit against eps.
        const double eps = 1.0;
        auto run = [&](std::uint64_t seed, const std::vector<double>& qs) {
            SeededRandom rng(seed);
            std::vector<double> out(kRuns);
            for (auto& o : out) {
                auto sv = SparseVector::create(rng, eps, 5.0, 1);
                o = 4;
                for (std::size_t i = 0; i < qs.size(); ++i)
                    if (*sv->isAbove(qs[i])) {
                        o = double(i);
                        break;
                    }
            }
            return out;
        };
        const auto a = run(3, {5, 5, 5, 5}), b = run(4, {6, 4, 6, 4});
        const double loss = privacyLossLowerBound(a, b, equalityEvents(0, 4), kAlpha);
        QVERIFY2(loss <= eps, qPrintable(QString("loss %1").arg(loss)));
    }
    void sparseVectorHaltsAtCutoff() {
        SeededRandom rng(5);
        auto sv = SparseVector::create(rng, 10.0, 0.0, 2);
        QVERIFY(sv);
        QVERIFY(*sv->isAbove(100.0));
        QVERIFY(!*sv->isAbove(-100.0));
        QVERIFY(*sv->isAbove(100.0));
        QVERIFY(sv->halted());
        QVERIFY(!sv->isAbove(100.0));  // halted: an error, not an answer
        QCOMPARE(SparseVector::create(rng, 1.0, 0.0, 0).status().code(), StatusCode::InvalidArgument);
        // Scales per Lyu et al. Alg. 1 with eps1 = eps2 = eps/2, D = 1, c = 3: 2 and 12 (+ snapping).
        auto s3 = SparseVector::create(rng, 1.0, 0.0, 3);
        QVERIFY(std::fabs(s3->thresholdScale() - 2.0) < 1e-9);
        QVERIFY(std::fabs(s3->queryScale() - 12.0) < 1e-9);
    }
    void sampleAndAggregateMean() {
        // 10,000 values 0..99 (mean 49.5), 20 blocks, block means clamped to [0, 100], eps 1:
        // noise scale 100 / (20 * 1) = 5; the release is within 5 ln(1e6) = 69 of 49.5 except with
        // probability 1e-6, and the block means within 10 of 49.5.
        std::vector<double> v(10000);
        for (std::size_t i = 0; i < v.size(); ++i) v[i] = double(i % 100);
        auto sa = SampleAndAggregate::create(1.0, 20, 0.0, 100.0);
        QVERIFY(sa);
        SeededRandom rng(6);
        auto r = sa->release(rng, v, [](std::span<const double> s) {
            return std::accumulate(s.begin(), s.end(), 0.0) / double(s.size());
        });
        QVERIFY(r);
        QCOMPARE(r->blockOutputs.size(), std::size_t(20));
        QVERIFY(std::fabs(r->noiseScale - 5.0) < 1e-9);
        QVERIFY(std::fabs(r->value - 49.5) < 69.0);
        for (double b : r->blockOutputs) QVERIFY(std::fabs(b - 49.5) < 10.0);
        QVERIFY(
            !sa->release(rng, {1.0, 2.0}, [](std::span<const double>) { return 0.0; }));  // fewer records than blocks
    }
    void histogramStrategiesPrivacy_data() {
        QTest::addColumn<QString>("strategy");
        QTest::newRow("identity") << "identity";
        QTest::newRow("hierarchical") << "hierarchical";
        QTest::newRow("privelet") << "privelet";
        QTest::newRow("mwem") << "mwem";
    }
    void histogramStrategiesPrivacy() {
        // D = {5, 3, 2, 0}, D' adds one record to bin 1. Events: thresholds on the bin-1 estimate
        // and on the range sum of bins 0..1 (any event of the output must respect eps).
        QFETCH(QString, strategy);
        const double eps = 1.0;
        const auto runs = veil::test::repetitions(strategy == "mwem" ? 20000 : 60000);
        HistogramRequest o;
        o.strategy = strategy.toStdString();
        o.epsilon = eps;
        if (strategy == "mwem") o.options = {{"rounds", 2}};
        o.workload = {{0, 0}, {1, 1}, {0, 1}, {2, 3}};
        auto collect = [&](std::uint64_t seed, const std::vector<double>& counts) {
            auto gate = ReleaseGate::teaching(seed);  // every release a stream of its own
            std::vector<std::pair<double, double>> out(static_cast<std::size_t>(runs));
            for (auto& x : out) {
                const auto r = releaseHistogram(gate, counts, o, RunContext{});
                x = {r->estimate[1], r->estimate[0] + r->estimate[1]};
            }
            return out;
        };
        const auto a = collect(21, {5, 3, 2, 0}), b = collect(22, {5, 4, 2, 0});
        std::vector<std::function<bool(const std::pair<double, double>&)>> ev;
        for (double t : {2.0, 3.0, 3.5, 4.0, 5.0}) {
            ev.push_back([t](const std::pair<double, double>& x) { return x.first >= t; });
            ev.push_back([t](const std::pair<double, double>& x) { return x.first <= t; });
            ev.push_back([t](const std::pair<double, double>& x) { return x.second >= t + 5; });
            ev.push_back([t](const std::pair<double, double>& x) { return x.second <= t + 5; });
        }
        const double loss = privacyLossLowerBound(a, b, ev, kAlpha);
        QVERIFY2(loss <= eps, qPrintable(QString("loss %1").arg(loss)));
    }
    void sampleAndAggregatePrivacy() {
        // Replace one record (0 -> 100) among 40; 4 blocks of block means clamped to [0, 100].
        const double eps = 1.0;
        auto sa = SampleAndAggregate::create(eps, 4, 0.0, 100.0);
        std::vector<double> d1(40, 0.0), d2(40, 0.0);
        d2[0] = 100.0;
        auto mean = [](std::span<const double> s) {
            return std::accumulate(s.begin(), s.end(), 0.0) / double(s.size());
        };
        SeededRandom r1(23), r2(24);
        std::vector<double> a(kRuns), b(kRuns);
        for (auto& x : a) x = sa->release(r1, d1, mean)->value;
        for (auto& x : b) x = sa->release(r2, d2, mean)->value;
        const double loss = privacyLossLowerBound(a, b, testutil::thresholdEvents({-20, 0, 2.5, 5, 10, 30}), kAlpha);
        QVERIFY2(loss <= eps, qPrintable(QString("loss %1").arg(loss)));
    }
    void proposeTestRelease() {
        // Stable data: 1,000 copies of 50 -> local sensitivity 0 until ~500 changes: released.
        // Unstable data: 0,0,...,100,100 split evenly -> the median can jump by 100 at once: refused.
        auto ptr = ProposeTestRelease::create(1.0, 1e-6, 1.0, 0.0, 100.0);
        QVERIFY(ptr);
        SeededRandom rng(7);
        std::vector<double> stable(1000, 50.0);
        auto r = ptr->releaseMedian(rng, stable);
        QVERIFY(r);
        QVERIFY(r->value.has_value());
        QVERIFY(r->distanceToInstability >= 499);
        std::vector<double> unstable(1000, 0.0);
        for (std::size_t i = 500; i < 1000; ++i) unstable[i] = 100.0;
        auto u = ptr->releaseMedian(rng, unstable);
        QVERIFY(u);
        QVERIFY(!u->value.has_value());
        QCOMPARE(u->distanceToInstability, 0);
        // Hand example: {1,2,3,4,5} in [0,10], b = 1.5: A(0) = 1, A(1) = 2 > 1.5 -> gamma = 1.
        auto small = ProposeTestRelease::create(1.0, 1e-6, 1.5, 0.0, 10.0);
        QCOMPARE(*small->distanceToInstability({1, 2, 3, 4, 5}), 1);
        QCOMPARE(ProposeTestRelease::create(1.0, 0.0, 1.0, 0, 1).status().code(), StatusCode::InvalidArgument);
    }
};

QTEST_APPLESS_MAIN(TestMoreMechanisms)
#include "tst_more_mechanisms.moc"
