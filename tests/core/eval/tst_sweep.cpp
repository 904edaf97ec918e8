// The sweep runner: reproducible for a fixed seed whatever the number of threads; the Laplace and
// geometric counts' mean absolute error matches its expectation; progress and cancel contracts;
// every engine's methods wired in give near-exact answers at a huge epsilon.
#include "veil/eval/sweep.h"

#include "sanitizer_scale.h"
#include "veil/dp/laplace_mechanism.h"
#include "veil/eval/sweep_output.h"

#include <QtTest>

#include <cmath>
#include <sstream>

using namespace veil::eval;

namespace {

Experiment experimentFrom(const std::string& json) {
    auto e = parseExperiment(nlohmann::json::parse(json), VEIL_TEST_DATA_DIR);
    if (!e) qFatal("%s", e.status().message().c_str());
    return *e;
}

veil::Result<SweepResult> run(const Experiment& e, int threads, const veil::RunContext& ctx = {}) {
    SweepOptions o;
    o.threads = threads;
    o.teaching = true;  // errors against the truth: teaching mode
    return runExperiment(e, o, ctx);
}

std::string csvOf(const SweepResult& r) {
    std::ostringstream s;
    writeTrialsCsv(s, r);
    return s.str();
}

// MWEM with 10 update passes per round (DPComp's 100 is the default): the sweep's machinery is under
// test here, and the ASan build runs it within its time limit.
const char* kNettrace = R"({
  "dataset": "dpbench/NETTRACE.n4096.npy",
  "workload": {"generator": "random-ranges", "count": 200, "seed": 9001},
  "methods": ["histogram:identity", "histogram:hierarchical+consistency", "histogram:wavelet",
              {"id": "histogram:mwem", "options": {"update_passes": 10}},
              "count:laplace", "count:geometric", "median:exponential", "median:histogram"],
  "epsilon": {"from": 0.1, "to": 1, "count": 3}, "trials": 4, "seed": 42})";

}  // namespace

class TestSweep : public QObject {
    Q_OBJECT
private slots:
    void reproducibleWithOneAndTwoThreads();
    void differentSeedsDiffer();
    void laplaceCountErrorIsItsScale();
    void geometricCountErrorMatchesItsExpectation();
    void identityOn2DSumsTheRectanglesCells();
    void nearExactAtHugeEpsilon_data();
    void nearExactAtHugeEpsilon();
    void sampledDataIsReproducible();
    void progressAndCancel();
    void failingTrialNamesMethodEpsilonAndTrial();
    void summariesAndJson();
    void perQueryAnswers();
};

void TestSweep::reproducibleWithOneAndTwoThreads() {
    const auto e = experimentFrom(kNettrace);
    const auto one = run(e, 1);
    const auto two = run(e, 2);
    QVERIFY2(one.isOk(), one.status().message().c_str());
    QVERIFY2(two.isOk(), two.status().message().c_str());
    QCOMPARE(one->rows.size(), std::size_t(8 * 3 * 4));
    QCOMPARE(two->threadsUsed, 2);
    QCOMPARE(csvOf(*one), csvOf(*two));  // identical seeds and errors, bit for bit
    QCOMPARE(trialSeed(42, "count:laplace", 1, 2), one->rows[4 * 12 + 1 * 4 + 2].seed);
}

void TestSweep::differentSeedsDiffer() {
    auto e = experimentFrom(kNettrace);
    const auto a = run(e, 2);
    e.seed = 43;
    const auto b = run(e, 2);
    QVERIFY(a.isOk() && b.isOk());
    QVERIFY(csvOf(*a) != csvOf(*b));
    e.seed.reset();  // secure randomness: runs, seeds reported as 0
    const auto c = run(e, 2);
    QVERIFY(c.isOk());
    QCOMPARE(c->rows[0].seed, std::uint64_t(0));
}

