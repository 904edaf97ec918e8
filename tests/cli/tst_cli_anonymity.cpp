// veil-cli anonymize / risk / link: JSON contract, ARX 3.9.2 golden results through the CLI, the
// seed-004 linkage example, no-solution output and bad input.
#include "cli_runner.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QtTest>

namespace {

const QString kData = QStringLiteral(VEIL_TEST_DATA_DIR);

QStringList arxTestArgs() {
    return {"anonymize",     kData + "/arx_test/test.csv",
            "--qi",          "age,gender,zipcode",
            "--hierarchy",   "age=" + kData + "/arx_test/test_hierarchy_age.csv",
            "--hierarchy",   "gender=" + kData + "/arx_test/test_hierarchy_gender.csv",
            "--hierarchy",   "zipcode=" + kData + "/arx_test/test_hierarchy_zipcode.csv",
            "--k",           "2",
            "--suppression", "0",
            "--metric",      "loss",
            "--algorithm",   "optimal"};
}

QString writeFile(const QTemporaryDir& dir, const QString& name, const QByteArray& text) {
    const QString path = dir.filePath(name);
    QFile f(path);
    if (!f.open(QIODevice::WriteOnly)) qFatal("cannot write %s", qPrintable(path));
    f.write(text);
    return path;
}

// Seed 004 "Tabular Data Example" (salaries without thousands separators).
const QByteArray kCensus =
    "DOB;Sex;ZIP;Salary\n1/21/76;M;53715;50000\n4/13/86;F;53715;55000\n2/28/76;M;53703;60000\n"
    "1/21/76;M;53703;65000\n4/13/86;F;53706;70000\n2/28/76;F;53706;75000\n";

}  // namespace

class TestCliAnonymity : public QObject {
    Q_OBJECT
private slots:
    void anonymizeArxGoldenJson();
    void anonymizeWritesOutput();
    void anonymizeTClosenessGolden();
    void anonymizeHumanOutput();
    void anonymizeMondrian();
    void noSolution();
    void badInput_data();
    void badInput();
    void riskAndHomogeneity();
    void riskPopulationUniqueness();
    void riskAgainstPopulationTable();
    void utilityByHand();
    void linkSeed004();
    void help_data();
    void help();
};

// ARX 3.9.2 Example2 (tests/data/arx_test/SOURCE.md): [2,0,3], IL 0.30055597162146275.
void TestCliAnonymity::anonymizeArxGoldenJson() {
    const CliRun r = runCli(arxTestArgs() << "--json");
    QCOMPARE(r.exitCode, 0);
    const QJsonObject o = r.json().object();
    const QJsonObject t = o["transformation"].toObject();
    QCOMPARE(t["age"].toInt(), 2);
    QCOMPARE(t["gender"].toInt(), 0);
    QCOMPARE(t["zipcode"].toInt(), 3);
    QCOMPARE(o["information_loss"].toDouble(), 0.30055597162146275);
    QCOMPARE(o["metric"].toString(), QString("loss"));
    QCOMPARE(o["suppressed"].toInt(), 0);
    QCOMPARE(o["classes"].toInt(), 2);
    QCOMPARE(o["min_class_size"].toInt(), 3);
    QCOMPARE(o["risk"].toObject()["prosecutor_max"].toDouble(), 1.0 / 3.0);
    QCOMPARE(o["risk"].toObject()["prosecutor_avg"].toDouble(), 2.0 / 7.0);
    QCOMPARE(o["risk_before"].toObject()["prosecutor_max"].toDouble(), 1.0);
    QVERIFY(o["seconds"].isDouble());
}

void TestCliAnonymity::anonymizeWritesOutput() {
    QTemporaryDir dir;
    const QString out = dir.filePath("out.csv");
    const CliRun r = runCli(arxTestArgs() << "--output" << out);
    QCOMPARE(r.exitCode, 0);
    QFile f(out);
    QVERIFY(f.open(QIODevice::ReadOnly));
    const QList<QByteArray> lines = f.readAll().trimmed().split('\n');
    QCOMPARE(lines.size(), 8);
    QCOMPARE(lines[0], QByteArray("age;gender;zipcode"));
    QCOMPARE(lines[1], QByteArray("*;male;81***"));
    QCOMPARE(lines[2], QByteArray("*;female;81***"));
}

