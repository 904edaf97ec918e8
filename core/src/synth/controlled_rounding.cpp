#include "synth/detail/controlled_rounding.h"

#include <algorithm>
#include <cmath>
#include <utility>

namespace veil::synth::detail {

std::size_t drawFromCumulative(const double* cum, std::size_t cells, RandomSource& random) {
    const double u = random.uniform01() * cum[cells - 1];
    return std::min(static_cast<std::size_t>(std::upper_bound(cum, cum + cells, u) - cum), cells - 1);
}

std::vector<std::size_t> roundedCells(std::span<const double> weights, std::size_t rows, RandomSource& random) {
    double total = 0.0;
    for (double w : weights) total += w;
    std::vector<std::size_t> out;
    out.reserve(rows);
    std::vector<std::pair<double, std::size_t>> keys;  // (log u / fraction, cell) of the cells with a fraction
    for (std::size_t c = 0; c < weights.size(); ++c) {
        const double expected = static_cast<double>(rows) * weights[c] / total;
        const double whole = std::floor(expected);
        out.insert(out.end(), static_cast<std::size_t>(whole), c);
        if (const double fraction = expected - whole; fraction > 0.0)
            keys.emplace_back(std::log(1.0 - random.uniform01()) / fraction, c);
    }
    if (out.size() > rows) out.resize(rows);  // the weights' sum rounded
    const std::size_t extra = std::min(rows - out.size(), keys.size());
    std::partial_sort(keys.begin(), keys.begin() + static_cast<std::ptrdiff_t>(extra), keys.end(),
                      [](const auto& a, const auto& b) { return a.first > b.first; });
    for (std::size_t i = 0; i < extra; ++i) out.push_back(keys[i].second);
    // Floating-point leftovers (the fractions' sum a hair under the rows missing): the likeliest cell.
    const auto heaviest = static_cast<std::size_t>(std::max_element(weights.begin(), weights.end()) - weights.begin());
    while (out.size() < rows) out.push_back(heaviest);
    for (std::size_t i = out.size(); i > 1; --i) std::swap(out[i - 1], out[random.uniformBelow(i)]);
    return out;
}

}  // namespace veil::synth::detail
