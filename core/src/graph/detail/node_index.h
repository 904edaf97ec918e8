// NodeIndex: maps the node ids found in a file to dense indices (numeric order when all ids are
// non-negative integers, text order otherwise). Shared by the edge-list, GML and GraphML readers.
#pragma once

#include "veil/graph/graph.h"

#include <string>
#include <unordered_map>
#include <vector>

namespace veil::graph::detail {

class NodeIndex {
public:
    // Returns the provisional index of a token (first-seen order).
    NodeId intern(const std::string& token);
    // Renumbers: fills remap (provisional -> final) and the final names.
    void finalize(std::vector<NodeId>& remap, std::vector<std::string>& names) const;
    std::size_t size() const { return m_tokens.size(); }

private:
    std::unordered_map<std::string, NodeId> m_ids;
    std::vector<std::string> m_tokens;
};

bool isUnsignedInteger(const std::string& s);

}  // namespace veil::graph::detail
