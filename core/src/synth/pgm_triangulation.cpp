// Triangulation for Private-PGM's junction trees (McKenna, Sheldon, Miklau, ICML 2019): min-fill
// elimination (Kjaerulff, "Triangulation of graphs", 1990), potentials carried onto a larger tree,
// and marginals of attribute sets that no clique holds.
#include "veil/synth/graphical_model.h"

#include <algorithm>
#include <tuple>

namespace veil::synth {

namespace {

struct Elimination {
    std::size_t vertex = 0, fill = 0;
    double cells = 0.0;
};

// The fill-in and the eliminated clique's cells of every remaining vertex; the best by (fill,
// cells, index).
Elimination bestVertex(const std::vector<std::vector<char>>& adj, const std::vector<char>& alive,
                       const std::vector<std::size_t>& sizes) {
    const std::size_t d = sizes.size();
    Elimination best;
    bool found = false;
    for (std::size_t v = 0; v < d; ++v) {
        if (!alive[v]) continue;
        std::vector<std::size_t> nb;
        double cells = static_cast<double>(sizes[v]);
        for (std::size_t u = 0; u < d; ++u)
            if (u != v && alive[u] && adj[v][u]) {
                nb.push_back(u);
                cells *= static_cast<double>(sizes[u]);
            }
        std::size_t fill = 0;
        for (std::size_t i = 0; i < nb.size(); ++i)
            for (std::size_t j = i + 1; j < nb.size(); ++j)
                if (!adj[nb[i]][nb[j]]) ++fill;
        if (!found || std::tie(fill, cells) < std::tie(best.fill, best.cells)) {
            best = {v, fill, cells};
            found = true;
        }
    }
    return best;
}

}  // namespace

std::vector<std::vector<std::size_t>> triangulate(const std::vector<std::vector<std::size_t>>& cliques,
                                                  const std::vector<std::size_t>& sizes) {
    const std::size_t d = sizes.size();
    std::vector<std::vector<char>> adj(d, std::vector<char>(d, 0));
    for (const auto& c : cliques)
        for (auto a : c)
            for (auto b : c)
                if (a != b) adj[a][b] = 1;
    std::vector<char> alive(d, 1);
    std::vector<std::vector<std::size_t>> out;
    for (std::size_t step = 0; step < d; ++step) {
        const std::size_t v = bestVertex(adj, alive, sizes).vertex;
        std::vector<std::size_t> clique{v};
        for (std::size_t u = 0; u < d; ++u)
            if (u != v && alive[u] && adj[v][u]) clique.push_back(u);
        // Eliminating v joins its remaining neighbours pairwise (the fill-in edges).
        for (std::size_t i = 1; i < clique.size(); ++i)
            for (std::size_t j = 1; j < clique.size(); ++j)
                if (i != j) adj[clique[i]][clique[j]] = 1;
        alive[v] = 0;
        std::sort(clique.begin(), clique.end());
        // An elimination clique inside an earlier one is not maximal.
        const bool inside = std::any_of(out.begin(), out.end(), [&clique](const std::vector<std::size_t>& k) {
            return std::includes(k.begin(), k.end(), clique.begin(), clique.end());
        });
        if (!inside) out.push_back(std::move(clique));
    }
    return out;
}

Result<JunctionTree> triangulatedTree(const std::vector<std::vector<std::size_t>>& cliques,
                                      const std::vector<std::size_t>& sizes) {
    for (const auto& c : cliques)
        for (auto v : c)
            if (v >= sizes.size())
                return Status::invalidArgument("junction tree: attribute " + std::to_string(v) +
                                               " is not in the domain");
    return junctionTree(triangulate(cliques, sizes), sizes);
}

double treeCells(const JunctionTree& tree) {
    double total = 0.0;
    for (const auto& c : tree.cliques) {
        double cells = 1.0;
        for (auto v : c) cells *= static_cast<double>(tree.sizes[v]);
        total += cells;
    }
    return total;
}

Result<std::vector<Factor>> expandPotentials(const GraphicalModel& from, const JunctionTree& to) {
    std::vector<Factor> out;
    for (const auto& c : to.cliques) out.push_back(zeroFactor(c, to.sizes));
    for (const auto& f : from.potentials) {
        const std::size_t c = to.cliqueContaining(f.vars);
        if (c == JunctionTree::npos)
            return Status::invalidArgument("warm start: a clique of the starting model fits in no clique of the tree");
        const auto index = projectionIndex(out[c].vars, out[c].sizes, f.vars);
        for (std::size_t k = 0; k < out[c].values.size(); ++k) out[c].values[k] += f.values[index[k]];
    }
    return out;
}

Result<Factor> projectModel(const GraphicalModel& model, const std::vector<std::size_t>& vars) {
    if (model.tree.cliqueContaining(vars) != JunctionTree::npos) return model.marginal(vars);
    auto cliques = model.tree.cliques;
    cliques.push_back(vars);
    auto tree = triangulatedTree(cliques, model.tree.sizes);
    if (!tree) return tree.status();
    auto potentials = expandPotentials(model, *tree);
    if (!potentials) return potentials.status();
    GraphicalModel wider;
    wider.tree = std::move(*tree);
    wider.potentials = std::move(*potentials);
    wider.total = model.total;
    calibrate(wider);
    return wider.marginal(vars);
}

}  // namespace veil::synth
