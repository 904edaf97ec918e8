#include "veil/anonymity/lattice.h"

#include <algorithm>
#include <numeric>

namespace veil::anonymity {

GeneralizationLattice::GeneralizationLattice(std::vector<int> maxLevels) : m_max(std::move(maxLevels)) {
    m_stride.assign(m_max.size(), 1);
    m_size = 1;
    for (std::size_t i = m_max.size(); i-- > 0;) {
        m_stride[i] = m_size;
        m_size *= std::size_t(m_max[i] + 1);
    }
    m_nodes.assign(m_size, LatticeNode{});
}

int GeneralizationLattice::maxHeight() const { return std::accumulate(m_max.begin(), m_max.end(), 0); }

std::size_t GeneralizationLattice::indexOf(const std::vector<int>& levels) const {
    std::size_t idx = 0;
    for (std::size_t i = 0; i < m_max.size(); ++i) idx += std::size_t(levels[i]) * m_stride[i];
    return idx;
}

std::vector<int> GeneralizationLattice::levelsOf(std::size_t index) const {
    std::vector<int> levels(m_max.size());
    for (std::size_t i = 0; i < m_max.size(); ++i) {
        levels[i] = int(index / m_stride[i]);
        index %= m_stride[i];
    }
    return levels;
}

int GeneralizationLattice::heightOf(std::size_t index) const {
    int h = 0;
    for (std::size_t i = 0; i < m_max.size(); ++i) {
        h += int(index / m_stride[i]);
        index %= m_stride[i];
    }
    return h;
}

std::vector<std::size_t> GeneralizationLattice::successors(std::size_t index) const {
    std::vector<std::size_t> out;
    const auto levels = levelsOf(index);
    for (std::size_t i = 0; i < m_max.size(); ++i)
        if (levels[i] < m_max[i]) out.push_back(index + m_stride[i]);
    return out;
}

std::vector<std::size_t> GeneralizationLattice::predecessors(std::size_t index) const {
    std::vector<std::size_t> out;
    const auto levels = levelsOf(index);
    for (std::size_t i = 0; i < m_max.size(); ++i)
        if (levels[i] > 0) out.push_back(index - m_stride[i]);
    return out;
}

std::vector<std::size_t> GeneralizationLattice::nodesByHeight() const {
    std::vector<std::size_t> order(m_size);
    std::iota(order.begin(), order.end(), std::size_t{0});
    std::vector<int> height(m_size);
    for (std::size_t i = 0; i < m_size; ++i) height[i] = heightOf(i);
    std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) { return height[a] < height[b]; });
    return order;
}

NodeDisplay GeneralizationLattice::display(std::size_t index) const {
    const auto& n = m_nodes[index];
    if (n.optimum) return NodeDisplay::Optimum;
    switch (n.status) {
        case NodeStatus::Anonymous:
            return n.evaluated ? NodeDisplay::Anonymous : NodeDisplay::Pruned;
        case NodeStatus::NotAnonymous:
            return NodeDisplay::NotAnonymous;
        case NodeStatus::Unknown:
            break;
    }
    return NodeDisplay::Unknown;
}

std::size_t GeneralizationLattice::countStatus(NodeStatus s) const {
    return std::size_t(
        std::count_if(m_nodes.begin(), m_nodes.end(), [s](const LatticeNode& n) { return n.status == s; }));
}

std::size_t GeneralizationLattice::countChecked() const {
    return std::size_t(std::count_if(m_nodes.begin(), m_nodes.end(), [](const LatticeNode& n) { return n.checked; }));
}

std::string formatLevels(const std::vector<int>& levels) {
    std::string out = "[";
    for (std::size_t i = 0; i < levels.size(); ++i) {
        if (i) out += ",";
        out += std::to_string(levels[i]);
    }
    return out + "]";
}

}  // namespace veil::anonymity
