// Tests for the per-level budget split of private spatial decompositions.
#include "veil/spatial/budget_allocation.h"

#include <QtTest>

#include <cmath>
#include <limits>

using namespace veil::spatial;

class TestBudgetAllocation : public QObject {
    Q_OBJECT
private slots:
    void levels_data();
    void levels();
    void pathSumsToEpsilon_data();
    void pathSumsToEpsilon();
    void badInput_data();
    void badInput();
};

void TestBudgetAllocation::levels_data() {
    QTest::addColumn<int>("height");
    QTest::addColumn<int>("strategy");
    QTest::addColumn<double>("medianFraction");
    QTest::addColumn<int>("kdLevels");
    QTest::addColumn<QVector<double>>("counts");
    QTest::addColumn<QVector<double>>("medians");
    // Uniform: 1/(h+1) each, by hand.
    QTest::newRow("uniform h=3, quadtree")
        << 3 << 0 << 0.0 << 0 << QVector<double>{0.25, 0.25, 0.25, 0.25} << QVector<double>{0, 0, 0, 0};
    // Geometric h=2: weights 2^(d/3) = 1, 1.2599, 1.5874 normalised (python: w/sum(w)).
    QTest::newRow("geometric h=2, quadtree")
        << 2 << 1 << 0.0 << 0 << QVector<double>{0.25992104989487314, 0.3274800020733263, 0.41259894803180047}
        << QVector<double>{0, 0, 0};
    // kd h=4, 30% to medians spread over depths 0..3 (0.075 each); 0.7 to counts geometrically
    // (python: 0.7 * 2^(d/3) / sum_{d=0..4} 2^(d/3)).
    QTest::newRow("geometric h=4, kd, 30% medians")
        << 4 << 1 << 0.3 << 4
        << QVector<double>{0.08366036367037287, 0.10540545323016308, 0.13280254929839203, 0.16732072734074574,
                           0.21081090646032616}
        << QVector<double>{0.075, 0.075, 0.075, 0.075, 0};
    // Hybrid with one kd level: all 30% of the median budget at depth 0; counts uniform 0.7/3.
    QTest::newRow("uniform h=2, hybrid 1 kd level")
        << 2 << 0 << 0.3 << 1 << QVector<double>{0.7 / 3, 0.7 / 3, 0.7 / 3} << QVector<double>{0.3, 0, 0};
    QTest::newRow("h=0 gets everything") << 0 << 1 << 0.3 << 0 << QVector<double>{1.0} << QVector<double>{0};
}

void TestBudgetAllocation::levels() {
    QFETCH(int, height);
    QFETCH(int, strategy);
    QFETCH(double, medianFraction);
    QFETCH(int, kdLevels);
    QFETCH(QVector<double>, counts);
    QFETCH(QVector<double>, medians);
    std::vector<bool> split(static_cast<std::size_t>(height), false);
    for (int d = 0; d < kdLevels; ++d) split[static_cast<std::size_t>(d)] = true;
    auto b = allocateBudget(1.0, height, static_cast<BudgetStrategy>(strategy), medianFraction, split);
    QVERIFY2(b.isOk(), b.status().message().c_str());
    QCOMPARE(int(b->countByDepth.size()), counts.size());
    for (int d = 0; d < counts.size(); ++d) {
        QVERIFY2(std::abs(b->countByDepth[std::size_t(d)] - counts[d]) < 1e-12,
                 qPrintable(QString("count depth %1: %2 vs %3")
                                .arg(d)
                                .arg(b->countByDepth[std::size_t(d)], 0, 'g', 17)
                                .arg(counts[d], 0, 'g', 17)));
        QVERIFY2(
            std::abs(b->medianByDepth[std::size_t(d)] - medians[d]) < 1e-12,
            qPrintable(
                QString("median depth %1: %2 vs %3").arg(d).arg(b->medianByDepth[std::size_t(d)]).arg(medians[d])));
    }
}

void TestBudgetAllocation::pathSumsToEpsilon_data() {
    QTest::addColumn<double>("epsilon");
    QTest::addColumn<int>("height");
    QTest::addColumn<int>("strategy");
    QTest::newRow("eps 0.1 h 10 geometric") << 0.1 << 10 << 1;
    QTest::newRow("eps 0.1 h 10 uniform") << 0.1 << 10 << 0;
    QTest::newRow("eps 3.7 h 17 geometric") << 3.7 << 17 << 1;
    QTest::newRow("eps 1e-3 h 1 uniform") << 1e-3 << 1 << 0;
}

void TestBudgetAllocation::pathSumsToEpsilon() {
    QFETCH(double, epsilon);
    QFETCH(int, height);
    QFETCH(int, strategy);
    std::vector<bool> split(static_cast<std::size_t>(height), true);
    auto b = allocateBudget(epsilon, height, static_cast<BudgetStrategy>(strategy), 0.25, split);
    QVERIFY(b.isOk());
    double sum = 0.0;
    for (int d = 0; d <= height; ++d) sum += b->countByDepth[std::size_t(d)] + b->medianByDepth[std::size_t(d)];
    QCOMPARE(sum, epsilon);
    // A path stopping at depth d plus what remains below it is the whole budget.
    for (int d = 0; d <= height; ++d) {
        double above = 0.0;
        for (int j = 0; j <= d; ++j) above += b->countByDepth[std::size_t(j)];
        for (int j = 0; j < d; ++j) above += b->medianByDepth[std::size_t(j)];
        QVERIFY(std::abs(above + remainingBelow(*b, d) - epsilon) < 1e-12 * epsilon);
    }
}

void TestBudgetAllocation::badInput_data() {
    QTest::addColumn<double>("epsilon");
    QTest::addColumn<int>("height");
    QTest::addColumn<double>("fraction");
    QTest::addColumn<QString>("mentions");
    QTest::newRow("epsilon zero") << 0.0 << 3 << 0.3 << "epsilon";
    QTest::newRow("epsilon negative") << -1.0 << 3 << 0.3 << "epsilon";
    QTest::newRow("epsilon NaN") << std::nan("") << 3 << 0.3 << "epsilon";
    QTest::newRow("epsilon infinite") << std::numeric_limits<double>::infinity() << 3 << 0.3 << "epsilon";
    QTest::newRow("height negative") << 1.0 << -1 << 0.3 << "height";
    QTest::newRow("fraction one") << 1.0 << 3 << 1.0 << "fraction";
    QTest::newRow("fraction negative") << 1.0 << 3 << -0.1 << "fraction";
}

void TestBudgetAllocation::badInput() {
    QFETCH(double, epsilon);
    QFETCH(int, height);
    QFETCH(double, fraction);
    QFETCH(QString, mentions);
    auto b = allocateBudget(epsilon, height, BudgetStrategy::Geometric, fraction, std::vector<bool>(3, true));
    QVERIFY(!b.isOk());
    QCOMPARE(b.status().code(), veil::StatusCode::InvalidArgument);
    QVERIFY2(QString::fromStdString(b.status().message()).contains(mentions), b.status().message().c_str());
}

QTEST_APPLESS_MAIN(TestBudgetAllocation)
#include "tst_budget_allocation.moc"
