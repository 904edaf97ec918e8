// bench_spatial: private spatial decompositions on 1,000,000 points (release build).
// Targets (issue 6): kd-tree of height 10 under 1 s; quadtree under 0.3 s; 10,000 range queries
// under 0.5 s. Points come from a 2-D DPBench shape when a path is given (argv[1], e.g.
// /work/shared/data/dpbench/checkin_256_256.npy), otherwise from a seeded synthetic mixture.
// Noise uses SecureRandom, as a release would.
#include "bench_util.h"

#include "veil/common/random.h"
#include "veil/spatial/consistency.h"
#include "veil/spatial/density_shape.h"
#include "veil/spatial/range_query.h"
#include "veil/spatial/uniform_grid.h"

#include <chrono>
#include <cmath>
#include <cstdio>
#include <ctime>
#include <string>

using namespace veil;
using namespace veil::spatial;
using Clock = std::chrono::steady_clock;

namespace {
double since(Clock::time_point t) { return std::chrono::duration<double>(Clock::now() - t).count(); }

PointSet syntheticPoints(std::size_t n) {
    SeededRandom rng(2012);
    std::vector<double> x(n), y(n);
    const double cx[4] = {20, 55, 70, 35}, cy[4] = {30, 70, 25, 55}, spread[4] = {3, 8, 1.5, 15};
    for (std::size_t i = 0; i < n; ++i) {
        const std::size_t c = rng.uniformBelow(4);
        // Sum of uniforms: a cheap bell shape around the centre.
        const double u = rng.uniform01() + rng.uniform01() + rng.uniform01() - 1.5;
        const double v = rng.uniform01() + rng.uniform01() + rng.uniform01() - 1.5;
        x[i] = std::clamp(cx[c] + spread[c] * u, 0.0, 99.999);
        y[i] = std::clamp(cy[c] + spread[c] * v, 0.0, 99.999);
    }
    return makePointSet(std::move(x), std::move(y), Rect{0, 0, 100, 100}).value();
}

PrivateSpatialDecomposition timeBuild(const char* name, const PointSet& ps, const PsdOptions& o, double target) {
    SecureRandom rng;
    RunContext ctx;
    ctx.random = &rng;
    const auto t = Clock::now();
    const double c0 = bench::processCpuSeconds();
    auto psd = buildDecomposition(ps, o, ctx);
    const double s = since(t), cpu = bench::processCpuSeconds() - c0;
    if (!psd) {
        std::printf("%-52s FAILED: %s\n", name, psd.status().message().c_str());
        std::exit(1);
    }
    std::printf("%-52s %8.3f s wall %8.3f s cpu  (%zu leaves, %zu nodes)%s\n", name, s, cpu, psd->leaves.size(),
                psd->nodes.size(),
                target > 0 ? (std::min(s, cpu) < target ? "  [target met]" : "  [TARGET MISSED]") : "");
    return std::move(psd).value();
}
}  // namespace

int main(int argc, char** argv) {
    const std::size_t n = 1'000'000;
    PointSet ps;
    auto t0 = Clock::now();
    if (argc > 1) {
        auto shape = readDensityShape(argv[1]);
        if (!shape) {
            std::printf("%s\n", shape.status().message().c_str());
            return 1;
        }
        SeededRandom rng(1);
        RunContext ctx;
        ctx.random = &rng;
        ps = samplePointsFromShape(*shape, n, ctx).value();
        std::printf("%-52s %8.3f s\n", ("sample 1,000,000 points from " + shape->name).c_str(), since(t0));
    } else {
        ps = syntheticPoints(n);
        std::printf("%-52s %8.3f s\n", "synthetic 1,000,000 points", since(t0));
    }

    PsdOptions kd;
    kd.kind = TreeKind::KdTree;
    kd.height = 10;
    kd.epsilon = 1.0;
    const auto kdTree = timeBuild("kd-tree h=10, em medians", ps, kd, 1.0);
    kd.median = MedianMethod::NoisyMean;
    timeBuild("kd-tree h=10, noisy-mean medians", ps, kd, 1.0);
    kd.median = MedianMethod::CellBased;
    timeBuild("kd-tree h=10, cell medians", ps, kd, 1.0);
    kd.median = MedianMethod::SmoothSensitivity;
    timeBuild("kd-tree h=10, smooth-sensitivity medians", ps, kd, 0.0);
    kd.median = MedianMethod::Exponential;
    kd.postprocess = true;
    timeBuild("kd-tree h=10, em medians + post-processing", ps, kd, 1.0);

    PsdOptions quad;
    quad.height = 8;
    const auto quadTree = timeBuild("quadtree h=8 (65,536 leaves)", ps, quad, 0.3);
    quad.height = 10;
    quad.minLeafSize = 50;
    timeBuild("quadtree h=10, min leaf 50", ps, quad, 0.3);
    quad.minLeafSize = 0;
    timeBuild("quadtree h=10, full (1,048,576 leaves)", ps, quad, 0.0);
    PsdOptions hybrid;
    hybrid.kind = TreeKind::Hybrid;
    hybrid.height = 10;
    hybrid.minLeafSize = 50;
    timeBuild("hybrid h=10 (5 kd levels), min leaf 50", ps, hybrid, 0.0);
    {
        SecureRandom rng;
        RunContext ctx;
        ctx.random = &rng;
        const auto t = Clock::now();
        auto g = buildUniformGrid(ps, UniformGridOptions{}, ctx);
        std::printf("%-52s %8.3f s  (%zu cells)\n", "uniform grid (Qardaji et al. size)", since(t), g->leaves.size());
    }

    SeededRandom wrng(9001);
    const auto w = randomRangeWorkload(ps.domain, 10'000, QuerySize::Mixed, wrng).value();
    auto t = Clock::now();
    const auto truth = exactRangeCounts(ps, w.queries);
    std::printf("%-52s %8.3f s\n", "10,000 exact range counts (Fenwick sweep)", since(t));
    for (const auto* tree : {&kdTree, &quadTree}) {
        t = Clock::now();
        const double c0 = bench::processCpuSeconds();
        const auto answers = privateRangeCounts(*tree, w.queries);
        const double s = since(t), cpu = bench::processCpuSeconds() - c0;
        const auto err = summarizeQueryError(truth, answers, double(n), w.sizes);
        std::printf("%-52s %8.3f s wall %8.3f s cpu%s  median rel. error %.4f, scaled L1 %.2e\n",
                    tree == &kdTree ? "10,000 private range queries, kd-tree h=10"
                                    : "10,000 private range queries, quadtree h=8",
                    s, cpu, std::min(s, cpu) < 0.5 ? "  [target met]" : "  [TARGET MISSED]", err.medianRelative,
                    err.scaledL1);
    }
    return 0;
}
