// Read-only tables of figures shared by the Anonymize view's Risk and Utility pages: a cell that
// shows a figure right-aligned and keeps its value (Qt::UserRole) for tests and sorting, header
// items with a tooltip each, a read-only table of named rows and columns (the Risk page's "Before
// (input)" / "After (released)" figures, the Utility page's accuracies), cells that sort by their
// value, and the fixed height that
// shows a table's rows without a scroll bar.
#pragma once

#include <QString>
#include <QStringList>
#include <QVariant>

class QTableWidget;
class QTableWidgetItem;
class QWidget;

namespace veil::ui {

// A right-aligned cell showing `text`, with `value` under Qt::UserRole and an optional tooltip.
QTableWidgetItem* figureItem(const QString& text, const QVariant& value, const QString& tip = {});
// The same, sorting by `value` instead of the text (in a table with sorting enabled).
QTableWidgetItem* sortableFigureItem(const QString& text, double value, const QString& tip = {});

// Horizontal header items `labels`, each with the tooltip of the same index in `tips`.
void setHeaders(QTableWidget* table, const QStringList& labels, const QStringList& tips);

// A read-only table of figures, rows and columns named (with a tooltip each), as high as its rows.
QTableWidget* figuresTable(const QStringList& rows, const QStringList& rowTips, const QStringList& columns,
                           const QStringList& columnTips, QWidget* parent);

// Fixes the table's height to its header and first `maxRows` rows (all rows when negative); an
// empty table keeps the height of one row. Row heights are the header's size hints (rows laid out
// ResizeToContents) or, with `laidOut`, their current sizes.
void fitTableHeight(QTableWidget* table, int maxRows = -1, bool laidOut = false);

}  // namespace veil::ui
