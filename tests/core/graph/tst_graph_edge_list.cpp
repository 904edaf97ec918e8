// Edge-list reader: the integer-id path (dense array and hash map), the fall-back to string ids for
// tokens that are not canonical integers ("007", "-1", 19+ digits, names), errors naming
// file:line:column, and a randomised comparison with a plain reference reader written here.
#include "graph_test_util.h"

#include "veil/common/random.h"

#include <QTemporaryDir>

#include <algorithm>
#include <fstream>
#include <map>
#include <set>

using namespace veil::graph;

namespace {

QStringList namesOf(const Graph& g) {
    QStringList out;
    for (NodeId v = 0; v < g.nodeCount(); ++v) out << QString::fromStdString(g.nodeName(v));
    return out;
}

// Edges as sorted pairs of node names, one string "a-b" each, in canonical order of the graph.
QStringList namedEdges(const Graph& g) {
    QStringList out;
    for (const Edge& e : g.edges())
        out << QString::fromStdString(g.nodeName(e.u)) + "-" + QString::fromStdString(g.nodeName(e.v));
    return out;
}

// The reference reader: the documented rules, written plainly (split, std::map, std::set).
struct Reference {
    std::vector<std::string> names;  // final order
    std::set<std::pair<std::string, std::string>> edges;
    long long selfLoops = 0, duplicates = 0;
};

bool digitsOnly(const std::string& s) {
    return !s.empty() && s.size() <= 18 && std::all_of(s.begin(), s.end(), [](char c) { return c >= '0' && c <= '9'; });
}

Reference referenceRead(const std::string& text) {
    Reference r;
    std::set<std::string> tokens;
    std::vector<std::pair<std::string, std::string>> pairs;
    std::size_t pos = 0;
    while (pos < text.size()) {
        auto end = text.find('\n', pos);
        if (end == std::string::npos) end = text.size();
        std::string line = text.substr(pos, end - pos);
        pos = end + 1;
        line = line.substr(0, line.find_first_of("#%"));
        std::vector<std::string> f;
        std::string cur;
        for (char c : line + " ") {
            if (std::string(" \t,\r;").find(c) != std::string::npos) {
                if (!cur.empty()) f.push_back(cur);
                cur.clear();
            } else {
                cur += c;
            }
        }
        if (f.size() < 2) continue;
        tokens.insert(f[0]);
        tokens.insert(f[1]);
        pairs.emplace_back(std::min(f[0], f[1]), std::max(f[0], f[1]));
    }
    r.names.assign(tokens.begin(), tokens.end());
    if (std::all_of(r.names.begin(), r.names.end(), digitsOnly))
        std::stable_sort(r.names.begin(), r.names.end(),
                         [](const std::string& a, const std::string& b) { return std::stoll(a) < std::stoll(b); });
    for (const auto& p : pairs) {
        if (p.first == p.second)
            ++r.selfLoops;
        else if (!r.edges.insert(p).second)
            ++r.duplicates;
    }
    return r;
}

}  // namespace

class TestGraphEdgeList : public QObject {
    Q_OBJECT
private slots:
    void ids_data();
    void ids();
    void errors_data();
    void errors();
    void weightsCommentsCrlf();
    void stringIdsCleanInput();
    void mappedFileEqualsText();
    void randomAgainstReference();
};

