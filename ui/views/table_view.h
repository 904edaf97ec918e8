// TableView: the data grid of a Document. Tuned for large tables (fixed row heights, no
// per-row sizing) and with a column header context menu to set a column's attribute role and type;
// the menu's actions push undo commands on the document.
#pragma once

#include <QTableView>

class QMenu;

namespace veil::ui {

class Document;

class TableView final : public QTableView {
    Q_OBJECT

public:
    explicit TableView(Document* document, QWidget* parent = nullptr);

    // The header context menu for `column` (caller owns it). Actions are named
    // "role:<role name>" and "type:<type name>" (core names, e.g. "role:quasi-identifier").
    QMenu* createHeaderMenu(int column, QWidget* parent = nullptr);

    // Column of the current index, or -1.
    int currentColumn() const;
    void selectColumnAt(int column);

Q_SIGNALS:
    void currentColumnChanged(int column);
    void statusMessage(const QString& message);

private:
    void onTableReset();
    void showHeaderMenu(const QPoint& pos);
    void fitColumns();

    Document* m_document;
    int m_lastColumn = -1;
};

}  // namespace veil::ui
