// Experiments as JSON: parsing (good and bad input), the epsilon grid, loading DPBench data
// (NETTRACE: 4096 bins, scale 25,714, 139 non-zero cells per tests/data/dpbench/SOURCE.md),
// paths relative to the experiment file, and the round trip to JSON.
#include "veil/eval/experiment.h"

#include <QTemporaryDir>
#include <QtTest>

#include <algorithm>
#include <cmath>

using namespace veil::eval;

namespace {
nlohmann::json base() {
    return nlohmann::json::parse(R"({"dataset": {"counts": [1, 2, 3, 4]}, "methods": ["count:laplace"]})");
}
}  // namespace

class TestExperiment : public QObject {
    Q_OBJECT
private slots:
    void logSpacedGrid();
    void defaults();
    void badExperiments_data();
    void badExperiments();
    void loadsTheShippedExample();
    void npyAndCsvAgree();
    void twoDimensionalCsv();
    void inputErrors_data();
    void inputErrors();
    void roundTrip();
    void inlineDpbenchWorkload();
    void sampling();
};

void TestExperiment::logSpacedGrid() {
    EpsilonGrid g;
    g.from = 0.01;
    g.to = 10;
    g.count = 4;
    const auto v = epsilonValues(g);
    QVERIFY(v.isOk());
    const double expected[] = {0.01, 0.1, 1.0, 10.0};  // 10^-2 .. 10^1, one decade apart
    for (int i = 0; i < 4; ++i)
        QVERIFY2(std::abs((*v)[i] / expected[i] - 1) < 1e-12, qPrintable(QString::number((*v)[i])));
    g.logSpaced = false;
    g.from = 1;
    g.to = 2;
    g.count = 3;
    QCOMPARE(epsilonValues(g)->at(1), 1.5);
}

void TestExperiment::defaults() {
    const auto e = parseExperiment(base());
    QVERIFY2(e.isOk(), e.status().message().c_str());
    QCOMPARE(e->trials, 10);
    QCOMPARE(e->epsilon.count, 10);
    QVERIFY(e->epsilon.logSpaced);
    QVERIFY(!e->seed.has_value());
    QCOMPARE(static_cast<int>(e->workload.kind), static_cast<int>(WorkloadKind::Prefix));
    QCOMPARE(e->methods[0].label, std::string("count:laplace"));
}

void TestExperiment::badExperiments_data() {
    QTest::addColumn<QString>("patch");
    QTest::addColumn<QString>("message");
    QTest::newRow("unknown key") << R"({"trails": 3})"
                                 << "trails: unknown key; did you mean 'trials'?";
    QTest::newRow("unknown method") << R"({"methods": ["count:laplace", "histogram:magic"]})"
                                    << "methods[1]: unknown method 'histogram:magic'";
    QTest::newRow("duplicate label") << R"({"methods": ["count:laplace", "count:laplace"]})"
                                     << "label 'count:laplace' is used twice";
    QTest::newRow("empty methods") << R"({"methods": []})"
                                   << "methods: expected a non-empty list";
    QTest::newRow("epsilon from > to") << R"({"epsilon": {"from": 2, "to": 1}})"
                                       << "epsilon.from";
    QTest::newRow("negative epsilon") << R"({"epsilon": [1, -0.5]})"
                                      << "epsilon[1] must be a positive finite number";
    QTest::newRow("bad spacing") << R"({"epsilon": {"spacing": "cubic"}})"
                                 << "epsilon.spacing";
    QTest::newRow("zero trials") << R"({"trials": 0})"
                                 << "trials: expected an integer between 1";
    QTest::newRow("delta 1") << R"({"delta": 1})"
                             << "delta";
    QTest::newRow("negative seed") << R"({"seed": -4})"
                                   << "seed: expected a non-negative integer";
    QTest::newRow("bad generator") << R"({"workload": "suffix"})"
                                   << "unknown generator 'suffix'";
    QTest::newRow("file and counts") << R"({"dataset": {"file": "a.npy", "counts": [1]}})"
                                     << "exactly one of 'file', 'counts', 'graph' and 'table'";
    QTest::newRow("bad method option key") << R"({"methods": [{"id": "count:laplace", "opts": {}}]})"
                                           << "methods[0].opts: unknown key (known: id, label, options)";
}