void TestSweep::laplaceCountErrorIsItsScale() {
    // |Lap(b)| is exponential with mean b and sd b, so the mean of n = 20000 trials (2000 in a
    // sanitizer build) has standard error b / sqrt(n); tolerance 4 standard errors (two-sided miss
    // rate 6e-5).
    const double n = double(veil::test::repetitions(20000));
    const auto e = experimentFrom(R"({"dataset": {"counts": [40, 0, 60]}, "methods": ["count:laplace"],
                                      "epsilon": [0.1, 1, 10], "seed": 7, "trials": )" +
                                  std::to_string(int(n)) + "}");
    const auto r = run(e, 2);
    QVERIFY2(r.isOk(), r.status().message().c_str());
    for (std::size_t i = 0; i < 3; ++i) {
        const double eps = r->epsilons[i];
        const double b = veil::dp::LaplaceMechanism::create(eps, 1.0)->scale();  // 1/eps up to snapping
        QVERIFY(std::abs(b * eps - 1.0) < 1e-9);
        const double mean = r->summary(0, i)->metrics[0].mean;  // abs_error
        const double tol = 4.0 * b / std::sqrt(n);
        QVERIFY2(std::abs(mean - b) < tol,
                 qPrintable(QString("eps %1: mean |error| %2, expected %3 +- %4").arg(eps).arg(mean).arg(b).arg(tol)));
    }
}

void TestSweep::geometricCountErrorMatchesItsExpectation() {
    // Two-sided geometric, alpha = exp(-eps): E|X| = 2 alpha / (1 - alpha^2),
    // E X^2 = 2 alpha / (1 - alpha)^2; tolerance 4 sd(|X|) / sqrt(n).
    const double n = double(veil::test::repetitions(20000));
    const auto e = experimentFrom(R"({"dataset": {"counts": [5, 5]}, "methods": ["count:geometric"],
                                      "epsilon": [0.5, 2], "seed": 8, "trials": )" +
                                  std::to_string(int(n)) + "}");
    const auto r = run(e, 2);
    QVERIFY2(r.isOk(), r.status().message().c_str());
    for (std::size_t i = 0; i < 2; ++i) {
        const double a = std::exp(-r->epsilons[i]);
        const double mean = 2 * a / (1 - a * a);
        const double sd = std::sqrt(2 * a / ((1 - a) * (1 - a)) - mean * mean);
        const double got = r->summary(0, i)->metrics[0].mean;
        QVERIFY2(std::abs(got - mean) < 4 * sd / std::sqrt(n),
                 qPrintable(QString("got %1 expected %2").arg(got).arg(mean)));
    }
}

void TestSweep::identityOn2DSumsTheRectanglesCells() {
    // Identity on a 4 x 4 grid, one query: the 2 x 3 rectangle rows 1..2, columns 0..2. Its answer
    // is the truth plus S, a sum of 6 independent Laplace(b) (one per cell): E S^2 = 6 * 2 b^2 =
    // 12 b^2; the 4th cumulant is 6 * 12 b^4, so E S^4 = 72 b^4 + 3 (12 b^2)^2 = 504 b^4 and
    // sd(S^2) = sqrt(504 - 144) b^2 = 18.97 b^2. Over 20,000 trials the mean of S^2 has standard
    // error 0.134 b^2; tolerance 4 of them. A rectangle of 5 or 7 cells (10 or 14 b^2) fails.
    const auto e = experimentFrom(R"({"dataset": {"counts": [[1,2,3,4],[5,6,7,8],[9,10,11,12],[13,14,15,16]]},
                                      "workload": [[1, 2, 0, 2]], "methods": ["histogram:identity"],
                                      "epsilon": [1], "trials": 20000, "seed": 11})");
    const auto r = run(e, 2);
    QVERIFY2(r.isOk(), r.status().message().c_str());
    const double b = veil::dp::LaplaceMechanism::create(1.0, 1.0)->scale();
    double sq = 0.0;
    for (const auto& row : r->rows) sq += row.errors[Metric::Rmse] * row.errors[Metric::Rmse];
    const double meanSq = sq / double(r->rows.size());
    QCOMPARE(r->rows.size(), std::size_t(20000));
    QVERIFY2(std::abs(meanSq - 12 * b * b) < 4 * 0.134 * b * b,
             qPrintable(QString("E S^2 %1, expected %2").arg(meanSq).arg(12 * b * b)));
}

