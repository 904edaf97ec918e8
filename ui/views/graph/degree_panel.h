// DegreePanel: Hay et al.'s private degree distribution for the opened graph: the sorted degree
// sequence with Lap(2/ε) per entry and its isotonic post-processing, released through the
// window's gate (charged in release mode; drawn against the truth in teaching mode only).
// ε and the fixed-seed option come from the view's parameters; the chart exports as PNG / SVG.
#pragma once

#include "veil/graph/degree_distribution.h"
#include "veil/graph/graph.h"

#include <QString>
#include <QWidget>

#include <memory>
#include <optional>

class QChartView;
class QLabel;
class QPushButton;

namespace veil::ui {

class CoreJob;
class GraphParameters;
class JobMonitor;
class ReleaseSession;

class DegreePanel final : public QWidget {
    Q_OBJECT

public:
    DegreePanel(GraphParameters* parameters, JobMonitor* jobs, ReleaseSession* session, QWidget* parent = nullptr);

    void setGraph(std::shared_ptr<const graph::Graph> graph);
    // The graph's file (the dataset a release is charged to).
    void setSourcePath(const QString& path, const QString& labelsPath = QString());
    const std::optional<graph::DegreeSequenceRelease>& result() const { return m_result; }
    QChartView* chartView() const { return m_chartView; }
    CoreJob* job() const { return m_job; }
    bool exportChart(const QString& path);

public Q_SLOTS:
    void release();

private:
    void showResult(bool seeded);

    GraphParameters* m_parameters;
    ReleaseSession* m_session;
    QString m_sourcePath;
    bool m_labelsDeclared = false;  // a labels file lists every node
    std::shared_ptr<const graph::Graph> m_graph;
    std::optional<graph::DegreeSequenceRelease> m_result;
    CoreJob* m_job;
    QChartView* m_chartView;
    QLabel* m_summary;
    QLabel* m_seededLabel;
    QPushButton* m_run;
};

}  // namespace veil::ui
