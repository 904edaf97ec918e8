#include "views/anonymization/lattice_view.h"

#include "charts/anonymization/lattice_scene_builder.h"

#include <QGraphicsItem>

#include <algorithm>
#include <QMouseEvent>
#include <QWheelEvent>

namespace veil::ui {

LatticeView::LatticeView(QWidget* parent) : QGraphicsView(parent) {
    setRenderHint(QPainter::Antialiasing);
    setDragMode(QGraphicsView::ScrollHandDrag);
    setBackgroundBrush(Qt::white);
}

void LatticeView::fitAll() {
    if (!scene()) return;
    const QRectF bounds = scene()->itemsBoundingRect().adjusted(-10, -10, 10, 10);
    fitInView(bounds, Qt::KeepAspectRatio);
    // Between 0.75x (labels stay readable; wide lattices scroll) and 1.6x (small ones stay crisp).
    const double scale = std::clamp(transform().m11(), 0.75, 1.6);
    setTransform(QTransform::fromScale(scale, scale));
    if (m_focus) centerOn(*m_focus);
    m_userZoomed = false;
}

void LatticeView::fitToView() {
    if (!scene()) return;
    fitInView(scene()->itemsBoundingRect().adjusted(-10, -10, 10, 10), Qt::KeepAspectRatio);
    m_userZoomed = true;
}

void LatticeView::zoomBy(double factor) {
    scale(factor, factor);
    m_userZoomed = true;
}

bool LatticeView::selectNode(std::size_t index) {
    if (!scene()) return false;
    scene()->clearSelection();
    for (QGraphicsItem* item : scene()->items()) {
        const QVariant data = item->data(LatticeSceneBuilder::kNodeIndexKey);
        if (!data.isValid() || std::size_t(data.toULongLong()) != index) continue;
        item->setSelected(true);
        centerOn(item);
        return true;
    }
    return false;
}

void LatticeView::mousePressEvent(QMouseEvent* event) {
    if (event->button() == Qt::LeftButton) {
        for (QGraphicsItem* item : items(event->position().toPoint())) {
            const QVariant index = item->data(LatticeSceneBuilder::kNodeIndexKey);
            if (index.isValid()) {
                Q_EMIT nodeClicked(std::size_t(index.toULongLong()));
                event->accept();
                return;
            }
        }
    }
    QGraphicsView::mousePressEvent(event);
}

void LatticeView::wheelEvent(QWheelEvent* event) {
    if (event->modifiers() & Qt::ControlModifier) {
        const double factor = event->angleDelta().y() > 0 ? 1.2 : 1.0 / 1.2;
        setTransformationAnchor(QGraphicsView::AnchorUnderMouse);
        zoomBy(factor);
        event->accept();
        return;
    }
    QGraphicsView::wheelEvent(event);
}

void LatticeView::resizeEvent(QResizeEvent* event) {
    QGraphicsView::resizeEvent(event);
    if (!m_userZoomed) fitAll();
}

}  // namespace veil::ui
