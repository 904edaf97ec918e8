#include "views/graph/graph_analysis.h"

#include "workbench/local_path.h"
#include "veil/graph/graph_io.h"

#include <QFile>

#include <algorithm>
#include <cmath>
#include <numbers>

namespace veil::ui {

std::vector<graph::NodePosition> circlePositions(std::size_t n) {
    std::vector<graph::NodePosition> out(n);
    for (std::size_t i = 0; i < n; ++i) {
        const double a = 2 * std::numbers::pi * double(i) / double(n);
        out[i] = {std::cos(a), std::sin(a)};
    }
    return out;
}

Result<GraphAnalysis> analyseGraphFile(const QString& path, const QString& labelsPath, std::size_t k,
                                       const RunContext& ctx) {
    ctx.report(0.0, "Reading graph");
    auto loaded = graph::loadGraph(localPath(path));
    if (!loaded) return loaded.status();
    GraphAnalysis a;
    a.path = path;
    a.labelsPath = labelsPath;
    for (const auto& w : loaded->warnings) a.warnings << QString::fromStdString(w);
    graph::Graph g = std::move(loaded->graph);
    if (!labelsPath.isEmpty()) {
        std::vector<std::string> warnings;
        VEIL_RETURN_IF_ERROR(graph::loadLabels(localPath(labelsPath), g, &warnings));
        for (const auto& w : warnings) a.warnings << QString::fromStdString(w);
    }
    if (ctx.cancelled()) return Status::cancelled();
    ctx.report(0.3, "Statistics");
    RunContext quiet = ctx;
    quiet.progress = nullptr;
    auto summary = graph::summarize(g, quiet);
    if (!summary) return summary.status();
    a.summary = std::move(*summary);
    a.threeStars = graph::countKStars(g, 3);
    a.uniqueness = graph::structuralUniqueness(g);
    if (ctx.cancelled()) return Status::cancelled();
    ctx.report(0.6, "Sensitivity table");
    a.sensitivityK = std::max<std::size_t>(k, 1);
    auto table = graph::sensitivityTable(g, a.sensitivityK, quiet);
    if (!table) return table.status();
    a.sensitivity = std::move(*table);
    a.circle = circlePositions(g.nodeCount());
    a.graph = std::make_shared<const graph::Graph>(std::move(g));
    ctx.report(1.0, "Graph loaded");
    return a;
}

}  // namespace veil::ui
