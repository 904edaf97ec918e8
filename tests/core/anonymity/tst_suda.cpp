// SUDA2 special uniques. Published values: sdcMicro's tests/testthat/test_suda2.R (sdcTools/sdcMicro),
// "suda2 sdc guideline" (the SDC practice guide's ten records: scores 0,0,6,0,12,0,6,10,0,0),
// "suda2 book example" (Templ 2017's eight records: scores of records 5-8 = 4,2,6,8) and "suda2 simple
// example contrubtion" (attribute contributions 50, 37.5, 37.5). The guideline table's MSUs, DIS
// scores and contributions are also derived by hand below; random tables are checked against an
// exhaustive search of every attribute set.
#include "test_support.h"
#include "veil/anonymity/suda.h"

#include <QtTest/QtTest>

#include <bit>
#include <cmath>
#include <random>

using namespace veil::anonymity;

namespace {

// The SDC practice guide's table (Benschop, Machingauta & Welch), as in sdcMicro's test:
//  #  Residence Gender Education             Labor       MSUs (by hand)                       score
//  1  Urban     Female Secondary incomplete  Employed    (same as 2)                          0
//  2  Urban     Female Secondary incomplete  Employed                                         0
//  3  Urban     Female Primary incomplete    Non-LF      {Primary incomplete}                 3! = 6
//  4  Urban     Male   Secondary complete    Employed    (same as 6)                          0
//  5  Rural     Female Secondary complete    Unemployed  {Rural}, {Female, Sec. complete},
//                                                        {Female, Unemployed},
//                                                        {Sec. complete, Unemployed}          6 + 3 x 2! = 12
//  6  Urban     Male   Secondary complete    Employed                                         0
//  7  Urban     Female Primary complete      Non-LF      {Primary complete}                   6
//  8  Urban     Male   Post-secondary        Unemployed  {Post-secondary}, {Male, Unemployed},
//                                                        {Urban, Unemployed}                  6 + 2 + 2 = 10
//  9  Urban     Female Secondary incomplete  Non-LF      (same as 10)                         0
// 10  Urban     Female Secondary incomplete  Non-LF                                           0
// Four attributes: an MSU of size s weighs (4 - s)!: 6, 2, 1, 1.
veil::Table guidelineTable() {
    return testsupport::textTable({"Residence", "Gender", "Education", "Labor"},
                                  {{"Urban", "Female", "Secondary incomplete", "Employed"},
                                   {"Urban", "Female", "Secondary incomplete", "Employed"},
                                   {"Urban", "Female", "Primary incomplete", "Non-LF"},
                                   {"Urban", "Male", "Secondary complete", "Employed"},
                                   {"Rural", "Female", "Secondary complete", "Unemployed"},
                                   {"Urban", "Male", "Secondary complete", "Employed"},
                                   {"Urban", "Female", "Primary complete", "Non-LF"},
                                   {"Urban", "Male", "Post-secondary", "Unemployed"},
                                   {"Urban", "Female", "Secondary incomplete", "Non-LF"},
                                   {"Urban", "Female", "Secondary incomplete", "Non-LF"}});
}
const std::vector<std::string> kGuidelineQis = {"Residence", "Gender", "Education", "Labor"};

bool near(double a, double b, double tol = 1e-9) { return std::abs(a - b) <= tol * std::max(1.0, std::abs(b)); }

// Per record and size, the MSUs found by trying every attribute set (unique, and no subset with
// one attribute less unique); missing cells ("") never in an MSU.
std::vector<std::vector<std::uint32_t>> bruteForce(const std::vector<std::vector<int>>& rows, std::size_t maxSize) {
    const std::size_t n = rows.size(), m = rows[0].size();
    auto count = [&](std::size_t r, std::uint32_t set) {
        std::size_t k = 0;
        for (std::size_t j = 0; j < n; ++j) {
            bool same = true;
            for (std::size_t c = 0; c < m && same; ++c)
                if (set & (1u << c)) same = rows[j][c] == rows[r][c];
            k += same ? 1 : 0;
        }
        return k;
    };
    std::vector<std::vector<std::uint32_t>> out(n, std::vector<std::uint32_t>(maxSize, 0));
    for (std::size_t r = 0; r < n; ++r)
        for (std::uint32_t set = 1; set < (1u << m); ++set) {
            const auto size = std::size_t(std::popcount(set));
            bool usable = size <= maxSize;
            for (std::size_t c = 0; c < m && usable; ++c)
                if (set & (1u << c)) usable = rows[r][c] >= 0;
            if (!usable || count(r, set) != 1) continue;
            bool minimal = true;
            for (std::size_t c = 0; c < m && minimal; ++c)
                if (set & (1u << c)) minimal = size == 1 || count(r, set & ~(1u << c)) > 1;
            if (minimal) ++out[r][size - 1];
        }
    return out;
}

}  // namespace

