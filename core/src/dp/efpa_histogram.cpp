// EFPA (Acs, Castelluccia, Chen, "Differentially private histogram publishing through lossy compression", ICDM 2012).
// docs/algorithms/efpa.md. The histogram's orthonormal real Fourier coordinates (fourier.h), the
// number K of kept ones chosen by the exponential mechanism (ratio * eps = eps1, score sensitivity
// 1: efpa.h), Laplace(K / (sqrt(n) eps2)) on each kept one (their L1 sensitivity is <= K / sqrt(n)),
// the rest set to 0, and the inverse transform. eps-DP under add/remove-one-record (sequential
// composition of the choice and the noise).
//
// Deviations from DPComp's efpa_engine (the authors' code, thirdparty/Acs12/lib/EFPA.py), which is
// not eps-DP: it noises only the magnitude of each kept coefficient and releases its phase
// unchanged, and it calibrates both the choice and the noise to unit sensitivity on an
// unnormalized FFT whose coefficients move by up to sqrt(n) in L2 norm (docs/algorithms/efpa.md).
#include "dp/detail/efpa.h"
#include "dp/detail/fourier.h"
#include "dp/detail/histogram_strategies.h"

#include "veil/common/validate.h"
#include "veil/dp/exponential_mechanism.h"
#include "veil/dp/laplace_mechanism.h"

#include <algorithm>
#include <cmath>

namespace veil::dp::detail {

double efpaNoiseScale(std::size_t kept, std::size_t n, double eps) {
    return double(kept) / (std::sqrt(double(n)) * eps);
}

EfpaCandidates efpaCandidates(const std::vector<double>& coordinates, double eps2) {
    const std::size_t n = coordinates.size();
    std::vector<double> dropped(n + 1, 0.0);  // dropped[K]: energy of coordinates K..n-1
    for (std::size_t i = n; i-- > 0;) dropped[i] = dropped[i + 1] + coordinates[i] * coordinates[i];
    EfpaCandidates c;
    for (std::size_t k = 1; n > 0; k += 2) {
        const std::size_t kept = std::min(k, n);
        c.kept.push_back(kept);
        c.score.push_back(-(std::sqrt(dropped[kept]) + std::sqrt(2.0 * double(kept)) * efpaNoiseScale(kept, n, eps2)));
        if (kept == n) break;
    }
    return c;
}

namespace {

// Keeps the first `kept` coordinates with Laplace noise, zeroes the rest, transforms back.
Result<std::vector<double>> perturbAndInvert(std::vector<double> y, std::size_t kept, double eps2, RandomSource& rng,
                                             double& scale) {
    auto lap = LaplaceMechanism::create(eps2, double(kept) / std::sqrt(double(y.size())));
    if (!lap) return lap.status();
    scale = lap->scale();
    for (std::size_t i = 0; i < y.size(); ++i) {
        if (i >= kept) {
            y[i] = 0.0;
            continue;
        }
        auto noisy = lap->release(rng, y[i]);
        if (!noisy) return noisy.status();
        y[i] = *noisy;
    }
    return fromRealFourierCoordinates(y);
}

Result<HistogramResult> releaseEfpa(const HistogramRun& run) {
    if (run.rows > 0 && run.columns > 0)
        return Status::invalidArgument("EFPA takes a 1-D histogram (its Fourier basis follows the bin order)");
    const std::size_t n = run.counts.size();
    const std::vector<double> y = realFourierCoordinates(run.counts);
    const auto fixed = std::size_t(run.options.integer("coefficients"));
    std::size_t kept = 0;
    double eps2 = run.epsilon;
    std::string how;
    if (fixed > 0) {  // data-independent (Rastogi and Nath's FPA_k): all of eps on the noise
        kept = std::min(n, fixed % 2 == 1 ? fixed : fixed + 1);
        how = "fixed";
    } else {
        const double eps1 = run.options.number("ratio") * run.epsilon;
        eps2 = run.epsilon - eps1;
        const EfpaCandidates c = efpaCandidates(y, eps2);
        auto em = ExponentialMechanism::create(eps1, 1.0);
        if (!em) return em.status();
        auto pick = em->select(*run.ctx.random, c.score);
        if (!pick) return pick.status();
        kept = c.kept[*pick];
        how = "chosen with eps " + formatNumber(eps1);
    }
    if (run.ctx.cancelled()) return Status::cancelled();
    HistogramResult r;
    auto x = perturbAndInvert(y, kept, eps2, *run.ctx.random, r.noiseScale);
    if (!x) return x.status();
    r.estimate = std::move(*x);
    r.description = std::to_string(kept) + " of " + std::to_string(n) + " Fourier coordinates (" + how + "), Laplace(" +
                    formatNumber(r.noiseScale) + ") each";
    return r;
}

}  // namespace

HistogramStrategyEntry efpaStrategy() {
    AlgorithmInfo info;
    info.family = "histogram";
    info.id = "efpa";
    info.name = "EFPA (Fourier)";
    info.summary =
        "Keeps the lowest Fourier coefficients, how many chosen privately, with Laplace noise, and "
        "transforms back; data-dependent";
    info.citation = "Acs, Castelluccia, Chen, ICDM 2012";
    info.dataDependent = true;
    info.parameters = {
        {"ratio",
         "Choice share",
         "share of epsilon spent choosing how many coefficients to keep (the rest noises them)",
         ParameterKind::Number,
         0.05,
         0.95,
         0.5,
         {}},
        {"coefficients",
         "Kept coefficients",
         "0 chooses privately; c >= 1 keeps the first c real coefficients (whole frequencies), all of "
         "epsilon on the noise",
         ParameterKind::Integer,
         0,
         1e9,
         0,
         {}},
    };
    return {info, releaseEfpa};
}

}  // namespace veil::dp::detail
