// Utility of a synthetic table (issue 17): naive-Bayes accuracy "train on synthetic, test on real"
// on tables where the answer is derived by hand (the target a copy of a feature: 100% when the
// synthetic table equals the real one, 0% when it flips the relation; ZeroR the majority share),
// errors naming what is wrong, and adult (MST at epsilon 1, seeded) where the real-data figure is
// recomputed here by an independent naive Bayes (string-keyed counts, written apart from core's).
#include "veil/eval/synth_evaluation.h"

#include "sanitizer_scale.h"
#include "veil/dp/release_gate.h"
#include "veil/synth/synthesizer.h"
#include "veil/table/csv_reader.h"

#include <QtTest>

#include <cmath>
#include <map>

using namespace veil;
using veil::synth::DiscreteTable;

namespace {

// Columns: feature f = r % 2, noise g = (r / 2) % 2 (independent of f), target t as given.
DiscreteTable tiny(std::size_t rows, bool flip) {
    DiscreteTable t;
    t.names = {"f", "g", "t"};
    t.sizes = {3, 3, 3};  // two declared values + "other"
    t.codes.assign(3, {});
    for (std::size_t r = 0; r < rows; ++r) {
        const int f = int(r % 2);
        t.codes[0].push_back(f);
        t.codes[1].push_back(int((r / 2) % 2));
        t.codes[2].push_back(flip ? 1 - f : f);
    }
    return t;
}

// Naive Bayes as in Mitchell 1997 (6.9), written independently: string keys, std::map counts.
// Score of class c: log(n_c + 1) + sum_f log((n_{f=x, c} + 1) / (n_c + |X_f|)); ties to the lower c.
double independentKFold(const DiscreteTable& d, const std::vector<std::size_t>& features, std::size_t target,
                        std::size_t folds) {
    const std::size_t n = d.rowCount();
    std::size_t correct = 0;
    for (std::size_t fold = 0; fold < folds; ++fold) {
        std::map<int, double> classCount;
        std::map<std::string, double> pairCount;
        for (std::size_t r = 0; r < n; ++r) {
            if (r % folds == fold) continue;
            const int c = d.codes[target][r];
            classCount[c] += 1;
            for (std::size_t f : features)
                pairCount[std::to_string(f) + "/" + std::to_string(d.codes[f][r]) + "/" + std::to_string(c)] += 1;
        }
        for (std::size_t r = fold; r < n; r += folds) {
            int best = -1;
            double bestScore = 0;
            for (int c = 0; c < int(d.sizes[target]); ++c) {
                const double nc = classCount.count(c) ? classCount[c] : 0.0;
                double s = std::log(nc + 1.0);
                for (std::size_t f : features) {
                    const auto key = std::to_string(f) + "/" + std::to_string(d.codes[f][r]) + "/" + std::to_string(c);
                    const double k = pairCount.count(key) ? pairCount[key] : 0.0;
                    s += std::log((k + 1.0) / (nc + double(d.sizes[f])));
                }
                if (best < 0 || s > bestScore) best = c, bestScore = s;
            }
            if (best == d.codes[target][r]) ++correct;
        }
    }
    return double(correct) / double(n);
}

}  // namespace

class TestSynthEvaluation : public QObject {
    Q_OBJECT
private slots:
    void copiedTargetByHand();
    void errorsNameTheProblem();
    void adultMstAccuracy();
};

void TestSynthEvaluation::copiedTargetByHand() {
    const DiscreteTable real = tiny(40, false);
    // t == f: every real fold predicts t from f (the noise column g is balanced in every class).
    auto same = eval::teachingSynthAccuracy(real, real, {"f", "g"}, "t");
    QVERIFY2(same, same ? "" : same.status().message().c_str());
    QCOMPARE(same->real, 1.0);
    QCOMPARE(same->synthetic, 1.0);
    QCOMPARE(same->zeroR, 0.5);  // 20 of 40 rows in each class
    QCOMPARE(same->folds, std::size_t(10));
    QCOMPARE(same->model, std::string("naive-bayes"));
    // A synthetic table that learned t == 1 - f: trained on it, every real row is misclassified.
    auto flipped = eval::teachingSynthAccuracy(real, tiny(40, true), {}, "t");  // features: every other column
    QVERIFY(flipped);
    QCOMPARE(flipped->synthetic, 0.0);
    QCOMPARE(flipped->real, 1.0);
    // ZeroR on an unbalanced target: 30 rows of class 0 and 10 of class 1 -> 0.75.
    DiscreteTable skew = real;
    for (std::size_t r = 0; r < 40; ++r) skew.codes[2][r] = r < 30 ? 0 : 1;
    auto z = eval::teachingSynthAccuracy(skew, skew, {"f"}, "t");
    QVERIFY(z);
    QCOMPARE(z->zeroR, 0.75);
}

