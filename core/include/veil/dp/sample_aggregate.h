// Sample-and-aggregate (Nissim, Raskhodnikova, Smith, STOC 2007, Section 4; Smith 2011): split
// the records at random into k disjoint blocks, evaluate any (non-private) estimator f on each
// block, clamp the k outputs to [lower, upper] and release their mean with Laplace noise of
// scale (upper - lower) / (k eps). One record lies in one block, so it moves one clamped output
// by at most upper - lower: replace-one neighbouring with n and k public.
#pragma once

#include "veil/common/random.h"
#include "veil/dp/privacy.h"

#include <functional>
#include <span>
#include <vector>

namespace veil::dp {

struct SampleAggregateResult {
    double value = 0.0;  // the noisy aggregate
    double noiseScale = 0.0;
    std::vector<double> blockOutputs;  // clamped f(block) (not private: for teaching only)
};

class SampleAndAggregate {
public:
    // Errors: epsilon invalid; blocks < 1; bad bounds.
    static Result<SampleAndAggregate> create(double epsilon, int blocks, double lower, double upper);
    // Errors: fewer records than blocks; f returned a non-finite value on a block.
    Result<SampleAggregateResult> release(RandomSource& rng, std::vector<double> records,
                                          const std::function<double(std::span<const double>)>& estimator) const;

    double epsilon() const { return m_epsilon; }
    int blocks() const { return m_blocks; }
    Neighbouring neighbouring() const { return Neighbouring::Replace; }
    PrivacySpend cost() const { return {m_epsilon, 0.0}; }

private:
    SampleAndAggregate(double e, int k, double lo, double hi) : m_epsilon(e), m_blocks(k), m_lower(lo), m_upper(hi) {}
    double m_epsilon;
    int m_blocks;
    double m_lower, m_upper;
};

}  // namespace veil::dp
