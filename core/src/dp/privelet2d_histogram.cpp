// Privelet on a 2-D grid: the Haar transform along both axes, coefficient noise scaled by the
// product of the 1-D weights (Xiao, Wang, Gehrke, ICDE 2010, Sec. V). docs/algorithms/privelet2d.md.
#include "dp/detail/histogram_strategies.h"

#include "veil/common/validate.h"
#include "veil/dp/laplace_mechanism.h"

#include <algorithm>
#include <span>
#include <utility>

namespace veil::dp::detail {
namespace {

std::size_t powerOfTwoAtLeast(std::size_t n, std::size_t& log2) {
    std::size_t m = 1;
    for (log2 = 0; m < n; ++log2) m *= 2;
    return m;
}

// The Haar transform of m elements (m a power of two), each a block of w doubles side by side:
// w = 1 transforms one row; w = C transforms every column of an R x C grid at once, a row at a
// time (contiguous, so the inner loops vectorize). Each writes its result to `out` (m w doubles).

// Coefficients: position 0 the mean, position m / s + i the coefficient (left sum - right sum) / s
// of the i-th node of size s. O(m w). x is overwritten: sum i of a level replaces element i after
// elements 2i and 2i + 1 are read, so the sums stay in x.
void haarForward(double* x, std::size_t m, std::size_t w, double* out) {
    for (std::size_t n = m / 2; n >= 1; n /= 2) {          // n nodes of size s = m / n
        const double inverseSize = double(n) / double(m);  // exact: both are powers of two
        for (std::size_t i = 0; i < n; ++i) {
            const double* left = x + 2 * i * w;
            const double* right = left + w;
            double* sum = x + i * w;
            double* coefficient = out + (n + i) * w;
            for (std::size_t k = 0; k < w; ++k) {
                const double a = left[k], b = right[k];
                coefficient[k] = (a - b) * inverseSize;
                sum[k] = a + b;
            }
        }
    }
    const double inverseM = 1.0 / double(m);
    for (std::size_t k = 0; k < w; ++k) out[k] = x[k] * inverseM;
}

// The inverse of haarForward: each node's children are its average plus and minus its
// coefficient. The averages grow in out, children written from the last node back so that a node
// is read before its children overwrite it.
void haarInverse(double* c, std::size_t m, std::size_t w, double* out) {
    std::copy_n(c, w, out);
    for (std::size_t n = 1; n < m; n *= 2)
        for (std::size_t i = n; i-- > 0;) {
            double* average = out + i * w;
            double* even = out + 2 * i * w;
            double* odd = even + w;
            const double* coefficient = c + (n + i) * w;
            for (std::size_t k = 0; k < w; ++k) {
                const double a = average[k], d = coefficient[k];
                even[k] = a + d;
                odd[k] = a - d;
            }
        }
}

// Privelet's weight W of position p of haarForward's output: m for the mean, the node's size s
// for a node coefficient.
double haarWeight(std::size_t p, std::size_t m) {
    if (p == 0) return double(m);
    std::size_t top = 1;
    while (top * 2 <= p) top *= 2;
    const std::size_t nodeSize = m / top;  // exact: both are powers of two
    return double(nodeSize);
}

// The positions haarWeight gives the same weight, level by level: [0, 1) the mean, then the
// nodes of one size, [2^(level-1), 2^level).
std::pair<std::size_t, std::size_t> levelPositions(std::size_t level) {
    if (level == 0) return {0, 1};
    return {std::size_t(1) << (level - 1), std::size_t(1) << level};
}

// Applies the transform f along every row and then along every column of the R x C grid g (the
// rows through the start of `spare`, the columns into it, and the two then swapped).
template <typename F>
void eachAxis(std::vector<double>& g, std::vector<double>& spare, std::size_t R, std::size_t C, F f) {
    for (std::size_t r = 0; r < R; ++r) {
        f(g.data() + r * C, C, 1, spare.data());
        std::copy_n(spare.data(), C, g.data() + r * C);
    }
    f(g.data(), R, C, spare.data());
    g.swap(spare);
}

Result<HistogramResult> releasePrivelet2D(const HistogramRun& run) {
    if (run.rows == 0 || run.rows * run.columns != run.counts.size())
        return Status::invalidArgument("Privelet2D needs the declared 2-D shape of the grid");
    std::size_t hr = 0, hc = 0;
    const std::size_t R = powerOfTwoAtLeast(run.rows, hr), C = powerOfTwoAtLeast(run.columns, hc);
    // One record moves the weighted coefficients by (1 + log2 R)(1 + log2 C) in total (the 1-D
    // generalized sensitivities multiply), so coefficient (i, j) gets Laplace(rho / (eps W_i W_j)).
    const double rho = double(1 + hr) * double(1 + hc);
    const bool padded = R != run.rows || C != run.columns;
    std::vector<double> g;
    if (padded) {
        g.assign(R * C, 0.0);
        for (std::size_t r = 0; r < run.rows; ++r)
            std::copy_n(run.counts.begin() + long(r * run.columns), run.columns, g.begin() + long(r * C));
    } else {
        g.assign(run.counts.begin(), run.counts.end());
    }
    std::vector<double> spare(R * C);
    eachAxis(g, spare, R, C, haarForward);
    // The coefficients of one pair of weight levels form a block of rows x columns: one mechanism
    // and one call per block (its values gathered, noised and put back), 1 + log2 R by
    // 1 + log2 C blocks in all.
    std::vector<double> block;
    for (std::size_t a = 0; a <= hr; ++a) {
        if (run.ctx.cancelled()) return Status::cancelled();
        const auto [r0, r1] = levelPositions(a);
        for (std::size_t b = 0; b <= hc; ++b) {
            const auto [c0, c1] = levelPositions(b);
            auto lap = LaplaceMechanism::create(run.epsilon / rho, 1.0 / (haarWeight(r0, R) * haarWeight(c0, C)));
            if (!lap) return lap.status();
            block.clear();
            for (std::size_t r = r0; r < r1; ++r)
                block.insert(block.end(), g.begin() + long(r * C + c0), g.begin() + long(r * C + c1));
            VEIL_RETURN_IF_ERROR(lap->releaseInPlace(*run.ctx.random, block));
            for (std::size_t r = r0; r < r1; ++r)
                std::copy_n(block.begin() + long((r - r0) * (c1 - c0)), c1 - c0, g.begin() + long(r * C + c0));
        }
    }
    eachAxis(g, spare, R, C, haarInverse);
    HistogramResult out;
    if (padded) {
        out.estimate.resize(run.rows * run.columns);
        for (std::size_t r = 0; r < run.rows; ++r)
            std::copy_n(g.begin() + long(r * C), run.columns, out.estimate.begin() + long(r * run.columns));
    } else {
        out.estimate = std::move(g);
    }
    out.noiseScale = rho / (run.epsilon * double(R) * double(C));  // the mean's
    out.consistent = true;
    out.description = "2-D Haar wavelet over " + std::to_string(R) + " x " + std::to_string(C) +
                      " cells, generalized sensitivity " + formatNumber(rho) + ", coefficient noise Laplace(" +
                      formatNumber(rho) + " / (eps W_row W_column))";
    return out;
}

}  // namespace

HistogramStrategyEntry privelet2dStrategy() {
    AlgorithmInfo info;
    info.family = "histogram";
    info.id = "privelet2d";
    info.name = "Privelet2D (2-D Haar wavelet)";
    info.summary =
        "Noisy Haar wavelet coefficients of a 2-D grid along both axes, inverted to cells; 2-D "
        "histograms only";
    info.citation = "Xiao, Wang, Gehrke, ICDE 2010";
    HistogramStrategyEntry entry{info, releasePrivelet2D};
    entry.planar = true;
    return entry;
}

}  // namespace veil::dp::detail
