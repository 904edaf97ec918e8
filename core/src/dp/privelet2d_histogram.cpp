// Privelet on a 2-D grid: the Haar transform along both axes, coefficient noise scaled by the
// product of the 1-D weights (Xiao, Wang, Gehrke, ICDE 2010, Sec. V). docs/algorithms/privelet2d.md.
#include "dp/detail/histogram_strategies.h"

#include "veil/common/validate.h"
#include "veil/dp/laplace_mechanism.h"

#include <algorithm>
#include <bit>
#include <optional>
#include <span>

namespace veil::dp::detail {
namespace {

std::size_t powerOfTwoAtLeast(std::size_t n, std::size_t& log2) {
    std::size_t m = 1;
    for (log2 = 0; m < n; ++log2) m *= 2;
    return m;
}

// Haar coefficients of x (size m, a power of two), in place: position 0 the mean, position
// m / s + i the coefficient (left sum - right sum) / s of the i-th node of size s. O(m).
void haarForward(std::vector<double>& x) {
    const std::size_t m = x.size();
    std::vector<double> sums = x, out(m);
    for (std::size_t n = m / 2; n >= 1; n /= 2) {  // n nodes of size s = m / n
        const std::size_t nodeSize = m / n;        // exact: both are powers of two
        const double size = double(nodeSize);
        for (std::size_t i = 0; i < n; ++i) {
            out[n + i] = (sums[2 * i] - sums[2 * i + 1]) / size;
            sums[i] = sums[2 * i] + sums[2 * i + 1];
        }
    }
    out[0] = sums[0] / double(m);
    x = std::move(out);
}

// The inverse of haarForward: each node's children are its average plus and minus its coefficient.
void haarInverse(std::vector<double>& c) {
    const std::size_t m = c.size();
    std::vector<double> avg{c[0]};
    for (std::size_t n = 1; n < m; n *= 2) {
        std::vector<double> next(2 * n);
        for (std::size_t i = 0; i < n; ++i) next[2 * i] = avg[i] + c[n + i], next[2 * i + 1] = avg[i] - c[n + i];
        avg = std::move(next);
    }
    c = std::move(avg);
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

// Which of the 1 + log2(m) weights haarWeight gives position p: 0 for the mean, else
// 1 + floor(log2 p) (the node's level), i.e. the bit width of p.
std::size_t weightLevel(std::size_t p) { return std::size_t(std::bit_width(p)); }

// Applies f to every row (along the columns) and then to every column of the R x C grid g.
template <typename F>
void eachAxis(std::vector<double>& g, std::size_t R, std::size_t C, F f) {
    std::vector<double> line(C);
    for (std::size_t r = 0; r < R; ++r) {
        std::copy_n(g.begin() + long(r * C), C, line.begin());
        f(line);
        std::copy(line.begin(), line.end(), g.begin() + long(r * C));
    }
    line.resize(R);
    for (std::size_t c = 0; c < C; ++c) {
        for (std::size_t r = 0; r < R; ++r) line[r] = g[r * C + c];
        f(line);
        for (std::size_t r = 0; r < R; ++r) g[r * C + c] = line[r];
    }
}

Result<HistogramResult> releasePrivelet2D(const HistogramRun& run) {
    if (run.rows == 0 || run.rows * run.columns != run.counts.size())
        return Status::invalidArgument("Privelet2D needs the declared 2-D shape of the grid");
    std::size_t hr = 0, hc = 0;
    const std::size_t R = powerOfTwoAtLeast(run.rows, hr), C = powerOfTwoAtLeast(run.columns, hc);
    // One record moves the weighted coefficients by (1 + log2 R)(1 + log2 C) in total (the 1-D
    // generalized sensitivities multiply), so coefficient (i, j) gets Laplace(rho / (eps W_i W_j)).
    const double rho = double(1 + hr) * double(1 + hc);
    std::vector<double> g(R * C, 0.0);
    for (std::size_t r = 0; r < run.rows; ++r)
        std::copy_n(run.counts.begin() + long(r * run.columns), run.columns, g.begin() + long(r * C));
    eachAxis(g, R, C, haarForward);
    // One mechanism per pair of weight levels, made when first needed (the weights repeat).
    std::vector<std::optional<LaplaceMechanism>> mechanisms((hr + 1) * (hc + 1));
    for (std::size_t i = 0; i < R; ++i) {
        if (run.ctx.cancelled()) return Status::cancelled();
        // Columns of one weight level are a run: [0, 1), [1, 2), [2, 4), [4, 8), ...
        for (std::size_t j = 0; j < C; j = std::max<std::size_t>(2 * j, 1)) {
            auto& lap = mechanisms[weightLevel(i) * (hc + 1) + weightLevel(j)];
            if (!lap) {
                auto made = LaplaceMechanism::create(run.epsilon / rho, 1.0 / (haarWeight(i, R) * haarWeight(j, C)));
                if (!made) return made.status();
                lap = *made;
            }
            const std::size_t end = std::max<std::size_t>(2 * j, j + 1);
            VEIL_RETURN_IF_ERROR(
                lap->releaseInPlace(*run.ctx.random, std::span<double>(g).subspan(i * C + j, end - j)));
        }
    }
    eachAxis(g, R, C, haarInverse);
    HistogramResult out;
    out.estimate.resize(run.rows * run.columns);
    for (std::size_t r = 0; r < run.rows; ++r)
        std::copy_n(g.begin() + long(r * C), run.columns, out.estimate.begin() + long(r * run.columns));
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
