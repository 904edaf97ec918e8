// Optimal lattice search after Incognito (LeFevre et al., SIGMOD 2005; seed 004 slide
// "Incognito") and Flash (Kohlmayer et al., "Flash: efficient, stable and optimal
// k-anonymity", PASSAT 2012): binary search on chains, predictive tagging, bound pruning.
#include "anonymity/detail/optimal_search.h"

#include "veil/common/parallel.h"

#include <algorithm>
#include <cmath>

namespace veil::anonymity::detail {

namespace {

// Nodes checked side by side when no node's answer tells another's (models that are not
// monotonic): enough for every core, few past the loss bound where the search stops.
constexpr std::size_t kBatchNodes = 16;

struct Best {
    bool found = false;
    double il = 0;
    int height = 0;
    std::size_t index = 0;

    bool improvedBy(double v, int h, std::size_t idx) const {
        if (!found) return true;
        if (v != il) return v < il;
        if (h != height) return h < height;
        return idx < index;
    }
};

void tagUp(GeneralizationLattice& L, std::size_t start) {
    std::vector<std::size_t> stack{start};
    while (!stack.empty()) {
        const auto n = stack.back();
        stack.pop_back();
        for (auto s : L.successors(n)) {
            if (L.node(s).status == NodeStatus::Anonymous) continue;
            L.node(s).status = NodeStatus::Anonymous;
            stack.push_back(s);
        }
    }
}

void tagDown(GeneralizationLattice& L, std::size_t start) {
    std::vector<std::size_t> stack{start};
    while (!stack.empty()) {
        const auto n = stack.back();
        stack.pop_back();
        for (auto p : L.predecessors(n)) {
            if (L.node(p).status == NodeStatus::NotAnonymous) continue;
            L.node(p).status = NodeStatus::NotAnonymous;
            stack.push_back(p);
        }
    }
}

}  // namespace

bool modelsMonotonic(const PrivacyModels& models, std::size_t maxOutliers) {
    if (models.deltaPresence) return false;
    return maxOutliers == 0 || !models.needsSensitive();
}

Result<SearchOutcome> searchOptimal(const EncodedData& data, MetricKind metric, bool monotonicModels,
                                    Groupifier& groupifier, const MetricEvaluator& evaluator, const RunContext& ctx) {
    std::vector<int> maxLevels;
    for (const auto& d : data.dims) maxLevels.push_back(d.height);
    SearchOutcome out;
    out.lattice = GeneralizationLattice(maxLevels);
    auto& L = out.lattice;
    const auto order = L.nodesByHeight();
    NodeClasses nc;
    Best best;

    auto consider = [&](std::size_t idx, double il) {
        auto& node = L.node(idx);
        node.evaluated = true;
        node.informationLoss = il;
        const int h = L.heightOf(idx);
        if (best.improvedBy(il, h, idx)) best = {true, il, h, idx};
    };
    auto record = [&](std::size_t idx, const std::vector<int>& levels, const NodeClasses& classes) {
        auto& node = L.node(idx);
        node.checked = true;
        node.suppressed = classes.suppressed;
        node.status = classes.anonymous ? NodeStatus::Anonymous : NodeStatus::NotAnonymous;
        if (classes.anonymous) consider(idx, evaluator.value(metric, levels, classes));
        return classes.anonymous;
    };
    auto check = [&](std::size_t idx) {
        const auto levels = L.levelsOf(idx);
        groupifier.run(levels, nc, true);
        return record(idx, levels, nc);
    };

    ProgressReporter progress(ctx, "Searching the generalization lattice", static_cast<long long>(L.size()), 0.0, 0.9);
    const bool tagging = monotonicModels;
    long long done = 0;
    if (tagging) {
        for (auto idx : order) {
            if (!progress.step(done++)) return Status::cancelled();
            if (L.node(idx).status != NodeStatus::Unknown) continue;
            std::vector<std::size_t> path{idx};
            for (std::size_t cur = idx;;) {
                std::size_t next = cur;
                for (auto s : L.successors(cur))
                    if (L.node(s).status == NodeStatus::Unknown) {
                        next = s;
                        break;
                    }
                if (next == cur) break;
                path.push_back(next);
                cur = next;
            }
            // Binary search for the lowest anonymous node on the chain (Flash); every answer is
            // propagated by predictive tagging.
            long long lo = 0, hi = static_cast<long long>(path.size()) - 1;
            while (lo <= hi) {
                const auto mid = (lo + hi) / 2;
                const auto n = path[std::size_t(mid)];
                if (check(n)) {
                    tagUp(L, n);
                    hi = mid - 1;
                } else {
                    tagDown(L, n);
                    lo = mid + 1;
                }
            }
        }
    } else {
        // Models that are not monotonic: no node's answer tells another's, so every node is a
        // candidate. With a lower bound on the metric the nodes are checked in increasing bound
        // (height order among equal bounds), and the search stops when the bound exceeds the best
        // loss found: no node left can beat it or tie it (ARX's pruning by loss bounds; Kohlmayer
        // et al.). Nodes it does not reach stay unvisited. For a metric of the levels alone (the
        // monotonic entropy, precision, height) the bound is the loss, so the first anonymous node
        // is optimal up to ties.
        std::vector<double> bound(L.size(), -HUGE_VAL);
        bool bounded = true;
        for (auto idx : order) {
            const auto b = evaluator.lowerBound(metric, L.levelsOf(idx));
            if (!b) {
                bounded = false;
                break;
            }
            bound[idx] = *b;
            L.node(idx).lowerBound = *b;
        }
        std::vector<std::size_t> visit = order;
        if (bounded)
            std::stable_sort(visit.begin(), visit.end(),
                             [&](std::size_t a, std::size_t b) { return bound[a] < bound[b]; });
        // A batch of nodes is grouped and checked on every core (Groupifier::runBatch), then
        // recorded in order; the batches do not depend on the number of cores.
        auto beyondBest = [&](std::size_t idx) {
            return bounded && best.found && bound[idx] > best.il + 1e-12 * std::max(1.0, std::fabs(best.il));
        };
        std::vector<std::size_t> batch;
        std::vector<std::vector<int>> batchLevels;
        for (std::size_t next = 0; next < visit.size() && !beyondBest(visit[next]);) {
            if (!progress.step(done)) return Status::cancelled();
            batch.clear();
            batchLevels.clear();
            for (; next < visit.size() && batch.size() < kBatchNodes && !beyondBest(visit[next]); ++next) {
                batch.push_back(visit[next]);
                batchLevels.push_back(L.levelsOf(visit[next]));
            }
            groupifier.runBatch(batchLevels, hardwareThreads(), [&](std::size_t j, const NodeClasses& classes) {
                record(batch[j], batchLevels[j], classes);
            });
            done += static_cast<long long>(batch.size());
        }
    }

    // Information loss of the anonymous nodes that could still be optimal.
    std::vector<std::size_t> candidates;
    for (auto idx : order) {
        const auto& node = L.node(idx);
        if (node.status != NodeStatus::Anonymous || node.evaluated) continue;
        if (MetricEvaluator::monotonic(metric) && !MetricEvaluator::independent(metric) && tagging) {
            bool minimal = true;
            for (auto p : L.predecessors(idx)) minimal = minimal && L.node(p).status != NodeStatus::Anonymous;
            if (!minimal) continue;  // a predecessor is anonymous and no worse
        }
        candidates.push_back(idx);
    }
    std::vector<double> bound(L.size(), -HUGE_VAL);
    for (auto idx : candidates) {
        if (auto b = evaluator.lowerBound(metric, L.levelsOf(idx))) {
            bound[idx] = *b;
            L.node(idx).lowerBound = *b;
        }
    }
    std::stable_sort(candidates.begin(), candidates.end(),
                     [&](std::size_t a, std::size_t b) { return bound[a] < bound[b]; });
    ProgressReporter evalProgress(ctx, "Computing information loss", static_cast<long long>(candidates.size()), 0.9,
                                  1.0);
    long long k = 0;
    for (auto idx : candidates) {
        if (!evalProgress.step(k++)) return Status::cancelled();
        if (best.found && bound[idx] > best.il + 1e-12 * std::max(1.0, std::fabs(best.il))) break;
        const auto levels = L.levelsOf(idx);
        if (MetricEvaluator::independent(metric)) {
            consider(idx, evaluator.value(metric, levels, nc));
        } else {
            groupifier.run(levels, nc, true);
            consider(idx, evaluator.value(metric, levels, nc));
        }
    }
    if (best.found) {
        out.found = true;
        out.optimum = best.index;
        out.levels = L.levelsOf(best.index);
        out.informationLoss = best.il;
        L.node(best.index).optimum = true;
    }
    return out;
}

}  // namespace veil::anonymity::detail
