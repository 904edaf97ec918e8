// Exponential mechanism (McSherry & Talwar, FOCS 2007): over a finite set of candidates, and over
// a continuous range for quantiles with the interval trick of seed 004 ("Exponential Mechanism,
// Example 2: Median": pick interval O_j with probability prop. to |O_j| exp(eps q / 2), then a
// uniform point inside). Selection is done with log-sum-exp weights and a 53-bit uniform; the
// probabilities are returned so a UI can draw them.
#pragma once

#include "veil/common/random.h"
#include "veil/dp/privacy.h"

#include <cstddef>
#include <span>
#include <vector>

namespace veil::dp {

class ExponentialMechanism {
public:
    // Scores q(x, o) with sensitivity `sensitivity`; weights exp(eps q / (2 sensitivity)).
    // Errors: epsilon invalid; sensitivity not positive finite.
    static Result<ExponentialMechanism> create(double epsilon, double sensitivity,
                                               Neighbouring neighbouring = Neighbouring::AddRemove);
    // Index of the chosen candidate. Errors: no candidates; a score is NaN.
    Result<std::size_t> select(RandomSource& rng, const std::vector<double>& scores) const;
    // Selection probabilities (for drawing the PMF and for tests).
    Result<std::vector<double>> probabilities(const std::vector<double>& scores) const;

    double epsilon() const { return m_epsilon; }
    double sensitivity() const { return m_sensitivity; }
    Neighbouring neighbouring() const { return m_neighbouring; }
    PrivacySpend cost() const { return {m_epsilon, 0.0}; }

private:
    ExponentialMechanism(double e, double s, Neighbouring n) : m_epsilon(e), m_sensitivity(s), m_neighbouring(n) {}
    double m_epsilon, m_sensitivity;
    Neighbouring m_neighbouring;
};

// Output distribution of the quantile mechanism: a piecewise-constant density over [lower, upper].
struct QuantileDensity {
    std::vector<double> edges;         // interval boundaries x_0 = lower <= ... <= x_{n+1} = upper
    std::vector<double> probability;   // probability of each interval (edges.size() - 1 entries)
    double densityAt(double x) const;  // probability / length of the interval holding x
};

class ExponentialQuantile {
public:
    // q in [0, 1] (0.5 = median); values clamped to [lower, upper]. Score -|rank - q n| has
    // sensitivity 1 under add/remove. Errors: epsilon invalid, q outside [0,1], bad bounds.
    static Result<ExponentialQuantile> create(double epsilon, double quantile, double lower, double upper);
    // Errors: empty input.
    Result<double> release(RandomSource& rng, std::vector<double> values) const;
    // release() on values already sorted (not necessarily clamped): a kd-tree's median.
    Result<double> releaseSorted(RandomSource& rng, std::span<const double> sorted) const;
    Result<QuantileDensity> density(std::vector<double> values) const;

    double epsilon() const { return m_epsilon; }
    double quantile() const { return m_q; }
    Neighbouring neighbouring() const { return Neighbouring::AddRemove; }
    PrivacySpend cost() const { return {m_epsilon, 0.0}; }
    // Rank error bound: with probability >= 1 - beta the output's rank is within this of q n
    // (utility theorem of the exponential mechanism with n + 1 intervals; ignores lengths).
    double rankErrorBound(std::size_t n, double beta) const;

private:
    ExponentialQuantile(double e, double q, double lo, double hi) : m_epsilon(e), m_q(q), m_lower(lo), m_upper(hi) {}
    double m_epsilon, m_q, m_lower, m_upper;
};

// Index drawn with probability proportional to exp(logWeights[i]) (entries may be -infinity).
std::size_t sampleLogWeights(RandomSource& rng, const std::vector<double>& logWeights);

}  // namespace veil::dp
