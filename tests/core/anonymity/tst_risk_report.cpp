// Risk reports (risk_report.h) and the edges of their inputs: a released table's suppressed
// records named by a token (never assumed to be "*"), a population table that must hold every
// sample record and gives the population's size, sampling fraction 1 where every population model
// returns the sample uniques, and an original beside its release (before | after). Expected values
// by hand from the tables written here.
#include "test_support.h"

#include "veil/anonymity/risk_report.h"
#include "veil/anonymity/utility_analysis.h"

#include <QtTest>

using namespace veil;
using namespace veil::anonymity;
using namespace testsupport;

namespace {

// Six records: (a,x) x2, (b,y) x2, then two suppressed ("*","*") - or two people whose values are
// "*", depending on what the user says.
Table released() {
    return textTable(
        {"q1", "q2", "s"},
        {{"a", "x", "1"}, {"a", "x", "1"}, {"b", "y", "1"}, {"b", "y", "2"}, {"*", "*", "1"}, {"*", "*", "2"}});
}

RiskReportOptions options(std::optional<std::string> token) {
    RiskReportOptions o;
    o.input.quasiIdentifiers = {"q1", "q2"};
    o.input.suppressedToken = std::move(token);
    return o;
}

}  // namespace

class TestRiskReport : public QObject {
    Q_OBJECT
private slots:
    void suppressedToken();
    void tokenInUtilityAndHomogeneity();
    void populationTable();
    void populationSize_data();
    void populationSize();
    void samplingFractionOne();
    void beforeAndAfter();
};

// With the token: 4 records in 2 classes of 2, 2 suppressed (prosecutor avg 2/4). Without it the
// "*" rows are a third class of 2: 6 records, avg 3/6. A token no record has changes nothing.
void TestRiskReport::suppressedToken() {
    auto with = assessRiskReport(released(), options(std::string("*")));
    QVERIFY2(with, with.status().message().c_str());
    QCOMPARE(with->risk.records, std::size_t(4));
    QCOMPARE(with->risk.suppressed, std::size_t(2));
    QCOMPARE(with->risk.classes, std::size_t(2));
    QCOMPARE(with->risk.prosecutorAvg, 0.5);
    QCOMPARE(with->distribution[19].records, std::size_t(4));  // the 50% band
    auto without = assessRiskReport(released(), options(std::nullopt));
    QCOMPARE(without->risk.records, std::size_t(6));
    QCOMPARE(without->risk.suppressed, std::size_t(0));
    QCOMPARE(without->risk.classes, std::size_t(3));
    auto other = assessRiskReport(released(), options(std::string("-")));
    QCOMPARE(other->risk.records, std::size_t(6));
    // A record is suppressed only when every quasi-identifier has the token.
    const Table partial = textTable({"q1", "q2"}, {{"*", "x"}, {"*", "x"}, {"*", "*"}});
    RiskReportOptions o = options(std::string("*"));
    auto p = assessRiskReport(partial, o);
    QCOMPARE(p->risk.records, std::size_t(2));
    QCOMPARE(p->risk.suppressed, std::size_t(1));
}

// utility: q1 after is a, a, b, b, *, * against a..f before. With the token: 2 distinct values, 2
// suppressed cells, entropy over the four kept cells H(1/2, 1/2) = 1 bit. Without it "*" is a
// third value: 3 distinct, 0 suppressed, entropy log2(3) = 1.5849625007211563 bits.
// Homogeneity (l = 2): with the token classes (a,x) [1,1] homogeneous, (b,y) [1,2] not; without,
// ("*","*") [1,2] is a third class.
void TestRiskReport::tokenInUtilityAndHomogeneity() {
    const Table original = textTable(
        {"q1", "q2", "s"},
        {{"a", "x", "1"}, {"b", "x", "1"}, {"c", "y", "1"}, {"d", "y", "2"}, {"e", "z", "1"}, {"f", "z", "2"}});
    auto with = attributeUtility(original, released(), {"q1"}, UtilityOptions{std::string("*")});
    QVERIFY(with);
    QCOMPARE((*with)[0].distinctAfter, std::size_t(2));
    QCOMPARE((*with)[0].suppressedAfter, std::size_t(2));
    QCOMPARE((*with)[0].entropyAfter, 1.0);
    auto without = attributeUtility(original, released(), {"q1"}, UtilityOptions{});
    QCOMPARE((*without)[0].distinctAfter, std::size_t(3));
    QCOMPARE((*without)[0].suppressedAfter, std::size_t(0));
    QVERIFY(std::abs((*without)[0].entropyAfter - 1.5849625007211563) < 1e-12);
    auto h = homogeneityAttack(released(), {"q1", "q2"}, "s", 2, std::string("*"));
    QCOMPARE(h->classes, std::size_t(2));
    QCOMPARE(h->homogeneousClasses, std::size_t(1));
    auto h2 = homogeneityAttack(released(), {"q1", "q2"}, "s", 2, std::nullopt);
    QCOMPARE(h2->classes, std::size_t(3));
}

