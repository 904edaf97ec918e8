// Population uniqueness models on a sample whose class sizes are given, checked against an
// independent computation (tests/core/anonymity/population_uniqueness_reference.py: Zayatz with
// exact binomials, Pitman by maximising the log-likelihood directly by pattern search).
#include "veil/anonymity/population_uniqueness.h"

#include <QtTest/QtTest>

using namespace veil::anonymity;

namespace {

// 60 classes of size 1, 10 of size 2, 5 of size 3, 2 of 4, 2 of 8, one of 20, one of 50: n = 189.
std::vector<std::size_t> sample() {
    std::vector<std::size_t> sizes;
    for (auto [size, classes] : {std::pair{1, 60}, {2, 10}, {3, 5}, {4, 2}, {8, 2}, {20, 1}, {50, 1}})
        for (int i = 0; i < classes; ++i) sizes.push_back(std::size_t(size));
    return sizes;
}

}  // namespace

class TestPopulationUniqueness : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void matchesTheReference() {
        auto r = estimatePopulationUniqueness(sample(), 1000);
        QVERIFY(r);
        QCOMPARE(r->sampleSize, std::size_t(189));
        QCOMPARE(r->sampleUniques, std::size_t(60));
        QVERIFY(std::abs(r->samplingFraction - 0.189) < 1e-12);
        QVERIFY(r->zayatz);
        QVERIFY2(std::abs(*r->zayatz - 38.1099074125026) < 1e-9, qPrintable(QString::number(*r->zayatz, 'g', 17)));
        QVERIFY(r->pitman);
        QVERIFY2(std::abs(r->pitmanTheta - 3.120051585137844) < 1e-6, qPrintable(QString::number(r->pitmanTheta)));
        QVERIFY2(std::abs(r->pitmanAlpha - 0.7228350400924682) < 1e-7, qPrintable(QString::number(r->pitmanAlpha)));
        QVERIFY2(std::abs(*r->pitman - 208.4680961513773) < 1e-4, qPrintable(QString::number(*r->pitman, 'g', 17)));
    }

    // A census: every sample unique is a population unique (no class of two or more can leave
    // exactly one record when everything is sampled).
    void censusKeepsEverySampleUnique() {
        auto r = estimatePopulationUniqueness(sample(), 189);
        QVERIFY(r);
        QVERIFY(r->zayatz);
        QVERIFY(std::abs(*r->zayatz - 60.0) < 1e-9);
    }

    // The larger the share of the population sampled, the more of the sample uniques are population
    // uniques under Zayatz: the estimate grows with the sampling fraction.
    void zayatzGrowsWithTheSamplingFraction() {
        double previous = 0;
        for (std::size_t N : {100000u, 10000u, 1000u, 400u}) {
            auto r = estimatePopulationUniqueness(sample(), N);
            QVERIFY(r && r->zayatz);
            QVERIFY2(*r->zayatz > previous, qPrintable(QString::number(N)));
            previous = *r->zayatz;
        }
    }

    void refusesBadInput() {
        QVERIFY(!estimatePopulationUniqueness({}, 10));
        QVERIFY(!estimatePopulationUniqueness({0, 0}, 10));
        auto small = estimatePopulationUniqueness(sample(), 100);
        QVERIFY(!small);
        QVERIFY(small.status().message().find("smaller than the sample") != std::string::npos);
        // No sample uniques: nothing to estimate for Pitman, and Zayatz says none.
        auto none = estimatePopulationUniqueness({2, 3, 4}, 100);
        QVERIFY(none);
        QVERIFY(!none->pitman);
        QCOMPARE(*none->zayatz, 0.0);
    }
};

QTEST_APPLESS_MAIN(TestPopulationUniqueness)
#include "tst_population_uniqueness.moc"
