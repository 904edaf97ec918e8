// ClassTintProxyModel: shows a table (original or released) with each row tinted by its
// equivalence class, suppressed rows greyed and marked, and the selected class highlighted.
// An identity proxy over a TableModel: no data is copied.
#pragma once

#include <QIdentityProxyModel>

#include <cstdint>
#include <memory>
#include <vector>

namespace veil::ui {

class ClassTintProxyModel final : public QIdentityProxyModel {
    Q_OBJECT

public:
    enum Role { ClassIdRole = Qt::UserRole + 100 };

    explicit ClassTintProxyModel(QObject* parent = nullptr);

    // Class per source row and suppressed flag per class (empty: no tint).
    void setClasses(std::vector<std::uint32_t> recordClass, std::vector<std::uint8_t> classSuppressed,
                    std::vector<std::size_t> classSize);
    void setHighlightedClass(int classId);
    int highlightedClass() const { return m_highlight; }
    // Rows of class `classId` (first one, for scrolling), -1 when none.
    int firstRowOfClass(int classId) const;

    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    int classOf(int row) const;
    bool suppressed(int classId) const;

    std::vector<std::uint32_t> m_recordClass;
    std::vector<std::uint8_t> m_suppressed;
    std::vector<std::size_t> m_size;
    int m_highlight = -1;
};

}  // namespace veil::ui
