// Anonymity experiments (information loss and risk against k): parsing, the runner's numbers on a
// tiny table checked against an independent brute force, equality with the anonymity engine on
// adult, thread independence, cancel, and the CSV/JSON outputs naming the grid "k".
#include "veil/eval/sweep.h"

#include "veil/anonymity/anonymization.h"
#include "veil/eval/sweep_output.h"
#include "veil/hierarchy/hierarchy_io.h"
#include "veil/table/csv_reader.h"

#include <QtTest>

#include <algorithm>
#include <cmath>
#include <sstream>

using namespace veil::eval;
using veil::eval::AnonymityMeasure;

namespace {

const std::string kData = VEIL_TEST_DATA_DIR;
const std::string kSamples = VEIL_SAMPLES_DIR;

Experiment experimentFrom(const nlohmann::json& j, const std::string& base) {
    auto e = parseExperiment(j, base);
    if (!e) qFatal("%s", e.status().message().c_str());
    return *e;
}

veil::Result<SweepResult> run(const Experiment& e, int threads, const veil::RunContext& ctx = {}) {
    SweepOptions o;
    o.threads = threads;
    return runExperiment(e, o, ctx);
}

nlohmann::json tinyJson() {
    return {{"dataset", {{"table", "table.csv"}, {"delimiter", ";"}}},
            {"quasi_identifiers", {"age", "sex"}},
            {"hierarchies", {{"age", "age.csv"}, {"sex", "sex.csv"}}},
            {"risk_threshold", 0.3},
            {"methods", {"optimal:loss", "mondrian"}},
            {"k", {2, 3}}};
}

nlohmann::json adultJson(std::vector<std::string> methods, std::vector<int> k) {
    nlohmann::json h;
    const std::vector<std::string> qis = {"age", "sex", "race", "marital-status", "education"};
    for (const auto& q : qis) h[q] = "adult_hierarchy_" + q + ".csv";
    return {{"dataset", {{"table", "adult.csv"}, {"delimiter", ";"}}},
            {"quasi_identifiers", qis},
            {"hierarchies", h},
            {"suppression", 0.04},
            {"methods", methods},
            {"k", k}};
}

}  // namespace

class TestAnonymitySweep : public QObject {
    Q_OBJECT
private slots:
    void parsesAndRoundTrips();
    void rejectsBadExperiments_data();
    void rejectsBadExperiments();
    void tinyTableMatchesBruteForce_data();
    void tinyTableMatchesBruteForce();
    void mondrianHonoursK();
    void adultOptimalEqualsAnonymize();
    void sameRowsWithOneAndTwoThreads();
    void cancelled();
    void progressRunsFromZeroToOne();
    void outputsNameTheGridK();
    void shippedExampleParses();
};

void TestAnonymitySweep::parsesAndRoundTrips() {
    const auto e = experimentFrom(tinyJson(), kData + "/eval_k");
    QCOMPARE(int(e.kind), int(ExperimentKind::Anonymity));
    QCOMPARE(e.trials, 1);
    QCOMPARE(e.anonymity.k, (std::vector<int>{2, 3}));
    QCOMPARE(e.anonymity.quasiIdentifiers.size(), std::size_t(2));
    QCOMPARE(e.dataset.delimiter, ';');
    QCOMPARE(e.anonymity.riskThreshold, 0.3);
    const auto again = experimentFrom(experimentToJson(e), kData + "/eval_k");
    QCOMPARE(experimentToJson(again).dump(), experimentToJson(e).dump());
    QCOMPARE(experimentToJson(e)["kind"].get<std::string>(), std::string("anonymity"));
}

