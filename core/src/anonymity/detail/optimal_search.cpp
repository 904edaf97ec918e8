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

namespace {

// One search over the lattice of `data`'s levels: the nodes' statuses, then the optimum.
class LatticeSearch {
public:
    LatticeSearch(const EncodedData& data, MetricKind metric, Groupifier& groupifier, const MetricEvaluator& evaluator,
                  const RunContext& ctx, SearchOutcome& out)
        : m_metric(metric), m_groupifier(groupifier), m_evaluator(evaluator), m_ctx(ctx), m_out(out) {
        std::vector<int> maxLevels;
        for (const auto& d : data.dims) maxLevels.push_back(d.height);
        m_out.lattice = GeneralizationLattice(maxLevels);
        m_order = m_out.lattice.nodesByHeight();
    }

    Status run(bool monotonicModels) {
        ProgressReporter progress(m_ctx, "Searching the generalization lattice",
                                  static_cast<long long>(m_out.lattice.size()), 0.0, 0.9);
        VEIL_RETURN_IF_ERROR(monotonicModels ? byChains(progress) : byBound(progress));
        VEIL_RETURN_IF_ERROR(evaluateCandidates(monotonicModels));
        if (m_best.found) {
            m_out.found = true;
            m_out.optimum = m_best.index;
            m_out.levels = m_out.lattice.levelsOf(m_best.index);
            m_out.informationLoss = m_best.il;
            m_out.lattice.node(m_best.index).optimum = true;
        }
        return Status::ok();
    }

private:
    GeneralizationLattice& lattice() { return m_out.lattice; }

    void consider(std::size_t idx, double il) {
        auto& node = lattice().node(idx);
        node.evaluated = true;
        node.informationLoss = il;
        const int h = lattice().heightOf(idx);
        if (m_best.improvedBy(il, h, idx)) m_best = {true, il, h, idx};
    }
    bool record(std::size_t idx, const std::vector<int>& levels, const NodeClasses& classes) {
        auto& node = lattice().node(idx);
        node.checked = true;
        node.suppressed = classes.suppressed;
        node.status = classes.anonymous ? NodeStatus::Anonymous : NodeStatus::NotAnonymous;
        if (classes.anonymous) consider(idx, m_evaluator.value(m_metric, levels, classes));
        return classes.anonymous;
    }
    bool check(std::size_t idx) {
        const auto levels = lattice().levelsOf(idx);
        m_groupifier.run(levels, m_classes, true);
        return record(idx, levels, m_classes);
    }
    // No node with this loss bound can beat the best found or tie it.
    bool beyondBest(double bound) const {
        return m_best.found && bound > m_best.il + 1e-12 * std::max(1.0, std::fabs(m_best.il));
    }

    // Sorts `nodes` by increasing loss bound, stably (their order among equal bounds), and keeps
    // each bound on its node; bound[node] is -infinity where the metric has none. True when every
    // node has one (the metric has a bound).
    bool byIncreasingBound(std::vector<std::size_t>& nodes, std::vector<double>& bound) {
        auto& L = lattice();
        bound.assign(L.size(), -HUGE_VAL);
        bool all = true;
        for (auto idx : nodes) {
            if (auto b = m_evaluator.lowerBound(m_metric, L.levelsOf(idx))) {
                bound[idx] = *b;
                L.node(idx).lowerBound = *b;
            } else {
                all = false;
            }
        }
        std::stable_sort(nodes.begin(), nodes.end(), [&](std::size_t a, std::size_t b) { return bound[a] < bound[b]; });
        return all;
    }

