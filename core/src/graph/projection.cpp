// Projections onto H_k. Edge projection: Blocki, Blum, Datta, Sheffet ITCS 2013 (seed 001,
// "Edge Adjacency"); LP rounding: ibid. ("Rounding the LP"); truncation: Kasiviswanathan,
// Nissim, Raskhodnikova, Smith TCC 2013.
#include "veil/graph/projection.h"

#include "graph/detail/glpk_lp.h"

#include <algorithm>

namespace veil::graph {

EdgeProjection projectEdges(const Graph& g, std::size_t k) {
    EdgeProjection out;
    std::vector<Edge> kept;
    for (NodeId u = 0; u < g.nodeCount(); ++u) {
        const auto nu = g.neighbors(u);
        for (std::size_t i = 0; i < nu.size(); ++i) {
            const NodeId v = nu[i];
            if (v < u) continue;
            // rank of u among v's neighbours = position in v's sorted list
            const auto nv = g.neighbors(v);
            const auto rankInV = static_cast<std::size_t>(std::lower_bound(nv.begin(), nv.end(), u) - nv.begin());
            if (i < k && rankInV < k) kept.push_back({u, v});
            else out.removed.push_back({u, v});
        }
    }
    out.projected = g.withEdges(kept);
    return out;
}

std::vector<Edge> removedEdges(const Graph& g, std::size_t k) { return projectEdges(g, k).removed; }

std::vector<NodeId> nodesAboveDegree(const Graph& g, std::size_t k) {
    std::vector<NodeId> out;
    for (NodeId v = 0; v < g.nodeCount(); ++v)
        if (g.degree(v) > k) out.push_back(v);
    return out;
}

EdgeProjection truncateHighDegreeNodes(const Graph& g, std::size_t D) {
    EdgeProjection out;
    std::vector<Edge> kept;
    for (const Edge& e : g.edges()) {
        if (g.degree(e.u) > D || g.degree(e.v) > D) out.removed.push_back(e);
        else kept.push_back(e);
    }
    out.projected = g.withEdges(kept);
    return out;
}

Result<VertexProjection> projectVertexLp(const Graph& g, std::size_t k, const RunContext& ctx) {
    if (k < 1) return Status::invalidArgument("k must be at least 1 (got " + std::to_string(k) + ")");
    const std::size_t n = g.nodeCount();
    VertexProjection out;
    out.x.assign(n, 0.0);

    detail::GlpkLp lp;
    std::vector<int> xCol(n, -1);
    for (NodeId v = 0; v < n; ++v) xCol[v] = lp.addColumn(0.0, 1.0, 1.0);
    const std::vector<Edge> edges = g.edges();
    std::vector<std::vector<int>> incident(n);  // w columns per high-degree node
    for (const Edge& e : edges) {
        const bool uHigh = g.degree(e.u) > k, vHigh = g.degree(e.v) > k;
        if (!uHigh && !vHigh) continue;
        const int w = lp.addColumn(0.0, 1.0, 0.0);
        lp.addRow({w, xCol[e.u], xCol[e.v]}, {1.0, 1.0, 1.0}, detail::GlpkLp::RowType::AtLeast, 1.0);
        if (uHigh) incident[e.u].push_back(w);
        if (vHigh) incident[e.v].push_back(w);
    }
    for (NodeId u = 0; u < n; ++u)
        if (!incident[u].empty())
            lp.addRow(incident[u], std::vector<double>(incident[u].size(), 1.0), detail::GlpkLp::RowType::AtMost,
                      static_cast<double>(k));
    out.lpColumns = lp.columnCount();
    out.lpRows = lp.rowCount();
    if (lp.rowCount() > 0) {
        auto sol = lp.solve(ctx);
        if (!sol) return sol.status();
        out.lpIterations = sol->iterations;
        for (NodeId v = 0; v < n; ++v) out.x[v] = std::clamp(sol->x[static_cast<std::size_t>(xCol[v])], 0.0, 1.0);
    }
    if (ctx.cancelled()) return Status::cancelled();

    // Round: y_v = 1 iff x_v >= 1/4 (a tiny tolerance absorbs simplex round-off).
    constexpr double kThreshold = 0.25 - 1e-9;
    std::vector<char> deleted(n, 0);
    double sum = 0;
    for (NodeId v = 0; v < n; ++v) {
        sum += out.x[v];
        if (out.x[v] >= kThreshold) {
            deleted[v] = 1;
            out.deletedNodes.push_back(v);
        }
    }
    std::vector<Edge> kept;
    for (const Edge& e : edges) {
        if (deleted[e.u] || deleted[e.v]) out.removed.push_back(e);
        else kept.push_back(e);
    }
    out.lpObjective = sum;
    out.dEst = 4.0 * sum;
    out.projected = g.withEdges(kept);
    ctx.report(1.0, "Projection done");
    return out;
}

}  // namespace veil::graph
