// Graph construction (CSR with sorted neighbour lists) and label handling.
#include "veil/graph/graph.h"

#include <algorithm>

namespace veil::graph {

// Both directions of every pair are bucketed by node into CSR rows (a counting sort), then each row
// is sorted and deduplicated in place: O(m + sum of deg log deg), no sort of the whole edge list.
Result<Graph> Graph::fromPairs(std::size_t n, std::vector<std::pair<NodeId, NodeId>> pairs, BuildReport* report) {
    BuildReport local;
    Graph g;
    g.m_offsets.assign(n + 1, 0);
    for (const auto& [a, b] : pairs) {
        if (a >= n || b >= n)
            return Status::invalidArgument("edge (" + std::to_string(a) + ", " + std::to_string(b) +
                                           ") names a node outside 0.." + std::to_string(n) + "-1");
        if (a == b) {
            ++local.selfLoops;
            continue;
        }
        ++g.m_offsets[a + 1];
        ++g.m_offsets[b + 1];
    }
    for (std::size_t v = 0; v < n; ++v) g.m_offsets[v + 1] += g.m_offsets[v];
    g.m_targets.resize(g.m_offsets[n]);
    std::vector<std::size_t> pos(g.m_offsets.begin(), g.m_offsets.end() - 1);
    for (const auto& [a, b] : pairs) {
        if (a == b) continue;
        g.m_targets[pos[a]++] = b;
        g.m_targets[pos[b]++] = a;
    }
    pairs = {};
    const auto at = [&](std::size_t i) { return g.m_targets.begin() + static_cast<std::ptrdiff_t>(i); };
    std::size_t kept = 0, rowBegin = 0;
    for (std::size_t v = 0; v < n; ++v) {
        const std::size_t rowEnd = g.m_offsets[v + 1];
        std::sort(at(rowBegin), at(rowEnd));
        const auto last = std::unique(at(rowBegin), at(rowEnd));
        g.m_offsets[v] = kept;
        kept = static_cast<std::size_t>(std::move(at(rowBegin), last, at(kept)) - g.m_targets.begin());
        rowBegin = rowEnd;
    }
    // A pair repeated k times leaves k - 1 extra copies in each of its two rows.
    local.duplicates = static_cast<long long>((g.m_targets.size() - kept) / 2);
    g.m_offsets[n] = kept;
    g.m_targets.resize(kept);
    if (report) *report = local;
    return g;
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
