// Shared tail of the graph readers: renumber the interned nodes, build the simple graph and
// turn the build report into a warning.
#pragma once

#include "graph/detail/node_index.h"
#include "veil/graph/graph_io.h"

#include <utility>
#include <vector>

namespace veil::graph::detail {

Result<LoadedGraph> buildLoaded(const NodeIndex& index, std::vector<std::pair<NodeId, NodeId>> pairs,
                                const std::string& sourceName);
// The same for pairs already in final numbering 0..names.size()-1, names[v] being node v's id.
Result<LoadedGraph> buildNumbered(std::vector<std::string> names, std::vector<std::pair<NodeId, NodeId>> pairs,
                                  const std::string& sourceName);

}  // namespace veil::graph::detail