void TestGraphEdgeList::ids_data() {
    QTest::addColumn<QString>("text");
    QTest::addColumn<QStringList>("names");  // in final node order
    QTest::addColumn<QStringList>("edges");
    QTest::newRow("dense integers") << "2 0\n1 2\n" << QStringList{"0", "1", "2"} << QStringList{"0-2", "1-2"};
    QTest::newRow("sparse integers (hash map)")
        << "999999999999999999 5\n5 40\n"
        << QStringList{"5", "40", "999999999999999999"} << QStringList{"5-40", "5-999999999999999999"};
    QTest::newRow("zero is canonical") << "0 10\n" << QStringList{"0", "10"} << QStringList{"0-10"};
    QTest::newRow("leading zeros keep their text") << "007 7\n7 8\n"
                                                   << QStringList{"007", "7", "8"} << QStringList{"007-7", "7-8"};
    QTest::newRow("leading zero on a later line")
        << "1 2\n2 3\n3 010\n"
        << QStringList{"1", "2", "3", "010"} << QStringList{"1-2", "2-3", "3-010"};
    QTest::newRow("mixed names and integers") << "10 2\n2 alice\n"
                                              << QStringList{"10", "2", "alice"} << QStringList{"10-2", "2-alice"};
    QTest::newRow("19 digits: text order")
        << "1000000000000000000 5\n5 6\n"
        << QStringList{"1000000000000000000", "5", "6"} << QStringList{"1000000000000000000-5", "5-6"};
    QTest::newRow("25 digits: text order")
        << "1234567890123456789012345 9\n"
        << QStringList{"1234567890123456789012345", "9"} << QStringList{"1234567890123456789012345-9"};
    QTest::newRow("negative ids: text order") << "-1 2\n2 10\n"
                                              << QStringList{"-1", "10", "2"} << QStringList{"-1-2", "10-2"};
    QTest::newRow("plus sign: text order") << "+1 2\n" << QStringList{"+1", "2"} << QStringList{"+1-2"};
}

void TestGraphEdgeList::ids() {
    QFETCH(QString, text);
    QFETCH(QStringList, names);
    QFETCH(QStringList, edges);
    auto r = parseEdgeList(text.toStdString(), "t.txt");
    QVERIFY2(r.isOk(), r.status().message().c_str());
    QCOMPARE(namesOf(r->graph), names);
    QCOMPARE(namedEdges(r->graph), edges);
}

void TestGraphEdgeList::errors_data() {
    QTest::addColumn<QString>("text");
    QTest::addColumn<QString>("message");
    QTest::newRow("one field") << "1 2\n2 3\n7\n"
                               << "t.txt:3:2: expected 'u v' (optionally a numeric weight), found 1 field(s) in '7'";
    QTest::newRow("five fields") << "1 2\n 1 2 3 4 5\n"
                                 << "t.txt:2:8: expected 'u v' (optionally a numeric weight), found 5 field(s) in "
                                    "' 1 2 3 4 5'";
    QTest::newRow("non-numeric weight") << "# c\n1 2 heavy # note\n"
                                        << "t.txt:2:5: expected 'u v' (optionally a numeric weight), found 3 "
                                           "field(s) in '1 2 heavy # note'";
    QTest::newRow("after a string id") << "a b\nc\n"
                                       << "t.txt:2:2: expected 'u v' (optionally a numeric weight), found 1 field(s)";
    QTest::newRow("before a string id") << "1 2\n3\nx y\n"
                                        << "t.txt:2:2: expected 'u v' (optionally a numeric weight), found 1 field(s)";
    QTest::newRow("empty text") << ""
                                << "t.txt: no edges found";
    QTest::newRow("comments only") << "# a\n% b\n\n"
                                   << "t.txt: no edges found";
}

void TestGraphEdgeList::errors() {
    QFETCH(QString, text);
    QFETCH(QString, message);
    auto r = parseEdgeList(text.toStdString(), "t.txt");
    QVERIFY(!r.isOk());
    QCOMPARE(r.status().code(), veil::StatusCode::ParseError);
    QVERIFY2(r.status().message().rfind(message.toStdString(), 0) == 0, r.status().message().c_str());
}

void TestGraphEdgeList::weightsCommentsCrlf() {
    auto r = parseEdgeList("% header\r\n1,2;0.5\r\n2\t3 1e-3 # w\r\n3 1%c\r\n", "w.txt");
    QVERIFY2(r.isOk(), r.status().message().c_str());
    QCOMPARE(namedEdges(r->graph), (QStringList{"1-2", "1-3", "2-3"}));
    QCOMPARE(r->warnings.size(), std::size_t{1});
    QVERIFY(r->warnings[0].find("weight) on 2 line(s)") != std::string::npos);
}

