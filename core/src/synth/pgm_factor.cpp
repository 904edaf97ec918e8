// Tables over attribute sets for Private-PGM (McKenna, Sheldon, Miklau, ICML 2019): zero tables,
// projections between a clique and a subset of it, count marginals of a discrete table.
#include "veil/synth/graphical_model.h"

#include <algorithm>

namespace veil::synth {

Factor zeroFactor(const std::vector<std::size_t>& vars, const std::vector<std::size_t>& domainSizes) {
    Factor f;
    f.vars = vars;
    std::size_t cells = 1;
    for (auto v : vars) {
        f.sizes.push_back(domainSizes[v]);
        cells *= domainSizes[v];
    }
    f.values.assign(cells, 0.0);
    return f;
}

std::vector<std::size_t> projectionIndex(const std::vector<std::size_t>& vars, const std::vector<std::size_t>& sizes,
                                         const std::vector<std::size_t>& sub) {
    // stride[i]: the step of vars[i] in the sub table's mixed radix (0 if vars[i] is not in sub).
    std::vector<std::size_t> stride(vars.size(), 0);
    std::size_t step = 1;
    for (std::size_t i = vars.size(); i-- > 0;) {
        if (std::binary_search(sub.begin(), sub.end(), vars[i])) {
            stride[i] = step;
            step *= sizes[i];
        }
    }
    std::size_t cells = 1;
    for (auto s : sizes) cells *= s;
    std::vector<std::size_t> out(cells, 0);
    std::vector<std::size_t> digit(vars.size(), 0);
    std::size_t target = 0;
    for (std::size_t cell = 0; cell < cells; ++cell) {
        out[cell] = target;
        // Increment the mixed-radix counter (last variable fastest), keeping target in step.
        for (std::size_t i = vars.size(); i-- > 0;) {
            if (++digit[i] < sizes[i]) {
                target += stride[i];
                break;
            }
            target -= stride[i] * (sizes[i] - 1);
            digit[i] = 0;
        }
    }
    return out;
}

Factor countMarginal(const DiscreteTable& data, const std::vector<std::size_t>& vars) {
    Factor f = zeroFactor(vars, data.sizes);
    for (std::size_t r = 0; r < data.rowCount(); ++r) {
        std::size_t cell = 0;
        for (std::size_t i = 0; i < vars.size(); ++i)
            cell = cell * f.sizes[i] + static_cast<std::size_t>(data.codes[vars[i]][r]);
        f.values[cell] += 1.0;
    }
    return f;
}

std::size_t JunctionTree::cliqueContaining(const std::vector<std::size_t>& vars) const {
    std::size_t best = npos, bestCells = 0;
    for (std::size_t c = 0; c < cliques.size(); ++c) {
        if (!std::includes(cliques[c].begin(), cliques[c].end(), vars.begin(), vars.end())) continue;
        std::size_t cells = 1;
        for (auto v : cliques[c]) cells *= sizes[v];
        if (best == npos || cells < bestCells) {
            best = c;
            bestCells = cells;
        }
    }
    return best;
}

Result<Factor> GraphicalModel::marginal(const std::vector<std::size_t>& vars) const {
    const std::size_t c = tree.cliqueContaining(vars);
    if (c == JunctionTree::npos)
        return Status::invalidArgument("marginal: the attributes are in no clique of the model");
    const Factor& m = marginals[c];
    Factor out = zeroFactor(vars, tree.sizes);
    const auto index = projectionIndex(m.vars, m.sizes, vars);
    for (std::size_t cell = 0; cell < m.values.size(); ++cell) out.values[index[cell]] += m.values[cell];
    return out;
}

}  // namespace veil::synth
