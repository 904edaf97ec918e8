// MDAV microaggregation (Domingo-Ferrer & Mateo-Sanz, IEEE TKDE 2002): groups, means and SSE/SST on
// hand-worked examples, group sizes and means on random data, and MDAV as an anonymize() algorithm
// (numeric QIs replaced by means, categorical QIs generalized within groups, refusals).
#include "test_support.h"

#include "veil/anonymity/microaggregation.h"

#include <QtTest>

#include <cmath>
#include <map>
#include <random>
#include <set>

using namespace veil;
using namespace veil::anonymity;
using namespace testsupport;

namespace {

std::set<std::set<std::size_t>> groupSets(const Microaggregation& m) {
    std::set<std::set<std::size_t>> out;
    for (const auto& g : m.groups) out.insert(std::set<std::size_t>(g.begin(), g.end()));
    return out;
}

// SSE/SST computed here from scratch: per column, the within-group sum of squares over the total
// (standardising divides both by the same variance, so each column's ratio is scale-free and the
// standardised SSE/SST is the mean of the ratios over non-constant columns).
double referenceSseOverSst(const std::vector<std::vector<double>>& cols, const Microaggregation& m) {
    double sum = 0;
    int used = 0;
    for (const auto& c : cols) {
        double mean = 0;
        for (double v : c) mean += v / double(c.size());
        double sst = 0, sse = 0;
        for (double v : c) sst += (v - mean) * (v - mean);
        for (const auto& g : m.groups) {
            double gm = 0;
            for (auto i : g) gm += c[i] / double(g.size());
            for (auto i : g) sse += (c[i] - gm) * (c[i] - gm);
        }
        if (sst > 0) sum += sse / sst, ++used;
    }
    return used ? sum / used : 0.0;
}

Table numericTable(const std::vector<std::string>& names, const std::vector<std::vector<std::int64_t>>& rows) {
    std::vector<std::shared_ptr<const Column>> cols;
    for (std::size_t c = 0; c < names.size(); ++c) {
        Column::Builder b(names[c], ColumnType::Integer, rows.size());
        for (const auto& r : rows) b.appendInteger(r[c]);
        cols.push_back(b.finish());
    }
    return Table(cols);
}

AnonymizationConfig mdavConfig(const std::vector<std::string>& qis, int k) {
    AnonymizationConfig cfg;
    for (const auto& q : qis) cfg.quasiIdentifiers.push_back({q, std::nullopt});
    cfg.models.k = k;
    cfg.algorithm = Algorithm::Mdav;
    return cfg;
}

}  // namespace

class TestMicroaggregation : public QObject {
    Q_OBJECT
private slots:
    void sevenPointsK3();
    void mainLoopOneDimension();
    void propertiesOnRandomData_data();
    void propertiesOnRandomData();
    void badInput();
    void anonymizeNumeric();
    void anonymizeWithCategorical();
    void anonymizeRefusals();
};

// Seven points, k = 3, symmetric under swapping x and y, so both columns have the same standard
// deviation: standardising is one uniform scaling and the order of distances is that of the raw
// points. A(1,1) B(1,3) C(3,1) D(8,8) E(8,10) F(10,8) G(12,12), centroid (43/7, 43/7) ~ (6.14, 6.14).
// n = 7 < 3k = 9 and >= 2k = 6: one group around the record farthest from the centroid, G (squared
// distance 2 x 5.857^2 = 68.6, A has 52.9), with its 2 nearest E and F (20 each; D 32), i.e.
// {E,F,G}, mean (10, 10); the 4 left {A,B,C,D} (between k and 2k-1) form the last group, mean
// (13/4, 13/4). SSE/SST (raw, same scale on both columns): SST per column = 383 - 43^2/7 = 832/7;
// SSE per column = (4 + 0 + 4) + (2.25^2 x 2 + 0.25^2 + 4.75^2) = 8 + 32.75 = 40.75; ratio
// 40.75 x 7 / 832 = 1141/3328.
void TestMicroaggregation::sevenPointsK3() {
    const std::vector<std::vector<double>> cols{{1, 1, 3, 8, 8, 10, 12}, {1, 3, 1, 8, 10, 8, 12}};
    auto m = mdav(cols, 3);
    QVERIFY2(m.isOk(), m.status().message().c_str());
    QCOMPARE(m->groups.size(), std::size_t(2));
    const std::set<std::set<std::size_t>> expected{{4, 5, 6}, {0, 1, 2, 3}};
    QCOMPARE(groupSets(*m), expected);
    QCOMPARE(m->groups.front(), (std::vector<std::size_t>{4, 5, 6}));  // formed first
    QCOMPARE(m->groupMeans[0], (std::vector<double>{10.0, 10.0}));
    QCOMPARE(m->groupMeans[1], (std::vector<double>{3.25, 3.25}));
    QCOMPARE(m->recordGroup, (std::vector<std::uint32_t>{1, 1, 1, 1, 0, 0, 0}));
    QCOMPARE(m->sseOverSst(), 1141.0 / 3328.0);
    // Standardised SST = (n - 1) x columns.
    QCOMPARE(m->sst, 12.0);
}

