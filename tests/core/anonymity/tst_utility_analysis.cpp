// Utility analysis on tables small enough to work out by hand, and one release of adult.
#include "test_support.h"
#include "veil/anonymity/utility_analysis.h"

#include <QtTest/QtTest>

using namespace veil;
using namespace veil::anonymity;
using testsupport::textTable;

namespace {

const std::string kSamples = VEIL_SAMPLES_DIR;

UtilityOptions token(const char* t = "*") { return UtilityOptions{std::string(t)}; }

// 20 records, fold r mod 10. The target is "no" for r mod 5 in {0, 3} (8 records), "yes" for the
// other 12. Feature a: p1/p2 for "yes" (p1 when r is even), q1/q2 for "no" (q1 when r is even).
std::vector<std::vector<std::string>> twentyRecords() {
    std::vector<std::vector<std::string>> rows;
    for (int r = 0; r < 20; ++r) {
        const bool no = r % 5 == 0 || r % 5 == 3;
        const std::string a = std::string(no ? "q" : "p") + (r % 2 == 0 ? "1" : "2");
        rows.push_back({a, no ? "no" : "yes"});
    }
    return rows;
}

Table integerTable(const std::string& name, const std::vector<std::int64_t>& values) {
    Column::Builder b(name, ColumnType::Integer, values.size());
    for (auto v : values) b.appendInteger(v);
    return Table({b.finish()});
}

}  // namespace

class TestUtilityAnalysis : public QObject {
    Q_OBJECT
private Q_SLOTS:
    // Original pairs (1,x) x3 and (2,x) x1, all released as (1-2,x): the released cell is spread
    // evenly, 2 and 2, against 3 and 1, so TVD = (|3-2| + |1-2|) / (2 * 4) = 0.25. Released without
    // generalization: 0.
    void contingencyDistanceByHand() {
        const auto original = textTable({"a", "b"}, {{"1", "x"}, {"1", "x"}, {"1", "x"}, {"2", "x"}});
        const auto released = textTable({"a", "b"}, {{"1-2", "x"}, {"1-2", "x"}, {"1-2", "x"}, {"1-2", "x"}});
        auto d = contingencyDistance(original, released, "a", "b");
        QVERIFY(d);
        QCOMPARE(*d, 0.25);
        QCOMPARE(*contingencyDistance(original, original, "a", "b"), 0.0);
    }

    // (1,x) x2 and (2,y) x2 released as (1-2, x-y) x4: the released cell contains the four pairs
    // {1,2} x {x,y}, one record each; against 2, 0, 0, 2: TVD = (1 + 1 + 1 + 1) / (2 * 4) = 0.5. (Spread
    // over the pairs seen in the original instead, it would read 0: the original's joint leaking in.)
    void contingencyDistanceSpreadsOverTheProductOfValues() {
        const auto original = textTable({"a", "b"}, {{"1", "x"}, {"1", "x"}, {"2", "y"}, {"2", "y"}});
        const auto released = textTable({"a", "b"}, {{"1-2", "x-y"}, {"1-2", "x-y"}, {"1-2", "x-y"}, {"1-2", "x-y"}});
        QCOMPARE(*contingencyDistance(original, released, "a", "b"), 0.5);
    }

    // (1,x) (2,x) (3,x) (3,x) released as (1-2,x) x2 and (*,x) x2. With "*" declared suppressed it
    // contains every original value of a: (1-2,x) gives 1 and 1 to (1,x) and (2,x), (*,x) gives 2/3
    // to each of (1,x) (2,x) (3,x): 5/3, 5/3, 2/3 against 1, 1, 2, TVD = (2/3 + 2/3 + 4/3) / 8 = 1/3.
    // Undeclared, "*" is a value containing only the 3s it stands for in the rows: distance 0.
    void contingencySuppressedValueContainsTheDomain() {
        const auto original = textTable({"a", "b"}, {{"1", "x"}, {"2", "x"}, {"3", "x"}, {"3", "x"}});
        const auto released = textTable({"a", "b"}, {{"1-2", "x"}, {"1-2", "x"}, {"*", "x"}, {"*", "x"}});
        auto c = compareContingency(original, released, "a", "b", {}, token());
        QVERIFY2(c, c.status().message().c_str());
        QVERIFY(std::abs(c->distance - 1.0 / 3.0) < 1e-15);
        QCOMPARE(*contingencyDistance(original, released, "a", "b"), 0.0);
        QCOMPARE(c->before.rows, (std::vector<std::string>{"1", "2", "3"}));
        QCOMPARE(c->before.columns, (std::vector<std::string>{"x"}));
        QCOMPARE(c->before.counts, (std::vector<std::size_t>{1, 1, 2}));
        QCOMPARE(c->after.rows, (std::vector<std::string>{"1-2", "*"}));  // the suppressed value last
        QCOMPARE(c->after.counts, (std::vector<std::size_t>{2, 2}));
        QCOMPARE(c->after.total, std::size_t(4));
        QVERIFY(!c->before.rowsPooled && !c->after.columnsPooled);
    }

