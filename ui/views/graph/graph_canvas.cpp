#include "views/graph/graph_canvas.h"

#include "views/graph/graph_palette.h"
#include "views/graph/node_item.h"

#include <QGraphicsLineItem>
#include <QGraphicsScene>
#include <QWheelEvent>

#include <algorithm>
#include <cmath>

namespace veil::ui {
namespace {
constexpr double kSceneSize = 1000.0;
constexpr double kMargin = 40.0;
}  // namespace

GraphCanvas::GraphCanvas(QWidget* parent) : QGraphicsView(parent) {
    setScene(new QGraphicsScene(this));
    setRenderHints(QPainter::Antialiasing | QPainter::TextAntialiasing);
    setDragMode(QGraphicsView::ScrollHandDrag);
    setTransformationAnchor(QGraphicsView::AnchorUnderMouse);
    setMouseTracking(true);
    setBackgroundBrush(Qt::white);
    setMinimumSize(360, 300);
    setObjectName(QStringLiteral("graphCanvas"));
}

void GraphCanvas::setGraph(std::shared_ptr<const graph::Graph> graph,
                           const std::vector<graph::NodePosition>& positions) {
    scene()->clear();
    m_edgeItems.clear();
    m_nodeItems.clear();
    m_highlightedCount = m_deletedCount = m_dashedCount = 0;
    m_graph = std::move(graph);
    m_positions = positions;
    if (!m_graph) return;
    const std::size_t n = m_graph->nodeCount();
    m_edges = m_graph->edges();
    m_dashed.assign(m_edges.size(), 0);
    const double radius = std::clamp(160.0 / std::sqrt(double(std::max<std::size_t>(n, 1))), 2.5, 22.0);
    const bool captions = n <= 150;
    m_edgeWidth = std::max(0.6, radius * 0.12);
    const QPen plain = edgePen(false);
    m_edgeItems.reserve(m_edges.size());
    for (std::size_t i = 0; i < m_edges.size(); ++i) {
        auto* line = scene()->addLine(QLineF(), plain);
        line->setZValue(0);
        m_edgeItems.push_back(line);
    }
    auto hover = [this](int node, bool entered) {
        Q_EMIT nodeHovered(entered ? nodeDetails(graph::NodeId(node)) : QString());
    };
    m_nodeItems.reserve(n);
    for (std::size_t v = 0; v < n; ++v) {
        auto* item = new NodeItem(int(v), radius, hover);
        const int label = m_graph->labelOf(graph::NodeId(v));
        item->setBrush(graph_palette::labelColor(label));
        item->setToolTip(nodeDetails(graph::NodeId(v)));
        if (captions)
            item->setCaption(QString::fromStdString(m_graph->nodeName(graph::NodeId(v))),
                             graph_palette::textColorOn(label), radius * 0.62);
        scene()->addItem(item);
        m_nodeItems.push_back(item);
    }
    placeItems();
    applyDegreeFilter();
    fitGraph();
}

QPen GraphCanvas::edgePen(bool removed) const {
    QPen pen(removed ? graph_palette::removedEdgeColor(std::size_t(m_dashedCount))
                     : graph_palette::edgeColor(m_edges.size()));
    // A few removed edges stand out thicker; thousands keep the plain width.
    pen.setWidthF(removed && m_dashedCount <= 200 ? std::max(m_edgeWidth * 1.6, 1.5) : m_edgeWidth);
    if (removed) pen.setStyle(Qt::DashLine);
    return pen;
}

void GraphCanvas::setMinimumDegree(int degree) {
    m_minDegree = std::max(0, degree);
    applyDegreeFilter();
}

void GraphCanvas::applyDegreeFilter() {
    if (!m_graph) return;
    auto shown = [this](graph::NodeId v) { return int(m_graph->degree(v)) >= m_minDegree; };
    for (std::size_t v = 0; v < m_nodeItems.size(); ++v) m_nodeItems[v]->setVisible(shown(graph::NodeId(v)));
    for (std::size_t i = 0; i < m_edgeItems.size(); ++i)
        m_edgeItems[i]->setVisible(shown(m_edges[i].u) && shown(m_edges[i].v));
}

int GraphCanvas::visibleNodeCount() const {
    return int(std::count_if(m_nodeItems.begin(), m_nodeItems.end(), [](const NodeItem* i) { return i->isVisible(); }));
}

int GraphCanvas::visibleEdgeCount() const {
    return int(std::count_if(m_edgeItems.begin(), m_edgeItems.end(),
                             [](const QGraphicsLineItem* i) { return i->isVisible(); }));
}

void GraphCanvas::setPositions(const std::vector<graph::NodePosition>& positions) {
    m_positions = positions;
    placeItems();
}

void GraphCanvas::placeItems() {
    if (!m_graph || m_positions.size() != m_nodeItems.size()) return;
    // Fit the positions (any coordinates) into the scene square, keeping the aspect ratio.
    double minX = 0, maxX = 0, minY = 0, maxY = 0;
    for (std::size_t v = 0; v < m_positions.size(); ++v) {
        const auto& p = m_positions[v];
        if (v == 0 || p.x < minX) minX = p.x;
        if (v == 0 || p.x > maxX) maxX = p.x;
        if (v == 0 || p.y < minY) minY = p.y;
        if (v == 0 || p.y > maxY) maxY = p.y;
    }
    const double span = std::max({maxX - minX, maxY - minY, 1e-12});
    const double scale = (kSceneSize - 2 * kMargin) / span;
    const double offX = kMargin + ((kSceneSize - 2 * kMargin) - (maxX - minX) * scale) / 2;
    const double offY = kMargin + ((kSceneSize - 2 * kMargin) - (maxY - minY) * scale) / 2;
    auto at = [&](graph::NodeId v) {
        return QPointF(offX + (m_positions[v].x - minX) * scale, offY + (m_positions[v].y - minY) * scale);
    };
    for (std::size_t v = 0; v < m_nodeItems.size(); ++v) m_nodeItems[v]->setPos(at(graph::NodeId(v)));
    for (std::size_t i = 0; i < m_edges.size(); ++i)
        m_edgeItems[i]->setLine(QLineF(at(m_edges[i].u), at(m_edges[i].v)));
    scene()->setSceneRect(0, 0, kSceneSize, kSceneSize);
}

void GraphCanvas::setMarks(const std::vector<graph::NodeId>& highlighted, const std::vector<graph::NodeId>& deleted,
                           const std::vector<graph::Edge>& removed) {
    std::vector<char> hi(m_nodeItems.size(), 0), del(m_nodeItems.size(), 0);
    for (graph::NodeId v : highlighted)
        if (v < hi.size()) hi[v] = 1;
    for (graph::NodeId v : deleted)
        if (v < del.size()) del[v] = 1;
    m_highlightedCount = m_deletedCount = 0;
    for (std::size_t v = 0; v < m_nodeItems.size(); ++v) {
        m_nodeItems[v]->setHighlighted(hi[v]);
        m_nodeItems[v]->setDeleted(del[v]);
        m_highlightedCount += hi[v];
        m_deletedCount += del[v];
    }
    std::vector<char> dashed(m_edges.size(), 0);
    for (const graph::Edge& e : removed) {
        auto it = std::lower_bound(m_edges.begin(), m_edges.end(), e);
        if (it != m_edges.end() && *it == e) dashed[std::size_t(it - m_edges.begin())] = 1;
    }
    m_dashedCount = int(std::count(dashed.begin(), dashed.end(), char(1)));
    m_dashed = std::move(dashed);
    for (std::size_t i = 0; i < m_edgeItems.size(); ++i) {
        m_edgeItems[i]->setPen(edgePen(m_dashed[i]));
        m_edgeItems[i]->setZValue(m_dashed[i] ? 1 : 0);
    }
}

void GraphCanvas::recolour() {
    if (!m_graph) return;
    for (std::size_t v = 0; v < m_nodeItems.size(); ++v) {
        const int label = m_graph->labelOf(graph::NodeId(v));
        m_nodeItems[v]->setColours(graph_palette::labelColor(label), graph_palette::textColorOn(label));
        m_nodeItems[v]->restyle();
    }
    for (std::size_t i = 0; i < m_edgeItems.size(); ++i) m_edgeItems[i]->setPen(edgePen(m_dashed[i]));
}

void GraphCanvas::changeEvent(QEvent* event) {
    QGraphicsView::changeEvent(event);
    if (event->type() == QEvent::PaletteChange) recolour();
}

QString GraphCanvas::nodeDetails(graph::NodeId node) const {
    if (!m_graph || node >= m_graph->nodeCount()) return {};
    const int label = m_graph->labelOf(node);
    const QString labelText =
        label < 0 ? tr("(none)") : QString::fromStdString(m_graph->labelNames()[std::size_t(label)]);
    return tr("Node %1 · name %2 · label %3 · degree %4")
        .arg(node)
        .arg(QString::fromStdString(m_graph->nodeName(node)), labelText)
        .arg(m_graph->degree(node));
}

QPointF GraphCanvas::nodeScenePos(graph::NodeId node) const {
    return node < m_nodeItems.size() ? m_nodeItems[node]->pos() : QPointF();
}

void GraphCanvas::zoomBy(double factor) {
    const double next = std::clamp(m_zoom * factor, 0.2, 40.0);
    factor = next / m_zoom;
    m_zoom = next;
    scale(factor, factor);
}

void GraphCanvas::fitGraph() {
    fitInView(QRectF(0, 0, kSceneSize, kSceneSize), Qt::KeepAspectRatio);
    m_zoom = 1.0;
}

void GraphCanvas::wheelEvent(QWheelEvent* event) {
    const double steps = event->angleDelta().y() / 120.0;
    if (steps == 0) return QGraphicsView::wheelEvent(event);
    zoomBy(std::pow(1.2, steps));
    event->accept();
}

void GraphCanvas::resizeEvent(QResizeEvent* event) {
    QGraphicsView::resizeEvent(event);
    if (m_zoom == 1.0) fitGraph();
}

}  // namespace veil::ui
