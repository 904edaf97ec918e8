// The Graph view's pieces on hand-built inputs: the three item models under
// QAbstractItemModelTester, the degree-sequence chart builder on Hay et al.'s example, and the
// undoable parameter command (merging slider drags).
#include "charts/graph/degree_sequence_chart_builder.h"
#include "views/graph/graph_parameters.h"
#include "views/graph/graph_parameters.h"
#include "views/graph/release_model.h"
#include "views/graph/sensitivity_model.h"
#include "views/graph/statistics_model.h"

#include "veil/graph/graph.h"

#include <QAbstractItemModelTester>
#include <QChart>
#include <QTest>
#include <QUndoStack>
#include <QXYSeries>

#include <memory>

using namespace veil;
using namespace veil::ui;

namespace {

// A star with centre 0 and 4 leaves plus the edge {1, 2}: n = 5, m = 5, one triangle.
std::shared_ptr<const graph::Graph> starPlusEdge() {
    auto g = graph::Graph::fromPairs(5, {{0, 1}, {0, 2}, {0, 3}, {0, 4}, {1, 2}});
    return std::make_shared<const graph::Graph>(std::move(*g));
}

}  // namespace

class TestGraphModels : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void statisticsModelShowsSummary();
    void sensitivityModelFollowsK();
    void releaseModelMarksSeeded_data();
    void releaseModelMarksSeeded();
    void chartShowsHayExample();
    void parameterCommandUndoesAndMerges();
};

void TestGraphModels::statisticsModelShowsSummary() {
    StatisticsModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    GraphAnalysis a;
    a.graph = starPlusEdge();
    a.summary.nodes = 5;
    a.summary.edges = 5;
    a.summary.maxDegree = 4;
    a.summary.triangles = 1;
    a.summary.twoStars = 8;  // C(4,2) + 1 + 1 = 8
    model.setAnalysis(a);
    QCOMPARE(model.valueOf("nodes"), QStringLiteral("5"));
    QCOMPARE(model.valueOf("average-degree"), QStringLiteral("2.00"));  // 2m/n = 10/5
    QCOMPARE(model.valueOf("two-stars"), QStringLiteral("8"));
    QCOMPARE(model.valueOf("no-such-row"), QString());
    model.clear();
    QCOMPARE(model.rowCount(), 0);
}

void TestGraphModels::sensitivityModelFollowsK() {
    SensitivityModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    graph::SensitivityRow tri;
    tri.statistic = "triangles";
    tri.value = 1;
    tri.gsEdge = {3, "n - 2"};
    tri.rsEdge = {2, "k - 1"};
    tri.rsNode = {27, "|P| k^(|P|-1) = 3 k^2"};
    model.setRows({tri}, 3);
    QCOMPARE(model.cell("triangles", SensitivityModel::GsEdge).data().toString(), QStringLiteral("3\nn - 2"));
    QCOMPARE(model.index(SensitivityModel::RsEdge, 0).data().toString(), QStringLiteral("RS edge (H_3)"));
    QCOMPARE(model.headerData(1, Qt::Horizontal).toString(), QStringLiteral("triangles"));
    model.setK(6);  // closed forms from core: k - 1 = 5 (edge), 3 k^2 = 108 (node)
    QCOMPARE(model.cell("triangles", SensitivityModel::RsEdge).data(SensitivityModel::NumberRole).toDouble(), 5.0);
    QCOMPARE(model.cell("triangles", SensitivityModel::RsNode).data(SensitivityModel::NumberRole).toDouble(), 108.0);
    QCOMPARE(model.index(SensitivityModel::RsEdge, 0).data().toString(), QStringLiteral("RS edge (H_6)"));
    QCOMPARE(model.columnOf("triangles"), 1);
    QCOMPARE(model.columnOf("edges"), -1);
    QVERIFY(!model.cell("edges", SensitivityModel::GsEdge).isValid());
}