// ARX 3.9.2 Example48: ordered t-closeness 0.3751 on Salary -> [ZIPCode, Age] = [2, 1].
void TestCliAnonymity::anonymizeTClosenessGolden() {
    const CliRun r = runCli({"anonymize", kData + "/arx_test2/test2.csv", "--qi", "ZIPCode,Age", "--hierarchy",
                             "ZIPCode=" + kData + "/arx_test2/test2_hierarchy_ZIPCode.csv", "--hierarchy",
                             "Age=" + kData + "/arx_test2/test2_hierarchy_Age.csv", "--sensitive", "Salary",
                             "--t-closeness", "ordered:0.3751", "--suppression", "0", "--json"});
    QCOMPARE(r.exitCode, 0);
    const QJsonObject o = r.json().object();
    QCOMPARE(o["transformation"].toObject()["ZIPCode"].toInt(), 2);
    QCOMPARE(o["transformation"].toObject()["Age"].toInt(), 1);
    QCOMPARE(o["information_loss"].toDouble(), 0.3693063937629153);
}

void TestCliAnonymity::anonymizeHumanOutput() {
    const CliRun r = runCli(arxTestArgs());
    QCOMPARE(r.exitCode, 0);
    QVERIFY2(r.out.contains("age=2 gender=0 zipcode=3"), r.out.constData());
    QVERIFY2(r.out.contains("Information loss (ARX Loss) [loss]: "), r.out.constData());
}

// Census table, Mondrian k = 2 on DOB (set) and ZIP (numeric) -> partitions of >= 2.
void TestCliAnonymity::anonymizeMondrian() {
    QTemporaryDir dir;
    const QString census = writeFile(dir, "census.csv", kCensus);
    const CliRun r = runCli(
        {"anonymize", census, "--qi", "DOB,ZIP", "--k", "2", "--algorithm", "mondrian", "--metric", "ncp", "--json"});
    QCOMPARE(r.exitCode, 0);
    const QJsonObject o = r.json().object();
    QVERIFY(o["partitions"].toInt() >= 2);
    QVERIFY(o["min_class_size"].toInt() >= 2);
    QCOMPARE(o["metric"].toString(), QString("ncp"));
    QCOMPARE(o["suppressed"].toInt(), 0);
}

// Recursive (0.1, 2)-diversity on nine distinct salaries: 1 < 0.1 x 8 never holds -> no node.
// Exit status 2 (a script's `&& publish out.csv` stops), the file already at --output untouched,
// and the input's risk reported all the same (it was all zeros).
void TestCliAnonymity::noSolution() {
    QTemporaryDir dir;
    const QString out = dir.filePath(QStringLiteral("out.csv"));
    {
        QFile f(out);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write("someone else's file\n");
    }
    const QStringList args{"anonymize",
                           kData + "/arx_test2/test2.csv",
                           "--qi",
                           "ZIPCode,Age",
                           "--hierarchy",
                           "ZIPCode=" + kData + "/arx_test2/test2_hierarchy_ZIPCode.csv",
                           "--hierarchy",
                           "Age=" + kData + "/arx_test2/test2_hierarchy_Age.csv",
                           "--sensitive",
                           "Salary",
                           "--l-diversity",
                           "recursive:0.1:2",
                           "-o",
                           out};
    const CliRun r = runCli(args + QStringList{"--json"});
    QCOMPARE(r.exitCode, 2);
    QVERIFY2(r.err.contains("nothing was written to"), r.err.constData());
    const QJsonObject o = r.json().object();
    QVERIFY(o.contains("transformation"));
    QVERIFY(o["transformation"].isNull());
    QVERIFY(o["message"].toString().contains("no transformation satisfies"));
    const QJsonObject before = o["risk_before"].toObject();
    QCOMPARE(before["records"].toInt(), o["records"].toInt());
    QVERIFY(before["records"].toInt() > 0 && before["prosecutor_max"].toDouble() > 0);
    QFile f(out);
    QVERIFY(f.open(QIODevice::ReadOnly));
    QCOMPARE(f.readAll(), QByteArray("someone else's file\n"));
    QCOMPARE(runCli(args).exitCode, 2);
}