void TestAnonymitySweep::rejectsBadExperiments_data() {
    QTest::addColumn<QString>("patch");    // JSON merged into the tiny experiment
    QTest::addColumn<QString>("message");  // part of the expected error
    QTest::newRow("epsilon in a k experiment") << R"({"epsilon": [1]})"
                                               << "epsilon: not used by anonymity";
    QTest::newRow("several trials") << R"({"trials": 5})"
                                    << "trials must be 1";
    QTest::newRow("dp method") << R"({"methods": ["count:laplace"]})"
                               << "not a syntactic anonymization method";
    QTest::newRow("k zero") << R"({"k": [0, 2]})"
                            << "k[0]";
    QTest::newRow("k twice") << R"({"k": [2, 2]})"
                             << "given twice";
    QTest::newRow("l-diversity without sensitive") << R"({"l_diversity": "distinct:2"})"
                                                   << "needs a \"sensitive\"";
    QTest::newRow("bad mondrian mode") << R"({"methods": [{"id": "mondrian", "options": {"mode": "loose"}}]})"
                                       << "strict\" or \"relaxed";
    QTest::newRow("unknown key") << R"({"colour": 1})"
                                 << "colour: unknown key (known: name, description, kind, dataset";
    QTest::newRow("bad kind") << R"({"kind": "syntactic"})"
                              << "kind";
}

void TestAnonymitySweep::rejectsBadExperiments() {
    QFETCH(QString, patch);
    QFETCH(QString, message);
    auto j = tinyJson();
    j.merge_patch(nlohmann::json::parse(patch.toStdString()));
    const auto e = parseExperiment(j, kData + "/eval_k");
    QVERIFY(!e.isOk());
    QVERIFY2(e.status().message().find(message.toStdString()) != std::string::npos, e.status().message().c_str());
}

void TestAnonymitySweep::tinyTableMatchesBruteForce_data() {
    // Golden values: a brute force over the 4 x 2 lattice (python3, no suppression) with ARX's Loss as
    // documented in veil/anonymity/metric.h: per QI x = (sum of leaf shares - N/|H|) / (N - N/|H|), aggregate
    // (prod(1 + x))^(1/2) - 1; the script is in tests/data/eval_k/brute_force.py.
    //   k=2: node (age 2, sex 0), loss 0.20185042515466312, classes [2,2,2,3], DM* 21, AECS 2.25,
    //        prosecutor max 0.5, avg 4/9, 9 records above 0.3
    //   k=3: node (3, 0), loss 0.41421356237309515 (= sqrt(2) - 1), classes [4,5], DM* 41,
    //        AECS 4.5, max 0.25, avg 2/9, none above 0.3
    // By hand for k=3: age at * gives x_age = (9 - 1)/(9 - 1) = 1, sex kept gives x_sex = 0.
    QTest::addColumn<int>("kIndex");
    QTest::addColumn<QString>("transformation");
    QTest::addColumn<double>("loss");
    QTest::addColumn<double>("discernibility");
    QTest::addColumn<double>("aecs");
    QTest::addColumn<double>("riskMax");
    QTest::addColumn<double>("riskAvg");
    QTest::addColumn<double>("atRisk");
    QTest::newRow("k=2") << 0 << "[2,0]" << 0.20185042515466312 << 21.0 << 2.25 << 0.5 << 4.0 / 9 << 9.0;
    QTest::newRow("k=3") << 1 << "[3,0]" << 0.41421356237309515 << 41.0 << 4.5 << 0.25 << 2.0 / 9 << 0.0;
}

void TestAnonymitySweep::tinyTableMatchesBruteForce() {
    QFETCH(int, kIndex);
    QFETCH(QString, transformation);
    QFETCH(double, loss);
    QFETCH(double, discernibility);
    QFETCH(double, aecs);
    QFETCH(double, riskMax);
    QFETCH(double, riskAvg);
    QFETCH(double, atRisk);
    auto r = run(experimentFrom(tinyJson(), kData + "/eval_k"), 1);
    QVERIFY2(r.isOk(), r.status().message().c_str());
    QVERIFY(r->isAnonymity());
    QCOMPARE(r->anonymity.size(), std::size_t(4));
    const AnonymityRow* row = r->anonymityRow(0, std::size_t(kIndex));
    QVERIFY(row && row->found);
    QCOMPARE(QString::fromStdString(row->transformation), transformation);
    QCOMPARE(row->metric, std::string("loss"));
    const auto& m = row->measures;
    QVERIFY2(std::abs(m[AnonymityMeasure::Loss] - loss) < 1e-9, std::to_string(m[AnonymityMeasure::Loss]).c_str());
    QCOMPARE(m[AnonymityMeasure::MethodMetric], m[AnonymityMeasure::Loss]);
    QCOMPARE(m[AnonymityMeasure::Discernibility], discernibility);
    QCOMPARE(m[AnonymityMeasure::AverageClassSize], aecs);
    QCOMPARE(m[AnonymityMeasure::Suppressed], 0.0);
    QCOMPARE(m[AnonymityMeasure::ProsecutorMax], riskMax);
    QVERIFY(std::abs(m[AnonymityMeasure::ProsecutorAverage] - riskAvg) < 1e-12);
    QCOMPARE(m[AnonymityMeasure::RecordsAtRisk], atRisk);
    QVERIFY(std::abs(m[AnonymityMeasure::RecordsAtRiskFraction] - atRisk / 9) < 1e-12);
}

