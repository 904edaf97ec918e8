// The CSV tokenizer's plain fast path (CsvTokenizer::nextPlain) against its general reader
// (next): on every input, taking a record by nextPlain when it accepts and by next otherwise gives
// the same records, field values, line numbers, offsets, blank-line and stray-quote counts as next
// alone; nextPlain accepts exactly the records without quotes that have the expected number of
// fields, and consumes nothing when it refuses. Inputs: hand cases (CR, LF, CRLF, a last record
// without a line end, empty fields, blank lines, quotes in every position, short and long records,
// fields spanning the scanner's 64-byte blocks) and 3,000 random records built from those pieces.
#include "table/detail/csv_tokenizer.h"

#include <QtTest/QtTest>

#include <random>
#include <string>
#include <vector>

using namespace veil::detail;

namespace {

struct Read {
    std::vector<std::vector<std::string>> records;
    std::vector<std::size_t> lines, offsets;
    std::size_t blank = 0, stray = 0, strayLine = 0, plainRecords = 0;
    bool error = false;
    bool operator==(const Read&) const = default;
};

// Reads `data` expecting `n` fields a record; `usePlain`: nextPlain first, next when it refuses.
Read readAll(const std::string& data, std::size_t n, bool usePlain) {
    Read out;
    CsvTokenizer tok(data, ',');
    std::vector<CsvField> fields;
    std::vector<std::string_view> plain(n);
    std::string scratch;
    std::size_t line = 0;
    for (tok.skipBlankLines(); tok.offset() < data.size(); tok.skipBlankLines()) {
        const std::size_t before = tok.offset(), lineBefore = tok.line();
        std::vector<std::string> values;
        if (usePlain && tok.nextPlain(n, plain.data())) {
            ++out.plainRecords;
            for (const auto& v : plain) values.emplace_back(v);
            out.lines.push_back(lineBefore);
        } else {
            if (usePlain && (tok.offset() != before || tok.line() != lineBefore)) {
                out.error = true;  // a refusal consumed something
                return out;
            }
            if (!tok.next(fields, line)) break;
            for (const auto& f : fields) values.emplace_back(f.value(scratch));
            out.lines.push_back(line);
        }
        out.records.push_back(std::move(values));
        out.offsets.push_back(tok.offset());
    }
    out.error = out.error || tok.error() != nullptr;
    out.blank = tok.blankLines();
    out.stray = tok.strayQuotes();
    out.strayLine = tok.strayQuoteLine();
    return out;
}

}  // namespace

class TestCsvTokenizer : public QObject {
    Q_OBJECT
private slots:
    void plainPathReadsWhatNextReads_data() {
        QTest::addColumn<QString>("data");
        QTest::addColumn<int>("plain");  // records nextPlain accepts (3 fields each)
        QTest::newRow("lf") << "a,b,c\nd,e,f\n" << 2;
        QTest::newRow("crlf and cr") << "a,b,c\r\nd,e,f\rg,h,i\n" << 3;
        QTest::newRow("no final line end") << "a,b,c\nd,e,f" << 2;
        QTest::newRow("empty fields") << ",,\n,b,\n" << 2;
        QTest::newRow("blank lines") << "\n\na,b,c\n\r\n\nd,e,f\n\n" << 2;
        QTest::newRow("quoted field") << "a,\"b,x\",c\nd,e,f\n" << 1;
        QTest::newRow("doubled quotes") << "\"a\"\"q\",b,c\n" << 0;
        QTest::newRow("stray quote") << "a,b\"c,d\ne,f,g\n" << 1;
        QTest::newRow("too few fields") << "a,b\nc,d,e\n" << 1;
        QTest::newRow("too many fields") << "a,b,c,d\nc,d,e\n" << 1;
        QTest::newRow("quote in the last field") << "a,b,c\"\nd,e,f\n" << 1;
        QTest::newRow("quoted newline") << "a,\"b\nc\",d\ne,f,g\n" << 1;
        const QString longField = QString(150, QLatin1Char('x'));
        QTest::newRow("fields across 64-byte blocks") << QStringLiteral("%1,%1,%1\n%1,y,%1\n").arg(longField) << 2;
    }
    void plainPathReadsWhatNextReads() {
        QFETCH(QString, data);
        QFETCH(int, plain);
        const std::string bytes = data.toStdString();
        const Read general = readAll(bytes, 3, false), fast = readAll(bytes, 3, true);
        QVERIFY(!fast.error || general.error);
        QCOMPARE(fast.records, general.records);
        QCOMPARE(fast.lines, general.lines);
        QCOMPARE(fast.offsets, general.offsets);
        QCOMPARE(fast.blank, general.blank);
        QCOMPARE(fast.stray, general.stray);
        QCOMPARE(fast.strayLine, general.strayLine);
        QCOMPARE(int(fast.plainRecords), plain);
    }
    void randomRecords() {
        // Records of 2-4 fields from pieces with and without quotes, line ends of every kind.
        const std::vector<std::string> pieces = {"",        "a",          "bc",   "12345678901234567", "\"q\"",
                                                 "\"a,b\"", "\"x\"\"y\"", "s\"t", "\"m\nn\""};
        const std::vector<std::string> ends = {"\n", "\r\n", "\r", "\n\n"};
        std::mt19937_64 rng(2026);
        std::string data;
        for (int r = 0; r < 3000; ++r) {
            const std::size_t fields = 2 + rng() % 3;
            for (std::size_t f = 0; f < fields; ++f) {
                data += f ? "," : "";
                data += pieces[rng() % (rng() % 4 == 0 ? pieces.size() : 4)];
            }
            data += ends[rng() % ends.size()];
        }
        const Read general = readAll(data, 3, false), fast = readAll(data, 3, true);
        QVERIFY(!fast.error);
        QVERIFY(general.records.size() > 2500);
        QCOMPARE(fast.records, general.records);
        QCOMPARE(fast.lines, general.lines);
        QCOMPARE(fast.offsets, general.offsets);
        QCOMPARE(fast.blank, general.blank);
        QCOMPARE(fast.stray, general.stray);
        QVERIFY(fast.plainRecords > 500 && fast.plainRecords < general.records.size());
    }
};

QTEST_APPLESS_MAIN(TestCsvTokenizer)
#include "tst_csv_tokenizer.moc"
