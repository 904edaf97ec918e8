// Re-identification risk and the attacks of seed 004: the linkage attack on the census table
// (the three "Linking Attack" slides, generalization and suppression slides) and the
// homogeneity attack ("Not Ok" / "Ok" tables), plus the 12-row table of seed 002.
#include "test_support.h"

#include "veil/anonymity/attacks.h"
#include "veil/anonymity/risk.h"

#include <QtTest>

using namespace veil;
using namespace veil::anonymity;
using namespace testsupport;

namespace {

Table external(const std::vector<std::string>& cols, const std::vector<std::vector<std::string>>& rows) {
    return textTable(cols, rows);
}

}  // namespace

class TestRiskAttacks : public QObject {
    Q_OBJECT
private slots:
    void riskFromSizes();
    void riskWithPopulation();
    void riskFromWildcardCounts();
    void riskOfSeed002Table();
    void riskErrors();
    void linkageSlides_data();
    void linkageSlides();
    void linkageThroughGeneralization();
    void linkageThroughSuppression();
    void linkageErrors();
    void homogeneitySlides();
    void homogeneitySeed002();
};

// Classes of sizes 1, 2, 3, 4 (10 records): max 1/1, avg 4/10, at risk above 0.3: records in
// classes with 1/f > 0.3, i.e. f = 1, 2, 3 -> 6; one unique record.
void TestRiskAttacks::riskFromSizes() {
    const auto r = riskFromClassSizes({1, 2, 3, 4}, 0.3);
    QCOMPARE(r.records, std::size_t(10));
    QCOMPARE(r.classes, std::size_t(4));
    QCOMPARE(r.prosecutorMax, 1.0);
    QCOMPARE(r.prosecutorAvg, 0.4);
    QCOMPARE(r.recordsAtRisk, std::size_t(6));
    QCOMPARE(r.uniques, std::size_t(1));
    QCOMPARE(r.sampleUniqueness, 0.1);
    QCOMPARE(r.marketer, 0.4);  // population = sample
    QCOMPARE(r.journalistMax, 1.0);
}

// Journalist/marketer with a population: sample classes 1, 2 in population classes 4, 2:
// journalist max 1/2, marketer (1/4 + 2/2)/3 = 5/12.
void TestRiskAttacks::riskWithPopulation() {
    const auto r = riskFromClassSizes({1, 2}, 0.2, {4, 2});
    QCOMPARE(r.journalistMax, 0.5);
    QCOMPARE(r.marketer, 5.0 / 12.0);
    QCOMPARE(r.prosecutorMax, 1.0);
}

// Per-record counts where '*' matches any value (a local suppression's release, sdcMicro's freqCalc
// with NA): released (a, b) = 1 (x, 1), 2 (x, *), 3 (x, 2), 4 (y, 1), 5 (*, *). Record 1 matches
// 1, 2 and 5 (3); 2 matches 1, 2, 3, 5 (4); 3 matches 2, 3, 5 (3); 4 matches 4, 5 (2); 5, all '*'
// and counted as suppressed, is left out (count 0). Max 1/2; average (1/3 + 1/4 + 1/3 + 1/2) / 4 =
// 17/48; above 0.3: counts 2 and 3 (1/3 > 0.3) -> 3 records; no unique; effective classes
// round(17/12) = 1. As classes of identical tuples the four would all be unique (max 1).
void TestRiskAttacks::riskFromWildcardCounts() {
    const auto r = riskFromRecordCounts({3, 4, 3, 2, 0}, 0.3);
    QCOMPARE(r.records, std::size_t(4));
    QCOMPARE(r.minClassSize, std::size_t(2));
    QCOMPARE(r.prosecutorMax, 0.5);
    QVERIFY(std::abs(r.prosecutorAvg - 17.0 / 48.0) < 1e-15);
    QCOMPARE(r.recordsAtRisk, std::size_t(3));
    QCOMPARE(r.recordsAtRiskFraction, 0.75);
    QCOMPARE(r.uniques, std::size_t(0));
    QCOMPARE(r.classes, std::size_t(1));
    QCOMPARE(r.journalistMax, 0.5);
    QCOMPARE(r.marketer, r.prosecutorAvg);
    // A partition gives the class-based figures: counts 1, 2, 2 = classes {1}, {2, 2}.
    const auto partition = riskFromRecordCounts({1, 2, 2}, 0.3);
    const auto classes = riskFromClassSizes({1, 2}, 0.3);
    QCOMPARE(partition.classes, classes.classes);
    QCOMPARE(partition.prosecutorAvg, classes.prosecutorAvg);
    QCOMPARE(partition.recordsAtRisk, classes.recordsAtRisk);
    QCOMPARE(partition.uniques, classes.uniques);
    // Bands: one record per count, at risk 1/3, 1/4, 1/3, 1/2.
    const auto bands = riskDistributionFromCounts({3, 4, 3, 2, 0});
    auto band = [&](double upTo) {
        return std::find_if(bands.begin(), bands.end(),
                            [&](const RiskBand& b) { return std::abs(b.upTo - upTo) < 1e-12; })
            ->records;
    };
    QCOMPARE(band(0.25), std::size_t(1));
    QCOMPARE(band(1 / 3.), std::size_t(2));
    QCOMPARE(band(0.5), std::size_t(1));
    QCOMPARE(bands.back().cumulative, 1.0);
}

