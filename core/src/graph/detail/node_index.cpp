// NodeIndex implementation.
#include "graph/detail/node_index.h"

#include <algorithm>
#include <numeric>

namespace veil::graph::detail {

bool isUnsignedInteger(const std::string& s) {
    return !s.empty() && s.size() <= 18 && std::all_of(s.begin(), s.end(), [](char c) { return c >= '0' && c <= '9'; });
}

NodeId NodeIndex::intern(const std::string& token) {
    const auto [it, inserted] = m_ids.try_emplace(token, static_cast<NodeId>(m_tokens.size()));
    if (inserted) m_tokens.push_back(token);
    return it->second;
}

void NodeIndex::finalize(std::vector<NodeId>& remap, std::vector<std::string>& names) const {
    const bool numeric = std::all_of(m_tokens.begin(), m_tokens.end(), isUnsignedInteger);
    std::vector<NodeId> order(m_tokens.size());
    std::iota(order.begin(), order.end(), NodeId{0});
    if (numeric) {
        std::sort(order.begin(), order.end(),
                  [&](NodeId a, NodeId b) { return std::stoll(m_tokens[a]) < std::stoll(m_tokens[b]); });
    } else {
        std::sort(order.begin(), order.end(), [&](NodeId a, NodeId b) { return m_tokens[a] < m_tokens[b]; });
    }
    remap.assign(m_tokens.size(), 0);
    names.resize(m_tokens.size());
    for (std::size_t i = 0; i < order.size(); ++i) {
        remap[order[i]] = static_cast<NodeId>(i);
        names[i] = m_tokens[order[i]];
    }
}

}  // namespace veil::graph::detail
