// Graph: an immutable simple undirected graph with optional node labels, stored as sorted
// adjacency lists (CSR). Node ids are dense 0..n-1; each node keeps the name it had in the source
// file. The canonical edge order (used by the Blocki et al. projection) is lexicographic on
// (min(u,v), max(u,v)), so the canonical order of the edges incident to v is the order of v's
// sorted neighbour list.
#pragma once

#include "veil/common/status.h"

#include <cstdint>
#include <span>
#include <string>
#include <utility>
#include <vector>

namespace veil::graph {

using NodeId = std::uint32_t;

struct Edge {
    NodeId u = 0;  // u < v
    NodeId v = 0;
    bool operator==(const Edge&) const = default;
    auto operator<=>(const Edge&) const = default;
};

// Counts of what was dropped while building a simple graph from raw pairs.
struct BuildReport {
    long long selfLoops = 0;
    long long duplicates = 0;  // repeated pairs, including the reverse of a directed arc
};

class Graph {
public:
    Graph() = default;

    // Builds a simple graph on n nodes from arbitrary pairs: pairs (u, v) and (v, u) are one
    // edge, self-loops and duplicates are dropped and counted in report (may be null).
    // Errors: an endpoint >= n. Complexity O(m log m).
    static Result<Graph> fromPairs(std::size_t n, std::vector<std::pair<NodeId, NodeId>> pairs,
                                   BuildReport* report = nullptr);
    // The same from edges already known to be simple (u != v, no duplicates); used internally.
    static Graph fromSimpleEdges(std::size_t n, const std::vector<Edge>& edges);

    std::size_t nodeCount() const { return m_offsets.empty() ? 0 : m_offsets.size() - 1; }
    std::size_t edgeCount() const { return m_targets.size() / 2; }
    std::span<const NodeId> neighbors(NodeId v) const {
        return {m_targets.data() + m_offsets[v], m_targets.data() + m_offsets[v + 1]};
    }
    std::size_t degree(NodeId v) const { return m_offsets[v + 1] - m_offsets[v]; }
    bool hasEdge(NodeId u, NodeId v) const;  // O(log deg(u))
    // All edges in canonical order (u < v, lexicographic).
    std::vector<Edge> edges() const;

    // Names: the id each node had in the input file (defaults to its index).
    std::string nodeName(NodeId v) const;
    void setNodeNames(std::vector<std::string> names);  // size must be nodeCount()

    // Labels: labelOf(v) is an index into labelNames(), or -1 when v has no label.
    bool hasLabels() const { return !m_labelNames.empty(); }
    int labelOf(NodeId v) const { return m_labels.empty() ? -1 : m_labels[v]; }
    const std::vector<std::string>& labelNames() const { return m_labelNames; }
    int labelIndex(const std::string& name) const;  // -1 when unknown
    // labels.size() must be nodeCount(); values in [-1, names.size()).
    Status setLabels(std::vector<int> labels, std::vector<std::string> names);
    // The labelled graph restricted to the given edges (same nodes, names and labels).
    Graph withEdges(const std::vector<Edge>& edges) const;

private:
    std::vector<std::size_t> m_offsets;  // n + 1 entries
    std::vector<NodeId> m_targets;       // sorted per node
    std::vector<std::string> m_names;
    std::vector<int> m_labels;
    std::vector<std::string> m_labelNames;
};

}  // namespace veil::graph
