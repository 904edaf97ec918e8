// The bad-input corpus (issue 14): every case of tests/data/bad_inputs/cases.json (written by
// make_corpus.py: broken or hostile files and flag values for every command) runs veil-cli and
// must end cleanly: an error exits with 1 or 2 (never a signal, never >= 128) and says, in a few
// lines, what is wrong, naming the file, flag or field ("mentions"); a defect Veil handles exits
// with 0. No message may leak internals (exception types, assertions, "terminate called").
#include "cli_runner.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QtTest>

namespace {
const QString kBad = QStringLiteral(VEIL_TEST_DATA_DIR "/bad_inputs");
}

class TestCliBadInputs : public QObject {
    Q_OBJECT
private slots:
    void corpus_data() {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<QString>("mentions");
        QTest::addColumn<bool>("error");
        QFile f(kBad + QStringLiteral("/cases.json"));
        QVERIFY(f.open(QIODevice::ReadOnly));
        const QJsonArray cases = QJsonDocument::fromJson(f.readAll()).array();
        QVERIFY2(cases.size() >= 150, "the corpus has at least 150 cases");
        for (const auto& c : cases) {
            const QJsonObject o = c.toObject();
            QStringList args;
            for (const auto& a : o["args"].toArray()) args << a.toString();
            QTest::newRow(o["name"].toString().toUtf8().constData())
                << args << o["mentions"].toString() << (o["expect"].toString() != QLatin1String("ok"));
        }
    }
    void corpus() {
        QFETCH(QStringList, args);
        QFETCH(QString, mentions);
        QFETCH(bool, error);
        QTemporaryDir tmp;
        for (QString& a : args)
            a.replace(QStringLiteral("{bad}"), kBad)
                .replace(QStringLiteral("{samples}"), QStringLiteral(VEIL_SAMPLES_DIR))
                .replace(QStringLiteral("{tmp}"), tmp.path());
        const CliRun r = runCli(args, 120000);
        const QString err = QString::fromUtf8(r.err), all = err + QString::fromUtf8(r.out);
        QVERIFY2(r.exitCode >= 0 && r.exitCode < 128,
                 qPrintable(QStringLiteral("exit %1: %2").arg(r.exitCode).arg(err)));
        if (error) {
            QVERIFY2(r.exitCode == 1 || r.exitCode == 2,
                     qPrintable(QStringLiteral("exit %1: %2").arg(r.exitCode).arg(err)));
            QVERIFY2(!err.trimmed().isEmpty(), "an error says what is wrong");
            QVERIFY2(err.count(QLatin1Char('\n')) <= 6, qPrintable(err));
        } else {
            QVERIFY2(r.exitCode == 0, qPrintable(err));
        }
        QVERIFY2(all.contains(mentions, Qt::CaseInsensitive),
                 qPrintable(QStringLiteral("should mention '%1': %2").arg(mentions, err)));
        for (const char* leak : {"json.exception", "terminate called", "Assertion", "what():", "std::", "Segmentation"})
            QVERIFY2(!err.contains(QLatin1String(leak)), qPrintable(err));
    }
};

QTEST_APPLESS_MAIN(TestCliBadInputs)
#include "tst_cli_bad_inputs.moc"
