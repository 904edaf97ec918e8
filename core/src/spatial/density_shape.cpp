// DPBench shapes: reading .npy / CSV histograms and multinomial sampling of point sets
// (DPBench, Hay et al. SIGMOD 2016, dpcomp_core/dataset.py DatasetSampledFromFile).
#include "veil/spatial/density_shape.h"

#include "veil/common/random.h"
#include "veil/common/validate.h"
#include "veil/io/atomic_file.h"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <numeric>
#include <sstream>

namespace veil::spatial {

namespace {

bool endsWith(const std::string& s, const std::string& suffix) {
    return s.size() >= suffix.size() && s.compare(s.size() - suffix.size(), suffix.size(), suffix) == 0;
}

std::string baseName(const std::string& path) {
    const auto slash = path.find_last_of('/');
    return slash == std::string::npos ? path : path.substr(slash + 1);
}

Result<DensityShape> parseNpy(const std::string& bytes, const std::string& name) {
    if (bytes.size() < 10 || std::memcmp(bytes.data(), "\x93NUMPY", 6) != 0)
        return Status::parseError(name + ": not a NumPy .npy file (bad magic)");
    const int major = static_cast<unsigned char>(bytes[6]);
    std::size_t headerLen = 0, offset = 0;
    if (major == 1) {
        headerLen = static_cast<unsigned char>(bytes[8]) | (static_cast<unsigned char>(bytes[9]) << 8);
        offset = 10;
    } else if (major == 2 || major == 3) {
        if (bytes.size() < 12) return Status::parseError(name + ": truncated .npy header");
        for (int i = 0; i < 4; ++i) headerLen |= std::size_t(static_cast<unsigned char>(bytes[8 + i])) << (8 * i);
        offset = 12;
    } else {
        return Status::parseError(name + ": unsupported .npy version " + std::to_string(major));
    }
    if (offset + headerLen > bytes.size()) return Status::parseError(name + ": truncated .npy header");
    const std::string header = bytes.substr(offset, headerLen);
    const std::size_t dataStart = offset + headerLen;
    const bool isF8 = header.find("'<f8'") != std::string::npos;
    const bool isI8 = header.find("'<i8'") != std::string::npos;
    if (!isF8 && !isI8) return Status::parseError(name + ": .npy dtype must be '<f8' or '<i8' (header " + header + ")");
    if (header.find("'fortran_order': False") == std::string::npos)
        return Status::parseError(name + ": .npy data must be in C order");
    const auto shapePos = header.find("'shape':");
    const auto open = header.find('(', shapePos);
    const auto close = header.find(')', open);
    if (shapePos == std::string::npos || open == std::string::npos || close == std::string::npos)
        return Status::parseError(name + ": .npy header has no shape");
    std::vector<std::size_t> dims;
    std::stringstream ss(header.substr(open + 1, close - open - 1));
    std::string item;
    while (std::getline(ss, item, ','))
        if (item.find_first_not_of(" ") != std::string::npos) dims.push_back(std::stoull(item));
    if (dims.size() != 2 || dims[0] == 0 || dims[1] == 0)
        return Status::parseError(name + ": a shape must be a 2-D array (header " + header + ")");
    DensityShape shape;
    shape.rows = dims[0];
    shape.columns = dims[1];
    const std::size_t cells = shape.rows * shape.columns;
    if (bytes.size() - dataStart < cells * 8)
        return Status::parseError(name + ": file holds fewer than the " + std::to_string(cells) + " values its header declares");
    shape.counts.resize(cells);
    for (std::size_t i = 0; i < cells; ++i) {
        const char* p = bytes.data() + dataStart + 8 * i;
        if (isF8) {
            double v;
            std::memcpy(&v, p, 8);
            shape.counts[i] = v;
        } else {
            std::int64_t v;
            std::memcpy(&v, p, 8);
            shape.counts[i] = double(v);
        }
    }
    return shape;
}

Result<DensityShape> parseCsvCounts(const std::string& text, const std::string& name) {
    DensityShape shape;
    std::istringstream in(text);
    std::string line;
    long long lineNo = 0;
    while (std::getline(in, line)) {
        ++lineNo;
        if (!line.empty() && line.back() == '\r') line.pop_back();
        if (line.find_first_not_of(" \t") == std::string::npos) continue;
        std::size_t fields = 0;
        std::stringstream ls(line);
        std::string field;
        while (std::getline(ls, field, ',')) {
            ++fields;
            char* end = nullptr;
            const double v = std::strtod(field.c_str(), &end);
            if (end == field.c_str() || (*end != '\0' && std::string(end).find_first_not_of(" \t") != std::string::npos))
                return Status::parseError(formatLocation(name, lineNo, (long long)fields) + ": '" + field + "' is not a number");
            shape.counts.push_back(v);
        }
        if (shape.rows == 0) shape.columns = fields;
        else if (fields != shape.columns)
            return Status::parseError(formatLocation(name, lineNo) + ": " + std::to_string(fields) + " fields, expected " +
                                      std::to_string(shape.columns));
        ++shape.rows;
    }
    if (shape.rows == 0) return Status::parseError(name + ": no counts in the file");
    return shape;
}

}  // namespace

double DensityShape::total() const { return std::accumulate(counts.begin(), counts.end(), 0.0); }

Result<DensityShape> readDensityShape(const std::string& path) {
    auto bytes = readWholeFile(path);
    if (!bytes) return bytes.status();
    const std::string name = baseName(path);
    auto shape = endsWith(path, ".npy") ? parseNpy(*bytes, name) : parseCsvCounts(*bytes, name);
    if (!shape) return shape;
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
    return shape;
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
            return Status::invalidArgument("shape cell " + std::to_string(i) + " has an invalid count " + formatNumber(c));
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
        const std::size_t cell = static_cast<std::size_t>(
            std::upper_bound(cumulative.begin(), cumulative.end(), u) - cumulative.begin());
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
