// CSV reader: quoting, embedded newlines, BOM, CRLF, delimiters, ragged rows, empty files, type
// inference edge cases, and the adult sample. Expected values are written out by hand.
#include "veil/table/csv_reader.h"

#include <QtTest>

using namespace veil;

Q_DECLARE_METATYPE(veil::ColumnType)

class TestCsvReader : public QObject {
    Q_OBJECT
private slots:
    void parsesFields_data();
    void parsesFields();
    void rejectsBadInput_data();
    void rejectsBadInput();
    void infersTypes_data();
    void infersTypes();
    void detectsDelimiter_data();
    void detectsDelimiter();
    void missingValues();
    void headerOnlyWarns();
    void typeOverride();
    void unknownOverrideColumn();
    void demotesDiverseStringsToText();
    void duplicateHeaderNamesRenamed();
    void readsAdultSample();
    void cancels();
    void progressGoesFromZeroToOne();
};

// Each row: input, expected number of rows, expected cells of the last column joined by '|'.
void TestCsvReader::parsesFields_data() {
    QTest::addColumn<QByteArray>("input");
    QTest::addColumn<int>("rows");
    QTest::addColumn<QString>("lastColumn");
    QTest::newRow("simple LF") << QByteArray("a,b\n1,x\n2,y\n") << 2 << "x|y";
    QTest::newRow("CRLF") << QByteArray("a,b\r\n1,x\r\n2,y\r\n") << 2 << "x|y";
    QTest::newRow("lone CR") << QByteArray("a,b\r1,x\r2,y\r") << 2 << "x|y";
    QTest::newRow("no trailing newline") << QByteArray("a,b\n1,x\n2,y") << 2 << "x|y";
    QTest::newRow("BOM") << QByteArray(
                                "\xEF\xBB\xBF"
                                "a,b\n1,x\n")
                         << 1 << "x";
    QTest::newRow("quoted delimiter") << QByteArray("a,b\n1,\"x,y\"\n") << 1 << "x,y";
    QTest::newRow("doubled quotes") << QByteArray("a,b\n1,\"say \"\"hi\"\"\"\n") << 1 << "say \"hi\"";
    QTest::newRow("embedded LF") << QByteArray("a,b\n1,\"two\nlines\"\n2,z\n") << 2 << "two\nlines|z";
    QTest::newRow("embedded CRLF") << QByteArray("a,b\r\n1,\"two\r\nlines\"\r\n") << 1 << "two\r\nlines";
    QTest::newRow("empty quoted is missing") << QByteArray("a,b\n1,\"\"\n2,q\n") << 2 << "|q";
    QTest::newRow("blank lines skipped") << QByteArray("a,b\n\n1,x\n\n2,y\n\n") << 2 << "x|y";
    QTest::newRow("UTF-8 text") << QByteArray("a;b\n1;Zürich\n2;東京\n") << 2 << "Zürich|東京";
    QTest::newRow("semicolon") << QByteArray("a;b\n1;x,y\n") << 1 << "x,y";
    QTest::newRow("tab") << QByteArray("a\tb\n1\tx y\n") << 1 << "x y";
}

void TestCsvReader::parsesFields() {
    QFETCH(QByteArray, input);
    QFETCH(int, rows);
    QFETCH(QString, lastColumn);
    auto r = parseCsv(std::string_view(input.constData(), std::size_t(input.size())), "t.csv");
    QVERIFY2(r.isOk(), r.status().message().c_str());
    const Table& t = r->table;
    QCOMPARE(int(t.rowCount()), rows);
    QCOMPARE(int(t.columnCount()), 2);
    QStringList cells;
    for (std::size_t i = 0; i < t.rowCount(); ++i) cells << QString::fromStdString(t.column(1).toString(i));
    QCOMPARE(cells.join('|'), lastColumn);
}