// A sample record whose values the population does not hold is refused, naming its line and values;
// the population table's size is the population's (7 records): Zayatz etc. are estimated.
void TestRiskReport::populationTable() {
    const Table population = textTable({"zip"}, {{"1"}, {"1"}, {"1"}, {"1"}, {"2"}, {"2"}, {"3"}});
    const Table sample = textTable({"zip"}, {{"1"}, {"2"}, {"2"}});
    RiskReportOptions o;
    o.input.quasiIdentifiers = {"zip"};
    o.input.population = &population;
    auto r = assessRiskReport(sample, o);
    QVERIFY2(r, r.status().message().c_str());
    QCOMPARE(r->risk.journalistMax, 0.5);
    QCOMPARE(r->populationSize, std::size_t(7));
    QVERIFY(r->uniqueness);
    QCOMPARE(r->uniqueness->samplingFraction, 3.0 / 7.0);
    const Table martian = textTable({"zip", "race"}, {{"1", "a"}, {"2", "a"}, {"200", "Martian"}});
    const Table people = textTable({"zip", "race"}, {{"1", "a"}, {"2", "a"}, {"2", "a"}});
    o.input.quasiIdentifiers = {"zip", "race"};
    o.input.population = &people;
    o.input.tableName = "sample.csv";
    o.input.firstLine = 2;
    o.input.populationName = "the population table p.csv";
    auto refused = assessRiskReport(martian, o);
    QVERIFY(!refused);
    QVERIFY2(refused.status().message().find(
                 "sample.csv, line 4: zip=200, race=Martian is not in the population table p.csv") == 0,
             refused.status().message().c_str());
    o.population.size = 9;  // the table says 3
    auto conflict = assessRiskReport(textTable({"zip", "race"}, {{"1", "a"}}), o);
    QVERIFY(!conflict);
    QVERIFY2(conflict.status().message().find(
                 "the population table has 3 records, but the population size given is 9") != std::string::npos,
             conflict.status().message().c_str());
}

void TestRiskReport::populationSize_data() {
    QTest::addColumn<qlonglong>("size");      // -1: not given
    QTest::addColumn<double>("fraction");     // NaN: not given
    QTest::addColumn<qlonglong>("table");     // -1: no population table
    QTest::addColumn<qlonglong>("expected");  // -1: refused
    const double none = std::nan("");
    QTest::newRow("nothing") << -1LL << none << -1LL << 0LL;
    QTest::newRow("size") << 40LL << none << -1LL << 40LL;
    QTest::newRow("fraction") << -1LL << 0.5 << -1LL << 16LL;  // 8 records / 0.5
    QTest::newRow("fraction 1") << -1LL << 1.0 << -1LL << 8LL;
    QTest::newRow("table") << -1LL << none << 20LL << 20LL;
    QTest::newRow("table and agreeing size") << 20LL << none << 20LL << 20LL;
    QTest::newRow("table and agreeing fraction") << -1LL << 0.4 << 20LL << 20LL;
    QTest::newRow("table and other size") << 21LL << none << 20LL << -1LL;
    QTest::newRow("table and other fraction") << -1LL << 0.5 << 20LL << -1LL;
    QTest::newRow("size and fraction") << 16LL << 0.5 << -1LL << -1LL;
    QTest::newRow("size 0") << 0LL << none << -1LL << -1LL;
    QTest::newRow("size below sample") << 4LL << none << -1LL << -1LL;
    QTest::newRow("fraction 0") << -1LL << 0.0 << -1LL << -1LL;
    QTest::newRow("fraction above 1") << -1LL << 1.5 << -1LL << -1LL;
    QTest::newRow("table below sample") << -1LL << none << 5LL << -1LL;
}

