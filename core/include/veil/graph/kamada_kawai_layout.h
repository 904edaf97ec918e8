// Kamada-Kawai spring layout for drawing a connected graph (the view only draws): Boost.Graph's
// kamada_kawai_spring_layout started from a circle, so the picture is deterministic.
#pragma once

#include "veil/common/run_context.h"
#include "veil/common/status.h"
#include "veil/graph/graph.h"
#include "veil/graph/layout.h"

#include <vector>

namespace veil::graph {

// One position per node in [-width/2, width/2] x [-height/2, height/2] (options.iterations is not
// used: the spring energy is minimised to Boost's default tolerance). Checks the cancel token at
// every step of the energy minimisation. Errors: InvalidArgument (non-positive size, a graph with
// more than one component: its graph distances are infinite), Cancelled. Complexity O(n^3) for
// the all-pairs distances plus O(n^2) per step. Reference: Kamada & Kawai, IPL 31(1), 1989.
Result<std::vector<NodePosition>> kamadaKawaiLayout(const Graph& g, const LayoutOptions& options,
                                                    const RunContext& ctx);

}  // namespace veil::graph
