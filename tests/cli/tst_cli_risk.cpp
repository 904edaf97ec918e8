// veil-cli risk on released tables: with --suppressed (or a bundle's manifest) the figures equal
// anonymize's own after-figures on the same release; without it "*" is a value; --original prints
// every measure before | after, its JSON "before" and "after" shaped as the one-table output; the
// population table's edges (a record it lacks, its size); utility's --suppressed.
#include "cli_runner.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QtTest>

namespace {

const QString kSamples = QStringLiteral(VEIL_SAMPLES_DIR);

QString writeFile(const QTemporaryDir& dir, const QString& name, const QByteArray& text) {
    const QString path = dir.filePath(name);
    QFile f(path);
    if (!f.open(QIODevice::WriteOnly)) qFatal("cannot write %s", qPrintable(path));
    f.write(text);
    return path;
}

QByteArray readAll(const QString& path) {
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

// adult on age, sex, race with ARX's hierarchies, k = 5 and 4% suppression: the optimum keeps the
// values and suppresses 425 records.
QStringList adultK5(const QString& output) {
    return {"anonymize",     kSamples + "/adult.csv",
            "--qi",          "age,sex,race",
            "--hierarchy",   "age=" + kSamples + "/adult_hierarchy_age.csv",
            "--hierarchy",   "sex=" + kSamples + "/adult_hierarchy_sex.csv",
            "--hierarchy",   "race=" + kSamples + "/adult_hierarchy_race.csv",
            "--k",           "5",
            "--suppression", "0.04",
            "--output",      output,
            "--json"};
}

// The risk figures both commands print, compared one by one.
void compareRisk(const QJsonObject& risk, const QJsonObject& anonymized) {
    for (const char* key : {"records", "suppressed", "classes", "min_class_size", "records_at_risk", "uniques"})
        QVERIFY2(risk[key].toInteger() == anonymized[key].toInteger(),
                 qPrintable(QStringLiteral("%1: risk %2, anonymize %3")
                                .arg(key)
                                .arg(risk[key].toInteger())
                                .arg(anonymized[key].toInteger())));
    for (const char* key : {"prosecutor_max", "prosecutor_avg", "journalist_max", "marketer", "sample_uniqueness"})
        QVERIFY2(std::abs(risk[key].toDouble() - anonymized[key].toDouble()) < 1e-15,
                 qPrintable(QStringLiteral("%1: risk %2, anonymize %3")
                                .arg(key)
                                .arg(risk[key].toDouble(), 0, 'g', 17)
                                .arg(anonymized[key].toDouble(), 0, 'g', 17)));
}

}  // namespace

class TestCliRisk : public QObject {
    Q_OBJECT
private slots:
    void agreesWithAnonymize();
    void readsTheBundleManifest();
    void beforeAndAfter();
    void populationTableEdges();
    void utilitySuppressedToken();
};

void TestCliRisk::agreesWithAnonymize() {
    QTemporaryDir dir;
    const QString out = dir.filePath("k5.csv");
    const CliRun a = runCli(adultK5(out));
    QVERIFY2(a.exitCode == 0, a.err.constData());
    const QJsonObject anonymized = a.json().object();
    QCOMPARE(anonymized["suppressed"].toInt(), 425);
    QJsonObject after = anonymized["risk"].toObject();
    QCOMPARE(after["suppressed"].toInt(), 425);
    const CliRun r = runCli({"risk", out, "--qi", "age,sex,race", "--suppressed", "*", "--json"});
    QVERIFY2(r.exitCode == 0, r.err.constData());
    const QJsonObject risk = r.json().object();
    compareRisk(risk, after);
    QCOMPARE(risk["classes"].toInt(), anonymized["classes"].toInt());
    QCOMPARE(risk["suppressed_token"].toString(), QStringLiteral("*"));
    // Without the token the 425 suppressed rows are one more class (lossless: "*" is a value).
    const CliRun plain = runCli({"risk", out, "--qi", "age,sex,race", "--json"});
    QCOMPARE(plain.json().object()["classes"].toInt(), anonymized["classes"].toInt() + 1);
    QCOMPARE(plain.json().object()["records"].toInt(), 30162);
    QVERIFY(plain.json().object()["suppressed_token"].isNull());
    const CliRun text = runCli({"risk", out, "--qi", "age,sex,race", "--suppressed", "*"});
    QVERIFY2(text.out.contains("29737 records in 337 classes (smallest 5)"), text.out.constData());
    QVERIFY2(text.out.contains("Suppressed records: 425 (every quasi-identifier '*'), left out"), text.out.constData());
}

// A bundle (folder, manifest.json or data file) gives the token and the quasi-identifiers; a
// --suppressed that disagrees with the manifest is refused.
void TestCliRisk::readsTheBundleManifest() {
    QTemporaryDir dir;
    const QByteArray plan = "{\"kind\": \"anonymization\", \"dataset\": {\"path\": \"" + kSamples.toUtf8() +
                            "/adult.csv\", \"delimiter\": \";\"}, \"quasi_identifiers\": [\"age\", \"sex\", \"race\"], "
                            "\"hierarchies\": {\"age\": \"" +
                            kSamples.toUtf8() +
                            "/adult_hierarchy_age.csv\", "
                            "\"sex\": \"" +
                            kSamples.toUtf8() + "/adult_hierarchy_sex.csv\", \"race\": \"" + kSamples.toUtf8() +
                            "/adult_hierarchy_race.csv\"}, \"k\": 5, \"suppression\": 0.04}";
    const QString planPath = writeFile(dir, "plan.json", plan);
    const QString bundle = dir.filePath("bundle");
    const CliRun rel = runCli({"release", planPath, "--output", bundle, "--ledger", dir.filePath("l.sqlite")});
    QVERIFY2(rel.exitCode == 0, rel.err.constData());
    const QJsonObject summary =
        QJsonDocument::fromJson(readAll(bundle + "/manifest.json")).object()["summary"].toObject();
    QCOMPARE(summary["suppressed_token"].toString(), QStringLiteral("*"));
    for (const QString& path : {bundle, bundle + "/manifest.json", bundle + "/adult-anonymized.csv"}) {
        const CliRun r = runCli({"risk", path, "--json"});
        QVERIFY2(r.exitCode == 0, r.err.constData());
        const QJsonObject o = r.json().object();
        QCOMPARE(o["suppressed"].toInt(), summary["suppressed"].toInt());
        QCOMPARE(o["classes"].toInt(), summary["classes"].toInt());
        QCOMPARE(o["prosecutor_avg"].toDouble(), summary["risk_after"].toObject()["prosecutor_avg"].toDouble());
    }
    const CliRun clash = runCli({"risk", bundle, "--suppressed", "-"});
    QCOMPARE(clash.exitCode, 1);
    QVERIFY2(clash.err.contains("--suppressed '-' disagrees with the release's manifest"), clash.err.constData());
}

// --original: JSON {"before", "after"}, each with the keys of the one-table output and its values;
// the text prints each measure as "before | after".
void TestCliRisk::beforeAndAfter() {
    QTemporaryDir dir;
    const QString out = dir.filePath("k5.csv");
    QCOMPARE(runCli(adultK5(out)).exitCode, 0);
    const QStringList common{
        "--qi",         "age,sex,race", "--sampling-fraction", "0.1", "--attribute-risk", "--sensitive",
        "salary-class", "--json"};
    const CliRun both =
        runCli(QStringList{"risk", out, "--original", kSamples + "/adult.csv", "--suppressed", "*"} + common);
    QVERIFY2(both.exitCode == 0, both.err.constData());
    const CliRun before = runCli(QStringList{"risk", kSamples + "/adult.csv"} + common);
    const CliRun after = runCli(QStringList{"risk", out, "--suppressed", "*", "--population-size", "301620"} +
                                common.mid(0, 2) + common.mid(4));
    QVERIFY2(before.exitCode == 0 && after.exitCode == 0, before.err + after.err);
    const QJsonObject o = both.json().object();
    QCOMPARE(o.keys(), (QStringList{"after", "before"}));
    QCOMPARE(o["before"].toObject(), before.json().object());
    QCOMPARE(o["after"].toObject(), after.json().object());
    QCOMPARE(o["before"].toObject().keys(), o["after"].toObject().keys());
    QCOMPARE(o["after"].toObject()["population_uniqueness"].toObject()["population_size"].toInt(), 301620);
    const CliRun text = runCli({"risk", out, "--original", kSamples + "/adult.csv", "--qi", "age,sex,race",
                                "--suppressed", "*", "--sampling-fraction", "0.1"});
    QVERIFY2(text.exitCode == 0, text.err.constData());
    for (const char* line :
         {"Records                                     30162 | 29737 (425 suppressed records left out)",
          "Smallest class                                  1 | 5",
          "Prosecutor risk, max                            1 | 0.2",
          "Sample uniques                        62 (0.206%) | 0 (0%)", "  Zayatz ", "  <=100%"})
        QVERIFY2(text.out.contains(line), text.out.constData());
    // A population table holds original values: it cannot serve both tables.
    const CliRun population = runCli(
        {"risk", out, "--original", kSamples + "/adult.csv", "--qi", "age", "--population", kSamples + "/adult.csv"});
    QCOMPARE(population.exitCode, 1);
    QVERIFY2(population.err.contains("one table at a time"), population.err.constData());
}

// A sample record the population lacks is refused with its line and values; the population's size
// is the population table's (and a different --population-size is refused); at sampling fraction
// 1 every model returns the sample uniques.
void TestCliRisk::populationTableEdges() {
    QTemporaryDir dir;
    QByteArray sample = readAll(kSamples + "/adult.csv");
    QVERIFY(!sample.isEmpty());
    const QString population = kSamples + "/adult.csv";
    const QString martian = writeFile(dir, "martian.csv", "age;race\n39;White\n200;Martian\n50;White\n");
    const CliRun refused = runCli({"risk", martian, "--qi", "age,race", "--population", population});
    QCOMPARE(refused.exitCode, 1);
    QVERIFY2(
        refused.err.contains("martian.csv, line 3: age=200, race=Martian is not in the population table adult.csv"),
        refused.err.constData());
    const QString two = writeFile(dir, "two.csv", "age;race\n39;White\n50;White\n");
    const CliRun derived = runCli({"risk", two, "--qi", "age,race", "--population", population, "--json"});
    QVERIFY2(derived.exitCode == 0, derived.err.constData());
    QCOMPARE(derived.json().object()["population_uniqueness"].toObject()["population_size"].toInt(), 30162);
    const CliRun conflict =
        runCli({"risk", two, "--qi", "age,race", "--population", population, "--population-size", "1000"});
    QCOMPARE(conflict.exitCode, 1);
    QVERIFY2(conflict.err.contains("the population table has 30162 records, but the population size given is 1000"),
             conflict.err.constData());
    const CliRun agreeing =
        runCli({"risk", two, "--qi", "age,race", "--population", population, "--population-size", "30162"});
    QCOMPARE(agreeing.exitCode, 0);
    const CliRun whole = runCli(
        {"risk", population, "--qi", "age,sex,race,marital-status,education", "--sampling-fraction", "1", "--json"});
    QVERIFY2(whole.exitCode == 0, whole.err.constData());
    const QJsonObject u = whole.json().object()["population_uniqueness"].toObject();
    const int uniques = u["sample_uniques"].toInt();
    QVERIFY(uniques > 0);
    for (const char* model : {"zayatz", "pitman", "snb", "dankar"})
        QVERIFY2(u[model].toObject()["uniques"].toDouble() == uniques,
                 qPrintable(QStringLiteral("%1: %2 for %3 sample uniques")
                                .arg(model)
                                .arg(u[model].toObject()["uniques"].toDouble())
                                .arg(uniques)));
}

// utility: with the token "*" is no value (sex keeps 2 distinct values, 425 cells suppressed);
// without it "*" is a third value.
void TestCliRisk::utilitySuppressedToken() {
    QTemporaryDir dir;
    const QString out = dir.filePath("k5.csv");
    QCOMPARE(runCli(adultK5(out)).exitCode, 0);
    const CliRun with =
        runCli({"utility", kSamples + "/adult.csv", out, "--columns", "sex", "--suppressed", "*", "--json"});
    QVERIFY2(with.exitCode == 0, with.err.constData());
    const QJsonObject sex = with.json().object()["attributes"].toArray()[0].toObject();
    QCOMPARE(sex["distinct_before"].toInt(), 2);
    QCOMPARE(sex["distinct_after"].toInt(), 2);
    QCOMPARE(sex["suppressed_after"].toInt(), 425);
    const CliRun without = runCli({"utility", kSamples + "/adult.csv", out, "--columns", "sex", "--json"});
    const QJsonObject plain = without.json().object()["attributes"].toArray()[0].toObject();
    QCOMPARE(plain["distinct_after"].toInt(), 3);
    QCOMPARE(plain["suppressed_after"].toInt(), 0);
}

QTEST_GUILESS_MAIN(TestCliRisk)
#include "tst_cli_risk.moc"
