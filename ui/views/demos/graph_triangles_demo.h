// Demo 8: counting triangles privately on the karate club (seeds 000 and 001: global sensitivity
// vs noisy max degree vs restricted sensitivity with Blocki et al.'s edge projection).
// veil::graph::compareReleases releases the triangle count three ways; the drawing (layout by
// veil::graph::forceDirectedLayout) shows the edges the degree-k projection removes, dashed red.
#pragma once

#include "views/demos/demo_page.h"
#include "views/demos/demo_support.h"

#include "veil/graph/graph.h"
#include "veil/graph/layout.h"
#include "veil/graph/mechanisms.h"

#include <cstdint>
#include <vector>

class QSpinBox;
class QComboBox;
class QTableWidget;

namespace veil::ui {

class GraphTrianglesDemo final : public DemoPage {
    Q_OBJECT

public:
    static constexpr std::uint64_t kSeed = 8008;
    static constexpr double kDelta = 1e-6;

    explicit GraphTrianglesDemo(QWidget* parent = nullptr);

    void setK(int k);
    void setEpsilon(double e);
    const graph::Graph& graph() const { return m_graph; }
    std::size_t k() const;
    double epsilon() const;
    // Per method (edge laplace, noisy max degree, restricted): the release, or nothing on failure.
    const std::vector<graph::ReleaseResult>& results() const { return m_results; }
    const std::vector<graph::Edge>& removed() const { return m_removed; }

protected:
    QString doRun() override;

private:
    void draw();

    graph::Graph m_graph;
    QString m_loadError;
    QSpinBox* m_k;
    QComboBox* m_epsilon;
    demo::FitView* m_view;
    QTableWidget* m_table;
    std::vector<graph::NodePosition> m_layout;
    std::vector<graph::ReleaseResult> m_results;
    std::vector<graph::Edge> m_removed;
};

}  // namespace veil::ui
