// The lattice explorer of the Anonymize view on hand-built lattices: Hasse edges under the nodes,
// nodes sized by loss, every node of a wide level drawn, zoom and fit, level names from the
// hierarchies, and the sortable list of transformations that selects nodes, filtered by anonymity,
// loss, height and levels per QI.
// With VEIL_LATTICE_SCREENSHOT=<png> it also runs adult with its 9 hierarchies and saves the page.
#include "charts/anonymization/lattice_level_names.h"
#include "charts/anonymization/lattice_scene_builder.h"
#include "views/anonymization/anonymization_state.h"
#include "views/anonymization/lattice_comparison.h"
#include "views/anonymization/lattice_filter_bar.h"
#include "views/anonymization/lattice_node_filter.h"
#include "views/anonymization/lattice_page.h"
#include "views/anonymization/lattice_transformation_model.h"
#include "views/anonymization/lattice_view.h"

#include "veil/hierarchy/hierarchy_io.h"
#include "veil/table/csv_reader.h"

#include <QAbstractItemModelTester>
#include <QApplication>
#include <QAction>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QLabel>
#include <QMenu>
#include <QSpinBox>
#include <QGraphicsItem>
#include <QGraphicsScene>
#include <QGraphicsSimpleTextItem>
#include <QSignalSpy>
#include <QSortFilterProxyModel>
#include <QTableWidget>
#include <QFontMetrics>
#include <QHeaderView>
#include <QTableView>
#include <QTest>
#include <QUndoStack>
#include <QWheelEvent>

#include <limits>
#include <map>
#include <set>
#include <memory>

using namespace veil;
using namespace veil::ui;

namespace {

std::vector<QGraphicsItem*> nodeItems(QGraphicsScene& scene) {
    std::vector<QGraphicsItem*> nodes;
    for (QGraphicsItem* item : scene.items())
        if (item->data(LatticeSceneBuilder::kNodeIndexKey).isValid()) nodes.push_back(item);
    return nodes;
}

hierarchy::Hierarchy ageHierarchy() {
    return *hierarchy::Hierarchy::fromRows(
        "age", {{"23", "20-29", "*"}, {"27", "20-29", "*"}, {"35", "30-39", "*"}, {"41", "40-49", "*"}});
}

hierarchy::Hierarchy sexHierarchy() { return *hierarchy::Hierarchy::fromRows("sex", {{"F", "*"}, {"M", "*"}}); }

// A finished search over age (height 2) and sex (height 1): [0,0] and [1,0] not anonymous, the
// rest anonymous with loss = height / 3, optimum [0,1].
std::shared_ptr<AnonymizationRun> handMadeRun() {
    auto run = std::make_shared<AnonymizationRun>();
    run->config.quasiIdentifiers = {{"age", ageHierarchy()}, {"sex", sexHierarchy()}};
    auto& r = run->result;
    r.algorithm = anonymity::Algorithm::Optimal;
    r.quasiIdentifiers = {"age", "sex"};
    r.lattice = anonymity::GeneralizationLattice({2, 1});
    for (std::size_t i = 0; i < r.lattice.size(); ++i) {
        auto& n = r.lattice.node(i);
        const auto levels = r.lattice.levelsOf(i);
        const bool anonymous = levels != std::vector<int>{0, 0} && levels != std::vector<int>{1, 0};
        n.status = anonymous ? anonymity::NodeStatus::Anonymous : anonymity::NodeStatus::NotAnonymous;
        n.checked = true;
        if (anonymous) n.informationLoss = r.lattice.heightOf(i) / 3.0;
    }
    r.found = true;
    r.optimumIndex = r.lattice.indexOf({0, 1});
    r.lattice.node(r.optimumIndex).optimum = true;
    r.transformation = {0, 1};
    return run;
}

}  // namespace

class TestLatticeExplorer : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void hasseEdgesUnderNodes_data();
    void hasseEdgesUnderNodes();
    void nodesSizedByLoss();
    void everyNodeOfAWideLevelIsDrawn();
    void zoomAndFit();
    void levelNamesFromHierarchy();
    void transformationListSortsAndSelects();
    void statusAndLossNeverElided();
    void filterAnonymousOnly();
    void filterByLossHeightAndLevels();
    void twoSolutionsSideBySide();
    void screenshotAdult();
};

