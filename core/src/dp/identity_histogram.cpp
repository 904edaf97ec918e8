// Identity: Laplace(1/epsilon) on every bin (Dwork, McSherry, Nissim, Smith 2006; DPBench's
// "Identity", Hay et al. SIGMOD 2016). One record changes one bin by 1: parallel composition.
#include "dp/detail/histogram_strategies.h"

#include "veil/common/validate.h"
#include "veil/dp/laplace_mechanism.h"

#include <algorithm>
#include <span>

namespace veil::dp::detail {

namespace {
Result<HistogramResult> releaseIdentity(const HistogramRun& run) {
    auto lap = LaplaceMechanism::create(run.epsilon, 1.0);
    if (!lap) return lap.status();
    HistogramResult h;
    h.noiseScale = lap->scale();
    h.estimate.assign(run.counts.begin(), run.counts.end());
    const std::size_t n = h.estimate.size();
    constexpr std::size_t kBlock = std::size_t(1) << 14;  // bins between progress reports
    ProgressReporter progress(run.ctx, "Noisy bins", static_cast<long long>(n));
    for (std::size_t i = 0; i < n; i += kBlock) {
        if (!progress.step(static_cast<long long>(i))) return Status::cancelled();
        VEIL_RETURN_IF_ERROR(
            lap->releaseInPlace(*run.ctx.random, std::span<double>(h.estimate).subspan(i, std::min(kBlock, n - i))));
    }
    progress.finish();
    h.description = "Laplace(" + formatNumber(h.noiseScale) + ") per bin";
    return h;
}
}  // namespace

HistogramStrategyEntry identityStrategy() {
    AlgorithmInfo info;
    info.family = "histogram";
    info.id = "identity";
    info.name = "Identity (Laplace per bin)";
    info.summary = "Adds Laplace noise of scale 1/epsilon to every bin; best when queries are single bins";
    info.citation = "Dwork, McSherry, Nissim, Smith, TCC 2006";
    return {info, releaseIdentity, true};
}

}  // namespace veil::dp::detail
