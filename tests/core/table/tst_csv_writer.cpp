// CSV writer: quoting, round trip through the reader, atomic replacement.
#include "veil/table/csv_reader.h"
#include "veil/table/csv_writer.h"

#include <QtTest>

#include <fstream>
#include <sstream>

using namespace veil;

class TestCsvWriter : public QObject {
    Q_OBJECT
private slots:
    void quotesWhereNeeded_data();
    void quotesWhereNeeded();
    void roundTrip();
    void writesAtomically();
    void failsCleanlyInMissingFolder();
};

void TestCsvWriter::quotesWhereNeeded_data() {
    QTest::addColumn<QString>("field");
    QTest::addColumn<QString>("expected");
    QTest::newRow("plain") << "abc"
                           << "abc";
    QTest::newRow("delimiter") << "a,b"
                               << "\"a,b\"";
    QTest::newRow("quote") << "say \"hi\""
                           << "\"say \"\"hi\"\"\"";
    QTest::newRow("newline") << "a\nb"
                             << "\"a\nb\"";
    QTest::newRow("leading space") << " a"
                                   << "\" a\"";
    QTest::newRow("empty") << ""
                           << "";
}

void TestCsvWriter::quotesWhereNeeded() {
    QFETCH(QString, field);
    QFETCH(QString, expected);
    QCOMPARE(QString::fromStdString(quoteCsvField(field.toStdString(), ',')), expected);
}

void TestCsvWriter::roundTrip() {
    const std::string input =
        "id,name,score,when\n1,\"Doe, Jane\",2.5,2020-01-31\n2,\"multi\nline\",,1999-12-31\n3,plain,-1e-3,\n";
    auto r = parseCsv(input, "in.csv");
    QVERIFY2(r.isOk(), r.status().message().c_str());
    std::ostringstream out;
    writeCsv(r->table, out);
    auto again = parseCsv(out.str(), "out.csv");
    QVERIFY2(again.isOk(), again.status().message().c_str());
    QCOMPARE(again->table.rowCount(), r->table.rowCount());
    for (std::size_t c = 0; c < r->table.columnCount(); ++c) {
        QCOMPARE(again->table.column(c).type(), r->table.column(c).type());
        for (std::size_t i = 0; i < r->table.rowCount(); ++i)
            QCOMPARE(QString::fromStdString(again->table.column(c).toString(i)),
                     QString::fromStdString(r->table.column(c).toString(i)));
    }
    // The file's own spelling is kept (lossless); the value is the number it spells.
    QCOMPARE(QString::fromStdString(again->table.column(2).toString(2)), QString("-1e-3"));
    QCOMPARE(again->table.column(2).realAt(2), -0.001);
}

void TestCsvWriter::writesAtomically() {
    QTemporaryDir dir;
    const std::string path = dir.filePath("out.csv").toStdString();
    {
        std::ofstream old(path);
        old << "old contents\n";
    }
    auto r = parseCsv("a\n1\n2\n", "t.csv");
    QVERIFY(r.isOk());
    QVERIFY(writeCsvFile(r->table, path).isOk());
    std::ifstream in(path);
    std::stringstream ss;
    ss << in.rdbuf();
    QCOMPARE(QString::fromStdString(ss.str()), QString("a\n1\n2\n"));
    // No temporary files are left behind.
    QCOMPARE(QDir(dir.path()).entryList(QDir::Files | QDir::Hidden).size(), 1);
}

void TestCsvWriter::failsCleanlyInMissingFolder() {
    auto r = parseCsv("a\n1\n", "t.csv");
    QVERIFY(r.isOk());
    const Status s = writeCsvFile(r->table, "/nonexistent-folder-veil/x.csv");
    QVERIFY(!s.isOk());
    QCOMPARE(s.code(), StatusCode::IoError);
    QVERIFY(QString::fromStdString(s.message()).contains("does not exist"));
}

QTEST_APPLESS_MAIN(TestCsvWriter)
#include "tst_csv_writer.moc"