void TestLatticeExplorer::hasseEdgesUnderNodes_data() {
    QTest::addColumn<std::vector<int>>("maxLevels");
    QTest::addColumn<int>("edges");
    // Edges = sum over dimensions of (nodes with that level below its top): {2,1}: 2*2 + 3*1.
    QTest::newRow("2x1") << std::vector<int>{2, 1} << 7;
    QTest::newRow("single node") << std::vector<int>{0} << 0;
    // {3,2,2}: 3*3*3 + 4*2*3 + 4*3*2 = 27 + 24 + 24.
    QTest::newRow("3x2x2") << std::vector<int>{3, 2, 2} << 75;
}

void TestLatticeExplorer::hasseEdgesUnderNodes() {
    QFETCH(std::vector<int>, maxLevels);
    QFETCH(int, edges);
    anonymity::GeneralizationLattice lattice(maxLevels);
    QGraphicsScene scene;
    LatticeSceneBuilder::build(lattice, std::nullopt, &scene);
    int drawn = 0;
    double topEdgeZ = -1e9, lowestNodeZ = 1e9;
    for (QGraphicsItem* item : scene.items()) {
        if (item->data(LatticeSceneBuilder::kEdgeCountKey).isValid()) {
            drawn += item->data(LatticeSceneBuilder::kEdgeCountKey).toInt();
            topEdgeZ = std::max(topEdgeZ, item->zValue());
        }
        if (item->data(LatticeSceneBuilder::kNodeIndexKey).isValid())
            lowestNodeZ = std::min(lowestNodeZ, item->zValue());
    }
    QCOMPARE(drawn, edges);
    if (edges > 0) QVERIFY2(topEdgeZ < lowestNodeZ, "edges must be drawn under the nodes");
}

void TestLatticeExplorer::nodesSizedByLoss() {
    auto run = handMadeRun();
    const auto& lattice = run->result.lattice;
    QGraphicsScene scene;
    LatticeSceneBuilder::build(lattice, std::nullopt, &scene);
    std::map<std::size_t, double> width;
    for (QGraphicsItem* item : nodeItems(scene)) {
        auto* rect = qgraphicsitem_cast<QGraphicsRectItem*>(item);
        QVERIFY(rect);
        const auto i = std::size_t(item->data(LatticeSceneBuilder::kNodeIndexKey).toULongLong());
        QCOMPARE(rect->brush().color(), LatticeSceneBuilder::displayColor(lattice.display(i)));
        width[i] = rect->rect().width();
    }
    QCOMPARE(width.size(), lattice.size());
    // Loss grows with height among anonymous nodes: [0,1] (1/3) < [1,1] (2/3) < [2,1] (1).
    QVERIFY(width[lattice.indexOf({0, 1})] < width[lattice.indexOf({1, 1})]);
    QVERIFY(width[lattice.indexOf({1, 1})] < width[lattice.indexOf({2, 1})]);
    QCOMPARE(LatticeSceneBuilder::sizeFactor(std::nan(""), 0, 1), 0.6);
    QCOMPARE(LatticeSceneBuilder::sizeFactor(1, 0, 1), 1.4);
}

void TestLatticeExplorer::everyNodeOfAWideLevelIsDrawn() {
    // 5*4*4*3*3*3 = 2160 nodes; the middle heights hold far more than 60 nodes each.
    anonymity::GeneralizationLattice lattice({4, 3, 3, 2, 2, 2});
    QGraphicsScene scene;
    LatticeSceneBuilder::build(lattice, std::nullopt, &scene);
    QCOMPARE(nodeItems(scene).size(), lattice.size());
    for (QGraphicsItem* item : scene.items())
        if (auto* text = qgraphicsitem_cast<QGraphicsSimpleTextItem*>(item))
            QVERIFY2(!text->text().contains(QStringLiteral("more")), qPrintable(text->text()));
}

