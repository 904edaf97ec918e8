// Private split points for kd-trees (seed 004 "Building a private kd-tree"; Cormode, Procopiuc,
// Shen, Srivastava, Yu, ICDE 2012, Sec. 4.1). Each returns a value inside the node's range
// [lo, hi] along the split dimension. Neighbouring inputs differ by one point (add/remove).
// Noise comes only from the dp mechanisms; all randomness from the RandomSource the gate handed out.
#pragma once

#include "veil/common/random.h"
#include "veil/common/status.h"
#include "veil/spatial/rect.h"

#include <span>
#include <vector>

namespace veil::spatial {

enum class MedianMethod { Exponential, SmoothSensitivity, NoisyMean, CellBased };

const char* medianMethodName(MedianMethod m);  // "em", "smooth", "noisy-mean", "cell"

// Exponential mechanism over ranks: the output falls in the gap between consecutive sorted
// values (with lo and hi as sentinels) with probability proportional to gap length times
// exp(-eps |rank - n/2| / 2), uniform inside the gap. epsilon-DP. `sorted` holds the node's values
// in ascending order, all in [lo, hi]. O(n).
Result<double> exponentialMechanismMedian(std::span<const double> sorted, double lo, double hi, double epsilon,
                                          RandomSource& rng);

// Smooth sensitivity (Nissim, Raskhodnikova, Smith, STOC 2007; seed 004 "Smooth Sensitivity:
// Example"): median + Laplace(2 SS_beta / eps) with beta = eps / (2 ln(2/delta)), clamped to
// [lo, hi]; (eps, delta)-DP. The inner maximum is computed for distances up to `maxDistance` and
// bounded above by exp(-beta (maxDistance+1)) (hi - lo) beyond it, which keeps it beta-smooth.
// O(min(n, maxDistance)^2).
Result<double> smoothSensitivityMedian(std::span<const double> sorted, double lo, double hi, double epsilon,
                                       double delta, RandomSource& rng, std::size_t maxDistance = 1024);
// The smooth sensitivity itself (exposed for tests).
double smoothSensitivityOfMedian(std::span<const double> sorted, double lo, double hi, double beta,
                                 std::size_t maxDistance = 1024);

// Noisy mean: (noisy sum of (v - lo)) / (noisy count) + lo, half of epsilon each (sensitivities
// hi - lo and 1), clamped to [lo, hi]; the midpoint when the noisy count is below 1. epsilon-DP.
Result<double> noisyMeanSplit(std::span<const double> values, double lo, double hi, double epsilon, RandomSource& rng);

// Cell-based medians (Cormode et al. Sec. 4.1, after Xiao, Xiong, Yuan 2010): one grid of
// noisy counts over the domain, released once with epsilon (each point is in one cell), from which
// every split is computed without touching the data again.
class NoisyCellGrid {
public:
    // Counts points of (x, y) in a cells x cells grid over `domain` and adds Laplace(1/epsilon) noise.
    static Result<NoisyCellGrid> build(std::span<const double> x, std::span<const double> y, const Rect& domain,
                                       std::size_t cells, double epsilon, RandomSource& rng);
    // The cell boundary along `dim` inside `rect` at which the (non-negative) noisy mass on each
    // side is closest to half; the midpoint of `rect` when it spans less than two cells or has no
    // mass. Always inside [rect.lower(dim), rect.upper(dim)].
    double median(const Rect& rect, int dim) const;
    std::size_t cells() const { return m_cells; }

private:
    Rect m_domain;
    std::size_t m_cells = 0;
    std::vector<double> m_prefix;  // (cells+1)^2 2-D prefix sums of max(0, noisy count)
    double boundary(int dim, std::size_t index) const;
    double mass(std::size_t c0, std::size_t c1, std::size_t r0, std::size_t r1) const;
};

}  // namespace veil::spatial
