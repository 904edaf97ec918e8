// veil-cli release on docs/examples/adult-synthetic-plan.json (issue 17): the "synthetic" plan kind
// runs into a bundle (synthetic CSV, model, manifest, report), is charged once through the release
// gate into the ledger, records its discretization and epsilon split in the manifest, and a second
// release over the dataset's budget is refused without spending or writing anything.
#include "cli_runner.h"
#include "veil/release/privacy_ledger.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QtTest>

#include <cmath>

namespace {

const QString kPlan = QStringLiteral(VEIL_SAMPLES_DIR "/../../docs/examples/adult-synthetic-plan.json");

QJsonObject readJson(const QString& path) {
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly)) return {};
    return QJsonDocument::fromJson(f.readAll()).object();
}

QStringList csvLines(const QString& path) {
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly | QIODevice::Text)) return {};
    return QString::fromUtf8(f.readAll()).split('\n', Qt::SkipEmptyParts);
}

}  // namespace

class TestCliSyntheticRelease : public QObject {
    Q_OBJECT
private slots:
    void examplePlanReleasesABundle();
    void secondReleaseOverBudgetIsRefused();
    void badSyntheticPlans_data();
    void badSyntheticPlans();
    void exampleSweepRuns();
    void mstPlanAndSweep();
    void aimPlanAndSweep();
};

void TestCliSyntheticRelease::examplePlanReleasesABundle() {
    QTemporaryDir tmp;
    const QString out = tmp.filePath("bundle"), ledgerPath = tmp.filePath("ledger.sqlite");
    const CliRun r = runCli({"release", kPlan, "--output", out, "--ledger", ledgerPath, "--json"});
    QVERIFY2(r.exitCode == 0, r.err.constData());
    for (const char* name : {"adult-synthetic.csv", "adult-synthetic-model.json", "manifest.json", "report.html"})
        QVERIFY2(QFile::exists(out + "/" + name), name);
    // The synthetic CSV: the declared columns, in order, and the plan's 5000 rows.
    const QStringList lines = csvLines(out + "/adult-synthetic.csv");
    QCOMPARE(lines.size(), 5001);
    QCOMPARE(lines.front(), QString("age;sex;race;education;workclass;salary-class"));
    for (const QString& line : lines.mid(1, 200)) {
        const QStringList f = line.split(';');
        QCOMPARE(f.size(), 6);
        QVERIFY2(f[1] == "Male" || f[1] == "Female", qPrintable(line));
        QVERIFY2(f[0].toInt() >= 17 && f[0].toInt() <= 91, qPrintable(line));
    }
    // The manifest on disk: kind, what was spent, how the data was discretized.
    const QJsonObject m = readJson(out + "/manifest.json");
    QCOMPARE(m["kind"].toString(), QString("synthetic"));
    QCOMPARE(m["mechanism"].toString(), QString("privbayes"));
    const QJsonObject privacy = m["privacy"].toObject();
    QCOMPARE(privacy["epsilon"].toDouble(), 1.0);
    QCOMPARE(privacy["delta"].toDouble(), 0.0);
    QCOMPARE(privacy["neighbouring"].toString(), QString("replace"));
    QCOMPARE(privacy["private"].toBool(), true);
    QCOMPARE(privacy["seeded"].toBool(), false);
    const QJsonObject s = m["summary"].toObject();
    QCOMPARE(s["method"].toString(), QString("privbayes"));
    QCOMPARE(s["rows"].toInt(), 5000);
    QCOMPARE(s["epsilon_network"].toDouble() + s["epsilon_conditionals"].toDouble(), 1.0);
    QCOMPARE(s["epsilon_network"].toDouble(), 0.3);
    const QJsonArray disc = s["discretization"].toArray();
    QCOMPARE(disc.size(), 6);
    QCOMPARE(disc[0].toObject()["column"].toString(), QString("age"));
    QCOMPARE(disc[0].toObject()["bins"].toInt(), 8);
    QCOMPARE(disc[0].toObject()["bounds"].toArray()[1].toDouble(), 91.0);
    QCOMPARE(disc[2].toObject()["source"].toString(), QString("hierarchy adult_hierarchy_race.csv"));
    QVERIFY(disc[2].toObject()["categories"].toArray().contains(QString("White")));
    QCOMPARE(disc[2].toObject()["from_data"].toBool(), false);
    QCOMPARE(s["network"].toArray().size(), 6);
    // The ledger: exactly one entry, for adult.csv, at epsilon 1, naming this bundle.
    auto ledger = veil::release::PrivacyLedger::openFile(ledgerPath.toStdString());
    QVERIFY(ledger);
    auto entries = (*ledger)->entries();
    QVERIFY(entries);
    QCOMPARE(entries->size(), std::size_t(1));
    const auto& e = entries->front();
    QCOMPARE(QString::fromStdString(e.dataset), QString("adult.csv"));
    QCOMPARE(QString::fromStdString(e.mechanism), QString("privbayes"));
    QCOMPARE(e.epsilon, 1.0);
    QCOMPARE(QString::fromStdString(e.neighbouring), QString("replace"));
    QCOMPARE(qint64(e.id), qint64(m["ledger_entry"].toInt()));
}

