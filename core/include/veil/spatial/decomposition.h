// PrivateSpatialDecomposition: a private quadtree, kd-tree, hybrid tree or uniform grid over a
// point set - the leaf rectangles with noisy counts that a release publishes (seed 004 "Private
// spatial decompositions"; Cormode, Procopiuc, Shen, Srivastava, Yu, ICDE 2012). The struct keeps
// the true counts and the points too, for evaluation and for views that show true vs private;
// only rect, noisyCount/estimate and the tree structure are private outputs.
#pragma once

#include "veil/common/run_context.h"
#include "veil/common/status.h"
#include "veil/dp/release_gate.h"
#include "veil/spatial/budget_allocation.h"
#include "veil/spatial/point_set.h"
#include "veil/spatial/private_median.h"
#include "veil/spatial/rect.h"

#include <cstdint>
#include <string>
#include <vector>

namespace veil::spatial {

enum class TreeKind { Quadtree, KdTree, Hybrid, UniformGrid };

const char* treeKindName(TreeKind k);  // "quad", "kd", "hybrid", "grid"

struct PsdOptions {
    TreeKind kind = TreeKind::Quadtree;
    int height = 8;            // maximum depth of a leaf (root = depth 0); >= 0
    double minLeafSize = 0.0;  // L: a node whose noisy count is below L is not split (0: off)
    double epsilon = 1.0;      // total on every root-to-leaf path
    BudgetStrategy budget = BudgetStrategy::Geometric;
    double medianFraction = 0.3;  // share of epsilon for private medians (kd / hybrid levels)
    MedianMethod median = MedianMethod::Exponential;
    double delta = 1e-6;           // per median, smooth-sensitivity medians only
    int hybridKdLevels = -1;       // hybrid: depths with kd splits; -1 = half the height, rounded up
    std::size_t cellGridSize = 0;  // cell-based medians: cells per axis; 0 = automatic
    bool postprocess = true;       // Hay et al. consistency (see consistency.h); on, as in Cormode et al.
    bool nonPrivate = false;       // baseline: exact medians and counts - NOT differentially private
    // The points listed node by node (psd.pointX/pointY) for true range counts; a release drops
    // them, so it leaves this off and the build only counts.
    bool keepPoints = true;
};

// The depths 0 .. k-1 split by kd medians: all of a kd-tree's, the hybridKdLevels first of a hybrid
// tree's (-1: half the height, rounded up), none of a quadtree's. A tree with none is built a level
// at a time.
int kdLevelCount(const PsdOptions& o);

struct PsdNode {
    Rect rect;
    int depth = 0;
    std::int32_t parent = -1;
    std::int32_t firstChild = -1;  // children are contiguous: firstChild .. firstChild + childCount - 1
    std::int32_t childCount = 0;
    int splitDim = -1;             // 0: x (kd), 1: y (kd), 2: both at the midpoint (quad), -1: leaf
    double splitValue = 0.0;       // kd split coordinate
    double trueCount = 0.0;        // NOT private
    double noisyCount = 0.0;       // the released measurement (two combined for a leaf that stopped early)
    double countEpsilon = 0.0;     // epsilon spent on this node's count(s)
    double pathEpsilon = 0.0;      // epsilon spent on the path from the root to this node, inclusive
    double variance = 0.0;         // of noisyCount (0 when not private)
    double estimate = 0.0;         // post-processed count; equals noisyCount without post-processing
    std::uint32_t pointBegin = 0;  // the node's points: pointX/pointY[pointBegin, pointEnd)
    std::uint32_t pointEnd = 0;

    bool isLeaf() const { return childCount == 0; }
};

// What a ledger entry needs: the epsilon (and delta) spent, on which neighbouring notion.
struct PsdPrivacy {
    double epsilon = 0.0;  // spent on every root-to-leaf path = total (parallel + sequential composition)
    double delta = 0.0;    // > 0 only with smooth-sensitivity medians
    std::string neighbouring = "add or remove one point";
    std::string mechanism;  // e.g. "kd-tree, em medians, geometric count budget, Laplace counts"
    bool isPrivate = true;
};

struct PrivateSpatialDecomposition {
    PsdOptions options;
    Rect domain;
    LevelBudget budget;
    PsdPrivacy privacy;
    std::vector<PsdNode> nodes;          // nodes[0] is the root; parents come before their children
    std::vector<std::int32_t> leaves;    // indices of the leaves, in tree order
    std::vector<double> pointX, pointY;  // the points, reordered so that each node's are contiguous
    std::size_t pointCount = 0;
    bool postProcessed = false;
    std::vector<std::string> warnings;
    // Set by releaseDecomposition: what was spent, private or not. In release mode the true
    // counts are zero, the points are gone and pointCount is 0 (truthsStripped).
    dp::ReleaseReceipt receipt;
    bool truthsStripped = false;

    const PsdNode& root() const { return nodes.front(); }
    int maxDepth() const;
    // Largest epsilon spent on any root-to-leaf path (equals options.epsilon for a private tree;
    // infinity for the non-private baseline).
    double maxPathEpsilon() const;
    // Epsilon per depth (counts, medians): what a view shows as "per-level epsilons".
    const std::vector<double>& countEpsilonByDepth() const { return budget.countByDepth; }
    const std::vector<double>& medianEpsilonByDepth() const { return budget.medianByDepth; }

    // Private answer to a range-count query: nodes inside the rectangle contribute their estimate,
    // leaves that overlap it a share proportional to the overlapping area (uniformity assumption).
    // O(nodes visited).
    double privateRangeCount(const Rect& query) const;
    // Exact number of points in the rectangle (NOT private), using the tree to skip whole nodes.
    double trueRangeCount(const Rect& query) const;
};

// Builds the decomposition of `options.kind` (not UniformGrid: see uniform_grid.h). Errors:
// epsilon not positive finite, height < 0 or > 20 (quad: > 10), minLeafSize negative or not finite,
// delta outside (0, 1) for smooth medians, no ctx.random for a private tree, cancelled. Progress
// goes to ctx. Complexity: O(n log n) for the initial sort (kd / hybrid) plus O(n) per level, and
// O(n) per level for the EM median; a pure quadtree O(n + nodes) (one counting sort by leaf).
Result<PrivateSpatialDecomposition> buildDecomposition(const PointSet& points, const PsdOptions& options,
                                                       const RunContext& ctx);

// Epsilon spent on the path to every leaf (same order as `leaves`).
std::vector<double> leafPathEpsilons(const PrivateSpatialDecomposition& psd);

}  // namespace veil::spatial