// Each row: input, the start of the expected message.
void TestCsvReader::rejectsBadInput_data() {
    QTest::addColumn<QByteArray>("input");
    QTest::addColumn<QString>("message");
    QTest::newRow("empty file") << QByteArray("") << "t.csv: the file is empty";
    QTest::newRow("only whitespace") << QByteArray(" \n\r\n") << "t.csv: the file is empty";
    QTest::newRow("only BOM") << QByteArray("\xEF\xBB\xBF") << "t.csv: the file is empty";
    QTest::newRow("ragged short row") << QByteArray("a,b,c\n1,2,3\n4,5\n") << "t.csv:3: 2 fields, expected 3";
    QTest::newRow("ragged long row") << QByteArray("a,b\n1,2\n3,4\n5,6,7\n") << "t.csv:4: 3 fields, expected 2";
    QTest::newRow("ragged after embedded newline")
        << QByteArray("a,b\n1,\"x\ny\"\n2\n") << "t.csv:4: 1 field, expected 2";
    QTest::newRow("unterminated quote") << QByteArray("a,b\n1,\"open\n2,3\n") << "t.csv:2:3: unterminated quoted field";
    QTest::newRow("junk after quote") << QByteArray("a,b\n1,\"x\"y\n") << "t.csv:2:6: unexpected character 'y'";
    QTest::newRow("invalid UTF-8") << QByteArray("a,b\n1,ok\n2,\xff\xfe\n") << "t.csv:3:3: invalid UTF-8 (byte 0xff)";
    QTest::newRow("overlong UTF-8") << QByteArray("a,b\n1,\xc0\xaf\n") << "t.csv:2:3: invalid UTF-8 (byte 0xc0)";
    QTest::newRow("truncated UTF-8") << QByteArray("a,b\n1,\xe6\x9d") << "t.csv:2:3: invalid UTF-8 (byte 0xe6)";
}

void TestCsvReader::rejectsBadInput() {
    QFETCH(QByteArray, input);
    QFETCH(QString, message);
    auto r = parseCsv(std::string_view(input.constData(), std::size_t(input.size())), "t.csv");
    QVERIFY(!r.isOk());
    const QString got = QString::fromStdString(r.status().message());
    QVERIFY2(got.startsWith(message), qPrintable("got: " + got));
    QCOMPARE(r.status().code(), StatusCode::ParseError);
}

void TestCsvReader::infersTypes_data() {
    QTest::addColumn<QByteArray>("values");  // one value per line, after a header "v"
    QTest::addColumn<ColumnType>("type");
    QTest::newRow("integers") << QByteArray("1\n-2\n+3\n") << ColumnType::Integer;
    QTest::newRow("int64 max") << QByteArray("9223372036854775807\n-9223372036854775808\n") << ColumnType::Integer;
    QTest::newRow("int overflow is real") << QByteArray("9223372036854775808\n1\n") << ColumnType::Real;
    QTest::newRow("reals") << QByteArray("1.5\n2\n-3e2\n") << ColumnType::Real;
    QTest::newRow("integers with missing") << QByteArray("1\n\nNA\n4\n") << ColumnType::Integer;
    QTest::newRow("dates") << QByteArray("2024-02-29\n1999-12-31\n") << ColumnType::Date;
    QTest::newRow("invalid date is a string")
        << QByteArray("2023-02-29\n2023-02-28\n2023-02-29\n2023-02-28\n") << ColumnType::Categorical;
    QTest::newRow("mixed number and word") << QByteArray("1\ntwo\n1\ntwo\n") << ColumnType::Categorical;
    QTest::newRow("inf is not a number") << QByteArray("inf\n1\ninf\n1\n") << ColumnType::Categorical;
    QTest::newRow("all missing") << QByteArray("\nNA\n") << ColumnType::Categorical;
    // Codes (ZIP, FIPS, IDs) keep their zeros: a leading zero makes a column a code (issue 15).
    QTest::newRow("leading zeros are a code") << QByteArray("00123\n00456\n00123\n00456\n") << ColumnType::Categorical;
    QTest::newRow("one leading zero is enough") << QByteArray("12\n034\n12\n034\n") << ColumnType::Categorical;
    QTest::newRow("zero itself is a number") << QByteArray("0\n10\n0.5\n") << ColumnType::Real;
    QTest::newRow("decimal comma is text-like")
        << QByteArray("\"1,5\"\n\"2,5\"\n\"1,5\"\n\"2,5\"\n") << ColumnType::Categorical;
}

