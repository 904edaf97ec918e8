// Sample-and-aggregate (Nissim, Raskhodnikova, Smith 2007, Section 4) with a noisy-mean aggregator.
#include "veil/dp/sample_aggregate.h"

#include "veil/common/validate.h"
#include "veil/dp/laplace_mechanism.h"

#include <algorithm>
#include <cmath>

namespace veil::dp {

Result<SampleAndAggregate> SampleAndAggregate::create(double epsilon, int blocks, double lower, double upper) {
    VEIL_RETURN_IF_ERROR(validateEpsilonShare(epsilon));
    VEIL_RETURN_IF_ERROR(requireAtLeast(blocks, 1, "number of blocks"));
    VEIL_RETURN_IF_ERROR(validateBounds(lower, upper));
    return SampleAndAggregate(epsilon, blocks, lower, upper);
}

Result<SampleAggregateResult> SampleAndAggregate::release(
    RandomSource& rng, std::vector<double> records,
    const std::function<double(std::span<const double>)>& estimator) const {
    const std::size_t k = std::size_t(m_blocks);
    if (records.size() < k)
        return Status::invalidArgument("sample-and-aggregate needs at least as many records (" +
                                       std::to_string(records.size()) + ") as blocks (" + std::to_string(k) + ")");
    // Uniform random partition: Fisher-Yates shuffle, then k contiguous blocks of near-equal size.
    for (std::size_t i = records.size(); i > 1; --i)
        std::swap(records[i - 1], records[std::size_t(rng.uniformBelow(i))]);
    SampleAggregateResult r;
    const std::size_t n = records.size();
    double sum = 0.0;
    for (std::size_t b = 0; b < k; ++b) {
        const std::size_t from = b * n / k, to = (b + 1) * n / k;
        const double out = estimator(std::span<const double>(records.data() + from, to - from));
        if (!std::isfinite(out))
            return Status::invalidArgument("the estimator returned a non-finite value on block " + std::to_string(b));
        r.blockOutputs.push_back(std::clamp(out, m_lower, m_upper));
        sum += r.blockOutputs.back();
    }
    const double range = m_upper - m_lower;
    if (range == 0.0) {
        r.value = m_lower;
        return r;
    }
    auto lap = LaplaceMechanism::create(m_epsilon, range / double(k));
    if (!lap) return lap.status();
    r.noiseScale = lap->scale();
    auto value = lap->release(rng, sum / double(k));
    if (!value) return value.status();
    r.value = *value;
    return r;
}

}  // namespace veil::dp
