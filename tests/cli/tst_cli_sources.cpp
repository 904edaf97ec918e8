// Commands that take a table also take a database source (sqlite:PATH?table=T or ?query=...), with
// the same typing as CSV and one-line errors.
#include "cli_runner.h"

#include <QJsonArray>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QtTest/QtTest>

#include <sqlite3.h>

class TestCliSources : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase() {
        QVERIFY(m_dir.isValid());
        m_db = m_dir.filePath(QStringLiteral("people.db"));
        sqlite3* db = nullptr;
        QCOMPARE(sqlite3_open(m_db.toUtf8().constData(), &db), SQLITE_OK);
        const char* sql =
            "CREATE TABLE people (zip TEXT, age INTEGER);"
            "INSERT INTO people VALUES ('03097', 34), ('03097', 35), ('10115', 61);";
        QCOMPARE(sqlite3_exec(db, sql, nullptr, nullptr, nullptr), SQLITE_OK);
        sqlite3_close(db);
    }

    void infoOnATable() {
        const CliRun r = runCli({"info", "sqlite://" + m_db + "?table=people", "--json"});
        QVERIFY2(r.exitCode == 0, r.err.constData());
        const QJsonObject o = r.json().object();
        QCOMPARE(o["rows"].toInt(), 3);
        const QJsonArray columns = o["columns"].toArray();
        QVERIFY(columns[0].toObject()["type"].toString() != QStringLiteral("integer"));  // a code keeps its zero
        QCOMPARE(columns[1].toObject()["type"].toString(), QStringLiteral("integer"));
    }

    void riskOnAQuery() {
        const CliRun r =
            runCli({"risk", "sqlite://" + m_db + "?query=SELECT%20zip%20FROM%20people", "--qi", "zip", "--json"});
        QVERIFY2(r.exitCode == 0, r.err.constData());
        QCOMPARE(r.json().object()["uniques"].toInt(), 1);  // 10115 alone
    }

    void missingTableIsOneLine() {
        const CliRun r = runCli({"info", "sqlite://" + m_db + "?table=nobody"});
        QCOMPARE(r.exitCode, 1);
        QVERIFY2(r.err.contains("no table or view 'nobody' (there: people)"), r.err.constData());
        QCOMPARE(r.err.count('\n'), 1);
    }

private:
    QTemporaryDir m_dir;
    QString m_db;
};

QTEST_GUILESS_MAIN(TestCliSources)
#include "tst_cli_sources.moc"
