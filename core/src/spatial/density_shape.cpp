// DPBench shapes: reading .npy / CSV histograms and multinomial sampling of point sets
// (DPBench, Hay et al. SIGMOD 2016, dpcomp_core/dataset.py DatasetSampledFromFile).
#include "veil/spatial/density_shape.h"

#include "veil/common/random.h"
#include "veil/common/validate.h"
#include "veil/dp/counts_loader.h"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <numeric>
#include <memory>
#include <sstream>

namespace veil::spatial {

namespace {

std::string baseName(const std::string& path) {
    const auto slash = path.find_last_of('/');
    return slash == std::string::npos ? path : path.substr(slash + 1);
}

}  // namespace

double DensityShape::total() const { return std::accumulate(counts.begin(), counts.end(), 0.0); }

Result<DensityShape> readDensityShape(const std::string& path) {
    // The counts reader of the histograms (.npy or CSV), as a grid: a 1-D array is one column.
    auto counts = dp::loadCounts(path);
    if (!counts) return counts.status();
    const std::string name = baseName(path);
    const bool npy = path.size() >= 4 && path.compare(path.size() - 4, 4, ".npy") == 0;
    if (counts->shape.size() > 2 || (npy && counts->shape.size() != 2))
        return Status::parseError(name + ": a shape is a 2-D array of counts");
    auto shape = std::make_unique<DensityShape>();
    shape->rows = counts->shape[0];
    shape->columns = counts->shape.size() == 2 ? counts->shape[1] : 1;
    shape->counts = std::move(counts->values);
    double total = 0.0;
    for (std::size_t i = 0; i < shape->counts.size(); ++i) {
        const double v = shape->counts[i];
        if (!std::isfinite(v) || v < 0.0)
            return Status::parseError(name + ": cell (row " + std::to_string(i / shape->columns) + ", column " +
                                      std::to_string(i % shape->columns) + ") has count " + formatNumber(v) +
                                      "; counts must be finite and non-negative");
        total += v;
    }
    if (total <= 0.0) return Status::invalidArgument(name + ": every count is zero; the shape has no mass");
    shape->name = name;
    return std::move(*shape);
}

Result<PointSet> samplePointsFromShape(const DensityShape& shape, std::uint64_t n, const RunContext& ctx) {
    if (!ctx.random) return Status::invalidArgument("sampling points needs a random source");
    if (shape.counts.size() != shape.rows * shape.columns || shape.counts.empty())
        return Status::invalidArgument("shape has " + std::to_string(shape.counts.size()) + " counts for " +
                                       std::to_string(shape.rows) + " x " + std::to_string(shape.columns) + " cells");
    // Cumulative integer weights: exact multinomial cell choice with uniformBelow(total).
    std::vector<std::uint64_t> cumulative(shape.counts.size());
    std::uint64_t acc = 0;
    for (std::size_t i = 0; i < shape.counts.size(); ++i) {
        const double c = shape.counts[i];
        if (!std::isfinite(c) || c < 0.0 || c > 1e15)
            return Status::invalidArgument("shape cell " + std::to_string(i) + " has an invalid count " +
                                           formatNumber(c));
        acc += static_cast<std::uint64_t>(std::llround(c));
        cumulative[i] = acc;
    }
    if (acc == 0) return Status::invalidArgument("shape '" + shape.name + "' has no mass (all counts round to zero)");
    std::vector<double> xs(n), ys(n);
    ProgressReporter progress(ctx, "Sampling points from " + shape.name, static_cast<long long>(n));
    RandomSource& rng = *ctx.random;
    for (std::uint64_t i = 0; i < n; ++i) {
        if ((i & 0xFFFF) == 0 && !progress.step(static_cast<long long>(i))) return Status::cancelled();
        const std::uint64_t u = rng.uniformBelow(acc);
        const std::size_t cell =
            static_cast<std::size_t>(std::upper_bound(cumulative.begin(), cumulative.end(), u) - cumulative.begin());
        const double row = double(cell / shape.columns), col = double(cell % shape.columns);
        xs[i] = col + rng.uniform01();
        ys[i] = row + rng.uniform01();
    }
    progress.finish();
    auto ps = makePointSet(std::move(xs), std::move(ys), shape.domain());
    if (ps) ps->warnings.clear();
    return ps;
}

std::uint64_t shapeSampleSeed(std::uint64_t seed) { return SeededRandom::deriveSeed(seed, 1000000); }

}  // namespace veil::spatial
