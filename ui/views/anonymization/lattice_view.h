// LatticeView: a QGraphicsView of the lattice scene that reports which node was clicked and
// zooms with Ctrl+wheel; it fits the whole lattice when resized.
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
