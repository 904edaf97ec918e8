// Graph readers: edge lists, GML, GraphML, label files; warnings and errors with line numbers.
#include "graph_test_util.h"

#include "veil/graph/statistics.h"

using namespace veil::graph;

class TestGraphIo : public QObject {
    Q_OBJECT
private slots:
    void edgeListCleansInput();
    void edgeListKeepsIdsAndCanonicalOrder();
    void nonNumericIdsSortedAsText();
    void badLines_data();
    void badLines();
    void gmlFootball();
    void gmlErrors_data();
    void gmlErrors();
    void graphmlWithLabels();
    void graphmlDirected();
    void graphmlBroken();
    void labelsKarate();
    void labelErrors();
    void missingFile();
};

void TestGraphIo::edgeListCleansInput() {
    // 1-2 twice (once reversed, as a directed input would give), one self-loop, a comment, a weight.
    const std::string text = "# header\n1 2\n2,1\n3 3\n\n2 3 0.5  % weighted\n3\t4\n";
    auto r = parseEdgeList(text, "t.txt");
    QVERIFY2(r.isOk(), r.status().message().c_str());
    QCOMPARE(r->graph.nodeCount(), std::size_t{4});
    QCOMPARE(r->graph.edgeCount(), std::size_t{3});
    QCOMPARE(r->report.selfLoops, 1LL);
    QCOMPARE(r->report.duplicates, 1LL);
    QCOMPARE(r->warnings.size(), std::size_t{2});
    QVERIFY(r->warnings[0].find("1 self-loop") != std::string::npos);
    QVERIFY(r->warnings[0].find("1 duplicate") != std::string::npos);
}

void TestGraphIo::edgeListKeepsIdsAndCanonicalOrder() {
    auto r = parseEdgeList("10 2\n2 7\n7 10\n", "t");
    QVERIFY(r.isOk());
    const Graph& g = r->graph;
    // numeric ids keep numeric order: 2 -> 0, 7 -> 1, 10 -> 2
    QCOMPARE(g.nodeName(0), std::string("2"));
    QCOMPARE(g.nodeName(2), std::string("10"));
    const auto e = g.edges();
    QCOMPARE(e.size(), std::size_t{3});
    QVERIFY((e[0] == Edge{0, 1}) && (e[1] == Edge{0, 2}) && (e[2] == Edge{1, 2}));
}

void TestGraphIo::nonNumericIdsSortedAsText() {
    auto r = parseEdgeList("bob alice\ncarol bob\n", "t");
    QVERIFY(r.isOk());
    QCOMPARE(r->graph.nodeName(0), std::string("alice"));
    QCOMPARE(r->graph.nodeName(2), std::string("carol"));
    QVERIFY(r->graph.hasEdge(0, 1));
    QVERIFY(!r->graph.hasEdge(0, 2));
}

void TestGraphIo::badLines_data() {
    QTest::addColumn<QString>("text");
    QTest::addColumn<QString>("where");
    QTest::newRow("one field") << "1 2\n2 3\n7\n"
                               << "t.txt:3";
    QTest::newRow("four fields") << "1 2 3 4\n"
                                 << "t.txt:1";
    QTest::newRow("non-numeric weight") << "# c\n1 2 heavy\n"
                                        << "t.txt:2";
    QTest::newRow("empty file") << "# only a comment\n"
                                << "no edges";
}

void TestGraphIo::badLines() {
    QFETCH(QString, text);
    QFETCH(QString, where);
    auto r = parseEdgeList(text.toStdString(), "t.txt");
    QVERIFY(!r.isOk());
    QCOMPARE(r.status().code(), veil::StatusCode::ParseError);
    QVERIFY2(r.status().message().find(where.toStdString()) != std::string::npos, r.status().message().c_str());
}

void TestGraphIo::gmlFootball() {
    auto r = loadGraph(graphDataPath("football.gml"));
    QVERIFY2(r.isOk(), r.status().message().c_str());
    // SOURCE.md: n 115, m 613, max degree 12, triangles 810; 12 conferences as GML `value`.
    QCOMPARE(r->graph.nodeCount(), std::size_t{115});
    QCOMPARE(r->graph.edgeCount(), std::size_t{613});
    QCOMPARE(maxDegree(r->graph), std::size_t{12});
    QCOMPARE(countTriangles(r->graph), std::uint64_t{810});
    QCOMPARE(r->graph.labelNames().size(), std::size_t{12});
    // Node 0 is BrighamYoung, conference 7 (football.labels line 1).
    QCOMPARE(r->graph.labelNames()[static_cast<std::size_t>(r->graph.labelOf(0))], std::string("7"));
}

