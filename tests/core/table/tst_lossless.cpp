// Lossless loading (issue 15): type inference never changes what the file says. Codes with leading
// zeros stay codes, non-canonical numbers and dates keep their text, missing-value tokens are
// written back, and a type change re-derives from the original text, never from a parsed number.
#include "veil/table/csv_reader.h"
#include "veil/table/csv_writer.h"

#include <QtTest>

#include <sstream>

using namespace veil;

namespace {

// Minimal quoting throughout, so that writing the table back must give the same bytes.
const std::string kStewardFile =
    "zip,fips,amount,score,iso,slashed,us_date,id,phone,blank\n"
    "03097,06,\"1,234\",1.50,2024-01-05,2024/01/05,01/05/2024,1,0049301,\n"
    "10001,36,7,2,2024-02-29,2024/02/06,02/06/2024,2,0030,\n"
    "00501,01,\"12,000.50\",+3,,2024/03/07,3/7/2024,3,,\n"
    ",NA,,4.0e1,2023-12-31,,12/31/2023,4,0041,\n"
    "99950,72,950,?,1999-01-01,1999/01/01,,5,001,\n";

CsvReadResult read(const std::string& text) {
    auto r = parseCsv(text, "steward.csv");
    if (!r) qFatal("%s", r.status().message().c_str());
    return std::move(*r);
}

std::string write(const Table& t) {
    std::ostringstream out;
    writeCsv(t, out);
    return out.str();
}

}  // namespace

class TestLossless : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void leadingZerosAreCodes() {
        const Table t = read(kStewardFile).table;
        for (const char* code : {"zip", "fips", "phone"}) {
            const Column& c = t.column(*t.columnIndex(code));
            QVERIFY2(!isNumericType(c.type()), code);  // categorical, or text when nearly all distinct
        }
        const Column& zip = t.column(*t.columnIndex("zip"));
        QCOMPARE(QString::fromStdString(zip.toString(0)), QStringLiteral("03097"));
        QCOMPARE(QString::fromStdString(zip.toString(2)), QStringLiteral("00501"));
        // Numbers without leading zeros are still numbers.
        QCOMPARE(t.column(*t.columnIndex("id")).type(), ColumnType::Integer);
        QCOMPARE(t.column(*t.columnIndex("score")).type(), ColumnType::Real);
        QCOMPARE(t.column(*t.columnIndex("iso")).type(), ColumnType::Date);
    }

    void nonCanonicalNumbersKeepTheirText() {
        const Table t = read(kStewardFile).table;
        const Column& score = t.column(*t.columnIndex("score"));
        QVERIFY(score.keepsOriginalText());
        QCOMPARE(score.realAt(0), 1.5);
        QCOMPARE(QString::fromStdString(score.toString(0)), QStringLiteral("1.50"));
        QCOMPARE(score.realAt(2), 3.0);
        QCOMPARE(QString::fromStdString(score.toString(2)), QStringLiteral("+3"));
        QCOMPARE(score.realAt(3), 40.0);
        QVERIFY(score.isMissing(4));  // "?" is a missing-value token ...
        std::string scratch;
        QCOMPARE(QString::fromStdString(std::string(score.originalText(4, scratch))), QStringLiteral("?"));
        // ... and canonical columns carry no copy of their text.
        QVERIFY(!t.column(*t.columnIndex("id")).keepsOriginalText());
        QVERIFY(!t.column(*t.columnIndex("iso")).keepsOriginalText());
    }

    void untouchedColumnsRoundTripByteForByte() {
        const CsvReadResult r = read(kStewardFile);
        QCOMPARE(QString::fromStdString(write(r.table)), QString::fromStdString(kStewardFile));
    }

    void redundantQuotesKeepTheCellText() {
        // Quoted numbers are numbers; the cell text (not the quoting) is what must survive.
        const std::string text = "code,n\n\"0042\",\"7\"\n\"0100\",\"8\"\n";
        const Table t = read(text).table;
        QVERIFY(!isNumericType(t.column(0).type()));
        QCOMPARE(t.column(1).type(), ColumnType::Integer);
        QCOMPARE(QString::fromStdString(write(t)), QStringLiteral("code,n\n0042,7\n0100,8\n"));
    }

    void typeChangeRederivesFromTheText() {
        const Table t = read(kStewardFile).table;
        const std::size_t zip = *t.columnIndex("zip");
        std::size_t unparsed = 99;
        const Table asInteger = t.withColumnType(zip, ColumnType::Integer, &unparsed);
        QCOMPARE(unparsed, std::size_t(0));
        QCOMPARE(asInteger.column(zip).integerAt(0), std::int64_t(3097));  // the user asked for numbers
        const Table back = asInteger.withColumnType(zip, ColumnType::Categorical);
        QCOMPARE(QString::fromStdString(back.column(zip).toString(0)), QStringLiteral("03097"));
        QCOMPARE(QString::fromStdString(back.column(zip).toString(2)), QStringLiteral("00501"));
        QCOMPARE(QString::fromStdString(write(back)), QString::fromStdString(kStewardFile));
    }

    void cellsThatDoNotParseComeBack() {
        // Dates in another form become missing as dates, and return when the type is changed back.
        const Table t = read(kStewardFile).table;
        const std::size_t us = *t.columnIndex("us_date");
        std::size_t unparsed = 0;
        const Table asDate = t.withColumnType(us, ColumnType::Date, &unparsed);
        QCOMPARE(unparsed, std::size_t(4));
        QVERIFY(asDate.column(us).isMissing(0));
        const Table back = asDate.withColumnType(us, ColumnType::Categorical);
        QCOMPARE(QString::fromStdString(back.column(us).toString(0)), QStringLiteral("01/05/2024"));
        QCOMPARE(QString::fromStdString(write(back)), QString::fromStdString(kStewardFile));
    }

    void slashedIsoDatesAreDatesWithTheirText() {
        const Table t = read(kStewardFile).table;
        const Column& slashed = t.column(*t.columnIndex("slashed"));
        QCOMPARE(slashed.type(), ColumnType::Date);
        QCOMPARE(QString::fromStdString(slashed.toString(0)), QStringLiteral("2024/01/05"));
        QCOMPARE(QString::fromStdString(formatIsoDate(slashed.dateAt(0))), QStringLiteral("2024-01-05"));
    }
};

QTEST_APPLESS_MAIN(TestLossless)
#include "tst_lossless.moc"
