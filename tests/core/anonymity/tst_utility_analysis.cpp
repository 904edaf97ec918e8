// Utility analysis on tables small enough to work out by hand.
#include "test_support.h"
#include "veil/anonymity/utility_analysis.h"

#include <QtTest/QtTest>

using namespace veil::anonymity;
using testsupport::textTable;

class TestUtilityAnalysis : public QObject {
    Q_OBJECT
private Q_SLOTS:
    // Original pairs (1,x) x3 and (2,x) x1, all released as (1-2,x): the released cell is spread
    // evenly, 2 and 2, against 3 and 1, so TVD = (|3-2| + |1-2|) / (2 * 4) = 0.25. Released without
    // generalization: 0.
    void contingencyDistanceByHand() {
        const auto original = textTable({"a", "b"}, {{"1", "x"}, {"1", "x"}, {"1", "x"}, {"2", "x"}});
        const auto released = textTable({"a", "b"}, {{"1-2", "x"}, {"1-2", "x"}, {"1-2", "x"}, {"1-2", "x"}});
        auto d = contingencyDistance(original, released, "a", "b");
        QVERIFY(d);
        QCOMPARE(*d, 0.25);
        QCOMPARE(*contingencyDistance(original, original, "a", "b"), 0.0);
    }

    // 20 rows: the target is "yes" exactly when a = p (12 rows). From the original a, naive Bayes is
    // always right; from a released as "*" it can only predict the majority, like ZeroR (12/20).
    void accuracyByHand() {
        std::vector<std::vector<std::string>> rows, suppressed;
        for (int i = 0; i < 20; ++i) {
            const bool yes = i % 5 != 0 && i % 5 != 3;  // 12 of 20
            rows.push_back({yes ? "p" : "q", yes ? "yes" : "no"});
            suppressed.push_back({"*", yes ? "yes" : "no"});
        }
        const auto original = textTable({"a", "t"}, rows), released = textTable({"a", "t"}, suppressed);
        auto acc = classificationAccuracy(original, released, {"a"}, "t");
        QVERIFY2(acc, acc.status().message().c_str());
        QCOMPARE(acc->original, 1.0);
        QCOMPARE(acc->zeroR, 0.6);
        QCOMPARE(acc->released, 0.6);
        auto utility = attributeUtility(original, released, {"a"});
        QVERIFY(utility);
        QCOMPARE((*utility)[0].distinctBefore, std::size_t(2));
        QCOMPARE((*utility)[0].distinctAfter, std::size_t(0));  // "*", Veil's suppressed token, is no value
        QCOMPARE((*utility)[0].suppressedAfter, std::size_t(20));
        // H(0.6, 0.4) = 0.970950594... bits; one value after: 0.
        QVERIFY(std::abs((*utility)[0].entropyBefore - 0.9709505944546686) < 1e-12);
        QCOMPARE((*utility)[0].entropyAfter, 0.0);
    }

    void refusesBadInput() {
        const auto t = textTable({"a", "b"}, {{"1", "x"}, {"2", "y"}});
        const auto shorter = textTable({"a", "b"}, {{"1", "x"}});
        auto misaligned = contingencyDistance(t, shorter, "a", "b");
        QVERIFY(!misaligned);
        QVERIFY(misaligned.status().message().find("aligned") != std::string::npos);
        QVERIFY(!classificationAccuracy(t, t, {"a"}, "nope"));
        QVERIFY(!classificationAccuracy(t, t, {"b"}, "b"));
        QVERIFY(!attributeUtility(t, t, {"zzz"}));
    }
};

QTEST_APPLESS_MAIN(TestUtilityAnalysis)
#include "tst_utility_analysis.moc"
