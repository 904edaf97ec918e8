// Every privacy model checked against hand-computed equivalence classes: the 12-row 4-anonymous
// table of seed 002 (three classes of four), Li et al.'s salary/disease table (arx_test2) for
// ordered and hierarchical t-closeness, and the census table for delta-presence.
#include "test_support.h"

#include <QtTest>

using namespace veil;
using namespace veil::anonymity;
using namespace testsupport;

namespace {

const std::string kData = VEIL_TEST_DATA_DIR;

// Seed 002, slide "K-anonymity": already generalized; classes rows 1-4 {AIDS, Heart Disease,
// Viral Infection x2}, rows 5-8 {Cancer, Heart Disease, Viral Infection x2}, rows 9-12 {Cancer x4}.
Table seed002Table() {
    std::vector<std::vector<std::string>> rows;
    const char* young[] = {"AIDS", "Heart Disease", "Viral Infection", "Viral Infection"};
    const char* old[] = {"Cancer", "Heart Disease", "Viral Infection", "Viral Infection"};
    for (auto c : young) rows.push_back({"130**", "<30", "*", c});
    for (auto c : old) rows.push_back({"130**", ">=40", "*", c});
    for (int i = 0; i < 4; ++i) rows.push_back({"130**", "3*", "*", "Cancer"});
    return textTable({"Zip", "Age", "Nationality", "Condition"}, rows);
}

AnonymizationConfig seed002Config() {
    AnonymizationConfig cfg;
    cfg.quasiIdentifiers = {{"Zip", rowsHierarchy("Zip", {{"130**", "*"}})},
                            {"Age", rowsHierarchy("Age", {{"<30", "*"}, {">=40", "*"}, {"3*", "*"}})},
                            {"Nationality", rowsHierarchy("Nationality", {{"*", "*"}})}};
    cfg.sensitive = "Condition";
    cfg.transformation = std::vector<int>{0, 0, 0};
    return cfg;
}

// arx_test2 with Age at level 1 and ZIP fully generalized: classes rows 1-3 (salary 3,4,5;
// gastric ulcer, gastritis, stomach cancer), rows 4-6 (6,11,8; gastritis, flu, bronchitis),
// rows 7-9 (7,9,10; bronchitis, pneumonia, stomach cancer).
AnonymizationConfig test2Config() {
    AnonymizationConfig cfg;
    cfg.quasiIdentifiers = {{"ZIPCode", readHierarchy(kData + "/arx_test2/test2_hierarchy_ZIPCode.csv", "ZIPCode")},
                            {"Age", readHierarchy(kData + "/arx_test2/test2_hierarchy_Age.csv", "Age")}};
    cfg.transformation = std::vector<int>{5, 1};
    return cfg;
}

}  // namespace

class TestPrivacyModels : public QObject {
    Q_OBJECT
private slots:
    void seed002_data();
    void seed002();
    void orderedDistance_data();
    void orderedDistance();
    void hierarchicalDistance_data();
    void hierarchicalDistance();
    void deltaPresence();
    void parseSpellings_data();
    void parseSpellings();
};

