// veil-cli recommend: the JSON contract ({"recommended", "ranking": [{"algorithm", "name",
// "expected_scaled_l1", "why"}], "scale": {..., "source", "spent"}}), a declared and a noisy scale
// (the noisy one charged in release mode, not in teaching mode), 2-D domains, and refusals.
#include "cli_runner.h"

#include <QJsonArray>
#include <QJsonObject>
#include <QtTest/QtTest>

namespace {
const QString kAdult = QStringLiteral(VEIL_SAMPLES_DIR "/adult.csv");
}

class TestCliRecommend : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void declaredScaleJson();
    void twoDimensionalDomain();
    void noisyScaleIsCharged();
    void noisyScaleTeaching();
    void textOutput();
    void refusals_data();
    void refusals();
    void refusedBeforeTheNoisyScaleIsCharged();
};

void TestCliRecommend::declaredScaleJson() {
    const auto r = runCli(
        {"recommend", "--domain", "1024", "--scale", "3000", "--epsilon", "0.5", "--workload", "prefix", "--json"});
    QVERIFY2(r.exitCode == 0, r.err.constData());
    const QJsonObject j = r.json().object();
    const QJsonArray ranking = j.value("ranking").toArray();
    QVERIFY(ranking.size() >= 5);
    QCOMPARE(j.value("recommended").toString(), ranking.at(0).toObject().value("algorithm").toString());
    double previous = 0.0;
    for (const auto& v : ranking) {
        const QJsonObject c = v.toObject();
        QVERIFY2(c.value("algorithm").toString().startsWith("histogram:"), qPrintable(c.value("algorithm").toString()));
        QVERIFY(!c.value("name").toString().isEmpty());
        QVERIFY(!c.value("why").toString().isEmpty());
        const double e = c.value("expected_scaled_l1").toDouble();
        QVERIFY2(e > 0.0 && e >= previous, qPrintable(QString::number(e)));  // ranked, best first
        previous = e;
    }
    const QJsonObject scale = j.value("scale").toObject();
    QCOMPARE(scale.value("source").toString(), QStringLiteral("declared"));
    QCOMPARE(scale.value("records").toDouble(), 3000.0);
    QCOMPARE(scale.value("n_times_epsilon").toDouble(), 1500.0);  // N * epsilon = 3000 * 0.5
    QVERIFY(!scale.contains("scale_epsilon"));  // was N * epsilon, read as the flag's epsilon spent on N
    QCOMPARE(j.value("epsilon").toDouble(), 0.5);
    QVERIFY(!scale.contains("spent"));  // a declared scale spends nothing
    QVERIFY(ranking.at(0).toObject().value("why").toString().contains("1500"));
}

void TestCliRecommend::twoDimensionalDomain() {
    const auto r = runCli({"recommend", "--domain", "128x128", "--scale", "1e5", "--epsilon", "1", "--json"});
    QVERIFY2(r.exitCode == 0, r.err.constData());
    const QJsonObject j = r.json().object();
    bool psd = false;
    for (const auto& v : j.value("ranking").toArray()) {
        const QString a = v.toObject().value("algorithm").toString();
        QVERIFY2(a.startsWith("psd:") || a.startsWith("histogram:"), qPrintable(a));
        QVERIFY2(a != "histogram:hb" && a != "histogram:mwem", qPrintable(a));  // 1-D only
        psd = psd || a.startsWith("psd:");
    }
    QVERIFY(psd);
    QCOMPARE(j.value("domain").toDouble(), 128.0);
}

void TestCliRecommend::noisyScaleIsCharged() {
    const auto r = runCli({"recommend", "--domain", "256", "--data", kAdult, "--delimiter", ";", "--column", "age",
                           "--scale-epsilon", "0.5", "--epsilon", "1", "--json"});
    QVERIFY2(r.exitCode == 0, r.err.constData());
    const QJsonObject scale = r.json().object().value("scale").toObject();
    QCOMPARE(scale.value("source").toString(), QStringLiteral("noisy"));
    QCOMPARE(scale.value("column").toString(), QStringLiteral("age"));
    QCOMPARE(scale.value("private").toBool(), true);
    QCOMPARE(scale.value("spent").toObject().value("epsilon").toDouble(), 0.5);
    QVERIFY(std::abs(scale.value("noise_scale").toDouble() - 2.0) < 1e-9);  // Laplace b = 1 / 0.5 for a count
    // 30,162 rows in the sample: the noisy count is within 40 b = 80 of it but for probability e^-40.
    QVERIFY(std::abs(scale.value("records").toDouble() - 30162.0) < 80.0);
}

