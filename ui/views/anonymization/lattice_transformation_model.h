// LatticeTransformationModel: every node of a generalization lattice as a row — the
// transformation with level names, whether it is anonymous (as the lattice view colours it), its
// information loss and its height — for the sortable list beside the Hasse diagram. Qt::UserRole
// gives sortable values (numbers for loss and level); LatticeFilterProxy filters the rows.
#pragma once

#include "charts/anonymization/lattice_level_names.h"

#include "veil/anonymity/lattice.h"

#include <QAbstractTableModel>

namespace veil::ui {

class LatticeTransformationModel final : public QAbstractTableModel {
    Q_OBJECT

public:
    enum Column { TransformationColumn, AnonymousColumn, LossColumn, LevelColumn, ColumnCount };
    static constexpr int SortRole = Qt::UserRole;
    static constexpr int NodeIndexRole = Qt::UserRole + 1;

    explicit LatticeTransformationModel(QObject* parent = nullptr);

    void setLattice(const anonymity::GeneralizationLattice& lattice, LatticeLevelNames names);
    const anonymity::GeneralizationLattice& lattice() const { return m_lattice; }
    const LatticeLevelNames& levelNames() const { return m_names; }
    // Row of lattice node `index` (rows are in lattice index order).
    int rowOf(std::size_t index) const { return int(index); }

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role) const override;

private:
    QVariant displayData(std::size_t node, int column) const;

    anonymity::GeneralizationLattice m_lattice;
    LatticeLevelNames m_names;
};

}  // namespace veil::ui
