// Sensitivity table: seed 000 "Sensitivity of Graph Queries" (edge / node, local / global) and
// Blocki, Blum, Datta, Sheffet ITCS 2013 (restricted sensitivity over H_k).
#include "veil/graph/sensitivity.h"

#include "veil/common/validate.h"
#include "veil/graph/statistics.h"

#include <algorithm>
#include <cmath>
#include <numeric>

namespace veil::graph {
namespace {

double choose2(double x) { return x < 2 ? 0 : x * (x - 1) / 2; }

// Edge-level local sensitivity of max degree: +1 if some max-degree node has a non-neighbour,
// -1 if one edge removal lowers every max-degree node (at most two of them, adjacent).
double lsEdgeMaxDegree(const Graph& g, std::size_t d) {
    const std::size_t n = g.nodeCount();
    std::vector<NodeId> top;
    for (NodeId v = 0; v < n; ++v)
        if (g.degree(v) == d) top.push_back(v);
    if (d + 1 < n) return 1;  // a max-degree node misses someone: adding that edge raises the max
    if (d == 0) return n >= 2 ? 1 : 0;
    if (top.size() == 1) return 1;
    if (top.size() == 2 && g.hasEdge(top[0], top[1])) return 1;
    return 0;
}

// Node-level (rewire one node) local sensitivity of max degree.
double lsNodeMaxDegree(const Graph& g, std::size_t d) {
    const std::size_t n = g.nodeCount();
    if (n == 0) return 0;
    double best = static_cast<double>(n - 1) - static_cast<double>(d);  // connect a node to all
    std::vector<NodeId> order(n);
    std::iota(order.begin(), order.end(), NodeId{0});
    std::sort(order.begin(), order.end(), [&](NodeId a, NodeId b) { return g.degree(a) > g.degree(b); });
    for (NodeId v = 0; v < n; ++v) {
        // max over u != v of deg(u) - [u ~ v]: the first non-neighbour in degree order, or a neighbour - 1.
        std::size_t rest = 0;
        for (NodeId u : order) {
            if (u == v) continue;
            const bool adj = g.hasEdge(v, u);
            const std::size_t du = g.degree(u) - (adj ? 1 : 0);
            rest = std::max(rest, du);
            if (!adj || g.degree(u) <= rest) break;  // later nodes cannot beat rest
        }
        best = std::max(best, static_cast<double>(d) - static_cast<double>(rest));
    }
    return best;
}

}  // namespace

SensitivityValue globalSensitivityEdge(const Statistic& s, std::size_t n) {
    const double nd = static_cast<double>(n);
    switch (s.kind) {
        case StatisticKind::Edges:
            return {1, "1"};
        case StatisticKind::MaxDegree:
            return {1, "1"};
        case StatisticKind::Triangles:
            return {std::max(0.0, nd - 2), "n - 2"};
        case StatisticKind::TwoStars:
            return {std::max(0.0, 2 * (nd - 2)), "2(n - 2)"};
        case StatisticKind::Profile:
            return {nd, "n"};
    }
    return {};
}

SensitivityValue globalSensitivityNode(const Statistic& s, std::size_t n) {
    const double m1 = std::max(0.0, static_cast<double>(n) - 1);
    switch (s.kind) {
        case StatisticKind::Edges:
            return {m1, "n - 1"};
        case StatisticKind::MaxDegree:
            return {m1, "n - 1"};
        case StatisticKind::Triangles:
            return {choose2(m1), "C(n-1, 2)"};
        case StatisticKind::TwoStars:
            return {3 * choose2(m1), "3 C(n-1, 2) (upper bound)"};
        case StatisticKind::Profile:
            return {static_cast<double>(n), "n"};
    }
    return {};
}

SensitivityValue restrictedSensitivityEdge(const Statistic& s, std::size_t k) {
    const double kd = static_cast<double>(k);
    switch (s.kind) {
        case StatisticKind::Edges:
            return {1, "1"};
        case StatisticKind::MaxDegree:
            return {1, "1"};
        case StatisticKind::Triangles:
            return {std::max(0.0, kd - 1), "k - 1"};
        case StatisticKind::TwoStars:
            return {std::max(0.0, 2 * (kd - 1)), "2(k - 1)"};
        case StatisticKind::Profile:
            return {kd + 1, "k + 1"};
    }
    return {};
}

SensitivityValue restrictedSensitivityNode(const Statistic& s, std::size_t k) {
    const double kd = static_cast<double>(k);
    switch (s.kind) {
        case StatisticKind::MaxDegree:
            return {kd, "k"};
        case StatisticKind::Profile:
            return {2 * kd + 1, "2k + 1"};
        default: {
            const int p = s.patternSize();
            return {p * std::pow(kd, p - 1), "|P| k^(|P|-1) = " + std::to_string(p) + " k^" + std::to_string(p - 1)};
        }
    }
}

Result<std::vector<SensitivityRow>> sensitivityTable(const Graph& g, std::size_t k, const RunContext& ctx) {
    if (k < 1) return Status::invalidArgument("k must be at least 1 (got " + std::to_string(k) + ")");
    ctx.report(0.0, "Sensitivity table");
    const std::size_t n = g.nodeCount();
    const double nd = static_cast<double>(n), m = static_cast<double>(g.edgeCount());
    const std::size_t d = maxDegree(g);
    std::vector<SensitivityRow> rows;

    SensitivityRow edges;
    edges.statistic = "edges";
    edges.value = m;
    edges.lsEdge = {n >= 2 ? 1.0 : 0.0, "1"};
    double lsNodeEdges = 0;
    for (NodeId v = 0; v < n; ++v) {
        const double dv = static_cast<double>(g.degree(v));
        lsNodeEdges = std::max({lsNodeEdges, dv, nd - 1 - dv});
    }
    edges.lsNode = {lsNodeEdges, "max_v max(d_v, n-1-d_v)"};
    rows.push_back(edges);

    SensitivityRow maxdeg;
    maxdeg.statistic = "max-degree";
    maxdeg.value = static_cast<double>(d);
    maxdeg.lsEdge = {lsEdgeMaxDegree(g, d), "1 (0 only when no single edge can move the maximum)"};
    maxdeg.lsNode = {lsNodeMaxDegree(g, d), "max(n-1-d, max_v [d - maxdeg(G with v isolated)])"};
    rows.push_back(maxdeg);
    if (ctx.cancelled()) return Status::cancelled();

    SensitivityRow tri;
    tri.statistic = "triangles";
    auto t = countTriangles(g, ctx);
    if (!t) return t.status();
    tri.value = static_cast<double>(*t);
    tri.lsEdge = {static_cast<double>(maxCommonNeighbours(g)), "max_{u!=v} |N(u) ∩ N(v)|"};
    const auto tv = trianglesPerNode(g);
    double lsNodeTri = 0;
    for (NodeId v = 0; v < n; ++v) {
        const double t1 = static_cast<double>(tv[v]);
        lsNodeTri = std::max({lsNodeTri, t1, m - static_cast<double>(g.degree(v)) - t1});
    }
    tri.lsNode = {lsNodeTri, "max_v max(t_v, m - d_v - t_v)"};
    rows.push_back(tri);

    const StatisticKind kinds[] = {StatisticKind::Edges, StatisticKind::MaxDegree, StatisticKind::Triangles};
    for (std::size_t i = 0; i < rows.size(); ++i) {
        const Statistic s = makeStatistic(kinds[i]);
        rows[i].gsEdge = globalSensitivityEdge(s, n);
        rows[i].gsNode = globalSensitivityNode(s, n);
        rows[i].rsNode = restrictedSensitivityNode(s, k);
        rows[i].rsEdge = restrictedSensitivityEdge(s, k);
    }
    ctx.report(1.0, "Sensitivity table");
    return rows;
}

}  // namespace veil::graph
