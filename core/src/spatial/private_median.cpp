// Private medians for kd-tree splits (Cormode et al., ICDE 2012, Sec. 4.1).
#include "veil/spatial/private_median.h"

#include "veil/dp/laplace_mechanism.h"
#include "veil/dp/exponential_mechanism.h"
#include "veil/dp/privacy.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace veil::spatial {

const char* medianMethodName(MedianMethod m) {
    switch (m) {
        case MedianMethod::Exponential:
            return "em";
        case MedianMethod::SmoothSensitivity:
            return "smooth";
        case MedianMethod::NoisyMean:
            return "noisy-mean";
        case MedianMethod::CellBased:
            return "cell";
    }
    return "?";
}

// Exponential mechanism median (McSherry & Talwar 2007; Cormode et al. ICDE 2012 Sec. 4.1): the
// exponential quantile at q = 1/2 over the node's range, on its public output grid.
Result<double> exponentialMechanismMedian(std::span<const double> sorted, double lo, double hi, double epsilon,
                                          RandomSource& rng) {
    if (!(epsilon > 0.0)) return Status::invalidArgument("the median's epsilon must be positive");
    if (!(hi > lo)) return lo;
    auto median = dp::ExponentialQuantile::create(epsilon, 0.5, lo, hi);
    if (!median) return median.status();
    return median->releaseSorted(rng, sorted);
}

// Smooth sensitivity of the median (Nissim, Raskhodnikova, Smith STOC 2007, Prop. 3.4).
double smoothSensitivityOfMedian(std::span<const double> sorted, double lo, double hi, double beta,
                                 std::size_t maxDistance) {
    if (!(hi > lo)) return 0.0;
    const auto n = static_cast<long long>(sorted.size());
    const long long m = n == 0 ? 0 : (n + 1) / 2;  // 1-based index of the (lower) median
    auto x = [&](long long i) { return i < 1 ? lo : (i > n ? hi : std::clamp(sorted[i - 1], lo, hi)); };
    const double range = hi - lo;
    double best = 0.0;
    long long k = 0;
    const auto kMax = static_cast<long long>(std::min<std::size_t>(maxDistance, sorted.size() + 1));
    for (; k <= kMax; ++k) {
        const double decay = std::exp(-beta * double(k));
        if (decay * range <= best) break;  // no larger distance can beat the current maximum
        double widest = 0.0;
        for (long long t = 0; t <= k + 1; ++t) widest = std::max(widest, x(m + t) - x(m + t - k - 1));
        best = std::max(best, decay * widest);
    }
    if (k > kMax) best = std::max(best, std::exp(-beta * double(kMax + 1)) * range);  // bound beyond the cut
    return best;
}

Result<double> smoothSensitivityMedian(std::span<const double> sorted, double lo, double hi, double epsilon,
                                       double delta, RandomSource& rng, std::size_t maxDistance) {
    if (!(hi > lo)) return lo;
    const double beta = epsilon / (2.0 * std::log(2.0 / delta));
    const double ss = smoothSensitivityOfMedian(sorted, lo, hi, beta, maxDistance);
    const std::size_t n = sorted.size();
    const double median = n == 0 ? (lo + hi) / 2.0 : std::clamp(sorted[(n + 1) / 2 - 1], lo, hi);
    // Laplace(2 SS / eps) = a Laplace mechanism with "sensitivity" SS at eps / 2; an SS that
    // underflowed to 0 is raised to the smallest supported scale (more noise, never less). SS
    // depends on the data and is at most hi - lo: the output lattice is that of the bound.
    const double floor = dp::kMinNoiseScale * epsilon;
    auto lap =
        dp::LaplaceMechanism::createOnPublicLattice(epsilon / 2.0, std::max(ss, floor), std::max(hi - lo, floor));
    if (!lap) return lap.status();
    auto noisy = lap->release(rng, median);
    if (!noisy) return noisy.status();
    return std::clamp(*noisy, lo, hi);
}