void TestExperiment::badExperiments() {
    QFETCH(QString, patch);
    QFETCH(QString, message);
    auto j = base();
    j.merge_patch(nlohmann::json::parse(patch.toStdString()));
    const auto e = parseExperiment(j);
    QVERIFY(!e.isOk());
    QVERIFY2(QString::fromStdString(e.status().message()).contains(message), e.status().message().c_str());
}

void TestExperiment::loadsTheShippedExample() {
    // Relative paths are resolved against the experiment file, whatever the working directory.
    const auto e = readExperimentFile(VEIL_TEST_DATA_DIR "/../../docs/examples/histograms-sweep.json");
    QVERIFY2(e.isOk(), e.status().message().c_str());
    const auto in = loadExperimentInputs(*e);
    QVERIFY2(in.isOk(), in.status().message().c_str());
    QCOMPARE(in->data.columns, std::size_t(4096));
    QVERIFY(!in->data.twoDimensional);
    QCOMPARE(in->data.total(), 25714.0);
    QCOMPARE(std::count_if(in->data.counts.begin(), in->data.counts.end(), [](double c) { return c > 0; }), 139L);
    QCOMPARE(in->workload.size(), std::size_t(1000));
    QCOMPARE(in->epsilons.size(), std::size_t(10));
}

void TestExperiment::npyAndCsvAgree() {
    const auto npy = readHistogram(VEIL_TEST_DATA_DIR "/dpbench/NETTRACE.n4096.npy");
    const auto csv = readHistogram(VEIL_TEST_DATA_DIR "/dpbench/NETTRACE.n4096.csv");
    QVERIFY2(npy.isOk(), npy.status().message().c_str());
    QVERIFY2(csv.isOk(), csv.status().message().c_str());
    QVERIFY(npy->counts == csv->counts);
    QVERIFY(!csv->twoDimensional);
    const auto missing = readHistogram("/nonexistent/h.npy");
    QVERIFY(!missing.isOk());
    QVERIFY(QString::fromStdString(missing.status().message()).contains("no such file"));
}

void TestExperiment::twoDimensionalCsv() {
    const auto h = readHistogram(VEIL_TEST_DATA_DIR "/dpbench/cabspottingE_256_256.csv");
    QVERIFY2(h.isOk(), h.status().message().c_str());
    QVERIFY(h->twoDimensional);
    QCOMPARE(h->rows, std::size_t(256));
    QCOMPARE(h->columns, std::size_t(256));
    QCOMPARE(h->total(), 464041.0);  // SF-CABS-E scale, /work/shared/data/dpbench/SOURCE.md
}

void TestExperiment::inputErrors_data() {
    QTest::addColumn<QString>("patch");
    QTest::addColumn<QString>("message");
    QTest::newRow("lo > hi in inline ranges") << R"({"workload": [[0, 1], [3, 2]]})"
                                              << "workload: query 1: lo 3 > hi 2";
    QTest::newRow("range outside the data") << R"({"workload": {"ranges": [[0, 4]]}})"
                                            << "query 0: hi 4 is out of the domain 0..3";
    QTest::newRow("psd on 1-D data") << R"({"methods": ["psd:kd"]})"
                                     << "method 'psd:kd' needs a 2-D histogram";
    QTest::newRow("ordered histogram strategy on 2-D data")
        << R"({"dataset": {"counts": [[1, 2], [3, 4]]}, "methods": ["histogram:hb"]})"
        << "method 'histogram:hb' needs a 1-D histogram";
    QTest::newRow("smooth median without delta") << R"({"methods": ["median:smooth"]})"
                                                 << "give the experiment a delta";
    QTest::newRow("negative count") << R"({"dataset": {"counts": [1, -2]}})"
                                    << "count 1 is -2";
    QTest::newRow("missing data file") << R"({"dataset": "nope.npy"})"
                                       << "nope.npy: no such file";
    QTest::newRow("missing workload file") << R"({"workload": {"file": "nope.json"}})"
                                           << "nope.json: no such file";
}

