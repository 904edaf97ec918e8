// Optimal full-domain generalization: ARX 3.9.2 golden results, the seed-004 census lattice
// (Incognito), and properties (search status = brute force status, optimum = brute-force minimum).
#include "sanitizer_scale.h"
#include "test_support.h"

#include "veil/anonymity/anonymization.h"

#include <QtTest>

#include <cmath>

using namespace veil;
using namespace veil::anonymity;
using namespace testsupport;

namespace {

const std::string kData = VEIL_TEST_DATA_DIR;

AnonymizationConfig arxTestConfig() {
    AnonymizationConfig cfg;
    for (std::string c : {"age", "gender", "zipcode"})
        cfg.quasiIdentifiers.push_back({c, readHierarchy(kData + "/arx_test/test_hierarchy_" + c + ".csv", c)});
    cfg.models.k = 2;
    return cfg;
}

AnonymizationConfig arxTest2Config() {
    AnonymizationConfig cfg;
    // Attached in reverse order on purpose: the engine must use the file's column order.
    cfg.quasiIdentifiers.push_back({"Age", readHierarchy(kData + "/arx_test2/test2_hierarchy_Age.csv", "Age")});
    cfg.quasiIdentifiers.push_back(
        {"ZIPCode", readHierarchy(kData + "/arx_test2/test2_hierarchy_ZIPCode.csv", "ZIPCode")});
    cfg.sensitive = "Salary";
    cfg.models.tCloseness = TCloseness{TClosenessVariant::OrderedDistance, 0.3751};
    return cfg;
}

// Eight quasi-identifiers of about 350 distinct values each (400 rows): the label space of the
// bottom node exceeds 2^63, so classes are keyed by hash (verified on collision). Values are
// v0..v999, each generalized straight to * (a lattice of 2^8 nodes keeps brute force quick).
std::pair<Table, AnonymizationConfig> wideData() {
    constexpr int kQis = 8;
    std::vector<std::string> names;
    for (int q = 0; q < kQis; ++q) names.push_back("q" + std::to_string(q));
    std::uint64_t state = 12345;  // a fixed linear congruential sequence: test data, not noise
    std::vector<std::vector<std::string>> rows(400);
    for (auto& row : rows)
        for (int q = 0; q < kQis; ++q) {
            state = state * 6364136223846793005ULL + 1442695040888963407ULL;
            row.push_back("v" + std::to_string((state >> 33) % 1000));
        }
    std::vector<std::vector<std::string>> hierarchyRows;
    for (int v = 0; v < 1000; ++v) hierarchyRows.push_back({"v" + std::to_string(v), "*"});
    AnonymizationConfig cfg;
    for (const auto& n : names) cfg.quasiIdentifiers.push_back({n, rowsHierarchy(n, hierarchyRows)});
    cfg.models.k = 2;
    return {textTable(names, rows), cfg};
}

// Every node applied on its own: (anonymous, information loss).
struct Brute {
    std::vector<bool> anonymous;
    std::vector<double> loss;
};

Brute bruteForce(const Table& table, AnonymizationConfig cfg, const GeneralizationLattice& lattice) {
    Brute b;
    cfg.buildOutput = false;
    for (std::size_t i = 0; i < lattice.size(); ++i) {
        cfg.transformation = lattice.levelsOf(i);
        auto r = anonymize(table, cfg);
        if (!r) qFatal("%s", r.status().message().c_str());
        b.anonymous.push_back(r->found);
        b.loss.push_back(r->lattice.node(r->optimumIndex).informationLoss);
    }
    return b;
}

}  // namespace

class TestOptimalSearch : public QObject {
    Q_OBJECT
private slots:
    void arxExample2Golden();
    void arxExample48OrderedTClosenessGolden();
    void censusIncognitoLattice();
    void censusWithSuppression();
    void searchMatchesBruteForce_data();
    void searchMatchesBruteForce();
    void applyGivenNode();
    void cancellation();
    void badInput_data();
    void badInput();
};

