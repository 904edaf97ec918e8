#include "views/graph/node_item.h"

#include "views/graph/graph_palette.h"

#include <QBrush>
#include <QFont>
#include <QGraphicsSimpleTextItem>
#include <QPen>

namespace veil::ui {

NodeItem::NodeItem(int node, double radius, std::function<void(int, bool)> onHover)
    : QGraphicsEllipseItem(-radius, -radius, 2 * radius, 2 * radius),
      m_node(node),
      m_radius(radius),
      m_onHover(std::move(onHover)) {
    setAcceptHoverEvents(true);
    setZValue(2);
    restyle();
}

void NodeItem::setCaption(const QString& text, const QColor& color, double pointSize) {
    auto* caption = new QGraphicsSimpleTextItem(text, this);
    QFont font = caption->font();
    font.setPointSizeF(pointSize);
    font.setBold(true);
    caption->setFont(font);
    caption->setBrush(color);
    const QRectF r = caption->boundingRect();
    caption->setPos(-r.width() / 2, -r.height() / 2);
    caption->setAcceptHoverEvents(false);
}

void NodeItem::setColours(const QColor& fill, const QColor& text) {
    setBrush(fill);
    for (QGraphicsItem* child : childItems())
        if (auto* caption = dynamic_cast<QGraphicsSimpleTextItem*>(child)) caption->setBrush(text);
}

void NodeItem::setHighlighted(bool on) {
    if (m_highlighted == on) return;
    m_highlighted = on;
    restyle();
}

void NodeItem::setDeleted(bool on) {
    if (m_deleted == on) return;
    m_deleted = on;
    restyle();
}

void NodeItem::restyle() {
    QPen pen(m_highlighted ? graph_palette::highlightOutline() : graph_palette::nodeOutline());
    pen.setWidthF(m_highlighted ? m_radius * 0.35 : std::max(1.0, m_radius * 0.08));
    if (m_deleted) pen.setStyle(Qt::DotLine);
    pen.setCosmetic(false);
    setPen(pen);
    setOpacity(m_deleted ? 0.45 : 1.0);
    const double r = m_highlighted ? m_radius * 1.25 : m_radius;
    setRect(-r, -r, 2 * r, 2 * r);
    setZValue(m_highlighted ? 3 : 2);
}

void NodeItem::hoverEnterEvent(QGraphicsSceneHoverEvent* event) {
    if (m_onHover) m_onHover(m_node, true);
    QGraphicsEllipseItem::hoverEnterEvent(event);
}

void NodeItem::hoverLeaveEvent(QGraphicsSceneHoverEvent* event) {
    if (m_onHover) m_onHover(m_node, false);
    QGraphicsEllipseItem::hoverLeaveEvent(event);
}

}  // namespace veil::ui