// Ten values, k = 3, given shuffled: 5 20 3 9 1 7 2 8 4 6 (mean 6.5). n = 10 >= 3k: r = 20 (13.5
// from the mean; 1 is 5.5 away), s = 1 (farthest from 20); group {20, 9, 8} (mean 37/3), then
// around 1 among the rest {1, 2, 3} (mean 2); 4 left < 2k = 6: last group {4, 5, 6, 7} (mean 5.5).
// SSE = (23^2 + 10^2 + 13^2)/9 + 2 + 5 = 861/9; SST = 685 - 65^2/10 = 262.5; SSE/SST = 82/225.
void TestMicroaggregation::mainLoopOneDimension() {
    const std::vector<std::vector<double>> cols{{5, 20, 3, 9, 1, 7, 2, 8, 4, 6}};
    auto m = mdav(cols, 3);
    QVERIFY2(m.isOk(), m.status().message().c_str());
    QCOMPARE(m->groups.size(), std::size_t(3));
    QCOMPARE(m->groups[0], (std::vector<std::size_t>{1, 3, 7}));     // 20, 9, 8
    QCOMPARE(m->groups[1], (std::vector<std::size_t>{2, 4, 6}));     // 3, 1, 2
    QCOMPARE(m->groups[2], (std::vector<std::size_t>{0, 5, 8, 9}));  // 5, 7, 4, 6
    QCOMPARE(m->groupMeans[0][0], 37.0 / 3.0);
    QCOMPARE(m->groupMeans[1][0], 2.0);
    QCOMPARE(m->groupMeans[2][0], 5.5);
    QCOMPARE(m->sseOverSst(), 82.0 / 225.0);
}

void TestMicroaggregation::propertiesOnRandomData_data() {
    QTest::addColumn<int>("n");
    QTest::addColumn<int>("columns");
    QTest::addColumn<int>("k");
    QTest::addColumn<int>("range");  // values drawn from 0..range-1 (small ranges give ties)
    QTest::newRow("n=1 k=1") << 1 << 1 << 1 << 10;
    QTest::newRow("n=5 k=5") << 5 << 2 << 5 << 10;
    QTest::newRow("n=9 k=5 (< 2k)") << 9 << 2 << 5 << 100;
    QTest::newRow("n=100 k=1") << 100 << 2 << 1 << 1000;
    QTest::newRow("n=200 k=3 ties") << 200 << 2 << 3 << 4;
    QTest::newRow("n=257 k=4") << 257 << 3 << 4 << 1000;
    QTest::newRow("n=500 k=7 constant") << 500 << 2 << 7 << 1;
    QTest::newRow("n=1000 k=10") << 1000 << 1 << 10 << 90;
}

