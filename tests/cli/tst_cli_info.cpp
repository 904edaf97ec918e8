// veil-cli info, --version, --help and bad input, on the adult sample.
#include "cli_runner.h"

#include <QJsonArray>
#include <QJsonObject>
#include <QtTest>

class TestCliInfo : public QObject {
    Q_OBJECT
private slots:
    void infoOnAdultJson();
    void infoHumanOutput();
    void version();
    void helpForSubcommand();
    void badInput_data();
    void badInput();
};

void TestCliInfo::infoOnAdultJson() {
    const CliRun r = runCli({"info", VEIL_SAMPLES_DIR "/adult.csv", "--json"});
    QCOMPARE(r.exitCode, 0);
    const QJsonObject o = r.json().object();
    QCOMPARE(o["rows"].toInt(), 30162);
    const QJsonArray cols = o["columns"].toArray();
    QCOMPARE(cols.size(), 9);
    const QJsonObject age = cols[1].toObject();
    QCOMPARE(age["name"].toString(), QString("age"));
    QCOMPARE(age["type"].toString(), QString("integer"));
    QCOMPARE(age["distinct"].toInt(), 72);  // SOURCE.md: 72 distinct ages, 17..90
    QCOMPARE(age["missing"].toInt(), 0);
    QCOMPARE(age["min"].toInt(), 17);
    QCOMPARE(age["max"].toInt(), 90);
    const QJsonObject sex = cols[0].toObject();
    QCOMPARE(sex["type"].toString(), QString("categorical"));
    QCOMPARE(sex["distinct"].toInt(), 2);
    QVERIFY(!sex.contains("min"));
    QCOMPARE(cols[5].toObject()["distinct"].toInt(), 41);  // native-country
}

void TestCliInfo::infoHumanOutput() {
    const CliRun r = runCli({"info", VEIL_SAMPLES_DIR "/adult.csv"});
    QCOMPARE(r.exitCode, 0);
    QVERIFY(r.out.contains("30162 rows, 9 columns"));
    QVERIFY(r.out.contains("17 .. 90"));
}

void TestCliInfo::version() {
    const CliRun r = runCli({"--version"});
    QCOMPARE(r.exitCode, 0);
    QVERIFY(r.out.startsWith("veil-cli "));
}

void TestCliInfo::helpForSubcommand() {
    const CliRun r = runCli({"info", "--help"});
    QCOMPARE(r.exitCode, 0);
    QVERIFY(r.out.contains("--delimiter"));
    QVERIFY(r.out.contains("--json"));
}

void TestCliInfo::badInput_data() {
    QTest::addColumn<QStringList>("args");
    QTest::addColumn<int>("exitCode");
    QTest::addColumn<QString>("message");
    QTest::newRow("missing file") << QStringList{"info", "/nonexistent/x.csv"} << 1
                                  << "/nonexistent/x.csv: no such file";
    QTest::newRow("empty file") << QStringList{"info", VEIL_TEST_DATA_DIR "/csv/empty.csv"} << 1
                                << "empty.csv: the file is empty";
    QTest::newRow("ragged") << QStringList{"info", VEIL_TEST_DATA_DIR "/csv/ragged.csv"} << 1
                            << "ragged.csv:4: 2 fields, expected 3";
    QTest::newRow("no file argument") << QStringList{"info"} << 2 << "FILE is required";
    QTest::newRow("unknown subcommand") << QStringList{"frobnicate"} << 2 << "frobnicate";
    QTest::newRow("bad type override") << QStringList{"info", VEIL_SAMPLES_DIR "/adult.csv", "--type", "age=number"}
                                       << 1 << "--type expects COLUMN=";
}

void TestCliInfo::badInput() {
    QFETCH(QStringList, args);
    QFETCH(int, exitCode);
    QFETCH(QString, message);
    const CliRun r = runCli(args);
    QCOMPARE(r.exitCode, exitCode);
    const QString err = QString::fromUtf8(r.err);
    QVERIFY2(err.contains(message), qPrintable(err));
    QCOMPARE(err.count('\n'), 1);  // one line
    QVERIFY(err.startsWith("veil-cli: "));
}

QTEST_APPLESS_MAIN(TestCliInfo)
#include "tst_cli_info.moc"
