// Sparse vector technique, AboveThreshold with a cutoff c: the correct version (Lyu, Su, Li,
// "Understanding the Sparse Vector Technique for Differential Privacy", PVLDB 2017, Algorithm 1;
// seed 004 "Sparse Vector Technique"). rho = Lap(D/eps1) once; each query gets fresh noise
// Lap(2cD/eps2) (cD/eps2 for monotone queries); answer "above" when q + nu >= T + rho; stop after
// c "above" answers. eps1 + eps2 = eps. Only the above/below answers are released.
#pragma once

#include "veil/common/random.h"
#include "veil/dp/privacy.h"

namespace veil::dp {

class SparseVector {
public:
    // thresholdShare: eps1 / eps in (0, 1) (default 1/2 as in seed 004; Lyu et al. suggest
    // eps1 : eps2 = 1 : (2c)^(2/3) for accuracy). Errors: epsilon invalid, cutoff < 1,
    // sensitivity not positive finite, threshold not finite, share outside (0, 1), rng missing.
    static Result<SparseVector> create(RandomSource& rng, double epsilon, double threshold, int cutoff,
                                       double sensitivity = 1.0, bool monotone = false, double thresholdShare = 0.5);

    // Tests the next query value. Errors: the cutoff was reached (the mechanism has halted),
    // value not finite.
    Result<bool> isAbove(double queryValue);
    bool halted() const { return m_above >= m_cutoff; }
    int aboveCount() const { return m_above; }
    double thresholdScale() const { return m_rhoScale; }
    double queryScale() const { return m_nuScale; }
    PrivacySpend cost() const { return {m_epsilon, 0.0}; }
    Neighbouring neighbouring() const { return Neighbouring::AddRemove; }

private:
    SparseVector(RandomSource& rng, double eps, double noisyThreshold, int cutoff, double rhoScale, double nuScale)
        : m_rng(&rng),
          m_epsilon(eps),
          m_noisyThreshold(noisyThreshold),
          m_cutoff(cutoff),
          m_rhoScale(rhoScale),
          m_nuScale(nuScale) {}
    RandomSource* m_rng;
    double m_epsilon, m_noisyThreshold;
    int m_cutoff, m_above = 0;
    double m_rhoScale, m_nuScale;
};

}  // namespace veil::dp
