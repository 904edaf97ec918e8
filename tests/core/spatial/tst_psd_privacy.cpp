// Findings of the wave-2 privacy review on kd-tree splits: a smooth-sensitivity median's outputs
// take the lattice of its public bound (hi - lo), an exponential-mechanism median's the points of
// [lo, hi)'s public grid, and a tree's smooth medians are charged every level's delta.
#include "veil/common/random.h"
#include "veil/spatial/decomposition.h"
#include "veil/spatial/private_median.h"
#include "veil/spatial/psd_release.h"

#include <QtTest>

#include <cmath>
#include <vector>

using namespace veil;
using namespace veil::spatial;

namespace {
// Sorted on [0, 1024]: equal values (tiny smooth sensitivity) and spread ones (about 1).
std::vector<std::vector<double>> dataSets() {
    std::vector<double> spread;
    for (int i = 0; i < 2001; ++i) spread.push_back(1024.0 * i / 2001.0);
    return {std::vector<double>(2001, 512.0), spread};
}
}  // namespace

class TestPsdPrivacy : public QObject {
    Q_OBJECT
private slots:
    void mediansOnPublicLattices_data();
    void mediansOnPublicLattices();
    void smoothMediansChargeEveryLevel_data();
    void smoothMediansChargeEveryLevel();
};

void TestPsdPrivacy::mediansOnPublicLattices_data() {
    QTest::addColumn<bool>("smooth");
    QTest::addColumn<double>("step");
    // Smooth: sensitivity at most 1024 at eps / 2 = 0.5, scale 2048: lattice 2^(11 - 40).
    QTest::newRow("smooth sensitivity") << true << 0x1p-29;
    // EM: [0, 1024)'s grid, 1024 * 2^-40.
    QTest::newRow("exponential mechanism") << false << 0x1p-30;
}

void TestPsdPrivacy::mediansOnPublicLattices() {
    QFETCH(bool, smooth);
    QFETCH(double, step);
    SeededRandom rng(7);
    for (const auto& sorted : dataSets())
        for (int i = 0; i < 200; ++i) {
            const double v = (smooth ? smoothSensitivityMedian(sorted, 0.0, 1024.0, 1.0, 1e-6, rng)
                                     : exponentialMechanismMedian(sorted, 0.0, 1024.0, 1.0, rng))
                                 .value();
            QVERIFY2(v >= 0.0 && v <= 1024.0 && std::fmod(v, step) == 0.0, qPrintable(QString::number(v, 'g', 17)));
        }
}

void TestPsdPrivacy::smoothMediansChargeEveryLevel_data() {
    QTest::addColumn<QString>("kind");
    QTest::addColumn<double>("delta");
    QTest::addColumn<int>("height");
    QTest::addColumn<bool>("refused");
    QTest::newRow("kd, 0.01 x 12 levels") << "kd" << 0.01 << 12 << false;
    QTest::newRow("kd, 0.05 x 12 levels = 0.6") << "kd" << 0.05 << 12 << true;
    QTest::newRow("hybrid, 0.2 x its kd levels") << "hybrid" << 0.2 << 8 << true;
    QTest::newRow("kd, 0.5 x 1 level") << "kd" << 0.5 << 1 << false;
}

void TestPsdPrivacy::smoothMediansChargeEveryLevel() {
    QFETCH(QString, kind);
    QFETCH(double, delta);
    QFETCH(int, height);
    QFETCH(bool, refused);
    PsdRequest request;
    request.kind = kind.toStdString();
    request.options = {{"median", "smooth"}, {"delta", delta}, {"height", height}};
    auto plan = planDecomposition(request);
    if (refused) {
        QVERIFY(!plan);
        QVERIFY2(plan.status().message().find("options.delta") != std::string::npos, plan.status().message().c_str());
        return;
    }
    QVERIFY2(plan, plan.status().message().c_str());
    const int levels = kdLevelCount(plan->tree);
    QVERIFY(levels >= 1);
    QCOMPARE(plan->cost.delta, delta * levels);
    // The build reports what the plan charged.
    std::vector<double> x, y;
    SeededRandom data(2);
    for (int i = 0; i < 500; ++i) x.push_back(16.0 * data.uniform01()), y.push_back(16.0 * data.uniform01());
    const PointSet points = makePointSet(std::move(x), std::move(y), Rect{0, 0, 16, 16}).value();
    auto gate = dp::ReleaseGate::teaching(5);
    auto psd = releaseDecomposition(gate, points, request, RunContext{});
    QVERIFY2(psd, psd.status().message().c_str());
    QCOMPARE(psd->privacy.delta, plan->cost.delta);
}

QTEST_GUILESS_MAIN(TestPsdPrivacy)
#include "tst_psd_privacy.moc"
