// Exact statistics. Triangle counting: degree-ordered orientation and marking (Chiba & Nishizeki,
// SIAM J. Comput. 1985; Schank & Wagner 2005 "forward" algorithm). Structural uniqueness: nodes
// grouped by a multiset hash of their neighbours' degrees, groups split by exact comparison.
#include "veil/graph/statistics.h"

#include "graph/detail/flat_id_map.h"
#include "graph/detail/neighbourhood_profile.h"

#include <algorithm>
#include <memory>
#include <numeric>
#include <span>

namespace veil::graph {
namespace {

// Forward adjacency: for each node, its neighbours of higher (degree, id) rank, as rank indices.
struct Forward {
    std::vector<std::size_t> offsets;
    std::vector<NodeId> targets;  // ranks
    std::vector<NodeId> nodeOfRank;
};

Forward orient(const Graph& g) {
    const std::size_t n = g.nodeCount();
    Forward f;
    // Rank by (degree, id): a counting sort on degree, ids ascending within a degree.
    std::vector<std::size_t> start(maxDegree(g) + 2, 0);
    for (NodeId v = 0; v < n; ++v) ++start[g.degree(v) + 1];
    std::partial_sum(start.begin(), start.end(), start.begin());
    f.nodeOfRank.resize(n);
    for (NodeId v = 0; v < n; ++v) f.nodeOfRank[start[g.degree(v)]++] = v;
    std::vector<NodeId> rank(n);
    for (std::size_t r = 0; r < n; ++r) rank[f.nodeOfRank[r]] = static_cast<NodeId>(r);
    f.offsets.assign(n + 1, 0);
    for (std::size_t r = 0; r < n; ++r) {
        std::size_t c = 0;
        for (NodeId w : g.neighbors(f.nodeOfRank[r])) c += rank[w] > r;
        f.offsets[r + 1] = f.offsets[r] + c;
    }
    f.targets.resize(f.offsets[n]);
    for (std::size_t r = 0; r < n; ++r) {
        std::size_t p = f.offsets[r];
        for (NodeId w : g.neighbors(f.nodeOfRank[r]))
            if (rank[w] > r) f.targets[p++] = rank[w];
    }
    return f;
}

// Calls fn(a, b, c) (ranks) once per triangle; returns false when cancelled.
template <typename Fn>
bool forEachTriangle(const Forward& f, const RunContext* ctx, Fn&& fn) {
    const std::size_t n = f.nodeOfRank.size();
    std::vector<NodeId> mark(n, static_cast<NodeId>(-1));
    std::unique_ptr<ProgressReporter> progress;
    if (ctx) progress = std::make_unique<ProgressReporter>(*ctx, "Counting triangles", static_cast<long long>(n));
    for (std::size_t u = 0; u < n; ++u) {
        if (progress && !progress->step(static_cast<long long>(u))) return false;
        const auto ub = f.offsets[u], ue = f.offsets[u + 1];
        if (ue - ub < 2) continue;
        for (auto i = ub; i < ue; ++i) mark[f.targets[i]] = static_cast<NodeId>(u);
        for (auto i = ub; i < ue; ++i) {
            const NodeId v = f.targets[i];
            for (auto j = f.offsets[v]; j < f.offsets[v + 1]; ++j)
                if (mark[f.targets[j]] == u) fn(static_cast<NodeId>(u), v, f.targets[j]);
        }
    }
    if (progress) progress->finish();
    return true;
}

}  // namespace

std::size_t maxDegree(const Graph& g) {
    std::size_t d = 0;
    for (NodeId v = 0; v < g.nodeCount(); ++v) d = std::max(d, g.degree(v));
    return d;
}

std::vector<std::size_t> degreeSequence(const Graph& g) {
    std::vector<std::size_t> d(g.nodeCount());
    for (NodeId v = 0; v < g.nodeCount(); ++v) d[v] = g.degree(v);
    return d;
}

std::vector<long long> degreeHistogram(const Graph& g) {
    std::vector<long long> h(g.nodeCount() == 0 ? 0 : maxDegree(g) + 1, 0);
    for (NodeId v = 0; v < g.nodeCount(); ++v) ++h[g.degree(v)];
    return h;
}

Result<std::uint64_t> countTriangles(const Graph& g, const RunContext& ctx) {
    const Forward f = orient(g);
    std::uint64_t count = 0;
    if (!forEachTriangle(f, &ctx, [&](NodeId, NodeId, NodeId) { ++count; })) return Status::cancelled();
    return count;
}

std::uint64_t countTriangles(const Graph& g) {
    const Forward f = orient(g);
    std::uint64_t count = 0;
    forEachTriangle(f, nullptr, [&](NodeId, NodeId, NodeId) { ++count; });
    return count;
}

std::vector<std::uint64_t> trianglesPerNode(const Graph& g) {
    const Forward f = orient(g);
    std::vector<std::uint64_t> t(g.nodeCount(), 0);
    forEachTriangle(f, nullptr, [&](NodeId a, NodeId b, NodeId c) {
        ++t[f.nodeOfRank[a]];
        ++t[f.nodeOfRank[b]];
        ++t[f.nodeOfRank[c]];
    });
    return t;
}

double countKStars(const Graph& g, int k) {
    if (k < 1) return 0;
    double total = 0;
    for (NodeId v = 0; v < g.nodeCount(); ++v) {
        const double d = static_cast<double>(g.degree(v));
        double c = 1;
        for (int i = 0; i < k; ++i) c = c * (d - i) / (i + 1);
        if (d >= k) total += c;
    }
    return total;
}

std::uint64_t countTwoStars(const Graph& g) {
    std::uint64_t total = 0;
    for (NodeId v = 0; v < g.nodeCount(); ++v) {
        const std::uint64_t d = g.degree(v);
        total += d * (d - (d > 0 ? 1 : 0)) / 2;
    }
    return total;
}

std::size_t maxCommonNeighbours(const Graph& g) {
    const std::size_t n = g.nodeCount();
    std::vector<std::size_t> count(n, 0);
    std::vector<NodeId> touched;
    std::size_t best = 0;
    for (NodeId u = 0; u < n; ++u) {
        touched.clear();
        for (NodeId v : g.neighbors(u))
            for (NodeId w : g.neighbors(v))
                if (w > u) {
                    if (count[w]++ == 0) touched.push_back(w);
                }
        for (NodeId w : touched) {
            best = std::max(best, count[w]);
            count[w] = 0;
        }
    }
    return best;
}

namespace detail {

// A sum of mixed elements, which needs no sorting: MSet-Add-Hash of Clarke et al., "Incremental
// multiset hash functions and their application to memory integrity checking", ASIACRYPT 2003.
std::uint64_t profileHash(const Graph& g, NodeId v) {
    std::uint64_t h = mix64(g.degree(v) ^ 0x5bd1e995ULL);
    for (NodeId w : g.neighbors(v)) h += mix64(g.degree(w));
    return h;
}

// Each member's profile sorted, members sorted by profile, neighbours in that order compared: exact,
// so a hash collision never changes structuralUniqueness.
long long uniqueProfilesAmong(const Graph& g, const std::vector<NodeId>& group) {
    std::vector<std::size_t> begin(group.size() + 1, 0);
    std::vector<std::size_t> flat;
    for (std::size_t k = 0; k < group.size(); ++k) {
        for (NodeId w : g.neighbors(group[k])) flat.push_back(g.degree(w));
        std::sort(flat.begin() + static_cast<std::ptrdiff_t>(begin[k]), flat.end());
        begin[k + 1] = flat.size();
    }
    const auto profile = [&](std::size_t k) {
        return std::span<const std::size_t>(flat.data() + begin[k], begin[k + 1] - begin[k]);
    };
    std::vector<std::size_t> order(group.size());
    std::iota(order.begin(), order.end(), std::size_t{0});
    std::sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) {
        const auto pa = profile(a), pb = profile(b);
        return std::lexicographical_compare(pa.begin(), pa.end(), pb.begin(), pb.end());
    });
    const auto same = [&](std::size_t a, std::size_t b) {
        const auto pa = profile(order[a]), pb = profile(order[b]);
        return std::equal(pa.begin(), pa.end(), pb.begin(), pb.end());
    };
    long long unique = 0;
    for (std::size_t k = 0; k < order.size(); ++k)
        unique += (k == 0 || !same(k - 1, k)) && (k + 1 == order.size() || !same(k, k + 1)) ? 1 : 0;
    return unique;
}

}  // namespace detail