void TestGraphEdgeList::stringIdsCleanInput() {
    auto r = parseEdgeList("a b\nb a\nc c\nb,c 2\n", "s.txt");
    QVERIFY2(r.isOk(), r.status().message().c_str());
    QCOMPARE(namedEdges(r->graph), (QStringList{"a-b", "b-c"}));
    QCOMPARE(r->report.selfLoops, 1LL);
    QCOMPARE(r->report.duplicates, 1LL);
    QCOMPARE(r->warnings.size(), std::size_t{2});
}

void TestGraphEdgeList::mappedFileEqualsText() {
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const std::string text = "5 6\n6 7 # no newline at the end\n7 5";
    const std::string path = dir.filePath("g.edges").toStdString();
    std::ofstream(path, std::ios::binary) << text;
    auto fromFile = loadGraph(path);
    auto fromText = parseEdgeList(text, path);
    QVERIFY2(fromFile.isOk(), fromFile.status().message().c_str());
    QVERIFY(fromText.isOk());
    QCOMPARE(namedEdges(fromFile->graph), namedEdges(fromText->graph));
    QCOMPARE(namedEdges(fromFile->graph), (QStringList{"5-6", "5-7", "6-7"}));
}

// Random files mixing small, large, non-canonical and named ids, self-loops and repeats: the
// reader and the reference agree on names, node order, edges and the counts of dropped pairs.
void TestGraphEdgeList::randomAgainstReference() {
    veil::SeededRandom rng(15);
    const char* seps[] = {" ", "\t", ",", " ; ", "  "};
    for (int trial = 0; trial < 200; ++trial) {
        const int kind = trial % 4;  // 0 dense, 1 sparse large, 2 with "0"-prefixed ids, 3 with names
        std::string text;
        const auto lines = 1 + rng.uniformBelow(60);
        for (std::uint64_t i = 0; i < lines; ++i) {
            std::string ends[2];
            for (auto& e : ends) {
                const auto x = rng.uniformBelow(kind == 0 ? 12 : 40);
                e = std::to_string(kind == 1 ? x * 100000000000000000ULL + x : x);
                if (kind == 2 && rng.uniformBelow(8) == 0) e = "0" + e;
                if (kind == 3 && rng.uniformBelow(8) == 0) e = "n" + e;
            }
            text += ends[0] + seps[rng.uniformBelow(5)] + ends[1];
            if (rng.uniformBelow(5) == 0) text += " 1.5";
            if (rng.uniformBelow(7) == 0) text += " # comment 1 2";
            text += rng.uniformBelow(6) == 0 ? "\r\n" : "\n";
        }
        const Reference ref = referenceRead(text);
        auto r = parseEdgeList(text, "r.txt");
        QVERIFY2(r.isOk(), r.status().message().c_str());
        QCOMPARE(r->graph.nodeCount(), ref.names.size());
        for (NodeId v = 0; v < r->graph.nodeCount(); ++v) QCOMPARE(r->graph.nodeName(v), ref.names[v]);
        std::set<std::pair<std::string, std::string>> got;
        for (const Edge& e : r->graph.edges())
            got.emplace(std::min(r->graph.nodeName(e.u), r->graph.nodeName(e.v)),
                        std::max(r->graph.nodeName(e.u), r->graph.nodeName(e.v)));
        QVERIFY2(got == ref.edges, text.c_str());
        QCOMPARE(r->report.selfLoops, ref.selfLoops);
        QCOMPARE(r->report.duplicates, ref.duplicates);
    }
}

QTEST_APPLESS_MAIN(TestGraphEdgeList)
#include "tst_graph_edge_list.moc"
