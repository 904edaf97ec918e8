// The anonymization view's models and builders on hand-built inputs: the class list and the
// class tint proxy under QAbstractItemModelTester, the class-size chart, the lattice scene, the
// settings undo command (merging), and the composition attack on seed 002's two releases.
#include "charts/anonymization/class_size_chart_builder.h"
#include "charts/anonymization/lattice_scene_builder.h"
#include "models/table_model.h"
#include "views/anonymization/anonymization_state.h"
#include "views/anonymization/class_colors.h"
#include "views/anonymization/class_list_model.h"
#include "views/anonymization/class_tint_proxy_model.h"
#include "views/anonymization/hierarchy_model.h"

#include "veil/anonymity/composition.h"

#include <QAbstractItemModelTester>
#include <QBrush>
#include <QChart>
#include <QGraphicsItem>
#include <QGraphicsScene>
#include <QLineSeries>
#include <QSignalSpy>
#include <QTest>
#include <QUndoStack>

#include <memory>

using namespace veil;
using namespace veil::ui;

namespace {

std::shared_ptr<const Column> textColumn(const std::string& name, const std::vector<std::string>& values) {
    Column::Builder b(name, ColumnType::Categorical);
    for (const auto& v : values) b.appendCategory(v);
    return b.finish();
}

// Three classes of sizes 3, 1 (suppressed) and 2 over six records.
anonymity::EquivalenceClasses smallClasses() {
    anonymity::EquivalenceClasses c;
    c.recordClass = {0, 0, 2, 1, 0, 2};
    c.classSize = {3, 1, 2};
    c.classSuppressed = {0, 1, 0};
    c.classLabels = {{"20-29", "M"}, {"*", "*"}, {"30-39", "F"}};
    return c;
}

// Seed 002 slide "Composition": releases (a) and (b) of twelve patients each.
struct SeedRelease {
    Table table;
    std::vector<std::uint32_t> classes;
};
SeedRelease seedRelease(const std::vector<std::string>& condition, const std::vector<std::uint32_t>& classes) {
    return {Table({textColumn("condition", condition)}), classes};
}

}  // namespace

class TestAnonymizationModels : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void classListModel();
    void classTintProxy();
    void hierarchyModelEdits();
    void classSizeChart();
    void latticeScene();
    void settingsCommandMerges();
    void compositionOnSeedReleases_data();
    void compositionOnSeedReleases();
    void compositionErrors();
};

void TestAnonymizationModels::classListModel() {
    ClassListModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    model.setClasses(smallClasses(), {"age", "sex"}, 2);
    QCOMPARE(model.rowCount(), 3);
    QCOMPARE(model.columnCount(), int(ClassListModel::ColumnCount));
    QCOMPARE(model.index(0, ClassListModel::SizeColumn).data().toULongLong(), 3ull);
    QCOMPARE(model.index(1, ClassListModel::SuppressedColumn).data().toString(), QStringLiteral("suppressed"));
    QCOMPARE(model.index(2, ClassListModel::ValuesColumn).data().toString(), QStringLiteral("30-39 | F"));
    model.clear();
    QCOMPARE(model.rowCount(), 0);
}

void TestAnonymizationModels::classTintProxy() {
    TableModel source;
    source.setTable(Table({textColumn("sex", {"M", "M", "F", "F", "M", "F"})}));
    ClassTintProxyModel proxy;
    proxy.setSourceModel(&source);
    QAbstractItemModelTester tester(&proxy, QAbstractItemModelTester::FailureReportingMode::QtTest);
    const auto c = smallClasses();
    proxy.setClasses(c.recordClass, c.classSuppressed, c.classSize);
    QCOMPARE(proxy.index(0, 0).data(ClassTintProxyModel::ClassIdRole).toInt(), 0);
    QCOMPARE(proxy.index(3, 0).data(Qt::BackgroundRole).value<QBrush>().color(), suppressedColor());
    QCOMPARE(proxy.headerData(3, Qt::Vertical).toString(), QStringLiteral("4 ✕"));
    QCOMPARE(proxy.firstRowOfClass(2), 2);
    QCOMPARE(proxy.firstRowOfClass(7), -1);
    proxy.setHighlightedClass(2);
    QCOMPARE(proxy.index(5, 0).data(Qt::BackgroundRole).value<QBrush>().color(), highlightColor());
    QVERIFY(proxy.index(0, 0).data(Qt::BackgroundRole).value<QBrush>().color() != highlightColor());
    QCOMPARE(proxy.index(2, 0).data().toString(), QStringLiteral("F"));
}

