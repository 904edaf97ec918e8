// Report Noisy Max (Dwork & Roth 2014, Claim 3.9): add Laplace noise to each score and report
// only the index of the largest. Scale sensitivity/eps when all scores are monotone in the data
// (e.g. counts: adding a record can only raise them), 2 sensitivity/eps otherwise.
#pragma once

#include "veil/common/random.h"
#include "veil/dp/privacy.h"

#include <cstddef>
#include <vector>

namespace veil::dp {

class ReportNoisyMax {
public:
    // Errors: epsilon invalid; sensitivity not positive finite.
    static Result<ReportNoisyMax> create(double epsilon, double sensitivity = 1.0, bool monotone = true,
                                         Neighbouring neighbouring = Neighbouring::AddRemove);
    // Errors: no scores; a score not finite.
    Result<std::size_t> select(RandomSource& rng, const std::vector<double>& scores) const;

    double epsilon() const { return m_epsilon; }
    double scale() const { return m_scale; }
    Neighbouring neighbouring() const { return m_neighbouring; }
    PrivacySpend cost() const { return {m_epsilon, 0.0}; }

private:
    ReportNoisyMax(double e, double scale, Neighbouring n) : m_epsilon(e), m_scale(scale), m_neighbouring(n) {}
    double m_epsilon, m_scale;
    Neighbouring m_neighbouring;
};

}  // namespace veil::dp