// ARX 3.9.2 Example2 on data/test.csv (tests/data/arx_test/SOURCE.md): k=2, 0% suppression,
// default Loss metric -> [age, gender, zipcode] = [2, 0, 3], IL = 0.30055597162146275, every row
// released as "*;<gender>;81***". By hand: x_age = 1, x_gender = 0,
// x_zip = (7*0.1 - 7/10000)/(7 - 7/10000) truncated to 10 decimals; (2 * 1 * (1 + x_zip))^(1/3) - 1.
void TestOptimalSearch::arxExample2Golden() {
    const Table t = readTable(kData + "/arx_test/test.csv");
    auto r = anonymize(t, arxTestConfig());
    QVERIFY2(r.isOk(), r.status().message().c_str());
    QVERIFY(r->found);
    QCOMPARE(r->transformation, (std::vector<int>{2, 0, 3}));
    QCOMPARE(r->informationLoss, 0.30055597162146275);
    const double xZip = std::floor((0.7 - 0.0007) / (7 - 0.0007) * 1e10) / 1e10;
    QCOMPARE(r->informationLoss, std::cbrt(2.0 * (1.0 + xZip)) - 1.0);
    QCOMPARE(r->suppressed, std::size_t(0));
    QCOMPARE(r->classes.keptClasses(), std::size_t(2));  // male / female
    const Table& out = r->output;
    for (std::size_t row = 0; row < out.rowCount(); ++row) {
        QCOMPARE(out.column(0).toString(row), std::string("*"));
        QCOMPARE(out.column(2).toString(row), std::string("81***"));
        QCOMPARE(out.column(1).toString(row), t.column(1).toString(row));
    }
    QCOMPARE(r->riskAfter.prosecutorMax, 1.0 / 3.0);  // 3 female, 4 male
}

// ARX 3.9.2 Example48 on data/test2.csv: QIs ZIPCode, Age; Salary sensitive; ordered-distance
// t-closeness t = 0.3751, 0% suppression -> [2, 1], IL = 0.3693063937629153 (SOURCE.md).
void TestOptimalSearch::arxExample48OrderedTClosenessGolden() {
    const Table t = readTable(kData + "/arx_test2/test2.csv");
    auto r = anonymize(t, arxTest2Config());
    QVERIFY2(r.isOk(), r.status().message().c_str());
    QVERIFY(r->found);
    QCOMPARE(r->quasiIdentifiers, (std::vector<std::string>{"ZIPCode", "Age"}));
    QCOMPARE(r->transformation, (std::vector<int>{2, 1}));
    QCOMPARE(r->informationLoss, 0.3693063937629153);
    QCOMPARE(r->suppressed, std::size_t(0));
}

// Seed 004 census table, k = 2, no suppression. Hand-derived classes for all 12 nodes of the
// lattice DOB{0,1} x Sex{0,1} x ZIP{0,1,2}: 2-anonymous are B0S1Z2 ({1,4},{2,5},{3,6}),
// B1S0Z2 (M/F), B1S1Z0 (53715/53703/53706), B1S1Z1 and B1S1Z2. Loss of the three minimal nodes
// is (1*2*2)^(1/3)-1 each (two attributes fully generalized, one kept); the tie goes to the
// lowest height: B1S1Z0, the slide's "Ok!" table.
void TestOptimalSearch::censusIncognitoLattice() {
    auto r = anonymize(censusTable(), censusConfig(2));
    QVERIFY2(r.isOk(), r.status().message().c_str());
    QCOMPARE(r->transformation, (std::vector<int>{1, 1, 0}));
    QCOMPARE(r->informationLoss, std::cbrt(4.0) - 1.0);
    const auto& L = r->lattice;
    QCOMPARE(L.size(), std::size_t(12));
    std::vector<std::vector<int>> anonymous;
    for (std::size_t i = 0; i < L.size(); ++i)
        if (L.node(i).status == NodeStatus::Anonymous) anonymous.push_back(L.levelsOf(i));
    const std::vector<std::vector<int>> expected{{0, 1, 2}, {1, 0, 2}, {1, 1, 0}, {1, 1, 1}, {1, 1, 2}};
    QCOMPARE(anonymous, expected);
    QCOMPARE(L.countStatus(NodeStatus::Unknown), std::size_t(0));
    QVERIFY(L.node(r->optimumIndex).optimum);
    QCOMPARE(r->classes.classSize, (std::vector<std::size_t>{2, 2, 2}));
    QCOMPARE(r->output.column(2).toString(0), std::string("53715"));
    QCOMPARE(r->output.column(0).toString(0), std::string("76-86"));
    QCOMPARE(r->output.column(1).toString(0), std::string("*"));
    QCOMPARE(r->riskBefore.prosecutorMax, 1.0);  // all six records unique on (DOB, Sex, ZIP)
    QCOMPARE(r->riskAfter.prosecutorAvg, 0.5);   // 3 classes / 6 records
}

