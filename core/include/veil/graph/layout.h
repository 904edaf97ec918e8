// Force-directed layout for drawing a graph (the view only draws): Boost.Graph's
// Fruchterman-Reingold algorithm with grid-approximated repulsion, started from positions drawn
// from the caller's RandomSource (so a seed gives the same picture).
#pragma once

#include "veil/common/run_context.h"
#include "veil/common/status.h"
#include "veil/graph/graph.h"

#include <vector>

namespace veil::graph {

struct LayoutOptions {
    int iterations = 100;   // cooling steps
    double width = 1000.0;  // positions lie in [-width/2, width/2] x [-height/2, height/2]
    double height = 1000.0;
};

struct NodePosition {
    double x = 0;
    double y = 0;
};

// One position per node. Reports progress once per iteration and stops early (Cancelled) when
// the cancel token fires. Errors: InvalidArgument (iterations < 1, non-positive size, no random
// source), Cancelled. Complexity O(iterations * (n + m)) with the grid force pairs.
// Reference: Fruchterman & Reingold, Software: Practice and Experience 21(11), 1991.
Result<std::vector<NodePosition>> forceDirectedLayout(const Graph& g, const LayoutOptions& options,
                                                      const RunContext& ctx);

}  // namespace veil::graph
