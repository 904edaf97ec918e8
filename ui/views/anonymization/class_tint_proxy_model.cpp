#include "views/anonymization/class_tint_proxy_model.h"

#include "views/anonymization/class_colors.h"

#include <QBrush>
#include <QFont>

namespace veil::ui {

ClassTintProxyModel::ClassTintProxyModel(QObject* parent) : QIdentityProxyModel(parent) {}

void ClassTintProxyModel::setClasses(std::vector<std::uint32_t> recordClass, std::vector<std::uint8_t> classSuppressed,
                                     std::vector<std::size_t> classSize) {
    m_recordClass = std::move(recordClass);
    m_suppressed = std::move(classSuppressed);
    m_size = std::move(classSize);
    m_highlight = -1;
    if (rowCount() > 0 && columnCount() > 0) Q_EMIT dataChanged(index(0, 0), index(rowCount() - 1, columnCount() - 1));
    if (rowCount() > 0) Q_EMIT headerDataChanged(Qt::Vertical, 0, rowCount() - 1);
}

void ClassTintProxyModel::setHighlightedClass(int classId) {
    if (classId == m_highlight) return;
    m_highlight = classId;
    if (rowCount() > 0 && columnCount() > 0)
        Q_EMIT dataChanged(index(0, 0), index(rowCount() - 1, columnCount() - 1), {Qt::BackgroundRole, Qt::FontRole});
}

int ClassTintProxyModel::firstRowOfClass(int classId) const {
    if (classId < 0) return -1;
    const int rows = std::min(rowCount(), int(m_recordClass.size()));
    for (int r = 0; r < rows; ++r)
        if (int(m_recordClass[std::size_t(r)]) == classId) return r;
    return -1;
}

int ClassTintProxyModel::classOf(int row) const {
    if (row < 0 || std::size_t(row) >= m_recordClass.size()) return -1;
    return int(m_recordClass[std::size_t(row)]);
}

bool ClassTintProxyModel::suppressed(int classId) const {
    return classId >= 0 && std::size_t(classId) < m_suppressed.size() && m_suppressed[std::size_t(classId)] != 0;
}

QVariant ClassTintProxyModel::data(const QModelIndex& index, int role) const {
    if (!index.isValid()) return {};
    const int c = classOf(index.row());
    if (c >= 0) {
        switch (role) {
            case Qt::BackgroundRole:
                return QBrush(c == m_highlight ? highlightColor() : classColor(c, suppressed(c)));
            case Qt::ForegroundRole:
                if (suppressed(c)) return QBrush(QColor(110, 110, 110));
                break;
            case Qt::FontRole:
                if (c == m_highlight) {
                    QFont font;
                    font.setBold(true);
                    return font;
                }
                if (suppressed(c)) {
                    QFont font;
                    font.setItalic(true);
                    return font;
                }
                break;
            case Qt::ToolTipRole: {
                const std::size_t size = std::size_t(c) < m_size.size() ? m_size[std::size_t(c)] : 0;
                return tr("Equivalence class %1 (%2 records)%3")
                    .arg(c)
                    .arg(size)
                    .arg(suppressed(c) ? tr(" - suppressed") : QString());
            }
            case ClassIdRole:
                return c;
            default:
                break;
        }
    }
    return QIdentityProxyModel::data(index, role);
}

QVariant ClassTintProxyModel::headerData(int section, Qt::Orientation orientation, int role) const {
    if (orientation == Qt::Vertical && role == Qt::DisplayRole) {
        const int c = classOf(section);
        if (c >= 0 && suppressed(c)) return tr("%1 ✕").arg(section + 1);
    }
    return QIdentityProxyModel::headerData(section, orientation, role);
}

}  // namespace veil::ui
