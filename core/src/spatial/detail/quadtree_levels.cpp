// A private quadtree a level at a time on arrays (Cormode et al., ICDE 2012, Sec. 3).
#include "quadtree_levels.h"

#include "early_leaf.h"
#include "grid_cells.h"
#include "quad_leaves.h"
#include "veil/dp/laplace_mechanism.h"
#include "veil/spatial/consistency.h"

#include <array>
#include <cstdint>
#include <span>
#include <string>
#include <utility>
#include <vector>

namespace veil::spatial::detail {

namespace {

class QuadLevelBuilder {
public:
    QuadLevelBuilder(const PointSet& points, const PsdOptions& opt, const RunContext& ctx,
                     PrivateSpatialDecomposition& psd)
        : m_opt(opt),
          m_ctx(ctx),
          m_psd(psd),
          m_progress(ctx, "Building " + std::string(treeKindName(opt.kind)) + " tree",
                     static_cast<long long>(points.size()) + 1),
          m_leafStart(groupPointsByCell(points, std::size_t(1) << (2 * opt.height),
                                        QuadLeafKey(points.domain, opt.height), opt.keepPoints, psd)) {}

    Status run() {
        m_key.push_back(0);
        m_levelFirst = {0, 1};
        VEIL_RETURN_IF_ERROR(measureLevel(0));
        for (int depth = 0; m_levelFirst[std::size_t(depth)] < m_key.size(); ++depth) {
            if (!m_progress.step(m_done)) return Status::cancelled();
            VEIL_RETURN_IF_ERROR(closeLevel(depth));
            m_levelFirst.push_back(m_key.size());
            VEIL_RETURN_IF_ERROR(measureLevel(depth + 1));
        }
        m_progress.finish();
        writeNodes(estimates());
        return Status::ok();
    }

private:
    std::size_t levelSize(int depth) const {
        return m_levelFirst[std::size_t(depth) + 1] - m_levelFirst[std::size_t(depth)];
    }
    // The node's first point and the end of its points (its leaves' range of the sorted points).
    std::uint32_t pointAt(std::uint32_t key, int depth) const {
        return m_leafStart[std::size_t(key) << (2 * (m_opt.height - depth))];
    }
    std::uint32_t truth(std::size_t node, int depth) const {
        return pointAt(m_key[node] + 1, depth) - pointAt(m_key[node], depth);
    }

    // The counts of level `depth` (nodes m_levelFirst[depth] ..), noised as one block with the
    // Laplace mechanism of the depth's budget (sensitivity 1: a point is in one node of a level).
    Status measureLevel(int depth) {
        const std::size_t first = m_levelFirst[std::size_t(depth)], size = levelSize(depth);
        if (size == 0) return Status::ok();
        const auto d = std::size_t(depth);
        const double countEpsilon = m_psd.budget.countByDepth[d];
        const double medianAbove = depth > 0 ? m_psd.budget.medianByDepth[d - 1] : 0.0;
        m_pathEpsilon.push_back((depth > 0 ? m_pathEpsilon[d - 1] : 0.0) + medianAbove + countEpsilon);
        m_noisy.resize(first + size);
        for (std::size_t i = first; i < first + size; ++i) m_noisy[i] = double(truth(i, depth));
        double variance = 0.0;
        if (!m_opt.nonPrivate) {
            auto mech = dp::LaplaceMechanism::create(countEpsilon, 1.0);
            if (!mech) return mech.status();
            VEIL_RETURN_IF_ERROR(mech->releaseInPlace(*m_ctx.random, std::span<double>(m_noisy).subspan(first, size)));
            variance = 2.0 * mech->scale() * mech->scale();
        }
        m_variance.resize(first + size, variance);
        return Status::ok();
    }

    // Each node of level `depth` becomes a leaf (at the last level, or when its noisy count is
    // below the minimum leaf size) or gets its four children's keys.
    Status closeLevel(int depth) {
        const std::size_t first = m_levelFirst[std::size_t(depth)], last = first + levelSize(depth);
        const bool atMax = depth >= m_opt.height;
        m_firstChild.resize(last, -1);
        m_childCount.resize(last, 0);
        for (std::size_t i = first; i < last; ++i) {
            if (atMax || (m_opt.minLeafSize > 0.0 && m_noisy[i] < m_opt.minLeafSize)) {
                if (!atMax) VEIL_RETURN_IF_ERROR(finishEarlyLeaf(i, depth));
                m_psd.leaves.push_back(static_cast<std::int32_t>(i));
                m_done += truth(i, depth);
                continue;
            }
            m_firstChild[i] = static_cast<std::int32_t>(m_key.size());
            m_childCount[i] = 4;
            for (std::uint32_t q = 0; q < 4; ++q) m_key.push_back(4 * m_key[i] + q);
        }
        return Status::ok();
    }