void TestCliSyntheticRelease::secondReleaseOverBudgetIsRefused() {
    QTemporaryDir tmp;
    const QString ledgerPath = tmp.filePath("ledger.sqlite");
    {
        auto ledger = veil::release::PrivacyLedger::openFile(ledgerPath.toStdString());
        QVERIFY(ledger);
        QVERIFY((*ledger)->setBudget("adult.csv", {1.5, 0.0}));
    }
    const CliRun first =
        runCli({"release", kPlan, "--output", tmp.filePath("a"), "--ledger", ledgerPath, "--seed", "5", "--json"});
    QVERIFY2(first.exitCode == 0, first.err.constData());
    const QJsonObject m = first.json().object();
    QCOMPARE(m["privacy"].toObject()["seeded"].toBool(), true);
    QCOMPARE(m["budget"].toObject()["remaining_epsilon"].toDouble(), 0.5);
    const CliRun second = runCli({"release", kPlan, "--output", tmp.filePath("b"), "--ledger", ledgerPath});
    QCOMPARE(second.exitCode, 1);
    QVERIFY2(second.err.contains("budget"), second.err.constData());
    QVERIFY(!QFile::exists(tmp.filePath("b")));
    auto ledger = veil::release::PrivacyLedger::openFile(ledgerPath.toStdString());
    QVERIFY(ledger);
    auto entries = (*ledger)->entries("adult.csv");
    QVERIFY(entries);
    QCOMPARE(entries->size(), std::size_t(1));
    auto spent = (*ledger)->spent("adult.csv");
    QVERIFY(spent);
    QCOMPARE(spent->epsilon, 1.0);
}

void TestCliSyntheticRelease::badSyntheticPlans_data() {
    QTest::addColumn<QByteArray>("body");
    QTest::addColumn<QString>("message");
    const QByteArray ds =
        "\"kind\": \"synthetic\", \"dataset\": {\"path\": \"" VEIL_SAMPLES_DIR "/adult.csv\", \"delimiter\": \";\"}, ";
    const QByteArray sex = "{\"column\": \"sex\", \"categories\": [\"Male\", \"Female\"]}";
    QTest::newRow("delta without mst") << ds + "\"epsilon\": 1, \"delta\": 1e-9, \"domains\": [" + sex + "]"
                                       << "plan.delta";
    QTest::newRow("mst delta 0") << ds + "\"method\": \"mst\", \"epsilon\": 1, \"delta\": 0, \"domains\": [" + sex + "]"
                                 << "delta";
    QTest::newRow("aim workload degree 5")
        << ds + "\"method\": \"aim\", \"epsilon\": 1, \"workload_degree\": 5, \"domains\": [" + sex + "]"
        << "workload_degree";
    QTest::newRow("unknown method") << ds + "\"method\": \"mst2\", \"epsilon\": 1, \"domains\": [" + sex + "]"
                                    << "plan.method";
    QTest::newRow("no epsilon") << ds + "\"domains\": [" + sex + "]"
                                << "plan.epsilon";
    QTest::newRow("epsilon zero") << ds + "\"epsilon\": 0, \"domains\": [" + sex + "]"
                                  << "epsilon";
    QTest::newRow("no domains") << ds + "\"epsilon\": 1"
                                << "plan.domains";
    QTest::newRow("bins without bounds") << ds + "\"epsilon\": 1, \"domains\": [{\"column\": \"age\", \"bins\": 4}]"
                                         << "plan.domains[0].bounds";
    QTest::newRow("two declarations")
        << ds + "\"epsilon\": 1, \"domains\": [{\"column\": \"sex\", \"categories\": [\"Male\"], \"hierarchy\": \"x\"}]"
        << "exactly one";
    QTest::newRow("column twice") << ds + "\"epsilon\": 1, \"domains\": [" + sex + ", " + sex + "]"
                                  << "declared twice";
    QTest::newRow("negative seed") << ds + "\"epsilon\": 1, \"seed\": -3, \"domains\": [" + sex + "]"
                                   << "plan.seed";
    QTest::newRow("undeclared column kind")
        << ds + "\"epsilon\": 1, \"domains\": [{\"column\": \"age\", \"categories\": [\"1\"]}]"
        << "age";
}

