// NodeIndex: maps the node ids found in a file to dense indices (numeric order when all ids are
// non-negative integers, text order otherwise). Shared by the edge-list, GML and GraphML readers;
// orderNodeTokens is the numbering rule itself, also used by the edge list's string-id path.
#pragma once

#include "veil/graph/graph.h"

#include <string>
#include <string_view>
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

// Digits only, at most 18 of them (so the value fits a 64-bit integer); "007" counts.
bool isUnsignedInteger(std::string_view s);

// Final numbering of distinct tokens given in provisional (first-seen) order: numeric order when
// every token isUnsignedInteger (equal values such as "7" and "007" by text), text order otherwise.
// Fills remap (provisional -> final) and names (final -> token). O(k log k) for k tokens.
void orderNodeTokens(const std::vector<std::string_view>& tokens, std::vector<NodeId>& remap,
                     std::vector<std::string>& names);

}  // namespace veil::graph::detail
