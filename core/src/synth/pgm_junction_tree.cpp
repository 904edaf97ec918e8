// Junction tree over given cliques (maximum-weight spanning tree of the clique graph: Jensen &
// Jensen, UAI 1994) and log-space sum-product belief propagation on it (Koller & Friedman 2009,
// Section 10.2), as Private-PGM's marginal oracle (McKenna, Sheldon, Miklau, ICML 2019).
#include "veil/synth/graphical_model.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <numeric>

namespace veil::synth {

namespace {

constexpr double kMaxCliqueCells = 1e7;

std::vector<std::size_t> intersect(const std::vector<std::size_t>& a, const std::vector<std::size_t>& b) {
    std::vector<std::size_t> out;
    std::set_intersection(a.begin(), a.end(), b.begin(), b.end(), std::back_inserter(out));
    return out;
}

std::size_t findRoot(std::vector<std::size_t>& up, std::size_t i) {
    while (up[i] != i) i = up[i] = up[up[i]];
    return i;
}

// Maximal, sorted, distinct cliques, plus a singleton for every attribute in none.
Result<std::vector<std::vector<std::size_t>>> maximalCliques(std::vector<std::vector<std::size_t>> cliques,
                                                             const std::vector<std::size_t>& sizes) {
    for (auto& c : cliques) {
        std::sort(c.begin(), c.end());
        c.erase(std::unique(c.begin(), c.end()), c.end());
        double cells = 1.0;
        for (auto v : c) {
            if (v >= sizes.size())
                return Status::invalidArgument("junction tree: attribute " + std::to_string(v) +
                                               " is not in the domain");
            cells *= static_cast<double>(sizes[v]);
        }
        if (cells > kMaxCliqueCells)
            return Status::invalidArgument("junction tree: a clique of " + std::to_string(c.size()) +
                                           " attributes has more than 10^7 cells");
    }
    for (auto s : sizes)
        if (s == 0) return Status::invalidArgument("junction tree: an attribute has an empty domain");
    std::stable_sort(cliques.begin(), cliques.end(), [](const auto& a, const auto& b) { return a.size() > b.size(); });
    std::vector<std::vector<std::size_t>> kept;
    for (const auto& c : cliques) {
        const bool inside = std::any_of(kept.begin(), kept.end(), [&c](const std::vector<std::size_t>& k) {
            return std::includes(k.begin(), k.end(), c.begin(), c.end());
        });
        if (!inside && !c.empty()) kept.push_back(c);
    }
    for (std::size_t v = 0; v < sizes.size(); ++v)
        if (std::none_of(kept.begin(), kept.end(),
                         [v](const auto& k) { return std::binary_search(k.begin(), k.end(), v); }))
            kept.push_back({v});
    return kept;
}

// Logsumexp of `values` (a clique table) onto the separator cells given by `index`.
std::vector<double> logSumOnto(const std::vector<double>& values, const std::vector<std::size_t>& index,
                               std::size_t cells) {
    std::vector<double> top(cells, -std::numeric_limits<double>::infinity()), sum(cells, 0.0);
    for (std::size_t i = 0; i < values.size(); ++i) top[index[i]] = std::max(top[index[i]], values[i]);
    for (std::size_t i = 0; i < values.size(); ++i) sum[index[i]] += std::exp(values[i] - top[index[i]]);
    for (std::size_t s = 0; s < cells; ++s) sum[s] = top[s] + std::log(sum[s]);
    return sum;
}

std::size_t cellsOf(const std::vector<std::size_t>& vars, const std::vector<std::size_t>& sizes) {
    std::size_t cells = 1;
    for (auto v : vars) cells *= sizes[v];
    return cells;
}

}  // namespace

Result<JunctionTree> junctionTree(std::vector<std::vector<std::size_t>> input, const std::vector<std::size_t>& sizes) {
    auto maximal = maximalCliques(std::move(input), sizes);
    if (!maximal) return maximal.status();
    const auto& cl = *maximal;
    const std::size_t c = cl.size();
    // Kruskal on the clique graph, heaviest separators first (ties by index: deterministic).
    struct Edge {
        std::size_t weight, a, b;
    };
    std::vector<Edge> edges;
    for (std::size_t a = 0; a < c; ++a)
        for (std::size_t b = a + 1; b < c; ++b)
            if (auto w = intersect(cl[a], cl[b]).size(); w > 0) edges.push_back({w, a, b});
    std::stable_sort(edges.begin(), edges.end(), [](const Edge& x, const Edge& y) { return x.weight > y.weight; });
    std::vector<std::size_t> up(c);
    std::iota(up.begin(), up.end(), 0);
    std::vector<std::vector<std::size_t>> adjacent(c);
    for (const auto& e : edges) {
        const std::size_t ra = findRoot(up, e.a), rb = findRoot(up, e.b);
        if (ra == rb) continue;
        up[ra] = rb;
        adjacent[e.a].push_back(e.b);
        adjacent[e.b].push_back(e.a);
    }
    // Running intersection: the cliques holding an attribute span a connected subtree, i.e. the
    // forest has exactly (holders - 1) edges between them.
    for (std::size_t v = 0; v < sizes.size(); ++v) {
        std::size_t holders = 0, links = 0;
        for (std::size_t a = 0; a < c; ++a) {
            if (!std::binary_search(cl[a].begin(), cl[a].end(), v)) continue;
            ++holders;
            for (auto b : adjacent[a])
                if (b > a && std::binary_search(cl[b].begin(), cl[b].end(), v)) ++links;
        }
        if (links + 1 != holders)
            return Status::invalidArgument("junction tree: the cliques holding attribute " + std::to_string(v) +
                                           " are not connected (the cliques are not those of a chordal graph; "
                                           "triangulate first)");
    }
    JunctionTree t;
    t.sizes = sizes;
    std::vector<std::size_t> placed(c, JunctionTree::npos);
    for (std::size_t root = 0; root < c; ++root) {
        if (placed[root] != JunctionTree::npos) continue;
        std::vector<std::size_t> queue{root};
        placed[root] = t.cliques.size();
        t.cliques.push_back(cl[root]);
        t.parent.push_back(JunctionTree::npos);
        for (std::size_t q = 0; q < queue.size(); ++q)
            for (auto b : adjacent[queue[q]]) {
                if (placed[b] != JunctionTree::npos) continue;
                placed[b] = t.cliques.size();
                t.cliques.push_back(cl[b]);
                t.parent.push_back(placed[queue[q]]);
                queue.push_back(b);
            }
    }
    for (std::size_t i = 0; i < c; ++i) {
        const bool root = t.parent[i] == JunctionTree::npos;
        t.separator.push_back(root ? std::vector<std::size_t>{} : intersect(t.cliques[i], t.cliques[t.parent[i]]));
        const Factor self = zeroFactor(t.cliques[i], sizes);
        t.toSeparator.push_back(projectionIndex(self.vars, self.sizes, t.separator[i]));
        if (root) {
            t.parentToSeparator.emplace_back();
        } else {
            const Factor par = zeroFactor(t.cliques[t.parent[i]], sizes);
            t.parentToSeparator.push_back(projectionIndex(par.vars, par.sizes, t.separator[i]));
        }
    }
    return t;
}

GraphicalModel uniformModel(JunctionTree tree, double total) {
    GraphicalModel m;
    for (const auto& c : tree.cliques) m.potentials.push_back(zeroFactor(c, tree.sizes));
    m.tree = std::move(tree);
    m.total = total;
    calibrate(m);
    return m;
}

void calibrate(GraphicalModel& model) {
    const JunctionTree& t = model.tree;
    const std::size_t c = t.cliques.size();
    std::vector<std::vector<double>> belief(c), up(c);
    for (std::size_t i = 0; i < c; ++i) belief[i] = model.potentials[i].values;
    // Upward: children come after their parent in breadth-first order.
    for (std::size_t i = c; i-- > 0;) {
        if (t.parent[i] == JunctionTree::npos) continue;
        up[i] = logSumOnto(belief[i], t.toSeparator[i], cellsOf(t.separator[i], t.sizes));
        auto& parent = belief[t.parent[i]];
        const auto& index = t.parentToSeparator[i];
        for (std::size_t k = 0; k < parent.size(); ++k) parent[k] += up[i][index[k]];
    }
    // Downward: the parent's belief is complete; divide out what the child sent.
    for (std::size_t i = 0; i < c; ++i) {
        if (t.parent[i] == JunctionTree::npos) continue;
        auto down = logSumOnto(belief[t.parent[i]], t.parentToSeparator[i], up[i].size());
        for (std::size_t s = 0; s < down.size(); ++s) down[s] -= up[i][s];
        const auto& index = t.toSeparator[i];
        for (std::size_t k = 0; k < belief[i].size(); ++k) belief[i][k] += down[index[k]];
    }
    model.marginals.resize(c);
    for (std::size_t i = 0; i < c; ++i) {
        const double top = *std::max_element(belief[i].begin(), belief[i].end());
        double sum = 0.0;
        for (double b : belief[i]) sum += std::exp(b - top);
        const double z = top + std::log(sum);
        Factor& m = model.marginals[i];
        m.vars = t.cliques[i];
        m.sizes = model.potentials[i].sizes;
        m.values.resize(belief[i].size());
        for (std::size_t k = 0; k < belief[i].size(); ++k) m.values[k] = std::exp(belief[i][k] - z);
    }
}

}  // namespace veil::synth
