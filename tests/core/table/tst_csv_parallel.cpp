// The parallel CSV reader: cut into many small chunks on several threads, a file reads exactly as in
// one piece (types, every cell's text, missing tokens, dictionary order, warnings and errors), and
// the cuts never fall inside a quoted field.
#include "table/detail/csv_chunks.h"
#include "veil/common/random.h"
#include "veil/table/csv_reader.h"

#include <QtTest/QtTest>

using namespace veil;

namespace {

CsvReadOptions inPieces(std::size_t chunkBytes, int threads = 4) {
    CsvReadOptions o;
    o.threads = threads;
    o.chunkBytes = chunkBytes;
    return o;
}

CsvReadOptions inOnePiece() {
    CsvReadOptions o;
    o.threads = 1;
    return o;
}

// Everything a reader decides about a file, as text, for comparison.
QString describe(const Result<CsvReadResult>& r) {
    if (!r) return "error: " + QString::fromStdString(r.status().message());
    QString out;
    const Table& t = r->table;
    for (const auto& w : r->warnings) out += "warning: " + QString::fromStdString(w) + '\n';
    std::string scratch;
    for (std::size_t c = 0; c < t.columnCount(); ++c) {
        const Column& col = t.column(c);
        out += QString::fromStdString(col.name()) + ':' + columnTypeName(col.type()) + " missing " +
               QString::number(col.missingCount()) + " dictionary";
        for (const auto& v : col.dictionary()) out += ' ' + QString::fromStdString(v);
        out += '\n';
        for (std::size_t row = 0; row < col.size(); ++row)
            out +=
                QString::fromStdString(std::string(col.originalText(row, scratch))) + (col.isMissing(row) ? "*|" : "|");
        out += '\n';
    }
    return out;
}

// A file with the cases that matter at a cut: quoted delimiters, doubled quotes and line ends
// inside quotes, CRLF and blank lines, missing tokens, leading zeros and non-canonical numbers.
std::string trickyFile(int rows, std::uint64_t seed) {
    SeededRandom rng(seed);
    std::string s = "id,zip,amount,when,label,note\r\n";
    static const char* labels[] = {"a", "b,c", "\"quoted\"", "NA", "", "?"};
    static const char* notes[] = {"\"line one\nline two\"", "\"say \"\"hi\"\"\"", "plain", "\"a,b\r\nc\"", "N/A"};
    for (int i = 0; i < rows; ++i) {
        s += std::to_string(i) + ',';
        s += (i % 7 == 0 ? "0" : "") + std::to_string(1000 + rng.uniformBelow(9000)) + ',';
        s += i % 11 == 0 ? "NULL" : std::to_string(rng.uniformBelow(100)) + (i % 3 == 0 ? ".50" : ".25");
        s += ',';
        s += i % 13 == 0 ? "2024/01/0" + std::to_string(1 + i % 9)
                         : "2023-0" + std::to_string(1 + i % 9) + "-1" + std::to_string(i % 10);
        s += ',';
        const char* label = labels[rng.uniformBelow(6)];
        s += std::string(label).find(',') != std::string::npos ? "\"" + std::string(label) + "\"" : label;
        s += ',';
        s += notes[rng.uniformBelow(5)];
        s += i % 17 == 0 ? "\r\n\r\n" : "\n";
    }
    return s;
}

}  // namespace

