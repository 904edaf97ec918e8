#include "views/spatial/spatial_canvas.h"

#include "charts/nice_scale.h"
#include "views/spatial/spatial_readout.h"

#include <QMouseEvent>
#include <QPainter>
#include <QPolygonF>
#include <QWheelEvent>

#include <algorithm>
#include <cmath>

namespace veil::ui {
namespace {

constexpr int kLeft = 78, kRight = 120, kTop = 58, kBottom = 62;

QFont scaledFont(const QFont& base, double factor, bool bold = false) {
    QFont f = base;
    f.setPointSizeF(std::max(10.0, base.pointSizeF()) * factor);
    f.setBold(bold);
    return f;
}

}  // namespace

SpatialCanvas::SpatialCanvas(QWidget* parent) : QWidget(parent) {
    setMouseTracking(true);
    setMinimumSize(420, 320);
    setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Expanding);
    setAttribute(Qt::WA_OpaquePaintEvent);
    setCursor(Qt::CrossCursor);
}

void SpatialCanvas::setResult(std::shared_ptr<const SpatialResult> result) {
    const bool sameDomain = m_result && result && m_result->psd->domain == result->psd->domain;
    m_result = std::move(result);
    m_drawnLeaves = m_result ? int(m_result->psd->leaves.size()) : 0;
    if (m_result) {
        std::vector<double> densities;
        densities.reserve(m_result->psd->leaves.size());
        for (auto leaf : m_result->psd->leaves)
            densities.push_back(relativeDensity(m_result->psd->nodes[std::size_t(leaf)]));
        m_scale = DensityColorScale::fit(densities);
        if (!sameDomain) m_view = m_result->psd->domain;
    }
    m_hovered = -1;
    invalidate();
}

void SpatialCanvas::setAxisTitles(const QString& x, const QString& y) {
    m_xTitle = x;
    m_yTitle = y;
    invalidate();
}

void SpatialCanvas::setShowTrue(bool show) {
    m_showTrue = show;
    update();
}

void SpatialCanvas::setPlaceholder(const QString& text) {
    m_placeholder = text;
    invalidate();
}

void SpatialCanvas::setSelection(const std::optional<spatial::Rect>& rect) {
    m_selection = rect;
    update();
}

QRectF SpatialCanvas::plotArea() const {
    QRectF area(kLeft, kTop, std::max(10, width() - kLeft - kRight), std::max(10, height() - kTop - kBottom));
    // Equal units on both axes (maps and DPBench grids keep their shape) unless the data's aspect
    // ratio is extreme (e.g. age against income), where it would leave a sliver.
    const double dataAspect = m_view.width() > 0.0 ? m_view.height() / m_view.width() : 1.0;
    if (dataAspect < 0.05 || dataAspect > 20.0) return area;
    if (area.height() / area.width() > dataAspect) {
        const double h = area.width() * dataAspect;
        area.moveTop(area.top() + (area.height() - h) / 2);
        area.setHeight(h);
    } else {
        const double w = area.height() / dataAspect;
        area.moveLeft(area.left() + (area.width() - w) / 2);
        area.setWidth(w);
    }
    return area;
}

QPointF SpatialCanvas::toWidget(double x, double y) const {
    const QRectF a = plotArea();
    return {a.left() + (x - m_view.x0) / m_view.width() * a.width(),
            a.bottom() - (y - m_view.y0) / m_view.height() * a.height()};
}

QPointF SpatialCanvas::toData(const QPointF& p) const {
    const QRectF a = plotArea();
    return {m_view.x0 + (p.x() - a.left()) / a.width() * m_view.width(),
            m_view.y0 + (a.bottom() - p.y()) / a.height() * m_view.height()};
}

QRectF SpatialCanvas::widgetRect(const spatial::Rect& r) const {
    return QRectF(toWidget(r.x0, r.y1), toWidget(r.x1, r.y0));
}

double SpatialCanvas::relativeDensity(const spatial::PsdNode& node) const {
    const auto& psd = *m_result->psd;
    const double average = double(psd.pointCount) / psd.domain.area();
    const double area = node.rect.area();
    if (!(area > 0.0) || !(average > 0.0)) return 0.0;
    return node.estimate / area / average;
}

