// Privelet with the Haar wavelet (Xiao, Wang, Gehrke, "Differential privacy via wavelet
// transforms", ICDE 2010 / TKDE 2011, Section 4: weights W(c) and generalized sensitivity 1 + log2 m).
#include "dp/detail/histogram_strategies.h"

#include "veil/common/validate.h"
#include "veil/dp/laplace_mechanism.h"

#include <cmath>

namespace veil::dp::detail {

namespace {

Result<HistogramResult> releasePrivelet(const HistogramRun& run) {
    const auto& counts = run.counts;
    std::size_t m = 1, h = 0;
    while (m < counts.size()) {
        m *= 2;
        ++h;
    }
    const double rho = 1.0 + double(h);  // generalized sensitivity of the weighted Haar coefficients
    const double budget = run.epsilon / rho;
    // Node sums level by level (level 0 = leaves).
    std::vector<std::vector<double>> sums(h + 1);
    sums[0].assign(m, 0.0);
    for (std::size_t i = 0; i < counts.size(); ++i) sums[0][i] = counts[i];
    for (std::size_t l = 1; l <= h; ++l) {
        sums[l].resize(sums[l - 1].size() / 2);
        for (std::size_t i = 0; i < sums[l].size(); ++i) sums[l][i] = sums[l - 1][2 * i] + sums[l - 1][2 * i + 1];
    }
    // Base coefficient: the mean, weight m (noise Laplace(1 / (m budget))); node coefficient
    // (sumL - sumR) / size, weight size.
    auto base = LaplaceMechanism::create(budget, 1.0 / double(m));
    if (!base) return base.status();
    auto first = base->release(*run.ctx.random, sums[h][0] / double(m));
    if (!first) return first.status();
    std::vector<double> avg{*first};
    for (std::size_t l = h; l >= 1; --l) {
        const double size = std::ldexp(1.0, int(l));
        auto lap = LaplaceMechanism::create(budget, 1.0 / size);
        if (!lap) return lap.status();
        std::vector<double> next(sums[l - 1].size());
        for (std::size_t i = 0; i < sums[l].size(); ++i) {
            auto c = lap->release(*run.ctx.random, (sums[l - 1][2 * i] - sums[l - 1][2 * i + 1]) / size);
            if (!c) return c.status();
            next[2 * i] = avg[i] + *c;
            next[2 * i + 1] = avg[i] - *c;
        }
        avg = std::move(next);
    }
    HistogramResult r;
    r.noiseScale = base->scale();
    r.consistent = true;  // a wavelet reconstruction is consistent by construction
    r.description = "Haar wavelet over " + std::to_string(m) + " bins, generalized sensitivity " + formatNumber(rho) +
                    ", coefficient noise Laplace(" + formatNumber(rho) + " / (eps W(c)))";
    r.estimate.assign(avg.begin(), avg.begin() + long(counts.size()));
    return r;
}

}  // namespace

HistogramStrategyEntry priveletStrategy() {
    AlgorithmInfo info;
    info.family = "histogram";
    info.id = "privelet";
    info.name = "Privelet (Haar wavelet)";
    info.summary = "Noisy Haar wavelet coefficients, inverted to bins; error grows with log^3 of the domain";
    info.citation = "Xiao, Wang, Gehrke, ICDE 2010";
    return {info, releasePrivelet};
}

}  // namespace veil::dp::detail
