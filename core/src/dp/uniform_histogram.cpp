// Uniform: a noisy total spread evenly over the bins (DPBench's "Uniform" baseline, Hay,
// Machanavajjhala, Miklau, Chen, Zhang, SIGMOD 2016; DPComp's uniform_noisy_engine).
#include "dp/detail/histogram_strategies.h"

#include "veil/common/validate.h"
#include "veil/dp/laplace_mechanism.h"

namespace veil::dp::detail {

namespace {
// One Laplace(1/eps) draw on the total (one record changes it by 1), then total / n per bin.
// O(n) for n bins.
Result<HistogramResult> releaseUniform(const HistogramRun& run) {
    if (run.counts.empty()) return Status::invalidArgument("uniform: the histogram has no bins");
    auto lap = LaplaceMechanism::create(run.epsilon, 1.0);
    if (!lap) return lap.status();
    // Eight running sums, not one chain of dependent additions (each waits for the last).
    double part[8] = {0, 0, 0, 0, 0, 0, 0, 0};
    const std::size_t n = run.counts.size(), whole = n - n % 8;
    for (std::size_t i = 0; i < whole; i += 8)
        for (std::size_t k = 0; k < 8; ++k) part[k] += run.counts[i + k];
    double total = ((part[0] + part[1]) + (part[2] + part[3])) + ((part[4] + part[5]) + (part[6] + part[7]));
    for (std::size_t i = whole; i < n; ++i) total += run.counts[i];
    auto noisy = lap->release(*run.ctx.random, total);
    if (!noisy) return noisy.status();
    HistogramResult h;
    h.noiseScale = lap->scale();
    h.consistent = true;
    h.estimate.assign(run.counts.size(), *noisy / static_cast<double>(run.counts.size()));
    h.description = "noisy total (Laplace(" + formatNumber(h.noiseScale) + ")) spread over " +
                    std::to_string(run.counts.size()) + " bins";
    return h;
}
}  // namespace

HistogramStrategyEntry uniformStrategy() {
    AlgorithmInfo info;
    info.family = "histogram";
    info.id = "uniform";
    info.name = "Uniform (noisy total)";
    info.summary =
        "Spends all of epsilon on the total count and spreads it evenly over the bins; a baseline that "
        "ignores the shape of the data";
    info.citation = "Hay, Machanavajjhala, Miklau, Chen, Zhang, SIGMOD 2016";
    return {info, releaseUniform, true};
}

}  // namespace veil::dp::detail