void TestSweep::nearExactAtHugeEpsilon_data() {
    QTest::addColumn<QString>("json");
    QTest::addColumn<double>("bound");
    // Noise of scale 1e-3 per bin (epsilon 1000, the largest accepted): prefix sums of 4096 bins
    // err by ~ sqrt(4096) * 1.4e-3 = 0.09.
    QTest::newRow("identity on NETTRACE prefixes")
        << R"({"dataset": "dpbench/NETTRACE.n4096.npy", "methods": ["histogram:identity"], "epsilon": [1000]})" << 0.5;
    QTest::newRow("hierarchical+consistency")
        << R"({"dataset": "dpbench/NETTRACE.n4096.npy", "methods": ["histogram:hierarchical+consistency"], "epsilon": [1000]})"
        << 0.5;
    QTest::newRow("wavelet")
        << R"({"dataset": "dpbench/NETTRACE.n4096.npy", "methods": ["histogram:wavelet"], "epsilon": [1000]})" << 0.5;
    // Records 0,1,2,3,3,3,3,3,4: true median bin 3 (rank 5). The EM median picks an interval
    // between neighbouring records next to rank 5, so it lies within one bin of 3.
    QTest::newRow("exponential median")
        << R"({"dataset": {"counts": [1, 1, 1, 5, 1]}, "methods": ["median:exponential"], "epsilon": [1000]})" << 1.0;
    QTest::newRow("noisy-histogram median")
        << R"({"dataset": {"counts": [1, 1, 1, 5, 1]}, "methods": ["median:histogram"], "epsilon": [1000]})" << 1e-9;
    QTest::newRow("smooth median")
        << R"({"dataset": {"counts": [1, 1, 1, 5, 1]}, "methods": ["median:smooth"], "epsilon": [1000], "delta": 1e-6})"
        << 0.1;
    // 4 x 4 grid, quadtree of height 2 has the cells as leaves: answers exact up to the noise.
    QTest::newRow("quadtree on a 4x4 grid")
        << R"({"dataset": {"counts": [[1,2,3,4],[5,6,7,8],[9,10,11,12],[13,14,15,16]]}, "methods": [{"id": "psd:quad", "options": {"height": 2}}], "epsilon": [1000]})"
        << 0.05;
    // Karate club: triangles have edge-level global sensitivity n - 2 = 32, scale 0.032 at eps 1000:
    // P(|error| > 0.5) = e^-15.6 per trial.
    QTest::newRow("graph edge Laplace triangles")
        << R"({"dataset": {"graph": "../../resources/samples/karate.edges"}, "methods": ["graph:edge-laplace"], "epsilon": [1000]})"
        << 0.5;
    QTest::newRow("graph edge restricted k above max degree 17")
        << R"({"dataset": {"graph": "../../resources/samples/karate.edges"}, "methods": [{"id": "graph:edge-restricted", "options": {"k": 20, "statistic": "edges"}}], "epsilon": [1000]})"
        << 0.1;
    // Identity on 2-D cells, prefix rectangles of up to 16 cells: noise sd <= 4 * 1.4e-3.
    QTest::newRow("identity on a 4x4 grid")
        << R"({"dataset": {"counts": [[1,2,3,4],[5,6,7,8],[9,10,11,12],[13,14,15,16]]}, "methods": ["histogram:identity"], "epsilon": [1000]})"
        << 0.05;
    // AGrid on 4 x 4 data cells: m1 = 10 gives blocks of one data cell, each one leaf.
    QTest::newRow("adaptive grid 4x4")
        << R"({"dataset": {"counts": [[1,2,3,4],[5,6,7,8],[9,10,11,12],[13,14,15,16]]}, "methods": ["psd:agrid"], "epsilon": [1000]})"
        << 0.05;
    QTest::newRow("uniform grid 4x4")
        << R"({"dataset": {"counts": [[1,2,3,4],[5,6,7,8],[9,10,11,12],[13,14,15,16]]}, "methods": [{"id": "psd:grid", "options": {"cells_per_axis": 4}}], "epsilon": [1000]})"
        << 0.05;
}

void TestSweep::nearExactAtHugeEpsilon() {
    QFETCH(QString, json);
    QFETCH(double, bound);
    auto e = experimentFrom(json.toStdString());
    e.trials = 3;
    e.seed = 1;
    const auto r = run(e, 2);
    QVERIFY2(r.isOk(), r.status().message().c_str());
    for (const auto& row : r->rows)
        QVERIFY2(row.errors[Metric::MeanAbsolute] <= bound,
                 qPrintable(QString::number(row.errors[Metric::MeanAbsolute])));
}

void TestSweep::sampledDataIsReproducible() {
    auto e = experimentFrom(R"({"dataset": {"file": "dpbench/NETTRACE.n4096.npy", "sample": 5000},
                                "methods": ["histogram:identity", "count:laplace"], "epsilon": [1], "trials": 3, "seed": 9})");
    const auto a = run(e, 1);
    const auto b = run(e, 2);
    QVERIFY2(a.isOk(), a.status().message().c_str());
    QCOMPARE(csvOf(*a), csvOf(*b));
    QVERIFY(a->sampled);
    QCOMPARE(a->scale, 5000.0);
}