void TestCliAnonymity::badInput_data() {
    QTest::addColumn<QStringList>("extra");
    QTest::addColumn<QString>("expected");
    QTest::newRow("k larger than N") << QStringList{"--k", "8"} << "larger than the number of records";
    QTest::newRow("unknown metric") << QStringList{"--metric", "foo"} << "unknown metric";
    QTest::newRow("unknown algorithm") << QStringList{"--algorithm", "greedy"} << "unknown algorithm";
    QTest::newRow("bad l-diversity") << QStringList{"--l-diversity", "distinct"} << "bad l-diversity";
    QTest::newRow("l-diversity without sensitive")
        << QStringList{"--l-diversity", "distinct:2"} << "sensitive attribute";
    QTest::newRow("l above distinct") << QStringList{"--sensitive", "gender",        "--qi",
                                                     "age,zipcode", "--l-diversity", "distinct:3"}
                                      << "only 2 distinct";
    QTest::newRow("suppression above 1") << QStringList{"--suppression", "2"} << "suppression limit";
}

void TestCliAnonymity::badInput() {
    QFETCH(QStringList, extra);
    QFETCH(QString, expected);
    QStringList args = arxTestArgs();
    if (extra.contains("--qi")) {  // replace the QI list (and drop gender's hierarchy)
        const int i = int(args.indexOf("--qi"));
        args[i + 1] = extra[extra.indexOf("--qi") + 1];
        const int h = int(args.indexOf("gender=" + kData + "/arx_test/test_hierarchy_gender.csv"));
        args.removeAt(h);
        args.removeAt(h - 1);
        extra.removeAt(int(extra.indexOf("--qi")) + 1);
        extra.removeAll("--qi");
    }
    for (int i = 0; i + 1 < extra.size(); i += 2) {  // override options already given, append others
        const int at = int(args.indexOf(extra[i]));
        if (at >= 0)
            args[at + 1] = extra[i + 1];
        else
            args << extra[i] << extra[i + 1];
    }
    const CliRun r = runCli(args);
    QCOMPARE(r.exitCode, 1);
    QVERIFY2(r.err.contains(expected.toUtf8()), r.err.constData());
    QCOMPARE(r.err.count('\n'), 1);  // one line
}

void TestCliAnonymity::riskAndHomogeneity() {
    QTemporaryDir dir;
    // Seed 004 "Homogeneity Attack", Not Ok table.
    const QString t =
        writeFile(dir, "notok.csv",
                  "DOB;Sex;ZIP;Salary\n1/21/76;*;537**;50000\n4/13/86;*;537**;55000\n2/28/76;*;537**;60000\n"
                  "1/21/76;*;537**;50000\n4/13/86;*;537**;55000\n2/28/76;*;537**;60000\n");
    const CliRun r = runCli({"risk", t, "--qi", "DOB,Sex,ZIP", "--sensitive", "Salary", "--json"});
    QCOMPARE(r.exitCode, 0);
    const QJsonObject o = r.json().object();
    QCOMPARE(o["prosecutor_max"].toDouble(), 0.5);
    QCOMPARE(o["prosecutor_avg"].toDouble(), 0.5);
    QCOMPARE(o["homogeneity"].toObject()["homogeneous_classes"].toInt(), 3);
    QCOMPARE(o["homogeneity"].toObject()["records_affected"].toInt(), 6);
    const CliRun bad = runCli({"risk", t, "--qi", "DOB,Nope"});
    QCOMPARE(bad.exitCode, 1);
    QVERIFY(bad.err.contains("Nope"));
}