void TestCsvReader::infersTypes() {
    QFETCH(QByteArray, values);
    QFETCH(ColumnType, type);
    const QByteArray input = "v\n" + values;
    CsvReadOptions options;
    options.delimiter = ',';
    auto r = parseCsv(std::string_view(input.constData(), std::size_t(input.size())), "t.csv", options);
    QVERIFY2(r.isOk(), r.status().message().c_str());
    QCOMPARE(QString(columnTypeName(r->table.column(0).type())), QString(columnTypeName(type)));
}

void TestCsvReader::detectsDelimiter_data() {
    QTest::addColumn<QByteArray>("input");
    QTest::addColumn<char>("delimiter");
    QTest::newRow("comma") << QByteArray("a,b,c\n1,2,3\n") << ',';
    QTest::newRow("semicolon with commas in text") << QByteArray("a;b\n1,5;x,y\n2,5;z\n") << ';';
    QTest::newRow("tab") << QByteArray("a\tb\n1\t2\n") << '\t';
    QTest::newRow("pipe") << QByteArray("a|b|c\n1|2|3\n") << '|';
    QTest::newRow("quoted commas ignored") << QByteArray("a;b\n\"x,y,z\";1\n\"p,q\";2\n") << ';';
    QTest::newRow("single column") << QByteArray("a\n1\n2\n") << ',';
}

void TestCsvReader::detectsDelimiter() {
    QFETCH(QByteArray, input);
    QFETCH(char, delimiter);
    QCOMPARE(detectDelimiter(std::string_view(input.constData(), std::size_t(input.size()))), delimiter);
}

void TestCsvReader::missingValues() {
    const std::string input = "a,b\n1,x\n,NA\n3,?\nNULL,y\n";
    auto r = parseCsv(input, "t.csv");
    QVERIFY(r.isOk());
    const Column& a = r->table.column(0);
    const Column& b = r->table.column(1);
    QCOMPARE(a.type(), ColumnType::Integer);
    QCOMPARE(int(a.missingCount()), 2);
    QVERIFY(a.isMissing(1));
    QVERIFY(a.isMissing(3));
    QCOMPARE(a.integerAt(2), std::int64_t(3));
    QCOMPARE(int(b.missingCount()), 2);
    QVERIFY(std::isnan(a.numericAt(1)));
}

void TestCsvReader::headerOnlyWarns() {
    auto r = parseCsv("a,b,c\r\n", "h.csv");
    QVERIFY(r.isOk());
    QCOMPARE(int(r->table.rowCount()), 0);
    QCOMPARE(int(r->table.columnCount()), 3);
    QCOMPARE(int(r->warnings.size()), 1);
    QCOMPARE(QString::fromStdString(r->warnings[0]), QString("h.csv: the file has a header but no records"));
}

void TestCsvReader::typeOverride() {
    CsvReadOptions o;
    o.typeOverrides["zip"] = ColumnType::Categorical;
    o.typeOverrides["n"] = ColumnType::Integer;
    auto r = parseCsv("zip,n\n53715,1\n53703,x\n", "t.csv", o);
    QVERIFY(r.isOk());
    QCOMPARE(r->table.column(0).type(), ColumnType::Categorical);
    QCOMPARE(QString::fromStdString(r->table.column(0).toString(1)), QString("53703"));
    QCOMPARE(r->table.column(1).type(), ColumnType::Integer);
    QVERIFY(r->table.column(1).isMissing(1));
    QCOMPARE(int(r->warnings.size()), 1);
    QVERIFY(QString::fromStdString(r->warnings[0]).startsWith("t.csv:3: column 'n': 1 value(s) are not integer"));

    // The same warning where the column has too many distinct values to intern (built by a second
    // pass) and the bad values follow a blank line and a quoted line break: the first is on line 9,005.
    CsvReadOptions integers;
    integers.typeOverrides["n"] = ColumnType::Integer;
    std::string big = "n,note\n";
    for (int i = 0; i < 9000; ++i) big += std::to_string(i) + ",a\n";
    big += "\n9000,\"two\nlines\"\nx,b\n9001,c\ny,d\n";
    auto many = parseCsv(big, "t.csv", integers);
    QVERIFY(many.isOk());
    QCOMPARE(many->table.rowCount(), std::size_t(9004));
    QCOMPARE(int(many->warnings.size()), 2);
    QCOMPARE(QString::fromStdString(many->warnings[1]),
             QString("t.csv:9005: column 'n': 2 value(s) are not integer and were read as missing"));
}