void TestCliSyntheticRelease::badSyntheticPlans() {
    QFETCH(QByteArray, body);
    QFETCH(QString, message);
    QTemporaryDir tmp;
    QFile plan(tmp.filePath("plan.json"));
    QVERIFY(plan.open(QIODevice::WriteOnly));
    plan.write("{" + body + "}");
    plan.close();
    const QString ledgerPath = tmp.filePath("ledger.sqlite");
    const CliRun r = runCli({"release", plan.fileName(), "--output", tmp.filePath("b"), "--ledger", ledgerPath});
    QCOMPARE(r.exitCode, 1);
    QVERIFY2(r.err.contains(message.toUtf8()), r.err.constData());
    QVERIFY(!QFile::exists(tmp.filePath("b")));
    auto ledger = veil::release::PrivacyLedger::openFile(ledgerPath.toStdString());
    QVERIFY(ledger);
    auto entries = (*ledger)->entries();
    QVERIFY(entries);
    QCOMPARE(entries->size(), std::size_t(0));  // nothing was spent
}

// docs/examples/adult-synthetic-sweep.json runs as shipped (teaching mode): utility against epsilon,
// PrivBayes below the independent baseline at epsilon 3.
void TestCliSyntheticRelease::exampleSweepRuns() {
    QTemporaryDir tmp;
    const QString csv = tmp.filePath("sweep.csv");
    const CliRun r =
        runCli({"sweep", QStringLiteral(VEIL_SAMPLES_DIR "/../../docs/examples/adult-synthetic-sweep.json"), "--output",
                csv, "--teaching"});
    QVERIFY2(r.exitCode == 0, r.err.constData());
    const QStringList lines = csvLines(csv);
    QCOMPARE(lines.size(), 1 + 2 * 4 * 3);
    const QStringList header = lines.front().split(',');
    const int method = header.indexOf("method"), eps = header.indexOf("epsilon"), err = header.indexOf("abs_error");
    QVERIFY(method >= 0 && eps >= 0 && err >= 0);
    double privbayes = 0, independent = 0;
    for (const QString& line : lines.mid(1)) {
        const QStringList f = line.split(',');
        const double tvd = f[err].toDouble();
        QVERIFY2(tvd > 0.0 && tvd < 1.0, qPrintable(line));
        if (f[eps].toDouble() != 3.0) continue;
        (f[method] == "synth:privbayes" ? privbayes : independent) += tvd / 3.0;
    }
    QVERIFY2(privbayes > 0.0 && privbayes < independent - 0.03,
             qPrintable(QString("privbayes %1, independent %2").arg(privbayes).arg(independent)));
}