    // Values 10 x3, 9 x2, then 8, 11 and 7 once: capped at two rows, "9" and "10" stay (in natural
    // order) and the other three records are pooled as "Other".
    void contingencyCapPoolsTheRarestValues() {
        std::vector<std::vector<std::string>> rows;
        for (const char* v : {"10", "10", "10", "9", "9", "8", "11", "7"}) rows.push_back({v, "x"});
        const auto t = textTable({"a", "b"}, rows);
        auto c = compareContingency(t, t, "a", "b", ContingencyCaps{2, 2});
        QVERIFY(c);
        QCOMPARE(c->before.rows, (std::vector<std::string>{"9", "10", ContingencyTable::kOtherLabel}));
        QCOMPARE(c->before.counts, (std::vector<std::size_t>{2, 3, 3}));
        QCOMPARE(c->before.rowValues, std::size_t(5));
        QVERIFY(c->before.rowsPooled);
        QVERIFY(!c->before.columnsPooled);
        QCOMPARE(c->distance, 0.0);
        // Released with two of the 10s suppressed: "*" is shown besides the two values the cap keeps
        // (9 x2, then 7 first of the ties at 1 in natural order), where it took one of their places.
        auto released = rows;
        released[0][0] = released[1][0] = "*";
        auto s = compareContingency(t, textTable({"a", "b"}, released), "a", "b", ContingencyCaps{2, 2}, token());
        QVERIFY(s);
        QCOMPARE(s->after.rows, (std::vector<std::string>{"7", "9", "*", ContingencyTable::kOtherLabel}));
        QCOMPARE(s->after.counts, (std::vector<std::size_t>{1, 2, 2, 3}));
    }

    // 20 rows, the target is "yes" exactly when a = p (12 rows). From the original a, naive Bayes is
    // always right; from a released as "*" (not declared suppressed: one value) it can only predict the
    // training records' majority, like ZeroR (12/20).
    void accuracyByHand() {
        std::vector<std::vector<std::string>> rows, suppressed;
        for (int i = 0; i < 20; ++i) {
            const bool yes = i % 5 != 0 && i % 5 != 3;  // 12 of 20
            rows.push_back({yes ? "p" : "q", yes ? "yes" : "no"});
            suppressed.push_back({"*", yes ? "yes" : "no"});
        }
        const auto original = textTable({"a", "t"}, rows), released = textTable({"a", "t"}, suppressed);
        auto acc = classificationAccuracy(original, released, {"a"}, "t");
        QVERIFY2(acc, acc.status().message().c_str());
        QCOMPARE(acc->original, 1.0);
        QCOMPARE(acc->zeroR, 0.6);
        QCOMPARE(acc->released, 0.6);
        auto utility = attributeUtility(original, released, {"a"});
        QVERIFY(utility);
        QCOMPARE((*utility)[0].distinctBefore, std::size_t(2));
        QCOMPARE((*utility)[0].distinctAfter, std::size_t(1));
        QCOMPARE((*utility)[0].suppressedAfter, std::size_t(0));  // "*" not declared: a value
        // H(0.6, 0.4) = 0.970950594... bits; one value after: 0.
        QVERIFY(std::abs((*utility)[0].entropyBefore - 0.9709505944546686) < 1e-12);
        QCOMPARE((*utility)[0].entropyAfter, 0.0);
        auto declared = attributeUtility(original, released, {"a"}, token());
        QCOMPARE((*declared)[0].suppressedAfter, std::size_t(20));
        QCOMPARE((*declared)[0].distinctAfter, std::size_t(0));
    }