// Every record in exactly one group; every group but the last has k records, the last k..2k-1;
// means and SSE/SST equal those recomputed here. Fixed seed; the checks are exact, not statistical.
void TestMicroaggregation::propertiesOnRandomData() {
    QFETCH(int, n);
    QFETCH(int, columns);
    QFETCH(int, k);
    QFETCH(int, range);
    std::mt19937_64 rng(20261126);
    std::vector<std::vector<double>> cols(static_cast<std::size_t>(columns),
                                          std::vector<double>(static_cast<std::size_t>(n)));
    for (auto& c : cols)
        for (auto& v : c) v = double(rng() % std::uint64_t(range));
    auto m = mdav(cols, std::size_t(k));
    QVERIFY2(m.isOk(), m.status().message().c_str());
    std::vector<int> seen(std::size_t(n), 0);
    const std::size_t kk = std::size_t(k);
    for (std::size_t g = 0; g < m->groups.size(); ++g) {
        const auto& members = m->groups[g];
        const bool last = g + 1 == m->groups.size();
        QVERIFY2(last ? members.size() >= kk && members.size() <= 2 * kk - 1 : members.size() == kk,
                 qPrintable(QStringLiteral("group %1 has %2 records").arg(g).arg(members.size())));
        for (auto i : members) {
            ++seen[i];
            QCOMPARE(m->recordGroup[i], std::uint32_t(g));
        }
        for (std::size_t j = 0; j < cols.size(); ++j) {
            double mean = 0;
            for (auto i : members) mean += cols[j][i];
            mean /= double(members.size());
            QVERIFY(std::abs(m->groupMeans[g][j] - mean) <= 1e-9 * (1 + std::abs(mean)));
        }
    }
    for (int s : seen) QCOMPARE(s, 1);
    const double ref = referenceSseOverSst(cols, *m);
    QVERIFY2(std::abs(m->sseOverSst() - ref) <= 1e-9,
             qPrintable(QStringLiteral("SSE/SST %1, recomputed %2").arg(m->sseOverSst()).arg(ref)));
    QVERIFY(m->sseOverSst() >= 0 && m->sseOverSst() <= 1);
    if (k == 1) QCOMPARE(m->sseOverSst(), 0.0);
}

void TestMicroaggregation::badInput() {
    QVERIFY(!mdav({}, 2).isOk());
    QVERIFY(!mdav({{}}, 1).isOk());
    QVERIFY(!mdav({{1, 2, 3}}, 0).isOk());
    QVERIFY(!mdav({{1, 2, 3}}, 4).isOk());
    QVERIFY(!mdav({{1, 2, 3}, {1, 2}}, 1).isOk());
    QVERIFY(!mdav({{1, std::nan(""), 3}}, 1).isOk());
    QVERIFY(!mdav({{1, HUGE_VAL, 3}}, 1).isOk());
}

// The seven points of sevenPointsK3 as an integer table: x and y released as real group means,
// classes = groups, metric SSE/SST, nothing suppressed.
void TestMicroaggregation::anonymizeNumeric() {
    const Table t = numericTable({"x", "y"}, {{1, 1}, {1, 3}, {3, 1}, {8, 8}, {8, 10}, {10, 8}, {12, 12}});
    auto r = anonymize(t, mdavConfig({"x", "y"}, 3));
    QVERIFY2(r.isOk(), r.status().message().c_str());
    QVERIFY(r->found);
    QCOMPARE(r->algorithm, Algorithm::Mdav);
    QCOMPARE(r->metric, MetricKind::Sse);
    QCOMPARE(r->informationLoss, 1141.0 / 3328.0);
    QCOMPARE(r->metrics.sse, 1141.0 / 3328.0);
    QCOMPARE(r->metrics.discernibility, 9.0 + 16.0);
    QCOMPARE(r->metrics.aecs, 3.5);
    QVERIFY(std::isnan(r->metrics.loss));
    QCOMPARE(r->classes.minKeptClassSize(), std::size_t(3));
    QCOMPARE(r->suppressed, std::size_t(0));
    QCOMPARE(r->riskBefore.prosecutorMax, 1.0);
    QCOMPARE(r->riskAfter.prosecutorMax, 1.0 / 3.0);
    QCOMPARE(r->output.column(0).type(), ColumnType::Real);
    const std::vector<double> x{3.25, 3.25, 3.25, 3.25, 10, 10, 10};
    for (std::size_t i = 0; i < 7; ++i) {
        QCOMPARE(r->output.column(0).numericAt(i), x[i]);
        QCOMPARE(r->output.column(1).numericAt(i), x[i]);
    }
    QVERIFY(r->warnings.empty());
}