void TestSweep::progressAndCancel() {
    const auto e = experimentFrom(kNettrace);
    std::vector<double> reports;
    veil::FunctionProgressSink sink([&](double f, std::string_view) { reports.push_back(f); });
    veil::RunContext ctx;
    ctx.progress = &sink;
    QVERIFY(run(e, 2, ctx).isOk());
    QCOMPARE(reports.front(), 0.0);
    QCOMPARE(reports.back(), 1.0);
    QVERIFY(reports.size() <= 102);
    QVERIFY(std::is_sorted(reports.begin(), reports.end()));

    veil::CancelToken token;
    veil::FunctionProgressSink cancelling([&](double f, std::string_view) {
        if (f > 0.2) token.cancel();
    });
    ctx.progress = &cancelling;
    ctx.cancel = &token;
    const auto cancelled = run(e, 2, ctx);
    QVERIFY(!cancelled.isOk());
    QCOMPARE(static_cast<int>(cancelled.status().code()), static_cast<int>(veil::StatusCode::Cancelled));
}

void TestSweep::failingTrialNamesMethodEpsilonAndTrial() {
    // An option outside the catalogue's range is refused before any trial, naming the field.
    const auto tall = experimentFrom(R"({"dataset": {"counts": [[1, 2], [3, 4]]},
        "methods": [{"id": "psd:kd", "label": "tall kd", "options": {"height": 99}}], "epsilon": [0.5], "trials": 2, "seed": 3})");
    const auto early = run(tall, 2);
    QVERIFY(!early.isOk());
    QVERIFY2(QString::fromStdString(early.status().message()).contains("method 'tall kd'") &&
                 QString::fromStdString(early.status().message()).contains("options.height"),
             early.status().message().c_str());
    // A trial that fails (epsilon 5000 is above the supported range) names its method, epsilon and trial.
    const auto e = experimentFrom(R"({"dataset": {"counts": [[1, 2], [3, 4]]},
        "methods": [{"id": "psd:kd", "label": "tall kd", "options": {"height": 2}}], "epsilon": [5000], "trials": 2, "seed": 3})");
    const auto r = run(e, 2);
    QVERIFY(!r.isOk());
    QVERIFY2(QString::fromStdString(r.status().message()).contains("method 'tall kd', epsilon 5000, trial 0"),
             r.status().message().c_str());
    const auto badOption = experimentFrom(
        R"({"dataset": {"counts": [1, 2]}, "methods": [{"id": "histogram:hierarchical", "options": {"brnaching": 4}}]})");
    const auto r2 = run(badOption, 1);
    QVERIFY(!r2.isOk());
    QVERIFY2(QString::fromStdString(r2.status().message()).contains("has no option 'brnaching'"),
             r2.status().message().c_str());
    // The method is named once (the sweep's context is not repeated when the method's own message
    // already starts with it), by its label when it has one.
    const auto hb = run(experimentFrom(R"({"dataset": {"counts": [1, 2]},
        "methods": [{"id": "histogram:hb", "options": {"branching": 4}}]})"),
                        1);
    QCOMPARE(hb.status().message(),
             std::string("method 'histogram:hb' options.branching: 'hb' has no option 'branching' (it takes none)"));
    const auto kd = run(experimentFrom(R"({"dataset": {"counts": [[1, 2], [3, 4]]},
        "methods": [{"id": "psd:kd", "options": {"height": 99}}]})"),
                        1);
    QCOMPARE(kd.status().message(),
             std::string("method 'psd:kd': options.height: expected an integer in [0, 20], got 99"));
    const auto noK = experimentFrom(
        R"({"dataset": {"graph": "../../resources/samples/karate.edges"}, "methods": ["graph:node-truncation"], "delta": 1e-6})");
    const auto r3 = run(noK, 1);
    QVERIFY(!r3.isOk());
    QVERIFY2(QString::fromStdString(r3.status().message()).contains("give the degree bound as option 'k'"),
             r3.status().message().c_str());
    const auto wrongKind = experimentFrom(R"({"dataset": {"counts": [1, 2]}, "methods": ["graph:edge-laplace"]})");
    const auto r4 = run(wrongKind, 1);
    QVERIFY(!r4.isOk());
    QVERIFY2(QString::fromStdString(r4.status().message()).contains("needs a graph data set"),
             r4.status().message().c_str());
}