// Classes of 1, 1, 1, 2 and 3 records sampled at half the population (16): the distribution of
// per-record risk, and Zayatz's estimate 3 * 3 H(1) / sum f_i H(i) * N / n with H(i) = i C(16-i, 7) /
// C(16, 8) = 3.6986301369863015 (python3 math.comb; ARX 3.9 gives 3.698630137). SNB and Dankar et
// al.'s rule from tests/core/anonymity/population_uniqueness_reference.py ("cli").
void TestCliAnonymity::riskPopulationUniqueness() {
    QTemporaryDir dir;
    const QString t = writeFile(dir, "t.csv", "zip,age\n1,a\n2,b\n3,c\n4,d\n4,d\n5,e\n5,e\n5,e\n");
    const CliRun r = runCli({"risk", t, "--qi", "zip,age", "--sampling-fraction", "0.5", "--attribute-risk", "--json"});
    QCOMPARE(r.exitCode, 0);
    const QJsonObject o = r.json().object();
    const QJsonObject u = o["population_uniqueness"].toObject();
    QCOMPARE(u["population_size"].toInt(), 16);
    QCOMPARE(u["sample_uniques"].toInt(), 3);
    QVERIFY(std::abs(u["zayatz"].toObject()["uniques"].toDouble() - 3.6986301369863015) < 1e-12);
    QVERIFY(std::abs(u["zayatz"].toObject()["fraction"].toDouble() - 3.6986301369863015 / 16) < 1e-12);
    // SNB (K = 7.13, alpha = 0.570, beta = 0.301) below Zayatz: above a sampling fraction of 0.1 the
    // rule takes the smaller of the two.
    const double snb = 3.595190988558601;
    QVERIFY2(std::abs(u["snb"].toObject()["uniques"].toDouble() - snb) < 1e-9,
             qPrintable(QString::number(u["snb"].toObject()["uniques"].toDouble(), 'g', 17)));
    QVERIFY(std::abs(u["snb"].toObject()["fraction"].toDouble() - snb / 16) < 1e-9);
    const QJsonObject dankar = u["dankar"].toObject();
    QCOMPARE(dankar["model"].toString(), QStringLiteral("snb"));
    QVERIFY(std::abs(dankar["uniques"].toDouble() - snb) < 1e-9);
    QVERIFY(std::abs(dankar["fraction"].toDouble() - snb / 16) < 1e-9);
    // The likelihood's maximum lies on alpha = 0 here (the reference script's direct search finds
    // theta 4.69, alpha 5e-14): Pitman's model does not apply, and the output says so.
    QVERIFY(u["pitman"].isNull());
    double lastCumulative = 0;
    QMap<double, int> records;
    for (const auto& band : o["risk_distribution"].toArray()) {
        const QJsonObject b = band.toObject();
        QVERIFY(b["cumulative"].toDouble() >= lastCumulative);
        lastCumulative = b["cumulative"].toDouble();
        records[b["up_to"].toDouble()] = b["records"].toInt();
    }
    QCOMPARE(lastCumulative, 1.0);
    // zip and age tell the same classes apart: each alone, and both, single out the 3 uniques.
    const QJsonArray sets = o["attribute_risk"].toArray();
    QCOMPARE(sets.size(), 3);
    for (const auto& set : sets) QCOMPARE(set.toObject()["uniques"].toInt(), 3);
    QCOMPARE(sets[2].toObject()["attributes"].toArray().size(), 2);
    QCOMPARE(records.value(1.0), 3);     // the uniques
    QCOMPARE(records.value(0.5), 2);     // the pair
    QCOMPARE(records.value(1 / 3.), 3);  // the triple
    // The same in words: each model on its line, the rule naming the model it chose.
    const CliRun human = runCli({"risk", t, "--qi", "zip,age", "--sampling-fraction", "0.5"});
    QCOMPARE(human.exitCode, 0);
    QVERIFY2(human.out.contains("Zayatz: 3.7 (23.1% of the population)"), human.out.constData());
    QVERIFY2(human.out.contains("Pitman: does not apply to this sample"), human.out.constData());
    QVERIFY2(human.out.contains("SNB: 3.6 (22.5% of the population)"), human.out.constData());
    QVERIFY2(human.out.contains("Dankar et al.'s rule (SNB): 3.6 (22.5% of the population)"), human.out.constData());
    // No sample uniques: no model needed, no population uniques.
    const QString pairs = writeFile(dir, "pairs.csv", "zip\n1\n1\n2\n2\n");
    const CliRun none = runCli({"risk", pairs, "--qi", "zip", "--population-size", "40", "--json"});
    QCOMPARE(none.exitCode, 0);
    const QJsonObject n = none.json().object()["population_uniqueness"].toObject();
    QVERIFY(n["pitman"].isNull());
    QVERIFY(n["snb"].isNull());
    QCOMPARE(n["zayatz"].toObject()["uniques"].toDouble(), 0.0);
    QCOMPARE(n["dankar"].toObject()["uniques"].toDouble(), 0.0);
    QVERIFY(n["dankar"].toObject()["model"].isNull());
    for (const QStringList& bad : {QStringList{"--sampling-fraction", "0"}, QStringList{"--population-size", "4"},
                                   QStringList{"--population-size", "0"},
                                   QStringList{"--population-size", "20", "--sampling-fraction", "0.5"}}) {
        const CliRun e = runCli(QStringList{"risk", t, "--qi", "zip"} + bad);
        QCOMPARE(e.exitCode, 1);
        QVERIFY2(e.err.contains("population") || e.err.contains("sampling"), e.err.constData());
    }
}

