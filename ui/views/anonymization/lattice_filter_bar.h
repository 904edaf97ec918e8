// LatticeFilterBar: the Lattice page's filter controls — anonymous only, a loss range, a height
// range and the levels allowed per quasi-identifier (a menu of check boxes, as ARX's) — with a
// count of the transformations shown and a Reset. It only builds a LatticeNodeFilter.
#pragma once

#include "views/anonymization/lattice_node_filter.h"

#include <QWidget>

class QComboBox;
class QDoubleSpinBox;
class QLabel;
class QMenu;
class QSpinBox;
class QToolButton;

namespace veil::ui {

class LatticeLevelNames;

class LatticeFilterBar final : public QWidget {
    Q_OBJECT

public:
    explicit LatticeFilterBar(QWidget* parent = nullptr);

    // New ranges and level menus for `lattice`; the loss, height and level filters start open
    // (the anonymity choice is kept).
    void setLattice(const anonymity::GeneralizationLattice& lattice, const LatticeLevelNames& names);
    LatticeNodeFilter filter() const;
    void setShownCount(int shown, int total);
    void reset();

    // "All transformations" (0) or "Anonymous only" (1).
    QComboBox* anonymityCombo() const { return m_anonymity; }
    QDoubleSpinBox* minLossSpin() const { return m_minLoss; }
    QDoubleSpinBox* maxLossSpin() const { return m_maxLoss; }
    QSpinBox* minHeightSpin() const { return m_minHeight; }
    QSpinBox* maxHeightSpin() const { return m_maxHeight; }
    // One submenu per quasi-identifier, one checkable action per level (in level order).
    QMenu* levelsMenu() const { return m_levelsMenu; }
    QLabel* countLabel() const { return m_count; }

Q_SIGNALS:
    void changed();

private:
    void rebuildLevelsMenu(const anonymity::GeneralizationLattice& lattice, const LatticeLevelNames& names);

    QComboBox* m_anonymity;
    QDoubleSpinBox* m_minLoss;
    QDoubleSpinBox* m_maxLoss;
    QSpinBox* m_minHeight;
    QSpinBox* m_maxHeight;
    QToolButton* m_levels;
    QMenu* m_levelsMenu;
    QLabel* m_count;
    bool m_hasLoss = false;
    bool m_resetting = false;
};

}  // namespace veil::ui