    // Monotonic models: binary search for the lowest anonymous node on each chain (Flash); every
    // answer is propagated by predictive tagging.
    Status byChains(ProgressReporter& progress) {
        auto& L = lattice();
        long long done = 0;
        for (auto idx : m_order) {
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
        return Status::ok();
    }

    // Models that are not monotonic: no node's answer tells another's, so every node is a
    // candidate. With a lower bound on the metric the nodes are checked in increasing bound
    // (height order among equal bounds), and the search stops when the bound exceeds the best
    // loss found: no node left can beat it or tie it (ARX's pruning by loss bounds; Kohlmayer et
    // al.). Nodes it does not reach stay unvisited. For a metric of the levels alone (the
    // monotonic entropy, precision, height) the bound is the loss, so the first anonymous node is
    // optimal up to ties. A batch of nodes is grouped and checked on every core
    // (Groupifier::runBatch), then recorded in order: the batches do not depend on the cores.
    Status byBound(ProgressReporter& progress) {
        auto& L = lattice();
        std::vector<std::size_t> visit = m_order;
        std::vector<double> bound;
        const bool bounded = byIncreasingBound(visit, bound);
        auto stop = [&](std::size_t idx) { return bounded && beyondBest(bound[idx]); };
        std::vector<std::size_t> batch;
        std::vector<std::vector<int>> batchLevels;
        long long done = 0;
        for (std::size_t next = 0; next < visit.size() && !stop(visit[next]);) {
            if (!progress.step(done)) return Status::cancelled();
            batch.clear();
            batchLevels.clear();
            for (; next < visit.size() && batch.size() < kBatchNodes && !stop(visit[next]); ++next) {
                batch.push_back(visit[next]);
                batchLevels.push_back(L.levelsOf(visit[next]));
            }
            m_groupifier.runBatch(batchLevels, hardwareThreads(), [&](std::size_t j, const NodeClasses& classes) {
                record(batch[j], batchLevels[j], classes);
            });
            done += static_cast<long long>(batch.size());
        }
        return Status::ok();
    }

    // Information loss of the anonymous nodes that could still be optimal, by increasing bound.
    Status evaluateCandidates(bool tagging) {
        auto& L = lattice();
        std::vector<std::size_t> candidates;
        for (auto idx : m_order) {
            const auto& node = L.node(idx);
            if (node.status != NodeStatus::Anonymous || node.evaluated) continue;
            if (MetricEvaluator::monotonic(m_metric) && !MetricEvaluator::independent(m_metric) && tagging) {
                bool minimal = true;
                for (auto p : L.predecessors(idx)) minimal = minimal && L.node(p).status != NodeStatus::Anonymous;
                if (!minimal) continue;  // a predecessor is anonymous and no worse
            }
            candidates.push_back(idx);
        }
        std::vector<double> bound;
        byIncreasingBound(candidates, bound);
        ProgressReporter progress(m_ctx, "Computing information loss", static_cast<long long>(candidates.size()), 0.9,
                                  1.0);
        long long k = 0;
        for (auto idx : candidates) {
            if (!progress.step(k++)) return Status::cancelled();
            if (beyondBest(bound[idx])) break;
            const auto levels = L.levelsOf(idx);
            if (!MetricEvaluator::independent(m_metric)) m_groupifier.run(levels, m_classes, true);
            consider(idx, m_evaluator.value(m_metric, levels, m_classes));
        }
        return Status::ok();
    }

    MetricKind m_metric;
    Groupifier& m_groupifier;
    const MetricEvaluator& m_evaluator;
    const RunContext& m_ctx;
    SearchOutcome& m_out;
    std::vector<std::size_t> m_order;  // the nodes by height
    NodeClasses m_classes;
    Best m_best;
};

}  // namespace

Result<SearchOutcome> searchOptimal(const EncodedData& data, MetricKind metric, bool monotonicModels,
                                    Groupifier& groupifier, const MetricEvaluator& evaluator, const RunContext& ctx) {
    SearchOutcome out;
    LatticeSearch search(data, metric, groupifier, evaluator, ctx, out);
    VEIL_RETURN_IF_ERROR(search.run(monotonicModels));
    return out;
}

}  // namespace veil::anonymity::detail