void TestAnonymitySweep::mondrianHonoursK() {
    auto r = run(experimentFrom(tinyJson(), kData + "/eval_k"), 2);
    QVERIFY2(r.isOk(), r.status().message().c_str());
    for (std::size_t kk = 0; kk < 2; ++kk) {
        const AnonymityRow* row = r->anonymityRow(1, kk);
        QVERIFY(row && row->found);
        QCOMPARE(row->metric, std::string("ncp"));
        // ARX Loss of Mondrian's local recoding: defined, in [0, 1].
        QVERIFY(row->measures[AnonymityMeasure::Loss] >= 0 && row->measures[AnonymityMeasure::Loss] <= 1);
        // Every class has >= k records, so the highest risk is at most 1/k.
        QVERIFY(row->measures[AnonymityMeasure::ProsecutorMax] <= 1.0 / row->k + 1e-12);
        QVERIFY(row->measures[AnonymityMeasure::MethodMetric] >= 0 &&
                row->measures[AnonymityMeasure::MethodMetric] <= 1);
    }
}

void TestAnonymitySweep::adultOptimalEqualsAnonymize() {
    // Golden: `veil-cli anonymize adult.csv --qi age,sex,race,marital-status,education --hierarchy (the five
    // adult hierarchies) --k 5 --suppression 0.04 --json` reports information_loss 0.08378189027410965, 954
    // suppressed, prosecutor max 0.2, age level 2, education level 1.
    auto e = experimentFrom(adultJson({"optimal:loss"}, {5}), kSamples);
    auto r = run(e, 1);
    QVERIFY2(r.isOk(), r.status().message().c_str());
    const AnonymityRow* row = r->anonymityRow(0, 0);
    QVERIFY(row && row->found);
    QCOMPARE(row->measures[AnonymityMeasure::Loss], 0.08378189027410965);
    QCOMPARE(row->measures[AnonymityMeasure::Suppressed], 954.0);
    QCOMPARE(row->measures[AnonymityMeasure::ProsecutorMax], 0.2);
    QCOMPARE(row->transformation,
             std::string("[0,2,0,0,1]"));  // table order: sex, age, race,
                                           // marital-status, education

    // The same with the engine called directly.
    auto table = veil::readCsvFile(kSamples + "/adult.csv");
    QVERIFY(table.isOk());
    veil::anonymity::AnonymizationConfig cfg;
    for (const std::string q : {"age", "sex", "race", "marital-status", "education"}) {
        auto h = veil::hierarchy::readHierarchyCsv(kSamples + "/adult_hierarchy_" + q + ".csv", q);
        QVERIFY(h.isOk());
        cfg.quasiIdentifiers.push_back({q, *h});
    }
    cfg.models.k = 5;
    cfg.suppressionLimit = 0.04;
    auto direct = veil::anonymity::anonymize(table->table, cfg);
    QVERIFY(direct.isOk());
    QCOMPARE(row->measures[AnonymityMeasure::Loss], direct->informationLoss);
    QCOMPARE(row->measures[AnonymityMeasure::Discernibility], direct->metrics.discernibility);
    QCOMPARE(row->measures[AnonymityMeasure::ProsecutorAverage], direct->riskAfter.prosecutorAvg);
}

