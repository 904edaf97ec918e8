// Privelet with the Haar wavelet (Xiao, Wang, Gehrke, "Differential privacy via wavelet
// transforms", ICDE 2010 / TKDE 2011, Section 4: weights W(c) and generalized sensitivity 1 + log2 m).
#include "veil/common/validate.h"
#include "veil/dp/histogram_release.h"
#include "veil/dp/samplers.h"

#include <cmath>

namespace veil::dp::detail {

Result<HistogramResult> releasePrivelet(const std::vector<double>& counts, const HistogramOptions& o, RandomSource& rng) {
    std::size_t m = 1, h = 0;
    while (m < counts.size()) { m *= 2; ++h; }
    const double rho = 1.0 + double(h);  // generalized sensitivity of the weighted Haar coefficients
    const double budget = o.epsilon / rho;
    // Node sums level by level (level 0 = leaves).
    std::vector<std::vector<double>> sums(h + 1);
    sums[0].assign(m, 0.0);
    for (std::size_t i = 0; i < counts.size(); ++i) sums[0][i] = counts[i];
    for (std::size_t l = 1; l <= h; ++l) {
        sums[l].resize(sums[l - 1].size() / 2);
        for (std::size_t i = 0; i < sums[l].size(); ++i) sums[l][i] = sums[l - 1][2 * i] + sums[l - 1][2 * i + 1];
    }
    // Base coefficient: the mean, weight m; node coefficient (sumL - sumR) / size, weight size.
    const double baseScale = snappedLaplaceScale(1.0 / double(m), budget);
    std::vector<double> avg{addSnappedLaplace(rng, sums[h][0] / double(m), baseScale)};
    for (std::size_t l = h; l >= 1; --l) {
        const double size = std::ldexp(1.0, int(l));
        const double scale = snappedLaplaceScale(1.0 / size, budget);
        std::vector<double> next(sums[l - 1].size());
        for (std::size_t i = 0; i < sums[l].size(); ++i) {
            const double c = addSnappedLaplace(rng, (sums[l - 1][2 * i] - sums[l - 1][2 * i + 1]) / size, scale);
            next[2 * i] = avg[i] + c;
            next[2 * i + 1] = avg[i] - c;
        }
        avg = std::move(next);
    }
    HistogramResult r;
    r.strategy = HistogramStrategy::Privelet;
    r.noiseScale = baseScale;
    r.consistent = true;  // a wavelet reconstruction is consistent by construction
    r.description = "Haar wavelet over " + std::to_string(m) + " bins, generalized sensitivity " + formatNumber(rho) +
                    ", coefficient noise Laplace(" + formatNumber(rho) + " / (eps W(c)))";
    r.estimate.assign(avg.begin(), avg.begin() + long(counts.size()));
    return r;
}

}  // namespace veil::dp::detail
