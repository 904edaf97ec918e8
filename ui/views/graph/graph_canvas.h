// GraphCanvas: the graph drawn with QGraphicsView. Nodes are discs coloured by label (names inside
// on small graphs), edges grey lines. Wheel zooms around the mouse, dragging pans, hovering a node
// reports its details. Large graphs get faint edges and an optional minimum-degree filter. The view marks nodes of
// degree > k (thick red outline) and draws the edges a projection removes as dashed lines; what is marked is exactly
// what the view passes in (core's projection), and the counts are readable for tests.
#pragma once

#include "veil/graph/graph.h"
#include "veil/graph/layout.h"

#include <QGraphicsView>

#include <memory>
#include <vector>

class QGraphicsLineItem;

namespace veil::ui {

class NodeItem;

class GraphCanvas final : public QGraphicsView {
    Q_OBJECT

public:
    explicit GraphCanvas(QWidget* parent = nullptr);

    // Draws `graph` at `positions` (unit square); clears the marks.
    void setGraph(std::shared_ptr<const graph::Graph> graph, const std::vector<graph::NodePosition>& positions);
    // Moves the nodes (a new layout of the same graph).
    void setPositions(const std::vector<graph::NodePosition>& positions);
    const std::vector<graph::NodePosition>& positions() const { return m_positions; }
    // Marks: nodes with a thick outline, nodes faded as deleted, edges dashed (canonical u < v).
    void setMarks(const std::vector<graph::NodeId>& highlighted, const std::vector<graph::NodeId>& deleted,
                  const std::vector<graph::Edge>& removed);

    int highlightedNodeCount() const { return m_highlightedCount; }
    int deletedNodeCount() const { return m_deletedCount; }
    int dashedEdgeCount() const { return m_dashedCount; }
    // Display filter for large graphs: nodes of degree below `degree` are hidden with their edges
    // (0 or 1 shows every node). The marks and the data are unchanged.
    void setMinimumDegree(int degree);
    int minimumDegree() const { return m_minDegree; }
    int visibleNodeCount() const;
    int visibleEdgeCount() const;
    // "Node 33 · label Officer · degree 17" (id is the index, name the file's id).
    QString nodeDetails(graph::NodeId node) const;
    // Where node `node` is drawn (scene coordinates).
    QPointF nodeScenePos(graph::NodeId node) const;
    // 1.0 = fitted to the window.
    double zoomFactor() const { return m_zoom; }
    void zoomBy(double factor);
    void fitGraph();

Q_SIGNALS:
    void nodeHovered(const QString& details);  // empty when the mouse left a node

protected:
    void wheelEvent(QWheelEvent* event) override;
    void changeEvent(QEvent* event) override;
    void resizeEvent(QResizeEvent* event) override;

private:
    void placeItems();
    void applyDegreeFilter();
    void recolour();  // nodes, captions and edges from graph_palette (after a contrast change)
    QPen edgePen(bool removed) const;

    std::shared_ptr<const graph::Graph> m_graph;
    std::vector<graph::NodePosition> m_positions;
    std::vector<graph::Edge> m_edges;  // canonical order, parallel to m_edgeItems
    std::vector<QGraphicsLineItem*> m_edgeItems;
    std::vector<char> m_dashed;  // parallel to m_edges: removed by the projection shown
    std::vector<NodeItem*> m_nodeItems;
    int m_highlightedCount = 0;
    int m_deletedCount = 0;
    int m_dashedCount = 0;
    int m_minDegree = 0;
    double m_edgeWidth = 1.0;
    double m_zoom = 1.0;
};

}  // namespace veil::ui
