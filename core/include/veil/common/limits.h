// Sizes that a plan, a flag or an input controls, checked before any work so that no request can
// take unbounded memory or time; a refusal names the field, the value and the cap. Each cap with
// the budget it keeps (8 bytes per double):
// - histogram bins / declared categories: 10,000,000 (80 MB per released histogram);
// - releases in one request (trials): 10,000,000; and trials x outputs: 50,000,000 answers (400 MB);
// - workload queries: 10,000,000 (two indices each, 160 MB);
// - sweep trials (methods x epsilons x trials): 10,000,000;
// - spatial decompositions: 2,097,152 leaves (quadtree height <= 10, kd-tree and hybrid <= 20,
//   a uniform grid <= 1448 cells per axis), about 200 MB of nodes.
#pragma once

#include <cstddef>

namespace veil::limits {

inline constexpr std::size_t kMaxHistogramBins = 10'000'000;
inline constexpr std::size_t kMaxCategories = 10'000'000;
inline constexpr int kMaxTrials = 10'000'000;
inline constexpr std::size_t kMaxReleasedValues = 50'000'000;
inline constexpr std::size_t kMaxWorkloadQueries = 10'000'000;
inline constexpr std::size_t kMaxSweepTrials = 10'000'000;
inline constexpr double kMaxPsdLeaves = 2'097'152.0;

}  // namespace veil::limits
