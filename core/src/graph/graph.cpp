// Graph construction (CSR with sorted neighbour lists) and label handling.
#include "veil/graph/graph.h"

#include <algorithm>

namespace veil::graph {

Result<Graph> Graph::fromPairs(std::size_t n, std::vector<std::pair<NodeId, NodeId>> pairs, BuildReport* report) {
    BuildReport local;
    std::vector<Edge> edges;
    edges.reserve(pairs.size());
    for (const auto& [a, b] : pairs) {
        if (a >= n || b >= n)
            return Status::invalidArgument("edge (" + std::to_string(a) + ", " + std::to_string(b) +
                                           ") names a node outside 0.." + std::to_string(n) + "-1");
        if (a == b) {
            ++local.selfLoops;
            continue;
        }
        edges.push_back(a < b ? Edge{a, b} : Edge{b, a});
    }
    std::sort(edges.begin(), edges.end());
    const auto last = std::unique(edges.begin(), edges.end());
    local.duplicates = static_cast<long long>(edges.end() - last);
    edges.erase(last, edges.end());
    if (report) *report = local;
    return fromSimpleEdges(n, edges);
}

Graph Graph::fromSimpleEdges(std::size_t n, const std::vector<Edge>& edges) {
    Graph g;
    std::vector<std::size_t> deg(n, 0);
    for (const auto& e : edges) {
        ++deg[e.u];
        ++deg[e.v];
    }
    g.m_offsets.assign(n + 1, 0);
    for (std::size_t v = 0; v < n; ++v) g.m_offsets[v + 1] = g.m_offsets[v] + deg[v];
    g.m_targets.resize(2 * edges.size());
    std::vector<std::size_t> pos(g.m_offsets.begin(), g.m_offsets.end() - 1);
    for (const auto& e : edges) {
        g.m_targets[pos[e.u]++] = e.v;
        g.m_targets[pos[e.v]++] = e.u;
    }
    for (std::size_t v = 0; v < n; ++v)
        std::sort(g.m_targets.begin() + static_cast<std::ptrdiff_t>(g.m_offsets[v]),
                  g.m_targets.begin() + static_cast<std::ptrdiff_t>(g.m_offsets[v + 1]));
    return g;
}

bool Graph::hasEdge(NodeId u, NodeId v) const {
    const auto nb = neighbors(u);
    return std::binary_search(nb.begin(), nb.end(), v);
}

std::vector<Edge> Graph::edges() const {
    std::vector<Edge> out;
    out.reserve(edgeCount());
    for (NodeId u = 0; u < nodeCount(); ++u)
        for (NodeId v : neighbors(u))
            if (u < v) out.push_back({u, v});
    return out;
}

std::string Graph::nodeName(NodeId v) const { return v < m_names.size() ? m_names[v] : std::to_string(v); }

void Graph::setNodeNames(std::vector<std::string> names) {
    if (names.size() == nodeCount()) m_names = std::move(names);
}

int Graph::labelIndex(const std::string& name) const {
    const auto it = std::find(m_labelNames.begin(), m_labelNames.end(), name);
    return it == m_labelNames.end() ? -1 : static_cast<int>(it - m_labelNames.begin());
}

Status Graph::setLabels(std::vector<int> labels, std::vector<std::string> names) {
    if (labels.size() != nodeCount())
        return Status::invalidArgument("label vector has " + std::to_string(labels.size()) +
                                       " entries for a graph of " + std::to_string(nodeCount()) + " nodes");
    for (int l : labels)
        if (l < -1 || l >= static_cast<int>(names.size()))
            return Status::invalidArgument("label index " + std::to_string(l) + " out of range");
    m_labels = std::move(labels);
    m_labelNames = std::move(names);
    return Status::ok();
}

Graph Graph::withEdges(const std::vector<Edge>& edges) const {
    Graph g = fromSimpleEdges(nodeCount(), edges);
    g.m_names = m_names;
    g.m_labels = m_labels;
    g.m_labelNames = m_labelNames;
    return g;
}

}  // namespace veil::graph