void TestCliRecommend::noisyScaleTeaching() {
    const auto r = runCli({"recommend", "--domain", "256", "--data", kAdult, "--delimiter", ";", "--column", "age",
                           "--epsilon", "1", "--teaching", "--seed", "3", "--json"});
    QVERIFY2(r.exitCode == 0, r.err.constData());
    const QJsonObject scale = r.json().object().value("scale").toObject();
    QCOMPARE(scale.value("source").toString(), QStringLiteral("noisy"));
    QCOMPARE(scale.value("private").toBool(), false);
    QCOMPARE(scale.value("spent").toObject().value("epsilon").toDouble(), 0.0);
}

void TestCliRecommend::textOutput() {
    const auto r = runCli({"recommend", "--domain", "4096", "--scale", "100", "--epsilon", "1"});
    QVERIFY2(r.exitCode == 0, r.err.constData());
    QVERIFY(r.out.contains("recommended: "));
    QVERIFY(r.out.contains("(declared)"));
}

void TestCliRecommend::refusals_data() {
    QTest::addColumn<QStringList>("args");
    QTest::newRow("bad domain") << QStringList{"--domain", "abc", "--scale", "10", "--epsilon", "1"};
    QTest::newRow("negative domain") << QStringList{"--domain", "-5", "--scale", "10", "--epsilon", "1"};
    QTest::newRow("negative grid side") << QStringList{"--domain", "8x-8", "--scale", "10", "--epsilon", "1"};
    QTest::newRow("2-D domain with --dims 1")
        << QStringList{"--domain", "8x8", "--dims", "1", "--scale", "10", "--epsilon", "1"};
    QTest::newRow("no scale") << QStringList{"--domain", "64", "--epsilon", "1"};
    QTest::newRow("scale and data") << QStringList{"--domain", "64",       "--scale", "10",        "--data",
                                                   kAdult,     "--column", "age",     "--epsilon", "1"};
    QTest::newRow("scale 0") << QStringList{"--domain", "64", "--scale", "0", "--epsilon", "1"};
    QTest::newRow("epsilon 0") << QStringList{"--domain", "64", "--scale", "10", "--epsilon", "0"};
    QTest::newRow("unknown workload") << QStringList{"--domain",  "64", "--scale",    "10",
                                                     "--epsilon", "1",  "--workload", "marginals"};
    QTest::newRow("unknown column") << QStringList{"--domain", "64",       "--data", kAdult,      "--delimiter",
                                                   ";",        "--column", "nope",   "--epsilon", "1"};
}

void TestCliRecommend::refusals() {
    QFETCH(QStringList, args);
    const auto r = runCli(QStringList{"recommend"} + args);
    QVERIFY2(r.exitCode != 0, r.out.constData());
    QVERIFY(!r.err.isEmpty());
}

// A request refused for its epsilon or its domain opens no ledger and spends nothing on the noisy
// scale (it used to charge --scale-epsilon first, then refuse).
void TestCliRecommend::refusedBeforeTheNoisyScaleIsCharged() {
    QTemporaryDir dir;
    const QString ledger = dir.filePath(QStringLiteral("ledger.db"));
    for (const QStringList& bad :
         {QStringList{"--epsilon", "0", "--domain", "256"}, QStringList{"--epsilon", "1", "--domain", "0"}}) {
        const auto r = runCli(
            QStringList{"recommend", "--data", kAdult, "--delimiter", ";", "--column", "age", "--ledger", ledger} +
            bad);
        QVERIFY2(r.exitCode != 0, r.out.constData());
        QVERIFY2(!QFile::exists(ledger), qPrintable(bad.join(' ')));
    }
}

QTEST_GUILESS_MAIN(TestCliRecommend)
#include "tst_cli_recommend.moc"