void TestSynthEvaluation::errorsNameTheProblem() {
    const DiscreteTable real = tiny(40, false);
    auto self = eval::teachingSynthAccuracy(real, real, {"f", "t"}, "t");
    QVERIFY(!self);
    QVERIFY(self.status().message().find("also a feature") != std::string::npos);
    auto unknown = eval::teachingSynthAccuracy(real, real, {"f"}, "nope");
    QVERIFY(!unknown);
    QVERIFY(unknown.status().message().find("nope") != std::string::npos);
    DiscreteTable other = real;
    other.sizes[0] = 4;
    auto schema = eval::teachingSynthAccuracy(real, other, {"f"}, "t");
    QVERIFY(!schema);
    QVERIFY(schema.status().message().find("different") != std::string::npos);
    auto few = eval::teachingSynthAccuracy(tiny(5, false), tiny(5, false), {"f"}, "t");
    QVERIFY(!few);
    QVERIFY(few.status().message().find("folds") != std::string::npos);
}

void TestSynthEvaluation::adultMstAccuracy() {
    VEIL_RELEASE_ONLY("the whole of adult; copiedTargetByHand takes the same path");
    auto read = readCsvFile(VEIL_SAMPLES_DIR "/adult.csv");
    QVERIFY2(read, read ? "" : read.status().message().c_str());
    const Table& adult = read->table;
    std::vector<synth::AttributeDomain> domains = {synth::binsDomain("age", 17, 90, 8)};
    for (const char* c : {"sex", "marital-status", "education", "salary-class"})
        domains.push_back(synth::teachingDictionaryDomain(c, adult.column(*adult.columnIndex(c))));
    synth::SynthRequest request;
    request.method = "mst";
    request.setCommon(1.0, 0, 1e-9);
    dp::ReleaseGate gate = dp::ReleaseGate::teaching(11);
    auto rel = synth::releaseSynthetic(gate, adult, domains, request);
    QVERIFY2(rel, rel ? "" : rel.status().message().c_str());
    QCOMPARE(rel->table.rowCount(), adult.rowCount());
    auto e = eval::teachingSynthEvaluation(adult, domains, rel->codes, "salary-class");
    QVERIFY2(e, e ? "" : e.status().message().c_str());
    QVERIFY(e->accuracy);
    const auto& a = *e->accuracy;
    // The real-data baseline, recomputed independently on the same discretized rows.
    auto discrete = synth::discretize(adult, domains);
    QVERIFY(discrete);
    const double independent = independentKFold(discrete->table, {0, 1, 2, 3}, 4, 10);
    qInfo("adult MST eps 1: synthetic %.4f, real %.4f (independent %.4f), ZeroR %.4f, 2-way TVD %.4f", a.synthetic,
          a.real, independent, a.zeroR, e->tvd[1].averageTvd);
    QVERIFY2(std::abs(a.real - independent) < 1e-12, qPrintable(QString::number(a.real - independent)));
    // ZeroR: adult's 22,654 "<=50K" of 30,162 rows (the sample's own count).
    QVERIFY2(std::abs(a.zeroR - 22654.0 / 30162.0) < 1e-12, qPrintable(QString::number(a.zeroR, 'g', 10)));
    // Naive Bayes on these 4 coarse features lands near 0.8 on adult (ARX reports ~0.8 on the full set).
    QVERIFY2(a.real > 0.76 && a.real < 0.86, qPrintable(QString::number(a.real)));
    // Trained on MST's table at epsilon 1, it keeps most of that: not below ZeroR by more than 2 points,
    // nor above the real figure by more than 2 (seeded run; the figure printed above).
    QVERIFY2(a.synthetic > a.zeroR - 0.02 && a.synthetic < a.real + 0.02, qPrintable(QString::number(a.synthetic)));
    QCOMPARE(e->tvd.size(), std::size_t(3));
    const auto j = e->toJson();
    QCOMPARE(j["private"].get<bool>(), false);
    QCOMPARE(j["accuracy"]["target"].get<std::string>(), std::string("salary-class"));
    QCOMPARE(j["accuracy"]["zero_r"].get<double>(), a.zeroR);
    // Range queries: the same public workload (declared sizes, fixed seed) answered here on both tables.
    SeededRandom workload(eval::kRangeQuerySeed);
    auto queries = synth::randomRangeQueries({8, 2, 7, 16, 2}, eval::kRangeQueries, 3, workload);
    QVERIFY(queries);
    double sum = 0.0;
    for (const auto& q : *queries)
        sum += std::abs(synth::rangeShare(discrete->table, q) - synth::rangeShare(rel->codes, q));
    QCOMPARE(e->ranges.queries, eval::kRangeQueries);
    QVERIFY(std::abs(e->ranges.meanAbsoluteError - sum / double(eval::kRangeQueries)) < 1e-12);
    QVERIFY2(e->ranges.meanAbsoluteError < 0.05, qPrintable(QString::number(e->ranges.meanAbsoluteError)));
    QCOMPARE(j["range_queries"]["queries"].get<std::size_t>(), eval::kRangeQueries);
}

QTEST_APPLESS_MAIN(TestSynthEvaluation)
#include "tst_synth_evaluation.moc"
