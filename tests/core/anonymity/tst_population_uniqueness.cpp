// Population uniqueness models on a sample whose class sizes are given and on adult's quasi-
// identifiers, checked against an independent computation (tests/core/anonymity/
// population_uniqueness_reference.py, run with --adult for the adult rows: Zayatz with exact
// rationals, Pitman by maximising the log-likelihood directly, SNB by Newton on the original moment
// equations with probabilities summed term by term), and Pitman also against ARX 3.9.2's own
// RiskModelPopulationUniqueness (tests/core/anonymity/arx_population_uniqueness.sh; ARX's Zayatz
// equals the reference's to 1e-15; its SNB never solves, see docs/algorithms/reidentification_risk.md).
#include "test_support.h"
#include "veil/anonymity/population_uniqueness.h"
#include "veil/anonymity/risk.h"

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

std::vector<std::size_t> adultClassSizes() {
    static const std::vector<std::size_t> sizes = [] {
        const veil::Table t = testsupport::readTable(std::string(VEIL_SAMPLES_DIR) + "/adult.csv");
        auto s = classSizes(t, {"age", "sex", "race", "marital-status", "education"});
        if (!s) qFatal("%s", s.status().message().c_str());
        return *s;
    }();
    return sizes;
}

// |actual - expected| <= tolerance * |expected|, printing both.
#define VERIFY_RELATIVE(actual, expected, tolerance)                            \
    QVERIFY2(std::abs((actual) - (expected)) <= (tolerance)*std::abs(expected), \
             qPrintable(QStringLiteral("%1 vs reference %2").arg(actual, 0, 'g', 17).arg(expected, 0, 'g', 17)))

}  // namespace

