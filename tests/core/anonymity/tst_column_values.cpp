// White-box test of ColumnValues (the per-distinct-value encoding behind the lattice search's
// input): for every column type, with missing cells and cells kept as written, the text of each
// record's value must be Column::toString of that record, and equal texts must share one index.
#include "anonymity/detail/column_values.h"

#include "veil/common/random.h"

#include <QtTest>

#include <map>

using namespace veil;
using namespace veil::anonymity::detail;

namespace {

// The definition, record by record.
void checkAgainstToString(const Column& col) {
    const ColumnValues v = columnValues(col);
    QCOMPARE(v.recordValue.size(), col.size());
    std::map<std::string, std::uint32_t> indexOf;
    std::uint32_t next = 0;  // indices in first-occurrence order
    for (std::size_t r = 0; r < col.size(); ++r) {
        const std::string text = col.toString(r);
        auto [it, inserted] = indexOf.emplace(text, next);
        if (inserted) ++next;
        QCOMPARE(v.recordValue[r], it->second);
        QCOMPARE(v.texts[v.recordValue[r]], text);
    }
    QCOMPARE(v.texts.size(), std::size_t(next));
}

}  // namespace

class TestColumnValues : public QObject {
    Q_OBJECT
private slots:
    void everyType_data();
    void everyType();
};

void TestColumnValues::everyType_data() {
    QTest::addColumn<int>("type");
    QTest::newRow("integer") << int(ColumnType::Integer);
    QTest::newRow("real") << int(ColumnType::Real);
    QTest::newRow("date") << int(ColumnType::Date);
    QTest::newRow("categorical") << int(ColumnType::Categorical);
    QTest::newRow("text") << int(ColumnType::Text);
}

// 500 cells over 12 values, every seventh missing (some written "NA"); numeric columns also get
// cells parsed from non-canonical text ("007", "2.50"), which toString returns as written.
void TestColumnValues::everyType() {
    QFETCH(int, type);
    const auto t = ColumnType(type);
    SeededRandom rng(5);  // fixed test input, not noise
    Column::Builder b("c", t);
    for (int r = 0; r < 500; ++r) {
        const auto x = std::int64_t(rng.uniformBelow(12));
        if (r % 7 == 3) {
            if (r % 2)
                b.appendMissing();
            else
                b.appendMissingToken("NA");
            continue;
        }
        switch (t) {
            case ColumnType::Integer:
                if (r % 11 == 0)
                    QVERIFY(b.appendParsed("00" + std::to_string(x)));
                else
                    b.appendInteger(x);
                break;
            case ColumnType::Real:
                if (r % 11 == 0)
                    QVERIFY(b.appendParsed(std::to_string(x) + ".50"));
                else
                    b.appendReal(double(x) + 0.5);
                break;
            case ColumnType::Date:
                b.appendDate(std::int32_t(18000 + x));
                break;
            case ColumnType::Categorical:
                b.appendCategory("v" + std::to_string(x));
                break;
            case ColumnType::Text:
                b.appendText("text " + std::to_string(x));
                break;
        }
    }
    checkAgainstToString(*b.finish());
}

QTEST_APPLESS_MAIN(TestColumnValues)
#include "tst_column_values.moc"
