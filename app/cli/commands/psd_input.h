// The input of `veil-cli psd`: points from a table's two numeric columns in a declared domain, or
// sampled from a DPBench shape, and the data's public grid of cells (--data-cells, or the shape's).
#pragma once

#include "cli_support.h"

#include "veil/common/random.h"
#include "veil/spatial/density_shape.h"
#include "veil/spatial/point_set.h"
#include "veil/table/csv_reader.h"

#include <iostream>
#include <memory>
#include <optional>
#include <string>

namespace veil::cli {

struct PsdInputOptions {
    std::string points, xColumn, yColumn, shape, domain, delimiter, dataCells;
    std::uint64_t scale = 0;
    std::optional<std::uint64_t> seed;
};

// The data's public resolution: `columns` x `rows` data cells over the domain (0 x 0: continuous).
struct DataCells {
    std::size_t columns = 0, rows = 0;
    bool declared() const { return columns > 0; }
};

struct PsdInput {
    spatial::PointSet points;
    DataCells cells;  // --data-cells, else the shape's grid (none for points without --data-cells)
};

inline Result<std::optional<spatial::Rect>> parsePsdDomain(const std::string& text) {
    if (text.empty()) return std::optional<spatial::Rect>{};
    const auto parts = splitList(text);
    double v[4];
    bool ok = parts.size() == 4;
    for (std::size_t i = 0; ok && i < 4; ++i) {
        char* end = nullptr;
        v[i] = std::strtod(parts[i].c_str(), &end);
        ok = end && *end == '\0';
    }
    if (!ok) return Status::invalidArgument("--domain expects XMIN,YMIN,XMAX,YMAX, got '" + text + "'");
    return std::optional<spatial::Rect>(spatial::Rect{v[0], v[1], v[2], v[3]});
}

// "--data-cells COLUMNS,ROWS": two integers in [1, 2^20].
inline Result<DataCells> parseDataCells(const std::string& text) {
    if (text.empty()) return DataCells{};
    const auto parts = splitList(text);
    DataCells d;
    bool ok = parts.size() == 2;
    for (std::size_t i = 0; ok && i < 2; ++i) {
        char* end = nullptr;
        const long long v = std::strtoll(parts[i].c_str(), &end, 10);
        ok = end && *end == '\0' && v >= 1 && v <= (1 << 20);
        (i == 0 ? d.columns : d.rows) = ok ? std::size_t(v) : 0;
    }
    if (!ok)
        return Status::invalidArgument(
            "--data-cells expects COLUMNS,ROWS, two integers from 1 to 1048576 (e.g. 256,256), got '" + text + "'");
    return d;
}

inline Result<PsdInput> loadPsdInput(const PsdInputOptions& o) {
    auto domain = parsePsdDomain(o.domain);
    if (!domain) return domain.status();
    auto cells = parseDataCells(o.dataCells);
    if (!cells) return cells.status();
    PsdInput in;
    in.cells = *cells;
    if (!o.shape.empty()) {
        if (!o.points.empty()) return Status::invalidArgument("give either POINTS or --shape, not both");
        if (!o.domain.empty() || !o.xColumn.empty() || !o.yColumn.empty())
            return Status::invalidArgument(
                "--shape gives the domain, its cells: --domain, --x and --y apply to POINTS");
        if (o.scale == 0) return Status::invalidArgument("--shape needs --scale N (number of points, e.g. 1000000)");
        auto shape = spatial::readDensityShape(o.shape);
        if (!shape) return shape.status();
        if (!in.cells.declared()) in.cells = {shape->columns, shape->rows};
        // Sampled points are synthetic: their own stream (public data, not the release's noise).
        auto rng =
            o.seed ? std::unique_ptr<RandomSource>(std::make_unique<SeededRandom>(spatial::shapeSampleSeed(*o.seed)))
                   : std::unique_ptr<RandomSource>(std::make_unique<SecureRandom>());
        RunContext ctx;
        ctx.random = rng.get();
        auto points = spatial::samplePointsFromShape(*shape, o.scale, ctx);
        if (!points) return points.status();
        in.points = std::move(*points);
        return in;
    }
    if (o.points.empty())
        return Status::invalidArgument("give POINTS (a CSV file) with --x and --y, or --shape FILE --scale N");
    if (o.xColumn.empty() || o.yColumn.empty())
        return Status::invalidArgument("POINTS needs --x COLUMN and --y COLUMN");
    CsvReadOptions opts;
    if (!o.delimiter.empty()) {
        if (o.delimiter == "tab" || o.delimiter == "\\t")
            opts.delimiter = '\t';
        else if (o.delimiter.size() == 1)
            opts.delimiter = o.delimiter[0];
        else
            return Status::invalidArgument("--delimiter must be one character (or 'tab'), got '" + o.delimiter + "'");
    }
    auto read = readCsvFile(o.points, opts);
    if (!read) return read.status();
    for (const auto& w : read->warnings) std::cerr << "veil-cli: warning: " << w << '\n';
    auto points = spatial::pointsFromTable(read->table, o.xColumn, o.yColumn, *domain);
    if (!points) return points.status();
    in.points = std::move(*points);
    return in;
}

}  // namespace veil::cli
