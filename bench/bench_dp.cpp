// bench_dp: throughput of the secure samplers and of histogram releases (release build).
// Targets (issue 5): >= 5 million secure discrete-Laplace samples per second on one core;
// a 100,000-bin histogram release under 0.1 s.
#include "bench_util.h"

#include "veil/common/random.h"
#include "veil/dp/counts_loader.h"
#include "veil/dp/histogram_release.h"
#include "dp/detail/samplers.h"

#include <chrono>
#include <ctime>
#include <cstdint>
#include <cstdio>
#include <string>
#include <vector>

using namespace veil;
using Clock = std::chrono::steady_clock;

namespace {
double seconds(Clock::time_point a, Clock::time_point b) { return std::chrono::duration<double>(b - a).count(); }

template <typename F>
void rate(const char* name, long long n, F&& f) {
    std::int64_t sink = 0;
    const auto t0 = Clock::now();
    const double c0 = bench::threadCpuSeconds();
    for (long long i = 0; i < n; ++i) sink += f();
    const double s = seconds(t0, Clock::now()), c = bench::threadCpuSeconds() - c0;
    std::printf("%-52s %8.3f M/s per CPU-second  (%.3f M/s wall; %lld samples, checksum %lld)\n", name,
                double(n) / c / 1e6, double(n) / s / 1e6, n, static_cast<long long>(sink & 0xff));
}
}  // namespace

int main(int argc, char** argv) {
    SecureRandom rng;
    const long long n = 5'000'000;
    rate("secure discrete Laplace, scale 1 (eps=1)", n, [&] { return dp::detail::sampleDiscreteLaplace(rng, 1, 1); });
    rate("secure discrete Laplace, scale 10", n, [&] { return dp::detail::sampleDiscreteLaplace(rng, 10, 1); });
    rate("secure discrete Laplace, scale 0.5", n, [&] { return dp::detail::sampleDiscreteLaplace(rng, 1, 2); });
    rate("secure geometric noise, scale 2.5 (addGeometricNoise)", n,
         [&] { return *dp::detail::addGeometricNoise(rng, 0, 2.5); });
    rate("secure snapped Laplace, scale 1", n / 5,
         [&] { return static_cast<std::int64_t>(*dp::detail::addSnappedLaplace(rng, 0.0, 1.0)); });
    {  // the same, for a block of values at once (LaplaceMechanism::releaseInPlace's path)
        const auto lattice = dp::detail::laplaceLattice(1.0).value();
        std::vector<double> block(n / 5, 0.0);
        const double c0 = bench::threadCpuSeconds();
        const auto status = dp::detail::addSnappedLaplaceToAll(rng, block, lattice);
        const double c = bench::threadCpuSeconds() - c0;
        std::printf("%-52s %8.3f M/s per CPU-second  (%zu samples, %s)\n", "secure snapped Laplace, scale 1, one block",
                    double(block.size()) / c / 1e6, block.size(), status.isOk() ? "ok" : "failed");
    }
    rate("secure discrete Gaussian, sigma^2 = 100", n / 10,
         [&] { return dp::detail::sampleDiscreteGaussian(rng, 100, 1); });
    rate("secure snapped Gaussian, sigma 1", n / 50,
         [&] { return static_cast<std::int64_t>(*dp::detail::addSnappedGaussian(rng, 0.0, 1.0)); });
    rate("raw SecureRandom::nextU64", 50'000'000, [&] { return static_cast<std::int64_t>(rng.nextU64()); });

    // 100,000-bin histogram releases (counts 0..99), one core, secure randomness.
    std::vector<double> counts(100000);
    for (std::size_t i = 0; i < counts.size(); ++i) counts[i] = double(i % 100);
    for (const char* s : {"identity", "hierarchical", "privelet"}) {
        auto gate = dp::ReleaseGate::teaching();  // a benchmark on made-up counts
        dp::HistogramRequest request;
        request.strategy = s;
        request.epsilon = 1.0;
        const auto t0 = Clock::now();
        const double c0 = bench::threadCpuSeconds();
        auto r = dp::releaseHistogram(gate, counts, request, RunContext{});
        const double sec = seconds(t0, Clock::now()), cpu = bench::threadCpuSeconds() - c0;
        std::printf("100,000-bin histogram release, %-13s %8.4f s CPU (%.4f s wall)%s\n", s, cpu, sec,
                    r ? "" : " (failed)");
    }

    // DPBench: scaled average per-query L1 error on 2,000 random ranges, mean of 10 trials.
    const std::string dir = argc > 1 ? argv[1] : std::string(VEIL_TEST_DATA_DIR) + "/dpbench";
    for (const char* name : {"NETTRACE", "SEARCHLOGS"}) {
        auto data = dp::loadCounts(dir + "/" + name + ".n4096.npy");
        if (!data) {
            std::printf("%s: %s\n", name, data.status().message().c_str());
            continue;
        }
        SeededRandom wr(9001);
        const auto workload = *dp::randomRangeWorkload(data->values.size(), 2000, wr);
        for (double eps : {0.1, 1.0}) {
            auto gate = dp::ReleaseGate::teaching(1);  // DPBench data is public
            auto cmp = dp::compareStrategies(gate, data->values, {"identity", "hierarchical", "privelet", "mwem"}, eps,
                                             workload, 10, RunContext{});
            if (!cmp) continue;
            std::printf("DPBench %-10s eps %-4g", name, eps);
            for (const auto& e : *cmp) std::printf("  %s %.3g", e.strategy.c_str(), e.meanError);
            std::printf("\n");
        }
    }
    return 0;
}
