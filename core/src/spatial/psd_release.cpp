// The spatial decompositions' catalogue and release (Cormode, Procopiuc, Shen, Srivastava, Yu,
// ICDE 2012; Qardaji, Yang, Li, ICDE 2013 for the uniform and adaptive grids), through the release gate.
#include "veil/spatial/psd_release.h"

#include "veil/common/validate.h"
#include "veil/dp/privacy.h"

#include <cmath>

namespace veil::spatial {

namespace {

// The most delta a tree's smooth-sensitivity medians may spend, one level or all together.
constexpr double kMaxTreeDelta = 0.5;

std::vector<ParameterInfo> treeParameters(int maxHeight) {
    return {
        {"height",
         "Height h",
         "maximum depth of a leaf (root = 0)",
         ParameterKind::Integer,
         0,
         double(maxHeight),
         8,
         {}},
        {"budget",
         "Count budget",
         "how epsilon is spread over the levels' counts",
         ParameterKind::Choice,
         0,
         0,
         "geometric",
         {"geometric", "uniform"}},
        {"postprocess",
         "Consistency",
         "least-squares consistent counts (Hay et al.; on in Cormode et al.'s PSDs)",
         ParameterKind::Flag,
         0,
         0,
         true,
         {}},
        {"min_leaf_size",
         "Minimum leaf count",
         "do not split a node whose noisy count is below it (0: off)",
         ParameterKind::Number,
         0,
         1e12,
         0.0,
         {}},
    };
}

std::vector<ParameterInfo> medianParameters() {
    return {
        {"median",
         "Private median",
         "how kd splits are chosen",
         ParameterKind::Choice,
         0,
         0,
         "em",
         {"em", "smooth", "noisy-mean", "cell"}},
        {"median_fraction",
         "Median share",
         "share of epsilon spent on the medians",
         ParameterKind::Number,
         0.0,
         0.99,
         0.3,
         {}},
        {"delta",
         "Delta per median",
         "delta of each smooth-sensitivity median level",
         ParameterKind::Number,
         dp::kMinDelta,
         kMaxTreeDelta,
         1e-6,
         {}},
    };
}

AlgorithmInfo tree(const char* id, const char* name, const char* summary, int maxHeight, bool kd) {
    AlgorithmInfo a;
    a.family = "psd";
    a.id = id;
    a.name = name;
    a.summary = summary;
    a.citation = "Cormode, Procopiuc, Shen, Srivastava, Yu, ICDE 2012";
    a.dataDependent = kd;
    a.parameters = treeParameters(maxHeight);
    if (kd) {
        for (auto& p : medianParameters()) a.parameters.push_back(p);
    }
    if (std::string(id) == "hybrid")
        a.parameters.push_back({"hybrid_kd_levels",
                                "kd levels",
                                "levels with kd splits on top (-1: half the height)",
                                ParameterKind::Integer,
                                -1,
                                20,
                                -1,
                                {}});
    return a;
}

AlgorithmInfo adaptiveGridInfo() {
    AlgorithmInfo a;
    a.family = "psd";
    a.id = "agrid";
    a.name = "Adaptive grid (AGrid)";
    a.summary =
        "A coarse noisy grid whose cells are each cut finer by their own noisy count, the two levels "
        "made consistent";
    a.citation = "Qardaji, Yang, Li, ICDE 2013";
    a.dataDependent = true;
    a.parameters = {
        {"alpha",
         "Alpha",
         "share of the cells' epsilon on the first level",
         ParameterKind::Number,
         0.01,
         0.99,
         0.5,
         {}},
        {"c",
         "First-level constant c",
         "m1 = max(10, floor(sqrt(N eps / c) / 4))",
         ParameterKind::Number,
         0.01,
         1e6,
         10.0,
         {}},
        {"c2",
         "Second-level constant c2",
         "m2 = max(1, floor(sqrt(N' (1 - alpha) eps / c2)))",
         ParameterKind::Number,
         0.01,
         1e6,
         5.0,
         {}},
        {"first_level_cells",
         "First-level cells per axis",
         "0: the paper's m1 from a noisy N",
         ParameterKind::Integer,
         0,
         1448,
         0,
         {}},
        {"postprocess",
         "Consistency",
         "the paper's constrained inference between the two levels",
         ParameterKind::Flag,
         0,
         0,
         true,
         {}},
        {"data_columns",
         "Data columns",
         "public resolution of the data along x: cells are whole blocks of data cells",
         ParameterKind::Integer,
         0,
         1 << 20,
         0,
         {}},
        {"data_rows", "Data rows", "the same along y (set both or neither)", ParameterKind::Integer, 0, 1 << 20, 0, {}},
    };
    return a;
}

std::vector<AlgorithmInfo> makeCatalogue() {
    std::vector<AlgorithmInfo> c;
    c.push_back(
        tree("quad", "Quadtree", "Splits every cell into four equal quadrants: data-independent structure", 10, false));
    c.push_back(
        tree("kd", "kd-tree", "Splits at private medians, alternating x and y: adapts to dense areas", 20, true));
    c.push_back(tree("hybrid", "Hybrid tree", "kd splits on the top levels, quadtree splits below", 20, true));
    AlgorithmInfo grid;
    grid.family = "psd";
    grid.id = "grid";
    grid.name = "Uniform grid";
    grid.summary =
        "About m x m noisy counts, m = sqrt(N epsilon / 10) from a noisy N; blocks aligned to the data's cells";
    grid.citation = "Qardaji, Yang, Li, ICDE 2013";
    grid.parameters = {
        {"cells_per_axis",
         "Cells per axis",
         "0: Qardaji et al.'s rule from a noisy N",
         ParameterKind::Integer,
         0,
         1448,
         0,
         {}},
        {"postprocess", "Consistency", "least-squares consistent counts", ParameterKind::Flag, 0, 0, false, {}},
        {"data_columns",
         "Data columns",
         "public resolution of the data along x: grid cells are whole blocks of data cells (0: continuous)",
         ParameterKind::Integer,
         0,
         1 << 20,
         0,
         {}},
        {"data_rows", "Data rows", "the same along y (set both or neither)", ParameterKind::Integer, 0, 1 << 20, 0, {}},
    };
    c.push_back(grid);
    c.push_back(adaptiveGridInfo());
    return c;
}

MedianMethod medianOf(const std::string& s) {
    if (s == "smooth") return MedianMethod::SmoothSensitivity;
    if (s == "noisy-mean") return MedianMethod::NoisyMean;
    if (s == "cell") return MedianMethod::CellBased;
    return MedianMethod::Exponential;
}

// Worst-case number of leaves: the tree splits every node down to its height.
double maxLeaves(TreeKind kind, int height, int kdLevels) {
    if (kind == TreeKind::KdTree) return std::ldexp(1.0, height);
    if (kind == TreeKind::Quadtree) return std::pow(4.0, height);
    return std::ldexp(1.0, kdLevels) * std::pow(4.0, height - kdLevels);
}

}  // namespace

const std::vector<AlgorithmInfo>& psdCatalogue() {
    static const std::vector<AlgorithmInfo> catalogue = makeCatalogue();
    return catalogue;
}

Result<const AlgorithmInfo*> findPsdKind(const std::string& id) {
    for (const auto& a : psdCatalogue())
        if (a.id == id) return &a;
    return Status::notFound("unknown decomposition '" + id + "' (known: quad, kd, hybrid, grid, agrid)");
}

Result<PsdPlan> planDecomposition(const PsdRequest& request) {
    VEIL_RETURN_IF_ERROR(dp::validateEpsilon(request.epsilon));
    auto info = findPsdKind(request.kind);
    if (!info) return info.status();
    auto values = parseParameters(**info, request.options, "options");
    if (!values) return values.status();
    PsdPlan plan;
    plan.cost = {request.epsilon, 0.0, 0.0};
    if (request.kind == "grid") {
        plan.kind = TreeKind::UniformGrid;
        plan.grid.epsilon = request.epsilon;
        plan.grid.cellsPerAxis = std::size_t(values->integer("cells_per_axis"));
        plan.grid.postprocess = values->flag("postprocess");
        plan.grid.dataColumns = std::size_t(values->integer("data_columns"));
        plan.grid.dataRows = std::size_t(values->integer("data_rows"));
        if ((plan.grid.dataColumns == 0) != (plan.grid.dataRows == 0))
            return Status::invalidArgument("options.data_columns and options.data_rows: set both or neither (got " +
                                           std::to_string(plan.grid.dataColumns) + " and " +
                                           std::to_string(plan.grid.dataRows) + ")");
        plan.grid.nonPrivate = request.nonPrivate;
        return plan;
    }
    if (request.kind == "agrid") {
        plan.kind = TreeKind::UniformGrid;  // the grid family; `adaptive` selects AGrid
        plan.adaptive = true;
        AdaptiveGridOptions& g = plan.agrid;
        g.epsilon = request.epsilon;
        g.alpha = values->number("alpha");
        g.sizeConstant = values->number("c");
        g.subdivideConstant = values->number("c2");
        g.firstLevelCells = std::size_t(values->integer("first_level_cells"));
        g.postprocess = values->flag("postprocess");
        g.dataColumns = std::size_t(values->integer("data_columns"));
        g.dataRows = std::size_t(values->integer("data_rows"));
        if ((g.dataColumns == 0) != (g.dataRows == 0))
            return Status::invalidArgument("options.data_columns and options.data_rows: set both or neither (got " +
                                           std::to_string(g.dataColumns) + " and " + std::to_string(g.dataRows) + ")");
        g.nonPrivate = request.nonPrivate;
        return plan;
    }
    PsdOptions& t = plan.tree;
    t.kind = request.kind == "kd" ? TreeKind::KdTree : request.kind == "hybrid" ? TreeKind::Hybrid : TreeKind::Quadtree;
    plan.kind = t.kind;
    t.epsilon = request.epsilon;
    t.height = int(values->integer("height"));
    t.budget = values->choice("budget") == "uniform" ? BudgetStrategy::Uniform : BudgetStrategy::Geometric;
    t.postprocess = values->flag("postprocess");
    t.minLeafSize = values->number("min_leaf_size");
    t.nonPrivate = request.nonPrivate;
    int kdLevels = 0;
    if (t.kind != TreeKind::Quadtree) {
        t.median = medianOf(values->choice("median"));
        t.medianFraction = values->number("median_fraction");
        t.delta = values->number("delta");
        if (t.kind == TreeKind::Hybrid) t.hybridKdLevels = int(values->integer("hybrid_kd_levels"));
        if (t.hybridKdLevels > t.height)
            return Status::invalidArgument("options.hybrid_kd_levels: " + std::to_string(t.hybridKdLevels) +
                                           " kd levels in a tree of height " + std::to_string(t.height) +
                                           "; at most the height");
        kdLevels = kdLevelCount(t);
        // Each smooth-sensitivity median level spends delta: the charge is their sum, refused
        // past the cap of one level's delta rather than cut to it.
        const double delta = t.delta * kdLevels;
        if (t.median == MedianMethod::SmoothSensitivity && !request.nonPrivate) {
            if (delta > kMaxTreeDelta)
                return Status::invalidArgument("options.delta: " + std::to_string(kdLevels) +
                                               " smooth-sensitivity median levels at delta " + formatNumber(t.delta) +
                                               " spend delta " + formatNumber(delta) + ", above " +
                                               formatNumber(kMaxTreeDelta) + ": choose a smaller delta or height");
            plan.cost.delta = delta;
        }
    }
    const double leaves = maxLeaves(t.kind, t.height, kdLevels);
    if (leaves > kMaxLeaves)
        return Status::invalidArgument("options.height: a " + request.kind + " tree of height " +
                                       std::to_string(t.height) + " has up to " + formatNumber(leaves) +
                                       " leaves; the cap is " + formatNumber(kMaxLeaves) +
                                       " (about 270 MB): choose a smaller height");
    return plan;
}

Result<PrivateSpatialDecomposition> releaseDecomposition(dp::ReleaseGate& gate, const PointSet& points,
                                                         const PsdRequest& request, const RunContext& ctx) {
    auto plan = planDecomposition(request);
    if (!plan) return plan.status();
    if (!gate.isTeaching()) {
        if (request.nonPrivate)
            return Status::invalidArgument(
                "the non-private baseline (exact counts) is only available in teaching mode");
        if (points.domainFromData)
            return Status::invalidArgument(
                "a private decomposition needs a declared public domain (xmin,ymin,xmax,ymax); the data's "
                "bounding box would reveal the extreme points (teaching mode may use it)");
    }
    dp::Charge charge;
    charge.what = std::string(request.kind == "grid"    ? "uniform grid"
                              : request.kind == "agrid" ? "adaptive grid"
                                                        : request.kind + " tree") +
                  " of points";
    charge.mechanism = request.kind;
    charge.neighbouring = "add or remove one point";
    charge.citation = (*findPsdKind(request.kind))->citation;
    charge.cost = request.nonPrivate ? dp::PrivacySpend{} : plan->cost;
    charge.details = {{"kind", request.kind}, {"options", request.options}};
    auto admission = gate.admit(charge);
    if (!admission) return admission.status();
    RunContext local = ctx;
    local.random = admission->random.get();
    // A release drops the points (below): the build need not list them.
    plan->tree.keepPoints = plan->grid.keepPoints = plan->agrid.keepPoints = gate.isTeaching();
    auto psd = plan->adaptive                        ? buildAdaptiveGrid(points, plan->agrid, local)
               : plan->kind == TreeKind::UniformGrid ? buildUniformGrid(points, plan->grid, local)
                                                     : buildDecomposition(points, plan->tree, local);
    if (!psd) return psd;
    psd->receipt = admission->receipt;
    if (!gate.isTeaching()) {
        for (auto& node : psd->nodes) node.trueCount = 0.0, node.pointBegin = node.pointEnd = 0;
        psd->pointX.clear();
        psd->pointY.clear();
        psd->pointX.shrink_to_fit();
        psd->pointY.shrink_to_fit();
        psd->pointCount = 0;
        psd->truthsStripped = true;
        // Warnings about the input may count points (how many were clamped): say it without numbers.
        psd->warnings.clear();
        psd->warnings.push_back("points outside the declared domain, if any, were clamped onto its edge");
    }
    return psd;
}

}  // namespace veil::spatial
