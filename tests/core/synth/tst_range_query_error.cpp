// Range counting queries on a synthetic table: shares and errors on a 4-row table worked by hand;
// the random workload draws every interval of a column equally often (a chi-square-free check: each
// of the 6 intervals of 3 codes within 5 binomial standard deviations of its expected count), never
// picks a column without declared values, and repeats under a fixed seed.
#include "veil/synth/range_query_error.h"

#include <QtTest/QtTest>

#include <cmath>
#include <map>

using namespace veil;
using namespace veil::synth;

namespace {

// x: 3 declared codes (+ other), y: 2 declared codes (+ other).
DiscreteTable table(std::vector<std::int32_t> x, std::vector<std::int32_t> y) {
    DiscreteTable t;
    t.names = {"x", "y"};
    t.sizes = {4, 3};
    t.codes = {std::move(x), std::move(y)};
    return t;
}

}  // namespace

class TestRangeQueryError : public QObject {
    Q_OBJECT
private slots:
    void handWorked();
    void identicalTablesHaveNoError();
    void intervalsAreUniform();
    void columnsWithoutValuesAreSkipped();
    void badInput();
};

// Real (x, y): (0,0) (0,1) (1,1) (2,0); synthetic: (0,0) (1,0) (1,1) (1,1).
// x in [0,0]: 2/4 vs 1/4 -> 0.25; x in [1,2] and y in [1,1]: 1/4 vs 2/4 -> 0.25; y in [0,1]: 1 vs 1.
void TestRangeQueryError::handWorked() {
    const auto real = table({0, 0, 1, 2}, {0, 1, 1, 0});
    const auto synth = table({0, 1, 1, 1}, {0, 0, 1, 1});
    const std::vector<RangeQuery> queries = {{{0, 0, 0}}, {{0, 1, 2}, {1, 1, 1}}, {{1, 0, 1}}};
    QCOMPARE(rangeShare(real, queries[1]), 0.25);
    QCOMPARE(rangeShare(synth, queries[1]), 0.5);
    auto e = teachingRangeQueryError(real, synth, queries);
    QVERIFY(e.isOk());
    QCOMPARE(e->queries, std::size_t(3));
    QVERIFY(std::abs(e->meanAbsoluteError - 0.5 / 3.0) < 1e-15);
    QCOMPARE(e->maxAbsoluteError, 0.25);
}

void TestRangeQueryError::identicalTablesHaveNoError() {
    const auto real = table({0, 0, 1, 2, 3}, {0, 1, 1, 0, 2});
    SeededRandom rng(7);
    auto q = randomRangeQueries({3, 2}, 200, 2, rng);
    QVERIFY(q.isOk());
    auto e = teachingRangeQueryError(real, real, *q);
    QVERIFY(e.isOk());
    QCOMPARE(e->meanAbsoluteError, 0.0);
    QCOMPARE(e->queries, std::size_t(200));
}

// 60,000 one-attribute queries on a column of 3 codes: 6 intervals, each expected 10,000 times;
// binomial sd = sqrt(60000 * 1/6 * 5/6) = 91.3, tolerance 5 sd.
void TestRangeQueryError::intervalsAreUniform() {
    SeededRandom rng(11);
    auto q = randomRangeQueries({3}, 60000, 1, rng);
    QVERIFY(q.isOk());
    std::map<std::pair<int, int>, int> seen;
    for (const auto& query : *q) {
        QCOMPARE(query.size(), std::size_t(1));
        QVERIFY(query[0].lower <= query[0].upper && query[0].upper < 3 && query[0].lower >= 0);
        ++seen[{query[0].lower, query[0].upper}];
    }
    QCOMPARE(seen.size(), std::size_t(6));
    for (const auto& [interval, n] : seen) QVERIFY2(std::abs(n - 10000) < 5 * 91.3, qPrintable(QString::number(n)));
    SeededRandom a(3), b(3);
    auto qa = randomRangeQueries({3, 4, 5}, 50, 3, a), qb = randomRangeQueries({3, 4, 5}, 50, 3, b);
    for (std::size_t i = 0; i < 50; ++i) {
        QCOMPARE((*qa)[i].size(), (*qb)[i].size());
        for (std::size_t j = 0; j < (*qa)[i].size(); ++j) QCOMPARE((*qa)[i][j].upper, (*qb)[i][j].upper);
    }
}

void TestRangeQueryError::columnsWithoutValuesAreSkipped() {
    SeededRandom rng(5);
    auto q = randomRangeQueries({0, 4, 0}, 500, 3, rng);
    QVERIFY(q.isOk());
    for (const auto& query : *q) {
        QCOMPARE(query.size(), std::size_t(1));  // only column 1 can be picked
        QCOMPARE(query[0].column, std::size_t(1));
    }
}

void TestRangeQueryError::badInput() {
    SeededRandom rng(1);
    QVERIFY(!randomRangeQueries({0, 0}, 10, 2, rng).isOk());
    QVERIFY(!randomRangeQueries({2}, 10, 0, rng).isOk());
    auto other = table({0}, {0});
    other.names = {"x", "z"};
    QVERIFY(!teachingRangeQueryError(table({0}, {0}), other, {}).isOk());
    QVERIFY(!teachingRangeQueryError(table({0}, {0}), table({0}, {0}), {{{5, 0, 0}}}).isOk());
}

QTEST_APPLESS_MAIN(TestRangeQueryError)
#include "tst_range_query_error.moc"
