// TableModel over veil::Table: the model contract (QAbstractItemModelTester), formatting of every
// column type and of missing values, the role/type header, targeted change signals for column
// edits, and a view over a million rows.
#include "document/document.h"
#include "models/table_model.h"
#include "views/table_view.h"

#include "veil/table/table.h"

#include <QAbstractItemModelTester>
#include <QElapsedTimer>
#include <QHeaderView>
#include <QScrollBar>
#include <QSignalSpy>
#include <QTest>
#include <QUndoStack>

using namespace veil;
using veil::ui::TableModel;

namespace {

// Five columns, one of each type, three rows, row 1 missing everywhere.
Table sampleTable() {
    Column::Builder ints("age", ColumnType::Integer);
    ints.appendInteger(42);
    ints.appendMissing();
    ints.appendInteger(-7);
    Column::Builder reals("income", ColumnType::Real);
    reals.appendReal(1.5);
    reals.appendMissing();
    reals.appendReal(-0.25);
    Column::Builder dates("born", ColumnType::Date);
    dates.appendDate(daysFromCivil(2020, 1, 31));
    dates.appendMissing();
    dates.appendDate(daysFromCivil(1969, 12, 31));
    Column::Builder cats("sex", ColumnType::Categorical);
    cats.appendCategory("Female");
    cats.appendMissing();
    cats.appendCategory("Male");
    Column::Builder text("note", ColumnType::Text);
    text.appendText("née Müller");
    text.appendMissing();
    text.appendText("a;b");
    return Table({ints.finish(), reals.finish(), dates.finish(), cats.finish(), text.finish()},
                 {AttributeRole::QuasiIdentifier, AttributeRole::Sensitive, AttributeRole::QuasiIdentifier,
                  AttributeRole::Insensitive, AttributeRole::Identifier});
}

Table bigTable(std::size_t rows) {
    Column::Builder id("id", ColumnType::Integer, rows);
    Column::Builder value("value", ColumnType::Real, rows);
    Column::Builder group("group", ColumnType::Categorical, rows);
    const char* groups[] = {"north", "south", "east", "west"};
    for (std::size_t r = 0; r < rows; ++r) {
        id.appendInteger(std::int64_t(r));
        value.appendReal(double(r) * 0.5);
        group.appendCategory(groups[r % 4]);
    }
    return Table({id.finish(), value.finish(), group.finish()});
}

}  // namespace

class TestTableModel : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void passesModelTester();
    void formatsCells_data();
    void formatsCells();
    void headerShowsRoleAndType();
    void replaceColumnEmitsTargetedSignals();
    void documentEditsAreUndoable();
    void millionRowsStaySmooth();
};

void TestTableModel::passesModelTester() {
    TableModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    model.setTable(sampleTable());
    model.replaceColumn(sampleTable().withRole(0, AttributeRole::Sensitive), 0);
    model.setTable(Table());
    model.setTable(bigTable(1000));
    QCOMPARE(model.rowCount(), 1000);
    QCOMPARE(model.columnCount(), 3);
}

void TestTableModel::formatsCells_data() {
    QTest::addColumn<int>("row");
    QTest::addColumn<int>("column");
    QTest::addColumn<QString>("text");
    // Expected strings written by hand from sampleTable() above.
    QTest::newRow("integer") << 0 << 0 << "42";
    QTest::newRow("negative integer") << 2 << 0 << "-7";
    QTest::newRow("real") << 0 << 1 << "1.5";
    QTest::newRow("negative real") << 2 << 1 << "-0.25";
    QTest::newRow("date ISO 8601") << 0 << 2 << "2020-01-31";
    QTest::newRow("date before epoch") << 2 << 2 << "1969-12-31";
    QTest::newRow("categorical") << 2 << 3 << "Male";
    QTest::newRow("text UTF-8") << 0 << 4 << QStringLiteral("née Müller");
    QTest::newRow("text with delimiter") << 2 << 4 << "a;b";
    QTest::newRow("missing integer") << 1 << 0 << "";
    QTest::newRow("missing categorical") << 1 << 3 << "";
    QTest::newRow("missing text") << 1 << 4 << "";
}

void TestTableModel::formatsCells() {
    QFETCH(int, row);
    QFETCH(int, column);
    QFETCH(QString, text);
    TableModel model;
    model.setTable(sampleTable());
    QCOMPARE(model.data(model.index(row, column)).toString(), text);
}

void TestTableModel::headerShowsRoleAndType() {
    TableModel model;
    model.setTable(sampleTable());
    QCOMPARE(model.headerData(0, Qt::Horizontal).toString(), QStringLiteral("age"));
    QCOMPARE(model.headerData(0, Qt::Horizontal, TableModel::AttributeRoleRole).toInt(),
             int(AttributeRole::QuasiIdentifier));
    QCOMPARE(model.headerData(3, Qt::Horizontal, TableModel::ColumnTypeRole).toInt(), int(ColumnType::Categorical));
    const QString tip = model.headerData(1, Qt::Horizontal, Qt::ToolTipRole).toString();
    QVERIFY2(tip.contains(QStringLiteral("Type: Real")) && tip.contains(QStringLiteral("Role: Sensitive")),
             qPrintable(tip));
    QVERIFY(!model.headerData(0, Qt::Horizontal, Qt::DecorationRole).value<QIcon>().isNull());
    // Tinted header for protected roles, none for insensitive columns.
    QVERIFY(model.headerData(4, Qt::Horizontal, Qt::BackgroundRole).isValid());
    QVERIFY(!model.headerData(3, Qt::Horizontal, Qt::BackgroundRole).isValid());
    QCOMPARE(model.headerData(2, Qt::Vertical).toInt(), 3);  // rows numbered from 1
}

