// veil-cli anonymize --local-suppression: what the output says. Six records on three QIs (a/b/c,
// x/y/z, p/q/r) whose sixth differs from every other in every column: the fewest cells with '*'
// matching any value is 3 (one record wholly '*' matches every record; tst_local_suppression):
//   a x p | a x q | a y p | b y p | b y q | c z r
// A proven optimum is a note, not a warning; the cells are told apart by the records they fall in
// (a record wholly '*' is one of the suppressed records); the risk after counts '*' as matching any
// value, so it agrees with "every record matches at least 2 records". A time limit too short to
// prove is a warning with the gap.
#include "cli_runner.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QtTest>

namespace {

QString writeSix(const QTemporaryDir& dir) {
    const QString path = dir.filePath(QStringLiteral("six.csv"));
    QFile f(path);
    if (!f.open(QIODevice::WriteOnly)) qFatal("cannot write %s", qPrintable(path));
    f.write("a,b,c\na,x,p\na,x,q\na,y,p\nb,y,p\nb,y,q\nc,z,r\n");
    return path;
}

QStringList sixArgs(const QTemporaryDir& dir) {
    return {"anonymize", writeSix(dir),         "--qi",   "a,b,c", "--k", "2", "--algorithm",
            "none",      "--local-suppression", "optimal"};
}

}  // namespace

class TestCliLocalSuppression : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void provenOptimumIsANote() {
        QTemporaryDir dir;
        const CliRun r = runCli(sixArgs(dir));
        QCOMPARE(r.exitCode, 0);
        const QString out = QString::fromUtf8(r.out), err = QString::fromUtf8(r.err);
        // The proven optimum is a note; the record wholly '*' that every other one matches is warned about.
        QVERIFY2(!err.contains("warning: local suppression: optimal"), qPrintable(err));
        QVERIFY2(err.contains("warning: local suppression: 1 record is wholly '*'") && err.contains("elimination"),
                 qPrintable(err));
        QVERIFY2(out.contains("Local suppression (optimal, proven optimal): 3 cells, all in 1 record wholly '*' "
                              "(counted among the suppressed records); 0 records keep some values"),
                 qPrintable(out));
        QVERIFY2(out.contains("Suppressed records: 1 of 6"), qPrintable(out));
        QVERIFY2(out.contains("Local suppression note: optimal"), qPrintable(out));
    }

    void riskAfterCountsWildcards() {
        QTemporaryDir dir;
        const CliRun r = runCli(sixArgs(dir) << "--json");
        QCOMPARE(r.exitCode, 0);
        const QJsonObject j = r.json().object();
        const QJsonObject risk = j.value("risk").toObject();
        // Five released records, each matching itself and the record wholly '*': 2 each.
        QCOMPARE(risk.value("records").toInt(), 5);
        QCOMPARE(risk.value("prosecutor_max").toDouble(), 0.5);
        QCOMPARE(risk.value("prosecutor_avg").toDouble(), 0.5);
        QCOMPARE(risk.value("uniques").toInt(), 0);
        QCOMPARE(risk.value("min_class_size").toInt(), 2);
        const QJsonObject ls = j.value("local_suppression").toObject();
        QCOMPARE(ls.value("cells").toInt(), 3);
        QCOMPARE(ls.value("records_wholly_suppressed").toInt(), 1);
        QCOMPARE(ls.value("records_touched").toInt(), 0);
        QCOMPARE(ls.value("lower_bound").toDouble(), 3.0);
        QCOMPARE(ls.value("min_matches").toInt(), 2);
        QCOMPARE(j.value("warnings").toArray().size(), 1);
        QVERIFY(j.value("warnings").toArray()[0].toString().contains("elimination"));
        const QString text = QString::fromUtf8(runCli(sixArgs(dir)).out);
        QVERIFY2(text.contains("Risk after:  prosecutor risk max 0.5, average 0.5; 5 of 5 records above 0.2; "
                               "marketer 0.5; sample uniqueness 0 (0 unique)"),
                 qPrintable(text));
    }

    // '*' as a value: every class has two records; the risk is the classes'.
    void valueSemanticsRiskIsTheClasses() {
        QTemporaryDir dir;
        const CliRun r = runCli(sixArgs(dir) << "--ls-semantics"
                                             << "value"
                                             << "--json");
        QCOMPARE(r.exitCode, 0);
        const QJsonObject j = r.json().object();
        QCOMPARE(j.value("risk").toObject().value("min_class_size").toInt(), j.value("min_class_size").toInt());
        QVERIFY(j.value("risk").toObject().value("prosecutor_max").toDouble() <= 0.5);
    }

    // Adult's first 400 records on sex, race, marital-status with k = 10: GLPK does not prove the
    // optimum in 0.2 s, so the output warns and gives the gap (or says the relaxation was unsolved).
    void timeLimitWarnsWithTheGap() {
        QTemporaryDir dir;
        QFile in(QStringLiteral(VEIL_SAMPLES_DIR "/adult.csv"));
        QVERIFY(in.open(QIODevice::ReadOnly));
        QFile head(dir.filePath("adult400.csv"));
        QVERIFY(head.open(QIODevice::WriteOnly));
        for (int i = 0; i < 401; ++i) head.write(in.readLine());
        head.close();
        const CliRun r = runCli({"anonymize", head.fileName(), "--qi", "sex,race,marital-status", "--k", "10",
                                 "--algorithm", "none", "--local-suppression", "optimal", "--ls-time-limit", "0.2"});
        QCOMPARE(r.exitCode, 0);
        const QString err = QString::fromUtf8(r.err);
        QVERIFY2(err.contains("warning: local suppression: the time limit of 0.2 s stopped GLPK"), qPrintable(err));
        QVERIFY2(err.contains("gap") || err.contains("no lower bound"), qPrintable(err));
    }
};

QTEST_MAIN(TestCliLocalSuppression)
#include "tst_cli_local_suppression.moc"
