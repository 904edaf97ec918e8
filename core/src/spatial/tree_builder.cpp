// Building private quadtrees, kd-trees and hybrid trees (seed 004 "Building a private kd-tree";
// Cormode, Procopiuc, Shen, Srivastava, Yu, ICDE 2012, Sec. 3-4).
#include "detail/early_leaf.h"
#include "detail/quad_leaves.h"
#include "detail/quadtree_levels.h"
#include "veil/spatial/consistency.h"
#include "veil/spatial/decomposition.h"

#include "veil/common/validate.h"
#include "veil/dp/laplace_mechanism.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <optional>

namespace veil::spatial {

namespace {

struct Pt {
    double c[2];  // x, y
};

// Trees with kd levels (kd and hybrid), node by node, depth first; a tree without one is built a
// level at a time (quadtree_levels.h).
class TreeBuilder {
public:
    TreeBuilder(const PointSet& points, const PsdOptions& opt, const RunContext& ctx, PrivateSpatialDecomposition& out)
        : m_points(points),
          m_opt(opt),
          m_ctx(ctx),
          m_out(out),
          m_progress(ctx, "Building " + std::string(treeKindName(opt.kind)) + " tree",
                     static_cast<long long>(points.size()) + 1) {}

    Status run() {
        const std::size_t n = m_points.size();
        // Points are moved with their coordinates (no indirection): order[0] sorted by x and
        // order[1] by y while kd levels need them; each node owns the same range in both.
        m_order[0].resize(n);
        for (std::size_t i = 0; i < n; ++i) m_order[0][i] = Pt{m_points.x[i], m_points.y[i]};
        m_order[1] = m_order[0];
        std::sort(m_order[0].begin(), m_order[0].end(), [](const Pt& a, const Pt& b) { return a.c[0] < b.c[0]; });
        std::sort(m_order[1].begin(), m_order[1].end(), [](const Pt& a, const Pt& b) { return a.c[1] < b.c[1]; });
        m_scratch.resize(n);
        VEIL_RETURN_IF_ERROR(buildFromRoot(n));
        if (!m_opt.keepPoints) return Status::ok();
        // Reorder the points by the final order so that every node's points are contiguous.
        m_out.pointX.resize(n);
        m_out.pointY.resize(n);
        for (std::size_t i = 0; i < n; ++i) {
            m_out.pointX[i] = m_order[0][i].c[0];
            m_out.pointY[i] = m_order[0][i].c[1];
        }
        return Status::ok();
    }

private:
    void addRoot(std::size_t n) {
        // Upper bound on the node count when nothing stops early (capped; the vector grows beyond).
        const int kd = std::min(kdDepthCount(), m_opt.height);
        double maxNodes = 0.0, level = 1.0;
        for (int d = 0; d <= m_opt.height; ++d, level *= (d <= kd ? 2.0 : 4.0)) maxNodes += level;
        m_out.nodes.reserve(static_cast<std::size_t>(std::min(maxNodes, double(1 << 21))));
        PsdNode root;
        root.rect = m_points.domain;
        root.pointBegin = 0;
        root.pointEnd = static_cast<std::uint32_t>(n);
        m_out.nodes.push_back(root);
    }

    // Depth first: a kd split needs its node's points ordered, which the splits above it make.
    Status buildFromRoot(std::size_t n) {
        addRoot(n);
        VEIL_RETURN_IF_ERROR(measure(0, 0.0));
        VEIL_RETURN_IF_ERROR(expand(0));
        m_progress.finish();
        return Status::ok();
    }

    int kdDepthCount() const { return kdLevelCount(m_opt); }
    bool isKdDepth(int depth) const { return depth < kdDepthCount(); }

    // The Laplace count mechanism of a depth's budget (sensitivity 1: one point is in one node).
    Result<const dp::LaplaceMechanism*> countMechanism(int depth) {
        if (m_countMechanisms.size() <= std::size_t(depth)) m_countMechanisms.resize(std::size_t(depth) + 1);
        auto& slot = m_countMechanisms[std::size_t(depth)];
        if (!slot) {
            auto m = dp::LaplaceMechanism::create(m_out.budget.countByDepth[std::size_t(depth)], 1.0);
            if (!m) return m.status();
            slot = *m;
        }
        return &*slot;
    }

