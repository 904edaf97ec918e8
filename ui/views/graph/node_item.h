// NodeItem: one node of the drawn graph (a disc with its name), telling the canvas when the mouse
// is over it so that the view can show the node's details.
#pragma once

#include <QGraphicsEllipseItem>

#include <functional>

namespace veil::ui {

class NodeItem final : public QGraphicsEllipseItem {
public:
    NodeItem(int node, double radius, std::function<void(int node, bool entered)> onHover);

    int node() const { return m_node; }
    void setCaption(const QString& text, const QColor& color, double pointSize);
    // The disc's fill and its caption's colour (after a contrast change).
    void setColours(const QColor& fill, const QColor& text);
    // The outline again from the palette (after a contrast change).
    void restyle();
    // Degree > k: thick red outline and a larger disc.
    void setHighlighted(bool on);
    // Removed by the vertex LP rounding: crossed out (dotted outline, faded).
    void setDeleted(bool on);
    bool isHighlighted() const { return m_highlighted; }

protected:
    void hoverEnterEvent(QGraphicsSceneHoverEvent* event) override;
    void hoverLeaveEvent(QGraphicsSceneHoverEvent* event) override;

private:
    int m_node;
    double m_radius;
    bool m_highlighted = false;
    bool m_deleted = false;
    std::function<void(int, bool)> m_onHover;
};

}  // namespace veil::ui
