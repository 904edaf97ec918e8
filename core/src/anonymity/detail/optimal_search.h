// Globally optimal full-domain generalization: classify the lattice nodes as anonymous or not
// (Flash-style binary search on chains with predictive tagging when the models are monotonic,
// otherwise nodes by increasing loss bound, on every core, until the bound passes the best loss),
// then find the node of least information loss, pruning with the metric's lower bound or its
// monotonicity. Ties: lower height, then lexicographically smaller levels.
#pragma once

#include "anonymity/detail/groupify.h"
#include "anonymity/detail/metric_evaluator.h"

namespace veil::anonymity::detail {

struct SearchOutcome {
    GeneralizationLattice lattice;
    bool found = false;
    std::size_t optimum = 0;
    std::vector<int> levels;
    double informationLoss = 0;
};

// Whether the models keep anonymity when a node is generalized (Incognito's generalization
// property); false with sensitive-attribute models under suppression or with delta-presence.
bool modelsMonotonic(const PrivacyModels& models, std::size_t maxOutliers);

Result<SearchOutcome> searchOptimal(const EncodedData& data, MetricKind metric, bool monotonicModels,
                                    Groupifier& groupifier, const MetricEvaluator& evaluator, const RunContext& ctx);

}  // namespace veil::anonymity::detail