// Journalist risk against a population table: sample classes zip=1 (1 record) and zip=2 (2) match
// population classes of 4 and 2 records (the population's unique zip=3 has no sample record and does
// not count): journalist max 1/2, average and marketer (1/4 + 2/2) / 3 = 5/12; prosecutor max 1.
void TestCliAnonymity::riskAgainstPopulationTable() {
    QTemporaryDir dir;
    const QString sample = writeFile(dir, "s.csv", "zip,x\n1,a\n2,b\n2,c\n");
    const QString population = writeFile(dir, "p.csv", "zip,x\n1,a\n1,b\n1,c\n1,d\n2,e\n2,f\n3,g\n");
    const CliRun r = runCli({"risk", sample, "--qi", "zip", "--population", population, "--json"});
    QVERIFY2(r.exitCode == 0, r.err.constData());
    const QJsonObject o = r.json().object();
    QCOMPARE(o["prosecutor_max"].toDouble(), 1.0);
    QCOMPARE(o["journalist_max"].toDouble(), 0.5);
    QVERIFY(std::abs(o["journalist_avg"].toDouble() - 5.0 / 12.0) < 1e-15);
    QVERIFY(std::abs(o["marketer"].toDouble() - 5.0 / 12.0) < 1e-15);
    // Without the population table the sample stands in for it: journalist max = prosecutor max.
    const CliRun alone = runCli({"risk", sample, "--qi", "zip", "--json"});
    QCOMPARE(alone.json().object()["journalist_max"].toDouble(), 1.0);
    const CliRun missing = runCli({"risk", sample, "--qi", "zip", "--population", dir.filePath("none.csv")});
    QCOMPARE(missing.exitCode, 1);
}