// A categorical QI between two numeric ones (table order kept): MDAV groups on age only (k = 2:
// ages 20 21 | 22 23 | 60 61 62 -> n = 7 >= 3k: r = 62, s = 20; groups {62, 61}, {20, 21}; 3 left:
// {22, 23, 60}); sex is generalized within each group to its hierarchy's common ancestor.
void TestMicroaggregation::anonymizeWithCategorical() {
    std::vector<std::shared_ptr<const Column>> cols;
    Column::Builder age("age", ColumnType::Integer, 7), sex("sex", ColumnType::Categorical, 7);
    const std::vector<std::int64_t> ages{20, 21, 22, 23, 60, 61, 62};
    const std::vector<std::string> sexes{"M", "F", "M", "M", "F", "F", "F"};
    for (std::size_t i = 0; i < 7; ++i) age.appendInteger(ages[i]), sex.appendCategory(sexes[i]);
    const Table t({sex.finish(), age.finish()});
    auto cfg = mdavConfig({"age", "sex"}, 2);
    cfg.quasiIdentifiers[1].hierarchy = rowsHierarchy("sex", {{"M", "*"}, {"F", "*"}});
    auto r = anonymize(t, cfg);
    QVERIFY2(r.isOk(), r.status().message().c_str());
    QCOMPARE(r->quasiIdentifiers, (std::vector<std::string>{"sex", "age"}));
    QCOMPARE(r->classes.classCount(), std::size_t(3));
    QCOMPARE(r->classes.classLabels[0], (std::vector<std::string>{"F", "61.5"}));
    QCOMPARE(r->classes.classLabels[1], (std::vector<std::string>{"*", "20.5"}));
    QCOMPARE(r->classes.classLabels[2], (std::vector<std::string>{"*", "35"}));
    QCOMPARE(r->warnings.size(), std::size_t(1));
    QVERIFY(r->warnings[0].find("categorical ones (sex)") != std::string::npos);
    // Every released (sex, age) combination occurs at least k = 2 times.
    std::map<std::pair<std::string, double>, int> count;
    std::string scratch;
    for (std::size_t i = 0; i < 7; ++i)
        ++count[{std::string(r->output.column(0).stringViewAt(i, scratch)), r->output.column(1).numericAt(i)}];
    for (const auto& entry : count) QVERIFY(entry.second >= 2);
    // Without a hierarchy the group's values are listed.
    cfg.quasiIdentifiers[1].hierarchy.reset();
    auto sets = anonymize(t, cfg);
    QVERIFY(sets.isOk());
    QCOMPARE(sets->classes.classLabels[1][0], std::string("{F,M}"));
}

void TestMicroaggregation::anonymizeRefusals() {
    const Table t = numericTable({"x", "y"}, {{1, 1}, {1, 3}, {3, 1}, {8, 8}});
    auto tooBig = anonymize(t, mdavConfig({"x"}, 5));
    QVERIFY(!tooBig.isOk());
    auto cfg = mdavConfig({"x"}, 2);
    cfg.sensitive = "y";
    cfg.models.lDiversity = LDiversity{};
    auto l = anonymize(t, cfg);
    QVERIFY(!l.isOk());
    QVERIFY2(l.status().message().find("k-anonymity only") != std::string::npos, l.status().message().c_str());
    auto noNumeric = anonymize(censusTable(), mdavConfig({"Sex", "ZIP"}, 2));
    QVERIFY(!noNumeric.isOk());
    QVERIFY2(noNumeric.status().message().find("none of the quasi-identifiers is numeric") != std::string::npos,
             noNumeric.status().message().c_str());
    auto opt = mdavConfig({"x"}, 2);
    opt.algorithm = Algorithm::Optimal;
    opt.metric = MetricKind::Sse;
    opt.quasiIdentifiers[0].hierarchy = rowsHierarchy("x", {{"1", "*"}, {"3", "*"}, {"8", "*"}});
    auto sseOptimal = anonymize(t, opt);
    QVERIFY(!sseOptimal.isOk());
    QVERIFY2(sseOptimal.status().message().find("applies to MDAV only") != std::string::npos,
             sseOptimal.status().message().c_str());
}

QTEST_GUILESS_MAIN(TestMicroaggregation)
#include "tst_microaggregation.moc"
