// Strict reading of an engine's veil_aggregates CSV: well-formed exports (quoted labels, CRLF,
// columns in any order, NULL spelled out) and one malformed file per rule, each refused with a
// file:line message; a release on aggregates records their source and hash in the manifest.
#include "veil/common/random.h"
#include "veil/io/hash.h"
#include "veil/release/aggregate_import.h"
#include "veil/release/release_bundle.h"

#include <QTemporaryDir>
#include <QtTest>

#include <fstream>

using namespace veil;
using namespace veil::release;

namespace {

// Histogram over edges 0, 2, 4, 6 (labels "[0, 2)", "[2, 4)", "[4, 6]") and a sum on [0, 4].
dp::ColumnQuerySpec histogramSpec() {
    dp::ColumnQuerySpec s;
    s.query = dp::QueryKind::Histogram;
    s.binEdges = {0, 2, 4, 6};
    return s;
}
dp::ColumnQuerySpec sumSpec(dp::QueryKind kind = dp::QueryKind::Sum) {
    dp::ColumnQuerySpec s;
    s.query = kind;
    s.lower = 0;
    s.upper = 4;
    return s;
}
dp::ColumnQuerySpec countSpec() { return dp::ColumnQuerySpec{}; }

const char* kGoodHistogram = "output_index,label,n,clamped_sum\n0,\"[0, 2)\",2,\n1,\"[2, 4)\",0,\n2,\"[4, 6]\",2,\n";

}  // namespace

class TestAggregateImport : public QObject {
    Q_OBJECT
private slots:
    void wellFormed();
    void malformed_data();
    void malformed();
    void refusalsShowNoAggregates();
    void releaseOnAggregatesRecordsTheirSource();
    void coreRefusesInconsistentAggregates_data();
    void coreRefusesInconsistentAggregates();
};

void TestAggregateImport::wellFormed() {
    auto h = parseAggregatesCsv(kGoodHistogram, "agg.csv", histogramSpec());
    QVERIFY2(h.isOk(), h.status().message().c_str());
    QCOMPARE(h->values, (std::vector<double>{2, 0, 2}));
    QCOMPARE(h->rows, std::size_t(4));
    // Columns in another order, CRLF, rows out of order, NULL spelled out, "2.0" as a count.
    auto h2 = parseAggregatesCsv(
        "label,n,clamped_sum,output_index\r\n\"[4, 6]\",2.0,NULL,2\r\n\"[0, 2)\",2,,0\r\n"
        "\"[2, 4)\",0,,1\r\n",
        "agg.csv", histogramSpec());
    QVERIFY2(h2.isOk(), h2.status().message().c_str());
    QCOMPARE(h2->values, (std::vector<double>{2, 0, 2}));
    auto s = parseAggregatesCsv("output_index,label,n,clamped_sum\n0,sum,4,9.0\n", "agg.csv", sumSpec());
    QVERIFY2(s.isOk(), s.status().message().c_str());
    QCOMPARE(s->values, std::vector<double>{9.0});
    QCOMPARE(s->rows, std::size_t(4));
}

