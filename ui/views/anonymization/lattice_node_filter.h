// Which nodes of a generalization lattice the Lattice page shows: by anonymity, by information
// loss, by height and by the levels allowed per quasi-identifier (ARX's lattice filter). One
// predicate for the Hasse diagram (nodes dimmed) and the list of transformations (rows hidden).
#pragma once

#include "veil/anonymity/lattice.h"

#include <QSortFilterProxyModel>

#include <limits>
#include <vector>

namespace veil::ui {

struct LatticeNodeFilter {
    bool anonymousOnly = false;
    // A node passes when its loss is in [minLoss, maxLoss]; with a bound set, nodes whose loss
    // was never computed (the search pruned them) do not.
    double minLoss = -std::numeric_limits<double>::infinity();
    double maxLoss = std::numeric_limits<double>::infinity();
    int minHeight = 0;
    int maxHeight = std::numeric_limits<int>::max();
    // allowedLevels[qi][level]: whether nodes with that level of the QI pass; empty: every level.
    std::vector<std::vector<bool>> allowedLevels;

    bool lossBounded() const;
    bool accepts(const anonymity::GeneralizationLattice& lattice, std::size_t node) const;
};

// Rows of a LatticeTransformationModel (row = node index) that pass a LatticeNodeFilter.
class LatticeFilterProxy final : public QSortFilterProxyModel {
    Q_OBJECT

public:
    using QSortFilterProxyModel::QSortFilterProxyModel;

    void setNodeFilter(LatticeNodeFilter filter);
    const LatticeNodeFilter& nodeFilter() const { return m_filter; }

protected:
    bool filterAcceptsRow(int sourceRow, const QModelIndex& sourceParent) const override;

private:
    LatticeNodeFilter m_filter;
};

}  // namespace veil::ui
