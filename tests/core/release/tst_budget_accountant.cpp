// Composition rules and budget refusal of the BudgetAccountant.
#include "veil/release/budget_accountant.h"

#include <QtTest/QtTest>

#include <cmath>
#include <limits>

using namespace veil;
using namespace veil::release;

class TestBudgetAccountant : public QObject {
    Q_OBJECT
private slots:
    void sequentialAndParallel() {
        const auto s = sequentialComposition({{0.5, 0.0}, {0.25, 1e-6}});
        QCOMPARE(s.epsilon, 0.75);
        QCOMPARE(s.delta, 1e-6);
        const auto p = parallelComposition({{0.5, 0.0}, {0.25, 1e-6}});
        QCOMPARE(p.epsilon, 0.5);
        QCOMPARE(p.delta, 1e-6);
    }
    void advancedGolden() {
        // python3: sqrt(200*log(1e6))*0.1 + 100*0.1*expm1(0.1) = 6.308230950513408
        const auto a = advancedComposition(0.1, 1e-7, 100, 1e-6);
        QVERIFY(std::fabs(a.epsilon - 6.308230950513408) < 1e-12);
        QVERIFY(std::fabs(a.delta - (100 * 1e-7 + 1e-6)) < 1e-18);
    }
    void refusesOverBudget() {
        auto acc = BudgetAccountant::create({1.0, 0.0});
        QVERIFY(acc);
        QVERIFY(acc->spend({0.6, 0.0}).isOk());
        const Status refused = acc->spend({0.5, 0.0});
        QCOMPARE(refused.code(), StatusCode::BudgetExceeded);
        QVERIFY2(refused.message().find("refused") != std::string::npos, refused.message().c_str());
        QCOMPARE(acc->spent().epsilon, 0.6);        // nothing recorded
        QVERIFY(acc->spend({0.4, 0.0}).isOk());     // exactly at the budget is allowed
        QCOMPARE(acc->spend({1e-9, 0.0}).code(), StatusCode::BudgetExceeded);
        QCOMPARE(acc->spend({0.0, 1e-9}).code(), StatusCode::BudgetExceeded);  // no delta budget
    }
    void parallelGroupsCountOnce() {
        auto acc = BudgetAccountant::create({1.0, 0.0});
        QVERIFY(acc->spend({0.8, 0.0}, "age bins").isOk());
        QVERIFY(acc->spend({0.8, 0.0}, "age bins").isOk());  // disjoint partition of the same data
        QCOMPARE(acc->spent().epsilon, 0.8);
        QCOMPARE(acc->spend({0.3, 0.0}).code(), StatusCode::BudgetExceeded);
    }
    void advancedAllowsMoreReleases() {
        // Total eps 7: basic composition admits 70 releases at 0.1; advanced (delta' = 1e-6)
        // admits 100 (6.308 by the golden value above), at the price of delta' = 1e-6.
        auto basic = BudgetAccountant::create({7.0, 1e-5});
        auto adv = BudgetAccountant::create({7.0, 1e-5}, CompositionRule::Advanced, 1e-6);
        int nb = 0, na = 0;
        while (basic->spend({0.1, 0.0}).isOk()) ++nb;
        while (adv->spend({0.1, 0.0}).isOk() && na < 1000) ++na;
        QCOMPARE(nb, 70);
        QVERIFY2(na >= 100, qPrintable(QString::number(na)));
    }
    void badInput_data() {
        QTest::addColumn<double>("epsilon");
        QTest::addColumn<double>("delta");
        QTest::newRow("negative eps") << -1.0 << 0.0;
        QTest::newRow("NaN eps") << std::numeric_limits<double>::quiet_NaN() << 0.0;
        QTest::newRow("delta 1") << 1.0 << 1.0;
        QTest::newRow("negative delta") << 1.0 << -1e-9;
    }
    void badInput() {
        QFETCH(double, epsilon);
        QFETCH(double, delta);
        QCOMPARE(BudgetAccountant::create({epsilon, delta}).status().code(), StatusCode::InvalidArgument);
        auto acc = BudgetAccountant::create({10.0, 0.5});
        QCOMPARE(acc->spend({epsilon, delta}).code(), StatusCode::InvalidArgument);
    }
};

QTEST_APPLESS_MAIN(TestBudgetAccountant)
#include "tst_budget_accountant.moc"
