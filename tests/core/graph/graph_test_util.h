// Helpers for the graph suites: load a shipped test graph, build hand-made graphs.
#pragma once

#include "veil/graph/graph_io.h"

#include <QtTest>

#include <string>
#include <utility>
#include <vector>

inline std::string graphDataPath(const std::string& file) {
    return std::string(VEIL_TEST_DATA_DIR) + "/graphs/" + file;
}

inline veil::graph::Graph loadTestGraph(const std::string& name, bool labels = false) {
    auto loaded = veil::graph::loadGraph(graphDataPath(name + ".edges"));
    if (!loaded) qFatal("cannot load %s: %s", name.c_str(), loaded.status().message().c_str());
    if (labels) {
        const auto st = veil::graph::loadLabels(graphDataPath(name + ".labels"), loaded->graph, nullptr);
        if (!st) qFatal("cannot load labels: %s", st.message().c_str());
    }
    return std::move(loaded->graph);
}

inline veil::graph::Graph makeGraph(std::size_t n, const std::vector<std::pair<int, int>>& edges) {
    std::vector<std::pair<veil::graph::NodeId, veil::graph::NodeId>> p;
    for (auto [a, b] : edges) p.emplace_back(static_cast<veil::graph::NodeId>(a), static_cast<veil::graph::NodeId>(b));
    return veil::graph::Graph::fromPairs(n, p).value();
}

inline veil::graph::Graph makeStar(int leaves) {
    std::vector<std::pair<int, int>> e;
    for (int i = 1; i <= leaves; ++i) e.emplace_back(0, i);
    return makeGraph(static_cast<std::size_t>(leaves + 1), e);
}

inline veil::graph::Graph makeClique(int n) {
    std::vector<std::pair<int, int>> e;
    for (int i = 0; i < n; ++i)
        for (int j = i + 1; j < n; ++j) e.emplace_back(i, j);
    return makeGraph(static_cast<std::size_t>(n), e);
}

inline veil::graph::Graph makePath(int n) {
    std::vector<std::pair<int, int>> e;
    for (int i = 0; i + 1 < n; ++i) e.emplace_back(i, i + 1);
    return makeGraph(static_cast<std::size_t>(n), e);
}
