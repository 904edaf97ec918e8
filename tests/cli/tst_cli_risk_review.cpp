// A steward's review of `risk`, `utility` and `anonymize`, each finding a case: a bundle made by
// a local suppression whose '*' matches any value reads back with the manifest's own risk; a
// sampling fraction below 1 never makes the sample its population; a population holding fewer
// copies of a record than the sample is refused; attribute risk ranks small sets of many
// attributes; flags that would be ignored are refused; a zipped bundle is named as one; Mondrian
// counts the released table's classes (partitions that print the same labels are one); cells left
// as they are keep their text, and a set label quotes a value holding a comma.
#include "cli_runner.h"

#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QtTest>

namespace {

// Eight people: zip, age, sex; three are alone on (zip, age, sex).
const QByteArray kPeople =
    "zip,age,sex\n01234,30,M\n01234,30,M\n01234,31,F\n01235,30,F\n01235,30,F\n01235,40,M\n01236,40,M\n01236,41,F\n";

// Greedy local suppression of people.csv, k = 2 (wildcard semantics, the default).
const QByteArray kSuppressionPlan =
    "{\"kind\": \"anonymization\", \"dataset\": \"people.csv\", \"quasi_identifiers\": [\"zip\", \"age\", "
    "\"sex\"], \"k\": 2, \"algorithm\": \"none\", \"local_suppression\": \"greedy\"}";

}  // namespace

class TestCliRiskReview : public QObject {
    Q_OBJECT
private slots:
    // Greedy local suppression, k = 2, wildcard semantics: `risk BUNDLE` equals the manifest's
    // risk after (it read '*' as a value and found the input's three uniques).
    void wildcardBundleReadsBackItsOwnRisk() {
        QTemporaryDir dir;
        writeTestFile(dir, "people.csv", kPeople);
        const QString plan = writeTestFile(dir, "plan.json", kSuppressionPlan);
        const QString bundle = dir.filePath(QStringLiteral("bundle"));
        const CliRun made = runCli({"release", plan, "-o", bundle, "--json"});
        QVERIFY2(made.exitCode == 0, made.err.constData());
        QFile manifestFile(bundle + "/manifest.json");
        QVERIFY(manifestFile.open(QIODevice::ReadOnly));
        const QJsonObject summary = QJsonDocument::fromJson(manifestFile.readAll()).object()["summary"].toObject();
        QCOMPARE(summary["local_suppression_semantics"].toString(), QStringLiteral("wildcard"));
        QVERIFY(summary["information_loss"].isNull());  // not defined for local suppression alone (was 0)
        const QJsonObject after = summary["risk_after"].toObject();
        const CliRun risk = runCli({"risk", bundle, "--json"});
        QVERIFY2(risk.exitCode == 0, risk.err.constData());
        const QJsonObject r = risk.json().object();
        QVERIFY(r["suppressed_matches_any"].toBool());
        QCOMPARE(r["prosecutor_max"].toDouble(), after["prosecutor_max"].toDouble());
        QCOMPARE(r["prosecutor_avg"].toDouble(), after["prosecutor_avg"].toDouble());
        QVERIFY(r["prosecutor_max"].toDouble() <= 0.5);
    }

    void samplesAndPopulations() {
        QTemporaryDir dir;
        const QString people = writeTestFile(dir, "people.csv", kPeople);
        // 8 / 0.95 rounds to 8: the population must still be larger than the sample.
        const CliRun fraction =
            runCli({"risk", people, "--qi", "zip,age,sex", "--sampling-fraction", "0.95", "--json"});
        QVERIFY2(fraction.exitCode == 0, fraction.err.constData());
        QCOMPARE(fraction.json().object()["population_uniqueness"].toObject()["population_size"].toInt(), 9);
        // The population holds one (01234, 30, M); the sample two.
        const QString population = writeTestFile(dir, "population.csv",
                                                 kPeople.left(kPeople.indexOf("01234,30,M\n") + 11) +
                                                     "01234,31,F\n01235,30,F\n01235,30,F\n01235,40,M\n01236,40,M\n"
                                                     "01236,41,F\n09999,50,M\n");
        const CliRun fewer = runCli({"risk", people, "--qi", "zip,age,sex", "--population", population});
        QVERIFY(fewer.exitCode != 0);
        QVERIFY2(fewer.err.contains("occurs 2 times in the table but 1"), fewer.err.constData());
    }

    // 18 attributes in sets of at most 2: 171 sets (it was refused: "at most 16 attributes").
    void attributeRiskOfManyAttributes() {
        QTemporaryDir dir;
        QByteArray text;
        QStringList names;
        for (int c = 0; c < 18; ++c) names << QStringLiteral("c%1").arg(c);
        text += names.join(',').toUtf8() + '\n';
        for (int r = 0; r < 6; ++r) {
            QStringList row;
            for (int c = 0; c < 18; ++c) row << QString::number((r * (c + 1)) % 3);
            text += row.join(',').toUtf8() + '\n';
        }
        const QString wide = writeTestFile(dir, "wide.csv", text);
        const CliRun two =
            runCli({"risk", wide, "--qi", names.join(','), "--attribute-risk", "--attribute-risk-max", "2", "--json"});
        QVERIFY2(two.exitCode == 0, two.err.constData());
        QCOMPARE(two.json().object()["attribute_risk"].toArray().size(), 18 + 18 * 17 / 2);
        const CliRun all = runCli({"risk", wide, "--qi", names.join(','), "--attribute-risk"});
        QVERIFY(all.exitCode != 0);
        QVERIFY2(all.err.contains("65535 sets"), all.err.constData());
    }