void TestGraphModels::releaseModelMarksSeeded_data() {
    QTest::addColumn<bool>("seeded");
    QTest::newRow("secure random: no mark") << false;
    QTest::newRow("fixed seed: marked") << true;
}

void TestGraphModels::releaseModelMarksSeeded() {
    QFETCH(bool, seeded);
    ReleaseModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    graph::ReleaseResult r;
    r.trueValue = 45;
    r.projectedValue = 45;
    r.releases = {47.5};
    r.noiseScale = 32;
    r.sensitivity = 32;
    r.sensitivityFormula = "n - 2";
    r.guarantee = "(1, 0) edge-DP";
    std::vector<ReleaseModel::Entry> entries;
    entries.push_back({"global", r});
    entries.push_back({"broken", Result<graph::ReleaseResult>(Status::invalidArgument("delta required"))});
    model.setEntries(std::move(entries), seeded);
    QCOMPARE(model.columnCount(), 3);
    QCOMPARE(model.headerData(1, Qt::Horizontal).toString(), QStringLiteral("global"));
    QCOMPARE(model.cell(0, ReleaseModel::ScaleRow).data(ReleaseModel::NumberRole).toDouble(), 32.0);
    QCOMPARE(model.cell(0, ReleaseModel::ErrorRow).data(ReleaseModel::NumberRole).toDouble(), 2.5);
    QCOMPARE(model.cell(0, ReleaseModel::GuaranteeRow).data().toString().contains("seeded - not for release"), seeded);
    QCOMPARE(model.cell(1, ReleaseModel::SensitivityRow).data().toString(), QStringLiteral("delta required"));
    model.clear();
    QCOMPARE(model.rowCount(), 0);
}

void TestGraphModels::chartShowsHayExample() {
    // Hay et al. 2009: noisy [1, 9, 4, 3, 4] post-processes to [1, 5, 5, 5, 5].
    graph::DegreeSequenceRelease r;
    r.trueSorted = {1, 2, 4, 4, 5};
    r.noisy = {1, 9, 4, 3, 4};
    r.postProcessed = {1, 5, 5, 5, 5};
    r.noiseScale = 2;
    r.epsilon = 1;
    std::unique_ptr<QChart> chart(DegreeSequenceChartBuilder::build(r, "Hay"));
    QCOMPARE(chart->title(), QStringLiteral("Hay"));
    const auto series = chart->series();
    QCOMPARE(series.size(), 3);
    QStringList names;
    for (auto* s : series) {
        names << s->name();
        QCOMPARE(static_cast<QXYSeries*>(s)->count(), 5);
    }
    QVERIFY(names.contains("True"));
    auto* fitted = static_cast<QXYSeries*>(series.at(2));
    QCOMPARE(fitted->at(1).y(), 5.0);
    QCOMPARE(chart->axes(Qt::Vertical).size(), 1);
    QVERIFY(!chart->axes(Qt::Horizontal).first()->titleText().isEmpty());
}

void TestGraphModels::parameterCommandUndoesAndMerges() {
    GraphParameters parameters;
    QUndoStack stack;
    pushGraphParameter(&stack, &parameters, GraphParameters::K, 7);
    pushGraphParameter(&stack, &parameters, GraphParameters::K, 8);  // a drag: merges
    pushGraphParameter(&stack, &parameters, GraphParameters::K, 8);  // no-op: not pushed
    QCOMPARE(stack.count(), 1);
    QCOMPARE(parameters.k(), 8);
    pushGraphParameter(&stack, &parameters, GraphParameters::Privacy, QStringLiteral("node"));
    QCOMPARE(stack.count(), 2);
    stack.undo();
    QCOMPARE(parameters.privacy(), QStringLiteral("edge"));
    stack.undo();
    QCOMPARE(parameters.k(), 5);
    stack.redo();
    QCOMPARE(parameters.k(), 8);
}

QTEST_MAIN(TestGraphModels)
#include "tst_graph_models.moc"