class TestPopulationUniqueness : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void matchesTheReference_data() {
        QTest::addColumn<std::size_t>("population");
        QTest::addColumn<double>("zayatz");
        QTest::addColumn<double>("pitman");
        QTest::addColumn<double>("snb");
        QTest::addColumn<double>("snbAlpha");
        QTest::addColumn<double>("snbBeta");
        QTest::addColumn<double>("snbClasses");
        QTest::addColumn<QString>("dankarModel");
        QTest::addColumn<double>("arxPitman");
        // Above a sampling fraction of 0.1 the rule takes the smaller of Zayatz and SNB.
        QTest::newRow("f=0.189: SNB below Zayatz")
            << std::size_t(1000) << 201.63972175927302 << 208.4680826074027 << 197.77816006051125 << 0.11853294570186729
            << 0.07218246891493638 << 270.0796000263628 << "snb" << 208.468082842733;
        QTest::newRow("f=0.0189: Pitman")
            << std::size_t(10000) << 1276.1964739096995 << 1101.2212927826206 << 753.7480534877484
            << 0.09817605672293792 << 0.02618638070175976 << 1077.7879289703433 << "pitman" << 1101.22129402411;
        QTest::newRow("f=0.945: Zayatz below SNB")
            << std::size_t(200) << 62.299623755299756 << 65.13277310999689 << 62.30675250391177 << 0.2241151127755618
            << 0.25734900397800453 << 84.45899983286407 << "zayatz" << 65.1327731835898;
    }
    void matchesTheReference() {
        QFETCH(std::size_t, population);
        QFETCH(double, zayatz);
        QFETCH(double, pitman);
        QFETCH(double, snb);
        QFETCH(double, snbAlpha);
        QFETCH(double, snbBeta);
        QFETCH(double, snbClasses);
        QFETCH(QString, dankarModel);
        QFETCH(double, arxPitman);
        auto r = estimatePopulationUniqueness(sample(), population);
        QVERIFY(r);
        QCOMPARE(r->sampleSize, std::size_t(189));
        QCOMPARE(r->sampleUniques, std::size_t(60));
        QVERIFY(r->zayatz && r->pitman && r->snb && r->dankar && r->dankarModel);
        // Zayatz: core's binomials go through lgamma differences of ~1e3, a few ulps each.
        VERIFY_RELATIVE(*r->zayatz, zayatz, 1e-11);
        // Pitman: the likelihood is flat along a ridge in (theta, alpha); the reference's direct search
        // stops within ~1.1e-7 of the estimate (core agrees with ARX 3.9 to 1e-9).
        VERIFY_RELATIVE(*r->pitman, pitman, 5e-7);
        VERIFY_RELATIVE(*r->pitman, arxPitman, 1e-9);  // ARX solves the same equations to ~1e-10
        // SNB: both sides solve to ~1e-13 in alpha; K is a closed form.
        VERIFY_RELATIVE(r->snbClasses, snbClasses, 1e-12);
        VERIFY_RELATIVE(r->snbAlpha, snbAlpha, 1e-9);
        VERIFY_RELATIVE(r->snbBeta, snbBeta, 1e-9);
        VERIFY_RELATIVE(*r->snb, snb, 1e-9);
        QCOMPARE(QString::fromLatin1(uniquenessModelName(*r->dankarModel)), dankarModel);
        const double chosen = dankarModel == "snb" ? snb : dankarModel == "pitman" ? pitman : zayatz;
        VERIFY_RELATIVE(*r->dankar, chosen, 1e-6);
    }

    void pitmanParameters() {
        auto r = estimatePopulationUniqueness(sample(), 1000);
        QVERIFY(r && r->pitman);
        QVERIFY2(std::abs(r->pitmanTheta - 3.120051622390747) < 1e-6, qPrintable(QString::number(r->pitmanTheta)));
        QVERIFY2(std::abs(r->pitmanAlpha - 0.7228350281715393) < 1e-7, qPrintable(QString::number(r->pitmanAlpha)));
    }

    // adult (30162 records) on age, sex, race, marital-status, education: 6072 classes, 3187 of them
    // unique, 908 of size 2, as if sampled at 1%, 10%, 50% and 75% of a population.
    void adult_data() {
        QTest::addColumn<std::size_t>("population");
        QTest::addColumn<double>("zayatz");
        QTest::addColumn<double>("pitman");
        QTest::addColumn<double>("snb");
        QTest::addColumn<QString>("dankarModel");
        QTest::addColumn<double>("arxPitman");
        QTest::newRow("f=0.01") << std::size_t(3016200) << 44688.792877767475 << 27551.84287076266 << 10506.51206889622
                                << "pitman" << 27551.8459074681;
        QTest::newRow("f=0.1") << std::size_t(301620) << 9717.593217784075 << 9489.752331704038 << 8162.058558068191
                               << "pitman" << 9489.75335759940;
        QTest::newRow("f=0.5") << std::size_t(60324) << 4331.598054135463 << 4505.101876624944 << 4407.164163366964
                               << "zayatz" << 4505.10235700029;
        QTest::newRow("f=0.75") << std::size_t(40216) << 3613.6923048523813 << 3734.158229434512 << 3620.84274241006
                                << "zayatz" << 3734.15862621584;
    }
    void adult() {
        QFETCH(std::size_t, population);
        QFETCH(double, zayatz);
        QFETCH(double, pitman);
        QFETCH(double, snb);
        QFETCH(QString, dankarModel);
        QFETCH(double, arxPitman);
        auto r = estimatePopulationUniqueness(adultClassSizes(), population);
        QVERIFY(r);
        QCOMPARE(r->sampleSize, std::size_t(30162));
        QCOMPARE(r->sampleUniques, std::size_t(3187));
        QVERIFY(r->zayatz && r->pitman && r->snb && r->dankarModel);
        // lgamma differences of ~2e5 here: ~1e-10 relative.
        VERIFY_RELATIVE(*r->zayatz, zayatz, 1e-9);
        VERIFY_RELATIVE(*r->pitman, pitman, 5e-7);
        VERIFY_RELATIVE(*r->pitman, arxPitman, 1e-9);
        VERIFY_RELATIVE(*r->snb, snb, 1e-9);
        QCOMPARE(QString::fromLatin1(uniquenessModelName(*r->dankarModel)), dankarModel);
    }

    // SNB needs sample classes of sizes 1 and 2 in proportions that some alpha > 0, 0 < beta < 1
    // produce: otherwise it does not apply, and above a sampling fraction of 0.1 the rule falls back
    // on Zayatz.
    void snbDoesNotApply_data() {
        QTest::addColumn<std::vector<std::size_t>>("sizes");
        QTest::addColumn<std::size_t>("population");
        // The reference finds no solution for these either.
        QTest::newRow("no class of size 2") << std::vector<std::size_t>{1, 1, 1, 3, 4, 5} << std::size_t(20);
        QTest::newRow("pairs as common as uniques") << std::vector<std::size_t>{1, 1, 2, 2, 3} << std::size_t(18);
        QTest::newRow("no sample unique") << std::vector<std::size_t>{2, 2, 3} << std::size_t(20);
    }
    void snbDoesNotApply() {
        QFETCH(std::vector<std::size_t>, sizes);
        QFETCH(std::size_t, population);
        auto r = estimatePopulationUniqueness(sizes, population);
        QVERIFY(r);
        QVERIFY(!r->snb);
        QVERIFY(r->dankar);
        if (r->sampleUniques == 0) {
            QCOMPARE(*r->dankar, 0.0);
            QVERIFY(!r->dankarModel);
        } else {
            QVERIFY(r->dankarModel && *r->dankarModel == UniquenessModel::Zayatz);
            QCOMPARE(*r->dankar, *r->zayatz);
        }
    }

    // A census: every sample unique is a population unique (no class of two or more can leave
    // exactly one record when everything is sampled).
    void censusKeepsEverySampleUnique() {
        auto r = estimatePopulationUniqueness(sample(), 189);
        QVERIFY(r);
        QVERIFY(r->zayatz);
        QVERIFY(std::abs(*r->zayatz - 60.0) < 1e-9);
    }

    // The larger the share of the population sampled, the larger the share of the sample uniques
    // that Zayatz counts as population uniques: zayatz * n / N grows with the sampling fraction.
    void zayatzShareGrowsWithTheSamplingFraction() {
        double previous = 0;
        for (std::size_t N : {100000u, 10000u, 1000u, 400u}) {
            auto r = estimatePopulationUniqueness(sample(), N);
            QVERIFY(r && r->zayatz);
            const double share = *r->zayatz * 189.0 / double(N);
            QVERIFY2(share > previous, qPrintable(QString::number(N)));
            previous = share;
        }
    }

    void refusesBadInput() {
        QVERIFY(!estimatePopulationUniqueness({}, 10));
        QVERIFY(!estimatePopulationUniqueness({0, 0}, 10));
        auto small = estimatePopulationUniqueness(sample(), 100);
        QVERIFY(!small);
        QVERIFY(small.status().message().find("smaller than the sample") != std::string::npos);
        // No sample uniques: nothing to estimate for Pitman or SNB, and Zayatz says none.
        auto none = estimatePopulationUniqueness({2, 3, 4}, 100);
        QVERIFY(none);
        QVERIFY(!none->pitman);
        QVERIFY(!none->snb);
        QCOMPARE(*none->zayatz, 0.0);
    }
};

QTEST_APPLESS_MAIN(TestPopulationUniqueness)
#include "tst_population_uniqueness.moc"