int SpatialCanvas::leafAt(double x, double y) const {
    if (!m_result) return -1;
    const auto& nodes = m_result->psd->nodes;
    if (nodes.empty() || !nodes.front().rect.containsPoint(x, y)) return -1;
    int current = 0;
    while (!nodes[std::size_t(current)].isLeaf()) {
        const auto& n = nodes[std::size_t(current)];
        int next = -1;
        for (int c = n.firstChild; c < n.firstChild + n.childCount; ++c)
            if (nodes[std::size_t(c)].rect.containsPoint(x, y)) {
                next = c;
                break;
            }
        if (next < 0) break;
        current = next;
    }
    return current;
}

void SpatialCanvas::resetZoom() {
    if (m_result) m_view = m_result->psd->domain;
    invalidate();
}

void SpatialCanvas::invalidate() {
    m_cache = QPixmap();
    update();
}

void SpatialCanvas::paintPicture(QPainter& p, int maxPoints) const {
    p.fillRect(QRectF(0, 0, width(), height()), palette().color(QPalette::Base));
    if (!m_result) {
        p.setFont(scaledFont(font(), 1.2));
        p.setPen(palette().color(QPalette::PlaceholderText));
        p.drawText(rect().adjusted(20, 20, -20, -20), Qt::AlignCenter | Qt::TextWordWrap, m_placeholder);
        return;
    }
    p.save();
    p.setClipRect(plotArea());
    paintLeaves(p);
    paintPoints(p, maxPoints);
    p.restore();
    paintAxes(p);
    paintLegend(p);
}

void SpatialCanvas::paintLeaves(QPainter& p) const {
    const auto& psd = *m_result->psd;
    p.setPen(Qt::NoPen);
    const QRectF area = plotArea();
    for (auto leaf : psd.leaves) {
        const auto& node = psd.nodes[std::size_t(leaf)];
        const QRectF r = widgetRect(node.rect);
        if (!r.intersects(area)) continue;
        p.fillRect(r, m_scale.color(relativeDensity(node)));
    }
    QPen outline(QColor(90, 90, 90, 150));
    outline.setWidthF(0.8);
    outline.setCosmetic(true);
    p.setPen(outline);
    p.setBrush(Qt::NoBrush);
    for (auto leaf : psd.leaves) {
        const QRectF r = widgetRect(psd.nodes[std::size_t(leaf)].rect);
        if (r.width() >= 4.0 && r.height() >= 4.0 && r.intersects(area)) p.drawRect(r);
    }
}

void SpatialCanvas::paintPoints(QPainter& p, int maxPoints) const {
    const auto& pts = m_result->drawnPoints;
    if (pts.isEmpty()) return;
    const qsizetype stride = std::max<qsizetype>(1, (pts.size() + maxPoints - 1) / std::max(1, maxPoints));
    QPolygonF poly;
    poly.reserve(pts.size() / stride + 1);
    for (qsizetype i = 0; i < pts.size(); i += stride) poly.append(toWidget(pts[i].x(), pts[i].y()));
    QPen pen(QColor(20, 40, 110, pts.size() > 20000 ? 90 : 170));
    pen.setWidthF(pts.size() > 20000 ? 1.6 : 2.6);
    pen.setCapStyle(Qt::RoundCap);
    p.setPen(pen);
    p.drawPoints(poly);
}

