#include "models/table_model.h"

#include "models/attribute_style.h"

#include <QBrush>
#include <QFont>
#include <QLocale>

#include <limits>

namespace veil::ui {

TableModel::TableModel(QObject* parent) : QAbstractTableModel(parent) {}

void TableModel::setTable(const Table& table) {
    beginResetModel();
    m_table = table;
    m_dictionaries.assign(m_table.columnCount(), {});
    for (int c = 0; c < int(m_table.columnCount()); ++c) rebuildDictionary(c);
    endResetModel();
}

void TableModel::replaceColumn(const Table& table, int column) {
    if (table.rowCount() != m_table.rowCount() || table.columnCount() != m_table.columnCount() || column < 0 ||
        column >= int(table.columnCount())) {
        setTable(table);
        return;
    }
    m_table = table;
    rebuildDictionary(column);
    Q_EMIT headerDataChanged(Qt::Horizontal, column, column);
    if (rowCount() > 0) Q_EMIT dataChanged(index(0, column), index(rowCount() - 1, column));
}

void TableModel::rebuildDictionary(int column) {
    auto& dict = m_dictionaries[std::size_t(column)];
    dict.clear();
    const Column& col = m_table.column(std::size_t(column));
    if (col.type() != ColumnType::Categorical) return;
    dict.reserve(col.dictionary().size());
    for (const std::string& v : col.dictionary()) dict.push_back(QString::fromStdString(v));
}

int TableModel::rowCount(const QModelIndex& parent) const {
    if (parent.isValid()) return 0;
    // Views index rows with int; a table beyond that is shown truncated rather than overflowing.
    return int(std::min<std::size_t>(m_table.rowCount(), std::size_t(std::numeric_limits<int>::max())));
}

int TableModel::columnCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : int(m_table.columnCount());
}

QString TableModel::cellText(int row, int column) const {
    const Column& col = m_table.column(std::size_t(column));
    const auto r = std::size_t(row);
    if (col.isMissing(r)) return {};
    switch (col.type()) {
        case ColumnType::Integer:
            return QString::number(col.integerAt(r));
        case ColumnType::Categorical: {
            const std::int32_t code = col.codeAt(r);
            const auto& dict = m_dictionaries[std::size_t(column)];
            return code >= 0 && std::size_t(code) < dict.size() ? dict[std::size_t(code)] : QString();
        }
        case ColumnType::Text: {
            const std::string_view v = col.textAt(r);
            return QString::fromUtf8(v.data(), qsizetype(v.size()));
        }
        case ColumnType::Real:
        case ColumnType::Date:
            return QString::fromStdString(col.toString(r));
    }
    return {};
}

QVariant TableModel::data(const QModelIndex& index, int role) const {
    if (!index.isValid() || index.row() >= rowCount() || index.column() >= columnCount()) return {};
    const Column& col = m_table.column(std::size_t(index.column()));
    switch (role) {
        case Qt::DisplayRole:
        case Qt::ToolTipRole:
            return cellText(index.row(), index.column());
        case Qt::TextAlignmentRole:
            return QVariant::fromValue(isNumericType(col.type()) && col.type() != ColumnType::Date
                                           ? Qt::AlignRight | Qt::AlignVCenter
                                           : Qt::AlignLeft | Qt::AlignVCenter);
        default:
            return {};
    }
}

QVariant TableModel::headerData(int section, Qt::Orientation orientation, int role) const {
    if (orientation == Qt::Vertical) {
        if (role == Qt::DisplayRole && section >= 0 && section < rowCount()) return section + 1;
        if (role == Qt::TextAlignmentRole) return QVariant::fromValue(Qt::AlignRight | Qt::AlignVCenter);
        return {};
    }
    if (section < 0 || section >= columnCount()) return {};
    const Column& col = m_table.column(std::size_t(section));
    const AttributeRole attr = m_table.role(std::size_t(section));
    switch (role) {
        case Qt::DisplayRole:
            return QString::fromStdString(col.name());
        case Qt::DecorationRole:
            return roleIcon(attr);
        case Qt::BackgroundRole: {
            const QColor tint = roleTint(attr);
            return tint.isValid() ? QVariant(QBrush(tint)) : QVariant();
        }
        case Qt::ToolTipRole:
            return QStringLiteral("<b>%1</b><br>Type: %2<br>Role: %3<br><i>%4</i><br>%5 missing")
                .arg(QString::fromStdString(col.name()).toHtmlEscaped(), typeLabel(col.type()), roleLabel(attr),
                     roleDescription(attr), QLocale().toString(qulonglong(col.missingCount())));
        case AttributeRoleRole:
            return int(attr);
        case ColumnTypeRole:
            return int(col.type());
        default:
            return {};
    }
}

}  // namespace veil::ui