class TestSuda : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void weights() {
        QCOMPARE(sudaWeight(1, 4, 4), 6.0);  // (4 - 1)!
        QCOMPARE(sudaWeight(2, 4, 4), 2.0);
        QCOMPARE(sudaWeight(3, 4, 4), 1.0);
        QCOMPARE(sudaWeight(4, 4, 4), 1.0);
        QCOMPARE(sudaWeight(1, 9, 9), 40320.0);  // 8!
        // Stopping at size 2 of 4: prod_{i=s}^{1} (4 - i).
        QCOMPARE(sudaWeight(1, 4, 2), 3.0);
        QCOMPARE(sudaWeight(2, 4, 2), 1.0);
    }

    void guidelineByHand() {
        auto r = suda2(guidelineTable(), kGuidelineQis);
        QVERIFY2(r, r.status().message().c_str());
        const std::vector<double> scores = {0, 0, 6, 0, 12, 0, 6, 10, 0, 0};  // sdcMicro's test
        for (std::size_t i = 0; i < scores.size(); ++i) QCOMPARE(r->score[i], scores[i]);
        QCOMPARE(r->msuCount(4, 1), 1u);
        QCOMPARE(r->msuCount(4, 2), 3u);
        QCOMPARE(r->msuCount(7, 1), 1u);
        QCOMPARE(r->msuCount(7, 2), 2u);
        QCOMPARE(r->totalMsus, std::size_t(9));
        QCOMPARE(r->recordsWithMsus, std::size_t(4));
        QCOMPARE(r->msusOfSize, (std::vector<std::size_t>{4, 5, 0, 0}));
        QCOMPARE(r->recordsWithSize, (std::vector<std::size_t>{4, 2, 0, 0}));
        QCOMPARE(r->sampleUniques, std::size_t(4));  // records 3, 5, 7, 8
        QCOMPARE(r->pairedRecords, std::size_t(6));  // 1-2, 4-6, 9-10
        // Record 5's kept MSUs, smallest first: {Residence}, then the pairs by attribute mask.
        QCOMPARE(r->msus[4], (std::vector<std::uint64_t>{0b0001, 0b0110, 0b1010}));
        // Contributions: total score 34; Residence 6 ({Rural}) + 2 ({Urban, Unemployed}) = 8,
        // Gender 3 x 2 = 6, Education 6 + 2 + 2 + 6 + 6 = 22, Labor 4 x 2 = 8.
        const std::vector<double> contribution = {800 / 34., 600 / 34., 2200 / 34., 800 / 34.};
        for (std::size_t c = 0; c < 4; ++c) QVERIFY(near(r->contribution[c], contribution[c]));
        // Share of the 9 MSUs holding each attribute: 2, 3, 5, 4.
        QVERIFY(near(r->msuShare[2], 5 / 9.));
        // DIS with f = 0.01: dis = U f / (U f + P (1 - f)) = 0.04 / 5.98, U / dis - U = 598 - 4 = 594,
        // q = 1 + (8 - 4) / 20 = 1.2, adjustment = 2 x 6^-1.2 + 12^-1.2 + 10^-1.2 = 0.346735...;
        // record 5: 1 / (1 + 594 / (12^1.2 x 0.346735)) = 0.0113830.
        const double adjust = 2 * std::pow(6.0, -1.2) + std::pow(12.0, -1.2) + std::pow(10.0, -1.2);
        QVERIFY(near(adjust, 0.34673513586297955));
        QVERIFY(near(r->disScore[4], 1 / (1 + 594 / (std::pow(12.0, 1.2) * adjust))));
        QVERIFY(near(r->disScore[4], 0.011383006246553124));
        QVERIFY(near(r->disScore[2], 0.004986797707115755));
        QVERIFY(near(r->disScore[7], 0.009166678732077927));
        QCOMPARE(r->disScore[0], 0.0);
        QCOMPARE(disScoreBands(r->disScore), (std::vector<std::size_t>{6, 4, 0, 0, 0, 0, 0, 0, 0}));
        QCOMPARE(r->topRecords(3), (std::vector<std::size_t>{4, 7, 2}));
    }

    // sdcMicro's "suda2 book example" (Templ, Statistical Disclosure Control for Microdata, 2017).
    void bookExample() {
        const auto t =
            testsupport::textTable({"age", "gender", "income", "education"}, {{"20s", "male", "50k+", "highschool"},
                                                                              {"20s", "male", "50k+", "highschool"},
                                                                              {"20s", "male", "50k-", "highschool"},
                                                                              {"20s", "male", "50k-", "highschool"},
                                                                              {"20s", "female", "50k-", "university"},
                                                                              {"20s", "female", "50k-", "highschool"},
                                                                              {"20s", "female", "50k-", "middleschool"},
                                                                              {"60s", "male", "50k-", "university"}});
        auto r = suda2(t, {"age", "gender", "income", "education"});
        QVERIFY(r);
        QCOMPARE(r->score, (std::vector<double>{0, 0, 0, 0, 4, 2, 6, 8}));
    }

    // sdcMicro's "suda2 simple example contrubtion": a = (2, 1, 1), b = (0, 3, 0), c = (0, 6, 0).
    void simpleContribution() {
        const auto t = testsupport::textTable({"a", "b", "c"}, {{"2", "0", "0"}, {"1", "3", "6"}, {"1", "0", "0"}});
        auto r = suda2(t, {"a", "b", "c"});
        QVERIFY(r);
        QCOMPARE(r->contribution, (std::vector<double>{50, 37.5, 37.5}));
        auto reordered = suda2(t, {"c", "a", "b"});
        QVERIFY(reordered);
        QCOMPARE(reordered->contribution, (std::vector<double>{37.5, 50, 37.5}));
    }

    // A missing value is never part of an MSU (sdcMicro's missing code); otherwise a value of its own.
    void missingValues() {
        const auto t = testsupport::textTable({"a", "b"}, {{"x", "1"}, {"x", "1"}, {"y", "2"}, {"x", "2"}});
        auto plain = suda2(t, {"a", "b"});
        QVERIFY(plain);
        QCOMPARE(plain->msuCount(2, 1), 1u);  // {a = y}
        SudaOptions o;
        o.missingValues = {"y"};
        auto missing = suda2(t, {"a", "b"}, o);
        QVERIFY(missing);
        QCOMPARE(missing->msuCount(2, 1), 0u);  // a missing; b = 2 is shared with record 4
        QCOMPARE(missing->score[2], 0.0);
        QCOMPARE(missing->msuCount(3, 2), 1u);  // {a = x, b = 2}: record 3's missing a differs
    }

    void maxSizeStopsTheSearch() {
        SudaOptions o;
        o.maxSize = 1;
        auto r = suda2(guidelineTable(), kGuidelineQis, o);
        QVERIFY(r);
        QCOMPARE(r->totalMsus, std::size_t(4));  // the four 1-MSUs only
        QCOMPARE(r->score[4], sudaWeight(1, 4, 1));
        QCOMPARE(r->score[4], 1.0);
    }

    void matchesExhaustiveSearch_data() {
        QTest::addColumn<int>("seed");
        for (int s = 1; s <= 60; ++s) QTest::addRow("seed %d", s) << s;
    }
    void matchesExhaustiveSearch() {
        QFETCH(int, seed);
        std::mt19937 rng{std::uint32_t(seed)};
        const int m = 2 + int(rng() % 5), n = 3 + int(rng() % 40);
        std::vector<std::string> names;
        for (int c = 0; c < m; ++c) names.push_back("q" + std::to_string(c));
        std::vector<std::vector<int>> rows(std::size_t(n), std::vector<int>(std::size_t(m), 0));
        std::vector<std::vector<std::string>> text;
        for (auto& row : rows) {
            std::vector<std::string> t;
            for (auto& v : row) {
                v = int(rng() % 4) - (rng() % 10 == 0 ? 5 : 0);  // about one cell in ten missing (< 0)
                t.push_back(v < 0 ? std::string("?") : std::to_string(v));
            }
            text.push_back(t);
        }
        SudaOptions o;
        o.missingValues = {"?"};
        o.maxSize = std::size_t(1 + int(rng() % std::uint32_t(m)));
        auto r = suda2(testsupport::textTable(names, text), names, o);
        QVERIFY(r);
        const auto expected = bruteForce(rows, o.maxSize);
        for (std::size_t i = 0; i < rows.size(); ++i)
            for (std::size_t s = 1; s <= o.maxSize; ++s)
                QVERIFY2(r->msuCount(i, s) == expected[i][s - 1],
                         qPrintable(QStringLiteral("record %1 size %2: SUDA2 %3, exhaustive %4")
                                        .arg(i)
                                        .arg(s)
                                        .arg(r->msuCount(i, s))
                                        .arg(expected[i][s - 1])));
    }

    // On adult every sample unique has an MSU (its full key is unique) and no other record has one.
    void adultSpecialUniquesAreTheSampleUniques() {
        const auto t = testsupport::readTable(std::string(VEIL_SAMPLES_DIR) + "/adult.csv");
        const std::vector<std::string> qis = {
            "sex", "age", "race", "marital-status", "education", "native-country", "workclass", "occupation"};
        auto r = suda2(t, qis);
        QVERIFY(r);
        qInfo("adult, 8 QIs: %zu MSUs in %zu records (%zu sample uniques), %.3f s", r->totalMsus, r->recordsWithMsus,
              r->sampleUniques, r->seconds);
        QCOMPARE(r->recordsWithMsus, r->sampleUniques);
        double contributionMax = 0;
        for (double c : r->contribution) contributionMax = std::max(contributionMax, c);
        QVERIFY(contributionMax > 0 && contributionMax <= 100);
    }

    void refusesBadInput() {
        const auto t = guidelineTable();
        QVERIFY(!suda2(t, {}));
        QVERIFY(!suda2(t, {"Residence", "nope"}));
        SudaOptions o;
        o.maxSize = 5;
        QVERIFY(!suda2(t, kGuidelineQis, o));
        o.maxSize = 0;
        o.disFraction = 0;
        QVERIFY(!suda2(t, kGuidelineQis, o));
        o.disFraction = 1;
        QVERIFY(!suda2(t, kGuidelineQis, o));
    }

    void cancels() {
        veil::CancelToken token;
        token.cancel();
        veil::RunContext ctx;
        ctx.cancel = &token;
        auto r = suda2(guidelineTable(), kGuidelineQis, {}, ctx);
        QVERIFY(!r);
        QCOMPARE(r.status().code(), veil::StatusCode::Cancelled);
    }
};

QTEST_MAIN(TestSuda)
#include "tst_suda.moc"
