// veil-cli anonymize's words: a metric a release has no value of is said so (not "nan"), JSON null;
// the gs-factor warning only when --gs-factor was given; MDAV's classes are the released table's
// distinct combinations (beside its groups) and risk on the output agrees; a hierarchy that is not a
// tree is named with its file and line; metrics by their human names in text and --help.
#include "cli_runner.h"

#include <QFile>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QtTest>

namespace {

const QString kSamples = QStringLiteral(VEIL_SAMPLES_DIR);
const QByteArray kSmall = "a,b,c\n1,x,p\n1,x,q\n2,y,p\n2,z,p\n3,y,q\n4,w,r\n";

QString writeFile(const QTemporaryDir& dir, const QString& name, const QByteArray& text) {
    const QString path = dir.filePath(name);
    QFile f(path);
    if (!f.open(QIODevice::WriteOnly)) qFatal("cannot write %s", qPrintable(path));
    f.write(text);
    return path;
}

// adult's header and first `records` records (the messages do not depend on the table's size; a
// few thousand records keep the suite quick under the sanitizers).
QString adultHead(const QTemporaryDir& dir, int records) {
    QFile in(kSamples + "/adult.csv");
    if (!in.open(QIODevice::ReadOnly)) qFatal("cannot read adult.csv");
    QByteArray text;
    for (int line = 0; line <= records && !in.atEnd(); ++line) text += in.readLine();
    return writeFile(dir, "adult_head.csv", text);
}

QStringList adultLocalRecoding(const QString& adult) {
    QStringList args{"anonymize",     adult,  "--qi",        "age,sex,race",   "--k",      "5",
                     "--suppression", "0.04", "--algorithm", "local-recoding", "--metric", "entropy",
                     "--iterations",  "3"};
    for (const char* q : {"age", "sex", "race"})
        args << "--hierarchy" << QString(q) + "=" + kSamples + "/adult_hierarchy_" + q + ".csv";
    return args;
}

}  // namespace

class TestCliMessages : public QObject {
    Q_OBJECT
private slots:
    void undefinedMetricsAreSaid();
    void gsFactorWarningOnlyWhenGiven();
    void mdavClassesAreTheReleasedTables();
    void hierarchyNotATreeNamesFileAndLine();
    void metricNamesInHelp();
};

void TestCliMessages::undefinedMetricsAreSaid() {
    QTemporaryDir dir;
    const QString data = writeFile(dir, "small.csv", kSmall);
    const CliRun none = runCli(
        {"anonymize", data, "--qi", "a,b,c", "--k", "2", "--algorithm", "none", "--local-suppression", "greedy"});
    QVERIFY2(none.exitCode == 0, none.err.constData());
    QVERIFY2(!none.out.contains("nan"), none.out.constData());
    QVERIFY2(none.out.contains("Information loss (ARX Loss) [loss]: not defined for local suppression alone"),
             none.out.constData());
    const CliRun json = runCli({"anonymize", data, "--qi", "a,b,c", "--k", "2", "--algorithm", "none",
                                "--local-suppression", "greedy", "--json"});
    QVERIFY(json.json().object()["information_loss"].isNull());
    const CliRun recoding = runCli(adultLocalRecoding(adultHead(dir, 3000)));
    QVERIFY2(recoding.exitCode == 0, recoding.err.constData());
    QVERIFY2(!recoding.out.contains("nan"), recoding.out.constData());
    QVERIFY2(recoding.out.contains("Non-uniform entropy [entropy]: not defined for local recoding"),
             recoding.out.constData());
}

