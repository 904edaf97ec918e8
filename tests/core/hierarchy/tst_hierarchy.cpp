// Hierarchies: ARX CSV import/export (verbatim, delimiter detection), validation (depth,
// coverage, tree consistency) with the offending values named, and the builders' previews.
#include "veil/hierarchy/builders.h"
#include "veil/hierarchy/hierarchy_io.h"

#include <QtTest>

#include <filesystem>

using namespace veil;
using namespace veil::hierarchy;

namespace {
const std::string kData = VEIL_TEST_DATA_DIR;

std::vector<std::string> row(const Hierarchy& h, const std::string& value) {
    const auto r = h.findValue(value);
    if (!r) return {};
    return h.rows()[*r];
}
}  // namespace

class TestHierarchy : public QObject {
    Q_OBJECT
private slots:
    void importArxFilesVerbatim();
    void detectDelimiter_data();
    void detectDelimiter();
    void exportRoundTrip();
    void badFiles_data();
    void badFiles();
    void coverageListsMissingValues();
    void consistencyListsOffendingLabels();
    void intervalBuilder();
    void intervalBuilderCoding();
    void maskingBuilder();
    void dateBuilder();
    void groupingBuilder();
    void userTreeBuilder();
    void builderErrors();
};

void TestHierarchy::importArxFilesVerbatim() {
    // arx_test zipcode: 10,000 rows value;8000*;800**;80***;8****;* (SOURCE.md).
    auto zip = readHierarchyCsv(kData + "/arx_test/test_hierarchy_zipcode.csv");
    QVERIFY2(zip.isOk(), zip.status().message().c_str());
    QCOMPARE(zip->name(), std::string("test_hierarchy_zipcode"));
    QCOMPARE(zip->rowCount(), std::size_t(10000));
    QCOMPARE(zip->height(), 5);
    QCOMPARE(row(*zip, "81667"), (std::vector<std::string>{"81667", "8166*", "816**", "81***", "8****", "*"}));
    QCOMPARE(zip->leafCount(3, "81***"), std::size_t(1000));
    QVERIFY(zip->checkConsistency().isOk());
    // test2 Age labels contain commas ("[20,30["): ';' must win the delimiter detection.
    auto age = readHierarchyCsv(kData + "/arx_test2/test2_hierarchy_Age.csv", "Age");
    QVERIFY(age.isOk());
    QCOMPARE(row(*age, "29"), (std::vector<std::string>{"29", "[20,30[", "*"}));
    // Disease: labels with spaces and '&' kept verbatim, 4 levels.
    auto disease = readHierarchyCsv(kData + "/arx_test2/test2_hierarchy_Disease.csv", "Disease");
    QVERIFY(disease.isOk());
    QCOMPARE(disease->height(), 3);
    QCOMPARE(row(*disease, "flu").back(), std::string("respiratory&digestive disease"));
}

void TestHierarchy::detectDelimiter_data() {
    QTest::addColumn<QString>("text");
    QTest::addColumn<QString>("expected");
    QTest::newRow("semicolon") << "a;x;*\nb;x;*\n"
                               << ";";
    QTest::newRow("comma") << "a,x,*\nb,x,*\n"
                           << ",";
    QTest::newRow("tab") << "a\tx\nb\tx\n"
                         << "\t";
    QTest::newRow("semicolon with commas in labels") << "29;[20,30[;*\n41;[40,50[;*\n"
                                                     << ";";
    QTest::newRow("quoted comma") << "\"a,b\",*\nc,*\n"
                                  << ",";
}

void TestHierarchy::detectDelimiter() {
    QFETCH(QString, text);
    QFETCH(QString, expected);
    QCOMPARE(QString(QChar(detectHierarchyDelimiter(text.toStdString()))), expected);
}