// Seed 002: three classes of four -> prosecutor max 1/4, avg 3/12.
void TestRiskAttacks::riskOfSeed002Table() {
    std::vector<std::vector<std::string>> rows;
    for (const char* age : {"<30", ">=40", "3*"})
        for (int i = 0; i < 4; ++i) rows.push_back({"130**", age, "*"});
    const Table t = textTable({"Zip", "Age", "Nationality"}, rows);
    auto r = assessRisk(t, {"Zip", "Age", "Nationality"}, 0.2);
    QVERIFY(r.isOk());
    QCOMPARE(r->prosecutorMax, 0.25);
    QCOMPARE(r->prosecutorAvg, 0.25);
    QCOMPARE(r->recordsAtRisk, std::size_t(12));  // 1/4 > 0.2
    auto r2 = assessRisk(t, {"Zip", "Age", "Nationality"}, 0.25);
    QCOMPARE(r2->recordsAtRisk, std::size_t(0));
}

void TestRiskAttacks::riskErrors() {
    const Table t = censusTable();
    QVERIFY(!assessRisk(t, {"Nope"}).isOk());
    QVERIFY(!assessRisk(t, {}).isOk());
    QVERIFY(!assessRisk(t, {"DOB"}, 0.0).isOk());
}

void TestRiskAttacks::linkageSlides_data() {
    QTest::addColumn<QStringList>("on");
    QTest::addColumn<int>("reidentified");
    QTest::addColumn<QList<int>>("uniqueRows");  // private row per external row, -1 = not unique
    // "DOB is a quasi-identifier": 1/21/76 and 2/28/76 each match two records.
    QTest::newRow("DOB") << QStringList{"DOB"} << 0 << QList<int>{-1, -1};
    // "Uniquely identified one individual's salary": (2/28/76, M) is record 3 (60,000).
    QTest::newRow("DOB, Sex") << QStringList{"DOB", "Sex"} << 1 << QList<int>{-1, 2};
    // "Uniquely identified both individuals' salaries".
    QTest::newRow("DOB, Sex, ZIP") << QStringList{"DOB", "Sex", "ZIP"} << 2 << QList<int>{0, 2};
}

void TestRiskAttacks::linkageSlides() {
    QFETCH(QStringList, on);
    QFETCH(int, reidentified);
    QFETCH(QList<int>, uniqueRows);
    const Table voters = external({"SSN", "DOB", "Sex", "ZIP"},
                                  {{"11-1-111", "1/21/76", "M", "53715"}, {"33-3-333", "2/28/76", "M", "53703"}});
    std::vector<std::string> cols;
    for (const auto& c : on) cols.push_back(c.toStdString());
    auto r = linkageAttack(censusTable(), voters, cols);
    QVERIFY2(r.isOk(), r.status().message().c_str());
    QCOMPARE(int(r->reidentified), reidentified);
    for (int e = 0; e < 2; ++e) {
        const auto& m = r->matches[std::size_t(e)];
        QCOMPARE(m.privateRows.size() == 1 ? int(m.privateRows[0]) : -1, uniqueRows[e]);
    }
    if (reidentified == 2)
        QCOMPARE(censusTable().column(3).toString(r->matches[1].privateRows[0]), std::string("60,000"));
}

// Slide "Anonymization through QI attribute generalization": ZIP 537**, Sex * for 2/28/76 -
// both voters now match two records each.
void TestRiskAttacks::linkageThroughGeneralization() {
    const Table released = textTable({"DOB", "Sex", "ZIP", "Salary"}, {{"1/21/76", "M", "537**", "50,000"},
                                                                       {"4/13/86", "F", "537**", "55,000"},
                                                                       {"2/28/76", "*", "537**", "60,000"},
                                                                       {"1/21/76", "M", "537**", "65,000"},
                                                                       {"4/13/86", "F", "537**", "70,000"},
                                                                       {"2/28/76", "*", "537**", "75,000"}});
    const Table voters = external({"SSN", "DOB", "Sex", "ZIP"},
                                  {{"11-1-111", "1/21/76", "M", "53715"}, {"33-3-333", "2/28/76", "M", "53703"}});
    auto r = linkageAttack(released, voters, {"DOB", "Sex", "ZIP"});
    QVERIFY(r.isOk());
    QCOMPARE(r->reidentified, std::size_t(0));
    QCOMPARE(r->matches[0].privateRows, (std::vector<std::size_t>{0, 3}));
    QCOMPARE(r->matches[1].privateRows, (std::vector<std::size_t>{2, 5}));
}