void TestRiskReport::populationSize() {
    QFETCH(qlonglong, size);
    QFETCH(double, fraction);
    QFETCH(qlonglong, table);
    QFETCH(qlonglong, expected);
    PopulationSizeInput in;
    if (size >= 0) in.size = size;
    if (!std::isnan(fraction)) in.samplingFraction = fraction;
    if (table >= 0) in.tableRecords = std::size_t(table);
    auto n = resolvePopulationSize(8, in);
    if (expected < 0) {
        QVERIFY(!n);
        QCOMPARE(n.status().code(), StatusCode::InvalidArgument);
    } else {
        QVERIFY2(n, n.status().message().c_str());
        QCOMPARE(qlonglong(*n), expected);
    }
}

// At f = 1 the sample is the population: every model returns the sample uniques exactly (Pitman's
// fit extrapolated 594.6 from adult's 543 before). Adult on age, sex, race, marital-status, education.
void TestRiskReport::samplingFractionOne() {
    const Table adult = readTable(std::string(VEIL_SAMPLES_DIR) + "/adult.csv");
    auto sizes = classSizes(adult, {"age", "sex", "race", "marital-status", "education"});
    QVERIFY(sizes);
    std::size_t n = 0, uniques = 0;
    for (auto s : *sizes) n += s, uniques += s == 1 ? 1 : 0;
    auto u = estimatePopulationUniqueness(*sizes, n);
    QVERIFY(u);
    QCOMPARE(u->samplingFraction, 1.0);
    QCOMPARE(u->sampleUniques, uniques);
    for (const auto& estimate : {u->zayatz, u->pitman, u->snb, u->dankar}) {
        QVERIFY(estimate);
        QCOMPARE(*estimate, double(uniques));
    }
    QVERIFY(u->dankarModel);
    // A hand sample: 3 uniques among 8 records.
    auto small = estimatePopulationUniqueness({1, 1, 1, 2, 3}, 8);
    for (const auto& estimate : {small->zayatz, small->pitman, small->snb, small->dankar}) QCOMPARE(*estimate, 3.0);
    // No uniques: zero everywhere, no model needed.
    auto none = estimatePopulationUniqueness({2, 2}, 4);
    QCOMPARE(*none->pitman, 0.0);
    QCOMPARE(*none->dankar, 0.0);
}

// Before: the original's 6 records in 6 classes (all unique); after: released() with the token.
// The population's size (sampling fraction 0.5) is resolved from the original: N = 12 for both.
// A population table cannot be compared (its values are the original's).
void TestRiskReport::beforeAndAfter() {
    const Table original = textTable(
        {"q1", "q2", "s"},
        {{"a", "x", "1"}, {"b", "x", "1"}, {"c", "y", "1"}, {"d", "y", "2"}, {"*", "z", "1"}, {"f", "z", "2"}});
    RiskReportOptions o = options(std::string("*"));
    o.population.samplingFraction = 0.5;
    o.attributeRisk = true;
    o.sensitive = "s";
    auto c = compareRiskReports(original, released(), o);
    QVERIFY2(c, c.status().message().c_str());
    QCOMPARE(c->before.risk.records, std::size_t(6));  // the original's "*" is a value
    QCOMPARE(c->before.risk.suppressed, std::size_t(0));
    QCOMPARE(c->before.risk.uniques, std::size_t(6));
    QCOMPARE(c->after.risk.records, std::size_t(4));
    QCOMPARE(c->after.risk.suppressed, std::size_t(2));
    QCOMPARE(c->after.risk.uniques, std::size_t(0));
    QCOMPARE(c->before.populationSize, std::size_t(12));
    QCOMPARE(c->after.populationSize, std::size_t(12));
    QCOMPARE(c->before.uniqueness->sampleUniques, std::size_t(6));
    QCOMPARE(c->after.uniqueness->sampleSize, std::size_t(4));
    QCOMPARE(c->after.uniqueness->sampleUniques, std::size_t(0));
    // Attribute risk after counts the 4 kept records only: q1 alone has no unique record.
    QCOMPARE(c->after.attributeSets->front().uniques, std::size_t(0));
    QCOMPARE(c->before.attributeSets->front().uniques, std::size_t(6));
    QCOMPARE(c->after.homogeneity->classes, std::size_t(2));
    QCOMPARE(c->before.homogeneity->classes, std::size_t(6));
    const Table population = original;
    o.input.population = &population;
    QVERIFY(!compareRiskReports(original, released(), o));
}

QTEST_APPLESS_MAIN(TestRiskReport)
#include "tst_risk_report.moc"
