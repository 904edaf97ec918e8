// Statistical audit of the release path for graphs and point sets (issue 13): the edge count and
// the triangle count under edge privacy (global sensitivity, the neighbour adds one edge that
// closes n - 2 triangles: the worst case), and private spatial decompositions through
// releaseDecomposition (a quadtree leaf and the total; a kd-tree's answer to a fixed range, whose
// tree shape itself comes from private medians). Release-mode gates with fixed seeds; the 99%
// Clopper-Pearson lower bound on the privacy loss must stay <= the claimed epsilon. Thresholds
// for the events come from a pilot run on other seeds (no selection on the audited samples).
#include "audit_support.h"

#include "veil/graph/mechanisms.h"
#include "veil/spatial/psd_release.h"
#include "veil/spatial/range_query.h"

using namespace veil;
using namespace veil::audit;

namespace {

constexpr int kGraphReleases = 100000;
constexpr int kTreeReleases = 15000;

// Nodes 0 and 1 share the n - 2 neighbours 2 .. n-1; `closed` adds the edge 0-1 (n - 2 triangles).
graph::Graph twoHubs(std::size_t n, bool closed) {
    std::vector<std::pair<graph::NodeId, graph::NodeId>> pairs;
    for (std::size_t k = 2; k < n; ++k) {
        pairs.emplace_back(0, graph::NodeId(k));
        pairs.emplace_back(1, graph::NodeId(k));
    }
    if (closed) pairs.emplace_back(0, 1);
    return *graph::Graph::fromPairs(n, pairs);
}

std::vector<double> graphReleases(const graph::Graph& g, graph::StatisticKind kind, double epsilon,
                                  std::uint64_t seed) {
    auto gate = auditGate(seed);
    graph::ReleaseRequest request;
    request.statistic = graph::makeStatistic(kind);
    request.privacy = graph::Privacy::Edge;
    request.method = graph::Method::Laplace;
    request.epsilon = epsilon;
    request.trials = kGraphReleases;
    auto r = graph::releaseStatistic(gate, g, request, RunContext{});
    if (!r) qFatal("graph release failed: %s", r.status().message().c_str());
    if (!r->truthsStripped) qFatal("a release-mode result carried the truth");
    return r->releases;
}

// 225 points on a 15 x 15 grid in the unit square (the public domain is declared).
spatial::PointSet grid(bool withExtra) {
    spatial::PointSet p;
    for (int i = 0; i < 15; ++i)
        for (int j = 0; j < 15; ++j) {
            p.x.push_back((i + 0.5) / 15.0);
            p.y.push_back((j + 0.5) / 15.0);
        }
    if (withExtra) p.x.push_back(0.1), p.y.push_back(0.1);
    p.domain = spatial::Rect{0, 0, 1, 1};
    return p;
}

// Per release: the private answer for `query` and the released total (the root's estimate).
std::vector<std::vector<double>> treeReleases(const spatial::PointSet& points, const spatial::PsdRequest& request,
                                              const spatial::Rect& query, std::uint64_t seed, int count) {
    auto gate = auditGate(seed);
    std::vector<std::vector<double>> out;
    for (int i = 0; i < count; ++i) {
        auto psd = spatial::releaseDecomposition(gate, points, request, RunContext{});
        if (!psd) qFatal("psd release failed: %s", psd.status().message().c_str());
        out.push_back({spatial::answerRangeQuery(*psd, query).privateCount, psd->root().estimate});
    }
    return out;
}

// Quantiles of component `i` of a pilot run: thresholds chosen independently of the audit.
std::vector<double> pilotThresholds(const std::vector<std::vector<double>>& pilot, std::size_t i) {
    std::vector<double> v;
    for (const auto& x : pilot) v.push_back(x[i]);
    std::sort(v.begin(), v.end());
    std::vector<double> t;
    for (double q : {0.05, 0.2, 0.35, 0.5, 0.65, 0.8, 0.95}) t.push_back(v[std::size_t(q * double(v.size() - 1))]);
    return t;
}

double auditTree(const std::string& kind, const nlohmann::json& options, const spatial::Rect& query,
                 std::uint64_t seed) {
    spatial::PsdRequest request;
    request.kind = kind;
    request.options = options;
    request.epsilon = 1.0;
    const auto pilot = treeReleases(grid(false), request, query, seed + 100, 2000);
    Events<std::vector<double>> events = componentThresholds(0, pilotThresholds(pilot, 0));
    for (auto& e : componentThresholds(1, pilotThresholds(pilot, 1))) events.push_back(std::move(e));
    const auto a = treeReleases(grid(false), request, query, seed, kTreeReleases);
    const auto b = treeReleases(grid(true), request, query, seed + 1, kTreeReleases);
    return lossLowerBound(a, b, events);
}

}  // namespace

class TestAuditStructures : public QObject {
    Q_OBJECT

private slots:
    void graphEdgeCount() {
        const auto a = graphReleases(twoHubs(10, false), graph::StatisticKind::Edges, 1.0, 201);
        const auto b = graphReleases(twoHubs(10, true), graph::StatisticKind::Edges, 1.0, 202);
        const double lb = lossLowerBound(a, b, dp::testutil::thresholdEvents(around(16.5, 1.0)));
        QVERIFY2(recordAudit("graph edges (edge, laplace)", lb, 1.0), qPrintable(QString::number(lb)));
        QVERIFY2(lb > 0.8, "the audit sees most of epsilon");
    }

    void graphTriangles() {
        // 0 triangles vs 8 = n - 2 = GS_edge: the neighbour moves the count by the full sensitivity.
        const auto a = graphReleases(twoHubs(10, false), graph::StatisticKind::Triangles, 1.0, 211);
        const auto b = graphReleases(twoHubs(10, true), graph::StatisticKind::Triangles, 1.0, 212);
        const double lb = lossLowerBound(a, b, dp::testutil::thresholdEvents(around(4.0, 8.0)));
        QVERIFY2(recordAudit("graph triangles (edge, laplace)", lb, 1.0), qPrintable(QString::number(lb)));
    }

    void quadtreeLeafAndTotal() {
        // The leaf [0, 0.25)^2 of a height-2 quadtree holds the extra point.
        const double lb =
            auditTree("quad", {{"height", 2}, {"postprocess", true}}, spatial::Rect{0, 0, 0.25, 0.25}, 221);
        QVERIFY2(recordAudit("psd quadtree (leaf, total)", lb, 1.0), qPrintable(QString::number(lb)));
    }

    void kdTreeRangeAndTotal() {
        const double lb = auditTree("kd", {{"height", 3}}, spatial::Rect{0, 0, 0.5, 0.5}, 231);
        QVERIFY2(recordAudit("psd kd-tree (range, total)", lb, 1.0), qPrintable(QString::number(lb)));
    }

    void cleanupTestCase() { printWorstRatio(); }
};

QTEST_MAIN(TestAuditStructures)
#include "tst_audit_structures.moc"