void TestSweep::summariesAndJson() {
    const auto e = experimentFrom(kNettrace);
    const auto r = run(e, 2);
    QVERIFY(r.isOk());
    QCOMPARE(r->summaries.size(), std::size_t(8 * 3));
    const auto* s = r->summary(1, 2);
    QCOMPARE(s->method, std::size_t(1));
    QCOMPARE(s->epsilon, 1.0);
    QCOMPARE((*s)[Metric::Rmse].n, std::size_t(4));
    QVERIFY((*s)[Metric::Rmse].q1 <= (*s)[Metric::Rmse].median && (*s)[Metric::Rmse].median <= (*s)[Metric::Rmse].q3);
    const auto j = sweepSummaryJson(*r);
    QCOMPARE(j["summaries"].size(), std::size_t(24));
    QCOMPARE(j["summaries"][0]["metrics"]["scaled_l1"]["n"].get<int>(), 4);
    QCOMPARE(j["methods"][4]["target"].get<std::string>(), std::string("count"));
    // Sweeps on more epsilons give more error at the small end: identity's error falls with eps.
    QVERIFY(r->summary(0, 0)->metrics[0].median > r->summary(0, 2)->metrics[0].median);
}

void TestSweep::perQueryAnswers() {
    // Counts {1, 2, 3, 4}, ranges [0, 1] and [2, 3]: true answers 3 and 7 (by hand). Each trial's
    // abs_error must be the mean |noisy - true| of its two rows in the per-query file.
    const auto e = experimentFrom(R"({"dataset": {"counts": [1, 2, 3, 4]}, "workload": [[0, 1], [2, 3]],
                                      "methods": ["histogram:identity", "count:laplace"], "epsilon": [0.5, 2],
                                      "trials": 3, "seed": 5})");
    SweepOptions o;
    o.threads = 2;
    o.teaching = true;
    o.keepAnswers = true;
    const auto r = runExperiment(e, o, {});
    QVERIFY2(r.isOk(), r.status().message().c_str());
    std::ostringstream csv;
    QVERIFY(writePerQueryCsv(csv, *r, true).isOk());
    std::istringstream in(csv.str());
    std::string line;
    std::getline(in, line);
    QCOMPARE(QString::fromStdString(line),
             QString("method,label,epsilon,trial,query,row_lo,row_hi,col_lo,col_hi,noisy,true"));
    std::vector<QStringList> rows;
    while (std::getline(in, line)) rows.push_back(QString::fromStdString(line).split(','));
    // identity: 2 epsilons x 3 trials x 2 queries; count: 2 x 3 x 1 (the total, 10, no range).
    QCOMPARE(rows.size(), std::size_t(12 + 6));
    QCOMPARE(rows[0].mid(5, 4), (QStringList{"0", "0", "0", "1"}));
    QCOMPARE(rows[0][10], QString("3"));
    QCOMPARE(rows[1].mid(5, 4), (QStringList{"0", "0", "2", "3"}));
    QCOMPARE(rows[1][10], QString("7"));
    QCOMPARE(rows[12][5], QString());
    QCOMPARE(rows[12][10], QString("10"));
    for (std::size_t t = 0; t < 6; ++t) {
        const double a = std::abs(rows[2 * t][9].toDouble() - 3), b = std::abs(rows[2 * t + 1][9].toDouble() - 7);
        const double reported = r->rows[t].errors[Metric::MeanAbsolute];
        QVERIFY2(std::abs((a + b) / 2 - reported) < 1e-9 * (1 + reported),
                 qPrintable(QString("%1 vs %2").arg((a + b) / 2).arg(reported)));
    }
    // Without the truth column, and refused when the answers were not kept.
    std::ostringstream noTruth;
    QVERIFY(writePerQueryCsv(noTruth, *r, false).isOk());
    QVERIFY(noTruth.str().rfind("method,label,epsilon,trial,query,row_lo,row_hi,col_lo,col_hi,noisy\n", 0) == 0);
    std::ostringstream refused;
    QVERIFY(!writePerQueryCsv(refused, *run(e, 1), true).isOk());
}

QTEST_APPLESS_MAIN(TestSweep)
#include "tst_sweep.moc"