void TestAnonymizationModels::hierarchyModelEdits() {
    HierarchyModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    model.setRows({{"53715", "5371*", "*"}, {"53710", "5371*", "*"}});
    QCOMPARE(model.rowCount(), 2);
    QCOMPARE(model.columnCount(), 3);
    QCOMPARE(model.headerData(1, Qt::Horizontal).toString(), QStringLiteral("Level 1"));
    QSignalSpy edited(&model, &HierarchyModel::edited);
    QVERIFY(model.setData(model.index(1, 1), QStringLiteral("537**")));
    QCOMPARE(edited.count(), 1);
    QVERIFY(!model.setData(model.index(1, 1), QStringLiteral("537**")));  // no change, no edit
    QCOMPARE(model.rows()[1][1], std::string("537**"));
}

void TestAnonymizationModels::classSizeChart() {
    std::unique_ptr<QChart> chart(ClassSizeChartBuilder::build(smallClasses(), 2));
    // kept classes, suppressed classes, the k line.
    QCOMPARE(chart->series().size(), 3);
    auto* kept = qobject_cast<QLineSeries*>(chart->series().at(0));
    QVERIFY(kept);
    // Kept sizes sorted: 2 (rank 2) and 3 (rank 3); the suppressed class of size 1 is rank 1.
    QCOMPARE(kept->count(), 2);
    QCOMPARE(kept->at(0), QPointF(2, 2));
    QCOMPARE(kept->at(1), QPointF(3, 3));
    auto* kLine = qobject_cast<QLineSeries*>(chart->series().at(2));
    QCOMPARE(kLine->name(), QStringLiteral("k = 2"));
    QCOMPARE(kLine->at(0).y(), 2.0);
    QCOMPARE(chart->axes(Qt::Vertical).size(), 1);
    QVERIFY(!chart->axes(Qt::Vertical).first()->titleText().isEmpty());
    QVERIFY(!chart->axes(Qt::Horizontal).first()->titleText().isEmpty());
}

void TestAnonymizationModels::latticeScene() {
    // Two QIs of heights 2 and 1: 3 x 2 = 6 nodes.
    anonymity::GeneralizationLattice lattice({2, 1});
    lattice.node(lattice.indexOf({0, 0})).status = anonymity::NodeStatus::NotAnonymous;
    lattice.node(lattice.indexOf({1, 1})).status = anonymity::NodeStatus::Anonymous;
    lattice.node(lattice.indexOf({1, 1})).optimum = true;
    QGraphicsScene scene;
    LatticeSceneBuilder::build(lattice, lattice.indexOf({2, 0}), &scene);
    int nodes = 0;
    for (QGraphicsItem* item : scene.items()) {
        const QVariant index = item->data(LatticeSceneBuilder::kNodeIndexKey);
        if (!index.isValid()) continue;
        ++nodes;
        auto* rect = qgraphicsitem_cast<QGraphicsRectItem*>(item);
        QVERIFY(rect);
        const std::size_t i = std::size_t(index.toULongLong());
        QCOMPARE(rect->brush().color(), LatticeSceneBuilder::displayColor(lattice.display(i)));
        if (i == lattice.indexOf({2, 0})) QCOMPARE(rect->pen().widthF(), 3.5);
    }
    QCOMPARE(nodes, 6);
    QCOMPARE(LatticeSceneBuilder::displayColor(lattice.display(lattice.indexOf({1, 1}))),
             LatticeSceneBuilder::displayColor(anonymity::NodeDisplay::Optimum));
    // Labels: digits while every hierarchy has fewer than 10 levels; separated once one has 10 or
    // more, where "1012" could be (10, 1, 2) or (1, 0, 1, 2) (issue 18).
    QCOMPARE(LatticeSceneBuilder::nodeLabel(lattice, lattice.indexOf({2, 1})), QStringLiteral("21"));
    const anonymity::GeneralizationLattice tall({12, 1, 2});
    QCOMPARE(LatticeSceneBuilder::nodeLabel(tall, tall.indexOf({10, 1, 2})), QStringLiteral("10,1,2"));
    QCOMPARE(LatticeSceneBuilder::nodeLabel(tall, tall.indexOf({1, 0, 2})), QStringLiteral("1,0,2"));
}

