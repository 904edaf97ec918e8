// veil-cli sweep on anonymity experiments (loss and risk against k): the shipped example
// docs/examples/adult-k-sweep.json runs as it is from the repository root and from the installed
// layout (share/veil/docs/examples next to share/veil/resources/samples); its optimal:loss row at k
// = 5 equals what `veil-cli anonymize` reports for the same settings; bad input fails in one line.
#include "cli_runner.h"
#include "sanitizer_scale.h"

#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QtTest>

namespace {

const QString kRepoRoot = QDir::cleanPath(QStringLiteral(VEIL_TEST_DATA_DIR "/../.."));
const QString kExample = QStringLiteral("docs/examples/adult-k-sweep.json");
const QStringList kQis = {QStringLiteral("age"), QStringLiteral("sex"), QStringLiteral("race"),
                          QStringLiteral("marital-status"), QStringLiteral("education")};

CliRun runIn(const QString& dir, const QStringList& args) { return runCli(args, 240000, dir); }

QList<QByteArray> csvLines(const QString& path) {
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly)) return {};
    return f.readAll().trimmed().split('\n');
}

// The summary of (label, k) in sweep --json output.
QJsonObject summaryOf(const QJsonObject& sweep, const QString& label, int k) {
    for (const auto& v : sweep[QStringLiteral("summaries")].toArray()) {
        const auto o = v.toObject();
        if (o[QStringLiteral("label")].toString() == label && o[QStringLiteral("k")].toInt() == k) return o;
    }
    return {};
}

}  // namespace

class TestCliEvalK : public QObject {
    Q_OBJECT
private slots:
    void exampleRunsFromTheRepositoryRoot();
    void exampleRunsFromTheInstalledLayout();
    void optimalAtK5EqualsAnonymize();
    void badInput_data();
    void badInput();
};

void TestCliEvalK::exampleRunsFromTheRepositoryRoot() {
    QTemporaryDir tmp;
    const QString out = tmp.filePath(QStringLiteral("k.csv"));
    const auto r = runIn(kRepoRoot, {QStringLiteral("sweep"), kExample, QStringLiteral("--output"), out});
    QVERIFY2(r.exitCode == 0, r.err.constData());
    QVERIFY2(r.out.contains("deterministic (1 run each)"), r.out.constData());
    QVERIFY(r.out.contains("21 rows (one per method and k)"));
    const auto lines = csvLines(out);
    QCOMPARE(lines.size(), 1 + 3 * 7);  // header + 3 methods x 7 k values
    QVERIFY2(lines[0].startsWith("method,label,k_index,k,found,metric,transformation,loss,"), lines[0].constData());
    QVERIFY(!lines[0].contains("epsilon"));
    QVERIFY2(lines[1].startsWith("optimal:loss,optimal:loss,0,2,true,loss,"), lines[1].constData());
}

void TestCliEvalK::exampleRunsFromTheInstalledLayout() {
    VEIL_RELEASE_ONLY("the sweep of exampleRunsFromTheRepositoryRoot again; only its paths differ");
    // The install rules copy docs/ to share/veil/docs and resources/samples/ to share/veil/resources/samples:
    // rebuild that layout and run from an unrelated directory.
    QTemporaryDir tmp;
    const QDir root(tmp.path());
    QVERIFY(root.mkpath(QStringLiteral("share/veil/docs/examples")));
    QVERIFY(root.mkpath(QStringLiteral("share/veil/resources/samples")));
    QVERIFY(QFile::copy(kRepoRoot + "/" + kExample,
                        root.filePath(QStringLiteral("share/veil/docs/examples/adult-k-sweep.json"))));
    QStringList files = {QStringLiteral("adult.csv")};
    for (const auto& q : kQis) files << QStringLiteral("adult_hierarchy_%1.csv").arg(q);
    for (const auto& f : files)
        QVERIFY(QFile::copy(kRepoRoot + "/resources/samples/" + f, root.filePath("share/veil/resources/samples/" + f)));
    QVERIFY(root.mkpath(QStringLiteral("work")));
    const auto r = runIn(root.filePath(QStringLiteral("work")),
                         {QStringLiteral("sweep"), QStringLiteral("../share/veil/docs/examples/adult-k-sweep.json"),
                          QStringLiteral("--output"), QStringLiteral("k.csv"), QStringLiteral("--json")});
    QVERIFY2(r.exitCode == 0, r.err.constData());
    const auto j = r.json().object();
    QCOMPARE(j[QStringLiteral("kind")].toString(), QStringLiteral("anonymity"));
    QCOMPARE(j[QStringLiteral("k")].toArray().size(), 7);
    QCOMPARE(j[QStringLiteral("trials")].toInt(), 1);
    QCOMPARE(j[QStringLiteral("deterministic")].toBool(), true);
    QCOMPARE(j[QStringLiteral("summaries")].toArray().size(), 21);
    QCOMPARE(csvLines(root.filePath(QStringLiteral("work/k.csv"))).size(), 22);
}

