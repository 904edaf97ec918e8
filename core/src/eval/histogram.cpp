// HistogramData: validation, reading DPBench's count files (via the dp loader), multinomial sampling.
#include "veil/eval/histogram.h"

#include "veil/common/validate.h"
#include "veil/dp/counts_loader.h"

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <numeric>

namespace veil::eval {

double HistogramData::total() const { return std::accumulate(counts.begin(), counts.end(), 0.0); }

std::string HistogramData::shapeText() const {
    if (!twoDimensional) return std::to_string(columns) + " bins";
    return std::to_string(rows) + " x " + std::to_string(columns) + " cells";
}

Status validateHistogram(const HistogramData& data, const std::string& what) {
    if (data.counts.empty()) return Status::invalidArgument(what + ": the histogram has no cells");
    if (data.rows == 0 || data.columns == 0 || data.rows * data.columns != data.counts.size())
        return Status::invalidArgument(what + ": shape " + std::to_string(data.rows) + " x " +
                                       std::to_string(data.columns) + " does not match " +
                                       std::to_string(data.counts.size()) + " counts");
    for (std::size_t i = 0; i < data.counts.size(); ++i) {
        const double c = data.counts[i];
        if (!std::isfinite(c) || c < 0)
            return Status::invalidArgument(what + ": count " + std::to_string(i) + " is " + formatNumber(c) +
                                           " (counts must be non-negative finite numbers)");
    }
    return Status::ok();
}

Result<HistogramData> makeHistogram1D(std::vector<double> counts, std::string name) {
    HistogramData h;
    h.rows = 1;
    h.columns = counts.size();
    h.counts = std::move(counts);
    h.name = std::move(name);
    VEIL_RETURN_IF_ERROR(validateHistogram(h, h.name));
    return h;
}

Result<HistogramData> makeHistogram2D(std::size_t rows, std::size_t columns, std::vector<double> counts,
                                      std::string name) {
    HistogramData h;
    h.rows = rows;
    h.columns = columns;
    h.counts = std::move(counts);
    h.twoDimensional = true;
    h.name = std::move(name);
    VEIL_RETURN_IF_ERROR(validateHistogram(h, h.name));
    return h;
}

Result<HistogramData> readHistogram(const std::string& path) {
    if (!std::filesystem::exists(path)) return Status::notFound(path + ": no such file");
    auto loaded = dp::loadCounts(path);  // the dp engine's DPBench loader (.npy / CSV)
    if (!loaded) return loaded.status();
    const std::string name = std::filesystem::path(path).filename().string();
    const auto& shape = loaded->shape;
    Result<HistogramData> h = shape.size() == 1 || (shape.size() == 2 && shape[0] == 1)
                                  ? makeHistogram1D(std::move(loaded->values), name)
                                  : makeHistogram2D(shape[0], shape[1], std::move(loaded->values), name);
    if (!h) return h.status().withContext(path);
    return h;
}

Result<HistogramData> sampleHistogram(const HistogramData& shape, std::uint64_t scale, RandomSource& rng) {
    if (scale == 0 || scale > 1000000000ULL)
        return Status::invalidArgument("sample scale must be between 1 and 10^9 (got " + std::to_string(scale) + ")");
    std::vector<double> cumulative(shape.counts.size());
    std::partial_sum(shape.counts.begin(), shape.counts.end(), cumulative.begin());
    const double total = cumulative.empty() ? 0.0 : cumulative.back();
    if (!(total > 0))
        return Status::invalidArgument(shape.name + ": cannot sample from a histogram whose counts are all 0");
    std::size_t lastPositive = 0;  // where u = total (rounding) lands
    for (std::size_t i = 0; i < shape.counts.size(); ++i)
        if (shape.counts[i] > 0) lastPositive = i;
    HistogramData out = shape;
    std::fill(out.counts.begin(), out.counts.end(), 0.0);
    for (std::uint64_t i = 0; i < scale; ++i) {
        const double u = rng.uniform01() * total;
        // The first cell whose cumulative count exceeds u: it always has a positive count.
        auto it = std::upper_bound(cumulative.begin(), cumulative.end(), u);
        const std::size_t cell =
            it == cumulative.end() ? lastPositive : static_cast<std::size_t>(it - cumulative.begin());
        out.counts[cell] += 1.0;
    }
    return out;
}

}  // namespace veil::eval