void TestExperiment::inputErrors() {
    QFETCH(QString, patch);
    QFETCH(QString, message);
    auto j = base();
    j.merge_patch(nlohmann::json::parse(patch.toStdString()));
    const auto e = parseExperiment(j);
    QVERIFY2(e.isOk(), e.status().message().c_str());
    const auto in = loadExperimentInputs(*e);
    QVERIFY(!in.isOk());
    QVERIFY2(QString::fromStdString(in.status().message()).contains(message), in.status().message().c_str());
}

void TestExperiment::roundTrip() {
    auto j = base();
    j.merge_patch(nlohmann::json::parse(
        R"({"name": "x", "workload": {"generator": "random-ranges", "count": 7, "seed": 3}, "seed": 11, "delta": 1e-6,
            "methods": ["count:laplace", {"id": "median:smooth", "label": "smooth", "options": {}}],
            "epsilon": {"from": 0.1, "to": 1, "count": 3, "spacing": "linear"}})"));
    const auto e = parseExperiment(j);
    QVERIFY2(e.isOk(), e.status().message().c_str());
    const auto again = parseExperiment(experimentToJson(*e));
    QVERIFY2(again.isOk(), again.status().message().c_str());
    QCOMPARE(experimentToJson(*again).dump(), experimentToJson(*e).dump());
    QCOMPARE(again->methods[1].label, std::string("smooth"));
    QCOMPARE(*again->seed, std::uint64_t(11));
}

// DPBench's workload object given inline is read as the same object in a file: one parser.
void TestExperiment::inlineDpbenchWorkload() {
    const auto queries =
        nlohmann::json::parse(R"({"queries": [{"lb": [0], "ub": [2]}, {"lb": [1], "ub": [3], "wgt": 1}]})");
    QTemporaryDir dir;
    const QString file = dir.filePath("w.json");
    QFile f(file);
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write(QByteArray::fromStdString(queries.dump()));
    f.close();
    auto inlined = base(), fromFile = base();
    inlined["workload"] = queries;
    fromFile["workload"] = {{"file", file.toStdString()}};
    const auto a = parseExperiment(inlined), b = parseExperiment(fromFile);
    QVERIFY2(a.isOk(), a.status().message().c_str());
    QVERIFY2(b.isOk(), b.status().message().c_str());
    const auto ia = loadExperimentInputs(*a), ib = loadExperimentInputs(*b);
    QVERIFY2(ia.isOk(), ia.status().message().c_str());
    QVERIFY2(ib.isOk(), ib.status().message().c_str());
    QCOMPARE(ia->workload.queries, ib->workload.queries);
    QCOMPARE(ia->workload.queries, (std::vector<RangeQuery>{{0, 0, 0, 2}, {0, 0, 1, 3}}));
    // It is saved as given, and read back the same.
    QCOMPARE(experimentToJson(*a)["workload"], queries);
    const auto again = parseExperiment(experimentToJson(*a));
    QVERIFY2(again.isOk(), again.status().message().c_str());
    QCOMPARE(loadExperimentInputs(*again)->workload.queries, ia->workload.queries);
    // Its errors name the query, as the file's do.
    inlined["workload"] = nlohmann::json::parse(R"({"queries": [{"lb": [0], "ub": [9]}]})");
    const auto bad = loadExperimentInputs(*parseExperiment(inlined));
    QVERIFY(!bad.isOk());
    QCOMPARE(bad.status().message(), std::string("workload: query 0: hi 9 is out of the domain 0..3"));
}

void TestExperiment::sampling() {
    const auto h = makeHistogram1D({0, 3, 0, 1});
    veil::SeededRandom rng(5);
    const auto s = sampleHistogram(*h, 1000, rng);
    QVERIFY(s.isOk());
    QCOMPARE(s->total(), 1000.0);
    QCOMPARE(s->counts[0], 0.0);  // empty cells are never drawn
    QCOMPARE(s->counts[2], 0.0);
    // Bin 1 has probability 3/4: 750 expected, sd sqrt(1000 * 0.75 * 0.25) = 13.7; 5 sd = 68.
    QVERIFY2(std::abs(s->counts[1] - 750.0) < 68.0, qPrintable(QString::number(s->counts[1])));
}

QTEST_APPLESS_MAIN(TestExperiment)
#include "tst_experiment.moc"