void TestAggregateImport::malformed_data() {
    QTest::addColumn<int>("spec");  // 0 histogram, 1 sum, 2 count, 3 mean
    QTest::addColumn<QString>("csv");
    QTest::addColumn<QString>("message");
    const QString hdr = "output_index,label,n,clamped_sum\n";
    QTest::newRow("empty file") << 0 << ""
                                << "agg.csv: empty";
    QTest::newRow("unknown column") << 0 << "output_index,label,n,noisy\n"
                                    << "agg.csv:1: unknown column 'noisy'";
    QTest::newRow("missing column") << 0 << "output_index,label,n\n"
                                    << "agg.csv:1: column 'clamped_sum' is missing";
    QTest::newRow("duplicate column") << 0 << "output_index,label,n,n,clamped_sum\n"
                                      << "agg.csv:1: column 'n' appears twice";
    QTest::newRow("wrong field count") << 0 << hdr + "0,\"[0, 2)\",2\n"
                                       << "agg.csv:2: 3 fields, expected 4";
    QTest::newRow("bin label from the data") << 0 << hdr + "0,\"[0, 2)\",2,\n1,\"[2, 3)\",0,\n"
                                             << "agg.csv:3: label '[2, 3)' of output 1 is not the plan's '[2, 4)'";
    QTest::newRow("missing empty bin") << 0 << hdr + "0,\"[0, 2)\",2,\n2,\"[4, 6]\",2,\n"
                                       << "agg.csv: output 1 ('[2, 4)') is missing";
    QTest::newRow("output twice") << 0 << hdr + "0,\"[0, 2)\",2,\n0,\"[0, 2)\",2,\n"
                                  << "agg.csv:3: output 0 appears twice (first on line 2)";
    QTest::newRow("output out of range") << 0 << hdr + "3,x,1,\n"
                                         << "agg.csv:2: output_index '3' is not one of 0..2";
    QTest::newRow("negative count") << 0 << hdr + "0,\"[0, 2)\",-1,\n"
                                    << "agg.csv:2: n is not a non-negative integer";
    QTest::newRow("fractional count") << 0 << hdr + "0,\"[0, 2)\",2.5,\n"
                                      << "agg.csv:2: n is not a non-negative integer";
    QTest::newRow("sum given for a histogram") << 0 << hdr + "0,\"[0, 2)\",2,3.5\n"
                                               << "agg.csv:2: clamped_sum must be empty";
    QTest::newRow("unterminated quote") << 0 << hdr + "0,\"[0, 2),2,\n"
                                        << "agg.csv:2: unterminated quoted field";
    // n = 4 on [0, 4]: the clamped sum must lie in [0, 16].
    QTest::newRow("sum above n*upper") << 1 << hdr + "0,sum,4,17\n"
                                       << "agg.csv:2: clamped_sum is outside [n*lower, n*upper]";
    QTest::newRow("sum below n*lower") << 1 << hdr + "0,sum,4,-0.5\n"
                                       << "is outside [n*lower, n*upper]";
    QTest::newRow("sum not a number") << 1 << hdr + "0,sum,4,abc\n"
                                      << "agg.csv:2: clamped_sum is not a finite number";
    QTest::newRow("sum missing") << 1 << hdr + "0,sum,4,\n"
                                 << "agg.csv:2: clamped_sum is not a finite number";
    QTest::newRow("wrong label for a sum") << 1 << hdr + "0,mean,4,9\n"
                                           << "agg.csv:2: label 'mean' of output 0 is not the plan's 'sum'";
    QTest::newRow("count with a sum") << 2 << hdr + "0,count,4,9\n"
                                      << "agg.csv:2: clamped_sum must be empty for a count";
    QTest::newRow("mean of nothing") << 3 << hdr + "0,mean,0,0\n"
                                     << "agg.csv:2: n is 0";
}

void TestAggregateImport::malformed() {
    QFETCH(int, spec);
    QFETCH(QString, csv);
    QFETCH(QString, message);
    const dp::ColumnQuerySpec specs[] = {histogramSpec(), sumSpec(), countSpec(), sumSpec(dp::QueryKind::Mean)};
    auto r = parseAggregatesCsv(csv.toStdString(), "agg.csv", specs[spec]);
    QVERIFY(!r.isOk());
    QVERIFY2(QString::fromStdString(r.status().message()).contains(message), r.status().message().c_str());
}

// The aggregates are true answers (an engine may have computed them unseen): a refusal names the
// line, the field and the check, never the value.
void TestAggregateImport::refusalsShowNoAggregates() {
    const std::string hdr = "output_index,label,n,clamped_sum\n";
    const std::pair<std::string, dp::ColumnQuerySpec> cases[] = {
        {hdr + "0,sum,4,17.25\n", sumSpec()},                // outside [0, 16]
        {hdr + "0,count,4123,98765\n", countSpec()},         // a sum given for a count
        {hdr + "0,\"[0, 2)\",4123.5,\n", histogramSpec()}};  // not an integer
    for (const auto& [csv, spec] : cases) {
        auto r = parseAggregatesCsv(csv, "agg.csv", spec);
        QVERIFY(!r.isOk());
        const std::string& m = r.status().message();
        for (const char* value : {"17.25", "4123", "98765"}) QVERIFY2(m.find(value) == std::string::npos, m.c_str());
    }
}