void TestAnonymitySweep::sameRowsWithOneAndTwoThreads() {
    const auto e = experimentFrom(adultJson({"optimal:loss", "mondrian"}, {2, 10, 50}), kSamples);
    auto one = run(e, 1), two = run(e, 2);
    QVERIFY(one.isOk() && two.isOk());
    std::ostringstream a, b;
    writeTrialsCsv(a, *one);
    writeTrialsCsv(b, *two);
    QCOMPARE(QString::fromStdString(b.str()), QString::fromStdString(a.str()));
    QCOMPARE(one->anonymity.size(), std::size_t(6));
    // More k, more loss: the optimum's loss never decreases with k (a k-anonymous node is also k'-anonymous
    // for k' < k).
    for (std::size_t kk = 1; kk < 3; ++kk)
        QVERIFY(one->anonymityRow(0, kk)->measures[AnonymityMeasure::Loss] >=
                one->anonymityRow(0, kk - 1)->measures[AnonymityMeasure::Loss]);
}

void TestAnonymitySweep::cancelled() {
    veil::CancelToken token;
    token.cancel();
    veil::RunContext ctx;
    ctx.cancel = &token;
    auto r = run(experimentFrom(tinyJson(), kData + "/eval_k"), 2, ctx);
    QVERIFY(!r.isOk());
    QCOMPARE(int(r.status().code()), int(veil::StatusCode::Cancelled));
}

void TestAnonymitySweep::progressRunsFromZeroToOne() {
    std::vector<double> seen;
    veil::FunctionProgressSink sink([&](double f, std::string_view) { seen.push_back(f); });
    veil::RunContext ctx;
    ctx.progress = &sink;
    auto r = run(experimentFrom(tinyJson(), kData + "/eval_k"), 1, ctx);
    QVERIFY(r.isOk());
    QVERIFY(seen.size() >= 2);
    QCOMPARE(seen.front(), 0.0);
    QCOMPARE(seen.back(), 1.0);
    QVERIFY(std::is_sorted(seen.begin(), seen.end()));
    QCOMPARE(seen.size(), std::size_t(2 + 3));  // 0, after 3 of the 4 (method, k) pairs, 1
}

void TestAnonymitySweep::outputsNameTheGridK() {
    auto r = run(experimentFrom(tinyJson(), kData + "/eval_k"), 1);
    QVERIFY(r.isOk());
    QCOMPARE(std::string(r->gridName()), std::string("k"));
    std::ostringstream csv;
    writeTrialsCsv(csv, *r);
    const std::string text = csv.str();
    const std::string header = text.substr(0, text.find('\n'));
    QCOMPARE(QString::fromStdString(header), QStringLiteral("method,label,k_index,k,found,metric,transformation,"
                                                            "loss,metric_value,discernibility,"
                                                            "avg_class_size,suppressed,prosecutor_max,prosecutor_"
                                                            "avg,records_at_risk,records_at_risk_fraction"));
    QVERIFY(text.find("epsilon") == std::string::npos);
    QCOMPARE(std::count(text.begin(), text.end(), '\n'),
             5L);  // header + 2 methods x 2 k
    const auto j = sweepSummaryJson(*r);
    QCOMPARE(j["k"], nlohmann::json({2, 3}));
    QCOMPARE(j["deterministic"], nlohmann::json(true));
    QCOMPARE(j["trials"], nlohmann::json(1));
    QVERIFY(!j.contains("epsilons"));
    QCOMPARE(j["summaries"][1]["k"], nlohmann::json(3));
    QVERIFY(j["summaries"][2]["measures"]["loss"].is_number());  // Mondrian has a Loss too
}

void TestAnonymitySweep::shippedExampleParses() {
    auto e = readExperimentFile(kSamples + "/../../docs/examples/adult-k-sweep.json");
    QVERIFY2(e.isOk(), e.status().message().c_str());
    auto in = loadExperimentInputs(*e);
    QVERIFY2(in.isOk(), in.status().message().c_str());
    QCOMPARE(in->epsilons, (std::vector<double>{2, 3, 5, 10, 20, 50, 100}));
}

QTEST_GUILESS_MAIN(TestAnonymitySweep)
#include "tst_anonymity_sweep.moc"
