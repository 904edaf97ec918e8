#include "views/anonymization/hierarchy_model.h"

#include "jobs/dispose.h"

namespace veil::ui {

HierarchyModel::HierarchyModel(QObject* parent) : QAbstractTableModel(parent) {}

void HierarchyModel::setRows(std::vector<std::vector<std::string>> rows) {
    beginResetModel();
    std::swap(m_rows, rows);
    if (rows.size() > kDisposeInBackgroundRows) disposeInBackground(std::move(rows));
    m_columns = 0;
    for (const auto& row : m_rows) m_columns = std::max(m_columns, int(row.size()));
    endResetModel();
}

int HierarchyModel::rowCount(const QModelIndex& parent) const { return parent.isValid() ? 0 : int(m_rows.size()); }
int HierarchyModel::columnCount(const QModelIndex& parent) const { return parent.isValid() ? 0 : m_columns; }

QVariant HierarchyModel::data(const QModelIndex& index, int role) const {
    if (!checkIndex(index, CheckIndexOption::IndexIsValid)) return {};
    const auto& row = m_rows[std::size_t(index.row())];
    if (role == Qt::DisplayRole || role == Qt::EditRole) {
        if (std::size_t(index.column()) >= row.size()) return QString();
        return QString::fromStdString(row[std::size_t(index.column())]);
    }
    return {};
}

bool HierarchyModel::setData(const QModelIndex& index, const QVariant& value, int role) {
    if (role != Qt::EditRole || !checkIndex(index, CheckIndexOption::IndexIsValid)) return false;
    auto& row = m_rows[std::size_t(index.row())];
    if (std::size_t(index.column()) >= row.size()) row.resize(std::size_t(index.column()) + 1);
    const std::string text = value.toString().toStdString();
    if (row[std::size_t(index.column())] == text) return false;
    row[std::size_t(index.column())] = text;
    Q_EMIT dataChanged(index, index, {Qt::DisplayRole, Qt::EditRole});
    Q_EMIT edited();
    return true;
}

Qt::ItemFlags HierarchyModel::flags(const QModelIndex& index) const {
    if (!index.isValid()) return Qt::NoItemFlags;
    return Qt::ItemIsSelectable | Qt::ItemIsEnabled | Qt::ItemIsEditable;
}

QVariant HierarchyModel::headerData(int section, Qt::Orientation orientation, int role) const {
    if (role != Qt::DisplayRole) return {};
    if (orientation == Qt::Vertical) return section + 1;
    if (section == 0) return tr("Value");
    return tr("Level %1").arg(section);
}

}  // namespace veil::ui