// (1,x) x3 and (2,x) released as (1-2,x) x4: the released cell spread 2/2 against 3/1, TVD 0.25;
// and a goes from 2 distinct values to 1.
void TestCliAnonymity::utilityByHand() {
    QTemporaryDir dir;
    const QString original = writeFile(dir, "o.csv", "a,b\n1,x\n1,x\n1,x\n2,x\n");
    const QString released = writeFile(dir, "r.csv", "a,b\n1-2,x\n1-2,x\n1-2,x\n1-2,x\n");
    const CliRun r = runCli({"utility", original, released, "--columns", "a,b", "--pair", "a,b", "--json"});
    QVERIFY2(r.exitCode == 0, r.err.constData());
    const QJsonObject o = r.json().object();
    QCOMPARE(o["contingency"].toArray()[0].toObject()["distance"].toDouble(), 0.25);
    QCOMPARE(o["attributes"].toArray()[0].toObject()["distinct_before"].toInt(), 2);
    QCOMPARE(o["attributes"].toArray()[0].toObject()["distinct_after"].toInt(), 1);
    const CliRun bad = runCli({"utility", original, released, "--columns", "a", "--pair", "a"});
    QCOMPARE(bad.exitCode, 1);
    QVERIFY(bad.err.contains("--pair expects two columns"));
    // 20 rows, t = yes exactly when a = p (12 rows), released with a suppressed: logistic regression
    // separates the classes from a (accuracy 1) and can only predict the majority from "*" (0.6).
    QString rows = QStringLiteral("a,t\n"), suppressed = QStringLiteral("a,t\n");
    for (int i = 0; i < 20; ++i) {
        const bool yes = i % 5 != 0 && i % 5 != 3;
        rows += yes ? QStringLiteral("p,yes\n") : QStringLiteral("q,no\n");
        suppressed += yes ? QStringLiteral("*,yes\n") : QStringLiteral("*,no\n");
    }
    const QString o20 = writeFile(dir, "o20.csv", rows.toUtf8()), r20 = writeFile(dir, "r20.csv", suppressed.toUtf8());
    const CliRun logistic =
        runCli({"utility", o20, r20, "--columns", "a,t", "--target", "t", "--model", "logistic", "--json"});
    QVERIFY2(logistic.exitCode == 0, logistic.err.constData());
    const QJsonObject c = logistic.json().object()["classification"].toObject();
    QCOMPARE(c["model"].toString(), QStringLiteral("logistic"));
    QVERIFY(!c.contains("method"));  // "model" is the contract; the duplicate key is gone
    QCOMPARE(c["original"].toDouble(), 1.0);
    QCOMPARE(c["released"].toDouble(), 0.6);
    QCOMPARE(c["zero_r"].toDouble(), 0.6);
    const CliRun unknown = runCli({"utility", o20, r20, "--columns", "a,t", "--target", "t", "--model", "svm"});
    QVERIFY(unknown.exitCode != 0);
}

// Seed 004 "Linking Attack" slides: joining on DOB alone re-identifies nobody, on DOB+Sex one
// voter (60,000), on DOB+Sex+ZIP both (50,000 and 60,000).
void TestCliAnonymity::linkSeed004() {
    QTemporaryDir dir;
    const QString census = writeFile(dir, "census.csv", kCensus);
    const QString voters =
        writeFile(dir, "voters.csv", "SSN;DOB;Sex;ZIP\n11-1-111;1/21/76;M;53715\n33-3-333;2/28/76;M;53703\n");
    const int expected[] = {0, 1, 2};
    const QStringList on[] = {{"DOB"}, {"DOB", "Sex"}, {"DOB", "Sex", "ZIP"}};
    for (int i = 0; i < 3; ++i) {
        const CliRun r = runCli({"link", census, "--external", voters, "--on", on[i].join(','), "--json"});
        QCOMPARE(r.exitCode, 0);
        const QJsonObject o = r.json().object();
        QCOMPARE(o["reidentified"].toInt(), expected[i]);
        if (i == 1) {
            const QJsonObject re = o["reidentifications"].toArray()[0].toObject();
            QCOMPARE(re["external"].toObject()["SSN"].toString(), QString("33-3-333"));
            QCOMPARE(re["private"].toObject()["Salary"].toString(), QString("60000"));
        }
    }
    const CliRun bad = runCli({"link", census, "--external", voters, "--on", "DOB,Salary"});
    QCOMPARE(bad.exitCode, 1);
    QVERIFY(bad.err.contains("Salary"));
}

void TestCliAnonymity::help_data() {
    QTest::addColumn<QString>("command");
    QTest::newRow("anonymize") << "anonymize";
    QTest::newRow("risk") << "risk";
    QTest::newRow("link") << "link";
}

void TestCliAnonymity::help() {
    QFETCH(QString, command);
    const CliRun r = runCli({command, "--help"});
    QCOMPARE(r.exitCode, 0);
    QVERIFY(r.out.contains("--qi") || r.out.contains("--external"));
}

QTEST_APPLESS_MAIN(TestCliAnonymity)
#include "tst_cli_anonymity.moc"
