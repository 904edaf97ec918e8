// LatticePage: the generalization lattice of the last optimal search, by level, nodes coloured
// optimum / anonymous / pruned / not anonymous; clicking a node asks the view to apply that
// transformation (tables, charts and metrics follow), so a class can see why the optimum wins.
#pragma once

#include <QWidget>

#include <vector>

class QGraphicsScene;
class QLabel;

namespace veil::ui {

class AnonymizationState;
class LatticeView;

class LatticePage final : public QWidget {
    Q_OBJECT

public:
    explicit LatticePage(AnonymizationState* state, QWidget* parent = nullptr);

    LatticeView* view() const { return m_view; }
    QGraphicsScene* scene() const { return m_scene; }

Q_SIGNALS:
    void nodeActivated(const std::vector<int>& levels);

private:
    void redraw();

    AnonymizationState* m_state;
    QLabel* m_info;
    QGraphicsScene* m_scene;
    LatticeView* m_view;
};

}  // namespace veil::ui
