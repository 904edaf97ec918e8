// Tables from .ods spreadsheets written here (libzip): strings, numbers kept as office:value,
// dates as ISO, booleans, empty cells, repeated cells and rows capped at the sheet's real extent
// (an editor's trailing 1,048,000 blank rows and 1,000 blank columns), a named sheet, and errors
// naming the sheets there.
#include "veil/table/table_source.h"

#include "../../support/ods_writer.h"

#include <QTemporaryDir>
#include <QtTest/QtTest>

using namespace veil;

namespace {

std::string text(const char* s) {
    return std::string("<table:table-cell><text:p>") + s + "</text:p></table:table-cell>";
}
std::string number(const char* v, const char* shown) {
    return std::string("<table:table-cell office:value-type=\"float\" office:value=\"") + v + "\"><text:p>" + shown +
           "</text:p></table:table-cell>";
}
std::string date(const char* v) {
    return std::string("<table:table-cell office:value-type=\"date\" office:date-value=\"") + v +
           "\"><text:p>whatever</text:p></table:table-cell>";
}

}  // namespace

class TestOdsSource : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase() {
        QVERIFY(m_dir.isValid());
        m_book = m_dir.filePath(QStringLiteral("survey.ods")).toStdString();
        const std::string blank = "<table:table-cell table:number-columns-repeated=\"1000\"/>";
        const std::string data =
            "<table:table table:name=\"Data\"><table:table-column table:number-columns-repeated=\"1024\"/>"
            "<table:table-header-rows><table:table-row>" +
            text("zip") + text("age") + text("joined") + text("note") + blank +
            "</table:table-row></table:table-header-rows>"
            "<table:table-row>" +
            text("03097") + number("34", "34.00") + date("2020-01-01") +
            "<table:table-cell office:value-type=\"boolean\" office:boolean-value=\"true\"><text:p>TRUE</text:p>"
            "</table:table-cell>" +
            blank + "</table:table-row><table:table-row table:number-rows-repeated=\"2\">" + text("10115") +
            "<table:table-cell/>" + date("2021-01-01T00:00:00") + text("a<text:s text:c=\"2\"/>b") + blank +
            "</table:table-row><table:table-row table:number-rows-repeated=\"1048000\">" + blank +
            "</table:table-row></table:table>";
        const std::string other = "<table:table table:name=\"Other\"><table:table-row>" + text("x") +
                                  "</table:table-row><table:table-row>" + number("1.5", "1,50") +
                                  "</table:table-row></table:table>"
                                  "<table:table table:name=\"Empty\"><table:table-row>" +
                                  blank + "</table:table-row></table:table>";
        QVERIFY(testing::writeOds(m_book, data + other));
    }

    void readsTheFirstSheet() {
        QVERIFY(isSpreadsheet(m_book));
        auto r = readTable(m_book);
        QVERIFY2(r, r.status().message().c_str());
        const Table& t = r->table;
        QCOMPARE(t.columnCount(), std::size_t(4));
        QCOMPARE(t.rowCount(), std::size_t(3));  // repeated row twice; the blank rows dropped
        QCOMPARE(t.column(0).name(), std::string("zip"));
        std::string scratch;
        QVERIFY(!isNumericType(t.column(0).type()));
        QCOMPARE(std::string(t.column(0).originalText(0, scratch)), std::string("03097"));
        QCOMPARE(std::string(t.column(0).originalText(2, scratch)), std::string("10115"));
        QCOMPARE(t.column(1).type(), ColumnType::Integer);
        QCOMPARE(std::string(t.column(1).originalText(0, scratch)), std::string("34"));  // office:value, not 34.00
        QVERIFY(t.column(1).isMissing(1));
        QCOMPARE(t.column(2).type(), ColumnType::Date);
        QCOMPARE(std::string(t.column(2).originalText(0, scratch)), std::string("2020-01-01"));
        QCOMPARE(std::string(t.column(2).originalText(1, scratch)), std::string("2021-01-01"));
        QCOMPARE(std::string(t.column(3).originalText(0, scratch)), std::string("TRUE"));
        QCOMPARE(std::string(t.column(3).originalText(1, scratch)), std::string("a  b"));  // text:s c=2
    }

    void readsANamedSheet() {
        auto r = readTable(m_book + "?sheet=Other");
        QVERIFY2(r, r.status().message().c_str());
        QCOMPARE(r->table.columnCount(), std::size_t(1));
        QCOMPARE(r->table.column(0).name(), std::string("x"));
        QCOMPARE(r->table.column(0).type(), ColumnType::Real);
        std::string scratch;
        QCOMPARE(std::string(r->table.column(0).originalText(0, scratch)), std::string("1.5"));
    }

    void namesWhatIsWrong_data() {
        QTest::addColumn<QString>("suffix");
        QTest::addColumn<QString>("expected");
        QTest::newRow("no such sheet") << QStringLiteral("?sheet=Nope")
                                       << QStringLiteral("no sheet 'Nope' (sheets: Data, Other, Empty)");
        QTest::newRow("empty sheet") << QStringLiteral("?sheet=Empty") << QStringLiteral("the sheet is empty");
        QTest::newRow("unknown parameter") << QStringLiteral("?tab=Data") << QStringLiteral("unknown parameter");
    }
    void namesWhatIsWrong() {
        QFETCH(QString, suffix);
        QFETCH(QString, expected);
        auto r = readTable(m_book + suffix.toStdString());
        QVERIFY(!r);
        QVERIFY2(r.status().message().find(expected.toStdString()) != std::string::npos, r.status().message().c_str());
    }

    void refusesAFileThatIsNotAZip() {
        const std::string fake = m_dir.filePath(QStringLiteral("fake.ods")).toStdString();
        QFile f(QString::fromStdString(fake));
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write("not a zip");
        f.close();
        auto bad = readTable(fake);
        QVERIFY(!bad);
        QVERIFY2(bad.status().message().find("cannot open the spreadsheet") != std::string::npos,
                 bad.status().message().c_str());
    }

private:
    QTemporaryDir m_dir;
    std::string m_book;
};

QTEST_APPLESS_MAIN(TestOdsSource)
#include "tst_ods_source.moc"
