// LatticePage: the generalization lattice of the last optimal search as a Hasse diagram (every
// node, edges to direct successors, coloured optimum / anonymous / pruned / not anonymous, sized
// by loss) beside a sortable list of all transformations with level names. Selecting a row
// selects its node; clicking a node (or double-clicking a row) asks the view to apply that
// transformation (tables, charts and metrics follow), so a steward can see why the optimum wins.
// Selecting two rows (or one, against the optimum) shows the two solutions side by side.
#pragma once

#include <QWidget>

#include <vector>

class QComboBox;
class QGraphicsScene;
class QLabel;
class QTableView;

namespace veil::ui {

class AnonymizationState;
class LatticeFilterBar;
class LatticeFilterProxy;
class LatticeComparison;
class LatticeTransformationModel;
class LatticeView;
struct AnonymizationRun;

class LatticePage final : public QWidget {
    Q_OBJECT

public:
    explicit LatticePage(AnonymizationState* state, QWidget* parent = nullptr);

    LatticeView* view() const { return m_view; }
    QGraphicsScene* scene() const { return m_scene; }
    QTableView* table() const { return m_table; }
    LatticeTransformationModel* model() const { return m_model; }
    LatticeFilterProxy* proxy() const { return m_proxy; }
    LatticeFilterBar* filterBar() const { return m_filterBar; }
    // "All transformations" (0) or "Anonymous only" (1).
    QComboBox* filter() const;
    LatticeComparison* comparison() const { return m_comparison; }
    // The summary line; without a lattice, why there is none (e.g. local recoding, MDAV).
    QLabel* info() const { return m_info; }

Q_SIGNALS:
    void nodeActivated(const std::vector<int>& levels);

private:
    QWidget* buildToolbar();
    void buildTable();
    void redraw();
    QString noLatticeMessage(const AnonymizationRun* run) const;
    void applyFilter();
    void sizeFixedColumns();
    void selectRowOf(std::size_t index);
    void compareSelection();

    AnonymizationState* m_state;
    QLabel* m_info;
    QGraphicsScene* m_scene;
    LatticeView* m_view;
    QTableView* m_table = nullptr;
    LatticeTransformationModel* m_model = nullptr;
    LatticeFilterProxy* m_proxy = nullptr;
    LatticeFilterBar* m_filterBar = nullptr;
    LatticeComparison* m_comparison = nullptr;
};

}  // namespace veil::ui
