// Sensitivity table (seed 000) on hand-made graphs (star, clique, path: values derived by hand in
// the comments) and on karate (golden.py).
#include "graph_test_util.h"

#include "veil/common/run_context.h"
#include "veil/graph/sensitivity.h"

using namespace veil::graph;

namespace {
// Row order: edges, max-degree, triangles. Columns: value, ls_edge, gs_edge, ls_node, gs_node.
using Table = QList<QList<double>>;
}  // namespace

class TestGraphSensitivity : public QObject {
    Q_OBJECT
private slots:
    void table_data();
    void table();
    void restricted();
    void badK();
};

void TestGraphSensitivity::table_data() {
    QTest::addColumn<QString>("graph");
    QTest::addColumn<Table>("expected");
    // Star with 6 leaves, n = 7, m = 6, d = 6.
    //  edges: LS_edge 1; GS_edge 1; LS_node max_v max(d_v, n-1-d_v) = 6 (centre); GS_node n-1 = 6.
    //  max-degree: LS_edge 1 (remove a centre edge); LS_node 6 (isolate the centre -> maxdeg 0); GS_node 6.
    //  triangles: 0; LS_edge = 1 (two leaves share the centre); GS_edge n-2 = 5;
    //             LS_node max_v (m - d_v - t_v) = 6 - 1 = 5 (a leaf joins all); GS_node C(6,2) = 15.
    QTest::newRow("star6") << "star6" << Table{{6, 1, 1, 6, 6}, {6, 1, 1, 6, 6}, {0, 1, 5, 5, 15}};
    // Clique K5: n = 5, m = 10, d = 4, 10 triangles, t_v = 6.
    //  edges: LS_node max(4, 0) = 4.  max-degree: LS_edge 0 (no single edge moves the maximum of 5
    //  nodes of degree 4 in a complete graph); LS_node: isolating v leaves degree 3 -> 1.
    //  triangles: LS_edge = n-2 = 3; LS_node = max(t_v, m - d_v - t_v) = max(6, 0) = 6; GS_node C(4,2) = 6.
    QTest::newRow("clique5") << "clique5" << Table{{10, 1, 1, 4, 4}, {4, 0, 1, 1, 4}, {10, 3, 3, 6, 6}};
    // Path on 6 nodes: m = 5, d = 2.
    //  edges: LS_node = max over endpoints of n-1-d_v = 4.
    //  max-degree: LS_edge 1 (adding edge 1-3 gives node 1 degree 3); LS_node = n-1-d = 3 (a node
    //  joins all; isolating any node leaves a node of degree 2, so no larger drop).
    //  triangles: LS_edge 1 (nodes at distance 2 share one neighbour); LS_node = m - d_v = 4 (endpoint);
    //  GS_edge 4; GS_node C(5,2) = 10.
    QTest::newRow("path6") << "path6" << Table{{5, 1, 1, 4, 5}, {2, 1, 1, 3, 5}, {0, 1, 4, 4, 10}};
    // karate (golden.py): LS_node edges 32, LS_node maxdeg 16, max common neighbours 10,
    // LS_node triangles 77; n = 34 -> GS_node n-1 = 33, C(33,2) = 528, GS_edge triangles 32.
    QTest::newRow("karate") << "karate" << Table{{78, 1, 1, 32, 33}, {17, 1, 1, 16, 33}, {45, 10, 32, 77, 528}};
}

void TestGraphSensitivity::table() {
    QFETCH(QString, graph);
    QFETCH(Table, expected);
    Graph g;
    if (graph == "star6")
        g = makeStar(6);
    else if (graph == "clique5")
        g = makeClique(5);
    else if (graph == "path6")
        g = makePath(6);
    else
        g = loadTestGraph(graph.toStdString());
    veil::RunContext ctx;
    auto rows = sensitivityTable(g, 3, ctx);
    QVERIFY(rows.isOk());
    QCOMPARE(rows->size(), std::size_t{3});
    const char* names[] = {"edges", "max-degree", "triangles"};
    for (std::size_t i = 0; i < 3; ++i) {
        const auto& r = (*rows)[i];
        const auto& e = expected[static_cast<qsizetype>(i)];
        QCOMPARE(r.statistic, std::string(names[i]));
        QCOMPARE(r.value, e[0]);
        QCOMPARE(r.lsEdge.value, e[1]);
        QCOMPARE(r.gsEdge.value, e[2]);
        QCOMPARE(r.lsNode.value, e[3]);
        QCOMPARE(r.gsNode.value, e[4]);
        QVERIFY(!r.lsEdge.formula.empty() && !r.gsNode.formula.empty() && !r.rsNode.formula.empty());
        // Local never exceeds global.
        QVERIFY(r.lsEdge.value <= r.gsEdge.value);
        QVERIFY(r.lsNode.value <= r.gsNode.value);
    }
}

void TestGraphSensitivity::restricted() {
    veil::RunContext ctx;
    auto rows = sensitivityTable(makeStar(6), 3, ctx).value();
    // Over H_3, vertex adjacency (Blocki et al.): edges |P| k^(|P|-1) = 2*3 = 6, max-degree k = 3,
    // triangles 3 k^2 = 27; edge adjacency: 1, 1, k-1 = 2.
    QCOMPARE(rows[0].rsNode.value, 6.0);
    QCOMPARE(rows[1].rsNode.value, 3.0);
    QCOMPARE(rows[2].rsNode.value, 27.0);
    QCOMPARE(rows[0].rsEdge.value, 1.0);
    QCOMPARE(rows[1].rsEdge.value, 1.0);
    QCOMPARE(rows[2].rsEdge.value, 2.0);
    Statistic profile = makeStatistic(StatisticKind::Profile);
    QCOMPARE(restrictedSensitivityNode(profile, 5).value, 11.0);                                 // 2k + 1
    QCOMPARE(restrictedSensitivityEdge(profile, 5).value, 6.0);                                  // k + 1
    QCOMPARE(restrictedSensitivityNode(makeStatistic(StatisticKind::TwoStars), 4).value, 48.0);  // 3 * 4^2
}

void TestGraphSensitivity::badK() {
    veil::RunContext ctx;
    QCOMPARE(sensitivityTable(makeStar(3), 0, ctx).status().code(), veil::StatusCode::InvalidArgument);
}

QTEST_APPLESS_MAIN(TestGraphSensitivity)
#include "tst_graph_sensitivity.moc"
