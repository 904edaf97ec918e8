// A private quadtree built a level at a time on compact arrays (Cormode, Procopiuc, Shen,
// Srivastava, Yu, ICDE 2012, Sec. 3; seed 004). A quadtree's splits do not depend on the data, so a
// node is only its quadrant path: the points are placed once by leaf (quad_leaves.h), a node's count
// is a difference of the leaves' prefix sums, a level's counts are noised as one block, and the
// consistency passes run on the arrays (consistency.h). The nodes are then written once, where a
// build node by node passes over them about seven times (about 10 MB at height 8).
#pragma once

#include "veil/common/run_context.h"
#include "veil/common/status.h"
#include "veil/spatial/decomposition.h"

namespace veil::spatial::detail {

// Fills psd.nodes (breadth first: a level after the one above, children in quadrant order x bit 1,
// y bit 2), psd.leaves (in that order), the points by leaf when opt.keepPoints, and the estimates,
// made consistent when opt.postprocess (then psd.postProcessed). psd.budget is set. Draws: each
// level's counts as one block, then the second counts of that level's leaves that stop early
// (opt.minLeafSize), node by node. Precondition: no kd level (a quadtree, or a kd or hybrid tree of
// height 0 or with no kd level), options validated.
Status buildQuadtreeByLevels(const PointSet& points, const PsdOptions& opt, const RunContext& ctx,
                             PrivateSpatialDecomposition& psd);

}  // namespace veil::spatial::detail
