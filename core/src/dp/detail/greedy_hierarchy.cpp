// Greedy-H (Li, Hay, Miklau, Wang, PVLDB 2014, Sec. 4), with the node-weight search of DPComp's
// greedyH_engine (dpcomp_core/algorithm/dawa/greedyH.py). docs/algorithms/dawa.md.
#include "dp/detail/greedy_hierarchy.h"

#include <algorithm>
#include <cassert>
#include <cmath>
#include <string>
#include <utility>

namespace veil::dp::detail {

void appendSegment(LinearQuery& q, double w, std::size_t lo, std::size_t hi) {
    if (w == 0.0 || lo > hi) return;
    if (!q.empty() && q.back().weight == w && q.back().hi + 1 == lo) {
        q.back().hi = hi;
        return;
    }
    q.push_back({w, lo, hi});
}

namespace {

// r[i] = d[0] + ... + d[i] for i < n, in four blocks run side by side (each block starts from the
// sum of the blocks before it); returns the sum of squares of r.
double prefixSumsAndSquaredNorm(const double* d, double* r, std::size_t n) {
    const std::size_t b = n / 4;  // blocks 0..2 hold b cells, block 3 the other n - 3b
    double run[4] = {0.0, 0.0, 0.0, 0.0}, norm[4] = {0.0, 0.0, 0.0, 0.0};
    for (std::size_t i = 0; i < b; ++i)
        for (int k = 1; k < 4; ++k) run[k] += d[std::size_t(k - 1) * b + i];
    run[2] += run[1];
    run[3] += run[2];
    for (std::size_t i = 0; i < b; ++i)
        for (int k = 0; k < 4; ++k) {
            const std::size_t j = std::size_t(k) * b + i;
            r[j] = (run[k] += d[j]);
            norm[k] += r[j] * r[j];
        }
    for (std::size_t j = 4 * b; j < n; ++j) {
        r[j] = (run[3] += d[j]);
        norm[3] += r[j] * r[j];
    }
    return (norm[0] + norm[1]) + (norm[2] + norm[3]);
}

// a += b; returns ||a + b||^2 and ||a||^2 + ||b||^2 (of a as given), each as four partial sums.
std::pair<double, double> addWithNorms(std::vector<double>& a, const std::vector<double>& b) {
    double sum[4] = {0.0, 0.0, 0.0, 0.0}, parts[4] = {0.0, 0.0, 0.0, 0.0};
    auto step = [&](std::size_t i, int k) {
        const double x = a[i], y = b[i];
        sum[k] += (x + y) * (x + y);
        parts[k] += x * x + y * y;
        a[i] = x + y;
    };
    const std::size_t n = a.size(), n4 = n / 4 * 4;
    for (std::size_t i = 0; i < n4; i += 4)
        for (int k = 0; k < 4; ++k) step(i + std::size_t(k), k);
    for (std::size_t i = n4; i < n; ++i) step(i, int(i - n4));
    return {(sum[0] + sum[1]) + (sum[2] + sum[3]), (parts[0] + parts[1]) + (parts[2] + parts[3])};
}

// Where the workload's weights change, and the columns Q^T Q e_c of its Gram matrix for c
// increasing: a sweep over the cells. A query's weights, as a difference array over the cells, are
// nonzero only where its weight changes (a segment's first cell, and the cell after its last). So
// is Q e_c as c moves: at each change of query q by delta, the column's difference array moves by
// delta times q's difference array; the column is its prefix sum. Total O(sum over queries of
// changes^2, plus n per column). A column by itself (every query weighing c, then its segments)
// costs O(sum over queries of cells x segments) over all columns: 6.5x more work on 2,000
// rectangles along a Hilbert curve over 3,761 buckets.
class GramColumns {
public:
    GramColumns(std::size_t n, const std::vector<LinearQuery>& queries)
        : m_byCellStart(n + 1, 0), m_byQueryStart(queries.size() + 1, 0), m_diff(n, 0.0) {
        // Changes at cell n never reach a column.
        auto forEachChange = [&](auto&& visit) {
            for (std::size_t i = 0; i < queries.size(); ++i) {
                const LinearQuery& q = queries[i];
                for (std::size_t j = 0; j < q.size(); ++j) {
                    const bool joined = j > 0 && q[j - 1].hi + 1 == q[j].lo;
                    visit(q[j].lo, i, q[j].weight - (joined ? q[j - 1].weight : 0.0));
                    const bool followed = j + 1 < q.size() && q[j + 1].lo == q[j].hi + 1;
                    if (!followed && q[j].hi + 1 < n) visit(q[j].hi + 1, i, -q[j].weight);
                }
            }
        };
        forEachChange([&](std::size_t c, std::size_t i, double) { ++m_byCellStart[c + 1], ++m_byQueryStart[i + 1]; });
        for (std::size_t c = 0; c < n; ++c) m_byCellStart[c + 1] += m_byCellStart[c];
        for (std::size_t i = 0; i < queries.size(); ++i) m_byQueryStart[i + 1] += m_byQueryStart[i];
        m_byCell.resize(m_byCellStart[n]);
        m_byQuery.resize(m_byCell.size());
        std::vector<std::size_t> atCell(m_byCellStart.begin(), m_byCellStart.end() - 1);
        std::vector<std::size_t> atQuery(m_byQueryStart.begin(), m_byQueryStart.end() - 1);
        forEachChange([&](std::size_t c, std::size_t i, double delta) {
            m_byCell[atCell[c]++] = {i, delta};
            m_byQuery[atQuery[i]++] = {c, delta};
        });
    }