void TestLatticeExplorer::zoomAndFit() {
    anonymity::GeneralizationLattice lattice({4, 3, 3, 2, 2, 2});
    QGraphicsScene scene;
    LatticeSceneBuilder::build(lattice, std::nullopt, &scene);
    LatticeView view;
    view.setScene(&scene);
    view.resize(600, 400);
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));
    view.fitAll();
    const double before = view.zoom();
    const QPointF pos = view.viewport()->rect().center();
    QWheelEvent wheel(pos, view.viewport()->mapToGlobal(pos), QPoint(), QPoint(0, 120), Qt::NoButton,
                      Qt::ControlModifier, Qt::NoScrollPhase, false);
    QApplication::sendEvent(view.viewport(), &wheel);
    QVERIFY2(view.zoom() > before * 1.1, qPrintable(QStringLiteral("%1 -> %2").arg(before).arg(view.zoom())));
    view.fitToView();
    const QRect shown = view.mapFromScene(scene.itemsBoundingRect()).boundingRect();
    QVERIFY2(view.viewport()->rect().adjusted(-8, -8, 8, 8).contains(shown),
             qPrintable(QStringLiteral("%1,%2 %3x%4 not in %5x%6")
                            .arg(shown.x())
                            .arg(shown.y())
                            .arg(shown.width())
                            .arg(shown.height())
                            .arg(view.viewport()->width())
                            .arg(view.viewport()->height())));
    QVERIFY(view.zoom() < before);
}

void TestLatticeExplorer::levelNamesFromHierarchy() {
    const auto age = ageHierarchy();
    QCOMPARE(LatticeLevelNames::levelName(age, 0), QStringLiteral("original"));
    QCOMPARE(LatticeLevelNames::levelName(age, 1), QStringLiteral("20-29, … 3 groups"));
    QCOMPARE(LatticeLevelNames::levelName(age, 2), QStringLiteral("*"));
    auto run = handMadeRun();
    const auto names = LatticeLevelNames::fromConfig(run->config, {"age", "sex"}, {2, 1});
    QCOMPARE(names.describe({1, 1}), QStringLiteral("age: 20-29, … 3 groups, sex: *"));
    QCOMPARE(names.describe({0, 0}), QStringLiteral("original (no generalization)"));
    QCOMPARE(names.describe({0, 1}), QStringLiteral("sex: *"));  // QIs kept as they are are left out
    // A vector that does not fit the names falls back to the raw levels.
    QCOMPARE(names.describe({1}), QStringLiteral("[1]"));
}

void TestLatticeExplorer::transformationListSortsAndSelects() {
    QUndoStack stack;
    AnonymizationState state(&stack);
    LatticePage page(&state);
    page.resize(1000, 600);
    state.setRun(handMadeRun());
    QAbstractItemModelTester tester(page.model(), QAbstractItemModelTester::FailureReportingMode::QtTest);
    const auto& lattice = state.searchLattice();
    QCOMPARE(page.proxy()->rowCount(), int(lattice.size()));
    page.table()->sortByColumn(LatticeTransformationModel::LossColumn, Qt::AscendingOrder);
    const QModelIndex first = page.proxy()->index(0, LatticeTransformationModel::TransformationColumn);
    QCOMPARE(first.data().toString(), QStringLiteral("sex: *"));  // the optimum, loss 1/3
    page.table()->sortByColumn(LatticeTransformationModel::LevelColumn, Qt::DescendingOrder);
    QCOMPARE(page.proxy()->index(0, 0).data().toString(), QStringLiteral("age: *, sex: *"));
    // A node the search did not visit (models that are not monotonic) shows its loss bound.
    {
        auto unvisited = handMadeRun();
        auto& top = unvisited->result.lattice.node(unvisited->result.lattice.size() - 1);
        top.status = anonymity::NodeStatus::Unknown;
        top.checked = false;
        top.informationLoss = std::numeric_limits<double>::quiet_NaN();
        top.lowerBound = 0.75;
        LatticeTransformationModel model;
        model.setLattice(unvisited->result.lattice, {});
        const int last = int(unvisited->result.lattice.size()) - 1;
        QCOMPARE(model.index(last, LatticeTransformationModel::LossColumn).data().toString(), QStringLiteral("≥ 0.75"));
        QCOMPARE(model.index(last, LatticeTransformationModel::AnonymousColumn).data().toString(),
                 QStringLiteral("not visited"));
        QCOMPARE(model.index(0, LatticeTransformationModel::LossColumn).data().toString(), QStringLiteral("–"));
    }
    // Selecting a row selects (only) its node in the diagram.
    const QModelIndex row = page.proxy()->index(2, 0);
    page.table()->selectionModel()->setCurrentIndex(row,
                                                    QItemSelectionModel::ClearAndSelect | QItemSelectionModel::Rows);
    const auto selected = page.scene()->selectedItems();
    QCOMPARE(selected.size(), 1);
    QCOMPARE(selected.front()->data(LatticeSceneBuilder::kNodeIndexKey).toULongLong(),
             row.data(LatticeTransformationModel::NodeIndexRole).toULongLong());
    // Tooltips name the levels too.
    for (QGraphicsItem* item : nodeItems(*page.scene()))
        QVERIFY2(item->toolTip().contains(QStringLiteral("sex: *")) ||
                     item->toolTip().contains(QStringLiteral("age: ")) ||
                     item->toolTip().contains(QStringLiteral("original (no")),
                 qPrintable(item->toolTip()));
}