void TestCliEvalK::optimalAtK5EqualsAnonymize() {
    QTemporaryDir tmp;
    const auto sweep = runIn(kRepoRoot, {QStringLiteral("sweep"), kExample, QStringLiteral("--output"),
                                         tmp.filePath(QStringLiteral("k.csv")), QStringLiteral("--json"),
                                         QStringLiteral("--threads"), QStringLiteral("2")});
    QVERIFY2(sweep.exitCode == 0, sweep.err.constData());
    const auto row = summaryOf(sweep.json().object(), QStringLiteral("optimal:loss"), 5);
    QVERIFY(!row.isEmpty());
    QStringList args = {QStringLiteral("anonymize"),     QStringLiteral("resources/samples/adult.csv"),
                        QStringLiteral("--qi"),          kQis.join(QLatin1Char(',')),
                        QStringLiteral("--k"),           QStringLiteral("5"),
                        QStringLiteral("--suppression"), QStringLiteral("0.04"),
                        QStringLiteral("--metric"),      QStringLiteral("loss"),
                        QStringLiteral("--json")};
    for (const auto& q : kQis)
        args << QStringLiteral("--hierarchy") << QStringLiteral("%1=resources/samples/adult_hierarchy_%1.csv").arg(q);
    const auto anon = runIn(kRepoRoot, args);
    QVERIFY2(anon.exitCode == 0, anon.err.constData());
    const auto a = anon.json().object();
    const auto measures = row[QStringLiteral("measures")].toObject();
    QCOMPARE(measures[QStringLiteral("loss")].toDouble(), a[QStringLiteral("information_loss")].toDouble());
    QCOMPARE(measures[QStringLiteral("suppressed")].toDouble(), a[QStringLiteral("suppressed")].toDouble());
    QCOMPARE(measures[QStringLiteral("discernibility")].toDouble(),
             a[QStringLiteral("metrics")].toObject()[QStringLiteral("discernibility")].toDouble());
    const auto risk = a[QStringLiteral("risk")].toObject();
    QCOMPARE(measures[QStringLiteral("prosecutor_max")].toDouble(), risk[QStringLiteral("prosecutor_max")].toDouble());
    QCOMPARE(measures[QStringLiteral("prosecutor_avg")].toDouble(), risk[QStringLiteral("prosecutor_avg")].toDouble());
    QCOMPARE(measures[QStringLiteral("records_at_risk")].toDouble(),
             risk[QStringLiteral("records_at_risk")].toDouble());
    // Golden from a run of `veil-cli anonymize` with these settings (also checked in core's
    // tst_anonymity_sweep).
    QCOMPARE(measures[QStringLiteral("loss")].toDouble(), 0.08378189027410965);
}

void TestCliEvalK::badInput_data() {
    QTest::addColumn<QByteArray>("json");
    QTest::addColumn<QByteArray>("message");
    const QByteArray base = R"("dataset": {"table": ")" VEIL_SAMPLES_DIR
                            R"(/adult.csv"}, "quasi_identifiers": ["sex"],
      "hierarchies": {"sex": ")" VEIL_SAMPLES_DIR R"(/adult_hierarchy_sex.csv"}, "methods": ["optimal:loss"])";
    QTest::newRow("trials") << "{" + base + R"(, "k": [2], "trials": 3})" << QByteArray("trials must be 1");
    QTest::newRow("k larger than the table")
        << "{" + base + R"(, "k": [2, 40000]})" << QByteArray("larger than the table");
    QByteArray dpMethod = base;
    dpMethod.replace("\"optimal:loss\"", "\"histogram:identity\"");
    QTest::newRow("epsilon method") << "{" + dpMethod + R"(, "k": [2]})"
                                    << QByteArray("not a syntactic anonymization method");
    // A key twice in one object is refused (the parser kept the last one, a reader sees the first).
    QTest::newRow("duplicate key") << "{" + base + R"(, "k": [2], "methods": ["histogram:identity"]})"
                                   << QByteArray("the key \"methods\" appears twice");
}

void TestCliEvalK::badInput() {
    QFETCH(QByteArray, json);
    QFETCH(QByteArray, message);
    QTemporaryDir tmp;
    QFile f(tmp.filePath(QStringLiteral("e.json")));
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write(json);
    f.close();
    const auto r = runCli(
        {QStringLiteral("sweep"), f.fileName(), QStringLiteral("--output"), tmp.filePath(QStringLiteral("o.csv"))});
    QVERIFY(r.exitCode != 0);
    QVERIFY2(r.err.contains(message), r.err.constData());
    QCOMPARE(r.err.trimmed().count('\n'), 0);
    QVERIFY(!QFile::exists(tmp.filePath(QStringLiteral("o.csv"))));
}

QTEST_GUILESS_MAIN(TestCliEvalK)
#include "tst_cli_eval_k.moc"