// An MST plan (method "mst", delta default 1e-9) releases a bundle charged {epsilon, delta, rho} with
// the tree in the manifest; a synth:mst sweep runs and beats the independent baseline in 2-way TVD.
void TestCliSyntheticRelease::mstPlanAndSweep() {
    QTemporaryDir tmp;
    const QByteArray samples = VEIL_SAMPLES_DIR;
    const QByteArray domains =
        "[{\"column\": \"age\", \"bounds\": [17, 91], \"bins\": 8},"
        " {\"column\": \"sex\", \"categories\": [\"Male\", \"Female\"]},"
        " {\"column\": \"race\", \"hierarchy\": \"" +
        samples +
        "/adult_hierarchy_race.csv\"},"
        " {\"column\": \"salary-class\", \"categories\": [\"<=50K\", \">50K\"]}]";
    QFile plan(tmp.filePath("mst.json"));
    QVERIFY(plan.open(QIODevice::WriteOnly));
    plan.write("{\"kind\": \"synthetic\", \"dataset\": {\"path\": \"" + samples +
               "/adult.csv\", \"delimiter\": \";\"}, \"method\": \"mst\", \"epsilon\": 1, \"rows\": 1000, "
               "\"iterations\": 300, \"domains\": " +
               domains + "}");
    plan.close();
    const QString out = tmp.filePath("bundle"), ledgerPath = tmp.filePath("ledger.sqlite");
    const CliRun r = runCli({"release", plan.fileName(), "--output", out, "--ledger", ledgerPath, "--json"});
    QVERIFY2(r.exitCode == 0, r.err.constData());
    QCOMPARE(csvLines(out + "/adult-synthetic.csv").size(), 1001);
    const QJsonObject m = readJson(out + "/manifest.json");
    QCOMPARE(m["mechanism"].toString(), QString("mst"));
    const QJsonObject privacy = m["privacy"].toObject();
    QCOMPARE(privacy["epsilon"].toDouble(), 1.0);
    QCOMPARE(privacy["delta"].toDouble(), 1e-9);
    // cdp_rho(1, 1e-9) of the reference (tests/core/synth/mst_reference.py).
    QVERIFY2(std::abs(privacy["rho"].toDouble() - 0.0149730576736) < 1e-12,
             qPrintable(QString::number(privacy["rho"].toDouble())));
    const QJsonObject s = m["summary"].toObject();
    QCOMPARE(s["method"].toString(), QString("mst"));
    QCOMPARE(s["tree"].toArray().size(), 3);
    QCOMPARE(s["iterations"].toInt(), 300);
    auto ledger = veil::release::PrivacyLedger::openFile(ledgerPath.toStdString());
    QVERIFY(ledger);
    auto entries = (*ledger)->entries();
    QVERIFY(entries && entries->size() == 1);
    QCOMPARE(entries->front().delta, 1e-9);
    QVERIFY(std::abs(entries->front().rho - 0.0149730576736) < 1e-12);

    QFile sweep(tmp.filePath("sweep.json"));
    QVERIFY(sweep.open(QIODevice::WriteOnly));
    sweep.write("{\"name\": \"mst\", \"dataset\": {\"table\": \"" + samples +
                "/adult.csv\", \"delimiter\": \";\", \"domains\": " + domains +
                "}, \"methods\": [{\"id\": \"synth:mst\", \"options\": {\"rows\": 5000, \"iterations\": 300}},"
                " {\"id\": \"synth:independent\", \"options\": {\"rows\": 5000}}], \"epsilon\": [3], \"trials\": 2,"
                " \"seed\": 17}");
    sweep.close();
    const QString csv = tmp.filePath("sweep.csv");
    const CliRun sw = runCli({"sweep", sweep.fileName(), "--output", csv, "--teaching"});
    QVERIFY2(sw.exitCode == 0, sw.err.constData());
    const QStringList lines = csvLines(csv);
    QCOMPARE(lines.size(), 1 + 2 * 2);
    const QStringList header = lines.front().split(',');
    const int method = header.indexOf("method"), err = header.indexOf("abs_error");
    double mst = 0, independent = 0;
    for (const QString& line : lines.mid(1)) {
        const QStringList f = line.split(',');
        (f[method] == "synth:mst" ? mst : independent) += f[err].toDouble() / 2.0;
    }
    QVERIFY2(mst > 0.0 && mst < independent, qPrintable(QString("mst %1, independent %2").arg(mst).arg(independent)));
}