    // twentyRecords() released with p1, p2 -> "p", q1, q2 -> "q" and records 0-3 suppressed ("*").
    // Naive Bayes, fold f = {f, f + 10}:
    // - original: every value occurs in one class only. Worst case, fold 0 (two q1 "no" records):
    //   training 12 "yes" and 6 "no" (two of them q1), 4 values: "no" scores 7 * 3/10 = 2.1, "yes"
    //   13 * 1/16 = 0.81 (prior + 1 times smoothed likelihood): right; likewise every fold: 20/20.
    // - released: trained on records 4-19 outside the fold, tested on the original values read in
    //   the released domain (q1 is released as "q" in every unsuppressed record): fold 0 trains on 10
    //   "yes" ("p") and 5 "no" ("q"), "no" scores 6 * 6/8 = 4.5 against 11 * 1/13: right; 20/20.
    //   Records 0-3 are tested too, on their original values. (Tested on their released "*" after
    //   training on the "*" records, as before, record 0 would score "yes" 13 * 3/15 = 2.6 against "no"
    //   7 * 2/9 = 1.56: wrong.)
    // - ZeroR: every training set has at least 10 "yes" and at most 8 "no": 12/20.
    void accuracyTrainsOnReleaseTestsOriginal() {
        const auto rows = twentyRecords();
        std::vector<std::vector<std::string>> out;
        for (std::size_t r = 0; r < rows.size(); ++r)
            out.push_back({r < 4 ? "*" : rows[r][0].substr(0, 1), rows[r][1]});
        const auto original = textTable({"a", "t"}, rows), released = textTable({"a", "t"}, out);
        for (Classifier m : {Classifier::NaiveBayes, Classifier::LogisticRegression}) {
            auto acc = classificationAccuracy(original, released, {{"a"}, "t", m, 10, token()});
            QVERIFY2(acc, acc.status().message().c_str());
            QCOMPARE(acc->records, std::size_t(20));
            QCOMPARE(acc->suppressedRecords, std::size_t(4));
            QCOMPARE(acc->zeroR, 0.6);
            // Logistic regression: the same separable classes (every value in one class, each at
            // least twice in every training set), which the penalized fit still separates.
            QCOMPARE(acc->original, 1.0);
            QCOMPARE(acc->released, 1.0);
        }
    }

    // A released table that generalizes the only feature fully ("p-q" everywhere): whatever the
    // model, every record looks the same, so the classifier trained on it predicts the training
    // records' majority ("yes" in every fold): 12/20, as ZeroR, while the original gives 20/20. With
    // the feature released as the declared "*", every record is suppressed and nothing is left to
    // train on: the released figure falls back to ZeroR's guess, 12/20.
    void accuracyFallsBackToThePrior() {
        const auto rows = twentyRecords();
        std::vector<std::vector<std::string>> general, starred;
        for (const auto& r : rows) {
            general.push_back({"p-q", r[1]});
            starred.push_back({"*", r[1]});
        }
        const auto original = textTable({"a", "t"}, rows);
        for (Classifier m : {Classifier::NaiveBayes, Classifier::LogisticRegression}) {
            auto acc = classificationAccuracy(original, textTable({"a", "t"}, general), {{"a"}, "t", m, 10, token()});
            QVERIFY2(acc, acc.status().message().c_str());
            QCOMPARE(acc->original, 1.0);
            QCOMPARE(acc->released, 0.6);
            QCOMPARE(acc->zeroR, 0.6);
            QCOMPARE(acc->suppressedRecords, std::size_t(0));
            auto none = classificationAccuracy(original, textTable({"a", "t"}, starred), {{"a"}, "t", m, 10, token()});
            QVERIFY2(none, none.status().message().c_str());
            QCOMPARE(none->suppressedRecords, std::size_t(20));
            QCOMPARE(none->released, 0.6);
        }
    }

