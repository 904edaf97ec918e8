// Exponential mechanism (McSherry & Talwar 2007) and its quantile form (seed 004, "Exponential
// Mechanism, Example 2: Median").
#include "veil/dp/exponential_mechanism.h"

#include "veil/common/validate.h"
#include "veil/dp/output_grid.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace veil::dp {

namespace {
// sampleLogWeights with the weights turned into their running sums in place (no second array).
std::size_t sampleLogWeightsInPlace(RandomSource& rng, std::vector<double>& w) {
    double top = -std::numeric_limits<double>::infinity();
    for (double x : w) top = std::max(top, x);
    double total = 0.0;
    std::size_t last = 0;  // the last item of positive weight
    for (std::size_t i = 0; i < w.size(); ++i) {
        // exp of anything below -746 is 0 in doubles: skipped (glibc's underflow path is slow, and
        // a kd-tree median's far intervals are nearly all there). -infinity and NaN weigh 0.
        const double x = w[i] - top;
        const double e = x > -746.0 ? std::exp(x) : 0.0;
        if (e > 0.0) last = i;
        total += e;
        w[i] = total;
    }
    const double u = rng.uniform01() * total;
    const auto it = std::upper_bound(w.begin(), w.end(), u);
    return it == w.end() ? last : std::min(std::size_t(it - w.begin()), last);
}
}  // namespace

std::size_t sampleLogWeights(RandomSource& rng, const std::vector<double>& logWeights) {
    std::vector<double> w = logWeights;
    return sampleLogWeightsInPlace(rng, w);
}

Result<ExponentialMechanism> ExponentialMechanism::create(double epsilon, double sensitivity, Neighbouring n) {
    VEIL_RETURN_IF_ERROR(validateEpsilonShare(epsilon));
    VEIL_RETURN_IF_ERROR(requirePositiveFinite(sensitivity, "sensitivity"));
    return ExponentialMechanism(epsilon, sensitivity, n);
}

Result<std::vector<double>> ExponentialMechanism::probabilities(const std::vector<double>& scores) const {
    if (scores.empty()) return Status::invalidArgument("the exponential mechanism needs at least one candidate");
    std::vector<double> logw(scores.size());
    double top = -std::numeric_limits<double>::infinity();
    for (std::size_t i = 0; i < scores.size(); ++i) {
        if (std::isnan(scores[i])) return Status::invalidArgument("score " + std::to_string(i) + " is NaN");
        logw[i] = m_epsilon * scores[i] / (2.0 * m_sensitivity);
        top = std::max(top, logw[i]);
    }
    double total = 0.0;
    for (double& w : logw) total += (w = std::exp(w - top));
    for (double& w : logw) w /= total;
    return logw;
}

Result<std::size_t> ExponentialMechanism::select(RandomSource& rng, const std::vector<double>& scores) const {
    if (scores.empty()) return Status::invalidArgument("the exponential mechanism needs at least one candidate");
    std::vector<double> logw(scores.size());
    for (std::size_t i = 0; i < scores.size(); ++i) {
        if (std::isnan(scores[i])) return Status::invalidArgument("score " + std::to_string(i) + " is NaN");
        logw[i] = m_epsilon * scores[i] / (2.0 * m_sensitivity);
    }
    return sampleLogWeights(rng, logw);
}

Result<ExponentialQuantile> ExponentialQuantile::create(double epsilon, double quantile, double lower, double upper) {
    VEIL_RETURN_IF_ERROR(validateEpsilonShare(epsilon));
    VEIL_RETURN_IF_ERROR(requireProbability(quantile, "quantile"));
    VEIL_RETURN_IF_ERROR(validateBounds(lower, upper));
    return ExponentialQuantile(epsilon, quantile, lower, upper);
}

namespace {
// Interval edges (lower, the sorted values clamped, upper) and log-weights
// log|O_j| + eps * (-|j - q n|) / 2, |O_j| the points of the public output grid in
// [edge j, edge j + 1).
void quantileIntervals(std::span<const double> sorted, double lower, double upper, double q, double eps,
                       const OutputGrid& grid, std::vector<double>& edges, std::vector<double>& logw) {
    const double n = double(sorted.size());
    edges.clear();
    edges.reserve(sorted.size() + 2);
    edges.push_back(lower);
    for (double v : sorted) edges.push_back(std::clamp(v, lower, upper));  // clamping keeps the order
    edges.push_back(upper);
    logw.resize(edges.size() - 1);
    for (std::size_t j = 0; j + 1 < edges.size(); ++j) {
        const std::uint64_t points = grid.countIn(edges[j], edges[j + 1]);
        const double score = -std::fabs(double(j) - q * n);
        logw[j] = points > 0 ? std::log(double(points)) + eps * score / 2.0 : -std::numeric_limits<double>::infinity();
    }
}
}  // namespace

Result<double> ExponentialQuantile::release(RandomSource& rng, std::vector<double> values) const {
    std::sort(values.begin(), values.end());
    return releaseSorted(rng, values);
}

Result<double> ExponentialQuantile::releaseSorted(RandomSource& rng, std::span<const double> sorted) const {
    // No values: one interval [lower, upper] with score 0, i.e. a uniform draw (still private).
    if (m_upper == m_lower) return m_lower;
    const OutputGrid grid(m_lower, m_upper);
    if (grid.countIn(m_lower, m_upper) == 0) return m_lower;  // no grid point: the public constant
    std::vector<double> edges, logw;
    quantileIntervals(sorted, m_lower, m_upper, m_q, m_epsilon, grid, edges, logw);
    const std::size_t j = sampleLogWeightsInPlace(rng, logw);
    return grid.uniformIn(rng, edges[j], edges[j + 1]);
}

Result<QuantileDensity> ExponentialQuantile::density(std::vector<double> values) const {
    QuantileDensity d;
    std::vector<double> logw;
    std::sort(values.begin(), values.end());
    quantileIntervals(values, m_lower, m_upper, m_q, m_epsilon, OutputGrid(m_lower, m_upper), d.edges, logw);
    double top = -std::numeric_limits<double>::infinity();
    for (double w : logw) top = std::max(top, w);
    double total = 0.0;
    d.probability.resize(logw.size());
    for (std::size_t j = 0; j < logw.size(); ++j)
        total += (d.probability[j] = std::isfinite(logw[j]) ? std::exp(logw[j] - top) : 0.0);
    for (double& p : d.probability) p /= total;
    return d;
}

double ExponentialQuantile::rankErrorBound(std::size_t n, double beta) const {
    return 2.0 / m_epsilon * std::log(double(n + 1) / beta);
}

double QuantileDensity::densityAt(double x) const {
    for (std::size_t j = 0; j + 1 < edges.size(); ++j)
        if (x >= edges[j] && x <= edges[j + 1] && edges[j + 1] > edges[j])
            return probability[j] / (edges[j + 1] - edges[j]);
    return 0.0;
}

}  // namespace veil::dp
