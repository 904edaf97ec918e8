// The CSV tokenizer's plain fast paths (CsvTokenizer::nextPlainRecords, a batch, and nextPlain, one
// record) against its general reader (next): on every input, taking records by the batch, then by
// nextPlain, then by next, whichever accepts first, gives the same records, field values, line
// numbers, offsets, blank-line and stray-quote counts as next alone; the fast paths accept exactly
// the records without quotes (or lone CRs, for the batch) that have the expected number of fields,
// and consume nothing when they refuse; a batch never starts a record at or past its limit.
// Inputs: hand cases (CR, LF, CRLF, a last record without a line end, empty fields, blank lines,
// quotes in every position, short and long records, fields spanning the scanner's 64-byte blocks)
// and 3,000 random records built from those pieces, read in batches of 1, 3 and 64 records.
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
    std::size_t blank = 0, stray = 0, strayLine = 0, plainRecords = 0, batchRecords = 0;
    std::vector<std::size_t> batchStarts;  // where the records read by batches start
    bool error = false;
    bool operator==(const Read&) const = default;
};

// The records of a batch, each with its line and the offset after it.
void takeBatch(Read& out, const std::string& data, const std::vector<std::string_view>& fields, std::size_t n,
               std::size_t got, std::size_t firstLine, std::size_t endOffset) {
    for (std::size_t r = 0; r < got; ++r) {
        out.batchStarts.push_back(std::size_t(fields[r * n].data() - data.data()));
        std::vector<std::string> values;
        for (std::size_t k = 0; k < n; ++k) values.emplace_back(fields[r * n + k]);
        out.records.push_back(std::move(values));
        out.lines.push_back(firstLine + r);  // a batch holds no blank lines and no quoted newlines
        out.offsets.push_back(r + 1 < got ? std::size_t(fields[(r + 1) * n].data() - data.data()) : endOffset);
    }
    out.batchRecords += got;
}

// Reads `data` expecting `n` fields a record; `usePlain`: nextPlain first, next when it refuses;
// `batch` > 0: nextPlainRecords of that many records before those, stopping at `limit` (when
// below the data's size, the records from there on are read by the others).
Read readAll(const std::string& data, std::size_t n, bool usePlain, std::size_t batch = 0,
             std::size_t limit = std::string::npos) {
    Read out;
    CsvTokenizer tok(data, ',');
    std::vector<CsvField> fields;
    std::vector<std::string_view> plain(n * std::max<std::size_t>(batch, 1));
    std::string scratch;
    std::size_t line = 0;
    for (tok.skipBlankLines(); tok.offset() < data.size(); tok.skipBlankLines()) {
        const std::size_t before = tok.offset(), lineBefore = tok.line();
        if (batch > 0) {
            const std::size_t got = tok.nextPlainRecords(n, batch, plain.data(), std::min(limit, data.size()));
            if (got > batch || (got > 0 && before >= limit)) {
                out.error = true;  // too many records, or a batch past its limit
                return out;
            }
            if (got > 0) {
                takeBatch(out, data, plain, n, got, lineBefore, tok.offset());
                if (out.batchStarts.back() >= limit) {
                    out.error = true;  // a record started at or past the limit
                    return out;
                }
                continue;
            }
            if (tok.offset() != before || tok.line() != lineBefore) {
                out.error = true;  // a refusal consumed something
                return out;
            }
        }
        std::vector<std::string> values;
        if (usePlain && tok.nextPlain(n, plain.data())) {
            ++out.plainRecords;
            for (std::size_t k = 0; k < n; ++k) values.emplace_back(plain[k]);
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

// `got` reads what `want` reads: the same records, lines, offsets, blank-line and stray-quote counts.
void compareReadings(const Read& got, const Read& want) {
    QCOMPARE(got.records, want.records);
    QCOMPARE(got.lines, want.lines);
    QCOMPARE(got.offsets, want.offsets);
    QCOMPARE(got.blank, want.blank);
    QCOMPARE(got.stray, want.stray);
    QCOMPARE(got.strayLine, want.strayLine);
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
        compareReadings(fast, general);
        if (QTest::currentTestFailed()) return;
        QCOMPARE(int(fast.plainRecords), plain);
        // Batches, and batches stopped at every record start: the same reading.
        for (const std::size_t batch : {1, 3, 64}) {
            const Read batched = readAll(bytes, 3, true, batch);
            QVERIFY(!batched.error || general.error);
            compareReadings(batched, general);
            if (QTest::currentTestFailed()) return;
            for (const std::size_t limit : general.offsets) {
                const Read stopped = readAll(bytes, 3, true, batch, limit);
                QVERIFY(!stopped.error || general.error);
                compareReadings(stopped, general);
                if (QTest::currentTestFailed()) return;
            }
        }
    }
    void batchOfOneFieldSkipsNoBlankLine() {
        // One field a record: a blank line is not an empty record (next skips it).
        std::string data;
        for (int r = 0; r < 120; ++r)
            data += (r % 17 == 5 ? "\n" : "") + std::to_string(r) + (r % 23 == 7 ? "\r\n" : "\n");
        const Read general = readAll(data, 1, false), batched = readAll(data, 1, true, 8);
        QVERIFY(!batched.error);
        compareReadings(batched, general);
        if (QTest::currentTestFailed()) return;
        QVERIFY(batched.batchRecords > 60);
    }
    void batchReadsLongPlainRuns() {
        // 200 plain records (LF or CRLF): batches take them all but those within 64 bytes of the end,
        // and stop before a quote, a lone CR, a blank line and a record of another length.
        for (const std::string& end : {std::string("\n"), std::string("\r\n")}) {
            std::string data;
            for (int r = 0; r < 200; ++r) data += "r" + std::to_string(r) + ",x" + std::to_string(r % 7) + ",yz" + end;
            const Read general = readAll(data, 3, false), batched = readAll(data, 3, true, 16);
            QVERIFY(!batched.error);
            compareReadings(batched, general);
            if (QTest::currentTestFailed()) return;
            QVERIFY(batched.batchRecords >= 190);
            // A chunk's limit at every record start: no batch starts a record past it.
            for (std::size_t i = 0; i < general.offsets.size(); i += 7) {
                const Read stopped = readAll(data, 3, true, 16, general.offsets[i]);
                QVERIFY(!stopped.error);
                compareReadings(stopped, general);
                if (QTest::currentTestFailed()) return;
            }
            for (const std::string& odd : {"a,\"b\",c" + end, "a,b\rc,d" + end, end, "a,b" + end, "a,b,c,d" + end}) {
                const std::string broken = data.substr(0, data.size() / 2) + odd + data.substr(data.size() / 2);
                const Read g = readAll(broken, 3, false), b = readAll(broken, 3, true, 16);
                QVERIFY(!b.error || g.error);
                compareReadings(b, g);
                if (QTest::currentTestFailed()) return;
            }
        }
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
        compareReadings(fast, general);
        if (QTest::currentTestFailed()) return;
        QVERIFY(fast.plainRecords > 500 && fast.plainRecords < general.records.size());
        for (const std::size_t batch : {1, 3, 64}) {
            const Read batched = readAll(data, 3, true, batch);
            QVERIFY(!batched.error);
            compareReadings(batched, general);
            if (QTest::currentTestFailed()) return;
            QVERIFY(batched.batchRecords > 300);
        }
    }
};

QTEST_APPLESS_MAIN(TestCsvTokenizer)
#include "tst_csv_tokenizer.moc"