void SpatialCanvas::paintAxes(QPainter& p) const {
    const QRectF a = plotArea();
    p.setPen(QPen(palette().color(QPalette::Text), 1.2));
    p.setBrush(Qt::NoBrush);
    p.drawRect(a);
    p.setFont(scaledFont(font(), 1.0));
    const QFontMetricsF fm(p.font());
    for (double v : niceTicks(m_view.x0, m_view.x1, std::max(2, int(a.width() / 75)))) {
        const double x = toWidget(v, m_view.y0).x();
        p.drawLine(QPointF(x, a.bottom()), QPointF(x, a.bottom() + 5));
        const QString label = QString::number(v, 'g', 6);
        p.drawText(QPointF(x - fm.horizontalAdvance(label) / 2, a.bottom() + 7 + fm.ascent()), label);
    }
    for (double v : niceTicks(m_view.y0, m_view.y1, std::max(2, int(a.height() / 60)))) {
        const double y = toWidget(m_view.x0, v).y();
        p.drawLine(QPointF(a.left() - 5, y), QPointF(a.left(), y));
        const QString label = QString::number(v, 'g', 6);
        p.drawText(QPointF(a.left() - 8 - fm.horizontalAdvance(label), y + fm.ascent() / 2 - 1), label);
    }
    p.setFont(scaledFont(font(), 1.15, true));
    const QFontMetricsF tm(p.font());
    p.drawText(QRectF(a.left(), height() - tm.height() - 6, a.width(), tm.height()), Qt::AlignCenter, m_xTitle);
    p.save();
    p.translate(8 + tm.ascent(), a.center().y());
    p.rotate(-90);
    p.drawText(QRectF(-a.height() / 2, -tm.ascent(), a.height(), tm.height()), Qt::AlignCenter, m_yTitle);
    p.restore();
    // Caption: what was built (so that an exported picture says it), and the seeded warning.
    const auto& psd = *m_result->psd;
    const QRectF line1(kLeft, 4, width() - kLeft - 8, 24), line2(kLeft, 28, width() - kLeft - 8, 24);
    p.setFont(scaledFont(font(), 1.05, true));
    p.drawText(line1, Qt::AlignLeft | Qt::AlignVCenter,
               QFontMetricsF(p.font()).elidedText(m_result->settings.summary(), Qt::ElideRight, line1.width()));
    if (m_result->seeded) {
        p.setPen(QColor(190, 0, 0));
        p.drawText(line2, Qt::AlignRight | Qt::AlignVCenter, tr("seeded - not for release"));
        p.setPen(palette().color(QPalette::Text));
    }
    QString counts = tr("%1 leaves · %2 points").arg(psd.leaves.size()).arg(psd.pointCount);
    if (m_result->drawnPoints.size() < qsizetype(psd.pointCount))
        counts += tr(" (%1 drawn)").arg(m_result->drawnPoints.size());
    p.setFont(scaledFont(font(), 1.0));
    p.drawText(line2, Qt::AlignLeft | Qt::AlignVCenter, counts);
}

void SpatialCanvas::paintLegend(QPainter& p) const {
    const QRectF a = plotArea();
    const QRectF bar(a.right() + 18, a.top() + 40, 22, std::max(60.0, a.height() - 60));
    for (int i = 0; i < int(bar.height()); ++i) {
        const double t = 1.0 - double(i) / bar.height();
        p.fillRect(QRectF(bar.left(), bar.top() + i, bar.width(), 1.0), DensityColorScale::colorAt(t));
    }
    p.setPen(QPen(palette().color(QPalette::Text), 1.0));
    p.drawRect(bar);
    p.setFont(scaledFont(font(), 0.95, true));
    p.drawText(QRectF(a.right() + 6, a.top() - 2, kRight - 8, 40), Qt::AlignLeft | Qt::AlignVCenter | Qt::TextWordWrap,
               tr("Noisy density\n(× average)"));
    p.setFont(scaledFont(font(), 0.95));
    const QFontMetricsF fm(p.font());
    for (double v : m_scale.ticks()) {
        const double y = bar.bottom() - m_scale.position(v) * bar.height();
        p.drawLine(QPointF(bar.right(), y), QPointF(bar.right() + 4, y));
        p.drawText(QPointF(bar.right() + 7, y + fm.ascent() / 2 - 1), DensityColorScale::tickLabel(v));
    }
}

void SpatialCanvas::paintHover(QPainter& p) const {
    if (m_selection) {
        QPen pen(QColor(0, 110, 200), 2.5, Qt::DashLine);
        p.setPen(pen);
        p.setBrush(QColor(0, 110, 200, 40));
        p.drawRect(widgetRect(*m_selection));
    }
    if (m_dragStart) {
        p.setPen(QPen(QColor(0, 110, 200), 2.0));
        p.setBrush(QColor(0, 110, 200, 50));
        p.drawRect(QRectF(*m_dragStart, m_dragNow).normalized());
    }
    if (m_hovered < 0 || !m_result) return;
    const auto& node = m_result->psd->nodes[std::size_t(m_hovered)];
    p.setPen(QPen(QColor(0, 90, 180), 3.0));
    p.setBrush(Qt::NoBrush);
    p.drawRect(widgetRect(node.rect));
    QString text = tr("noisy %1").arg(formatCount(node.estimate));
    if (m_showTrue) text += tr("\ntrue %1").arg(formatCount(node.trueCount));
    p.setFont(scaledFont(font(), 1.1, true));
    const QFontMetricsF fm(p.font());
    QRectF box = fm.boundingRect(QRectF(0, 0, 400, 200), Qt::AlignLeft, text).adjusted(-8, -5, 8, 5);
    box.moveTopLeft(m_mouse + QPointF(16, 16));
    if (box.right() > width()) box.moveRight(m_mouse.x() - 12);
    if (box.bottom() > height()) box.moveBottom(m_mouse.y() - 12);
    p.setPen(QColor(40, 40, 40));
    p.setBrush(QColor(255, 255, 255, 235));
    p.drawRoundedRect(box, 4, 4);
    p.drawText(box.adjusted(8, 5, -8, -5), Qt::AlignLeft, text);
}