class TestCsvParallel : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void piecesReadAsOne_data() {
        QTest::addColumn<QByteArray>("file");
        QTest::addColumn<int>("chunkBytes");
        for (std::uint64_t seed : {1u, 2u, 3u}) {
            const std::string f = trickyFile(400, seed);
            for (int chunk : {1, 7, 64, 1000}) {
                const QByteArray name =
                    QByteArray("seed ") + QByteArray::number(qulonglong(seed)) + " chunk " + QByteArray::number(chunk);
                QTest::newRow(name.constData()) << QByteArray::fromStdString(f) << chunk;
            }
        }
        QTest::newRow("no final newline") << QByteArray("a,b\n1,x\n2,y\n3,\"z\"") << 3;
        QTest::newRow("header only") << QByteArray("a,b\n") << 1;
        QTest::newRow("stray quotes") << QByteArray("a,b\n1,x\"y\n2,\"q\nr\"\n3,z\"\n4,\"w\"\n") << 2;
        QTest::newRow("field count") << QByteArray("a,b\n1,2\n3,4\n5\n6,7\n8,9,10\n") << 3;
        QTest::newRow("unterminated") << QByteArray("a,b\n1,2\n3,\"4\n5,6\n") << 2;
        QTest::newRow("invalid utf-8") << QByteArray("a,b\n1,caf\xc3\xa9\n2,\xff\n") << 2;
        QTest::newRow("demoted to text") << QByteArray("v\nx\ny\nz\nw\nx\n") << 2;
        // Read in one piece, the identifier and zip columns have too many distinct values to
        // intern and are built by a second pass; in 4 KB pieces every column is interned.
        QTest::newRow("not interned") << QByteArray::fromStdString(trickyFile(12000, 7)) << 4096;
    }
    void piecesReadAsOne() {
        QFETCH(QByteArray, file);
        QFETCH(int, chunkBytes);
        const std::string data = file.toStdString();
        const QString one = describe(parseCsv(data, "t.csv", inOnePiece()));
        QCOMPARE(describe(parseCsv(data, "t.csv", inPieces(std::size_t(chunkBytes)))), one);
        QCOMPARE(describe(parseCsv(data, "t.csv", inPieces(std::size_t(chunkBytes), 2))), one);
    }

    // The one-piece reading of the tricky file is itself right where it is easy to check by hand.
    void onePieceKeepsTheText() {
        auto r = parseCsv(trickyFile(40, 1), "t.csv", inOnePiece());
        QVERIFY(r);
        const Table& t = r->table;
        QCOMPARE(t.rowCount(), std::size_t(40));
        std::string scratch;
        QVERIFY(!isNumericType(t.column(1).type()));  // leading zeros: a code
        QCOMPARE(t.column(1).originalText(0, scratch).size(), std::size_t(5));
        QCOMPARE(t.column(1).originalText(0, scratch).front(), '0');
        QCOMPARE(t.column(2).type(), ColumnType::Real);
        QCOMPARE(std::string(t.column(2).originalText(0, scratch)), std::string("NULL"));
        QVERIFY(t.column(2).isMissing(0));
    }

    // A chunk reserves its columns' codes from its first records' length: long records first and
    // short ones after make the estimate far too small, and the codes that outgrow it still read back.
    void codesOutgrowTheEstimate() {
        // The block of codes is sized at record 16384 from the bytes read so far: long records
        // first, then many short ones, so that the interned columns outgrow their shares.
        constexpr int kLong = 17000, kShort = 200000;
        std::string data = "k,v,n\n";
        const std::string pad(100, 'p');
        for (int i = 0; i < kLong; ++i)
            data += "long" + std::to_string(i % 3) + pad + ",x" + std::to_string(i % 5) + ",7\n";
        for (int i = 0; i < kShort; ++i) data += "s" + std::to_string(i % 4) + ",x" + std::to_string(i % 5) + ",NA\n";
        for (const auto& options : {inOnePiece(), inPieces(std::size_t(1) << 21, 2)}) {
            auto r = parseCsv(data, "t.csv", options);
            QVERIFY(r);
            const Table& t = r->table;
            QCOMPARE(t.rowCount(), std::size_t(kLong + kShort));
            QCOMPARE(t.column(0).type(), ColumnType::Categorical);
            QCOMPARE(t.column(2).type(), ColumnType::Integer);
            std::string scratch;
            bool same = true;
            for (std::size_t row = 0; row < t.rowCount() && same; ++row) {
                const bool isLong = row < std::size_t(kLong);
                const int i = int(isLong ? row : row - kLong);
                const std::string k = isLong ? "long" + std::to_string(i % 3) + pad : "s" + std::to_string(i % 4);
                same = t.column(0).stringViewAt(row, scratch) == k &&
                       t.column(1).stringViewAt(row, scratch) == "x" + std::to_string(i % 5) &&
                       (isLong ? !t.column(2).isMissing(row) && t.column(2).integerAt(row) == 7
                               : t.column(2).isMissing(row));
                if (!same) qWarning("row %zu differs", row);
            }
            QVERIFY(same);
            QCOMPARE(t.column(2).missingCount(), std::size_t(kShort));
        }
    }

    // Cuts land just after a line end outside quotes, never inside a quoted field.
    void cutsRespectQuotes() {
        const std::string data = trickyFile(300, 5);
        const std::size_t header = data.find('\n') + 1;
        for (std::size_t parts : {2u, 5u, 16u, 200u}) {
            const auto cuts = detail::splitAtRecords(data, header, parts, 2);
            QCOMPARE(cuts.front(), header);
            QCOMPARE(cuts.back(), data.size());
            for (std::size_t k = 1; k + 1 < cuts.size(); ++k) {
                QVERIFY(cuts[k] > cuts[k - 1]);
                const char before = data[cuts[k] - 1];
                QVERIFY2(before == '\n' || before == '\r', "a cut not after a line end");
                const auto quotes = std::count(data.begin(), data.begin() + std::ptrdiff_t(cuts[k]), '"');
                QVERIFY2(quotes % 2 == 0, "a cut inside a quoted field");
            }
        }
    }
};

QTEST_APPLESS_MAIN(TestCsvParallel)
#include "tst_csv_parallel.moc"