// The status, loss and level columns fit their texts whenever the lattice arrives, the page hidden
// included (sizing to the contents measured the rows in view: none, and a loss read "0....98").
void TestLatticeExplorer::statusAndLossNeverElided() {
    QUndoStack stack;
    AnonymizationState state(&stack);
    LatticePage page(&state);  // never shown
    auto run = handMadeRun();
    run->result.lattice.node(run->result.lattice.indexOf({2, 1})).informationLoss = 0.123456789e-300;
    state.setRun(run);
    const QFontMetrics fm = page.table()->fontMetrics();
    const QHeaderView* header = page.table()->horizontalHeader();
    for (int c : {LatticeTransformationModel::AnonymousColumn, LatticeTransformationModel::LossColumn,
                  LatticeTransformationModel::LevelColumn})
        for (int r = 0; r < page.proxy()->rowCount(); ++r) {
            const QString text = page.proxy()->index(r, c).data().toString();
            const int icon = c == LatticeTransformationModel::AnonymousColumn ? 16 : 0;  // the status square
            QVERIFY2(icon + fm.horizontalAdvance(text) + 2 * fm.averageCharWidth() <= header->sectionSize(c),
                     qPrintable(QStringLiteral("column %1 (%2 px): %3").arg(c).arg(header->sectionSize(c)).arg(text)));
        }
    state.setRun(handMadeRun());  // a second run resets the model: the widths stay
    QVERIFY(header->sectionSize(LatticeTransformationModel::LossColumn) >=
            fm.horizontalAdvance(QStringLiteral("1.2346e-301")));
}

void TestLatticeExplorer::filterAnonymousOnly() {
    QUndoStack stack;
    AnonymizationState state(&stack);
    LatticePage page(&state);
    state.setRun(handMadeRun());
    QCOMPARE(page.proxy()->rowCount(), 6);
    page.filter()->setCurrentIndex(1);
    QCOMPARE(page.proxy()->rowCount(), 4);
    for (QGraphicsItem* item : nodeItems(*page.scene())) {
        const auto i = std::size_t(item->data(LatticeSceneBuilder::kNodeIndexKey).toULongLong());
        const bool anonymous = state.searchLattice().node(i).status == anonymity::NodeStatus::Anonymous;
        QCOMPARE(item->opacity() == 1.0, anonymous);
    }
    page.filter()->setCurrentIndex(0);
    QCOMPARE(page.proxy()->rowCount(), 6);
}