void TestAnonymizationModels::settingsCommandMerges() {
    QUndoStack stack;
    AnonymizationState state(&stack);
    AnonymizationSettings s = state.settings();
    s.k = 3;
    state.edit(s, QStringLiteral("k 3"), 1);
    s.k = 4;
    state.edit(s, QStringLiteral("k 4"), 1);
    s.suppressionLimit = 0.1;
    state.edit(s, QStringLiteral("suppression"), 2);
    QCOMPARE(stack.count(), 2);
    stack.undo();
    QCOMPARE(state.settings().suppressionLimit, 0.0);
    QCOMPARE(state.settings().k, 4);
    stack.undo();
    QCOMPARE(state.settings().k, 5);
    stack.redo();
    QCOMPARE(state.settings().k, 4);
}

void TestAnonymizationModels::compositionOnSeedReleases_data() {
    QTest::addColumn<int>("firstRow");
    QTest::addColumn<int>("secondRow");
    QTest::addColumn<QStringList>("expected");
    // Seed 002: Alice (28, 13012) is in class "<30" of (a) {AIDS, Heart Disease, Viral Infection}
    // and "<35" of (b) {AIDS, Tuberculosis, Flu, Cancer}: only AIDS is in both.
    QTest::newRow("Alice, 28: disclosed") << 0 << 0 << QStringList{"AIDS"};
    // Adi (58): ">=40" of (a) {Cancer, Heart Disease, Viral Infection} and ">=35" of (b)
    // {Cancer, Tuberculosis, Viral Infection}: two values remain.
    QTest::newRow("Adi, 58: two values left") << 4 << 6 << QStringList{"Cancer", "Viral Infection"};
}

void TestAnonymizationModels::compositionOnSeedReleases() {
    QFETCH(int, firstRow);
    QFETCH(int, secondRow);
    QFETCH(QStringList, expected);
    const auto a =
        seedRelease({"AIDS", "Heart Disease", "Viral Infection", "Viral Infection", "Cancer", "Heart Disease",
                     "Viral Infection", "Viral Infection", "Cancer", "Cancer", "Cancer", "Cancer"},
                    {0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2});
    const auto b = seedRelease({"AIDS", "Tuberculosis", "Flu", "Tuberculosis", "Cancer", "Cancer", "Cancer", "Cancer",
                                "Cancer", "Tuberculosis", "Viral Infection", "Viral Infection"},
                               {0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 1, 1});
    auto report = anonymity::compositionAttack({&a.table, &a.classes}, std::size_t(firstRow), {&b.table, &b.classes},
                                               std::size_t(secondRow), "condition");
    QVERIFY2(report.isOk(), report.status().message().c_str());
    QStringList got;
    for (const auto& v : report->intersection) got << QString::fromStdString(v);
    QCOMPARE(got, expected);
    QCOMPARE(report->firstClassSize, std::size_t(4));
    QCOMPARE(report->secondClassSize, std::size_t(6));
}

void TestAnonymizationModels::compositionErrors() {
    const auto a = seedRelease({"x", "y"}, {0, 0});
    auto outOfRange = anonymity::compositionAttack({&a.table, &a.classes}, 5, {&a.table, &a.classes}, 0, "condition");
    QVERIFY(!outOfRange.isOk());
    QVERIFY(outOfRange.status().message().find("record 5") != std::string::npos);
    auto unknown = anonymity::compositionAttack({&a.table, &a.classes}, 0, {&a.table, &a.classes}, 0, "disease");
    QVERIFY(!unknown.isOk());
    QVERIFY(unknown.status().message().find("disease") != std::string::npos);
    const std::vector<std::uint32_t> shortClasses{0};
    auto mismatch = anonymity::compositionAttack({&a.table, &shortClasses}, 0, {&a.table, &a.classes}, 0, "condition");
    QVERIFY(!mismatch.isOk());
}

QTEST_MAIN(TestAnonymizationModels)
#include "tst_anonymization_models.moc"
