// Table and Column: typed storage, roles, type conversion, summaries and value counts.
#include "veil/table/column_summary.h"
#include "veil/table/csv_reader.h"

#include <QtTest>

using namespace veil;

class TestTable : public QObject {
    Q_OBJECT
private slots:
    void datesRoundTrip_data();
    void datesRoundTrip();
    void rolesAreCopiedNotShared();
    void convertsTypes();
    void summaries();
    void unknownColumnNamesTheKnownOnes();
    void valueCountsNumericAndCategorical();
    void selectRows();
};

void TestTable::datesRoundTrip_data() {
    QTest::addColumn<QString>("iso");
    QTest::addColumn<int>("days");
    QTest::newRow("epoch") << "1970-01-01" << 0;
    QTest::newRow("leap day 2000") << "2000-02-29" << 11016;  // 30 years = 10957 days + Jan 31 + Feb 28
    QTest::newRow("before epoch") << "1969-12-31" << -1;
    QTest::newRow("2024-03-01") << "2024-03-01" << 19783;
}

void TestTable::datesRoundTrip() {
    QFETCH(QString, iso);
    QFETCH(int, days);
    std::int32_t d = 0;
    QVERIFY(parseIsoDate(iso.toStdString(), d));
    QCOMPARE(int(d), days);
    QCOMPARE(QString::fromStdString(formatIsoDate(d)), iso);
}

void TestTable::rolesAreCopiedNotShared() {
    auto r = parseCsv("a,b\n1,x\n2,y\n", "t.csv");
    QVERIFY(r.isOk());
    const Table t = r->table;
    QCOMPARE(t.role(0), AttributeRole::Insensitive);
    const Table u = t.withRole(0, AttributeRole::QuasiIdentifier);
    QCOMPARE(u.role(0), AttributeRole::QuasiIdentifier);
    QCOMPARE(t.role(0), AttributeRole::Insensitive);
    QCOMPARE(u.columnPtr(1).get(), t.columnPtr(1).get());  // column data shared
    QCOMPARE(int(u.columnsWithRole(AttributeRole::QuasiIdentifier).size()), 1);
}

void TestTable::convertsTypes() {
    auto r = parseCsv("zip,v\n53715,1.5\n53703,x\n", "t.csv");
    QVERIFY(r.isOk());
    std::size_t bad = 99;
    const Table t = r->table.withColumnType(0, ColumnType::Categorical, &bad);
    QCOMPARE(int(bad), 0);
    QCOMPARE(t.column(0).type(), ColumnType::Categorical);
    QCOMPARE(QString::fromStdString(t.column(0).toString(0)), QString("53715"));
    const Table u = r->table.withColumnType(1, ColumnType::Real, &bad);
    QCOMPARE(int(bad), 1);
    QVERIFY(u.column(1).isMissing(1));
    QCOMPARE(u.column(1).realAt(0), 1.5);
}

void TestTable::summaries() {
    auto r = parseCsv("n,c,d\n3,a,2020-01-02\n1,b,\n3,a,2019-05-06\n,a,2021-01-01\n", "t.csv");
    QVERIFY(r.isOk());
    const ColumnSummary n = summarizeColumn(r->table, 0);
    QCOMPARE(n.type, ColumnType::Integer);
    QCOMPARE(int(n.distinct), 2);
    QCOMPARE(int(n.missing), 1);
    QCOMPARE(QString::fromStdString(*n.min), QString("1"));
    QCOMPARE(QString::fromStdString(*n.max), QString("3"));
    const ColumnSummary c = summarizeColumn(r->table, 1);
    QCOMPARE(int(c.distinct), 2);
    QVERIFY(!c.min.has_value());
    const ColumnSummary d = summarizeColumn(r->table, 2);
    QCOMPARE(d.type, ColumnType::Date);
    QCOMPARE(QString::fromStdString(*d.min), QString("2019-05-06"));
    QCOMPARE(QString::fromStdString(*d.max), QString("2021-01-01"));
}

void TestTable::unknownColumnNamesTheKnownOnes() {
    auto r = parseCsv("age,sex\n1,m\n", "t.csv");
    QVERIFY(r.isOk());
    auto idx = r->table.columnIndex("zip");
    QVERIFY(!idx.isOk());
    QCOMPARE(QString::fromStdString(idx.status().message()), QString("unknown column 'zip' (columns: age, sex)"));
    QCOMPARE(int(*r->table.columnIndex("sex")), 1);
}

void TestTable::valueCountsNumericAndCategorical() {
    auto r = parseCsv("n,c\n1,a\n2,b\n2,b\n5,b\n", "t.csv");
    QVERIFY(r.isOk());
    const ValueCounts vn = valueCounts(r->table.column(0), 20);
    QVERIFY(vn.numeric);
    QCOMPARE(int(vn.counts.size()), 5);  // integer range 1..5: one bin per value
    QCOMPARE(int(vn.counts[0]), 1);
    QCOMPARE(int(vn.counts[1]), 2);
    QCOMPARE(int(vn.counts[4]), 1);
    const ValueCounts vc = valueCounts(r->table.column(1), 20, 1);
    QCOMPARE(QString::fromStdString(vc.labels[0]), QString("b"));
    QCOMPARE(int(vc.counts[0]), 3);
    QCOMPARE(QString::fromStdString(vc.labels[1]), QString("(other)"));
    QCOMPARE(int(vc.counts[1]), 1);
}

void TestTable::selectRows() {
    auto r = parseCsv("n,c,t\n1,a,x1\n2,b,x2\n3,a,x3\n", "t.csv");
    QVERIFY(r.isOk());
    const Table s = r->table.selectRows({2, 0});
    QCOMPARE(int(s.rowCount()), 2);
    QCOMPARE(s.column(0).integerAt(0), std::int64_t(3));
    QCOMPARE(QString::fromStdString(s.column(1).toString(1)), QString("a"));
    QCOMPARE(QString::fromStdString(s.column(2).toString(0)), QString("x3"));
}

QTEST_APPLESS_MAIN(TestTable)
#include "tst_table.moc"