// The hand-made lattice [age 0-2, sex 0-1]: losses [0,1] 1/3, [1,1] 2/3, [2,0] 2/3, [2,1] 1,
// [0,0] and [1,0] none (not anonymous). Each filter's rows counted by hand; the diagram dims
// exactly the nodes the list hides; Reset shows all again.
void TestLatticeExplorer::filterByLossHeightAndLevels() {
    QUndoStack stack;
    AnonymizationState state(&stack);
    LatticePage page(&state);
    state.setRun(handMadeRun());
    LatticeFilterBar* bar = page.filterBar();
    const auto& lattice = state.searchLattice();
    auto shownNodes = [&] {
        std::set<std::vector<int>> rows;
        for (int r = 0; r < page.proxy()->rowCount(); ++r)
            rows.insert(lattice.levelsOf(
                std::size_t(page.proxy()->index(r, 0).data(LatticeTransformationModel::NodeIndexRole).toULongLong())));
        for (QGraphicsItem* item : nodeItems(*page.scene())) {
            const auto i = std::size_t(item->data(LatticeSceneBuilder::kNodeIndexKey).toULongLong());
            if ((item->opacity() == 1.0) != bool(rows.count(lattice.levelsOf(i)))) return std::set<std::vector<int>>{};
        }
        return rows;
    };
    using Nodes = std::set<std::vector<int>>;
    QCOMPARE(bar->minLossSpin()->minimum(), 0.3333);
    QCOMPARE(bar->maxLossSpin()->maximum(), 1.0);
    bar->minLossSpin()->setValue(0.5);
    QCOMPARE(shownNodes(), (Nodes{{1, 1}, {2, 0}, {2, 1}}));
    QVERIFY(bar->countLabel()->text().contains(QStringLiteral("3 of 6 shown")));
    bar->minLossSpin()->setValue(bar->minLossSpin()->minimum());
    bar->maxLossSpin()->setValue(0.5);  // nodes without a loss are hidden once the range is narrowed
    QCOMPARE(shownNodes(), (Nodes{{0, 1}}));
    bar->reset();
    QCOMPARE(page.proxy()->rowCount(), 6);
    QCOMPARE(bar->maxHeightSpin()->maximum(), 3);
    bar->minHeightSpin()->setValue(2);
    QCOMPARE(shownNodes(), (Nodes{{1, 1}, {2, 0}, {2, 1}}));
    bar->maxHeightSpin()->setValue(2);
    QCOMPARE(shownNodes(), (Nodes{{1, 1}, {2, 0}}));
    bar->reset();
    // Levels: age's submenu, level 2 ("*") unchecked.
    const QList<QAction*> qis = bar->levelsMenu()->actions();
    QCOMPARE(qis.size(), 2);
    QCOMPARE(qis[0]->text(), QStringLiteral("age"));
    QAction* ageStar = qis[0]->menu()->actions().at(2);
    QVERIFY(ageStar->text().startsWith(QStringLiteral("2: ")));
    ageStar->trigger();
    QVERIFY(!ageStar->isChecked());
    QCOMPARE(shownNodes(), (Nodes{{0, 0}, {0, 1}, {1, 0}, {1, 1}}));
    page.filter()->setCurrentIndex(1);  // and anonymous only
    QCOMPARE(shownNodes(), (Nodes{{0, 1}, {1, 1}}));
    bar->reset();
    QVERIFY(ageStar->isChecked());
    QCOMPARE(page.proxy()->rowCount(), 4);  // Reset keeps the anonymity choice
    page.filter()->setCurrentIndex(0);
    QCOMPARE(page.proxy()->rowCount(), 6);
    QVERIFY(bar->countLabel()->text().contains(QStringLiteral("6 transformation")));
}

