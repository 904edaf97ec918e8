// Average total-variation distance of k-way marginals (teaching mode; see marginal_distance.h).
#include "veil/synth/marginal_distance.h"

#include <algorithm>
#include <cmath>

namespace veil::synth {

namespace {

std::vector<double> marginal(const DiscreteTable& t, const std::vector<std::size_t>& cols) {
    std::size_t cells = 1;
    for (auto c : cols) cells *= t.sizes[c];
    std::vector<double> p(cells, 0.0);
    const std::size_t n = t.rowCount();
    if (n == 0) {
        std::fill(p.begin(), p.end(), 1.0 / static_cast<double>(cells));
        return p;
    }
    for (std::size_t r = 0; r < n; ++r) {
        std::size_t i = 0;
        for (auto c : cols) i = i * t.sizes[c] + static_cast<std::size_t>(t.codes[c][r]);
        p[i] += 1.0;
    }
    for (auto& v : p) v /= static_cast<double>(n);
    return p;
}

void subsets(std::size_t d, std::size_t way, std::size_t from, std::vector<std::size_t>& cur,
             std::vector<std::vector<std::size_t>>& out) {
    if (cur.size() == way) {
        out.push_back(cur);
        return;
    }
    for (std::size_t i = from; i < d; ++i) {
        cur.push_back(i);
        subsets(d, way, i + 1, cur, out);
        cur.pop_back();
    }
}

}  // namespace

Result<MarginalDistance> teachingMarginalTvd(const DiscreteTable& real, const DiscreteTable& synthetic,
                                             std::size_t way) {
    if (way < 1 || way > 3) return Status::invalidArgument("way: " + std::to_string(way) + " is not 1, 2 or 3");
    if (real.names != synthetic.names || real.sizes != synthetic.sizes)
        return Status::invalidArgument("synthetic table: its columns or domains differ from the real table's");
    MarginalDistance out;
    out.way = way;
    std::vector<std::vector<std::size_t>> sets;
    std::vector<std::size_t> cur;
    subsets(real.sizes.size(), way, 0, cur, sets);
    out.marginals = sets.size();
    if (sets.empty()) return out;
    double sum = 0.0;
    for (const auto& s : sets) {
        const auto a = marginal(real, s), b = marginal(synthetic, s);
        double tvd = 0.0;
        for (std::size_t i = 0; i < a.size(); ++i) tvd += std::abs(a[i] - b[i]);
        tvd *= 0.5;
        sum += tvd;
        out.maxTvd = std::max(out.maxTvd, tvd);
    }
    out.averageTvd = sum / static_cast<double>(sets.size());
    return out;
}

}  // namespace veil::synth
