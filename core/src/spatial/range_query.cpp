// Range-count workloads and errors (Cormode et al. ICDE 2012 Sec. 6; DPBench metric.py).
#include "veil/spatial/range_query.h"

#include "detail/grid_sums.h"

#include <algorithm>
#include <cmath>
#include <numeric>

namespace veil::spatial {

const char* querySizeName(QuerySize s) {
    switch (s) {
        case QuerySize::Small:
            return "small";
        case QuerySize::Medium:
            return "medium";
        case QuerySize::Large:
            return "large";
        case QuerySize::Mixed:
            return "mixed";
    }
    return "?";
}

Result<RangeWorkload> randomRangeWorkload(const Rect& domain, std::size_t count, QuerySize size, RandomSource& rng) {
    if (!(domain.width() > 0.0 && domain.height() > 0.0))
        return Status::invalidArgument("workload domain must have positive width and height");
    static constexpr double lo[3] = {0.01, 0.05, 0.25}, hi[3] = {0.05, 0.25, 0.75};
    RangeWorkload w;
    w.queries.reserve(count);
    w.sizes.reserve(count);
    for (std::size_t i = 0; i < count; ++i) {
        const QuerySize s = size == QuerySize::Mixed ? static_cast<QuerySize>(i % 3) : size;
        const int c = static_cast<int>(s);
        const double fw = lo[c] + (hi[c] - lo[c]) * rng.uniform01();
        const double fh = lo[c] + (hi[c] - lo[c]) * rng.uniform01();
        const double qw = fw * domain.width(), qh = fh * domain.height();
        const double x0 = domain.x0 + rng.uniform01() * (domain.width() - qw);
        const double y0 = domain.y0 + rng.uniform01() * (domain.height() - qh);
        w.queries.push_back(Rect{x0, y0, x0 + qw, y0 + qh});
        w.sizes.push_back(s);
    }
    return w;
}

Result<RangeWorkload> evaluationWorkload(const Rect& domain, std::size_t count, QuerySize size) {
    SeededRandom rng(kEvaluationWorkloadSeed);
    if (size != QuerySize::Mixed) return randomRangeWorkload(domain, count, size, rng);
    RangeWorkload out;
    const QuerySize classes[3] = {QuerySize::Small, QuerySize::Medium, QuerySize::Large};
    for (int c = 0; c < 3; ++c) {
        const std::size_t n = count / 3 + (std::size_t(c) < count % 3 ? 1 : 0);
        auto w = randomRangeWorkload(domain, n, classes[c], rng);
        if (!w) return w.status();
        out.queries.insert(out.queries.end(), w->queries.begin(), w->queries.end());
        out.sizes.insert(out.sizes.end(), w->sizes.begin(), w->sizes.end());
    }
    return out;
}

std::vector<double> exactRangeCounts(const PointSet& points, const std::vector<Rect>& queries) {
    const std::size_t n = points.size();
    std::vector<double> ys(points.y);
    std::sort(ys.begin(), ys.end());
    std::vector<std::uint32_t> byX(n);
    std::iota(byX.begin(), byX.end(), 0u);
    std::sort(byX.begin(), byX.end(), [&](std::uint32_t a, std::uint32_t b) { return points.x[a] < points.x[b]; });
    // Corner events: F(a, b) = #{x < a, y < b}; count = F(x1,y1) - F(x0,y1) - F(x1,y0) + F(x0,y0).
    struct Corner {
        double a;
        std::size_t yRank;
        std::uint32_t query;
        int sign;
    };
    std::vector<Corner> corners;
    corners.reserve(queries.size() * 4);
    auto rankY = [&](double b) {
        return static_cast<std::size_t>(std::lower_bound(ys.begin(), ys.end(), b) - ys.begin());
    };
    for (std::uint32_t q = 0; q < queries.size(); ++q) {
        const Rect& r = queries[q];
        if (!(r.x1 > r.x0 && r.y1 > r.y0)) continue;
        corners.push_back({r.x1, rankY(r.y1), q, +1});
        corners.push_back({r.x0, rankY(r.y1), q, -1});
        corners.push_back({r.x1, rankY(r.y0), q, -1});
        corners.push_back({r.x0, rankY(r.y0), q, +1});
    }
    std::sort(corners.begin(), corners.end(), [](const Corner& l, const Corner& r) { return l.a < r.a; });
    std::vector<std::uint32_t> fenwick(n + 1, 0);
    std::vector<double> answers(queries.size(), 0.0);
    std::size_t next = 0;
    for (const Corner& c : corners) {
        while (next < n && points.x[byX[next]] < c.a) {
            // 1-based Fenwick position of this point's y rank (ties share the lowest rank + 1).
            for (std::size_t i = rankY(points.y[byX[next]]) + 1; i <= n; i += i & (~i + 1)) ++fenwick[i];
            ++next;
        }
        std::uint64_t sum = 0;
        for (std::size_t i = c.yRank; i > 0; i -= i & (~i + 1)) sum += fenwick[i];
        answers[c.query] += c.sign * double(sum);
    }
    return answers;
}

std::vector<double> privateRangeCounts(const PrivateSpatialDecomposition& psd, const std::vector<Rect>& queries) {
    std::vector<double> out(queries.size());
    // The grids (uniform, AGrid) through summed-area tables of their cells, a full consistent
    // quadtree through its leaves' table; the other trees by their walk.
    std::optional<detail::GridSums> sums;
    if (!queries.empty() && psd.options.kind == TreeKind::UniformGrid) sums = detail::GridSums::build(psd);
    if (!queries.empty() && psd.options.kind == TreeKind::Quadtree) sums = detail::GridSums::buildFromLeaves(psd);
    for (std::size_t i = 0; i < queries.size(); ++i)
        out[i] = sums ? sums->rangeCount(queries[i]) : psd.privateRangeCount(queries[i]);
    return out;
}

std::vector<Rect> cellRectangles(const Rect& domain, std::size_t columns, std::size_t rows,
                                 const std::vector<dp::RectangleQuery>& queries) {
    // As GridAxis::unitEdge (detail/grid_cells.h): the last edge is the domain's own.
    const auto edge = [](double a, double b, std::size_t u, std::size_t units) {
        return u >= units ? b : a + (b - a) * double(u) / double(units);
    };
    std::vector<Rect> out;
    out.reserve(queries.size());
    for (const auto& q : queries)
        out.push_back({edge(domain.x0, domain.x1, q.colLo, columns), edge(domain.y0, domain.y1, q.rowLo, rows),
                       edge(domain.x0, domain.x1, q.colHi + 1, columns),
                       edge(domain.y0, domain.y1, q.rowHi + 1, rows)});
    return out;
}

QueryAnswers answerQueries(const PrivateSpatialDecomposition& psd, const PointSet& points,
                           const std::vector<Rect>& queries) {
    QueryAnswers a;
    a.answers = privateRangeCounts(psd, queries);
    if (!psd.truthsStripped) a.truth = exactRangeCounts(points, queries);
    return a;
}

namespace {
double percentile(std::vector<double> v, double p) {
    if (v.empty()) return 0.0;
    const auto k =
        static_cast<std::size_t>(std::min<double>(double(v.size() - 1), std::floor(p * double(v.size() - 1) + 0.5)));
    std::nth_element(v.begin(), v.begin() + static_cast<std::ptrdiff_t>(k), v.end());
    return v[k];
}
double medianOf(std::vector<double> v) {
    if (v.empty()) return 0.0;
    const std::size_t m = v.size() / 2;
    std::nth_element(v.begin(), v.begin() + static_cast<std::ptrdiff_t>(m), v.end());
    if (v.size() % 2 == 1) return v[m];
    const double upper = v[m];
    const double lower = *std::max_element(v.begin(), v.begin() + static_cast<std::ptrdiff_t>(m));
    return (lower + upper) / 2.0;
}
}  // namespace

QueryErrorSummary summarizeQueryError(const std::vector<double>& truth, const std::vector<double>& estimates, double n,
                                      const std::vector<QuerySize>& sizes) {
    QueryErrorSummary s;
    const std::size_t q = std::min(truth.size(), estimates.size());
    s.queries = q;
    if (q == 0) return s;
    const double floor = std::max(0.001 * n, 1e-12);
    std::vector<double> rel(q), bySize[3];
    double l1 = 0.0, l2 = 0.0;
    for (std::size_t i = 0; i < q; ++i) {
        const double diff = std::abs(truth[i] - estimates[i]);
        rel[i] = diff / std::max(truth[i], floor);
        l1 += diff;
        l2 += diff * diff;
        s.maxAbsolute = std::max(s.maxAbsolute, diff);
        if (i < sizes.size() && sizes[i] != QuerySize::Mixed) bySize[static_cast<int>(sizes[i])].push_back(rel[i]);
    }
    s.meanRelative = std::accumulate(rel.begin(), rel.end(), 0.0) / double(q);
    s.p90Relative = percentile(rel, 0.9);
    s.medianRelative = medianOf(rel);
    const double scale = n > 0.0 ? n : 1.0;
    s.scaledL1 = l1 / double(q) / scale;
    s.scaledL2 = std::sqrt(l2) / double(q) / scale;
    for (int c = 0; c < 3; ++c) s.medianRelativeBySize[c] = medianOf(bySize[c]);
    return s;
}

WorkloadEvaluation evaluateWorkload(const PointSet& points, const PrivateSpatialDecomposition& psd,
                                    const RangeWorkload& workload) {
    WorkloadEvaluation e;
    e.truth = exactRangeCounts(points, workload.queries);
    e.answers = privateRangeCounts(psd, workload.queries);
    e.summary = summarizeQueryError(e.truth, e.answers, double(points.size()), workload.sizes);
    return e;
}

RangeAnswer answerRangeQuery(const PrivateSpatialDecomposition& psd, const Rect& query) {
    RangeAnswer a;
    a.trueCount = psd.trueRangeCount(query);
    a.privateCount = psd.privateRangeCount(query);
    a.relativeError =
        std::abs(a.trueCount - a.privateCount) / std::max(a.trueCount, std::max(0.001 * double(psd.pointCount), 1e-12));
    return a;
}

}  // namespace veil::spatial
