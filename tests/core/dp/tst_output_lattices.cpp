// The outputs of releases whose noise scale or support depends on the data lie on a public
// lattice (findings of the wave-2 privacy review): a smooth-sensitivity quantile's snapping
// lattice is that of the public bound on its sensitivity, and the exponential mechanism's
// quantile is drawn among the points of a public grid. Otherwise the outputs' low bits tell two
// neighbouring data sets apart (Mironov, CCS 2012; Ilvento, CCS 2020).
#include "veil/common/random.h"
#include "veil/dp/exponential_mechanism.h"
#include "veil/dp/laplace_mechanism.h"
#include "veil/dp/output_grid.h"
#include "veil/dp/smooth_sensitivity.h"

#include <QtTest>

#include <cmath>
#include <functional>
#include <vector>

using namespace veil;
using namespace veil::dp;

namespace {

// On [0, 1024]: 2,001 equal values (a tiny smooth sensitivity, about 1e-12) and 2,001 spread
// values (about 1): old lattices 2^40 apart.
std::vector<double> clustered() { return std::vector<double>(2001, 512.0); }
std::vector<double> spread() {
    std::vector<double> v;
    for (int i = 0; i < 2001; ++i) v.push_back(1024.0 * i / 2001.0);
    return v;
}

// Every output of 200 draws on both data sets is a multiple of `step`, in [0, 1024].
void allOnLattice(const std::function<double(const std::vector<double>&, RandomSource&)>& draw, double step) {
    SeededRandom rng(11);
    for (const auto& data : {clustered(), spread()})
        for (int i = 0; i < 200; ++i) {
            const double v = draw(data, rng);
            QVERIFY2(v >= 0.0 && v <= 1024.0, qPrintable(QString::number(v, 'g', 17)));
            QVERIFY2(std::fmod(v, step) == 0.0, qPrintable(QString::number(v, 'g', 17)));
        }
}

}  // namespace

class TestOutputLattices : public QObject {
    Q_OBJECT
private slots:
    void publicLatticeByHand();
    void publicLatticeRefusesWithoutValues();
    void outputGridByHand();
    void smoothQuantileOnPublicLattice();
    void exponentialQuantileOnPublicGrid();
};

void TestOutputLattices::publicLatticeByHand() {
    // Bound 1000 at eps 1: scale about 1000, g the power of two >= 1000 * 2^-40 = 9.1e-10: 2^-30.
    for (double s : {1e-9, 0.001, 1.0, 999.0, 1000.0}) {
        auto m = LaplaceMechanism::createOnPublicLattice(1.0, s, 1000.0);
        QVERIFY2(m, m.status().message().c_str());
        QCOMPARE(m->granularity(), 0x1p-30);
        // (s + g) / eps, rounded up by at most 2^-40 of itself or g / 2^12.
        const double widened = s + 0x1p-30;
        QVERIFY2(m->scale() >= widened && m->scale() <= widened + std::max(widened * 0x1p-40, 0x1p-42),
                 qPrintable(QString::number(m->scale(), 'g', 17)));
    }
    // The plain mechanism takes its own lattice: the contrast the public one removes.
    QCOMPARE(LaplaceMechanism::create(1.0, 0.001).value().granularity(), 0x1p-50);
}

void TestOutputLattices::publicLatticeRefusesWithoutValues() {
    auto m = LaplaceMechanism::createOnPublicLattice(1.0, 1234.5, 1000.0);
    QVERIFY(!m);
    QVERIFY2(m.status().message().find("1234") == std::string::npos, m.status().message().c_str());
}

void TestOutputLattices::outputGridByHand() {
    const OutputGrid unit(0.0, 1024.0);  // 1024 * 2^-40 = 2^-30
    QCOMPARE(unit.step(), 0x1p-30);
    QCOMPARE(unit.countIn(0.0, 1.0), std::uint64_t(1) << 30);
    QCOMPARE(unit.countIn(0.5, 0.5), std::uint64_t(0));
    QCOMPARE(unit.countIn(0x1p-31, 0x1p-30), std::uint64_t(0));  // [2^-31, 2^-30) holds no point
    QCOMPARE(unit.countIn(0x1p-31, 0x1.8p-30), std::uint64_t(1));
    // Far from zero the doubles set the step: 1e9 * 2^-52 = 2.2e-7 -> 2^-22 (the range's 2^-40 is smaller).
    QCOMPARE(OutputGrid(1e9, 1e9 + 1.0).step(), 0x1p-22);
    SeededRandom rng(3);
    for (int i = 0; i < 100; ++i) {
        const double v = unit.uniformIn(rng, 0.25, 0.75);
        QVERIFY(v >= 0.25 && v < 0.75 && std::fmod(v, 0x1p-30) == 0.0);
    }
}

void TestOutputLattices::smoothQuantileOnPublicLattice() {
    // Sensitivity at most 1024 at eps / 2 = 0.5: scale 2048, lattice 2048 * 2^-40 = 2^-29.
    auto q = SmoothSensitivityQuantile::create(1.0, 1e-6, 0.5, 0.0, 1024.0).value();
    allOnLattice([&](const std::vector<double>& data, RandomSource& rng) { return q.release(rng, data).value(); },
                 0x1p-29);
}

void TestOutputLattices::exponentialQuantileOnPublicGrid() {
    auto q = ExponentialQuantile::create(1.0, 0.5, 0.0, 1024.0).value();
    allOnLattice([&](const std::vector<double>& data, RandomSource& rng) { return q.release(rng, data).value(); },
                 0x1p-30);
}

QTEST_APPLESS_MAIN(TestOutputLattices)
#include "tst_output_lattices.moc"
