// GraphAnalysis: what the Graph view shows about one opened graph, computed by core in one worker
// run: the graph (+ labels), its summary statistics, structural uniqueness, the sensitivity table
// for the current k and a first (circle) drawing. No algorithm here: it only calls core.
#pragma once

#include "veil/common/run_context.h"
#include "veil/common/status.h"
#include "veil/graph/graph.h"
#include "veil/graph/layout.h"
#include "veil/graph/sensitivity.h"
#include "veil/graph/statistics.h"

#include <QString>
#include <QStringList>

#include <memory>
#include <vector>

namespace veil::ui {

struct GraphAnalysis {
    std::shared_ptr<const graph::Graph> graph;
    QString path;
    QString labelsPath;
    QStringList warnings;
    graph::GraphSummary summary;
    double threeStars = 0;
    graph::StructuralUniqueness uniqueness;
    std::vector<graph::NodePosition> circle;
    std::vector<graph::SensitivityRow> sensitivity;
    std::size_t sensitivityK = 0;
};

// Nodes evenly on a unit circle in id order: the drawing shown until the layout arrives.
std::vector<graph::NodePosition> circlePositions(std::size_t n);

// Loads `path` (and `labelsPath` when not empty) and analyses it; k is clamped to >= 1.
Result<GraphAnalysis> analyseGraphFile(const QString& path, const QString& labelsPath, std::size_t k,
                                       const RunContext& ctx);

}  // namespace veil::ui
