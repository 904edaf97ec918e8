// Workloads: JSON ranges (good and bad input, errors naming the query index), generators and
// exact answers on small histograms whose sums are computed by hand.
#include "veil/eval/workload.h"

#include <nlohmann/json.hpp>

#include <QtTest>

using namespace veil::eval;

namespace {
HistogramData oneD() { return makeHistogram1D({1, 2, 3, 4, 5, 6, 7, 8}).value(); }  // 8 bins, total 36
// 3 x 4 grid, row-major: row 0 = 1 2 3 4, row 1 = 5 6 7 8, row 2 = 9 10 11 12 (total 78).
HistogramData twoD() { return makeHistogram2D(3, 4, {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12}).value(); }
}  // namespace

class TestWorkload : public QObject {
    Q_OBJECT
private slots:
    void parsesOneDimensionalRanges();
    void parsesTwoDimensionalRanges();
    void parsesQueriesObject();
    void badRanges_data();
    void badRanges();
    void generators();
    void randomRangesFitTheDomain();
    void roundTripsToJson();
};

void TestWorkload::parsesOneDimensionalRanges() {
    const auto w = parseWorkloadJson(nlohmann::json::parse("[[0, 7], [2, 4], [5, 5]]"), oneD());
    QVERIFY2(w.isOk(), w.status().message().c_str());
    QCOMPARE(w->size(), std::size_t(3));
    QCOMPARE(w->queries[1].colLo, std::size_t(2));
    QCOMPARE(w->queries[1].colHi, std::size_t(4));
    const auto a = answerWorkload(*w, oneD());
    QCOMPARE(a[0], 36.0);  // 1 + ... + 8
    QCOMPARE(a[1], 12.0);  // 3 + 4 + 5
    QCOMPARE(a[2], 6.0);
}

void TestWorkload::parsesTwoDimensionalRanges() {
    const auto w = parseWorkloadJson(nlohmann::json::parse("[[0, 2, 0, 3], [1, 2, 1, 2], [0, 0, 3, 3]]"), twoD());
    QVERIFY2(w.isOk(), w.status().message().c_str());
    const auto a = answerWorkload(*w, twoD());
    QCOMPARE(a[0], 78.0);  // everything
    QCOMPARE(a[1], 34.0);  // 6 + 7 + 10 + 11
    QCOMPARE(a[2], 4.0);   // row 0, column 3
}

void TestWorkload::parsesQueriesObject() {
    // DPBench-style object with a "queries" array: Veil's arrays, or DPComp's ndRange corners
    // {"lb", "ub"} (inclusive, axis 0 = rows). On twoD() (rows 1..4, 5..8, 9..12 by hand):
    // rows 1-2, columns 1-2 = 6 + 7 + 10 + 11 = 34; row 0, column 3 = 4.
    const auto w = parseWorkloadJson(
        nlohmann::json::parse(R"({"queries": [{"lb": [1, 1], "ub": [2, 2], "wgt": 1.0}, [0, 0, 3, 3]]})"), twoD());
    QVERIFY2(w.isOk(), w.status().message().c_str());
    const auto a = answerWorkload(*w, twoD());
    QCOMPARE(a[0], 34.0);
    QCOMPARE(a[1], 4.0);
    const auto one = parseWorkloadJson(nlohmann::json::parse(R"({"queries": [{"lb": [2], "ub": [4]}]})"), oneD());
    QVERIFY2(one.isOk(), one.status().message().c_str());
    QCOMPARE(answerWorkload(*one, oneD())[0], 12.0);  // 3 + 4 + 5
}

