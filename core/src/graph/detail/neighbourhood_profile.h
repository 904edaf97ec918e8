// The pieces of structuralUniqueness (statistics.cpp), exposed for its tests: a node's profile is
// the multiset of its neighbours' degrees (its size is the node's degree).
#pragma once

#include "veil/graph/graph.h"

#include <cstdint>
#include <vector>

namespace veil::graph::detail {

// Order-independent 64-bit hash of v's profile (equal profiles give equal hashes). O(deg v).
std::uint64_t profileHash(const Graph& g, NodeId v);
// How many of nodes have a profile that no other of nodes has, by exact comparison of sorted
// profiles. O(sum of d log d + k log k * d) for k nodes of degree at most d.
long long uniqueProfilesAmong(const Graph& g, const std::vector<NodeId>& nodes);

}  // namespace veil::graph::detail