    // Ages 20 30 40 50 released as 25 25 * 45 with "*" declared: three numbers shown, mean 95/3,
    // deviations -20/3, -20/3, 40/3, sample variance (400 + 400 + 1600) / 9 / 2 = 400/3; before: mean
    // 35, variance (225 + 25 + 25 + 225) / 3 = 500/3. Values after: 25 x2, 45: H(2/3, 1/3) bits.
    void attributeSummaryNumbersAndSuppression() {
        const Table original = integerTable("age", {20, 30, 40, 50});
        const Table released = textTable({"age"}, {{"25"}, {"25"}, {"*"}, {"45"}});
        auto u = attributeUtility(original, released, {"age"}, token());
        QVERIFY2(u, u.status().message().c_str());
        const AttributeUtility& a = (*u)[0];
        QCOMPARE(a.distinctBefore, std::size_t(4));
        QCOMPARE(a.distinctAfter, std::size_t(2));
        QCOMPARE(a.suppressedAfter, std::size_t(1));
        QCOMPARE(a.entropyBefore, 2.0);
        QVERIFY(std::abs(a.entropyAfter - 0.9182958340544896) < 1e-12);
        QCOMPARE(a.modeBefore, std::string("20"));  // a tie: the first in natural order
        QCOMPARE(a.modeAfter, std::string("25"));
        QVERIFY(a.numericBefore && a.numericAfter);
        QCOMPARE(a.numericBefore->count, std::size_t(4));
        QCOMPARE(a.numericBefore->min, 20.0);
        QCOMPARE(a.numericBefore->max, 50.0);
        QCOMPARE(a.numericBefore->mean, 35.0);
        QVERIFY(std::abs(a.numericBefore->stdDev - std::sqrt(500.0 / 3.0)) < 1e-12);
        QCOMPARE(a.numericAfter->count, std::size_t(3));
        QCOMPARE(a.numericAfter->min, 25.0);
        QCOMPARE(a.numericAfter->max, 45.0);
        QVERIFY(std::abs(a.numericAfter->mean - 95.0 / 3.0) < 1e-12);
        QVERIFY(std::abs(a.numericAfter->stdDev - std::sqrt(400.0 / 3.0)) < 1e-12);
        // Undeclared, "*" is a value: three distinct, nothing suppressed, and not all numbers.
        auto plain = attributeUtility(original, released, {"age"});
        QCOMPARE((*plain)[0].distinctAfter, std::size_t(3));
        QCOMPARE((*plain)[0].suppressedAfter, std::size_t(0));
        QVERIFY(!(*plain)[0].numericAfter);
        // Generalized to intervals: no numbers after.
        const Table banded = textTable({"age"}, {{"[20-40["}, {"[20-40["}, {"[40-60["}, {"[40-60["}});
        QVERIFY(!(*attributeUtility(original, banded, {"age"}, token()))[0].numericAfter);
    }

    // Adult, k = 5 over age, sex, race, marital-status and education with up to 2% suppressed,
    // predicting salary-class: the classifier trained on the release is at most as good as the one
    // trained on the original (up to a few records' luck) and no worse than the majority guess.
    void adultReleaseBetweenZeroRAndOriginal() {
        const Table adult = testsupport::readTable(kSamples + "/adult.csv");
        AnonymizationConfig cfg;
        const std::vector<std::string> qis = {"age", "sex", "race", "marital-status", "education"};
        for (const auto& q : qis)
            cfg.quasiIdentifiers.push_back(
                {q, testsupport::readHierarchy(kSamples + "/adult_hierarchy_" + q + ".csv", q)});
        cfg.models.k = 5;
        cfg.suppressionLimit = 0.02;
        auto run = anonymize(adult, cfg);
        QVERIFY2(run && run->found, run ? run->message.c_str() : run.status().message().c_str());
        for (Classifier m : {Classifier::NaiveBayes, Classifier::LogisticRegression}) {
            auto acc = classificationAccuracy(adult, run->output, {qis, "salary-class", m, 10, token()});
            QVERIFY2(acc, acc.status().message().c_str());
            qInfo("%s: original %.4f, released %.4f, ZeroR %.4f (%zu suppressed records)", classifierTitle(m),
                  acc->original, acc->released, acc->zeroR, acc->suppressedRecords);
            QCOMPARE(acc->suppressedRecords, run->suppressed);
            QVERIFY(acc->released <= acc->original + 0.002);
            QVERIFY(acc->released >= acc->zeroR - 0.002);
        }
    }

    void refusesBadInput() {
        const auto t = textTable({"a", "b"}, {{"1", "x"}, {"2", "y"}});
        const auto shorter = textTable({"a", "b"}, {{"1", "x"}});
        auto misaligned = contingencyDistance(t, shorter, "a", "b");
        QVERIFY(!misaligned);
        QVERIFY(misaligned.status().message().find("aligned") != std::string::npos);
        QVERIFY(!classificationAccuracy(t, t, {"a"}, "nope"));
        QVERIFY(!classificationAccuracy(t, t, {"b"}, "b"));
        QVERIFY(!classificationAccuracy(t, t, {{"a"}, "b", Classifier::NaiveBayes, 3, {}}));  // 2 rows, 3 folds
        QVERIFY(!classificationAccuracy(t, t, {{"a"}, "b", Classifier::NaiveBayes, 1, {}}));
        QVERIFY(!attributeUtility(t, t, {"zzz"}));
        QVERIFY(!compareContingency(t, t, "a", "zzz"));
    }
};

QTEST_APPLESS_MAIN(TestUtilityAnalysis)
#include "tst_utility_analysis.moc"