// An AIM plan (method "aim") releases a bundle charged {epsilon, delta, rho} with the measured
// marginals in the manifest; a synth:aim sweep runs and beats the independent baseline in 2-way TVD.
void TestCliSyntheticRelease::aimPlanAndSweep() {
    QTemporaryDir tmp;
    const QByteArray samples = VEIL_SAMPLES_DIR;
    const QByteArray domains =
        "[{\"column\": \"age\", \"bounds\": [17, 91], \"bins\": 8},"
        " {\"column\": \"sex\", \"categories\": [\"Male\", \"Female\"]},"
        " {\"column\": \"salary-class\", \"categories\": [\"<=50K\", \">50K\"]}]";
    QFile plan(tmp.filePath("aim.json"));
    QVERIFY(plan.open(QIODevice::WriteOnly));
    plan.write("{\"kind\": \"synthetic\", \"dataset\": {\"path\": \"" + samples +
               "/adult.csv\", \"delimiter\": \";\"}, \"method\": \"aim\", \"epsilon\": 1, \"rows\": 1000, "
               "\"iterations\": 300, \"workload_degree\": 2, \"domains\": " +
               domains + "}");
    plan.close();
    const QString out = tmp.filePath("bundle"), ledgerPath = tmp.filePath("ledger.sqlite");
    const CliRun r = runCli({"release", plan.fileName(), "--output", out, "--ledger", ledgerPath, "--json"});
    QVERIFY2(r.exitCode == 0, r.err.constData());
    QCOMPARE(csvLines(out + "/adult-synthetic.csv").size(), 1001);
    const QJsonObject m = readJson(out + "/manifest.json");
    QCOMPARE(m["mechanism"].toString(), QString("aim"));
    const QJsonObject privacy = m["privacy"].toObject();
    QCOMPARE(privacy["delta"].toDouble(), 1e-9);
    QVERIFY(std::abs(privacy["rho"].toDouble() - 0.0149730576736) < 1e-12);  // mst_reference.py
    const QJsonObject s = m["summary"].toObject();
    QCOMPARE(s["method"].toString(), QString("aim"));
    QCOMPARE(s["measured"].toArray().size(), 3 + s["rounds_run"].toInt());
    QCOMPARE(s["degree"].toInt(), 2);

    QFile sweep(tmp.filePath("sweep.json"));
    QVERIFY(sweep.open(QIODevice::WriteOnly));
    sweep.write("{\"name\": \"aim\", \"dataset\": {\"table\": \"" + samples +
                "/adult.csv\", \"delimiter\": \";\", \"domains\": " + domains +
                "}, \"methods\": [{\"id\": \"synth:aim\", \"options\": {\"rows\": 5000, \"iterations\": 300}},"
                " {\"id\": \"synth:independent\", \"options\": {\"rows\": 5000}}], \"epsilon\": [3], \"trials\": 2,"
                " \"seed\": 17}");
    sweep.close();
    const QString csv = tmp.filePath("sweep.csv");
    const CliRun sw = runCli({"sweep", sweep.fileName(), "--output", csv, "--teaching"});
    QVERIFY2(sw.exitCode == 0, sw.err.constData());
    const QStringList lines = csvLines(csv);
    QCOMPARE(lines.size(), 1 + 2 * 2);
    const QStringList header = lines.front().split(',');
    const int method = header.indexOf("method"), err = header.indexOf("abs_error");
    double aim = 0, independent = 0;
    for (const QString& line : lines.mid(1)) {
        const QStringList f = line.split(',');
        (f[method] == "synth:aim" ? aim : independent) += f[err].toDouble() / 2.0;
    }
    QVERIFY2(aim > 0.0 && aim < independent, qPrintable(QString("aim %1, independent %2").arg(aim).arg(independent)));
}

QTEST_APPLESS_MAIN(TestCliSyntheticRelease)
#include "tst_cli_synthetic_release.moc"