void TestGraphIo::gmlErrors_data() {
    QTest::addColumn<QString>("text");
    QTest::addColumn<QString>("where");
    QTest::newRow("unterminated string") << "graph [\n node [ id 1 label \"x ]\n]\n"
                                         << "g.gml:2";
    QTest::newRow("edge without target") << "graph [\n node [ id 1 ]\n edge [\n source 1\n ]\n]\n"
                                         << "g.gml:3";
    QTest::newRow("node without id") << "graph [\n node [ label \"a\" ]\n]\n"
                                     << "g.gml:2";
    QTest::newRow("no graph") << "Creator \"me\"\n"
                              << "no 'graph";
    QTest::newRow("unclosed") << "graph [\n node [ id 1 ]\n"
                              << "not closed";
}

void TestGraphIo::gmlErrors() {
    QFETCH(QString, text);
    QFETCH(QString, where);
    auto r = parseGml(text.toStdString(), "g.gml");
    QVERIFY(!r.isOk());
    QVERIFY2(r.status().message().find(where.toStdString()) != std::string::npos, r.status().message().c_str());
}

void TestGraphIo::graphmlWithLabels() {
    const std::string xml = R"(<?xml version="1.0" encoding="UTF-8"?>
<graphml xmlns="http://graphml.graphdrawing.org/xmlns">
  <key id="d0" for="node" attr.name="label" attr.type="string"/>
  <graph id="G" edgedefault="undirected">
    <node id="n0"><data key="d0">doctor</data></node>
    <node id="n1"><data key="d0">lawyer</data></node>
    <node id="n2"><data key="d0">doctor</data></node>
    <edge source="n0" target="n1"/>
    <edge source="n1" target="n2"/>
    <edge source="n2" target="n0"/>
    <edge source="n0" target="n0"/>
  </graph>
</graphml>)";
    auto r = parseGraphml(xml, "g.graphml");
    QVERIFY2(r.isOk(), r.status().message().c_str());
    QCOMPARE(r->graph.nodeCount(), std::size_t{3});
    QCOMPARE(r->graph.edgeCount(), std::size_t{3});
    QCOMPARE(r->report.selfLoops, 1LL);
    QCOMPARE(r->graph.labelNames().size(), std::size_t{2});
    QCOMPARE(r->graph.labelOf(0), r->graph.labelOf(2));
    QVERIFY(r->graph.labelOf(0) != r->graph.labelOf(1));
}

void TestGraphIo::graphmlDirected() {
    // Arcs a->b and b->a are one undirected edge (one duplicate counted).
    const std::string xml = R"(<?xml version="1.0"?>
<graphml xmlns="http://graphml.graphdrawing.org/xmlns">
  <graph id="G" edgedefault="directed">
    <node id="a"/><node id="b"/><node id="c"/>
    <edge source="a" target="b"/><edge source="b" target="a"/><edge source="b" target="c"/>
  </graph>
</graphml>)";
    auto r = parseGraphml(xml, "d.graphml");
    QVERIFY2(r.isOk(), r.status().message().c_str());
    QCOMPARE(r->graph.edgeCount(), std::size_t{2});
    QCOMPARE(r->report.duplicates, 1LL);
    QVERIFY(!r->graph.hasLabels());
}

void TestGraphIo::graphmlBroken() {
    auto r = parseGraphml("<graphml><graph><node id=\"a\"></graph>", "bad.graphml");
    QVERIFY(!r.isOk());
    QCOMPARE(r.status().code(), veil::StatusCode::ParseError);
    QVERIFY(r.status().message().find("bad.graphml") != std::string::npos);
}

void TestGraphIo::labelsKarate() {
    Graph g = loadTestGraph("karate", true);
    QCOMPARE(g.labelNames().size(), std::size_t{2});
    // SOURCE.md: MrHi 17 / Officer 17.
    int mrhi = 0;
    for (NodeId v = 0; v < g.nodeCount(); ++v) mrhi += g.labelOf(v) == g.labelIndex("MrHi");
    QCOMPARE(mrhi, 17);
}

void TestGraphIo::labelErrors() {
    Graph g = makePath(3);
    std::vector<std::string> warnings;
    auto st = parseLabels("0 a\n1 b c\n", "l.txt", g, &warnings);
    QVERIFY(!st.isOk());
    QVERIFY2(st.message().find("l.txt:2") != std::string::npos, st.message().c_str());
    st = parseLabels("0 a\n0 b\n", "l.txt", g, &warnings);
    QVERIFY(st.message().find("l.txt:2") != std::string::npos);
    warnings.clear();
    st = parseLabels("0 a\n9 b\n", "l.txt", g, &warnings);
    QVERIFY(st.isOk());
    QCOMPARE(warnings.size(), std::size_t{2});  // one unknown id, two nodes without a label
    QCOMPARE(g.labelOf(1), -1);
}

void TestGraphIo::missingFile() {
    auto r = loadGraph("/nonexistent/x.edges");
    QCOMPARE(r.status().code(), veil::StatusCode::NotFound);
    QVERIFY(r.status().message().find("no such file") != std::string::npos);
}

QTEST_APPLESS_MAIN(TestGraphIo)
#include "tst_graph_io.moc"