void TestAggregateImport::releaseOnAggregatesRecordsTheirSource() {
    QTemporaryDir tmp;
    const std::string agg = tmp.filePath("agg.csv").toStdString();
    std::ofstream(agg) << kGoodHistogram;
    nlohmann::json j = {{"kind", "dp-query"},   {"dataset", "not-read.csv"}, {"column", "x"},
                        {"query", "histogram"}, {"mechanism", "geometric"},  {"epsilon", 0.5},
                        {"bins", {0, 2, 4, 6}}};
    auto plan = parseReleasePlan(j, tmp.path().toStdString(), "plan.json");
    QVERIFY(plan.isOk());
    dp::ReleaseGate::Options gateOptions;
    gateOptions.dataset = "not-read.csv";
    gateOptions.seed = 3;
    dp::ReleaseGate rnd(gateOptions);
    auto out = runReleasePlanOnAggregates(*plan, agg, rnd);
    QVERIFY2(out.isOk(), out.status().message().c_str());
    QCOMPARE(out->epsilon, 0.5);
    QCOMPARE(out->datasetKey, std::string("not-read.csv"));  // charged to the plan's dataset
    const std::string sha = sha256Hex(kGoodHistogram);
    QCOMPARE(out->inputSha256, sha);
    QVERIFY(out->exactAggregates.is_object() && !out->exactAggregates.contains("sha256"));
    // The manifest has neither the aggregates' plain hash (a bundle adds the ledger's keyed
    // fingerprint) nor their rows, which are the histogram's true total.
    const nlohmann::json m = buildManifest(*out);
    QVERIFY(m.dump().find(sha) == std::string::npos);
    QVERIFY(!m["exact_aggregates"].contains("rows"));
    QCOMPARE(m["exact_aggregates"]["noise"].get<std::string>(), std::string("added by Veil"));
    QCOMPARE(m["summary"]["outputs"].get<int>(), 3);
    // An anonymization plan, or a file that does not fit the plan, is refused.
    auto anon = parseReleasePlan({{"kind", "anonymization"}}, tmp.path().toStdString(), "a.json");
    QVERIFY(!runReleasePlanOnAggregates(*anon, agg, rnd).isOk());
    std::ofstream(agg) << "output_index,label,n,clamped_sum\n0,\"[0, 2)\",2,\n";
    auto bad = runReleasePlanOnAggregates(*plan, agg, rnd);
    QVERIFY(!bad.isOk());
    QVERIFY2(bad.status().message().find("is missing") != std::string::npos, bad.status().message().c_str());
}

// dp::releaseExactAggregates checks again what the reader checked (defence in depth).
void TestAggregateImport::coreRefusesInconsistentAggregates_data() {
    QTest::addColumn<int>("spec");  // 0 histogram, 1 sum, 2 count, 3 median
    QTest::addColumn<QVector<double>>("values");
    QTest::addColumn<int>("rows");
    QTest::addColumn<QString>("message");
    QTest::addColumn<QStringList>("truths");  // true answers the message must not show
    QTest::newRow("too few bins") << 0 << QVector<double>{2, 2} << 4 << "has 3 outputs" << QStringList{};
    QTest::newRow("negative bin") << 0 << QVector<double>{-1, 3, 2} << 4 << "non-negative integer" << QStringList{"-1"};
    QTest::newRow("fractional bin") << 0 << QVector<double>{1.5, 0.5, 2} << 4 << "non-negative integer"
                                    << QStringList{"1.5"};
    QTest::newRow("bins do not add up") << 0 << QVector<double>{2, 0, 2} << 5 << "the bins do not add up"
                                        << QStringList{"4", "5"};
    QTest::newRow("sum above n*upper") << 1 << QVector<double>{16.5} << 4 << "outside [n*lower, n*upper]"
                                       << QStringList{"16.5", "16", "4"};
    QTest::newRow("count differs from rows")
        << 2 << QVector<double>{3} << 4 << "differs from the rows" << QStringList{"3", "4"};
    QTest::newRow("median") << 3 << QVector<double>{1} << 1 << "cannot be released from exact aggregates"
                            << QStringList{};
}

void TestAggregateImport::coreRefusesInconsistentAggregates() {
    QFETCH(int, spec);
    QFETCH(QVector<double>, values);
    QFETCH(int, rows);
    QFETCH(QString, message);
    QFETCH(QStringList, truths);
    dp::ColumnQuerySpec median = sumSpec();
    median.query = dp::QueryKind::Median;
    const dp::ColumnQuerySpec specs[] = {histogramSpec(), sumSpec(), countSpec(), median};
    dp::ColumnQuerySpec s = specs[spec];
    if (spec == 3) s.mechanism = dp::MechanismKind::Exponential;
    auto gate = dp::ReleaseGate::teaching(1);
    auto r = dp::releaseExactAggregates(
        gate, "x", s, {std::vector<double>(values.begin(), values.end()), std::size_t(rows)}, RunContext{});
    QVERIFY(!r.isOk());
    const QString said = QString::fromStdString(r.status().message());
    QVERIFY2(said.contains(message), qPrintable(said));
    for (const QString& truth : truths) QVERIFY2(!said.contains(truth), qPrintable(truth + " shown in: " + said));
}

QTEST_APPLESS_MAIN(TestAggregateImport)
#include "tst_aggregate_import.moc"
