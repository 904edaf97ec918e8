// Private spatial decompositions (quadtree, kd-tree, hybrid, uniform grid) of the spatial engine
// run on a 2-D histogram, answering the workload's rectangles (Cormode et al., ICDE 2012;
// Qardaji, Yang, Li, ICDE 2013 for the grid). Cell (row r, column c) holds its records at the
// point (c + 0.5, r + 0.5) of the domain [0, columns) x [0, rows).
#include "methods.h"

#include "veil/spatial/decomposition.h"
#include "veil/spatial/range_query.h"
#include "veil/spatial/uniform_grid.h"

#include <cmath>

namespace veil::eval::detail {

namespace {

struct PreparedPoints {
    spatial::PointSet points;
};

const std::vector<std::string> kTreeOptions = {"height", "budget", "postprocess", "min_leaf_size", "median_fraction", "median"};
const std::vector<std::string> kGridOptions = {"cells_per_axis", "postprocess"};

Result<std::shared_ptr<const void>> preparePoints(const HistogramData& data) {
    std::vector<double> x, y;
    const auto n = static_cast<std::size_t>(std::max(0.0, data.total()));
    x.reserve(n);
    y.reserve(n);
    for (std::size_t r = 0; r < data.rows; ++r)
        for (std::size_t c = 0; c < data.columns; ++c) {
            const auto k = static_cast<std::size_t>(std::llround(data.at(r, c)));
            x.insert(x.end(), k, static_cast<double>(c) + 0.5);
            y.insert(y.end(), k, static_cast<double>(r) + 0.5);
        }
    const spatial::Rect domain{0.0, 0.0, static_cast<double>(data.columns), static_cast<double>(data.rows)};
    auto points = spatial::makePointSet(std::move(x), std::move(y), domain);
    if (!points) return points.status();
    auto p = std::make_shared<PreparedPoints>();
    p->points = std::move(*points);
    return std::shared_ptr<const void>(std::move(p));
}

std::vector<spatial::Rect> workloadRects(const Workload& w) {
    std::vector<spatial::Rect> rects;
    rects.reserve(w.size());
    for (const auto& q : w.queries)
        rects.push_back({static_cast<double>(q.colLo), static_cast<double>(q.rowLo), static_cast<double>(q.colHi + 1),
                         static_cast<double>(q.rowHi + 1)});
    return rects;
}

Result<spatial::PsdOptions> treeOptions(spatial::TreeKind kind, const nlohmann::json& o, double epsilon, double delta) {
    spatial::PsdOptions p;
    p.kind = kind;
    p.epsilon = epsilon;
    if (delta > 0) p.delta = delta;
    auto height = numberOption(o, "height", 8);
    if (!height) return height.status();
    p.height = static_cast<int>(*height);
    auto budget = stringOption(o, "budget", "geometric");
    if (!budget) return budget.status();
    if (*budget == "geometric") p.budget = spatial::BudgetStrategy::Geometric;
    else if (*budget == "uniform") p.budget = spatial::BudgetStrategy::Uniform;
    else return Status::invalidArgument("option 'budget' must be \"uniform\" or \"geometric\" (got \"" + *budget + "\")");
    auto post = boolOption(o, "postprocess", false);
    if (!post) return post.status();
    p.postprocess = *post;
    auto leaf = numberOption(o, "min_leaf_size", 0.0);
    if (!leaf) return leaf.status();
    p.minLeafSize = *leaf;
    auto frac = numberOption(o, "median_fraction", 0.3);
    if (!frac) return frac.status();
    p.medianFraction = *frac;
    auto median = stringOption(o, "median", "em");
    if (!median) return median.status();
    if (*median == "em") p.median = spatial::MedianMethod::Exponential;
    else if (*median == "smooth") p.median = spatial::MedianMethod::SmoothSensitivity;
    else if (*median == "noisy-mean") p.median = spatial::MedianMethod::NoisyMean;
    else if (*median == "cell") p.median = spatial::MedianMethod::CellBased;
    else return Status::invalidArgument("option 'median' must be em, smooth, noisy-mean or cell (got \"" + *median + "\")");
    return p;
}

MethodInfo treeMethod(spatial::TreeKind kind, const std::string& id, const std::string& description) {
    MethodInfo m;
    m.id = id;
    m.module = "spatial";
    m.description = description;
    m.target = MethodTarget::Workload;
    m.supports1D = false;
    m.supports2D = true;
    m.optionsHelp = "height (8), budget (\"geometric\" | \"uniform\"), postprocess (false), min_leaf_size (0), "
                    "median_fraction (0.3), median (\"em\" | \"smooth\" | \"noisy-mean\" | \"cell\")";
    m.prepare = [id, kind](const TrialInput& in) -> Result<std::shared_ptr<const void>> {
        VEIL_RETURN_IF_ERROR(checkKnownOptions(in.options, kTreeOptions, id));
        auto check = treeOptions(kind, in.options, 1.0, in.delta);
        if (!check) return check.status().withContext("method '" + id + "'");
        return preparePoints(in.data);
    };
    m.run = [kind](const TrialInput& in, double epsilon, RandomSource& rng) -> Result<std::vector<double>> {
        auto opts = treeOptions(kind, in.options, epsilon, in.delta);
        if (!opts) return opts.status();
        RunContext ctx;
        ctx.random = &rng;
        const auto& prepared = *static_cast<const PreparedPoints*>(in.prepared);
        auto psd = spatial::buildDecomposition(prepared.points, *opts, ctx);
        if (!psd) return psd.status();
        return spatial::privateRangeCounts(*psd, workloadRects(in.workload));
    };
    return m;
}

}  // namespace

void addSpatialMethods(std::vector<MethodInfo>& out) {
    out.push_back(treeMethod(spatial::TreeKind::Quadtree, "psd:quad", "private quadtree (data-independent splits)"));
    out.push_back(treeMethod(spatial::TreeKind::KdTree, "psd:kd", "private kd-tree (private median splits)"));
    out.push_back(treeMethod(spatial::TreeKind::Hybrid, "psd:hybrid", "hybrid tree (kd splits on top, quad splits below)"));

    MethodInfo grid;
    grid.id = "psd:grid";
    grid.module = "spatial";
    grid.description = "uniform grid, m = sqrt(N epsilon / 10) cells per axis";
    grid.supports1D = false;
    grid.supports2D = true;
    grid.optionsHelp = "cells_per_axis (0 = Qardaji et al.'s rule), postprocess (false)";
    grid.prepare = [](const TrialInput& in) -> Result<std::shared_ptr<const void>> {
        VEIL_RETURN_IF_ERROR(checkKnownOptions(in.options, kGridOptions, "psd:grid"));
        return preparePoints(in.data);
    };
    grid.run = [](const TrialInput& in, double epsilon, RandomSource& rng) -> Result<std::vector<double>> {
        spatial::UniformGridOptions g;
        g.epsilon = epsilon;
        auto cells = numberOption(in.options, "cells_per_axis", 0);
        if (!cells) return cells.status();
        if (*cells < 0) return Status::invalidArgument("option 'cells_per_axis' must be >= 0");
        g.cellsPerAxis = static_cast<std::size_t>(*cells);
        auto post = boolOption(in.options, "postprocess", false);
        if (!post) return post.status();
        g.postprocess = *post;
        RunContext ctx;
        ctx.random = &rng;
        const auto& prepared = *static_cast<const PreparedPoints*>(in.prepared);
        auto psd = spatial::buildUniformGrid(prepared.points, g, ctx);
        if (!psd) return psd.status();
        return spatial::privateRangeCounts(*psd, workloadRects(in.workload));
    };
    out.push_back(std::move(grid));
}

}  // namespace veil::eval::detail
