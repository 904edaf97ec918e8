// LatticeView: a QGraphicsView of the lattice scene that reports which node was clicked, zooms
// with Ctrl+wheel (or zoomBy), fits the whole lattice on demand (fitToView) and selects a node
// from outside (the transformation list). Until the user zooms, a resize refits at a readable
// scale (wide lattices scroll around the node shown now).
#pragma once

#include <QGraphicsView>

#include <cstddef>
#include <optional>

namespace veil::ui {

class LatticeView final : public QGraphicsView {
    Q_OBJECT

public:
    explicit LatticeView(QWidget* parent = nullptr);
    void fitAll();
    // The whole lattice in the viewport, however small the nodes become.
    void fitToView();
    void zoomBy(double factor);
    double zoom() const { return transform().m11(); }
    // Selects the node with lattice index `index` (only that one) and scrolls to it; false when
    // the scene has no such node.
    bool selectNode(std::size_t index);
    // The point kept in view when the lattice is wider than the view (the node shown now).
    void setFocusPoint(std::optional<QPointF> point) { m_focus = point; }

Q_SIGNALS:
    void nodeClicked(std::size_t index);

protected:
    void mousePressEvent(QMouseEvent* event) override;
    void wheelEvent(QWheelEvent* event) override;
    void resizeEvent(QResizeEvent* event) override;

private:
    bool m_userZoomed = false;
    std::optional<QPointF> m_focus;
};

}  // namespace veil::ui
