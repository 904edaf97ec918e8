// AHP (Zhang, Chen, Xu, Meng, Xie, "Towards accurate histogram publication under differential privacy", SDM 2014).
// docs/algorithms/ahp.md. Stage 1 (eps1 = ratio * eps): noisy counts, thresholded, sorted and
// clustered (ahp_clustering.h; post-processing of the noisy counts). Stage 2 (eps2 = eps - eps1):
// each cluster's true total with Laplace(1/eps2) (the clusters are disjoint: one record changes
// one total by 1), spread evenly over its bins. eps-DP under add/remove-one-record. Run as
// DPComp's ahp_engine (ratio 0.85, eta 0.35); deviation: ties in the sort are broken by bin index.
#include "dp/detail/ahp_clustering.h"
#include "dp/detail/histogram_strategies.h"

#include "veil/common/validate.h"
#include "veil/dp/laplace_mechanism.h"
#include "veil/dp/range_workload.h"

#include <algorithm>
#include <cmath>
#include <numeric>

namespace veil::dp::detail {

namespace {

std::vector<double> squaresOf(const std::vector<double>& v) {
    std::vector<double> out(v.size());
    for (std::size_t i = 0; i < v.size(); ++i) out[i] = v[i] * v[i];
    return out;
}

// Sums of v and v^2 over positions [a, b] (inclusive) from prefix sums.
struct Prefix {
    std::vector<double> sum, squares;
    explicit Prefix(const std::vector<double>& v) : sum(prefixSums(v)), squares(prefixSums(squaresOf(v))) {}
    // Squared deviations from the mean plus c / length.
    double error(std::size_t a, std::size_t b, double c) const {
        const double len = double(b - a + 1), s = sum[b + 1] - sum[a];
        return squares[b + 1] - squares[a] - s * s / len + c / len;
    }
};

// The least error of a cluster starting at j (the paper's err*): for lengths 1, 2, ..., the
// squared distance of v_j to the cluster's mean plus c / length^2, stopping once the distance
// grows by at least what the noise term can still fall (down to c / (n - j + 1)^2).
double bestStart(const std::vector<double>& v, const Prefix& p, std::size_t j, double c) {
    const std::size_t n = v.size();
    double best = c, lastDev = 0.0, lastNoise = c;
    const double floorNoise = c / (double(n - j + 1) * double(n - j + 1));
    for (std::size_t l = j + 1; l < n; ++l) {
        const double len = double(l - j + 1), mean = (p.sum[l + 1] - p.sum[j]) / len;
        const double dev = (v[j] - mean) * (v[j] - mean), noise = c / (len * len);
        if (dev - lastDev >= lastNoise - floorNoise) break;
        best = std::min(best, dev + noise);
        lastDev = dev;
        lastNoise = noise;
    }
    return best;
}

}  // namespace

std::vector<AhpCluster> ahpGreedyClusters(const std::vector<double>& sorted, double eps2) {
    std::vector<AhpCluster> out;
    const std::size_t n = sorted.size();
    if (n == 0) return out;
    const Prefix p(sorted);
    const double c = 2.0 / (eps2 * eps2);
    std::size_t begin = 0;
    double last = p.error(0, 0, c);
    for (std::size_t j = 1; j < n; ++j) {
        const double now = p.error(begin, j, c);
        if (now >= last + bestStart(sorted, p, j, c)) {
            out.push_back({begin, j});
            begin = j;
            last = p.error(j, j, c);
        } else {
            last = now;
        }
    }
    out.push_back({begin, n});
    return out;
}

Result<std::vector<std::vector<std::size_t>>> ahpGroups(const std::vector<double>& counts, double eps1, double eta,
                                                        double eps2, RandomSource& rng) {
    auto lap = LaplaceMechanism::create(eps1, 1.0);
    if (!lap) return lap.status();
    const double cutoff = eta * std::log(double(counts.size())) / eps1;
    std::vector<double> noisy(counts.size());
    for (std::size_t i = 0; i < counts.size(); ++i) {
        auto v = lap->release(rng, counts[i]);
        if (!v) return v.status();
        noisy[i] = *v <= cutoff ? 0.0 : *v;
    }
    std::vector<std::size_t> order(counts.size());
    std::iota(order.begin(), order.end(), std::size_t(0));
    std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) { return noisy[a] < noisy[b]; });
    std::vector<double> sorted(order.size());
    for (std::size_t i = 0; i < order.size(); ++i) sorted[i] = noisy[order[i]];
    std::vector<std::vector<std::size_t>> groups;
    for (const auto& cl : ahpGreedyClusters(sorted, eps2))
        groups.emplace_back(order.begin() + std::ptrdiff_t(cl.begin), order.begin() + std::ptrdiff_t(cl.end));
    return groups;
}

namespace {

Result<HistogramResult> releaseAhp(const HistogramRun& run) {
    if (run.rows > 0 && run.columns > 0)
        return Status::invalidArgument("AHP takes a 1-D histogram (DPComp flattens grids; Veil does not)");
    const double eps1 = run.options.number("ratio") * run.epsilon, eps2 = run.epsilon - eps1;
    auto groups = ahpGroups(run.counts, eps1, run.options.number("eta"), eps2, *run.ctx.random);
    if (!groups) return groups.status();
    if (run.ctx.cancelled()) return Status::cancelled();
    auto lap = LaplaceMechanism::create(eps2, 1.0);
    if (!lap) return lap.status();
    HistogramResult r;
    r.estimate.assign(run.counts.size(), 0.0);
    for (const auto& g : *groups) {
        double total = 0.0;
        for (std::size_t i : g) total += run.counts[i];
        auto noisy = lap->release(*run.ctx.random, total);
        if (!noisy) return noisy.status();
        for (std::size_t i : g) r.estimate[i] = *noisy / double(g.size());
    }
    r.noiseScale = lap->scale();
    r.description = std::to_string(groups->size()) + " clusters of sorted noisy counts (eps " + formatNumber(eps1) +
                    "), Laplace(" + formatNumber(r.noiseScale) + ") per cluster total";
    return r;
}

}  // namespace

HistogramStrategyEntry ahpStrategy() {
    AlgorithmInfo info;
    info.family = "histogram";
    info.id = "ahp";
    info.name = "AHP";
    info.summary =
        "Clusters bins of similar noisy counts (sorted, wherever they lie) and publishes each cluster's "
        "noisy average; data-dependent";
    info.citation = "Zhang, Chen, Xu, Meng, Xie, SDM 2014";
    info.dataDependent = true;
    info.parameters = {
        {"ratio",
         "Clustering share",
         "share of epsilon spent on the noisy counts that are sorted and clustered (rho)",
         ParameterKind::Number,
         0.05,
         0.95,
         0.85,
         {}},
        {"eta",
         "Threshold factor",
         "noisy counts <= eta ln(n) / (ratio eps) are set to 0 before clustering",
         ParameterKind::Number,
         0.0,
         10.0,
         0.35,
         {}},
    };
    return {info, releaseAhp};
}

}  // namespace veil::dp::detail