// Noisy mean split (Cormode et al. ICDE 2012 Sec. 4.1, "noisy mean").
Result<double> noisyMeanSplit(std::span<const double> values, double lo, double hi, double epsilon, RandomSource& rng) {
    if (!(hi > lo)) return lo;
    double sum = 0.0;
    for (double v : values) sum += std::clamp(v, lo, hi) - lo;
    auto sumMech = dp::LaplaceMechanism::create(epsilon / 2.0, hi - lo);
    if (!sumMech) return sumMech.status();
    auto countMech = dp::LaplaceMechanism::create(epsilon / 2.0, 1.0);
    if (!countMech) return countMech.status();
    auto noisySum = sumMech->release(rng, sum);
    if (!noisySum) return noisySum.status();
    auto noisyCount = countMech->release(rng, double(values.size()));
    if (!noisyCount) return noisyCount.status();
    if (*noisyCount < 1.0) return (lo + hi) / 2.0;
    return std::clamp(lo + *noisySum / *noisyCount, lo, hi);
}

// Cell-based split points from one noisy grid (Cormode et al. ICDE 2012 Sec. 4.1).
Result<NoisyCellGrid> NoisyCellGrid::build(std::span<const double> x, std::span<const double> y, const Rect& domain,
                                           std::size_t cells, double epsilon, RandomSource& rng) {
    auto lap = dp::LaplaceMechanism::create(epsilon, 1.0);
    if (!lap) return lap.status();
    NoisyCellGrid g;
    g.m_domain = domain;
    g.m_cells = std::max<std::size_t>(cells, 1);
    const std::size_t c = g.m_cells;
    std::vector<double> counts(c * c, 0.0);
    auto cellOf = [&](double v, double a, double b) {
        const double f = (v - a) / (b - a) * double(c);
        return static_cast<std::size_t>(std::clamp(f, 0.0, double(c - 1)));
    };
    for (std::size_t i = 0; i < x.size(); ++i)
        counts[cellOf(y[i], domain.y0, domain.y1) * c + cellOf(x[i], domain.x0, domain.x1)] += 1.0;
    g.m_prefix.assign((c + 1) * (c + 1), 0.0);
    for (std::size_t r = 0; r < c; ++r)
        for (std::size_t col = 0; col < c; ++col) {
            auto noisy = lap->release(rng, counts[r * c + col]);
            if (!noisy) return noisy.status();
            const double v = std::max(0.0, *noisy);
            g.m_prefix[(r + 1) * (c + 1) + col + 1] = v + g.m_prefix[r * (c + 1) + col + 1] +
                                                      g.m_prefix[(r + 1) * (c + 1) + col] -
                                                      g.m_prefix[r * (c + 1) + col];
        }
    return g;
}

double NoisyCellGrid::boundary(int dim, std::size_t index) const {
    const double a = m_domain.lower(dim), b = m_domain.upper(dim);
    return index >= m_cells ? b : a + (b - a) * double(index) / double(m_cells);
}

double NoisyCellGrid::mass(std::size_t c0, std::size_t c1, std::size_t r0, std::size_t r1) const {
    const std::size_t w = m_cells + 1;
    return m_prefix[r1 * w + c1] - m_prefix[r0 * w + c1] - m_prefix[r1 * w + c0] + m_prefix[r0 * w + c0];
}

double NoisyCellGrid::median(const Rect& rect, int dim) const {
    const double mid = (rect.lower(dim) + rect.upper(dim)) / 2.0;
    auto range = [&](int d, std::size_t& i0, std::size_t& i1) {
        const double a = m_domain.lower(d), b = m_domain.upper(d), n = double(m_cells);
        i0 = static_cast<std::size_t>(std::clamp(std::round((rect.lower(d) - a) / (b - a) * n), 0.0, n));
        i1 = static_cast<std::size_t>(std::clamp(std::round((rect.upper(d) - a) / (b - a) * n), 0.0, n));
    };
    std::size_t c0, c1, r0, r1;
    range(0, c0, c1);
    range(1, r0, r1);
    const std::size_t lo = dim == 0 ? c0 : r0, hi = dim == 0 ? c1 : r1;
    if (hi < lo + 2) return mid;
    auto massBefore = [&](std::size_t k) { return dim == 0 ? mass(c0, k, r0, r1) : mass(c0, c1, r0, k); };
    const double total = massBefore(hi);
    if (!(total > 0.0)) return mid;
    std::size_t bestK = lo + 1;
    double bestDiff = std::numeric_limits<double>::infinity();
    for (std::size_t k = lo + 1; k < hi; ++k) {
        const double diff = std::abs(massBefore(k) - total / 2.0);
        if (diff < bestDiff) {
            bestDiff = diff;
            bestK = k;
        }
    }
    return std::clamp(boundary(dim, bestK), rect.lower(dim), rect.upper(dim));
}

}  // namespace veil::spatial