    // True when every query weighs cells lo..hi-1 alike (no change at lo + 1 .. hi - 1).
    bool uniform(std::size_t lo, std::size_t hi) const { return m_byCellStart[hi] == m_byCellStart[lo + 1]; }

    // Sets r to Q^T Q e_c and returns its squared norm. Precondition: c at or above the previous call's
    // (the builder visits terminals left to right).
    double column(std::size_t c, std::vector<double>& r) {
        assert(c + 1 >= m_next);  // the sweep cannot go back
        for (; m_next <= c; ++m_next)
            for (std::size_t k = m_byCellStart[m_next]; k < m_byCellStart[m_next + 1]; ++k) {
                const auto [query, delta] = m_byCell[k];
                for (std::size_t j = m_byQueryStart[query]; j < m_byQueryStart[query + 1]; ++j)
                    m_diff[m_byQuery[j].at] += delta * m_byQuery[j].delta;
            }
        r.resize(m_diff.size());
        return prefixSumsAndSquaredNorm(m_diff.data(), r.data(), r.size());
    }

private:
    struct Change {
        std::size_t at;  // the query (listed by cell) or the cell (listed by query)
        double delta;    // the query's weight at the cell minus its weight at the cell before
    };
    std::vector<std::size_t> m_byCellStart;  // the changes at cell c: m_byCell[m_byCellStart[c] .. [c + 1])
    std::vector<Change> m_byCell;
    std::vector<std::size_t> m_byQueryStart;  // the same changes, by query
    std::vector<Change> m_byQuery;
    std::vector<double> m_diff;  // the difference array of the column of cell m_next - 1
    std::size_t m_next = 0;      // the changes at cells below m_next are applied
};

struct Builder {
    std::vector<StrategyNode>& nodes;
    GramColumns gram;
    const RunContext& ctx;
    int granularity;
    bool cancelled = false;