void SpatialCanvas::paintEvent(QPaintEvent*) {
    const qreal dpr = devicePixelRatioF();
    if (m_cache.isNull() || m_cache.size() != size() * dpr) {
        m_cache = QPixmap(size() * dpr);
        m_cache.setDevicePixelRatio(dpr);
        QPainter cp(&m_cache);
        cp.setRenderHint(QPainter::Antialiasing, false);
        paintPicture(cp, 200000);
    }
    QPainter p(this);
    p.drawPixmap(0, 0, m_cache);
    p.setRenderHint(QPainter::Antialiasing, true);
    paintHover(p);
}

void SpatialCanvas::resizeEvent(QResizeEvent* event) {
    QWidget::resizeEvent(event);
    m_cache = QPixmap();
}

void SpatialCanvas::setHovered(int node) {
    if (node == m_hovered) return;
    m_hovered = node;
    Q_EMIT leafHovered(node);
}

void SpatialCanvas::mouseMoveEvent(QMouseEvent* event) {
    m_mouse = event->position();
    if (m_panStart && m_result) {
        const QPointF d = *m_panStart - m_mouse;
        const QRectF a = plotArea();
        const double dx = d.x() / a.width() * m_panView.width(), dy = -d.y() / a.height() * m_panView.height();
        m_view = spatial::Rect{m_panView.x0 + dx, m_panView.y0 + dy, m_panView.x1 + dx, m_panView.y1 + dy};
        invalidate();
        return;
    }
    if (m_dragStart) m_dragNow = m_mouse;
    const QPointF d = toData(m_mouse);
    setHovered(plotArea().contains(m_mouse) ? leafAt(d.x(), d.y()) : -1);
    update();
}

void SpatialCanvas::mousePressEvent(QMouseEvent* event) {
    if (!m_result) return;
    const bool pan = event->button() == Qt::MiddleButton ||
                     (event->button() == Qt::LeftButton && (event->modifiers() & Qt::ControlModifier));
    if (pan) {
        m_panStart = event->position();
        m_panView = m_view;
        setCursor(Qt::ClosedHandCursor);
    } else if (event->button() == Qt::LeftButton && plotArea().contains(event->position())) {
        m_dragStart = event->position();
        m_dragNow = event->position();
    }
}

void SpatialCanvas::mouseReleaseEvent(QMouseEvent* event) {
    if (m_panStart) {
        m_panStart.reset();
        setCursor(Qt::CrossCursor);
        return;
    }
    if (!m_dragStart || event->button() != Qt::LeftButton) return;
    const QRectF r = QRectF(*m_dragStart, event->position()).normalized();
    m_dragStart.reset();
    update();
    if (r.width() < 3 || r.height() < 3 || !m_result) return;
    const QPointF a = toData(r.bottomLeft()), b = toData(r.topRight());
    const spatial::Rect& dom = m_result->psd->domain;
    const spatial::Rect q{std::max(a.x(), dom.x0), std::max(a.y(), dom.y0), std::min(b.x(), dom.x1),
                          std::min(b.y(), dom.y1)};
    if (!(q.x1 > q.x0) || !(q.y1 > q.y0)) return;
    Q_EMIT rangeSelected(q.x0, q.y0, q.x1, q.y1);
}

void SpatialCanvas::mouseDoubleClickEvent(QMouseEvent*) { resetZoom(); }

void SpatialCanvas::wheelEvent(QWheelEvent* event) {
    if (!m_result || event->angleDelta().y() == 0) return;
    const double factor = event->angleDelta().y() > 0 ? 1.0 / 1.25 : 1.25;
    const QPointF c = toData(event->position());
    m_view = spatial::Rect{c.x() - (c.x() - m_view.x0) * factor, c.y() - (c.y() - m_view.y0) * factor,
                           c.x() + (m_view.x1 - c.x()) * factor, c.y() + (m_view.y1 - c.y()) * factor};
    invalidate();
}

void SpatialCanvas::leaveEvent(QEvent*) {
    setHovered(-1);
    update();
}

}  // namespace veil::ui
