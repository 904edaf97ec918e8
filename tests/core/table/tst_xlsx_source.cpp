// Tables from .xlsx workbooks written here member by member (libzip): shared and inline strings,
// numbers kept as stored, date-styled serials as ISO dates (Excel serial 43831 = 2020-01-01),
// booleans, missing cells, a named sheet, and errors naming the sheets there.
#include "veil/table/table_source.h"

#include <QTemporaryDir>
#include <QtTest/QtTest>

#include <zip.h>

using namespace veil;

namespace {

bool add(zip_t* z, const char* name, const std::string& text) {
    char* copy = static_cast<char*>(std::malloc(text.size()));
    std::memcpy(copy, text.data(), text.size());
    zip_source_t* s = zip_source_buffer(z, copy, text.size(), 1);
    return s && zip_file_add(z, name, s, ZIP_FL_OVERWRITE) >= 0;
}

const char* kNs =
    "xmlns=\"http://schemas.openxmlformats.org/spreadsheetml/2006/main\" "
    "xmlns:r=\"http://schemas.openxmlformats.org/officeDocument/2006/relationships\"";

}  // namespace

class TestXlsxSource : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase() {
        QVERIFY(m_dir.isValid());
        m_book = m_dir.filePath(QStringLiteral("survey.xlsx")).toStdString();
        int error = 0;
        zip_t* z = zip_open(m_book.c_str(), ZIP_CREATE | ZIP_TRUNCATE, &error);
        QVERIFY(z);
        const std::string ns = kNs;
        QVERIFY(add(z, "xl/workbook.xml",
                    "<workbook " + ns +
                        "><sheets><sheet name=\"Data\" sheetId=\"1\" r:id=\"rId1\"/>"
                        "<sheet name=\"Other\" sheetId=\"2\" r:id=\"rId2\"/></sheets></workbook>"));
        QVERIFY(add(z, "xl/_rels/workbook.xml.rels",
                    "<Relationships xmlns=\"http://schemas.openxmlformats.org/package/2006/relationships\">"
                    "<Relationship Id=\"rId1\" Target=\"worksheets/sheet1.xml\"/>"
                    "<Relationship Id=\"rId2\" Target=\"worksheets/sheet2.xml\"/></Relationships>"));
        QVERIFY(add(z, "xl/sharedStrings.xml",
                    "<sst " + ns +
                        "><si><t>zip</t></si><si><t>age</t></si><si><t>joined</t></si>"
                        "<si><t>note</t></si><si><t>03097</t></si><si><r><t>101</t></r><r><t>15</t></r></si></sst>"));
        QVERIFY(
            add(z, "xl/styles.xml",
                "<styleSheet " + ns + "><cellXfs><xf numFmtId=\"0\"/><xf numFmtId=\"14\"/></cellXfs></styleSheet>"));
        QVERIFY(add(z, "xl/worksheets/sheet1.xml",
                    "<worksheet " + ns +
                        "><sheetData>"
                        "<row r=\"1\"><c r=\"A1\" t=\"s\"><v>0</v></c><c r=\"B1\" t=\"s\"><v>1</v></c>"
                        "<c r=\"C1\" t=\"s\"><v>2</v></c><c r=\"D1\" t=\"s\"><v>3</v></c></row>"
                        "<row r=\"2\"><c r=\"A2\" t=\"s\"><v>4</v></c><c r=\"B2\"><v>34</v></c>"
                        "<c r=\"C2\" s=\"1\"><v>43831</v></c><c r=\"D2\" t=\"inlineStr\"><is><t>hi</t></is></c></row>"
                        "<row r=\"3\"><c r=\"A3\" t=\"s\"><v>5</v></c>"
                        "<c r=\"C3\" s=\"1\"><v>44197</v></c><c r=\"D3\" t=\"b\"><v>1</v></c></row>"
                        "</sheetData></worksheet>"));
        QVERIFY(add(z, "xl/worksheets/sheet2.xml",
                    "<worksheet " + ns +
                        "><sheetData><row r=\"1\"><c r=\"A1\" t=\"inlineStr\"><is><t>x</t></is></c>"
                        "</row><row r=\"2\"><c r=\"A2\"><v>1.5</v></c></row></sheetData></worksheet>"));
        QCOMPARE(zip_close(z), 0);
    }

    void readsTheFirstSheet() {
        QVERIFY(isSpreadsheet(m_book));
        auto r = readTable(m_book);
        QVERIFY2(r, r.status().message().c_str());
        const Table& t = r->table;
        QCOMPARE(t.columnCount(), std::size_t(4));
        QCOMPARE(t.rowCount(), std::size_t(2));
        QCOMPARE(t.column(0).name(), std::string("zip"));
        std::string scratch;
        QVERIFY(!isNumericType(t.column(0).type()));
        QCOMPARE(std::string(t.column(0).originalText(0, scratch)), std::string("03097"));
        QCOMPARE(std::string(t.column(0).originalText(1, scratch)), std::string("10115"));  // rich text runs joined
        QCOMPARE(t.column(1).type(), ColumnType::Integer);
        QVERIFY(t.column(1).isMissing(1));  // no cell
        QCOMPARE(t.column(2).type(), ColumnType::Date);
        QCOMPARE(std::string(t.column(2).originalText(0, scratch)), std::string("2020-01-01"));
        QCOMPARE(std::string(t.column(2).originalText(1, scratch)), std::string("2021-01-01"));
        QCOMPARE(std::string(t.column(3).originalText(1, scratch)), std::string("TRUE"));
    }

    void readsANamedSheet() {
        auto r = readTable(m_book + "?sheet=Other");
        QVERIFY2(r, r.status().message().c_str());
        QCOMPARE(r->table.column(0).name(), std::string("x"));
        QCOMPARE(r->table.column(0).type(), ColumnType::Real);
    }

    void namesWhatIsWrong() {
        auto missing = readTable(m_book + "?sheet=Nope");
        QVERIFY(!missing);
        QVERIFY2(missing.status().message().find("no sheet 'Nope' (sheets: Data, Other)") != std::string::npos,
                 missing.status().message().c_str());
        const std::string fake = m_dir.filePath(QStringLiteral("fake.xlsx")).toStdString();
        QFile f(QString::fromStdString(fake));
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write("not a zip");
        f.close();
        auto bad = readTable(fake);
        QVERIFY(!bad);
        QVERIFY2(bad.status().message().find("cannot open the spreadsheet") != std::string::npos,
                 bad.status().message().c_str());
        QVERIFY(!readTable(m_book + "?tab=Data"));
    }

    // A blank cell that only carries a style is missing and adds no column; a row the file skips
    // (r=3) is a row of missing cells; a repeated header is renamed with a warning; "NA" is a
    // missing token as in a CSV.
    void blanksGapsAndRepeatedNames() {
        const std::string book = m_dir.filePath(QStringLiteral("gaps.xlsx")).toStdString();
        int error = 0;
        zip_t* z = zip_open(book.c_str(), ZIP_CREATE | ZIP_TRUNCATE, &error);
        QVERIFY(z);
        const std::string ns = kNs;
        QVERIFY(
            add(z, "xl/workbook.xml",
                "<workbook " + ns + "><sheets><sheet name=\"S\" sheetId=\"1\" r:id=\"rId1\"/></sheets></workbook>"));
        QVERIFY(add(z, "xl/_rels/workbook.xml.rels",
                    "<Relationships xmlns=\"http://schemas.openxmlformats.org/package/2006/relationships\">"
                    "<Relationship Id=\"rId1\" Target=\"worksheets/sheet1.xml\"/></Relationships>"));
        QVERIFY(add(z, "xl/worksheets/sheet1.xml",
                    "<worksheet " + ns +
                        "><sheetData>"
                        "<row r=\"1\"><c r=\"A1\" t=\"inlineStr\"><is><t>a</t></is></c>"
                        "<c r=\"B1\" t=\"inlineStr\"><is><t>a</t></is></c><c r=\"C1\" s=\"1\"/></row>"
                        "<row r=\"2\"><c r=\"A2\"><v>1</v></c><c r=\"B2\" t=\"inlineStr\"><is><t>NA</t></is></c></row>"
                        "<row r=\"4\"><c r=\"A4\"><v>3</v></c><c r=\"B4\" s=\"1\"/></row>"
                        "</sheetData></worksheet>"));
        QCOMPARE(zip_close(z), 0);
        auto r = readTable(book);
        QVERIFY2(r, r.status().message().c_str());
        const Table& t = r->table;
        QCOMPARE(t.columnCount(), std::size_t(2));
        QCOMPARE(t.column(1).name(), std::string("a_2"));
        QVERIFY(!r->warnings.empty() && r->warnings.front().find("duplicate column name 'a'") != std::string::npos);
        QCOMPARE(t.rowCount(), std::size_t(3));
        QCOMPARE(t.column(0).type(), ColumnType::Integer);
        QVERIFY(t.column(0).isMissing(1));  // the skipped row 3
        QCOMPARE(t.column(0).integerAt(2), std::int64_t(3));
        std::string scratch;
        QVERIFY(t.column(1).isMissing(0));
        QCOMPARE(std::string(t.column(1).originalText(0, scratch)), std::string("NA"));
        QVERIFY(t.column(1).isMissing(2));  // the styled blank
    }

private:
    QTemporaryDir m_dir;
    std::string m_book;
};

QTEST_APPLESS_MAIN(TestXlsxSource)
#include "tst_xlsx_source.moc"