    // The node of cells lo..hi-1 at `depth`; returns its index (children after it). Sets gInvAu to
    // Q^T Q invAu (over all cells): the parent's products are then s (left + right), O(n) per node
    // instead of a pass over the workload's segments.
    int build(std::size_t lo, std::size_t hi, int depth, std::vector<double>& gInvAu) {
        const int index = int(nodes.size());
        nodes.push_back({});
        if (ctx.cancelled()) {
            cancelled = true;
            return index;
        }
        const std::size_t n = hi - lo;
        StrategyNode node;
        node.lo = lo;
        node.hi = hi;
        if (n == 1 || gram.uniform(lo, hi)) {
            // One query over the node; (A^T A)^+ = J / n^2, so invAu = 1/n per cell. Every query
            // weighs the node's cells alike, so Q^T Q invAu = Q^T Q e_lo.
            node.terminal = true;
            node.error = gram.column(lo, gInvAu);
            node.invAu.assign(n, 1.0 / double(n));
            nodes[std::size_t(index)] = std::move(node);
            return index;
        }
        const std::size_t mid = lo + n / 2;  // the first child takes floor(n/2) cells, as DPComp
        std::vector<double> rl, rr;
        node.left = build(lo, mid, depth + 1, rl);
        node.right = build(mid, hi, depth + 1, rr);
        if (cancelled) return index;
        const StrategyNode& l = nodes[std::size_t(node.left)];
        const StrategyNode& r = nodes[std::size_t(node.right)];
        std::vector<double> g(l.invAu);
        g.insert(g.end(), r.invAu.begin(), r.invAu.end());
        double k = 0.0;
        for (double x : g) k += x;
        const auto [m, m1] = addWithNorms(rl, rr);
        const double sumErr = l.error + r.error;
        // Error of the node when a share t/G of its weight goes to its own query: DPComp's closed
        // form with the depth decay 2^(-depth/2); the first minimum wins (NumPy's argmin).
        const double decay = std::pow(2.0, -double(depth) / 2.0);
        const double G = double(granularity);
        int best = 0;
        double bestErr = 0.0;
        for (int t = 0; t < granularity; ++t) {
            const double e1 = (G - t) * (G - t), e2 = double(t) * double(t) * decay;
            const double err = (sumErr - ((m - m1) * decay + m1) * e2 / (e1 + e2 * k)) / e1;
            if (t == 0 || err < bestErr) best = t, bestErr = err;
        }
        node.error = bestErr * G * G;
        node.p = 1.0 - double(best) / G;
        const double q = 1.0 - node.p;
        node.correction = q * q / (node.p * node.p + k * q * q);
        const double scale = (1.0 - node.correction * k) / (node.p * node.p);
        for (double& x : g) x *= scale;
        for (double& x : rl) x *= scale;
        gInvAu = std::move(rl);
        node.invAu = std::move(g);
        nodes[std::size_t(index)] = std::move(node);
        return index;
    }
};

// Query weights top-down: an inner node keeps (1 - p) of what reaches it, its children share p.
void assignWeights(std::vector<StrategyNode>& nodes, int index, double reach) {
    StrategyNode& node = nodes[std::size_t(index)];
    if (node.terminal) {
        node.weight = reach;
        return;
    }
    node.weight = reach * (1.0 - node.p);
    const double down = reach * node.p;
    const int l = node.left, r = node.right;
    assignWeights(nodes, l, down);
    assignWeights(nodes, r, down);
}

}  // namespace

Result<GreedyHierarchy> GreedyHierarchy::build(std::size_t n, const std::vector<LinearQuery>& queries,
                                               const RunContext& ctx, int granularity) {
    if (n == 0) return Status::invalidArgument("Greedy-H needs at least one cell");
    for (const auto& q : queries)
        for (const auto& s : q)
            if (s.lo > s.hi || s.hi >= n)
                return Status::invalidArgument("a workload segment [" + std::to_string(s.lo) + ", " +
                                               std::to_string(s.hi) + "] is outside the " + std::to_string(n) +
                                               " cells");
    GreedyHierarchy h;
    h.m_cells = n;
    h.m_nodes.reserve(2 * n);
    Builder b{h.m_nodes, GramColumns(n, queries), ctx, granularity};
    std::vector<double> rootProduct;
    b.build(0, n, 0, rootProduct);
    if (b.cancelled) return Status::cancelled();
    assignWeights(h.m_nodes, 0, 1.0);
    return h;
}

double GreedyHierarchy::sensitivity() const {
    std::vector<double> diff(m_cells + 1, 0.0);
    for (const auto& node : m_nodes) {
        diff[node.lo] += node.weight;
        diff[node.hi] -= node.weight;
    }
    double run = 0.0, top = 0.0;
    for (std::size_t i = 0; i < m_cells; ++i) top = std::max(top, run += diff[i]);
    return top;
}

std::vector<double> GreedyHierarchy::exactAnswers(const std::vector<double>& counts) const {
    std::vector<double> prefix(counts.size() + 1, 0.0);
    for (std::size_t i = 0; i < counts.size(); ++i) prefix[i + 1] = prefix[i] + counts[i];
    std::vector<double> out;
    for (const auto& node : m_nodes)
        if (node.weight > 0.0) out.push_back(node.weight * (prefix[node.hi] - prefix[node.lo]));
    return out;
}

// out = (A^T A)^-1 z on the node's cells. Terminal: J / n^2 (the pseudo-inverse of one all-ones
// row). Inner (Sherman-Morrison on (1-p)^2 1 1^T + p^2 diag(children)):
// (1/p^2) (diag(children's inverses) - correction g g^T), g = the children's invAu side by side.
void GreedyHierarchy::applyInverse(int index, const std::vector<double>& z, std::vector<double>& out) const {
    const StrategyNode& node = m_nodes[std::size_t(index)];
    const double n = double(node.hi - node.lo);
    if (node.terminal) {
        double s = 0.0;
        for (std::size_t i = node.lo; i < node.hi; ++i) s += z[i];
        for (std::size_t i = node.lo; i < node.hi; ++i) out[i] = s / (n * n);
        return;
    }
    applyInverse(node.left, z, out);
    applyInverse(node.right, z, out);
    const StrategyNode& l = m_nodes[std::size_t(node.left)];
    const StrategyNode& r = m_nodes[std::size_t(node.right)];
    const std::size_t mid = l.hi;
    auto g = [&](std::size_t i) { return i < mid ? l.invAu[i - node.lo] : r.invAu[i - mid]; };
    double s = 0.0;
    for (std::size_t i = node.lo; i < node.hi; ++i) s += g(i) * z[i];
    const double p2 = node.p * node.p;
    for (std::size_t i = node.lo; i < node.hi; ++i) out[i] = out[i] / p2 - node.correction / p2 * s * g(i);
}

std::vector<double> GreedyHierarchy::infer(const std::vector<double>& answers) const {
    std::vector<double> diff(m_cells + 1, 0.0);
    std::size_t k = 0;
    for (const auto& node : m_nodes) {
        if (!(node.weight > 0.0)) continue;
        const double a = node.weight * answers[k++];
        diff[node.lo] += a;
        diff[node.hi] -= a;
    }
    std::vector<double> z(m_cells), out(m_cells, 0.0);
    double run = 0.0;
    for (std::size_t i = 0; i < m_cells; ++i) z[i] = (run += diff[i]);
    applyInverse(0, z, out);
    return out;
}

}  // namespace veil::dp::detail