void TestWorkload::badRanges_data() {
    QTest::addColumn<QString>("json");
    QTest::addColumn<bool>("twoDimensional");
    QTest::addColumn<QString>("message");
    QTest::newRow("not an array") << R"({"lo": 1})" << false << "expected a JSON array";
    QTest::newRow("empty list") << "[]" << false << "the list of ranges is empty";
    QTest::newRow("queries not a list") << R"({"queries": 3})" << false << "expected a JSON array";
    QTest::newRow("weighted range") << R"({"queries": [{"lb": [0], "ub": [1], "wgt": 2}]})" << false
                                    << "query 0: only unit weights";
    QTest::newRow("corner sizes differ") << R"({"queries": [{"lb": [0, 1], "ub": [1]}]})" << true
                                         << "query 0: expected {\"lb\"";
    QTest::newRow("DPComp range out of domain")
        << R"({"queries": [{"lb": [0], "ub": [8]}]})" << false << "query 0: hi 8 is out of the domain 0..7";
    QTest::newRow("lo > hi") << "[[0, 1], [5, 3]]" << false << "query 1: lo 5 > hi 3";
    QTest::newRow("out of range") << "[[0, 8]]" << false << "query 0: hi 8 is out of the domain 0..7";
    QTest::newRow("negative") << "[[0, 1], [1, 2], [-1, 2]]" << false << "query 2: lo must be >= 0";
    QTest::newRow("fraction") << "[[0.5, 2]]" << false << "query 0: lo must be an integer";
    QTest::newRow("text bound") << R"([[0, "3"]])" << false << "query 0: hi must be an integer";
    // Found by the experiment fuzz target: casting 3e118 to an integer was undefined behaviour.
    QTest::newRow("huge float bound") << "[[5, 3e118]]" << false << "query 0: hi must be an integer";
    QTest::newRow("huge integer bound") << "[[5, 18446744073709551615]]" << false
                                        << "query 0: hi 18446744073709551615 is out of the domain";
    QTest::newRow("integral float out of range") << "[[0, 8.0]]" << false << "query 0: hi 8 is out of the domain 0..7";
    QTest::newRow("wrong shape 1-D") << "[[0, 1, 2]]" << false << "query 0: expected [lo, hi] for a 1-D histogram";
    QTest::newRow("2-D range on 1-D data") << "[[0, 1], [0, 0, 1, 1]]" << false << "query 1: expected [lo, hi]";
    QTest::newRow("1-D range on 2-D data")
        << "[[0, 1]]" << true << "query 0: expected [row_lo, row_hi, col_lo, col_hi]";
    QTest::newRow("row lo > hi") << "[[2, 1, 0, 0]]" << true << "query 0: row_lo 2 > row_hi 1";
    QTest::newRow("column out of range") << "[[0, 0, 0, 1], [0, 2, 1, 4]]" << true
                                         << "query 1: col_hi 4 is out of the domain 0..3";
    QTest::newRow("row out of range") << "[[0, 3, 0, 0]]" << true << "query 0: row_hi 3 is out of the domain 0..2";
}

void TestWorkload::badRanges() {
    QFETCH(QString, json);
    QFETCH(bool, twoDimensional);
    QFETCH(QString, message);
    const auto w = parseWorkloadJson(nlohmann::json::parse(json.toStdString()), twoDimensional ? twoD() : oneD());
    QVERIFY(!w.isOk());
    QVERIFY2(QString::fromStdString(w.status().message()).contains(message), w.status().message().c_str());
}

void TestWorkload::generators() {
    const auto p = prefixWorkload(oneD());
    QCOMPARE(p.size(), std::size_t(8));
    const auto pa = answerWorkload(p, oneD());
    QCOMPARE(pa[3], 10.0);  // 1+2+3+4
    QCOMPARE(pa[7], 36.0);
    const auto p2 = prefixWorkload(twoD());
    QCOMPARE(p2.size(), std::size_t(12));
    QCOMPARE(answerWorkload(p2, twoD())[6], 24.0);  // query [0, 1, 0, 2]: 1+2+3+5+6+7 = 24
    const auto id = identityWorkload(twoD());
    QCOMPARE(id.size(), std::size_t(12));
    QCOMPARE(answerWorkload(id, twoD())[5], 6.0);
}

void TestWorkload::randomRangesFitTheDomain() {
    veil::SeededRandom rng(9001);
    const auto w = randomRangeWorkload(twoD(), 500, rng);
    QVERIFY(w.isOk());
    QCOMPARE(w->size(), std::size_t(500));
    bool sawFullWidth = false;
    for (const auto& q : w->queries) {
        QVERIFY(q.rowLo <= q.rowHi && q.rowHi < 3);
        QVERIFY(q.colLo <= q.colHi && q.colHi < 4);
        sawFullWidth = sawFullWidth || (q.colLo == 0 && q.colHi == 3);
    }
    QVERIFY(sawFullWidth);  // width 4 is drawn with probability 1/4 per query
    veil::SeededRandom again(9001);
    QVERIFY(randomRangeWorkload(twoD(), 500, again)->queries == w->queries);
    veil::SeededRandom rng2(1);
    QVERIFY(!randomRangeWorkload(oneD(), 0, rng2).isOk());
}

void TestWorkload::roundTripsToJson() {
    const auto text = "[[0,2,0,3],[1,2,1,2]]";
    const auto w = parseWorkloadJson(nlohmann::json::parse(text), twoD());
    QCOMPARE(QString::fromStdString(workloadToJson(*w).dump()), QString(text));
}

QTEST_APPLESS_MAIN(TestWorkload)
#include "tst_workload.moc"
