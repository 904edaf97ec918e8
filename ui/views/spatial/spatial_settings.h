// SpatialSettings: everything the user sets in the Spatial view (where the points come from,
// which tree, epsilon, budget split, post-processing, seeded demo draws, what is shown). Plain
// data: undo commands swap whole snapshots, the run job turns it into core's PsdOptions.
#pragma once

#include "veil/spatial/decomposition.h"
#include "veil/spatial/psd_release.h"

#include <QString>

#include <optional>
#include <string>
#include <vector>

#include <cstdint>

namespace veil::ui {

enum class SpatialSource { Table, Shape };

struct SpatialSettings {
    SpatialSource source = SpatialSource::Table;
    QString xColumn, yColumn;  // table columns (numeric)
    // The public domain of table points, declared (required for a release; teaching mode may fall
    // back to the data's bounding box). A shape's domain is its grid.
    std::optional<spatial::Rect> domain;
    QString shapePath;             // DPBench 2-D shape (.npy or .csv)
    std::uint64_t scale = 100000;  // points drawn from the shape, 10^3 .. 10^7

    // The decomposition: an id of the psd catalogue (quad, kd, hybrid, grid, agrid).
    std::string method = "quad";
    int height = 6;  // trees only
    double epsilon = 1.0;
    spatial::BudgetStrategy budget = spatial::BudgetStrategy::Geometric;
    spatial::MedianMethod median = spatial::MedianMethod::Exponential;
    bool postprocess = true;

    bool seeded = false;  // "Fixed seed (demo)": results are marked "seeded - not for release"
    std::uint64_t seed = 42;
    bool showTrue = false;  // show true counts beside the noisy ones (teaching; NOT private)

    friend bool operator==(const SpatialSettings&, const SpatialSettings&) = default;

    // The tree kind of a tree method; none for the grids.
    std::optional<spatial::TreeKind> treeKind() const;
    bool isGrid() const { return method == "grid" || method == "agrid"; }
    // Core's request for the current method (the UI never builds one itself). A grid's cells are
    // whole blocks of `dataColumns` x `dataRows` data cells when the data has that public
    // resolution (a DPBench shape), continuous when 0.
    spatial::PsdRequest psdRequest(std::size_t dataColumns = 0, std::size_t dataRows = 0) const;
    // True when `other` needs different points (another source, columns, file or scale).
    bool samePoints(const SpatialSettings& other) const;
    // One line for the status bar and the plot caption: "quadtree, h = 6, ε = 1, geometric, post-processed".
    QString summary() const;
};

constexpr double kMinEpsilon = 0.01;
constexpr double kMaxEpsilon = 10.0;
constexpr int kMaxHeight = 12;
constexpr std::uint64_t kMinScale = 1000;
constexpr std::uint64_t kMaxScale = 10000000;

// The methods the view offers, in its order, and their labels ("quadtree", "adaptive grid (AGrid)").
const std::vector<std::string>& spatialMethods();
QString methodLabel(const std::string& method);
QString treeKindLabel(spatial::TreeKind kind);
QString medianMethodLabel(spatial::MedianMethod method);

}  // namespace veil::ui
