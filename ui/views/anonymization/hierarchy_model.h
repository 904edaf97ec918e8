// HierarchyModel: an editable table over a hierarchy's rows (value, level 1, ..., top), the
// preview of the hierarchy editor. Edits change the rows held here; the editor validates them
// with core (Hierarchy::fromRows, checkConsistency, checkCoverage) and applies them on request.
#pragma once

#include <QAbstractTableModel>

#include <string>
#include <vector>

namespace veil::ui {

class HierarchyModel final : public QAbstractTableModel {
    Q_OBJECT

public:
    explicit HierarchyModel(QObject* parent = nullptr);

    void setRows(std::vector<std::vector<std::string>> rows);  // big old rows are freed off the UI thread
    const std::vector<std::vector<std::string>>& rows() const { return m_rows; }

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    bool setData(const QModelIndex& index, const QVariant& value, int role = Qt::EditRole) override;
    Qt::ItemFlags flags(const QModelIndex& index) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

Q_SIGNALS:
    void edited();

private:
    static constexpr std::size_t kDisposeInBackgroundRows = 10000;
    std::vector<std::vector<std::string>> m_rows;
    int m_columns = 0;
};

}  // namespace veil::ui
