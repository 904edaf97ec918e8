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
            if (i < k && rankInV < k)
                kept.push_back({u, v});
            else
                out.removed.push_back({u, v});
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
        if (g.degree(e.u) > D || g.degree(e.v) > D)
            out.removed.push_back(e);
        else
            kept.push_back(e);
    }
    out.projected = g.withEdges(kept);
    return out;
}

// The LP is solved in an exact reformulation over x alone (Blocki et al.'s LP, seed 001 "Rounding
// the LP"). Write H = {u : deg(u) > k} and (t)+ = max(0, t).
// (R1) Only the rows of u in H matter: at an optimum w_uv can be taken as (1 - x_u - x_v)+ <= 1
//      (lowering w to it keeps every row), so sum_v w_uv <= deg(u) <= k holds for u not in H; and
//      an edge with no endpoint in H appears in no remaining row.
// (R2) Eliminating w, the x-part of the feasible set is exactly
//      F = {x in [0,1]^n : for u in H, sum_{v in N(u)} (1 - x_u - x_v)+ <= k}
//      (given (x, w) feasible, (1 - x_u - x_v)+ <= w_uv; given x in F, w = (.)+ is feasible), so
//      both LPs have the same optimum min sum x over F.
// (R3) For u in H the convex row of F equals the family of linear rows
//      sum_{v in S} (1 - x_u - x_v) <= k, i.e. |S| x_u + sum_{v in S} x_v >= |S| - k, S in N(u),
//      (the maximum over S is attained at S* = {v : x_u + x_v < 1}). They are generated lazily:
//      start with S = N(u), and after each optimum add the row for S* of every u whose sum exceeds
//      k (by more than a tolerance 10x GLPK's, so no row is added twice). The last LP is a
//      relaxation of min over F whose optimum lies in F: it is optimal for F, hence for the w LP.
// (R4) A node that is not in H and has no neighbour in H is in no row: x_v = 0, no column.
// The optimum value is unique but x need not be; the rounding lands in H_2k for every x in F: a
// kept u in H (x_u < 1/4) has each kept neighbour v (x_v < 1/4) contribute more than 1/2 to its
// row, so it keeps fewer than 2k + 1 of them.
Result<VertexProjection> projectVertexLp(const Graph& g, std::size_t k, const RunContext& ctx) {
    if (k < 1) return Status::invalidArgument("k must be at least 1 (got " + std::to_string(k) + ")");
    const std::size_t n = g.nodeCount();
    VertexProjection out;
    out.x.assign(n, 0.0);

    std::vector<NodeId> high;
    std::vector<char> isHigh(n, 0);
    for (NodeId v = 0; v < n; ++v)
        if (g.degree(v) > k) {
            high.push_back(v);
            isHigh[v] = 1;
        }
    detail::GlpkLp lp;
    std::vector<int> xCol(n, -1);
    for (NodeId v = 0; v < n; ++v) {  // (R4)
        bool inRow = isHigh[v] != 0;
        for (NodeId u : g.neighbors(v)) inRow = inRow || isHigh[u] != 0;
        if (inRow) xCol[v] = lp.addColumn(0.0, 1.0, 1.0);
    }
    const double kd = static_cast<double>(k);
    // |S| x_u + sum_{v in S} x_v >= |S| - k  (R3)
    auto rowFor = [&](NodeId u, const std::vector<NodeId>& S) {
        detail::GlpkLp::Row row;
        row.cols.push_back(xCol[u]);
        row.coefs.push_back(static_cast<double>(S.size()));
        for (NodeId v : S) {
            row.cols.push_back(xCol[v]);
            row.coefs.push_back(1.0);
        }
        row.type = detail::GlpkLp::RowType::AtLeast;
        row.rhs = static_cast<double>(S.size()) - kd;
        return row;
    };
    for (NodeId u : high) {
        const auto nu = g.neighbors(u);
        const auto r = rowFor(u, std::vector<NodeId>(nu.begin(), nu.end()));
        lp.addRow(r.cols, r.coefs, r.type, r.rhs);
    }
    auto valueOf = [&](const std::vector<double>& sol, NodeId v) {
        return xCol[v] < 0 ? 0.0 : std::clamp(sol[static_cast<std::size_t>(xCol[v])], 0.0, 1.0);
    };
    std::vector<NodeId> S;
    auto separate = [&](const std::vector<double>& sol, std::vector<detail::GlpkLp::Row>& cuts) {
        for (NodeId u : high) {
            const double xu = valueOf(sol, u);
            double sum = 0;
            S.clear();
            for (NodeId v : g.neighbors(u)) {
                const double t = 1.0 - xu - valueOf(sol, v);
                if (t > 0) {
                    sum += t;
                    S.push_back(v);
                }
            }
            // GLPK accepts a row violated by up to 1e-7 (1 + |rhs|) with rhs = |S| - k.
            if (sum > kd + 1e-6 * (1.0 + static_cast<double>(S.size()))) cuts.push_back(rowFor(u, S));
        }
    };
    out.lpColumns = lp.columnCount();
    if (!high.empty()) {
        auto sol = lp.solve(ctx, separate);
        if (!sol) return sol.status();
        out.lpIterations = sol->iterations;
        out.lpRounds = sol->rounds;
        out.lpRows = sol->rows;
        for (NodeId v = 0; v < n; ++v) out.x[v] = valueOf(sol->x, v);
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
    for (const Edge& e : g.edges()) {
        if (deleted[e.u] || deleted[e.v])
            out.removed.push_back(e);
        else
            kept.push_back(e);
    }
    out.lpObjective = sum;
    out.dEst = 4.0 * sum;
    out.projected = g.withEdges(kept);
    ctx.report(1.0, "Projection done");
    return out;
}

}  // namespace veil::graph
