// Greedy-H (Li, Hay, Miklau, Wang, PVLDB 2014, Sec. 4), with the node-weight search of DPComp's
// greedyH_engine (dpcomp_core/algorithm/dawa/greedyH.py). docs/algorithms/dawa.md.
#include "dp/detail/greedy_hierarchy.h"

#include <Eigen/Dense>

#include <algorithm>
#include <cmath>
#include <string>

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

double squaredNorm(const std::vector<double>& v) {
    double s = 0.0;
    for (double x : v) s += x * x;
    return s;
}

// Products with the Gram matrix Q^T Q of the workload, for vectors supported on a range of
// cells: r = Q^T (Q v). Two ways, whichever costs less for this workload:
// - from the segments: O(n + segments) per product (prefix sums for Q v, a difference array for
//   Q^T u); best for ranges (one segment per query: 1-D);
// - from Q^T Q formed once as a dense matrix (Eigen, O(q n^2)), then O(n |range|) per product;
//   best for queries with many segments (rectangles along a Hilbert curve). Only up to
//   kMaxDenseCells cells (n^2 doubles).
class GramProduct {
public:
    static constexpr std::size_t kMaxDenseCells = 4096;

    GramProduct(std::size_t n, const std::vector<LinearQuery>& queries) : m_n(n), m_queries(queries) {
        double segments = 0.0;
        for (const auto& q : queries) segments += double(q.size());
        const double bySegments = 6.0 * double(n) * (double(n) + segments);
        const double dense = double(queries.size()) * double(n) * double(n) / 8.0 +
                             3.0 * double(n) * double(n) * std::log2(double(n) + 1.0);
        if (n <= kMaxDenseCells && dense < bySegments) {
            Eigen::MatrixXd q = Eigen::MatrixXd::Zero(Eigen::Index(queries.size()), Eigen::Index(n));
            for (std::size_t i = 0; i < queries.size(); ++i)
                for (const auto& s : queries[i])
                    for (std::size_t c = s.lo; c <= s.hi; ++c) q(Eigen::Index(i), Eigen::Index(c)) = s.weight;
            m_gram = q.transpose() * q;
            m_dense = true;
        }
    }

    // Q^T Q e_c (apply(c, c + 1, {1}) without the pass over every segment): each query's weight at
    // c by binary search, then the difference array of the queries that weigh c.
    std::vector<double> column(std::size_t c) {
        if (m_dense) {
            const Eigen::VectorXd r = m_gram.col(Eigen::Index(c));
            return std::vector<double>(r.data(), r.data() + r.size());
        }
        std::vector<double> diff(m_n + 1, 0.0);
        for (const auto& q : m_queries) {
            if (q.empty() || q.back().hi < c || q.front().lo > c) continue;
            auto it = std::upper_bound(q.begin(), q.end(), c,
                                       [](std::size_t v, const WeightedSegment& s) { return v < s.lo; });
            if (it == q.begin() || (--it)->hi < c) continue;
            const double u = it->weight;
            for (const auto& s : q) {
                diff[s.lo] += u * s.weight;
                diff[s.hi + 1] -= u * s.weight;
            }
        }
        std::vector<double> r(m_n);
        double run = 0.0;
        for (std::size_t i = 0; i < m_n; ++i) r[i] = (run += diff[i]);
        return r;
    }

    // v holds the values of cells lo..hi-1.
    std::vector<double> apply(std::size_t lo, std::size_t hi, const double* v) {
        if (m_dense) {
            const Eigen::Map<const Eigen::VectorXd> x(v, Eigen::Index(hi - lo));
            const Eigen::VectorXd r = m_gram.middleCols(Eigen::Index(lo), Eigen::Index(hi - lo)) * x;
            return std::vector<double>(r.data(), r.data() + r.size());
        }
        m_prefix.assign(hi - lo + 1, 0.0);
        for (std::size_t i = lo; i < hi; ++i) m_prefix[i - lo + 1] = m_prefix[i - lo] + v[i - lo];
        std::vector<double> diff(m_n + 1, 0.0);
        for (const auto& q : m_queries) {
            if (q.empty() || q.back().hi < lo || q.front().lo >= hi) continue;
            double u = 0.0;
            for (const auto& s : q) {
                if (s.hi < lo || s.lo >= hi) continue;
                const std::size_t a = std::max(s.lo, lo), b = std::min(s.hi + 1, hi);
                u += s.weight * (m_prefix[b - lo] - m_prefix[a - lo]);
            }
            if (u == 0.0) continue;
            for (const auto& s : q) {
                diff[s.lo] += u * s.weight;
                diff[s.hi + 1] -= u * s.weight;
            }
        }
        std::vector<double> r(m_n);
        double run = 0.0;
        for (std::size_t i = 0; i < m_n; ++i) r[i] = (run += diff[i]);
        return r;
    }

private:
    std::size_t m_n;
    const std::vector<LinearQuery>& m_queries;
    std::vector<double> m_prefix;
    bool m_dense = false;
    Eigen::MatrixXd m_gram;
};

struct Builder {
    std::vector<StrategyNode>& nodes;
    GramProduct gram;
    std::vector<std::size_t> cuts;  // cells c where some query weighs c-1 and c differently
    const RunContext& ctx;
    int granularity;
    bool cancelled = false;

    bool uniform(std::size_t lo, std::size_t hi) const {
        const auto it = std::upper_bound(cuts.begin(), cuts.end(), lo);
        return it == cuts.end() || *it >= hi;
    }

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
        if (n == 1 || uniform(lo, hi)) {
            // One query over the node; (A^T A)^+ = J / n^2, so invAu = 1/n per cell.
            node.terminal = true;
            std::vector<double> first = gram.column(lo);
            node.error = squaredNorm(first);
            node.invAu.assign(n, 1.0 / double(n));
            gInvAu = n == 1 ? std::move(first) : gram.apply(lo, hi, node.invAu.data());
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
        double m = 0.0, m1 = 0.0;
        for (std::size_t i = 0; i < rl.size(); ++i) {
            const double a = rl[i], b = rr[i];
            m += (a + b) * (a + b);
            m1 += a * a + b * b;
            rl[i] = a + b;
        }
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
    std::vector<std::size_t> cuts;
    for (const auto& q : queries)
        for (const auto& s : q) {
            if (s.lo > s.hi || s.hi >= n)
                return Status::invalidArgument("a workload segment [" + std::to_string(s.lo) + ", " +
                                               std::to_string(s.hi) + "] is outside the " + std::to_string(n) +
                                               " cells");
            if (s.lo > 0) cuts.push_back(s.lo);
            if (s.hi + 1 < n) cuts.push_back(s.hi + 1);
        }
    std::sort(cuts.begin(), cuts.end());
    cuts.erase(std::unique(cuts.begin(), cuts.end()), cuts.end());
    GreedyHierarchy h;
    h.m_cells = n;
    h.m_nodes.reserve(2 * n);
    Builder b{h.m_nodes, GramProduct(n, queries), std::move(cuts), ctx, granularity};
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