void TestPrivacyModels::seed002_data() {
    QTest::addColumn<int>("k");
    QTest::addColumn<QString>("l");  // "" or CLI spelling
    QTest::addColumn<QString>("t");
    QTest::addColumn<double>("suppression");
    QTest::addColumn<bool>("anonymous");
    QTest::addColumn<int>("suppressed");
    // k: classes of 4.
    QTest::newRow("4-anonymous") << 4 << ""
                                 << "" << 0.0 << true << 0;
    QTest::newRow("not 5-anonymous") << 5 << ""
                                     << "" << 0.0 << false << 12;
    // distinct: 3, 3, 1 distinct conditions.
    QTest::newRow("distinct 2 fails on the cancer class") << 1 << "distinct:2"
                                                          << "" << 0.0 << false << 4;
    QTest::newRow("distinct 2 with the cancer class suppressed") << 1 << "distinct:2"
                                                                 << "" << 4.0 / 12 << true << 4;
    QTest::newRow("distinct 3 same") << 1 << "distinct:3"
                                     << "" << 4.0 / 12 << true << 4;
    QTest::newRow("distinct 4 fails everywhere") << 1 << "distinct:4"
                                                 << "" << 0.5 << false << 12;
    // entropy: classes 1-2 have H = 1.5 bits = log2(2.83); class 3 has 0.
    QTest::newRow("entropy 2.8 ok on classes 1-2") << 1 << "entropy:2.8"
                                                   << "" << 4.0 / 12 << true << 4;
    QTest::newRow("entropy 2.9 fails") << 1 << "entropy:2.9"
                                       << "" << 0.5 << false << 12;
    // recursive (c,2): counts (2,1,1): 2 < c (1 + 1) iff c > 1.
    QTest::newRow("recursive c=1 fails") << 1 << "recursive:1:2"
                                         << "" << 0.5 << false << 12;
    QTest::newRow("recursive c=1.01 holds") << 1 << "recursive:1.01:2"
                                            << "" << 4.0 / 12 << true << 4;
    // equal distance: D = 5/12, 1/4, 7/12 (q = AIDS 1/12, Heart 2/12, Viral 4/12, Cancer 5/12).
    QTest::newRow("equal t=0.6 all ok") << 1 << ""
                                        << "equal:0.6" << 0.0 << true << 0;
    QTest::newRow("equal t=0.5 fails class 3") << 1 << ""
                                               << "equal:0.5" << 0.0 << false << 4;
    QTest::newRow("equal t=0.4 fails classes 1 and 3") << 1 << ""
                                                       << "equal:0.4" << 8.0 / 12 << true << 8;
    QTest::newRow("equal t=0.4167 exact bound") << 1 << ""
                                                << "equal:0.41666666666666669" << 4.0 / 12 << true << 4;
    QTest::newRow("k and distinct together") << 4 << "distinct:2"
                                             << "equal:0.6" << 4.0 / 12 << true << 4;
}

void TestPrivacyModels::seed002() {
    QFETCH(int, k);
    QFETCH(QString, l);
    QFETCH(QString, t);
    QFETCH(double, suppression);
    QFETCH(bool, anonymous);
    QFETCH(int, suppressed);
    auto cfg = seed002Config();
    cfg.models.k = k;
    if (!l.isEmpty()) cfg.models.lDiversity = *parseLDiversity(l.toStdString());
    if (!t.isEmpty()) cfg.models.tCloseness = *parseTCloseness(t.toStdString());
    cfg.suppressionLimit = suppression;
    if (k > 4 && !cfg.models.needsSensitive()) cfg.sensitive.reset();
    auto r = anonymize(seed002Table(), cfg);
    QVERIFY2(r.isOk(), r.status().message().c_str());
    QCOMPARE(r->found, anonymous);
    QCOMPARE(int(r->classes.suppressedRecords()), suppressed);
    QCOMPARE(r->classes.classCount(), std::size_t(3));
}

void TestPrivacyModels::orderedDistance_data() {
    QTest::addColumn<double>("t");
    QTest::addColumn<int>("suppressed");
    // Hand-derived EMDs over salaries 3..11 (m = 9): {3,4,5} 27/9/8 = 0.375 (Li et al.'s
    // example), {6,11,8} 12/9/8 = 1/6, {7,9,10} 17/9/8 = 0.2361.
    QTest::newRow("t=0.3751 all ok") << 0.3751 << 0;
    QTest::newRow("t=0.37 first class fails") << 0.37 << 3;
    QTest::newRow("t=0.2 two fail") << 0.2 << 6;
    QTest::newRow("t=0.1 all fail") << 0.1 << 9;
}

void TestPrivacyModels::orderedDistance() {
    QFETCH(double, t);
    QFETCH(int, suppressed);
    auto cfg = test2Config();
    cfg.sensitive = "Salary";
    cfg.models.tCloseness = TCloseness{TClosenessVariant::OrderedDistance, t};
    cfg.suppressionLimit = 1.0;
    auto r = anonymize(readTable(kData + "/arx_test2/test2.csv"), cfg);
    QVERIFY2(r.isOk(), r.status().message().c_str());
    QCOMPARE(int(r->suppressed), suppressed);
}

