// TableModel: a read-only QAbstractTableModel over an immutable veil::Table. Cells are formatted on
// demand in data(), so a million rows cost nothing until they are scrolled into view; categorical
// dictionaries are converted to QString once per column. The horizontal header shows each
// column's attribute role (icon, tint) and a tooltip with its type and role.
#pragma once

#include "veil/table/table.h"

#include <QAbstractTableModel>
#include <QString>

#include <vector>

namespace veil::ui {

class TableModel final : public QAbstractTableModel {
    Q_OBJECT

public:
    // Extra header roles (horizontal header).
    enum HeaderRole {
        AttributeRoleRole = Qt::UserRole + 1,  // int(veil::AttributeRole)
        ColumnTypeRole,                        // int(veil::ColumnType)
    };

    explicit TableModel(QObject* parent = nullptr);

    const Table& table() const { return m_table; }
    // A new table: resets the model.
    void setTable(const Table& table);
    // The same rows with column `column` changed (role or type): emits headerDataChanged and
    // dataChanged for that column only. Falls back to a reset when the shape differs.
    void replaceColumn(const Table& table, int column);

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    QString cellText(int row, int column) const;
    void rebuildDictionary(int column);

    Table m_table;
    std::vector<std::vector<QString>> m_dictionaries;  // per column; empty unless categorical
};

}  // namespace veil::ui