void TestCsvReader::unknownOverrideColumn() {
    CsvReadOptions o;
    o.typeOverrides["nope"] = ColumnType::Text;
    auto r = parseCsv("a\n1\n", "t.csv", o);
    QVERIFY(!r.isOk());
    QCOMPARE(r.status().code(), StatusCode::NotFound);
}

void TestCsvReader::demotesDiverseStringsToText() {
    std::string input = "name,group\n";
    for (int i = 0; i < 100; ++i) input += "person" + std::to_string(i) + "," + (i % 2 ? "odd" : "even") + "\n";
    auto r = parseCsv(input, "t.csv");
    QVERIFY(r.isOk());
    QCOMPARE(r->table.column(0).type(), ColumnType::Text);
    QCOMPARE(QString::fromStdString(r->table.column(0).toString(42)), QString("person42"));
    QCOMPARE(r->table.column(1).type(), ColumnType::Categorical);
    QCOMPARE(int(r->table.column(1).dictionary().size()), 2);
}

void TestCsvReader::duplicateHeaderNamesRenamed() {
    auto r = parseCsv("x,x,\n1,2,3\n", "t.csv");
    QVERIFY(r.isOk());
    const auto names = r->table.columnNames();
    QCOMPARE(QString::fromStdString(names[0]), QString("x"));
    QCOMPARE(QString::fromStdString(names[1]), QString("x_2"));
    QCOMPARE(QString::fromStdString(names[2]), QString("column_3"));
}

void TestCsvReader::readsAdultSample() {
    auto r = readCsvFile(VEIL_SAMPLES_DIR "/adult.csv");
    QVERIFY2(r.isOk(), r.status().message().c_str());
    const Table& t = r->table;
    QCOMPARE(r->delimiter, ';');
    QCOMPARE(int(t.rowCount()), 30162);  // SOURCE.md: 30,163 lines = header + 30,162 records
    QCOMPARE(int(t.columnCount()), 9);
    QCOMPARE(QString::fromStdString(t.column(1).name()), QString("age"));
    QCOMPARE(t.column(1).type(), ColumnType::Integer);
    QCOMPARE(t.column(0).type(), ColumnType::Categorical);
    QCOMPARE(int(t.column(0).dictionary().size()), 2);   // sex
    QCOMPARE(int(t.column(5).dictionary().size()), 41);  // native-country
    QVERIFY(r->warnings.empty());
}

void TestCsvReader::cancels() {
    std::string input = "a,b\n";
    for (int i = 0; i < 200000; ++i) input += std::to_string(i) + ",x\n";
    CancelToken token;
    token.cancel();
    RunContext ctx;
    ctx.cancel = &token;
    auto r = parseCsv(input, "big.csv", {}, ctx);
    QVERIFY(!r.isOk());
    QCOMPARE(r.status().code(), StatusCode::Cancelled);
}

void TestCsvReader::progressGoesFromZeroToOne() {
    std::string input = "a,b\n";
    for (int i = 0; i < 100000; ++i) input += std::to_string(i) + ",x\n";
    std::vector<double> seen;
    FunctionProgressSink sink([&](double f, std::string_view) { seen.push_back(f); });
    RunContext ctx;
    ctx.progress = &sink;
    auto r = parseCsv(input, "p.csv", {}, ctx);
    QVERIFY(r.isOk());
    QVERIFY(seen.size() >= 3);
    QVERIFY(seen.size() <= 250);
    QCOMPARE(seen.front(), 0.0);
    QCOMPARE(seen.back(), 1.0);
    QVERIFY(std::is_sorted(seen.begin(), seen.end()));
}

QTEST_APPLESS_MAIN(TestCsvReader)
#include "tst_csv_reader.moc"
