// Graphlet counts. Exact: non-induced counts converted to induced ones by the inclusion matrix of
// connected 4-node graphs; sampling: Dubhashi et al. (seed 003, "Graphlet Kernel: Sampling Large
// Graphs"), edge sampling with the m / |E(H_i)| correction.
#include "veil/graph/graphlets.h"

#include "veil/common/random.h"
#include "veil/graph/statistics.h"

#include <algorithm>

namespace veil::graph {
namespace {

std::size_t commonCount(std::span<const NodeId> a, std::span<const NodeId> b) {
    std::size_t c = 0;
    auto i = a.begin();
    auto j = b.begin();
    while (i != a.end() && j != b.end()) {
        if (*i < *j)
            ++i;
        else if (*j < *i)
            ++j;
        else {
            ++c;
            ++i;
            ++j;
        }
    }
    return c;
}

double c2(double x) { return x < 2 ? 0 : x * (x - 1) / 2; }
double c3(double x) { return x < 3 ? 0 : x * (x - 1) * (x - 2) / 6; }

}  // namespace

const char* graphletName(Graphlet g) {
    static const char* names[] = {"wedge", "triangle", "path3", "star3", "cycle4", "paw", "diamond", "clique4"};
    return names[static_cast<int>(g)];
}

int graphletEdges(Graphlet g) {
    static const int e[] = {2, 3, 3, 3, 4, 4, 5, 6};
    return e[static_cast<int>(g)];
}

Result<GraphletCounts> countGraphlets(const Graph& g, const RunContext& ctx) {
    const std::size_t n = g.nodeCount();
    ProgressReporter progress(ctx, "Counting graphlets", static_cast<long long>(n));
    const auto tv = trianglesPerNode(g);
    double T = 0, nStar = 0, nPath = 0, nPaw = 0, nDiamond = 0, nCycle = 0, k4 = 0;
    std::vector<std::size_t> count(n, 0);
    std::vector<NodeId> touched;
    for (NodeId u = 0; u < n; ++u) {
        if (!progress.step(u)) return Status::cancelled();
        const double du = static_cast<double>(g.degree(u));
        T += static_cast<double>(tv[u]);
        nStar += c3(du);
        nPaw += static_cast<double>(tv[u]) * std::max(0.0, du - 2);
        const auto nu = g.neighbors(u);
        for (NodeId v : nu) {
            if (v < u) continue;
            const auto nv = g.neighbors(v);
            nPath += (du - 1) * (static_cast<double>(nv.size()) - 1);
            // common neighbours of the edge: triangles on it; K4s need an edge among them.
            std::vector<NodeId> common;
            std::set_intersection(nu.begin(), nu.end(), nv.begin(), nv.end(), std::back_inserter(common));
            nDiamond += c2(static_cast<double>(common.size()));
            for (std::size_t i = 0; i < common.size(); ++i) {
                if (common[i] < v) continue;  // u < v < w < x counts each K4 once
                for (std::size_t j = i + 1; j < common.size(); ++j)
                    if (g.hasEdge(common[i], common[j])) k4 += 1;
            }
        }
        // 4-cycles: pairs u < w with c common neighbours contribute C(c, 2); each cycle twice.
        touched.clear();
        for (NodeId v : nu)
            for (NodeId w : g.neighbors(v))
                if (w > u && count[w]++ == 0) touched.push_back(w);
        for (NodeId w : touched) {
            nCycle += c2(static_cast<double>(count[w]));
            count[w] = 0;
        }
    }
    T /= 3;
    nPath -= 3 * T;  // sum over edges of (du-1)(dv-1) counts each triangle 3 times as a closed path
    nCycle /= 2;
    GraphletCounts out{};
    const double K4 = k4;
    const double D = nDiamond - 6 * K4;
    const double C4 = nCycle - D - 3 * K4;
    const double P = nPaw - 4 * D - 12 * K4;
    const double S = nStar - P - 2 * D - 4 * K4;
    const double L = nPath - 2 * P - 4 * C4 - 6 * D - 12 * K4;
    double twoStars = 0;
    for (NodeId u = 0; u < n; ++u) twoStars += c2(static_cast<double>(g.degree(u)));
    out[0] = twoStars - 3 * T;
    out[1] = T;
    out[2] = L;
    out[3] = S;
    out[4] = C4;
    out[5] = P;
    out[6] = D;
    out[7] = K4;
    progress.finish();
    return out;
}

GraphletCounts graphletsContainingEdge(const Graph& g, NodeId u, NodeId v) {
    GraphletCounts z{};
    const auto nu = g.neighbors(u), nv = g.neighbors(v);
    std::vector<NodeId> ring;  // N(u) ∪ N(v) \ {u, v}
    std::set_union(nu.begin(), nu.end(), nv.begin(), nv.end(), std::back_inserter(ring));
    ring.erase(std::remove_if(ring.begin(), ring.end(), [&](NodeId w) { return w == u || w == v; }), ring.end());
    const std::size_t t = commonCount(nu, nv);
    z[1] = static_cast<double>(t);
    z[0] = static_cast<double>(ring.size() - t);
    auto classify = [&](NodeId a, NodeId b, NodeId c, NodeId d) {
        const NodeId s[4] = {a, b, c, d};
        int deg[4] = {0, 0, 0, 0}, edges = 0;
        for (int i = 0; i < 4; ++i)
            for (int j = i + 1; j < 4; ++j)
                if (g.hasEdge(s[i], s[j])) {
                    ++deg[i];
                    ++deg[j];
                    ++edges;
                }
        const int maxDeg = *std::max_element(deg, deg + 4);
        if (edges == 3)
            z[maxDeg == 3 ? 3 : 2] += 1;
        else if (edges == 4)
            z[maxDeg == 3 ? 5 : 4] += 1;
        else if (edges == 5)
            z[6] += 1;
        else if (edges == 6)
            z[7] += 1;
    };
    for (std::size_t i = 0; i < ring.size(); ++i) {
        const NodeId w = ring[i];
        for (std::size_t j = i + 1; j < ring.size(); ++j) classify(u, v, w, ring[j]);
        for (NodeId x : g.neighbors(w))  // x outside the ring: reached only through w
            if (x != u && x != v && !std::binary_search(ring.begin(), ring.end(), x)) classify(u, v, w, x);
    }
    return z;
}

Result<GraphletCounts> estimateGraphlets(const Graph& g, long long samples, const RunContext& ctx) {
    if (samples < 1) return Status::invalidArgument("samples must be at least 1 (got " + std::to_string(samples) + ")");
    if (g.edgeCount() == 0) return Status::invalidArgument("the graph has no edges to sample");
    if (!ctx.random) return Status::invalidArgument("a random source is required for sampling");
    const std::vector<Edge> edges = g.edges();
    ProgressReporter progress(ctx, "Sampling graphlets", samples);
    GraphletCounts sum{};
    for (long long s = 0; s < samples; ++s) {
        if (!progress.step(s)) return Status::cancelled();
        const Edge& e = edges[ctx.random->uniformBelow(edges.size())];
        const auto z = graphletsContainingEdge(g, e.u, e.v);
        for (std::size_t i = 0; i < kGraphletTypes; ++i) sum[i] += z[i];
    }
    const double m = static_cast<double>(edges.size());
    for (std::size_t i = 0; i < kGraphletTypes; ++i)
        sum[i] = sum[i] / static_cast<double>(samples) * m / graphletEdges(static_cast<Graphlet>(i));
    progress.finish();
    return sum;
}

}  // namespace veil::graph
