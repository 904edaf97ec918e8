#include "views/anonymization/class_list_model.h"

#include "views/anonymization/class_colors.h"

#include <QBrush>

namespace veil::ui {

ClassListModel::ClassListModel(QObject* parent) : QAbstractTableModel(parent) {}

void ClassListModel::setClasses(const anonymity::EquivalenceClasses& classes, const std::vector<std::string>& qis,
                                int k) {
    beginResetModel();
    m_classes = classes;
    m_qis.clear();
    for (const auto& q : qis) m_qis << QString::fromStdString(q);
    m_k = k;
    endResetModel();
}

void ClassListModel::clear() {
    beginResetModel();
    m_classes = {};
    endResetModel();
}

int ClassListModel::rowCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : int(m_classes.classCount());
}
int ClassListModel::columnCount(const QModelIndex& parent) const { return parent.isValid() ? 0 : ColumnCount; }

QVariant ClassListModel::data(const QModelIndex& index, int role) const {
    if (!checkIndex(index, CheckIndexOption::IndexIsValid)) return {};
    const std::size_t c = std::size_t(index.row());
    const bool suppressed = c < m_classes.classSuppressed.size() && m_classes.classSuppressed[c] != 0;
    const std::size_t size = m_classes.classSize[c];
    QString values;
    if (c < m_classes.classLabels.size()) {
        QStringList parts;
        for (const auto& label : m_classes.classLabels[c]) parts << QString::fromStdString(label);
        values = parts.join(QStringLiteral(" | "));
    }
    switch (role) {
        case Qt::DisplayRole:
            switch (index.column()) {
                case IdColumn:
                    return int(c);
                case SizeColumn:
                    return qulonglong(size);
                case SuppressedColumn:
                    return suppressed ? tr("suppressed") : QString();
                case ValuesColumn:
                    return values;
            }
            return {};
        case SortRole:
            switch (index.column()) {
                case IdColumn:
                    return int(c);
                case SizeColumn:
                    return qulonglong(size);
                case SuppressedColumn:
                    return suppressed ? 1 : 0;
                case ValuesColumn:
                    return values;
            }
            return {};
        case ClassIdRole:
            return int(c);
        case Qt::BackgroundRole:
            if (index.column() == IdColumn) return QBrush(classColor(int(c), suppressed));
            return {};
        case Qt::ForegroundRole:
            if (index.column() == SizeColumn && !suppressed && size < std::size_t(m_k))
                return QBrush(QColor(180, 30, 30));
            return {};
        case Qt::ToolTipRole:
            return tr("Class %1: %2 records%3\n%4 = %5")
                .arg(c)
                .arg(size)
                .arg(suppressed ? tr(", suppressed") : QString())
                .arg(m_qis.join(QStringLiteral(" | ")), values);
        case Qt::TextAlignmentRole:
            if (index.column() == IdColumn || index.column() == SizeColumn)
                return int(Qt::AlignRight | Qt::AlignVCenter);
            return {};
    }
    return {};
}

QVariant ClassListModel::headerData(int section, Qt::Orientation orientation, int role) const {
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return QAbstractTableModel::headerData(section, orientation, role);
    switch (section) {
        case IdColumn:
            return tr("Class");
        case SizeColumn:
            return tr("Size");
        case SuppressedColumn:
            return tr("Status");
        case ValuesColumn:
            return tr("Generalized values");
    }
    return {};
}

}  // namespace veil::ui
