// veil-cli utility: the contingency tables before and after (JSON labels and counts, capped text
// tables with a note), the suppressed token, numbers before and after, and the accuracy of a
// classifier trained on the release and tested on the original records. Values derived by hand
// (the same cases as tests/core/anonymity/tst_utility_analysis.cpp).
#include "cli_runner.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonObject>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QtTest>

namespace {

QString writeCsv(const QTemporaryDir& dir, const QString& name, const QByteArray& text) {
    const QString path = dir.filePath(name);
    QFile f(path);
    if (!f.open(QIODevice::WriteOnly)) qFatal("cannot write %s", qPrintable(path));
    f.write(text);
    return path;
}

QJsonArray counts(const QJsonObject& table) { return table["counts"].toArray(); }

}  // namespace

class TestCliUtility : public QObject {
    Q_OBJECT
private slots:
    // (1,x) (2,x) (3,x) (3,x) released as (1-2,x) x2 and (*,x) x2. With "*" declared the suppressed
    // token, it contains every value of a, so (1-2,x) gives 1 each to (1,x) and (2,x) and (*,x) 2/3 to
    // each of the three: 5/3 5/3 2/3 against 1 1 2, distance (2/3 + 2/3 + 4/3) / 8 = 1/3. Without a
    // token (Veil never guesses one for a plain table), "*" only contains the 3s it stands for: 0.
    void contingencyTablesBeforeAndAfter() {
        QTemporaryDir dir;
        const QString o = writeCsv(dir, "o.csv", "a,b\n1,x\n2,x\n3,x\n3,x\n");
        const QString r = writeCsv(dir, "r.csv", "a,b\n1-2,x\n1-2,x\n*,x\n*,x\n");
        const CliRun run =
            runCli({"utility", o, r, "--columns", "a,b", "--pair", "a,b", "--suppressed", "*", "--json"});
        QVERIFY2(run.exitCode == 0, run.err.constData());
        const QJsonObject c = run.json().object()["contingency"].toArray()[0].toObject();
        QCOMPARE(c["a"].toString(), QStringLiteral("a"));
        QVERIFY(std::abs(c["distance"].toDouble() - 1.0 / 3.0) < 1e-12);
        const QJsonObject before = c["before"].toObject(), after = c["after"].toObject();
        QCOMPARE(before["rows"].toArray(), (QJsonArray{"1", "2", "3"}));
        QCOMPARE(before["columns"].toArray(), (QJsonArray{"x"}));
        QCOMPARE(counts(before), (QJsonArray{QJsonArray{1}, QJsonArray{1}, QJsonArray{2}}));
        QCOMPARE(after["rows"].toArray(), (QJsonArray{"1-2", "*"}));  // the suppressed value last
        QCOMPARE(counts(after), (QJsonArray{QJsonArray{2}, QJsonArray{2}}));
        QCOMPARE(after["total"].toInt(), 4);
        QCOMPARE(after["rows_pooled"].toBool(), false);
        const CliRun plain = runCli({"utility", o, r, "--columns", "a,b", "--pair", "a,b", "--json"});
        QVERIFY2(plain.exitCode == 0, plain.err.constData());
        QCOMPARE(plain.json().object()["contingency"].toArray()[0].toObject()["distance"].toDouble(), 0.0);
    }

    // Five values of a (10 x3, 9 x2, 8, 11, 7): capped at 2, the text shows 9 and 10 and pools three
    // records as "(others)", and says so.
    void textTablesCappedWithANote() {
        QTemporaryDir dir;
        const QString o = writeCsv(dir, "o.csv", "a,b\n10,x\n10,x\n10,x\n9,x\n9,y\n8,y\n11,x\n7,y\n");
        const CliRun run = runCli({"utility", o, o, "--columns", "a,b", "--pair", "a,b", "--max-categories", "2"});
        QVERIFY2(run.exitCode == 0, run.err.constData());
        const QString text = QString::fromUtf8(run.out);
        QVERIFY2(text.contains("Contingency a x b: total-variation distance 0.000"), run.out.constData());
        QVERIFY2(text.contains("a: the 2 most frequent of 5 values shown"), run.out.constData());
        QVERIFY(!text.contains("b: the"));  // two values of b: nothing pooled
        // Rows 9 (x 1, y 1), 10 (x 3, y 0), Other (x 1, y 2).
        static const QRegularExpression rows(R"(\n\s+9\s+1\s+1\n\s+10\s+3\s+0\n\s+\(others\)\s+1\s+2\n)");
        QVERIFY2(rows.match(text).hasMatch(), run.out.constData());
        const CliRun json =
            runCli({"utility", o, o, "--columns", "a", "--pair", "a,b", "--max-categories", "2", "--json"});
        const QJsonObject before = json.json().object()["contingency"].toArray()[0].toObject()["before"].toObject();
        QCOMPARE(before["rows"].toArray(), (QJsonArray{"9", "10", "(others)"}));
        QCOMPARE(before["row_values"].toInt(), 5);
        QCOMPARE(before["rows_pooled"].toBool(), true);
    }

