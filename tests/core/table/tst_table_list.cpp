// listTables on a SQLite file made here (tables and views, sorted, sqlite_ internals left out),
// its errors, and the two password helpers: redacted for display, removed for storage.
#include "veil/table/table_source.h"

#include <QTemporaryDir>
#include <QtTest/QtTest>

#include <sqlite3.h>

using namespace veil;

class TestTableList : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void listsTablesAndViews() {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const std::string path = dir.filePath(QStringLiteral("db.sqlite")).toStdString();
        sqlite3* db = nullptr;
        QCOMPARE(sqlite3_open(path.c_str(), &db), SQLITE_OK);
        QCOMPARE(sqlite3_exec(db,
                              "CREATE TABLE people(zip TEXT, age INTEGER); CREATE TABLE a_first(x); "
                              "CREATE VIEW adults AS SELECT * FROM people WHERE age >= 18; "
                              "CREATE TABLE t2(id INTEGER PRIMARY KEY AUTOINCREMENT);",
                              nullptr, nullptr, nullptr),
                 SQLITE_OK);
        sqlite3_close(db);
        auto names = listTables("sqlite:" + path);
        QVERIFY2(names, names.status().message().c_str());
        QCOMPARE(*names, (std::vector<std::string>{"a_first", "adults", "people", "t2"}));  // no sqlite_sequence
    }

    void refusesWhatIsNotADatabase_data() {
        QTest::addColumn<QString>("source");
        QTest::addColumn<QString>("expected");
        QTest::newRow("csv path") << QStringLiteral("data.csv") << QStringLiteral("not a database source");
        QTest::newRow("with a table") << QStringLiteral("sqlite:x.db?table=t") << QStringLiteral("table=");
        QTest::newRow("missing file") << QStringLiteral("sqlite:/no/such/dir/x.db")
                                      << QStringLiteral("cannot open the database");
    }
    void refusesWhatIsNotADatabase() {
        QFETCH(QString, source);
        QFETCH(QString, expected);
        auto names = listTables(source.toStdString());
        QVERIFY(!names);
        QVERIFY(!names.status().message().empty());
        QVERIFY2(QString::fromStdString(names.status().message()).contains(expected), names.status().message().c_str());
    }

    void passwords_data() {
        QTest::addColumn<QString>("source");
        QTest::addColumn<QString>("redacted");
        QTest::addColumn<QString>("removed");
        QTest::newRow("user:password@") << QStringLiteral("postgresql://ann:secret@host:5432/db?table=t")
                                        << QStringLiteral("postgresql://ann:***@host:5432/db?table=t")
                                        << QStringLiteral("postgresql://ann@host:5432/db?table=t");
        QTest::newRow("password= parameter") << QStringLiteral("postgresql://ann@host/db?password=secret&table=t")
                                             << QStringLiteral("postgresql://ann@host/db?password=***&table=t")
                                             << QStringLiteral("postgresql://ann@host/db?table=t");
        QTest::newRow("no password") << QStringLiteral("sqlite:/a/b.db?table=t")
                                     << QStringLiteral("sqlite:/a/b.db?table=t")
                                     << QStringLiteral("sqlite:/a/b.db?table=t");
    }
    void passwords() {
        QFETCH(QString, source);
        QFETCH(QString, redacted);
        QFETCH(QString, removed);
        QCOMPARE(QString::fromStdString(redactSourcePassword(source.toStdString())), redacted);
        QCOMPARE(QString::fromStdString(sourceWithoutPassword(source.toStdString())), removed);
    }
};

QTEST_APPLESS_MAIN(TestTableList)
#include "tst_table_list.moc"
