// Tables from a SQLite database through a source URI: a table, a view and a query read with the
// CSV reader's lossless typing (a ZIP stored as text keeps its zero), NULL as missing, and clear
// errors for a bad URI, a missing file or table, and a statement that is not one SELECT. The same
// from a private PostgreSQL server (initdb + pg_ctl on loopback, tests/support/pg_server.h), where
// a password never shows in a message.
#include "pg_server.h"
#include "server_guard.h"
#include "veil/table/table_source.h"

#include <QTemporaryDir>
#include <QtTest/QtTest>

#include <sqlite3.h>

using namespace veil;

class TestTableSource : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase() {
        QVERIFY(m_dir.isValid());
        m_db = m_dir.filePath(QStringLiteral("people.db")).toStdString();
        sqlite3* db = nullptr;
        QCOMPARE(sqlite3_open(m_db.c_str(), &db), SQLITE_OK);
        const char* sql =
            "CREATE TABLE people (zip TEXT, age INTEGER, income REAL, note TEXT);"
            "INSERT INTO people VALUES ('03097', 34, 51000.5, 'a'), ('10115', NULL, 42000.25, ''),"
            "  ('03097', 61, NULL, 'c');"
            "CREATE VIEW older AS SELECT zip, age FROM people WHERE age > 40;";
        QCOMPARE(sqlite3_exec(db, sql, nullptr, nullptr, nullptr), SQLITE_OK);
        sqlite3_close(db);
    }

    void readsATableLosslessly() {
        auto r = readTable("sqlite://" + m_db + "?table=people");
        QVERIFY2(r, r.status().message().c_str());
        const Table& t = r->table;
        QCOMPARE(t.rowCount(), std::size_t(3));
        std::string scratch;
        const Column& zip = t.column(0);
        QVERIFY(!isNumericType(zip.type()));
        QCOMPARE(std::string(zip.originalText(0, scratch)), std::string("03097"));
        QCOMPARE(t.column(1).type(), ColumnType::Integer);
        QVERIFY(t.column(1).isMissing(1));  // NULL
        QCOMPARE(t.column(1).integerAt(2), std::int64_t(61));
        QCOMPARE(t.column(2).type(), ColumnType::Real);
        QCOMPARE(t.column(2).realAt(1), 42000.25);
        QVERIFY(t.column(2).isMissing(2));
        QVERIFY(!t.column(3).isMissing(1));  // an empty text is a value, not NULL
    }

    // As in a CSV: "NA" in a column of numbers is a missing token (the column stays integer), and a
    // query's repeated column names are made unique with a warning.
    void missingTokensAndRepeatedNames() {
        auto r = readTable(
            "sqlite://" + m_db +
            "?query=SELECT%20age,%20'NA'%20AS%20x,%20age%20FROM%20people%20UNION%20ALL%20SELECT%20'NA',%201,%202");
        QVERIFY2(r, r.status().message().c_str());
        const Table& t = r->table;
        QCOMPARE(t.columnCount(), std::size_t(3));
        QCOMPARE(t.column(2).name(), std::string("age_2"));
        QVERIFY(!r->warnings.empty() && r->warnings.front().find("duplicate column name 'age'") != std::string::npos);
        QCOMPARE(t.column(0).type(), ColumnType::Integer);
        std::string scratch;
        QVERIFY(t.column(0).isMissing(3));
        QCOMPARE(std::string(t.column(0).originalText(3, scratch)), std::string("NA"));
    }

    void readsAViewAndAQuery() {
        auto view = readTable("sqlite:" + m_db + "?table=older");
        QVERIFY2(view, view.status().message().c_str());
        QCOMPARE(view->table.rowCount(), std::size_t(1));
        auto query = readTable("sqlite://" + m_db +
                               "?query=SELECT%20zip,%20COUNT(*)%20AS%20n%20FROM%20people%20GROUP%20BY%20zip");
        QVERIFY2(query, query.status().message().c_str());
        QCOMPARE(query->table.rowCount(), std::size_t(2));
        QCOMPARE(query->table.column(1).name(), std::string("n"));
    }

    void namesWhatIsWrong_data() {
        QTest::addColumn<QString>("uri");
        QTest::addColumn<QString>("expected");
        const QString db = QString::fromStdString(m_db);
        QTest::newRow("no table") << "sqlite://" + db + "?table=nobody"
                                  << "no table or view 'nobody' (there: older, people)";
        QTest::newRow("no file") << QStringLiteral("sqlite:///nonexistent/x.db?table=t") << "cannot open the database";
        QTest::newRow("both") << "sqlite://" + db + "?table=people&query=SELECT%201"
                              << "exactly one of";
        QTest::newRow("neither") << "sqlite://" + db << "exactly one of";
        QTest::newRow("unknown parameter") << "sqlite://" + db + "?tab=people"
                                           << "unknown parameter 'tab'";
        QTest::newRow("not a select") << "sqlite://" + db + "?query=DELETE%20FROM%20people"
                                      << "one SELECT";
        QTest::newRow("two statements") << "sqlite://" + db + "?query=SELECT%201;%20SELECT%202"
                                        << "one statement";
        QTest::newRow("bad sql") << "sqlite://" + db + "?query=SELEC%20x"
                                 << "the query does not run";
        QTest::newRow("no path") << QStringLiteral("sqlite:?table=t") << "no database file";
    }
    void namesWhatIsWrong() {
        QFETCH(QString, uri);
        QFETCH(QString, expected);
        auto r = readTable(uri.toStdString());
        QVERIFY(!r);
        QVERIFY2(QString::fromStdString(r.status().message()).contains(expected), r.status().message().c_str());
    }

    void postgresqlSource() {
        veil::testing::PgServer pg;
        VEIL_REQUIRE_SERVER(pg.start(), pg.error());
        QVERIFY2(pg.runScript("CREATE TABLE people (zip text, age integer, joined date, income numeric);"
                              "INSERT INTO people VALUES ('03097', 34, '2020-01-05', 51000.50),"
                              "  ('10115', NULL, '2021-03-01', 42000.25), ('03097', 61, NULL, NULL);"
                              "CREATE SCHEMA hr; CREATE VIEW hr.older AS SELECT zip, age FROM people WHERE age > 40;"),
                 pg.output().constData());
        const std::string base = "postgresql://veil@127.0.0.1:" + std::to_string(pg.port()) + "/postgres";
        auto r = readTable(base + "?table=people");
        QVERIFY2(r, r.status().message().c_str());
        const Table& t = r->table;
        QCOMPARE(t.rowCount(), std::size_t(3));
        std::string scratch;
        QVERIFY(!isNumericType(t.column(0).type()));
        QCOMPARE(std::string(t.column(0).originalText(0, scratch)), std::string("03097"));
        QCOMPARE(t.column(1).type(), ColumnType::Integer);
        QVERIFY(t.column(1).isMissing(1));
        QCOMPARE(t.column(2).type(), ColumnType::Date);
        QCOMPARE(t.column(3).type(), ColumnType::Real);
        QCOMPARE(std::string(t.column(3).originalText(0, scratch)), std::string("51000.50"));  // as the server wrote it
        auto view = readTable(base + "?table=hr.older");
        QVERIFY2(view, view.status().message().c_str());
        QCOMPARE(view->table.rowCount(), std::size_t(1));
        auto query = readTable(base + "?query=SELECT%20zip,%20count(*)%20AS%20n%20FROM%20people%20GROUP%20BY%20zip");
        QVERIFY2(query, query.status().message().c_str());
        QCOMPARE(query->table.rowCount(), std::size_t(2));

        auto missing = readTable(base + "?table=nobody");
        QVERIFY(!missing);
        QVERIFY2(
            missing.status().message().find("no table or view 'nobody' (there: hr.older, people)") != std::string::npos,
            missing.status().message().c_str());
        auto write = readTable(base + "?query=DELETE%20FROM%20people");
        QVERIFY(!write);
        QVERIFY2(write.status().message().find("read-only") != std::string::npos, write.status().message().c_str());
        auto two = readTable(base + "?query=SELECT%201;%20SELECT%202");
        QVERIFY(!two);
        auto refused = readTable("postgresql://veil:s3cret@127.0.0.1:1/postgres?table=people");
        QVERIFY(!refused);
        QVERIFY2(refused.status().message().find("cannot connect") != std::string::npos,
                 refused.status().message().c_str());
        QVERIFY(refused.status().message().find("s3cret") == std::string::npos);
        QVERIFY(refused.status().message().find("veil:***@") != std::string::npos);
        auto inParameter = readTable("postgresql://veil@127.0.0.1:1/postgres?password=s3cret&table=people");
        QVERIFY(!inParameter);
        QVERIFY(inParameter.status().message().find("s3cret") == std::string::npos);
    }

    void csvPathsStillWork() {
        QVERIFY(!isDatabaseSource("data.csv"));
        QVERIFY(isDatabaseSource("sqlite:x.db?table=t"));
        auto r = readTable(VEIL_SAMPLES_DIR "/adult.csv");
        QVERIFY(r);
        QCOMPARE(r->table.rowCount(), std::size_t(30162));
    }

private:
    QTemporaryDir m_dir;
    std::string m_db;
};

QTEST_APPLESS_MAIN(TestTableSource)
#include "tst_table_source.moc"