// Slide "Anonymization through tuple suppression": records 1 and 4 suppressed; the voter
// (1/21/76, M, 53715) now matches both suppressed tuples and is not re-identified.
void TestRiskAttacks::linkageThroughSuppression() {
    const Table released = textTable({"DOB", "Sex", "ZIP", "Salary"}, {{"*", "*", "*", "*"},
                                                                       {"4/13/86", "F", "53715", "55,000"},
                                                                       {"2/28/76", "M", "53703", "60,000"},
                                                                       {"*", "*", "*", "*"},
                                                                       {"4/13/86", "F", "53706", "70,000"},
                                                                       {"2/28/76", "F", "53706", "75,000"}});
    const Table voters = external({"SSN", "DOB", "Sex", "ZIP"}, {{"11-1-111", "1/21/76", "M", "53715"}});
    auto r = linkageAttack(released, voters, {"DOB", "Sex", "ZIP"});
    QVERIFY(r.isOk());
    QCOMPARE(r->reidentified, std::size_t(0));
    QCOMPARE(r->matches[0].privateRows, (std::vector<std::size_t>{0, 3}));
}

void TestRiskAttacks::linkageErrors() {
    const Table voters = external({"SSN", "DOB"}, {{"1", "1/21/76"}});
    auto r = linkageAttack(censusTable(), voters, {"DOB", "Sex"});
    QVERIFY(!r.isOk());
    QVERIFY(r.status().message().find("external table") != std::string::npos);
    QVERIFY(r.status().message().find("Sex") != std::string::npos);
    QVERIFY(!linkageAttack(censusTable(), voters, {}).isOk());
}

// Seed 004 "Homogeneity Attack": (DOB, *, 537**) groups equal salaries: 3 homogeneous classes
// ("Not Ok"); (76-86, *, ZIP) mixes them ("Ok").
void TestRiskAttacks::homogeneitySlides() {
    const std::vector<std::string> cols{"DOB", "Sex", "ZIP", "Salary"};
    const Table notOk = textTable(cols, {{"1/21/76", "*", "537**", "50,000"},
                                         {"4/13/86", "*", "537**", "55,000"},
                                         {"2/28/76", "*", "537**", "60,000"},
                                         {"1/21/76", "*", "537**", "50,000"},
                                         {"4/13/86", "*", "537**", "55,000"},
                                         {"2/28/76", "*", "537**", "60,000"}});
    auto bad = homogeneityAttack(notOk, {"DOB", "Sex", "ZIP"}, "Salary");
    QVERIFY(bad.isOk());
    QCOMPARE(bad->classes, std::size_t(3));
    QCOMPARE(bad->homogeneousClasses, std::size_t(3));
    QCOMPARE(bad->recordsAffected, std::size_t(6));
    QCOMPARE(bad->vulnerable[0].disclosedValue, std::string("50,000"));
    const Table ok = textTable(cols, {{"76-86", "*", "53715", "50,000"},
                                      {"76-86", "*", "53715", "55,000"},
                                      {"76-86", "*", "53703", "60,000"},
                                      {"76-86", "*", "53703", "50,000"},
                                      {"76-86", "*", "53706", "55,000"},
                                      {"76-86", "*", "53706", "60,000"}});
    auto good = homogeneityAttack(ok, {"DOB", "Sex", "ZIP"}, "Salary");
    QCOMPARE(good->vulnerableClasses, std::size_t(0));
    auto l3 = homogeneityAttack(ok, {"DOB", "Sex", "ZIP"}, "Salary", 3);  // every class has 2 < 3 values
    QCOMPARE(l3->vulnerableClasses, std::size_t(3));
    QCOMPARE(l3->homogeneousClasses, std::size_t(0));
    QVERIFY(!homogeneityAttack(ok, {"DOB"}, "Salary", 1).isOk());
    QVERIFY(!homogeneityAttack(ok, {"DOB"}, "Nope").isOk());
}

// Seed 002: "Everyone in their 30's has cancer".
void TestRiskAttacks::homogeneitySeed002() {
    std::vector<std::vector<std::string>> rows;
    for (const char* c : {"AIDS", "Heart Disease", "Viral Infection", "Viral Infection"}) rows.push_back({"<30", c});
    for (const char* c : {"Cancer", "Heart Disease", "Viral Infection", "Viral Infection"}) rows.push_back({">=40", c});
    for (int i = 0; i < 4; ++i) rows.push_back({"3*", "Cancer"});
    auto r = homogeneityAttack(textTable({"Age", "Condition"}, rows), {"Age"}, "Condition");
    QVERIFY(r.isOk());
    QCOMPARE(r->homogeneousClasses, std::size_t(1));
    QCOMPARE(r->vulnerable[0].key, (std::vector<std::string>{"3*"}));
    QCOMPARE(r->vulnerable[0].disclosedValue, std::string("Cancer"));
}

QTEST_APPLESS_MAIN(TestRiskAttacks)
#include "tst_risk_attacks.moc"
