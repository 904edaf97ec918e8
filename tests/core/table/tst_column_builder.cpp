// Column::Builder's bulk appends (appendRemappedCodes, appendRowsOf, used by the CSV reader to join
// its chunks) against the value-at-a-time appends they replace: the same cells, missing mask,
// codes and original texts, in a fresh builder, after missing cells, and in a builder that keeps
// its cells' original text (non-canonical numbers such as "007").
#include "veil/table/column.h"

#include <QtTest/QtTest>

#include <string>
#include <vector>

using namespace veil;

namespace {

// Every observable of two columns.
void compareColumns(const Column& a, const Column& b) {
    QCOMPARE(a.size(), b.size());
    QCOMPARE(a.type(), b.type());
    QCOMPARE(a.missingCount(), b.missingCount());
    QCOMPARE(a.keepsOriginalText(), b.keepsOriginalText());
    std::string sa, sb;
    for (std::size_t r = 0; r < a.size(); ++r) {
        QCOMPARE(a.isMissing(r), b.isMissing(r));
        QCOMPARE(a.toString(r), b.toString(r));
        QCOMPARE(a.originalText(r, sa), b.originalText(r, sb));
        if (a.type() == ColumnType::Categorical && !a.isMissing(r)) QCOMPARE(a.codeAt(r), b.codeAt(r));
    }
}

// A builder's first cells: none, a missing one, or a non-canonical integer (kept as text).
enum class Start { Fresh, AfterMissing, KeepingText };

void startWith(Column::Builder& b, Start start, ColumnType type) {
    if (start == Start::AfterMissing) b.appendMissing();
    if (start == Start::KeepingText) QVERIFY(b.appendParsed(type == ColumnType::Integer ? "007" : "7.50"));
}

}  // namespace

class TestColumnBuilder : public QObject {
    Q_OBJECT
private slots:
    void remappedCodesEqualCodeByCode_data() {
        QTest::addColumn<int>("start");
        QTest::newRow("fresh") << int(Start::Fresh);
        QTest::newRow("after a missing cell") << int(Start::AfterMissing);
    }
    void remappedCodesEqualCodeByCode() {
        QFETCH(int, start);
        const std::vector<std::string> dictionary = {"Male", "Female", "Other"};
        const std::vector<std::int32_t> codes = {0, 1, 1, 0, 2, 0}, remap = {2, 0, 1};
        Column::Builder bulk("sex", ColumnType::Categorical), one("sex", ColumnType::Categorical);
        for (auto* b : {&bulk, &one}) {
            b->setDictionary(dictionary);
            startWith(*b, Start(start), ColumnType::Categorical);
        }
        bulk.appendRemappedCodes(codes, remap);
        for (const std::int32_t c : codes) one.appendCode(remap[std::size_t(c)]);
        bulk.appendMissing();
        one.appendMissing();
        const auto a = bulk.finish(), b = one.finish();
        compareColumns(*a, *b);
        const std::size_t first = start == int(Start::Fresh) ? 0 : 1;
        const std::vector<std::string> expected = {"Other", "Male", "Male", "Other", "Female", "Other"};
        for (std::size_t i = 0; i < expected.size(); ++i) QCOMPARE(a->toString(first + i), expected[i]);
    }
    void rowsOfEqualValueByValue_data() {
        QTest::addColumn<int>("type");
        QTest::addColumn<int>("start");
        for (const ColumnType t : {ColumnType::Integer, ColumnType::Real})
            for (const Start s : {Start::Fresh, Start::AfterMissing, Start::KeepingText})
                QTest::newRow(qPrintable(QString("%1 %2").arg(int(t)).arg(int(s)))) << int(t) << int(s);
    }
    void rowsOfEqualValueByValue() {
        QFETCH(int, type);
        QFETCH(int, start);
        const auto t = ColumnType(type);
        Column::Builder distinct("age", t);
        for (const char* v : {"39", "50", "38", "-4"}) QVERIFY(distinct.appendParsed(v));
        const auto values = distinct.finish();
        const std::vector<std::int32_t> rows = {0, 1, 1, 3, 2, 0};
        Column::Builder bulk("age", t), one("age", t);
        startWith(bulk, Start(start), t);
        startWith(one, Start(start), t);
        bulk.appendRowsOf(*values, rows);
        for (const std::int32_t r : rows) {
            if (t == ColumnType::Integer)
                one.appendInteger(values->integerAt(std::size_t(r)));
            else
                one.appendReal(values->realAt(std::size_t(r)));
        }
        const auto a = bulk.finish(), b = one.finish();
        compareColumns(*a, *b);
        const std::size_t first = start == int(Start::Fresh) ? 0 : 1;
        const std::vector<double> expected = {39, 50, 50, -4, 38, 39};
        for (std::size_t i = 0; i < expected.size(); ++i) QCOMPARE(a->numericAt(first + i), expected[i]);
    }
};

QTEST_APPLESS_MAIN(TestColumnBuilder)
#include "tst_column_builder.moc"