// With 2 of 6 records allowed to be suppressed, B1S0Z0 ((M,53715) {1}, (F,53715) {2}, (M,53703)
// {3,4}, (F,53706) {5,6}) becomes acceptable by suppressing records 1 and 2. Loss with suppressed
// records counting 1 per QI: x_DOB = 1, x_Sex = (4*(1/2) + 2 - 3)/(6 - 3) = 1/3,
// x_ZIP = (4*(1/4) + 2 - 1.5)/(6 - 1.5) = 1/3 -> cbrt(2 * 4/3 * 4/3) - 1. B0S0Z2 (suppressing
// records 3 and 6) has the same loss but a greater height, so B1S0Z0 wins the tie.
void TestOptimalSearch::censusWithSuppression() {
    auto cfg = censusConfig(2);
    cfg.suppressionLimit = 2.0 / 6.0;
    auto r = anonymize(censusTable(), cfg);
    QVERIFY2(r.isOk(), r.status().message().c_str());
    QCOMPARE(r->transformation, (std::vector<int>{1, 0, 0}));
    QCOMPARE(r->suppressed, std::size_t(2));
    QCOMPARE(r->output.column(0).toString(0), std::string("*"));
    QCOMPARE(r->output.column(2).toString(1), std::string("*"));
    QCOMPARE(r->output.column(3).toString(1), std::string("55,000"));  // non-QI columns kept
    QCOMPARE(r->output.column(2).toString(2), std::string("53703"));
    const double x = std::floor(1.0 / 3.0 * 1e10) / 1e10;
    QCOMPARE(r->informationLoss, std::cbrt(2.0 * (1 + x) * (1 + x)) - 1.0);
    QCOMPARE(r->classes.minKeptClassSize(), std::size_t(2));
}

void TestOptimalSearch::searchMatchesBruteForce_data() {
    QTest::addColumn<QString>("dataset");
    QTest::addColumn<int>("metric");
    QTest::addColumn<double>("suppression");
    for (auto m : {MetricKind::Loss, MetricKind::Entropy, MetricKind::EntropyNonMonotonic, MetricKind::Discernibility,
                   MetricKind::DiscernibilityPenalized, MetricKind::Aecs, MetricKind::Precision, MetricKind::Height}) {
        for (double s : {0.0, 0.34}) {
            QTest::addRow("census %s s=%g", metricName(m), s) << "census" << int(m) << s;
            // The 10,000-row zipcode hierarchy makes each brute-force step slow: fewer metrics.
            // The sanitizer build takes one row of each slow kind (sanitizer_scale.h).
            const bool slowRow = !veil::test::kSanitized || (m == MetricKind::Loss && s > 0);
            if (slowRow && (m == MetricKind::Loss || m == MetricKind::EntropyNonMonotonic || m == MetricKind::Aecs))
                QTest::addRow("arx_test %s s=%g", metricName(m), s) << "arx_test" << int(m) << s;
            QTest::addRow("arx_test2 t-closeness %s s=%g", metricName(m), s) << "arx_test2" << int(m) << s;
            if (slowRow && (m == MetricKind::Loss || m == MetricKind::Entropy))
                QTest::addRow("wide hashed %s s=%g", metricName(m), s) << "wide" << int(m) << s;
        }
    }
}

// Properties: (1) every node's status from the search equals the status of applying that node
// alone (monotonicity-based tagging never lies); a node left unvisited (models that are not
// monotonic: the search stops once the loss bound passes the best loss) has a bound above the
// optimum's loss, and every bound is at most the node's loss; (2) the optimum is the brute-force
// minimum with the documented tie-break (lower height, then lexicographic levels).
void TestOptimalSearch::searchMatchesBruteForce() {
    QFETCH(QString, dataset);
    QFETCH(int, metric);
    QFETCH(double, suppression);
    Table t;
    AnonymizationConfig cfg;
    if (dataset == "census") {
        t = censusTable();
        cfg = censusConfig(2);
    } else if (dataset == "wide") {
        std::tie(t, cfg) = wideData();
    } else if (dataset == "arx_test") {
        t = readTable(kData + "/arx_test/test.csv");
        cfg = arxTestConfig();
    } else {
        t = readTable(kData + "/arx_test2/test2.csv");
        cfg = arxTest2Config();
    }
    cfg.metric = MetricKind(metric);
    cfg.suppressionLimit = suppression;
    auto r = anonymize(t, cfg);
    QVERIFY2(r.isOk(), r.status().message().c_str());
    const auto& L = r->lattice;
    const Brute b = bruteForce(t, cfg, L);
    bool any = false;
    std::size_t best = 0;
    for (std::size_t i = 0; i < L.size(); ++i) {
        const double bound = L.node(i).lowerBound;
        if (b.anonymous[i] && !std::isnan(bound))
            QVERIFY(bound <= b.loss[i] + 1e-9 * std::max(1.0, std::fabs(b.loss[i])));
        if (L.node(i).status == NodeStatus::Unknown) {
            QVERIFY(r->found);
            QVERIFY2(bound > r->informationLoss,
                     qPrintable(QStringLiteral("node %1 unvisited below the optimum's loss").arg(i)));
        } else {
            QCOMPARE(L.node(i).status == NodeStatus::Anonymous, bool(b.anonymous[i]));
        }
        if (!b.anonymous[i]) continue;
        if (!any || b.loss[i] < b.loss[best] || (b.loss[i] == b.loss[best] && L.heightOf(i) < L.heightOf(best))) {
            best = i;
            any = true;
        }
    }
    QCOMPARE(r->found, any);
    if (any) {
        QCOMPARE(r->transformation, L.levelsOf(best));
        QCOMPARE(r->informationLoss, b.loss[best]);
    }
}