    // Noisy count of node `index` with the count budget of its depth.
    // A node's true count and the epsilon of its count and of its path (its parent's path, the
    // median above it, its own count), before its count is noised.
    void prepareCount(PsdNode& node, double parentPathEpsilon) const {
        node.trueCount = double(node.pointEnd - node.pointBegin);
        const auto depth = std::size_t(node.depth);
        node.countEpsilon = m_out.budget.countByDepth[depth];
        const double medianAbove = depth > 0 ? m_out.budget.medianByDepth[depth - 1] : 0.0;
        node.pathEpsilon = parentPathEpsilon + medianAbove + node.countEpsilon;
    }

    Status measure(std::int32_t index, double parentPathEpsilon) {
        PsdNode& node = m_out.nodes[index];
        prepareCount(node, parentPathEpsilon);
        if (m_opt.nonPrivate) {
            node.noisyCount = node.trueCount;
            node.variance = 0.0;
        } else {
            auto mech = countMechanism(node.depth);
            if (!mech) return mech.status();
            auto noisy = (*mech)->release(*m_ctx.random, node.trueCount);
            if (!noisy) return noisy.status();
            node.noisyCount = *noisy;
            node.variance = 2.0 * (*mech)->scale() * (*mech)->scale();
        }
        node.estimate = node.noisyCount;
        return Status::ok();
    }

    // A leaf above the maximum depth: a second count with the rest of its path's budget.
    Status finishEarlyLeaf(PsdNode& node) {
        auto leaf = detail::remeasureEarlyLeaf(m_out.budget, node.depth, m_opt.nonPrivate, node.trueCount,
                                               node.noisyCount, node.variance, *m_ctx.random);
        if (!leaf) return leaf.status();
        node.noisyCount = node.estimate = leaf->noisy;
        node.variance = leaf->variance;
        node.countEpsilon += leaf->extraEpsilon;
        node.pathEpsilon += leaf->extraEpsilon;
        return Status::ok();
    }

    Status expand(std::int32_t index) {
        if (!m_progress.step(m_done)) return Status::cancelled();
        {
            PsdNode& node = m_out.nodes[index];
            const bool atMax = node.depth >= m_opt.height;
            const bool tooSmall = m_opt.minLeafSize > 0.0 && node.noisyCount < m_opt.minLeafSize;
            if (atMax || tooSmall) {
                if (!atMax) VEIL_RETURN_IF_ERROR(finishEarlyLeaf(node));
                m_out.leaves.push_back(index);
                m_done += node.pointEnd - node.pointBegin;
                return Status::ok();
            }
        }
        const std::int32_t first = static_cast<std::int32_t>(m_out.nodes.size());
        if (isKdDepth(m_out.nodes[index].depth))
            VEIL_RETURN_IF_ERROR(splitKd(index));
        else
            splitQuad(index);
        const PsdNode parent = m_out.nodes[index];
        for (std::int32_t c = first; c < first + parent.childCount; ++c)
            VEIL_RETURN_IF_ERROR(measure(c, parent.pathEpsilon));
        for (std::int32_t c = first; c < first + parent.childCount; ++c) VEIL_RETURN_IF_ERROR(expand(c));
        return Status::ok();
    }

    std::int32_t addChild(std::int32_t parent, const Rect& rect, std::uint32_t begin, std::uint32_t end) {
        PsdNode child;
        child.rect = rect;
        child.depth = m_out.nodes[parent].depth + 1;
        child.parent = parent;
        child.pointBegin = begin;
        child.pointEnd = end;
        m_out.nodes.push_back(child);
        return static_cast<std::int32_t>(m_out.nodes.size() - 1);
    }

    Result<double> chooseSplit(const PsdNode& node, int dim) {
        const double lo = node.rect.lower(dim), hi = node.rect.upper(dim);
        const std::uint32_t b = node.pointBegin, e = node.pointEnd;
        if (m_opt.median == MedianMethod::CellBased && !m_opt.nonPrivate) {
            if (!m_grid) {
                std::size_t cells = m_opt.cellGridSize;
                if (cells == 0) cells = std::size_t(1) << std::min(10, (kdDepthCount() + 1) / 2 + 3);
                auto grid = NoisyCellGrid::build(m_points.x, m_points.y, m_points.domain, cells,
                                                 m_out.budget.medianByDepth[0], *m_ctx.random);
                if (!grid) return grid.status();
                m_grid = std::make_unique<NoisyCellGrid>(std::move(*grid));
            }
            return m_grid->median(node.rect, dim);
        }
        m_values.resize(e - b);
        for (std::uint32_t i = b; i < e; ++i) m_values[i - b] = m_order[dim][i].c[dim];  // sorted along dim
        const double eps = m_out.budget.medianByDepth[node.depth];
        if (m_opt.nonPrivate) return m_values.empty() ? (lo + hi) / 2.0 : m_values[(m_values.size() + 1) / 2 - 1];
        switch (m_opt.median) {
            case MedianMethod::SmoothSensitivity:
                return smoothSensitivityMedian(m_values, lo, hi, eps, m_opt.delta, *m_ctx.random);
            case MedianMethod::NoisyMean:
                return noisyMeanSplit(m_values, lo, hi, eps, *m_ctx.random);
            default:
                return exponentialMechanismMedian(m_values, lo, hi, eps, *m_ctx.random);
        }
    }