    // A leaf above the last level: a second count with the rest of its path's budget.
    Status finishEarlyLeaf(std::size_t i, int depth) {
        auto leaf = remeasureEarlyLeaf(m_psd.budget, depth, m_opt.nonPrivate, double(truth(i, depth)), m_noisy[i],
                                       m_variance[i], *m_ctx.random);
        if (!leaf) return leaf.status();
        m_noisy[i] = leaf->noisy;
        m_variance[i] = leaf->variance;
        if (leaf->extraEpsilon > 0.0) m_extraEpsilon.emplace_back(i, leaf->extraEpsilon);
        return Status::ok();
    }

    std::vector<double> estimates() {
        if (!m_opt.postprocess) return m_noisy;
        m_psd.postProcessed = true;
        if (m_opt.nonPrivate) return m_noisy;  // exact counts are consistent
        return consistentEstimates(m_noisy, m_variance, m_firstChild, m_childCount);
    }

    // psd.nodes in one pass, breadth first: the root, then each parent's children in turn (the
    // children of consecutive parents are consecutive). A child's rectangle is a quadrant of its
    // parent's, split at the midpoints as a node-by-node build splits it.
    void writeNodes(const std::vector<double>& estimate) {
        auto& nodes = m_psd.nodes;
        nodes.clear();
        nodes.reserve(m_key.size());
        auto node = [&](std::size_t i, const Rect& rect, int depth, std::int32_t parent) {
            PsdNode n;
            n.rect = rect;
            n.depth = depth;
            n.parent = parent;
            n.firstChild = m_firstChild[i];
            n.childCount = m_childCount[i];
            n.splitDim = m_childCount[i] > 0 ? 2 : -1;
            n.pointBegin = pointAt(m_key[i], depth);
            n.pointEnd = pointAt(m_key[i] + 1, depth);
            n.trueCount = double(n.pointEnd - n.pointBegin);
            n.noisyCount = m_noisy[i];
            n.countEpsilon = m_psd.budget.countByDepth[std::size_t(depth)];
            n.pathEpsilon = m_pathEpsilon[std::size_t(depth)];
            n.variance = m_variance[i];
            n.estimate = estimate[i];
            nodes.push_back(n);
        };
        node(0, m_psd.domain, 0, -1);
        for (std::size_t p = 0; p < m_key.size(); ++p) {
            if (m_childCount[p] == 0) continue;
            const std::array<Rect, 4> quads = quadrantsOf(nodes[p].rect);
            const int depth = nodes[p].depth + 1;
            for (std::size_t q = 0; q < 4; ++q)
                node(std::size_t(m_firstChild[p]) + q, quads[q], depth, static_cast<std::int32_t>(p));
        }
        for (const auto& [i, extra] : m_extraEpsilon) {
            nodes[i].countEpsilon += extra;
            nodes[i].pathEpsilon += extra;
        }
    }

    const PsdOptions& m_opt;
    const RunContext& m_ctx;
    PrivateSpatialDecomposition& m_psd;
    ProgressReporter m_progress;
    long long m_done = 0;
    std::vector<std::uint32_t> m_leafStart;  // the first point of each leaf (the points sorted by leaf), and the end
    // The nodes, breadth first: level d is m_levelFirst[d] .. m_levelFirst[d + 1] - 1.
    std::vector<std::size_t> m_levelFirst;
    std::vector<std::uint32_t> m_key;  // the quadrant path from the root, two bits a level
    std::vector<double> m_noisy, m_variance;
    std::vector<std::int32_t> m_firstChild, m_childCount;
    // The leaves above the last level measured twice, and the epsilon their second count added.
    std::vector<std::pair<std::size_t, double>> m_extraEpsilon;
    std::vector<double> m_pathEpsilon;  // per depth: the epsilon on a path from the root to it
};

}  // namespace

Status buildQuadtreeByLevels(const PointSet& points, const PsdOptions& opt, const RunContext& ctx,
                             PrivateSpatialDecomposition& psd) {
    return QuadLevelBuilder(points, opt, ctx, psd).run();
}

}  // namespace veil::spatial::detail