void TestTableModel::replaceColumnEmitsTargetedSignals() {
    TableModel model;
    const Table before = sampleTable();
    model.setTable(before);
    QSignalSpy reset(&model, &QAbstractItemModel::modelReset);
    QSignalSpy header(&model, &QAbstractItemModel::headerDataChanged);
    QSignalSpy data(&model, &QAbstractItemModel::dataChanged);
    model.replaceColumn(before.withRole(3, AttributeRole::Sensitive), 3);
    QCOMPARE(reset.count(), 0);
    QCOMPARE(header.count(), 1);
    QCOMPARE(header.first().at(1).toInt(), 3);
    QCOMPARE(data.count(), 1);
    QCOMPARE(data.first().at(0).toModelIndex().column(), 3);
    QCOMPARE(data.first().at(1).toModelIndex().row(), 2);
    QCOMPARE(model.headerData(3, Qt::Horizontal, TableModel::AttributeRoleRole).toInt(), int(AttributeRole::Sensitive));
}

void TestTableModel::documentEditsAreUndoable() {
    ui::Document document;
    document.reset(sampleTable(), QStringLiteral("sample.csv"));
    QSignalSpy changed(&document, &ui::Document::columnChanged);
    document.setColumnRole(3, AttributeRole::Sensitive);
    document.setColumnRole(3, AttributeRole::Sensitive);  // no-op: no second command
    QCOMPARE(document.undoStack()->count(), 1);
    QCOMPARE(document.table().role(3), AttributeRole::Sensitive);
    // "42", "", "-7" as text: the two values parse, none is lost.
    QCOMPARE(document.setColumnType(0, ColumnType::Text), std::size_t(0));
    QCOMPARE(document.table().column(0).type(), ColumnType::Text);
    QCOMPARE(document.tableModel()->data(document.tableModel()->index(2, 0)).toString(), QStringLiteral("-7"));
    document.undoStack()->undo();
    QCOMPARE(document.table().column(0).type(), ColumnType::Integer);
    document.undoStack()->undo();
    QCOMPARE(document.table().role(3), AttributeRole::Insensitive);
    QCOMPARE(document.tableModel()->headerData(3, Qt::Horizontal, TableModel::AttributeRoleRole).toInt(),
             int(AttributeRole::Insensitive));
    document.undoStack()->redo();
    QCOMPARE(document.table().role(3), AttributeRole::Sensitive);
    QCOMPARE(changed.count(), 5);                          // two edits, two undos, one redo
    document.setColumnRole(99, AttributeRole::Sensitive);  // out of range: ignored
    QCOMPARE(document.undoStack()->count(), 2);
}

void TestTableModel::millionRowsStaySmooth() {
    const std::size_t rows = 1000000;
    ui::Document document;
    ui::TableView view(&document);
    view.resize(1000, 700);
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));

    const Table table = bigTable(rows);
    QElapsedTimer timer;
    timer.start();
    document.reset(table, QString());
    QCOMPARE(view.model()->rowCount(), int(rows));
    view.repaint();
    const qint64 showMs = timer.elapsed();

    // Scroll through the whole table in 20 jumps, painting each page.
    timer.restart();
    QScrollBar* bar = view.verticalScrollBar();
    for (int i = 1; i <= 20; ++i) {
        bar->setValue(bar->maximum() * i / 20);
        view.repaint();
    }
    const qint64 scrollMs = timer.elapsed();
    QCOMPARE(view.rowAt(view.viewport()->height() - 2), int(rows) - 1);
    QCOMPARE(view.model()->data(view.model()->index(int(rows) - 1, 0)).toString(), QStringLiteral("999999"));
    // A role edit touches one column's header and cells, not the rows.
    timer.restart();
    document.setColumnRole(2, AttributeRole::QuasiIdentifier);
    view.repaint();
    const qint64 roleMs = timer.elapsed();
    // A type edit converts the column in core (on the GUI thread today).
    timer.restart();
    document.setColumnType(0, ColumnType::Real);
    view.repaint();
    const qint64 typeMs = timer.elapsed();
    QCOMPARE(document.table().column(0).type(), ColumnType::Real);
    qInfo(
        "1,000,000 rows: reset + first paint %lld ms, 20 page jumps with paint %lld ms, role edit %lld ms, "
        "type edit %lld ms",
        showMs, scrollMs, roleMs, typeMs);
    QVERIFY2(roleMs < 1000, qPrintable(QString::number(roleMs)));
    // Generous bounds for a shared 2-core machine in a debug build; a per-row cost (sizing every
    // row, formatting every cell) would take many seconds.
    QVERIFY2(showMs < 3000, qPrintable(QString::number(showMs)));
    QVERIFY2(scrollMs < 3000, qPrintable(QString::number(scrollMs)));
}

QTEST_MAIN(TestTableModel)
#include "tst_table_model.moc"