    Status splitKd(std::int32_t index) {
        const int dim = m_out.nodes[index].depth % 2;
        auto chosen = chooseSplit(m_out.nodes[index], dim);
        if (!chosen) return chosen.status();
        const double split =
            std::clamp(*chosen, m_out.nodes[index].rect.lower(dim), m_out.nodes[index].rect.upper(dim));
        const std::uint32_t b = m_out.nodes[index].pointBegin, e = m_out.nodes[index].pointEnd;
        // Along `dim` the range is sorted: the split is a position. The other order is stably
        // partitioned so that it stays sorted along its own dimension.
        auto& sorted = m_order[dim];
        const auto mid =
            std::partition_point(sorted.begin() + b, sorted.begin() + e, [&](const Pt& p) { return p.c[dim] < split; });
        const auto pos = static_cast<std::uint32_t>(mid - sorted.begin());
        stablePartition(
            m_order[1 - dim], b, e, [&](const Pt& p) { return p.c[dim] < split ? 0 : 1; }, 2);
        Rect left = m_out.nodes[index].rect, right = left;
        if (dim == 0)
            left.x1 = right.x0 = split;
        else
            left.y1 = right.y0 = split;
        const std::int32_t first = addChild(index, left, b, pos);
        addChild(index, right, pos, e);
        PsdNode& node = m_out.nodes[index];
        node.firstChild = first;
        node.childCount = 2;
        node.splitDim = dim;
        node.splitValue = split;
        return Status::ok();
    }

    void splitQuad(std::int32_t index) {
        const std::array<Rect, 4> quads = detail::quadrantsOf(m_out.nodes[index].rect);
        const double mx = quads[0].x1, my = quads[0].y1;  // the midpoints
        const std::uint32_t b = m_out.nodes[index].pointBegin, e = m_out.nodes[index].pointEnd;
        std::uint32_t bounds[5];
        auto quadrant = [&](const Pt& p) { return (p.c[0] >= mx ? 1 : 0) + (p.c[1] >= my ? 2 : 0); };
        // Quad levels only occur below all kd levels (hybrid), so order[1] is not needed any more.
        stablePartition(m_order[0], b, e, quadrant, 4, bounds);
        std::int32_t first = -1;
        for (int q = 0; q < 4; ++q) {
            const std::int32_t c = addChild(index, quads[q], bounds[q], bounds[q + 1]);
            if (q == 0) first = c;
        }
        PsdNode& node = m_out.nodes[index];
        node.firstChild = first;
        node.childCount = 4;
        node.splitDim = 2;
        node.splitValue = 0.0;
    }

    // Stable partition of order[b, e) into `groups` groups by key(point) in [0, groups); writes the
    // group boundaries to bounds[0..groups] when given. O(e - b).
    template <typename Key>
    void stablePartition(std::vector<Pt>& order, std::uint32_t b, std::uint32_t e, Key key, int groups,
                         std::uint32_t* bounds = nullptr) {
        std::uint32_t count[5] = {0, 0, 0, 0, 0};
        for (std::uint32_t i = b; i < e; ++i) ++count[key(order[i])];
        std::uint32_t start[5];
        start[0] = b;
        for (int g = 1; g <= groups; ++g) start[g] = start[g - 1] + count[g - 1];
        if (bounds)
            for (int g = 0; g <= groups; ++g) bounds[g] = start[g];
        std::uint32_t cursor[4] = {start[0], start[1], start[2], start[3]};
        for (std::uint32_t i = b; i < e; ++i) {
            const Pt& p = order[i];
            m_scratch[cursor[key(p)]++] = p;
        }
        std::copy(m_scratch.begin() + b, m_scratch.begin() + e, order.begin() + b);
    }