void TestPrivacyModels::hierarchicalDistance_data() {
    QTest::addColumn<double>("t");
    QTest::addColumn<int>("suppressed");
    // Hand-derived (Li et al. 2007 hierarchical EMD, H = 3): class 1 {gastric ulcer, gastritis,
    // stomach cancer}: only the root moves mass, 4/9 x 3/3 = 0.444; classes 2 and 3: 1/27 at each
    // level-1 node plus 2/9 at the root = 8/27 = 0.296.
    QTest::newRow("t=0.45 all ok") << 0.45 << 0;
    QTest::newRow("t=0.4 class 1 fails") << 0.4 << 3;
    QTest::newRow("t=0.29 all fail") << 0.29 << 9;
}

void TestPrivacyModels::hierarchicalDistance() {
    QFETCH(double, t);
    QFETCH(int, suppressed);
    auto cfg = test2Config();
    cfg.sensitive = "Disease";
    cfg.sensitiveHierarchy = readHierarchy(kData + "/arx_test2/test2_hierarchy_Disease.csv", "Disease");
    cfg.models.tCloseness = TCloseness{TClosenessVariant::HierarchicalDistance, t};
    cfg.suppressionLimit = 1.0;
    auto r = anonymize(readTable(kData + "/arx_test2/test2.csv"), cfg);
    QVERIFY2(r.isOk(), r.status().message().c_str());
    QCOMPARE(int(r->suppressed), suppressed);
}

// Census table, node B1S1Z0: classes by ZIP {1,2}, {3,4}, {5,6}; research subset {1,2,4}:
// delta = 1, 1/2, 0. With delta in [0, 0.5] only the 53715 class fails.
void TestPrivacyModels::deltaPresence() {
    auto cfg = censusConfig(1);
    cfg.transformation = std::vector<int>{1, 1, 0};
    cfg.models.deltaPresence = DeltaPresence{0.0, 0.5, {true, true, false, true, false, false}};
    cfg.suppressionLimit = 1.0;
    auto r = anonymize(censusTable(), cfg);
    QVERIFY2(r.isOk(), r.status().message().c_str());
    QCOMPARE(r->suppressed, std::size_t(2));
    QCOMPARE(r->output.column(2).toString(0), std::string("*"));
    QCOMPARE(r->output.column(2).toString(2), std::string("53703"));
}

void TestPrivacyModels::parseSpellings_data() {
    QTest::addColumn<QString>("text");
    QTest::addColumn<bool>("ok");
    QTest::newRow("distinct") << "distinct:3" << true;
    QTest::newRow("entropy") << "entropy:2.5" << true;
    QTest::newRow("recursive") << "recursive:3:2" << true;
    QTest::newRow("recursive missing l") << "recursive:3" << false;
    QTest::newRow("unknown variant") << "folk:2" << false;
    QTest::newRow("not a number") << "distinct:two" << false;
    QTest::newRow("equal") << "equal:0.2" << true;
    QTest::newRow("ordered") << "ordered:0.3751" << true;
    QTest::newRow("hierarchical") << "hierarchical:1" << true;
    QTest::newRow("t above 1") << "equal:1.5" << false;
    QTest::newRow("unknown distance") << "emd:0.2" << false;
}

void TestPrivacyModels::parseSpellings() {
    QFETCH(QString, text);
    QFETCH(bool, ok);
    const std::string s = text.toStdString();
    const bool isT = s.rfind("equal", 0) == 0 || s.rfind("ordered", 0) == 0 || s.rfind("hierarchical", 0) == 0 ||
                     s.rfind("emd", 0) == 0;
    const bool parsed = isT ? parseTCloseness(s).isOk() : parseLDiversity(s).isOk();
    QCOMPARE(parsed, ok);
}

QTEST_APPLESS_MAIN(TestPrivacyModels)
#include "tst_privacy_models.moc"
