// GraphView: the Graph task view. Opens a graph (+ optional label file, or the bundled karate
// sample), draws it with a force-directed layout computed by core on a worker thread (Cancel in
// the status bar), colours nodes by label, and with a k slider marks the nodes of degree > k and
// the edges core's projection onto H_k removes (dashed; for the vertex LP also the nodes the
// rounding deletes). Beside the drawing: the statistics, the sensitivity table, the release panel
// (global vs restricted sensitivity side by side) and the private degree distribution.
#pragma once

#include "veil/graph/graph.h"
#include "views/graph/graph_analysis.h"
#include "workbench/workbench_context.h"

#include <QWidget>

#include <memory>

class QComboBox;
class QLabel;
class QSlider;
class QSpinBox;
class QTabWidget;
class QTableView;
class QUndoStack;

namespace veil::ui {

class DegreePanel;
class GraphCanvas;
class CoreJob;
class GraphParameters;
class ReleasePanel;
class SensitivityModel;
class StatisticsModel;

class GraphView final : public QWidget {
    Q_OBJECT

public:
    explicit GraphView(WorkbenchContext& context, QWidget* parent = nullptr);
    ~GraphView() override;

    // Loads a graph file (edge list, GraphML, GML) and optionally a label file, then lays it out.
    void openGraph(const QString& path, const QString& labelsPath = {});
    void openSample();
    static QString sampleGraphPath();
    static QString sampleLabelsPath();
    // Lays the current graph out again with the chosen algorithm.
    void relayout();

    std::shared_ptr<const graph::Graph> graph() const { return m_graph; }
    GraphParameters* parameters() const { return m_parameters; }
    QUndoStack* undoStack() const { return m_undo; }
    GraphCanvas* canvas() const { return m_canvas; }
    QSlider* kSlider() const { return m_kSlider; }
    StatisticsModel* statisticsModel() const { return m_statistics; }
    SensitivityModel* sensitivityModel() const { return m_sensitivity; }
    ReleasePanel* releasePanel() const { return m_release; }
    DegreePanel* degreePanel() const { return m_degrees; }
    QTabWidget* tabs() const { return m_tabs; }
    CoreJob* loadJob() const { return m_loadJob; }
    CoreJob* layoutJob() const { return m_layoutJob; }
    CoreJob* projectionJob() const { return m_projectionJob; }
    QString markSummary() const;

Q_SIGNALS:
    void graphOpened(const QString& path);

protected:
    void changeEvent(QEvent* event) override;  // the legend's colours follow View > High Contrast

private:
    QWidget* buildDrawingSide();
    QWidget* buildTablesSide();
    void applyAnalysis(const GraphAnalysis& analysis);
    void onParameterChanged(int key);
    void updateMarks();
    void updateLegend();
    void applyDegreeFilter(int minDegree);
    void openWithDialog();

    WorkbenchContext& m_context;
    QUndoStack* m_undo;
    GraphParameters* m_parameters;
    std::shared_ptr<const graph::Graph> m_graph;
    CoreJob* m_loadJob;
    CoreJob* m_layoutJob;
    CoreJob* m_projectionJob;
    GraphCanvas* m_canvas = nullptr;
    QSlider* m_kSlider = nullptr;
    QLabel* m_kLabel = nullptr;
    QComboBox* m_projection = nullptr;
    QComboBox* m_layout = nullptr;
    QLabel* m_title = nullptr;
    QLabel* m_legend = nullptr;
    QLabel* m_marks = nullptr;
    QLabel* m_hover = nullptr;
    QSpinBox* m_minDegree = nullptr;
    QTabWidget* m_tabs = nullptr;
    StatisticsModel* m_statistics;
    SensitivityModel* m_sensitivity;
    QTableView* m_sensitivityTable = nullptr;
    ReleasePanel* m_release = nullptr;
    DegreePanel* m_degrees = nullptr;
};

}  // namespace veil::ui