void TestHierarchy::exportRoundTrip() {
    auto h = Hierarchy::fromRows("x", {{"a;1", "g", "*"}, {"b", "g", "*"}, {"c\"q", "h", "*"}});
    QVERIFY(h.isOk());
    const std::string text = formatHierarchyCsv(*h);
    QCOMPARE(text, std::string("\"a;1\";g;*\nb;g;*\n\"c\"\"q\";h;*\n"));
    auto back = parseHierarchyCsv(text, "x", "x.csv");
    QVERIFY2(back.isOk(), back.status().message().c_str());
    QCOMPARE(back->rows(), h->rows());
    const auto path = (std::filesystem::temp_directory_path() / "veil_tst_hierarchy.csv").string();
    QVERIFY(writeHierarchyCsv(*h, path).isOk());
    auto read = readHierarchyCsv(path, "x");
    QVERIFY(read.isOk());
    QCOMPARE(read->rows(), h->rows());
    std::filesystem::remove(path);
}

void TestHierarchy::badFiles_data() {
    QTest::addColumn<QString>("text");
    QTest::addColumn<QString>("expected");
    QTest::newRow("empty") << ""
                           << "empty";
    QTest::newRow("ragged depth") << "a;x;*\nb;*\n"
                                  << "h.csv:2: 2 levels, expected 3";
    QTest::newRow("duplicate value") << "a;*\na;*\n"
                                     << "'a' appears twice";
    QTest::newRow("open quote") << "\"a;*\n"
                                << "unterminated";
}

void TestHierarchy::badFiles() {
    QFETCH(QString, text);
    QFETCH(QString, expected);
    auto h = parseHierarchyCsv(text.toStdString(), "h", "h.csv", ';');
    QVERIFY(!h.isOk());
    QVERIFY2(QString::fromStdString(h.status().message()).contains(expected), h.status().message().c_str());
}

void TestHierarchy::coverageListsMissingValues() {
    auto h = Hierarchy::fromRows("zip", {{"53715", "537**"}, {"53703", "537**"}});
    QVERIFY(h->checkCoverage({"53715", "53703"}).isOk());
    const Status s = h->checkCoverage({"53715", "53706", "99999"});
    QCOMPARE(s.code(), StatusCode::NotFound);
    QVERIFY(s.message().find("2 value(s)") != std::string::npos);
    QVERIFY(s.message().find("'53706', '99999'") != std::string::npos);
}

void TestHierarchy::consistencyListsOffendingLabels() {
    auto h = Hierarchy::fromRows("age", {{"1", "young", "*"}, {"2", "young", "*"}, {"3", "young", "all"}});
    QVERIFY(h.isOk());
    const Status s = h->checkConsistency();
    QVERIFY(!s.isOk());
    QVERIFY2(s.message().find("'young' (level 1) -> '*' and 'all'") != std::string::npos, s.message().c_str());
    // Read from a file (a blank line 2 and a comment-free CSV): the file and the lines of both parents,
    // the message starting at the second one's line.
    auto read = parseHierarchyCsv("1;young;*\n\n2;young;*\n3;young;all\n4;old;all\n", "age", "age.csv", ';');
    QVERIFY(read.isOk());
    QCOMPARE(read->sourceFile(), std::string("age.csv"));
    const Status located = read->checkConsistency();
    QCOMPARE(QString::fromStdString(located.message()),
             QStringLiteral("age.csv:4: hierarchy 'age' is not a tree: 1 label(s) generalize to two different "
                            "parents: 'young' (level 1) -> '*' (line 1) and 'all' (line 4)"));
    // A renamed copy keeps its source.
    QVERIFY(read->renamed("years").checkConsistency().message().find("age.csv:4: hierarchy 'years'") == 0);
}

void TestHierarchy::intervalBuilder() {
    IntervalHierarchyBuilder b;
    b.origin = 0;
    b.width = 10;
    b.fanouts = {2};
    auto h = b.build({"5", "17", "29", "30"}, "age");
    QVERIFY2(h.isOk(), h.status().message().c_str());
    QCOMPARE(h->height(), 3);
    QCOMPARE(row(*h, "17"), (std::vector<std::string>{"17", "[10,20[", "[0,20[", "*"}));
    QCOMPARE(row(*h, "30"), (std::vector<std::string>{"30", "[30,40[", "[20,40[", "*"}));
    QVERIFY(h->checkConsistency().isOk());
}