    // Ages 20 30 40 50 released 25 25 S 45 with "S" declared suppressed: one suppressed, two values
    // left (25 x2, 45), numbers mean 95/3 and sample standard deviation sqrt(400/3); before mean 35.
    void suppressedTokenAndNumbers() {
        QTemporaryDir dir;
        const QString o = writeCsv(dir, "o.csv", "age\n20\n30\n40\n50\n");
        const QString r = writeCsv(dir, "r.csv", "age\n25\n25\nS\n45\n");
        const CliRun run = runCli({"utility", o, r, "--columns", "age", "--suppressed", "S", "--json"});
        QVERIFY2(run.exitCode == 0, run.err.constData());
        const QJsonObject a = run.json().object()["attributes"].toArray()[0].toObject();
        QCOMPARE(a["suppressed_after"].toInt(), 1);
        QCOMPARE(a["distinct_after"].toInt(), 2);
        QCOMPARE(a["mode_after"].toString(), QStringLiteral("25"));
        QCOMPARE(a["numeric_before"].toObject()["mean"].toDouble(), 35.0);
        QCOMPARE(a["numeric_after"].toObject()["count"].toInt(), 3);
        QVERIFY(std::abs(a["numeric_after"].toObject()["mean"].toDouble() - 95.0 / 3.0) < 1e-12);
        QVERIFY(std::abs(a["numeric_after"].toObject()["std"].toDouble() - std::sqrt(400.0 / 3.0)) < 1e-12);
        // The default token is "*": "S" is then a value, and not a number.
        const CliRun plain = runCli({"utility", o, r, "--columns", "age", "--json"});
        const QJsonObject p = plain.json().object()["attributes"].toArray()[0].toObject();
        QCOMPARE(p["suppressed_after"].toInt(), 0);
        QCOMPARE(p["distinct_after"].toInt(), 3);
        QVERIFY(p["numeric_after"].isNull());
        const CliRun text = runCli({"utility", o, r, "--columns", "age", "--suppressed", "S"});
        QVERIFY2(text.out.contains("age                  20 / 25"), text.out.constData());
    }

    // 20 records, fold r mod 10, "no" for r mod 5 in {0, 3}; a is p1/p2 ("yes") or q1/q2 ("no"),
    // released as p / q with records 0-3 suppressed. Trained on the release without them and tested
    // on the original records (their values read as p / q), naive Bayes is always right, as from the
    // original; ZeroR 12/20 (tst_utility_analysis derives each fold).
    void accuracyTrainedOnReleaseTestedOnOriginal() {
        QByteArray original = "a,t\n", released = "a,t\n";
        for (int r = 0; r < 20; ++r) {
            const bool no = r % 5 == 0 || r % 5 == 3;
            const QByteArray a = QByteArray(no ? "q" : "p") + (r % 2 == 0 ? "1" : "2");
            const QByteArray t = no ? "no" : "yes";
            original += a + "," + t + "\n";
            released += (r < 4 ? QByteArray("*") : a.left(1)) + "," + t + "\n";
        }
        QTemporaryDir dir;
        const QString o = writeCsv(dir, "o.csv", original), r = writeCsv(dir, "r.csv", released);
        const CliRun run =
            runCli({"utility", o, r, "--columns", "a,t", "--target", "t", "--suppressed", "*", "--json"});
        QVERIFY2(run.exitCode == 0, run.err.constData());
        const QJsonObject c = run.json().object()["classification"].toObject();
        QCOMPARE(c["original"].toDouble(), 1.0);
        QCOMPARE(c["released"].toDouble(), 1.0);
        QCOMPARE(c["zero_r"].toDouble(), 0.6);
        QCOMPARE(c["records"].toInt(), 20);
        QCOMPARE(c["suppressed_records"].toInt(), 4);
        QCOMPARE(c["folds"].toInt(), 10);
        const CliRun text =
            runCli({"utility", o, r, "--columns", "a,t", "--target", "t", "--suppressed", "*", "--folds", "5"});
        QVERIFY2(text.out.contains("5-fold, tested on the original records"), text.out.constData());
        QVERIFY2(text.out.contains("4 suppressed records left out of training"), text.out.constData());
        const CliRun bad = runCli({"utility", o, r, "--columns", "a,t", "--target", "t", "--folds", "1"});
        QVERIFY(bad.exitCode != 0);
    }
};

QTEST_MAIN(TestCliUtility)
#include "tst_cli_utility.moc"