// Four records (23,F) (27,F) (35,M) (41,M), k = 2, at most 2 suppressed. By hand: [1,0] (decades,
// sex) gives classes (20-29,F)x2, (30-39,M), (40-49,M): 2 suppressed, 1 class kept of size 2;
// [2,0] (age *, sex) gives (*,F)x2, (*,M)x2: nothing suppressed, 2 classes of size 2.
void TestLatticeExplorer::twoSolutionsSideBySide() {
    auto run = std::make_shared<AnonymizationRun>();
    Column::Builder age("age", ColumnType::Categorical, 4), sex("sex", ColumnType::Categorical, 4);
    for (const char* a : {"23", "27", "35", "41"}) age.appendCategory(a);
    for (const char* x : {"F", "F", "M", "M"}) sex.appendCategory(x);
    run->input = Table({age.finish(), sex.finish()});
    run->config.quasiIdentifiers = {{"age", ageHierarchy()}, {"sex", sexHierarchy()}};
    run->config.models.k = 2;
    run->config.suppressionLimit = 0.5;
    auto result = anonymity::anonymize(run->input, run->config);
    QVERIFY(result);
    run->result = std::move(*result);
    QUndoStack stack;
    AnonymizationState state(&stack);
    LatticePage page(&state);
    state.setRun(run);
    const auto& lattice = state.searchLattice();
    QVERIFY(page.comparison()->table()->isHidden());
    QSignalSpy done(page.comparison(), &LatticeComparison::evaluated);
    auto selectBoth = [&] {
        for (const auto& levels : {std::vector<int>{1, 0}, std::vector<int>{2, 0}}) {
            const std::size_t node = lattice.indexOf(levels);
            for (int r = 0; r < page.proxy()->rowCount(); ++r) {
                const QModelIndex i = page.proxy()->index(r, 0);
                if (i.data(LatticeTransformationModel::NodeIndexRole).toULongLong() == node)
                    page.table()->selectionModel()->select(i, QItemSelectionModel::Select | QItemSelectionModel::Rows);
            }
        }
    };
    selectBoth();
    QVERIFY(done.wait(5000));
    QTableWidget* t = page.comparison()->table();
    QVERIFY(!t->isHidden());
    QCOMPARE(t->rowCount(), 2 + 5);
    auto text = [t](int row, int col) { return t->item(row, col)->text(); };
    const int a = t->horizontalHeaderItem(0)->text() == QStringLiteral("Optimum") ? 1 : 0;  // column of [1,0]
    QVERIFY(text(0, a) != text(0, 1 - a));  // age levels differ, in bold
    QVERIFY(t->item(0, 0)->font().bold());
    QCOMPARE(text(1, 0), text(1, 1));  // sex the same, not bold
    QVERIFY(!t->item(1, 0)->font().bold());
    QCOMPARE(text(2, a), QStringLiteral("yes"));
    QCOMPARE(text(4, a), QStringLiteral("2"));  // suppressed
    QCOMPARE(text(4, 1 - a), QStringLiteral("0"));
    QCOMPARE(text(5, a), QStringLiteral("1"));  // classes kept
    QCOMPARE(text(5, 1 - a), QStringLiteral("2"));
    QCOMPARE(text(6, a), QStringLiteral("2"));  // smallest class
    page.table()->clearSelection();
    QVERIFY(t->isHidden());
    // A new run resets the list (and its selection, without selectionChanged): the old run's
    // comparison must not stay on screen.
    selectBoth();
    QVERIFY(done.wait(5000));
    QVERIFY(!t->isHidden());
    state.setRun(handMadeRun());
    QVERIFY(page.table()->selectionModel()->selectedRows().isEmpty());
    QVERIFY(t->isHidden());
}

void TestLatticeExplorer::screenshotAdult() {
    const QString out = qEnvironmentVariable("VEIL_LATTICE_SCREENSHOT");
    if (out.isEmpty()) QSKIP("set VEIL_LATTICE_SCREENSHOT=<png> to render adult's lattice");
    const std::string dir = VEIL_SAMPLES_DIR;
    auto read = readCsvFile(dir + "/adult.csv");
    QVERIFY(read);
    auto run = std::make_shared<AnonymizationRun>();
    run->input = read->table;
    for (const char* qi : {"sex", "age", "race", "marital-status", "education", "native-country", "workclass",
                           "occupation", "salary-class"}) {
        auto h = hierarchy::readHierarchyCsv(dir + "/adult_hierarchy_" + qi + ".csv", qi);
        QVERIFY(h);
        run->config.quasiIdentifiers.push_back({qi, *h});
    }
    run->config.models.k = 5;
    run->config.suppressionLimit = 0.04;
    auto result = anonymity::anonymize(run->input, run->config);
    QVERIFY(result);
    run->result = std::move(*result);
    QUndoStack stack;
    AnonymizationState state(&stack);
    LatticePage page(&state);
    page.resize(1600, 950);
    page.show();
    QVERIFY(QTest::qWaitForWindowExposed(&page));
    state.setRun(run);
    QApplication::processEvents();
    QVERIFY(page.grab().save(out));
    page.view()->fitToView();
    QVERIFY(page.grab().save(QString(out).replace(QStringLiteral(".png"), QStringLiteral("-fit.png"))));
}

QTEST_MAIN(TestLatticeExplorer)
#include "tst_lattice_explorer.moc"
