// LeafTableModel: the leaves of the current decomposition as rows - depth, noisy (released)
// count, the true count only while "show true values" is on (a column that appears and
// disappears; NOT private), noisy density relative to the average, and the cell rectangle.
// Qt::UserRole gives the number behind each cell for sorting.
#pragma once

#include "views/spatial/spatial_result.h"

#include <QAbstractTableModel>

#include <memory>

namespace veil::ui {

class LeafTableModel final : public QAbstractTableModel {
    Q_OBJECT

public:
    // Logical columns; the shown column index is column(...) (TrueColumn exists only while shown).
    enum Column { DepthColumn, NoisyColumn, TrueColumn, DensityColumn, CellColumn };

    explicit LeafTableModel(QObject* parent = nullptr);

    void setResult(std::shared_ptr<const SpatialResult> result);
    void setShowTrue(bool show);
    bool showsTrue() const { return m_showTrue; }
    // Node index of the leaf in `row` (-1 when out of range).
    int nodeAt(int row) const;
    // Shown index of a logical column (-1: the true column while hidden), and back.
    int column(Column logical) const;
    Column logical(int section) const;

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    std::shared_ptr<const SpatialResult> m_result;
    bool m_showTrue = false;
};

}  // namespace veil::ui
