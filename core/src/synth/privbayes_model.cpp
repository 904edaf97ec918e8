// PrivBayes building blocks: joint counts, mutual information and its sensitivity, candidate
// parent sets, conditionals from noisy counts, ancestral sampling (Zhang et al., SIGMOD 2014).
#include "veil/synth/privbayes.h"

#include "synth/detail/controlled_rounding.h"

#include <algorithm>
#include <cmath>
#include <functional>
#include <numeric>

namespace veil::synth {

std::vector<double> jointCounts(const DiscreteTable& data, const ApPair& pair) {
    const std::size_t childSize = data.sizes[pair.child];
    std::size_t configs = 1;
    for (auto p : pair.parents) configs *= data.sizes[p];
    std::vector<double> counts(configs * childSize, 0.0);
    const auto& x = data.codes[pair.child];
    for (std::size_t r = 0; r < data.rowCount(); ++r) {
        std::size_t config = 0;
        for (auto p : pair.parents) config = config * data.sizes[p] + static_cast<std::size_t>(data.codes[p][r]);
        counts[config * childSize + static_cast<std::size_t>(x[r])] += 1.0;
    }
    return counts;
}

double mutualInformation(const DiscreteTable& data, const ApPair& pair) {
    const std::size_t n = data.rowCount();
    if (pair.parents.empty() || n == 0) return 0.0;
    const std::size_t childSize = data.sizes[pair.child];
    const auto counts = jointCounts(data, pair);
    const std::size_t configs = counts.size() / childSize;
    std::vector<double> px(childSize, 0.0), pp(configs, 0.0);
    for (std::size_t c = 0; c < configs; ++c)
        for (std::size_t v = 0; v < childSize; ++v) {
            px[v] += counts[c * childSize + v];
            pp[c] += counts[c * childSize + v];
        }
    const double dn = static_cast<double>(n);
    double mi = 0.0;
    for (std::size_t c = 0; c < configs; ++c)
        for (std::size_t v = 0; v < childSize; ++v) {
            const double k = counts[c * childSize + v];
            if (k > 0) mi += (k / dn) * std::log2(k * dn / (px[v] * pp[c]));
        }
    return std::max(mi, 0.0);
}

double mutualInformationSensitivity(std::size_t n) {
    const double d = static_cast<double>(n);
    return 2.0 / d * std::log2((d + 1.0) / 2.0) + (d - 1.0) / d * std::log2((d + 1.0) / (d - 1.0));
}

ConditionalTable conditionalFromCounts(const ApPair& pair, std::size_t childSize, std::vector<double> counts) {
    ConditionalTable t;
    t.pair = pair;
    t.childSize = childSize;
    t.parentConfigs = counts.size() / childSize;
    for (std::size_t c = 0; c < t.parentConfigs; ++c) {
        double total = 0.0;
        for (std::size_t v = 0; v < childSize; ++v) {
            double& k = counts[c * childSize + v];
            k = std::max(k, 0.0);
            total += k;
        }
        for (std::size_t v = 0; v < childSize; ++v)
            counts[c * childSize + v] =
                total > 0.0 ? counts[c * childSize + v] / total : 1.0 / static_cast<double>(childSize);
    }
    t.probability = std::move(counts);
    return t;
}

std::vector<std::vector<std::size_t>> candidateParentSets(const std::vector<std::size_t>& sizes, std::size_t child,
                                                          const std::vector<std::size_t>& chosen, std::size_t maxDegree,
                                                          double maxCells) {
    std::vector<std::vector<std::size_t>> out{{}};
    std::vector<std::size_t> current;
    // Depth-first over subsets in index order; a subset over the cell cap is not extended (cells
    // only grow with more parents).
    std::function<void(std::size_t, double)> extend = [&](std::size_t from, double cells) {
        if (current.size() == maxDegree) return;
        for (std::size_t i = from; i < chosen.size(); ++i) {
            const double next = cells * static_cast<double>(sizes[chosen[i]]);
            if (next > maxCells) continue;
            current.push_back(chosen[i]);
            out.push_back(current);
            extend(i + 1, next);
            current.pop_back();
        }
    };
    extend(0, static_cast<double>(sizes[child]));
    return out;
}

nlohmann::json PrivBayesModel::toJson(const DiscreteTable& names) const {
    nlohmann::json j = nlohmann::json::array();
    for (const auto& p : network) {
        nlohmann::json parents = nlohmann::json::array();
        for (auto q : p.parents) parents.push_back(names.names[q]);
        j.push_back({{"attribute", names.names[p.child]}, {"parents", parents}});
    }
    return j;
}

DiscreteTable sampleRows(const PrivBayesModel& model, const std::vector<std::string>& names, std::size_t rows,
                         RandomSource& random) {
    DiscreteTable out;
    out.names = names;
    out.sizes = model.sizes;
    out.codes.assign(model.sizes.size(), std::vector<std::int32_t>(rows, 0));
    std::vector<std::size_t> configOf(rows), order(rows), cells;
    std::vector<double> weights;
    // Network order: a child's parents are drawn before it. The rows sharing a parent configuration
    // get the child's values by controlled rounding of its conditional (as Private-PGM's sampler).
    for (const auto& t : model.conditionals) {
        std::size_t configs = 1;
        for (auto p : t.pair.parents) configs *= model.sizes[p];
        std::vector<std::size_t> start(configs + 1, 0);
        for (std::size_t r = 0; r < rows; ++r) {
            std::size_t config = 0;
            for (auto p : t.pair.parents) config = config * model.sizes[p] + static_cast<std::size_t>(out.codes[p][r]);
            configOf[r] = config;
            ++start[config + 1];
        }
        for (std::size_t k = 0; k < configs; ++k) start[k + 1] += start[k];
        std::vector<std::size_t> next(start.begin(), start.end() - 1);
        for (std::size_t r = 0; r < rows; ++r) order[next[configOf[r]]++] = r;
        // Only declared values are drawn: the last code ("missing or other", see
        // AttributeDomain::otherCode) is left out and the rest renormalised (post-processing).
        const std::size_t declared = std::max<std::size_t>(t.childSize, 2) - 1;
        for (std::size_t config = 0; config < configs; ++config) {
            const std::size_t g = start[config + 1] - start[config];
            if (g == 0) continue;
            const double* p = &t.probability[config * t.childSize];
            weights.assign(p, p + declared);
            double total = 0.0;
            for (double& w : weights) total += (w = std::max(w, 0.0));
            if (total <= 0.0) weights.assign(declared, 1.0);  // no mass left: uniform
            cells.clear();
            if (detail::roundingPays(declared, g)) {
                cells = detail::roundedCells(weights, g, random);
            } else {
                std::partial_sum(weights.begin(), weights.end(), weights.begin());
                for (std::size_t i = 0; i < g; ++i)
                    cells.push_back(detail::drawFromCumulative(weights.data(), declared, random));
            }
            for (std::size_t i = 0; i < g; ++i)
                out.codes[t.pair.child][order[start[config] + i]] = static_cast<std::int32_t>(cells[i]);
        }
    }
    return out;
}

}  // namespace veil::synth
