// Randomized response, binary (seed 002, "Randomized response for general epsilon") and k-ary
// (Kairouz, Bonawitz, Ramage, "Discrete distribution estimation under LDP", ICML 2016).
#include "veil/dp/randomized_response.h"

#include "veil/common/validate.h"

#include <cmath>

namespace veil::dp {

RandomizedResponse::RandomizedResponse(double e, std::size_t k) : m_epsilon(e), m_k(k) {
    // p = e^eps / (e^eps + k - 1) computed as 1 / (1 + (k - 1) e^-eps) (no overflow for large eps).
    const double t = std::exp(-e);
    m_p = 1.0 / (1.0 + double(k - 1) * t);
    m_q = t / (1.0 + double(k - 1) * t);
}

Result<RandomizedResponse> RandomizedResponse::create(double epsilon, std::size_t categories) {
    VEIL_RETURN_IF_ERROR(validateEpsilon(epsilon));
    if (categories < 2)
        return Status::invalidArgument("randomized response needs at least 2 categories (got " +
                                       std::to_string(categories) + ")");
    return RandomizedResponse(epsilon, categories);
}

std::size_t RandomizedResponse::respond(RandomSource& rng, std::size_t truth) const {
    if (truth >= m_k) return std::size_t(rng.uniformBelow(m_k));
    if (rng.uniform01() < m_p) return truth;
    // One of the other k - 1 values uniformly.
    const std::size_t other = std::size_t(rng.uniformBelow(m_k - 1));
    return other >= truth ? other + 1 : other;
}

std::vector<std::size_t> RandomizedResponse::respondAll(RandomSource& rng,
                                                        const std::vector<std::size_t>& truths) const {
    std::vector<std::size_t> out(truths.size());
    for (std::size_t i = 0; i < truths.size(); ++i) out[i] = respond(rng, truths[i]);
    return out;
}

FrequencyEstimate RandomizedResponse::estimate(const std::vector<std::size_t>& reports) const {
    FrequencyEstimate e;
    e.observedCounts.assign(m_k, 0.0);
    for (std::size_t r : reports)
        if (r < m_k) e.observedCounts[r] += 1.0;
    const double n = double(reports.size());
    e.estimatedCounts.resize(m_k);
    e.estimatedFractions.resize(m_k);
    e.standardErrors.resize(m_k);
    for (std::size_t v = 0; v < m_k; ++v) {
        const double y = n > 0 ? e.observedCounts[v] / n : 0.0;
        const double f = (y - m_q) / (m_p - m_q);
        e.estimatedFractions[v] = f;
        e.estimatedCounts[v] = f * n;
        // Var(y) = y(1-y)/n estimated with the observed y; the estimator scales it by 1/(p-q)^2.
        e.standardErrors[v] = n > 0 ? std::sqrt(y * (1.0 - y) / n) / (m_p - m_q) : 0.0;
    }
    return e;
}

}  // namespace veil::dp