    const PointSet& m_points;
    const PsdOptions& m_opt;
    const RunContext& m_ctx;
    PrivateSpatialDecomposition& m_out;
    ProgressReporter m_progress;
    long long m_done = 0;
    std::vector<Pt> m_order[2];
    std::vector<Pt> m_scratch;
    std::vector<double> m_values;
    std::unique_ptr<NoisyCellGrid> m_grid;
    std::vector<std::optional<dp::LaplaceMechanism>> m_countMechanisms;
};

Status validateOptions(const PsdOptions& o, bool haveRandom) {
    VEIL_RETURN_IF_ERROR(requirePositiveFinite(o.epsilon, "epsilon"));
    if (o.kind == TreeKind::UniformGrid) return Status::invalidArgument("use buildUniformGrid for a uniform grid");
    const int maxHeight = o.kind == TreeKind::Quadtree ? 10 : 20;  // at most 2^21 leaves (psd_release.h)
    if (o.height < 0 || o.height > maxHeight)
        return Status::invalidArgument("height must be between 0 and " + std::to_string(maxHeight) + " for a " +
                                       treeKindName(o.kind) + " tree (got " + std::to_string(o.height) + ")");
    VEIL_RETURN_IF_ERROR(requireNonNegativeFinite(o.minLeafSize, "minimum leaf size"));
    if (o.median == MedianMethod::SmoothSensitivity && o.kind != TreeKind::Quadtree &&
        !(o.delta > 0.0 && o.delta < 1.0))
        return Status::invalidArgument("delta must be in (0, 1) for smooth-sensitivity medians (got " +
                                       formatNumber(o.delta) + ")");
    if (!o.nonPrivate && !haveRandom) return Status::invalidArgument("a private decomposition needs a random source");
    return Status::ok();
}

}  // namespace

Result<PrivateSpatialDecomposition> buildDecomposition(const PointSet& points, const PsdOptions& options,
                                                       const RunContext& ctx) {
    VEIL_RETURN_IF_ERROR(validateOptions(options, ctx.random != nullptr));
    if (points.size() >= std::size_t(UINT32_MAX)) return Status::invalidArgument("too many points (at most 2^32 - 2)");
    if (points.x.size() != points.y.size()) return Status::invalidArgument("point set has unequal x and y sizes");
    ctx.report(0.0, "Building spatial decomposition");
    PrivateSpatialDecomposition psd;
    psd.options = options;
    psd.domain = points.domain;
    psd.pointCount = points.size();
    psd.warnings = points.warnings;
    const int kdLevels = kdLevelCount(options);
    std::vector<bool> dataDependent(static_cast<std::size_t>(options.height), false);
    for (int d = 0; d < kdLevels; ++d)
        dataDependent[static_cast<std::size_t>(d)] = options.median != MedianMethod::CellBased || d == 0;
    auto budget = allocateBudget(options.epsilon, options.height, options.budget,
                                 options.nonPrivate ? 0.0 : options.medianFraction, dataDependent);
    if (!budget) return budget.status();
    psd.budget = std::move(*budget);
    psd.privacy.isPrivate = !options.nonPrivate;
    psd.privacy.epsilon = options.nonPrivate ? 0.0 : options.epsilon;
    psd.privacy.delta = (!options.nonPrivate && kdLevels > 0 && options.median == MedianMethod::SmoothSensitivity)
                            ? options.delta * kdLevels
                            : 0.0;
    psd.privacy.mechanism = std::string(treeKindName(options.kind)) + " tree, height " +
                            std::to_string(options.height) +
                            (kdLevels > 0 ? std::string(", ") + medianMethodName(options.median) + " medians" : "") +
                            ", " + budgetStrategyName(options.budget) + " count budget, Laplace counts" +
                            (options.nonPrivate ? " (NON-PRIVATE baseline: exact counts)" : "");
    if (options.nonPrivate) psd.warnings.push_back("non-private baseline: counts and splits are exact");
    if (kdLevels == 0) {
        VEIL_RETURN_IF_ERROR(detail::buildQuadtreeByLevels(points, options, ctx, psd));
    } else {
        TreeBuilder builder(points, options, ctx, psd);
        VEIL_RETURN_IF_ERROR(builder.run());
        if (options.postprocess) applyConsistency(psd);
    }
    ctx.report(1.0, "Built spatial decomposition");
    return psd;
}

}  // namespace veil::spatial
