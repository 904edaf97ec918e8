// Propose-test-release for the median (Dwork & Lei, STOC 2009; Dwork & Roth 2014, Section 7.2):
// propose a bound b on the local sensitivity; compute the distance gamma (number of records to
// change) to a dataset whose local sensitivity exceeds b; if gamma + Lap(1/eps1) <= ln(1/delta)/eps1
// refuse ("no reply"), otherwise release median + Lap(b/eps2). (eps1 + eps2, delta)-DP under
// replace-one neighbouring; here eps1 = eps2 = eps/2.
#pragma once

#include "veil/common/random.h"
#include "veil/dp/privacy.h"

#include <optional>
#include <vector>

namespace veil::dp {

struct PtrResult {
    std::optional<double> value;    // empty: the test failed and nothing about the median is released
    double noiseScale = 0.0;        // b / eps2
    int distanceToInstability = 0;  // not private: for teaching only
};

class ProposeTestRelease {
public:
    // Errors: epsilon invalid; delta not in (0, 1); proposed bound not positive finite; bad bounds.
    static Result<ProposeTestRelease> create(double epsilon, double delta, double proposedBound, double lower,
                                             double upper);
    // Errors: empty input.
    Result<PtrResult> releaseMedian(RandomSource& rng, std::vector<double> values) const;
    // Distance to instability of the median for bound b (values clamped, sorted). Errors: empty.
    Result<int> distanceToInstability(std::vector<double> values) const;

    Neighbouring neighbouring() const { return Neighbouring::Replace; }
    PrivacySpend cost() const { return {m_epsilon, m_delta}; }

private:
    ProposeTestRelease(double e, double d, double b, double lo, double hi)
        : m_epsilon(e), m_delta(d), m_bound(b), m_lower(lo), m_upper(hi) {}
    double m_epsilon, m_delta, m_bound, m_lower, m_upper;
};

}  // namespace veil::dp