void TestOptimalSearch::applyGivenNode() {
    auto cfg = censusConfig(2);
    cfg.transformation = std::vector<int>{0, 0, 2};
    auto r = anonymize(censusTable(), cfg);
    QVERIFY(r.isOk());
    QVERIFY(!r->found);  // {3} and {6} are singletons and nothing may be suppressed
    QVERIFY(r->message.find("does not satisfy") != std::string::npos);
    QCOMPARE(r->classes.suppressedRecords(), std::size_t(2));
    QCOMPARE(r->classes.classCount(), std::size_t(4));
}

void TestOptimalSearch::cancellation() {
    CancelToken token;
    token.cancel();
    RunContext ctx;
    ctx.cancel = &token;
    auto r = anonymize(readTable(kData + "/arx_test/test.csv"), arxTestConfig(), ctx);
    QVERIFY(!r.isOk());
    QCOMPARE(r.status().code(), StatusCode::Cancelled);
}

void TestOptimalSearch::badInput_data() {
    QTest::addColumn<QString>("caseName");
    QTest::addColumn<QString>("expected");
    QTest::newRow("k larger than N") << "k"
                                     << "larger than the number of records";
    QTest::newRow("unknown column") << "column"
                                    << "nosuch";
    QTest::newRow("missing hierarchy value") << "hierarchy"
                                             << "'53703'";
    QTest::newRow("l above distinct sensitive values") << "l"
                                                       << "only 6 distinct";
    QTest::newRow("qi without hierarchy") << "nohierarchy"
                                          << "has no hierarchy";
    QTest::newRow("sensitive missing for l-diversity") << "nosensitive"
                                                       << "need a sensitive attribute";
    QTest::newRow("suppression above 1") << "suppression"
                                         << "suppression limit";
    QTest::newRow("hierarchy not a tree") << "tree"
                                          << "not a tree";
}

void TestOptimalSearch::badInput() {
    QFETCH(QString, caseName);
    QFETCH(QString, expected);
    auto cfg = censusConfig(2);
    if (caseName == "k") cfg.models.k = 7;
    if (caseName == "column") cfg.quasiIdentifiers[0].column = "nosuch";
    if (caseName == "hierarchy")
        cfg.quasiIdentifiers[2].hierarchy = rowsHierarchy("ZIP", {{"53715", "*"}, {"53706", "*"}});
    if (caseName == "l") {
        cfg.sensitive = "Salary";
        cfg.models.lDiversity = LDiversity{LDiversityVariant::Distinct, 7, 1};
    }
    if (caseName == "nohierarchy") cfg.quasiIdentifiers[1].hierarchy.reset();
    if (caseName == "nosensitive") cfg.models.lDiversity = LDiversity{};
    if (caseName == "suppression") cfg.suppressionLimit = 1.5;
    if (caseName == "tree")
        cfg.quasiIdentifiers[1].hierarchy = rowsHierarchy("Sex", {{"M", "a", "*"}, {"F", "a", "*"}, {"X", "a", "b"}});
    auto r = anonymize(censusTable(), cfg);
    QVERIFY(!r.isOk());
    QVERIFY2(QString::fromStdString(r.status().message()).contains(expected), r.status().message().c_str());
}

QTEST_APPLESS_MAIN(TestOptimalSearch)
#include "tst_optimal_search.moc"
