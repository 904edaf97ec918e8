// Smooth-sensitivity median / order statistic (Nissim, Raskhodnikova, Smith, STOC 2007, Prop. 3.4
// and Cor. 2.4 / Example 3): release x_(r) + (2 S*_beta / eps) * Laplace(1) with
// beta = eps / (2 ln(2/delta)), where S*_beta(x) = max_k e^{-k beta} max_{0<=t<=k+1}
// (x_(r+t) - x_(r+t-k-1)), values clamped to [lower, upper] (x_(i) = lower for i < 1, upper for
// i > n). Gives (eps, delta)-DP under replace-one neighbouring (n public).
#pragma once

#include "veil/common/random.h"
#include "veil/dp/privacy.h"

#include <vector>

namespace veil::dp {

class SmoothSensitivityQuantile {
public:
    // Errors: epsilon invalid; delta not in (0,1); quantile not in [0,1]; bad bounds.
    static Result<SmoothSensitivityQuantile> create(double epsilon, double delta, double quantile, double lower,
                                                    double upper);
    // The beta-smooth sensitivity of the order statistic for these values (O(n^2) worst case,
    // stops early once e^{-k beta} (upper - lower) cannot beat the maximum). Errors: empty input.
    Result<double> smoothSensitivity(std::vector<double> values) const;
    // Order statistic rank r = max(1, ceil(q n)) of the clamped, sorted values (1-based).
    static std::size_t rank(std::size_t n, double quantile);
    // Errors: empty input. noiseScaleOut receives 2 S* / eps.
    Result<double> release(RandomSource& rng, std::vector<double> values, double* noiseScaleOut = nullptr) const;

    double beta() const { return m_beta; }
    double epsilon() const { return m_epsilon; }
    double delta() const { return m_delta; }
    Neighbouring neighbouring() const { return Neighbouring::Replace; }
    PrivacySpend cost() const { return {m_epsilon, m_delta}; }

private:
    SmoothSensitivityQuantile(double e, double d, double q, double lo, double hi);
    double m_epsilon, m_delta, m_q, m_lower, m_upper, m_beta;
};

}  // namespace veil::dp