StructuralUniqueness structuralUniqueness(const Graph& g) {
    const std::size_t n = g.nodeCount();
    StructuralUniqueness out;
    if (n == 0) return out;
    std::vector<long long> byDegree(maxDegree(g) + 1, 0);
    std::vector<std::pair<std::uint64_t, NodeId>> keyed(n);  // (profile hash, node)
    for (NodeId v = 0; v < n; ++v) {
        ++byDegree[g.degree(v)];
        keyed[v] = {detail::profileHash(g, v), v};
    }
    std::sort(keyed.begin(), keyed.end());
    long long uniqueDegree = 0, uniqueProfile = 0;
    for (NodeId v = 0; v < n; ++v) uniqueDegree += byDegree[g.degree(v)] == 1 ? 1 : 0;
    std::vector<NodeId> group;
    for (std::size_t i = 0, j = 0; i < n; i = j) {
        j = i + 1;
        while (j < n && keyed[j].first == keyed[i].first) ++j;
        if (j - i == 1) {
            ++uniqueProfile;
            continue;
        }
        group.clear();
        for (std::size_t k = i; k < j; ++k) group.push_back(keyed[k].second);
        uniqueProfile += detail::uniqueProfilesAmong(g, group);
    }
    out.uniqueByDegree = static_cast<double>(uniqueDegree) / static_cast<double>(n);
    out.uniqueByNeighbourhood = static_cast<double>(uniqueProfile) / static_cast<double>(n);
    return out;
}

Result<GraphSummary> summarize(const Graph& g, const RunContext& ctx) {
    GraphSummary s;
    s.nodes = g.nodeCount();
    s.edges = g.edgeCount();
    s.maxDegree = maxDegree(g);
    s.twoStars = countTwoStars(g);
    s.degreeHistogram = degreeHistogram(g);
    auto t = countTriangles(g, ctx);
    if (!t) return t.status();
    s.triangles = *t;
    return s;
}

}  // namespace veil::graph
