// Ancestral sampling from a calibrated junction-tree model (Koller & Friedman 2009, Section 12.1):
// each root clique's configuration from its marginal, every other clique's new attributes from its
// marginal conditioned on the separator already drawn, the counts rounded as Private-PGM's
// synthetic_data does (McKenna et al. ICML 2019). Post-processing of the model.
#include "veil/synth/graphical_model.h"

#include "synth/detail/controlled_rounding.h"

#include <algorithm>
#include <numeric>

namespace veil::synth {

namespace {

// For one clique: per separator configuration, the cumulative weights of the configurations of
// the clique's new attributes ("rest"), and how a rest cell decodes into attribute values.
struct CliqueSampler {
    std::vector<std::size_t> restVars, restSizes;
    std::vector<std::size_t> sepVars;
    std::size_t restCells = 1;
    std::vector<double> cumulative;  // [sepCell * restCells + restCell]
};

CliqueSampler makeSampler(const GraphicalModel& model, std::size_t c, bool declaredOnly) {
    const JunctionTree& t = model.tree;
    const Factor& m = model.marginals[c];
    CliqueSampler s;
    s.sepVars = t.separator[c];
    for (auto v : m.vars)
        if (!std::binary_search(s.sepVars.begin(), s.sepVars.end(), v)) {
            s.restVars.push_back(v);
            s.restSizes.push_back(t.sizes[v]);
            s.restCells *= t.sizes[v];
        }
    const auto toRest = projectionIndex(m.vars, m.sizes, s.restVars);
    std::size_t sepCells = 1;
    for (auto v : s.sepVars) sepCells *= t.sizes[v];
    std::vector<double> weight(sepCells * s.restCells, 0.0);
    for (std::size_t k = 0; k < m.values.size(); ++k)
        weight[t.toSeparator[c][k] * s.restCells + toRest[k]] += m.values[k];
    // Declared values only: a rest cell holding some attribute's last code gets no mass.
    std::vector<bool> allowed(s.restCells, true);
    if (declaredOnly)
        for (std::size_t r = 0; r < s.restCells; ++r) {
            std::size_t rest = r;
            for (std::size_t i = s.restSizes.size(); i-- > 0;) {
                if (rest % s.restSizes[i] == s.restSizes[i] - 1 && s.restSizes[i] > 1) allowed[r] = false;
                rest /= s.restSizes[i];
            }
        }
    s.cumulative.resize(weight.size());
    for (std::size_t sep = 0; sep < sepCells; ++sep) {
        double* w = &weight[sep * s.restCells];
        double total = 0.0;
        for (std::size_t r = 0; r < s.restCells; ++r) total += allowed[r] ? std::max(w[r], 0.0) : 0.0;
        double acc = 0.0;
        for (std::size_t r = 0; r < s.restCells; ++r) {
            // No mass left for this separator value: uniform over the allowed cells.
            acc += allowed[r] ? (total > 0.0 ? std::max(w[r], 0.0) : 1.0) : 0.0;
            s.cumulative[sep * s.restCells + r] = acc;
        }
    }
    return s;
}

}  // namespace

DiscreteTable sampleModel(const GraphicalModel& model, const std::vector<std::string>& names, std::size_t rows,
                          RandomSource& random, bool declaredOnly) {
    const JunctionTree& t = model.tree;
    DiscreteTable out;
    out.names = names;
    out.sizes = t.sizes;
    out.codes.assign(t.sizes.size(), std::vector<std::int32_t>(rows, 0));
    std::vector<std::size_t> sepOf(rows), order(rows);
    std::vector<double> weights;
    // Cliques are in breadth-first order: a clique's separator is drawn before it.
    for (std::size_t c = 0; c < t.cliques.size(); ++c) {
        const CliqueSampler s = makeSampler(model, c, declaredOnly);
        const std::size_t sepCells = s.cumulative.size() / s.restCells;
        // The rows grouped by their separator configuration (a counting sort).
        std::vector<std::size_t> start(sepCells + 1, 0);
        for (std::size_t r = 0; r < rows; ++r) {
            std::size_t sep = 0;
            for (auto v : s.sepVars) sep = sep * t.sizes[v] + static_cast<std::size_t>(out.codes[v][r]);
            sepOf[r] = sep;
            ++start[sep + 1];
        }
        for (std::size_t k = 0; k < sepCells; ++k) start[k + 1] += start[k];
        std::vector<std::size_t> next(start.begin(), start.end() - 1);
        for (std::size_t r = 0; r < rows; ++r) order[next[sepOf[r]]++] = r;
        for (std::size_t sep = 0; sep < sepCells; ++sep) {
            const std::size_t g = start[sep + 1] - start[sep];
            if (g == 0) continue;
            const double* cum = &s.cumulative[sep * s.restCells];
            std::vector<std::size_t> cells;
            if (detail::roundingPays(s.restCells, g) && cum[s.restCells - 1] > 0.0) {
                weights.resize(s.restCells);
                std::adjacent_difference(cum, cum + s.restCells, weights.begin());
                cells = detail::roundedCells(weights, g, random);
            } else {
                for (std::size_t i = 0; i < g; ++i)
                    cells.push_back(detail::drawFromCumulative(cum, s.restCells, random));
            }
            for (std::size_t i = 0; i < g; ++i) {
                std::size_t rest = cells[i];
                const std::size_t r = order[start[sep] + i];
                for (std::size_t j = s.restVars.size(); j-- > 0;) {
                    out.codes[s.restVars[j]][r] = static_cast<std::int32_t>(rest % s.restSizes[j]);
                    rest /= s.restSizes[j];
                }
            }
        }
    }
    return out;
}

}  // namespace veil::synth