void TestHierarchy::intervalBuilderCoding() {
    IntervalHierarchyBuilder b;
    b.width = 10;
    b.bottomCoding = 20;
    b.topCoding = 60;
    auto h = b.build({"5", "25", "75"}, "age");
    QVERIFY(h.isOk());
    QCOMPARE(row(*h, "5"), (std::vector<std::string>{"5", "<20", "*"}));
    QCOMPARE(row(*h, "25"), (std::vector<std::string>{"25", "[20,30[", "*"}));
    QCOMPARE(row(*h, "75"), (std::vector<std::string>{"75", ">=60", "*"}));
}

void TestHierarchy::maskingBuilder() {
    // Seed 004 "Anonymization through QI attribute generalization": 53715 -> 5371* -> 537**.
    MaskingHierarchyBuilder b;
    b.maxMasked = 2;
    auto h = b.build({"53715", "53703"}, "zip");
    QVERIFY(h.isOk());
    QCOMPARE(row(*h, "53715"), (std::vector<std::string>{"53715", "5371*", "537**", "*"}));
    QCOMPARE(row(*h, "53703"), (std::vector<std::string>{"53703", "5370*", "537**", "*"}));
    MaskingHierarchyBuilder full;
    auto f = full.build({"12", "34"}, "x");
    QCOMPARE(row(*f, "12"), (std::vector<std::string>{"12", "1*", "**"}));  // "**" is already a common root
}

void TestHierarchy::dateBuilder() {
    DateHierarchyBuilder b;
    auto h = b.build({"1976-01-21", "1986-04-13"}, "dob");
    QVERIFY2(h.isOk(), h.status().message().c_str());
    QCOMPARE(row(*h, "1976-01-21"), (std::vector<std::string>{"1976-01-21", "1976-01", "1976", "1970s", "*"}));
    QCOMPARE(row(*h, "1986-04-13")[3], std::string("1980s"));
}

void TestHierarchy::groupingBuilder() {
    OrderedGroupingBuilder b;
    b.order = {"Preschool", "1st-4th", "5th-6th", "7th-8th", "9th"};
    b.groupSizes = {2, 2};
    auto h = b.build({"9th", "1st-4th", "Preschool"}, "edu");
    QVERIFY2(h.isOk(), h.status().message().c_str());
    QCOMPARE(row(*h, "Preschool"),
             (std::vector<std::string>{"Preschool", "Preschool-1st-4th", "Preschool-7th-8th", "*"}));
    QCOMPARE(row(*h, "9th"), (std::vector<std::string>{"9th", "9th", "9th", "*"}));
    QVERIFY(h->checkConsistency().isOk());
    OrderedGroupingBuilder numeric;  // no order: numeric sort of the values
    numeric.groupSizes = {2};
    auto n = numeric.build({"10", "9", "100"}, "n");
    QCOMPARE(row(*n, "9")[1], std::string("9-10"));
    QCOMPARE(row(*n, "100")[1], std::string("100"));
}

void TestHierarchy::userTreeBuilder() {
    UserTreeBuilder b;
    b.edges = {{"gastritis", "stomach disease"},
               {"flu", "respiratory infection"},
               {"stomach disease", "disease"},
               {"respiratory infection", "disease"}};
    auto h = b.build({"flu", "gastritis"}, "disease");
    QVERIFY2(h.isOk(), h.status().message().c_str());
    QCOMPARE(row(*h, "flu"), (std::vector<std::string>{"flu", "respiratory infection", "disease"}));
}

void TestHierarchy::builderErrors() {
    IntervalHierarchyBuilder i;
    auto bad = i.build({"12", "abc"}, "age");
    QVERIFY(!bad.isOk());
    QVERIFY(bad.status().message().find("'abc'") != std::string::npos);
    i.width = 0;
    QVERIFY(!i.build({"1"}).isOk());
    UserTreeBuilder t;
    t.edges = {{"a", "x"}, {"b", "y"}, {"y", "z"}};
    auto depth = t.build({"a", "b"}, "t");
    QVERIFY(!depth.isOk());
    QVERIFY(depth.status().message().find("same depth") != std::string::npos);
    OrderedGroupingBuilder g;
    g.order = {"a"};
    g.groupSizes = {2};
    QVERIFY(!g.build({"b"}).isOk());
    DateHierarchyBuilder d;
    QVERIFY(!d.build({"21/1/76"}).isOk());
}

QTEST_APPLESS_MAIN(TestHierarchy)
#include "tst_hierarchy.moc"