void TestCliMessages::gsFactorWarningOnlyWhenGiven() {
    QTemporaryDir dir;
    const QString adult = adultHead(dir, 3000);
    const CliRun quiet = runCli(adultLocalRecoding(adult));
    QVERIFY2(quiet.exitCode == 0, quiet.err.constData());
    QVERIFY2(!quiet.err.contains("gs-factor"), quiet.err.constData());
    const CliRun given = runCli(adultLocalRecoding(adult) << "--gs-factor"
                                                          << "0.2");
    QVERIFY2(given.exitCode == 0, given.err.constData());
    QVERIFY2(given.err.contains("the gs-factor applies to the loss metric only"), given.err.constData());
}

// adult's first 3,000 records on age (numeric, microaggregated) and sex (generalized within
// groups), k = 5: many groups have equal mean ages, so the release shows fewer distinct (sex, age)
// combinations than groups.
// The classes reported are those combinations, as risk counts them on the written file.
void TestCliMessages::mdavClassesAreTheReleasedTables() {
    QTemporaryDir dir;
    const QString out = dir.filePath("mdav.csv"), adult = adultHead(dir, 3000);
    const CliRun r =
        runCli({"anonymize", adult, "--qi", "age,sex", "--algorithm", "mdav", "--k", "5", "--output", out, "--json"});
    QVERIFY2(r.exitCode == 0, r.err.constData());
    const QJsonObject o = r.json().object();
    QVERIFY2(o["groups"].toInt() > o["classes"].toInt(), r.out.constData());
    const CliRun risk = runCli({"risk", out, "--qi", "age,sex", "--json"});
    QVERIFY2(risk.exitCode == 0, risk.err.constData());
    QCOMPARE(risk.json().object()["classes"].toInt(), o["classes"].toInt());
    QCOMPARE(risk.json().object()["min_class_size"].toInt(), o["min_class_size"].toInt());
    QCOMPARE(risk.json().object()["prosecutor_avg"].toDouble(), o["risk"].toObject()["prosecutor_avg"].toDouble());
    const CliRun text = runCli({"anonymize", adult, "--qi", "age,sex", "--algorithm", "mdav", "--k", "5"});
    const QString expected = QStringLiteral("(%1 groups, released as %2 distinct combinations: the classes below)")
                                 .arg(o["groups"].toInt())
                                 .arg(o["classes"].toInt());
    QVERIFY2(text.out.contains(expected.toUtf8()), text.out.constData());
    QVERIFY2(text.out.contains(QStringLiteral("Classes: %1 ").arg(o["classes"].toInt()).toUtf8()),
             text.out.constData());
}

void TestCliMessages::hierarchyNotATreeNamesFileAndLine() {
    QTemporaryDir dir;
    const QString data = writeFile(dir, "t.csv", "age,sex\n1,m\n2,f\n3,m\n");
    const QString age = writeFile(dir, "age.csv", "1;young;*\n2;young;*\n3;young;all\n");
    const CliRun r = runCli({"anonymize", data, "--qi", "age", "--hierarchy", "age=" + age, "--k", "2"});
    QCOMPARE(r.exitCode, 1);
    QVERIFY2(r.err.contains("age.csv:3: hierarchy 'age' is not a tree"), r.err.constData());
    QVERIFY2(r.err.contains("'young' (level 1) -> '*' (line 1) and 'all' (line 3)"), r.err.constData());
}

void TestCliMessages::metricNamesInHelp() {
    const CliRun help = runCli({"anonymize", "--help"});
    for (const char* entry : {"loss = Information loss (ARX Loss)", "dm = Discernibility, penalised (DM)",
                              "sse = Within-group variance (SSE/SST)"})
        QVERIFY2(help.out.contains(entry), help.out.constData());
    const CliRun dm = runCli({"anonymize", kSamples + "/adult.csv", "--qi", "sex", "--hierarchy",
                              "sex=" + kSamples + "/adult_hierarchy_sex.csv", "--k", "2", "--metric", "dm"});
    QVERIFY2(dm.out.contains("Discernibility, penalised (DM) [dm]: "), dm.out.constData());
}

QTEST_GUILESS_MAIN(TestCliMessages)
#include "tst_cli_messages.moc"
