// GeneralizationLattice: all full-domain generalizations ("domain vectors", Incognito, LeFevre et
// al. SIGMOD 2005; seed 004 slide "Incognito: lattice of domain vectors"). A node is one level per
// quasi-identifier; its successors raise one level by one. After a search every node carries
// what the search learnt about it, for the lattice view.
#pragma once

#include <cstddef>
#include <cstdint>
#include <limits>
#include <string>
#include <vector>

namespace veil::anonymity {

enum class NodeStatus { Unknown, Anonymous, NotAnonymous };
// What the lattice view draws: the optimum, anonymous nodes whose loss was computed, anonymous
// nodes skipped by the loss bound or inferred by monotonicity ("pruned"), and non-anonymous ones.
enum class NodeDisplay { Optimum, Anonymous, Pruned, NotAnonymous, Unknown };

struct LatticeNode {
    NodeStatus status = NodeStatus::Unknown;
    bool checked = false;    // the privacy models were evaluated on this node (not inferred)
    bool evaluated = false;  // informationLoss was computed
    bool optimum = false;
    double informationLoss = std::numeric_limits<double>::quiet_NaN();
    double lowerBound = std::numeric_limits<double>::quiet_NaN();
    std::size_t suppressed = 0;  // valid when checked
};

class GeneralizationLattice {
public:
    GeneralizationLattice() = default;
    // maxLevels[i] = height of QI i's hierarchy.
    explicit GeneralizationLattice(std::vector<int> maxLevels);

    std::size_t dimensions() const { return m_max.size(); }
    std::size_t size() const { return m_size; }
    const std::vector<int>& maxLevels() const { return m_max; }
    int maxHeight() const;  // sum of maxLevels

    // Node index <-> levels (mixed radix, the first QI most significant, so index order is
    // lexicographic order of the level vectors).
    std::size_t indexOf(const std::vector<int>& levels) const;
    std::vector<int> levelsOf(std::size_t index) const;
    int heightOf(std::size_t index) const;  // sum of levels
    std::vector<std::size_t> successors(std::size_t index) const;
    std::vector<std::size_t> predecessors(std::size_t index) const;
    // All nodes ordered by height, then index.
    std::vector<std::size_t> nodesByHeight() const;

    LatticeNode& node(std::size_t index) { return m_nodes[index]; }
    const LatticeNode& node(std::size_t index) const { return m_nodes[index]; }
    NodeDisplay display(std::size_t index) const;
    std::size_t countStatus(NodeStatus s) const;
    std::size_t countChecked() const;

private:
    std::vector<int> m_max;
    std::vector<std::size_t> m_stride;
    std::size_t m_size = 0;
    std::vector<LatticeNode> m_nodes;
};

// "[2,0,3]"
std::string formatLevels(const std::vector<int>& levels);

}  // namespace veil::anonymity
