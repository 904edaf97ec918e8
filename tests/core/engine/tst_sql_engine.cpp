// The engine connection layer without a server: statements split at top-level ';' only (quotes,
// doubled quotes, backslash escapes in ClickHouse, identifiers and comments respected), URIs
// refused with messages that name what is wrong and never the password, base64 (RFC 4648 tests).
#include "engine/detail/http_client.h"
#include "veil/engine/sql_engine.h"

#include <QtTest>

using namespace veil::engine;

class TestSqlEngine : public QObject {
    Q_OBJECT
private slots:
    void splitsAtTopLevelSemicolons() {
        const auto s = splitSqlStatements(
            "-- a comment; with a semicolon\nCREATE TABLE \"a;b\" (x TEXT);\n"
            "INSERT INTO t VALUES ('it''s; fine'), ('x');;\n  \nSELECT `c;d` FROM t -- trailing; comment\n",
            false);
        QCOMPARE(s.size(), std::size_t(3));
        QCOMPARE(s[0], std::string("\nCREATE TABLE \"a;b\" (x TEXT)"));
        QCOMPARE(s[1], std::string("\nINSERT INTO t VALUES ('it''s; fine'), ('x')"));
        QCOMPARE(s[2], std::string("\n  \nSELECT `c;d` FROM t \n"));
    }
    void backslashEscapesOnlyWhereTheDialectHasThem() {
        // ClickHouse: 'a\';b' is one literal; in standard SQL the backslash is a plain character,
        // so the literal ends at \' and the ';' after it splits (the rest opens a new literal).
        const std::string sql = "SELECT 'a\\';b'; SELECT 2";
        QCOMPARE(splitSqlStatements(sql, true).size(), std::size_t(2));
        QCOMPARE(splitSqlStatements(sql, true)[0], std::string("SELECT 'a\\';b'"));
        QCOMPARE(splitSqlStatements(sql, false).at(0), std::string("SELECT 'a\\'"));
    }
    void refusesBadUris_data() {
        QTest::addColumn<QString>("uri");
        QTest::addColumn<QString>("expected");
        QTest::newRow("not an engine") << "sqlite:///x.db?table=t"
                                       << "is not an engine URI";
        QTest::newRow("clickhouse without table") << "clickhouse://ann:pw-secret@127.0.0.1:8123/db"
                                                  << "?table=NAME";
        QTest::newRow("postgresql without table") << "postgresql://ann:pw-secret@127.0.0.1:5432/db"
                                                  << "?table=NAME";
        QTest::newRow("bad port") << "clickhouse://ann:pw-secret@127.0.0.1:80x/db?table=t"
                                  << "is not a number from 1 to 65535";
        QTest::newRow("unknown parameter") << "clickhouse://127.0.0.1/db?table=t&password=pw-secret"
                                           << "unknown parameter 'password'";
        QTest::newRow("postgresql with a query") << "postgresql://127.0.0.1:1/db?query=SELECT%201"
                                                 << "runs the plan on a table";
        QTest::newRow("refused") << "clickhouse://ann:pw-secret@127.0.0.1:1/db?table=t"
                                 << "cannot connect";
        QTest::newRow("postgresql refused") << "postgresql://ann:pw-secret@127.0.0.1:1/db?table=t"
                                            << "cannot connect";
    }
    void refusesBadUris() {
        QFETCH(QString, uri);
        QFETCH(QString, expected);
        auto e = connectEngine(uri.toStdString());
        QVERIFY(!e);
        const QString message = QString::fromStdString(e.status().message());
        QVERIFY2(message.contains(expected), qPrintable(message));
        QVERIFY2(!message.contains(QStringLiteral("pw-secret")), qPrintable(message));
    }
    void base64() {  // RFC 4648, section 10
        using veil::engine::detail::base64;
        QCOMPARE(base64(""), std::string(""));
        QCOMPARE(base64("f"), std::string("Zg=="));
        QCOMPARE(base64("fo"), std::string("Zm8="));
        QCOMPARE(base64("foo"), std::string("Zm9v"));
        QCOMPARE(base64("foob"), std::string("Zm9vYg=="));
        QCOMPARE(base64("fooba"), std::string("Zm9vYmE="));
        QCOMPARE(base64("foobar"), std::string("Zm9vYmFy"));
    }
};

QTEST_GUILESS_MAIN(TestSqlEngine)
#include "tst_sql_engine.moc"
