// ClassLabels: classes given as rows of texts or as ids into per-QI texts read back the same labels,
// each distinct text is kept once per QI, and the labels of a search's classes are those of its
// released table.
#include "veil/anonymity/anonymization.h"
#include "veil/anonymity/class_labels.h"
#include "veil/hierarchy/hierarchy.h"

#include <QtTest>

using namespace veil;
using namespace veil::anonymity;

class TestClassLabels : public QObject {
    Q_OBJECT
private slots:
    void rowsReadBack();
    void idsReadBack();
    void classesWithoutQuasiIdentifiers();
    void rowOfTheWrongWidthIsRefused();
    void searchLabelsMatchTheRelease();
};

void TestClassLabels::rowsReadBack() {
    ClassLabels labels{{"20-29", "M"}, {"*", "*"}, {"20-29", "F"}};
    labels.push_back({"30-39", "M"});
    QCOMPARE(labels.size(), std::size_t(4));
    QCOMPARE(labels.dimensions(), std::size_t(2));
    QCOMPARE(labels.at(0, 0), std::string("20-29"));
    QCOMPARE(labels.at(2, 1), std::string("F"));
    QCOMPARE(labels.at(3, 0), std::string("30-39"));
    QCOMPARE(labels[1], (std::vector<std::string>{"*", "*"}));
    QCOMPARE(labels[3], (std::vector<std::string>{"30-39", "M"}));
    // "20-29" and "M" are kept once: equal labels are the same string.
    QCOMPARE(&labels.at(0, 0), &labels.at(2, 0));
    QCOMPARE(&labels.at(0, 1), &labels.at(3, 1));
    QVERIFY(ClassLabels().empty());
}

void TestClassLabels::idsReadBack() {
    ClassLabels labels({{"a", "b", "c"}, {"x", "y"}}, {2, 0, 0, 1, 2, 1});
    QCOMPARE(labels.size(), std::size_t(3));
    QCOMPARE(labels[0], (std::vector<std::string>{"c", "x"}));
    QCOMPARE(labels[1], (std::vector<std::string>{"a", "y"}));
    QCOMPARE(labels[2], (std::vector<std::string>{"c", "y"}));
    // Adding a row after ids: known texts get their ids, new ones are appended.
    labels.push_back({"b", "z"});
    labels.push_back({"c", "x"});
    QCOMPARE(labels.size(), std::size_t(5));
    QCOMPARE(labels[3], (std::vector<std::string>{"b", "z"}));
    QCOMPARE(&labels.at(4, 0), &labels.at(0, 0));
    QCOMPARE(&labels.at(4, 1), &labels.at(0, 1));
}

void TestClassLabels::classesWithoutQuasiIdentifiers() {
    ClassLabels labels;
    labels.push_back({});
    labels.push_back({});
    QCOMPARE(labels.size(), std::size_t(2));
    QCOMPARE(labels.dimensions(), std::size_t(0));
    QVERIFY(labels[1].empty());
}

void TestClassLabels::rowOfTheWrongWidthIsRefused() {
    ClassLabels labels{{"20-29", "M"}};
    QVERIFY_THROWS_EXCEPTION(std::invalid_argument, labels.push_back({"30-39"}));
    QVERIFY_THROWS_EXCEPTION(std::invalid_argument, labels.push_back({"30-39", "F", "x"}));
    QCOMPARE(labels.size(), std::size_t(1));
    ClassLabels none;
    none.push_back({});
    QVERIFY_THROWS_EXCEPTION(std::invalid_argument, none.push_back({"a"}));
    QCOMPARE(none.size(), std::size_t(1));
}

// Two QIs with hierarchies; the optimum's classes carry the labels the released table shows.
void TestClassLabels::searchLabelsMatchTheRelease() {
    Column::Builder age("age", ColumnType::Categorical), sex("sex", ColumnType::Categorical);
    const char* ages[] = {"21", "24", "27", "33", "35", "38", "22", "36"};
    const char* sexes[] = {"M", "F", "M", "F", "M", "F", "M", "M"};  // 5 M, 3 F: sex alone is not 4-anonymous
    for (int r = 0; r < 8; ++r) {
        age.appendCategory(ages[r]);
        sex.appendCategory(sexes[r]);
    }
    const Table table({age.finish(), sex.finish()});
    auto ageH = hierarchy::Hierarchy::fromRows("age", {{"21", "20-29", "*"},
                                                       {"22", "20-29", "*"},
                                                       {"24", "20-29", "*"},
                                                       {"27", "20-29", "*"},
                                                       {"33", "30-39", "*"},
                                                       {"35", "30-39", "*"},
                                                       {"36", "30-39", "*"},
                                                       {"38", "30-39", "*"}});
    auto sexH = hierarchy::Hierarchy::fromRows("sex", {{"M", "*"}, {"F", "*"}});
    QVERIFY(ageH && sexH);
    AnonymizationConfig cfg;
    cfg.quasiIdentifiers = {{"age", *ageH}, {"sex", *sexH}};
    cfg.models.k = 4;
    cfg.suppressionLimit = 0;
    auto r = anonymize(table, cfg);
    QVERIFY2(r, r ? "" : r.status().message().c_str());
    QCOMPARE(r->transformation, (std::vector<int>{1, 1}));
    const auto& ec = r->classes;
    QCOMPARE(r->output.rowCount(), table.rowCount());
    QCOMPARE(ec.classCount(), std::size_t(2));
    QCOMPARE(ec.classLabels.size(), std::size_t(2));
    std::string scratch;
    for (std::size_t row = 0; row < table.rowCount(); ++row) {
        const std::size_t c = ec.recordClass[row];
        QCOMPARE(ec.classLabels.at(c, 0), std::string(r->output.column(0).stringViewAt(row, scratch)));
        QCOMPARE(ec.classLabels.at(c, 1), std::string("*"));
        QCOMPARE(ec.classLabels.at(c, 0), std::string(ages[row][0] == '2' ? "20-29" : "30-39"));
    }
}

QTEST_APPLESS_MAIN(TestClassLabels)
#include "tst_class_labels.moc"
