// SpatialCanvas: draws a private spatial decomposition over its points with QPainter - the leaf
// rectangles filled by noisy density (log colour scale with a legend), the points on top
// (a downsampled copy when there are many), axes with ticks and titles. Hover a cell to see its
// counts; drag with the left button to ask a range-count query; wheel zooms, middle-button (or
// Ctrl+left) drag pans, double-click resets the zoom. Static layers are cached in a pixmap.
#pragma once

#include "charts/density_color_scale.h"
#include "views/spatial/spatial_result.h"

#include <QPixmap>
#include <QWidget>

#include <memory>
#include <optional>

namespace veil::ui {

class SpatialCanvas final : public QWidget {
    Q_OBJECT

public:
    explicit SpatialCanvas(QWidget* parent = nullptr);

    void setResult(std::shared_ptr<const SpatialResult> result);
    const std::shared_ptr<const SpatialResult>& result() const { return m_result; }
    void setAxisTitles(const QString& x, const QString& y);
    void setShowTrue(bool show);
    // Shown centred when there is no result.
    void setPlaceholder(const QString& text);

    // Number of leaf rectangles drawn (all leaves of the current decomposition).
    int drawnLeafCount() const { return m_drawnLeaves; }
    int drawnPointCount() const { return m_result ? int(m_result->drawnPoints.size()) : 0; }
    const DensityColorScale& colorScale() const { return m_scale; }
    // Node index of the hovered leaf (-1: none).
    int hoveredNode() const { return m_hovered; }
    // The last range asked by dragging (in data coordinates).
    const std::optional<spatial::Rect>& selection() const { return m_selection; }
    void setSelection(const std::optional<spatial::Rect>& rect);

    // Data <-> widget coordinates (for the tests, which drive the mouse).
    QPointF toWidget(double x, double y) const;
    QPointF toData(const QPointF& widgetPoint) const;
    QRectF plotArea() const;
    // Leaf containing a data point (node index, -1 outside the domain).
    int leafAt(double x, double y) const;
    void resetZoom();

    // Paints everything (vector output for SVG; at most `maxPoints` points).
    void paintPicture(QPainter& painter, int maxPoints) const;

Q_SIGNALS:
    void leafHovered(int node);
    void rangeSelected(double x0, double y0, double x1, double y1);

protected:
    void paintEvent(QPaintEvent* event) override;
    void resizeEvent(QResizeEvent* event) override;
    void mouseMoveEvent(QMouseEvent* event) override;
    void mousePressEvent(QMouseEvent* event) override;
    void mouseReleaseEvent(QMouseEvent* event) override;
    void mouseDoubleClickEvent(QMouseEvent* event) override;
    void wheelEvent(QWheelEvent* event) override;
    void leaveEvent(QEvent* event) override;

private:
    void paintLeaves(QPainter& p) const;
    void paintPoints(QPainter& p, int maxPoints) const;
    void paintAxes(QPainter& p) const;
    void paintLegend(QPainter& p) const;
    void paintHover(QPainter& p) const;
    QRectF widgetRect(const spatial::Rect& r) const;
    double relativeDensity(const spatial::PsdNode& node) const;
    void setHovered(int node);
    void invalidate();

    std::shared_ptr<const SpatialResult> m_result;
    spatial::Rect m_view;  // visible data rectangle
    DensityColorScale m_scale;
    QString m_xTitle = QStringLiteral("x"), m_yTitle = QStringLiteral("y");
    QString m_placeholder;
    bool m_showTrue = false;
    int m_drawnLeaves = 0;
    int m_hovered = -1;
    QPointF m_mouse;
    std::optional<spatial::Rect> m_selection;
    std::optional<QPointF> m_dragStart;  // rubber band (widget coordinates)
    QPointF m_dragNow;
    std::optional<QPointF> m_panStart;
    spatial::Rect m_panView;
    mutable QPixmap m_cache;
};

}  // namespace veil::ui
