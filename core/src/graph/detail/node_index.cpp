// NodeIndex implementation and the shared numbering rule.
#include "graph/detail/node_index.h"

#include <algorithm>
#include <charconv>
#include <cstdint>
#include <numeric>

namespace veil::graph::detail {

bool isUnsignedInteger(std::string_view s) {
    return !s.empty() && s.size() <= 18 && std::all_of(s.begin(), s.end(), [](char c) { return c >= '0' && c <= '9'; });
}

NodeId NodeIndex::intern(const std::string& token) {
    const auto [it, inserted] = m_ids.try_emplace(token, static_cast<NodeId>(m_tokens.size()));
    if (inserted) m_tokens.push_back(token);
    return it->second;
}

void NodeIndex::finalize(std::vector<NodeId>& remap, std::vector<std::string>& names) const {
    const std::vector<std::string_view> views(m_tokens.begin(), m_tokens.end());
    orderNodeTokens(views, remap, names);
}

void orderNodeTokens(const std::vector<std::string_view>& tokens, std::vector<NodeId>& remap,
                     std::vector<std::string>& names) {
    const bool numeric =
        std::all_of(tokens.begin(), tokens.end(), [](std::string_view t) { return isUnsignedInteger(t); });
    std::vector<NodeId> order(tokens.size());
    std::iota(order.begin(), order.end(), NodeId{0});
    if (numeric) {
        std::vector<std::uint64_t> value(tokens.size());
        for (std::size_t i = 0; i < tokens.size(); ++i)
            std::from_chars(tokens[i].data(), tokens[i].data() + tokens[i].size(), value[i]);
        std::sort(order.begin(), order.end(), [&](NodeId a, NodeId b) {
            return value[a] != value[b] ? value[a] < value[b] : tokens[a] < tokens[b];
        });
    } else {
        std::sort(order.begin(), order.end(), [&](NodeId a, NodeId b) { return tokens[a] < tokens[b]; });
    }
    remap.assign(tokens.size(), 0);
    names.resize(tokens.size());
    for (std::size_t i = 0; i < order.size(); ++i) {
        remap[order[i]] = static_cast<NodeId>(i);
        names[i] = std::string(tokens[order[i]]);
    }
}

}  // namespace veil::graph::detail