    void ignoredFlagsAreRefused() {
        QTemporaryDir dir;
        const QString people = writeTestFile(dir, "people.csv", kPeople);
        for (const QStringList& extra :
             {QStringList{"--suda-top", "3"}, QStringList{"--attribute-risk-max", "2"}, QStringList{"--l", "3"}}) {
            const CliRun r = runCli(QStringList{"risk", people, "--qi", "zip,age"} + extra);
            QVERIFY2(r.exitCode != 0 && r.err.contains("requires"), qPrintable(extra.join(' ')));
        }
        const CliRun model = runCli({"utility", people, people, "--columns", "zip,age", "--model", "logistic"});
        QVERIFY2(model.exitCode != 0 && model.err.contains("requires"), model.err.constData());
        const QString h = writeTestFile(dir, "zip.csv", "01234;0123*\n01235;0123*\n01236;0123*\n");
        const CliRun twice = runCli(
            {"anonymize", people, "--qi", "zip", "--k", "2", "--hierarchy", "zip=" + h, "--hierarchy", "zip=" + h});
        QVERIFY2(twice.exitCode != 0 && twice.err.contains("given twice"), twice.err.constData());
        const CliRun mondrian =
            runCli({"anonymize", people, "--qi", "age", "--k", "2", "--algorithm", "mondrian", "--suppression", "0.1"});
        QVERIFY2(mondrian.exitCode == 0 && mondrian.err.contains("suppression limit is not used"),
                 mondrian.err.constData());
    }

    void zippedBundleIsNamed() {
        QTemporaryDir dir;
        writeTestFile(dir, "people.csv", kPeople);
        const QString plan = writeTestFile(dir, "plan.json", kSuppressionPlan);
        const QString zip = dir.filePath(QStringLiteral("bundle.zip"));
        const CliRun made = runCli({"release", plan, "-o", zip});
        QVERIFY2(made.exitCode == 0, made.err.constData());
        const CliRun risk = runCli({"risk", zip});
        QVERIFY(risk.exitCode != 0);
        QVERIFY2(risk.err.contains("zipped release bundle; unzip it"), risk.err.constData());
    }

    // Four categories under one hierarchy node X, k = 4: Mondrian cuts {a, b} from {c, d}, and both
    // partitions print X: the table has one class of 8 where Mondrian made two partitions.
    void mondrianCountsTheTablesClasses() {
        QTemporaryDir dir;
        const QString t = writeTestFile(dir, "t.csv", "edu\na\na\nb\nb\nc\nc\nd\nd\n");
        const QString h = writeTestFile(dir, "edu.csv", "a;X;*\nb;X;*\nc;X;*\nd;X;*\n");
        const CliRun r = runCli({"anonymize", t, "--qi", "edu", "--hierarchy", "edu=" + h, "--k", "4", "--algorithm",
                                 "mondrian", "--json"});
        QVERIFY2(r.exitCode == 0, r.err.constData());
        const QJsonObject o = r.json().object();
        QCOMPARE(o["partitions"].toInt(), 2);
        QCOMPARE(o["classes"].toInt(), 1);
        QCOMPARE(o["risk"].toObject()["prosecutor_max"].toDouble(), 0.125);
    }

    // A column whose name holds a comma is named in double quotes (it was split in two).
    void quotedColumnNames() {
        QTemporaryDir dir;
        const QString t = writeTestFile(dir, "c.csv", "\"city, state\",age\nA,1\nA,1\nB,2\n");
        const CliRun r = runCli({"risk", t, "--qi", "\"city, state\",age", "--json"});
        QVERIFY2(r.exitCode == 0, r.err.constData());
        QCOMPARE(r.json().object()["classes"].toInt(), 2);
        const CliRun unknown = runCli({"risk", t, "--qi", "city"});
        QVERIFY2(unknown.err.contains("(columns: \"city, state\", age)"), unknown.err.constData());
    }

    // Cells Mondrian and MDAV leave as they are keep their text (70.50 was written 70.5); a set of
    // categories quotes a value with a comma ("p,q" read as p and q).
    void releasedTextsAreKept() {
        QTemporaryDir dir;
        const QString t = writeTestFile(dir, "r.csv", "r,c\n70.50,x\n70.50,y\n60.0,\"p,q\"\n60.0,z\n1.80,x\n1.80,y\n");
        for (const char* algorithm : {"mondrian", "mdav"}) {
            const QString out = dir.filePath(QStringLiteral("%1.csv").arg(algorithm));
            const CliRun r = runCli({"anonymize", t, "--qi", "r,c", "--k", "2", "--algorithm", algorithm, "-o", out});
            QVERIFY2(r.exitCode == 0, r.err.constData());
            QFile f(out);
            QVERIFY(f.open(QIODevice::ReadOnly));
            const QByteArray text = f.readAll();
            QVERIFY2(text.contains("70.50,") && !text.contains("70.5,"), text.constData());
            QVERIFY2(text.contains("1.80"), text.constData());
            QVERIFY2(text.contains("\"\"p,q\"\""), text.constData());  // {"p,q",...} in a CSV field
        }
    }
};

QTEST_MAIN(TestCliRiskReview)
#include "tst_cli_risk_review.moc"
