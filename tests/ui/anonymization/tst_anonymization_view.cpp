// The anonymization view end to end, offscreen, on the adult sample: load the bundled ARX
// hierarchies from the offer bar, build a hierarchy with the interval builder, run k-anonymity
// and compare what is shown with core's own numbers, select a class, click a lattice node,
// undo/redo a parameter edit, cancel a run (the previous result stays), export the release.
#include "ui_test_support.h"
#include "adult_fixture.h"
#include "document/document.h"
#include "models/table_model.h"
#include "views/anonymization/anonymization_job.h"
#include "views/anonymization/anonymization_state.h"
#include "views/anonymization/anonymization_view.h"
#include "views/anonymization/class_colors.h"
#include "views/anonymization/class_list_model.h"
#include "views/anonymization/class_tint_proxy_model.h"
#include "charts/anonymization/lattice_scene_builder.h"
#include "charts/anonymization/mondrian_plot.h"
#include "views/anonymization/attacks_page.h"
#include "views/anonymization/compare_page.h"
#include "views/anonymization/composition_panel.h"
#include "views/anonymization/groups_page.h"
#include "views/anonymization/homogeneity_panel.h"
#include "views/anonymization/lattice_page.h"
#include "views/anonymization/lattice_view.h"
#include "views/anonymization/linkage_panel.h"
#include "views/anonymization/mondrian_page.h"
#include "charts/widget_export.h"
#include "views/anonymization/hierarchy_builder_form.h"
#include "views/anonymization/hierarchy_editor.h"
#include "views/anonymization/hierarchy_model.h"
#include "views/anonymization/models_panel.h"
#include "views/anonymization/release_exporter.h"
#include "workbench/job_monitor.h"

#include "veil/anonymity/anonymization.h"
#include "veil/table/csv_reader.h"

#include <QAbstractItemModelTester>
#include <QChartView>
#include <QGraphicsItem>
#include <QGraphicsScene>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QPushButton>
#include <QRegularExpression>
#include <QSet>
#include <QSignalSpy>
#include <QSpinBox>
#include <QTabWidget>
#include <QTableView>
#include <QTemporaryDir>
#include <QTest>

#include <array>
#include <set>
#include <QTextBrowser>
#include <QUndoStack>

#include <memory>

using namespace veil;
using namespace veil::ui;
using adult_fixture::kAdult;
using adult_fixture::kRunTimeoutMs;

using ui_test::saveScreenshot;

namespace {

// Quasi-identifiers (adult_fixture::kQis): a lattice of 5 x 2 x 2 x 3 x 4 = 240 nodes with the
// bundled ARX hierarchies (age 4 levels, sex 1, race 1, marital-status 2, education 3).

}  // namespace

class TestAnonymizationView : public adult_fixture::ViewSuite {
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void init();
    void cleanup();
    void offersBundledHierarchiesWithUndo();
    void builderBuildsHierarchyWithLivePreview();
    void defaultPreviewNeverRepeatsALevel();
    void runShowsCoreClasses();
    void selectingClassHighlightsBothTables();
    void clickingLatticeNodeUpdatesTables();
    void clickingLatticeNodeInTheViewAppliesIt();
    void mondrianShowsPartitions();
    void linkageReidentifiesOriginalNotRelease();
    void lDiversityRemovesHomogeneousClasses();
    void compositionIntersectsTwoReleases();
    void comparesDistributions();
    void savesChartsAsPngAndSvg();
    void undoRedoParameterEdit();
    void cancelKeepsPreviousResult();
    void exportsReleaseWithManifest();
    void newTableClearsResultAndHierarchies();
    void metricsHaveHumanNamesAndTooltips();
    void screenshots();

private:
    bool runAndWait();
};

void TestAnonymizationView::initTestCase() {
    m_adult = adult_fixture::adultWithRoles();
    QVERIFY(m_adult.rowCount() > 0);
}

void TestAnonymizationView::init() { setUpView(); }

void TestAnonymizationView::cleanup() { tearDownView(); }

bool TestAnonymizationView::runAndWait() { return adult_fixture::runAndWait(*m_view); }

void TestAnonymizationView::offersBundledHierarchiesWithUndo() {
    HierarchyEditor* editor = m_view->hierarchyEditor();
    // resources/samples holds adult_hierarchy_<column>.csv for all 9 columns.
    QCOMPARE(int(editor->bundledHierarchies().size()), 9);
    auto* offer = editor->findChild<QWidget*>(QStringLiteral("hierarchy-offer"));
    QVERIFY(offer && !offer->isHidden());
    auto* load = editor->findChild<QPushButton*>(QStringLiteral("hierarchy-load-bundled"));
    QTest::mouseClick(load, Qt::LeftButton);
    QCOMPARE(int(m_view->state()->settings().hierarchies.size()), 9);
    // adult_hierarchy_age.csv: "1;0-4;0-9;0-19;*" = 4 generalization levels.
    QCOMPARE(m_view->state()->settings().hierarchyFor("age")->height(), 4);
    QVERIFY(offer->isHidden());
    m_document->undoStack()->undo();
    QCOMPARE(int(m_view->state()->settings().hierarchies.size()), 0);
    m_document->undoStack()->redo();
    QCOMPARE(int(m_view->state()->settings().hierarchies.size()), 9);
}

// The builder's default for a categorical column: no level that only repeats the one below it
// (sex used to show "Female-Male" twice before "*"); two values go straight to "*".
void TestAnonymizationView::defaultPreviewNeverRepeatsALevel() {
    m_view->show();  // the editor previews once it is shown
    HierarchyEditor* editor = m_view->hierarchyEditor();
    for (const char* column : {"sex", "race", "marital-status", "workclass", "education"}) {
        editor->selectColumn(QString::fromLatin1(column));
        QTRY_VERIFY(editor->validationLabel()->text().startsWith(QStringLiteral("Valid")));
        const QAbstractItemModel* m = editor->previewModel();
        for (int level = 1; level < m->columnCount(); ++level) {
            bool same = true;
            for (int r = 0; r < m->rowCount() && same; ++r)
                same = m->index(r, level).data() == m->index(r, level - 1).data();
            QVERIFY2(!same, qPrintable(QStringLiteral("%1: level %2 repeats level %3")
                                           .arg(QLatin1String(column))
                                           .arg(level)
                                           .arg(level - 1)));
        }
    }
    editor->selectColumn(QStringLiteral("sex"));
    QTRY_COMPARE(editor->previewModel()->columnCount(), 2);
}

void TestAnonymizationView::builderBuildsHierarchyWithLivePreview() {
    HierarchyEditor* editor = m_view->hierarchyEditor();
    QAbstractItemModelTester tester(editor->previewModel(), QAbstractItemModelTester::FailureReportingMode::QtTest);
    editor->selectColumn(QStringLiteral("age"));
    HierarchyBuilderForm* form = editor->builderForm();
    form->setKind(HierarchyBuilderForm::Intervals);
    form->widthSpin()->setValue(10);
    form->fanoutsEdit()->setText(QStringLiteral("2"));
    // Live preview: adult has 72 distinct ages (17..90, counted with a python one-liner); levels:
    // value, [a,a+10[, two of those merged, "*" = 4 columns.
    QCOMPARE(editor->previewModel()->rowCount(), 72);
    QCOMPARE(editor->previewModel()->columnCount(), 4);
    QVERIFY2(editor->validationLabel()->text().startsWith(QStringLiteral("Valid")),
             qPrintable(editor->validationLabel()->text()));
    // Editing a cell so that one interval has two parents is flagged inline.
    const QModelIndex cell = editor->previewModel()->index(0, 2);
    QVERIFY(editor->previewModel()->setData(cell, QStringLiteral("somewhere else")));
    QVERIFY2(editor->validationLabel()->text().startsWith(QStringLiteral("Invalid")),
             qPrintable(editor->validationLabel()->text()));
    auto* apply = editor->findChild<QPushButton*>(QStringLiteral("hierarchy-apply"));
    QVERIFY(!apply->isEnabled());
    // A bad parameter shows the builder's message, then a good one is applied with undo.
    form->fanoutsEdit()->setText(QStringLiteral("two"));
    QVERIFY(editor->validationLabel()->text().contains(QStringLiteral("'two'")));
    form->fanoutsEdit()->setText(QStringLiteral("2"));
    QVERIFY(apply->isEnabled());
    QTest::mouseClick(apply, Qt::LeftButton);
    QCOMPARE(m_view->state()->settings().hierarchyFor("age")->height(), 3);
    m_document->undoStack()->undo();
    QVERIFY(m_view->state()->settings().hierarchyFor("age") == nullptr);
}

void TestAnonymizationView::runShowsCoreClasses() {
    m_view->hierarchyEditor()->loadBundledHierarchies();
    m_view->modelsPanel()->kSpin()->setValue(5);
    QSignalSpy progress(m_jobs.get(), &JobMonitor::progressChanged);
    QSignalSpy busy(m_jobs.get(), &JobMonitor::busyChanged);
    QVERIFY(runAndWait());
    // The status bar saw the job start, the engine's progress, and the end.
    QVERIFY(progress.count() >= 2);
    QCOMPARE(busy.count(), 2);
    const AnonymizationRun* run = m_view->state()->run();
    QVERIFY(run);
    // Core, called directly with the same plan.
    auto expected = anonymity::anonymize(m_adult, m_view->state()->settings().toConfig(m_adult));
    QVERIFY(expected.isOk());
    QVERIFY(expected->found);
    GroupsPage* groups = m_view->groupsPage();
    QAbstractItemModelTester t1(groups->classModel(), QAbstractItemModelTester::FailureReportingMode::QtTest);
    QAbstractItemModelTester t2(groups->releasedModel(), QAbstractItemModelTester::FailureReportingMode::QtTest);
    QAbstractItemModelTester t3(groups->originalModel(), QAbstractItemModelTester::FailureReportingMode::QtTest);
    QCOMPARE(groups->classModel()->rowCount(), int(expected->classes.classCount()));
    QCOMPARE(run->result.transformation, expected->transformation);
    QCOMPARE(groups->releasedModel()->rowCount(), int(m_adult.rowCount()));
    QVERIFY(groups->summary()->toPlainText().contains(
                QStringLiteral("Equivalence classes%1").arg(expected->classes.classCount())) ||
            groups->summary()->toPlainText().contains(QString::number(expected->classes.classCount())));
    QVERIFY(m_view->statusLabel()->text().startsWith(QString::number(expected->classes.classCount())));
    // Every kept class has at least k = 5 records.
    QVERIFY(expected->classes.minKeptClassSize() >= 5);
    // The released table shows core's output cells.
    const QModelIndex cell = groups->releasedModel()->index(0, 1);
    QCOMPARE(cell.data().toString(), QString::fromStdString(expected->output.column(1).toString(0)));
    QVERIFY(!m_jobs->isBusy());
}

void TestAnonymizationView::selectingClassHighlightsBothTables() {
    m_view->hierarchyEditor()->loadBundledHierarchies();
    QVERIFY(runAndWait());
    GroupsPage* groups = m_view->groupsPage();
    const int classId = int(m_view->state()->run()->result.classes.recordClass[10]);
    groups->classView()->setCurrentIndex(groups->classView()
                                             ->model()
                                             ->match(groups->classView()->model()->index(0, 0),
                                                     ClassListModel::ClassIdRole, classId, 1, Qt::MatchExactly)
                                             .value(0));
    QCOMPARE(m_view->state()->selectedClass(), classId);
    QCOMPARE(groups->originalModel()->highlightedClass(), classId);
    QCOMPARE(groups->releasedModel()->highlightedClass(), classId);
    QCOMPARE(groups->originalModel()->index(10, 0).data(Qt::BackgroundRole).value<QBrush>().color(), highlightColor());
    QCOMPARE(groups->releasedModel()->index(10, 3).data(Qt::BackgroundRole).value<QBrush>().color(), highlightColor());
}

void TestAnonymizationView::clickingLatticeNodeUpdatesTables() {
    m_view->hierarchyEditor()->loadBundledHierarchies();
    QVERIFY(runAndWait());
    const auto before = m_view->state()->runPtr();
    QCOMPARE(int(m_view->state()->searchLattice().size()), 240);
    // The top node [4,1,1,2,3] (table column order sex, age, race, marital-status, education:
    // 1,4,1,2,3) generalizes everything to "*": one class.
    std::vector<int> top = m_view->state()->searchLattice().maxLevels();
    QSignalSpy done(m_view->state(), &AnonymizationState::runChanged);
    m_view->applyTransformation(top);
    QVERIFY(done.wait(kRunTimeoutMs) || done.count() == 1);
    QCOMPARE(m_view->state()->run()->result.transformation, top);
    QCOMPARE(m_view->groupsPage()->classModel()->rowCount(), 1);
    QCOMPARE(m_view->groupsPage()->releasedModel()->index(0, 1).data().toString(), QStringLiteral("*"));
    // The explored lattice is kept and the applied node is the top one.
    QCOMPARE(int(m_view->state()->searchLattice().size()), 240);
    QCOMPARE(*m_view->state()->appliedNode(), m_view->state()->searchLattice().size() - 1);
}

void TestAnonymizationView::clickingLatticeNodeInTheViewAppliesIt() {
    m_view->show();
    m_view->hierarchyEditor()->loadBundledHierarchies();
    QVERIFY(runAndWait());
    m_view->tabs()->setCurrentWidget(m_view->latticePage());
    LatticePage* page = m_view->latticePage();
    const auto& lattice = m_view->state()->searchLattice();
    // Click the node one level above the optimum in its first QI that can still be raised.
    const std::size_t optimum = *m_view->state()->searchOptimum();
    const std::size_t target = lattice.successors(optimum).front();
    QGraphicsItem* node = nullptr;
    for (QGraphicsItem* item : page->scene()->items())
        if (item->data(LatticeSceneBuilder::kNodeIndexKey).isValid() &&
            item->data(LatticeSceneBuilder::kNodeIndexKey).toULongLong() == target)
            node = item;
    QVERIFY(node);
    page->view()->ensureVisible(node);
    const QPoint pos = page->view()->mapFromScene(node->sceneBoundingRect().center());
    QSignalSpy done(m_view->state(), &AnonymizationState::runChanged);
    QTest::mouseClick(page->view()->viewport(), Qt::LeftButton, {}, pos);
    QVERIFY(done.wait(kRunTimeoutMs) || done.count() == 1);
    QCOMPARE(m_view->state()->run()->result.transformation, lattice.levelsOf(target));
    QCOMPARE(*m_view->state()->appliedNode(), target);
    // The tables and the class list follow the applied node: core on the same node agrees.
    auto config = m_view->state()->settings().toConfig(m_adult);
    config.transformation = lattice.levelsOf(target);
    auto expected = anonymity::anonymize(m_adult, config);
    QVERIFY(expected.isOk());
    QCOMPARE(m_view->groupsPage()->classModel()->rowCount(), int(expected->classes.classCount()));
    for (int column : {1, 4})
        QCOMPARE(m_view->groupsPage()->releasedModel()->index(5, column).data().toString(),
                 QString::fromStdString(expected->output.column(std::size_t(column)).toString(5)));
}

void TestAnonymizationView::mondrianShowsPartitions() {
    MondrianPage* page = m_view->mondrianPage();
    // Before any Mondrian run: an empty state with a message, not a blank 0-1 plot.
    QVERIFY(!page->showsPlot());
    QVERIFY(page->emptyState()->text().contains(QStringLiteral("No Mondrian run yet")));
    QVERIFY(page->plot()->plotData().boxes.empty());
    auto* algorithm = m_view->findChild<QComboBox*>(QStringLiteral("anon-algorithm"));
    algorithm->setCurrentIndex(algorithm->findData(int(anonymity::Algorithm::Mondrian)));
    QCOMPARE(m_view->state()->settings().algorithm, anonymity::Algorithm::Mondrian);
    m_view->modelsPanel()->kSpin()->setValue(50);
    QVERIFY(runAndWait());
    const auto& result = m_view->state()->run()->result;
    QVERIFY(result.partitions.size() > 1);
    QVERIFY(page->showsPlot());
    QCOMPARE(m_view->groupsPage()->classModel()->rowCount(), int(result.classes.classCount()));
    // The axes default to the two QIs with the most cuts (distinct partition lower bounds - 1).
    std::vector<std::pair<std::size_t, QString>> cuts;
    for (std::size_t q = 0; q < result.quasiIdentifiers.size(); ++q) {
        std::set<double> lows;
        for (const auto& part : result.partitions) lows.insert(part.low[q]);
        cuts.emplace_back(lows.size() - 1, QString::fromStdString(result.quasiIdentifiers[q]));
    }
    std::sort(cuts.begin(), cuts.end(), [](const auto& a, const auto& b) { return a.first > b.first; });
    QVERIFY(result.quasiIdentifiers.size() > 2);
    const QSet<QString> shown{page->xCombo()->currentText(), page->yCombo()->currentText()};
    QVERIFY2(cuts[0].first > cuts[2].first || cuts[1].first > cuts[2].first, "a tie would make the check moot");
    if (cuts[1].first > cuts[2].first)
        QCOMPARE(shown, (QSet<QString>{cuts[0].second, cuts[1].second}));
    else
        QVERIFY(shown.contains(cuts[0].second));
    // One rectangle per distinct range on the two axes, holding every record once.
    const std::size_t qx = std::size_t(page->xCombo()->currentData().toInt());
    const std::size_t qy = std::size_t(page->yCombo()->currentData().toInt());
    std::set<std::array<double, 4>> distinct;
    std::size_t records = 0;
    for (const auto& part : result.partitions) {
        distinct.insert({part.low[qx], part.low[qy], part.high[qx], part.high[qy]});
        records += part.size;
    }
    QCOMPARE(page->plot()->plotData().boxes.size(), distinct.size());
    QVERIFY(distinct.size() < result.partitions.size());  // five QIs: many partitions share ranges
    std::size_t drawn = 0;
    for (const auto& box : page->plot()->plotData().boxes) {
        QVERIFY(box.size >= 50);
        drawn += box.size;
    }
    QCOMPARE(drawn, records);
    saveScreenshot(*page, QStringLiteral("anon-mondrian-cuts.png"));
    // Another pair can be chosen.
    page->xCombo()->setCurrentIndex(page->xCombo()->findText(QStringLiteral("age")));
    QCOMPARE(page->plot()->plotData().x.title, QStringLiteral("age"));
    QVERIFY(page->plot()->plotData().x.categories.isEmpty());
}

void TestAnonymizationView::linkageReidentifiesOriginalNotRelease() {
    m_view->hierarchyEditor()->loadBundledHierarchies();
    QVERIFY(runAndWait());
    LinkagePanel* linkage = m_view->attacksPage()->linkage();
    linkage->simulateExternal(50);
    QVERIFY(linkage->runAttack());
    // A voter list of real records: many are unique on the five QIs in the original, but every
    // class of the 5-anonymous release has >= 5 records, so no external record matches just one.
    QVERIFY(linkage->reidentifiedOriginal() > 0);
    QCOMPARE(linkage->reidentifiedRelease(), std::size_t(0));
}

void TestAnonymizationView::lDiversityRemovesHomogeneousClasses() {
    m_view->hierarchyEditor()->loadBundledHierarchies();
    m_view->modelsPanel()->kSpin()->setValue(2);
    QVERIFY(runAndWait());
    HomogeneityPanel* panel = m_view->attacksPage()->homogeneity();
    QVERIFY(panel->vulnerableClasses() >= 0);
    QSignalSpy done(m_view->state(), &AnonymizationState::runChanged);
    QTest::mouseClick(panel->findChild<QPushButton*>(QStringLiteral("homogeneity-protect-l")), Qt::LeftButton);
    QVERIFY(done.wait(kRunTimeoutMs) || done.count() == 1);
    QVERIFY(m_view->state()->settings().lDiversityEnabled);
    // Distinct 2-diversity: every kept class has >= 2 occupations, so none is vulnerable.
    QVERIFY(m_view->state()->run()->result.found);
    QCOMPARE(panel->vulnerableClasses(), 0);
    // Without suppression the models are monotonic: every node has a status.
    QCOMPARE(m_view->state()->searchLattice().countStatus(anonymity::NodeStatus::Unknown), std::size_t(0));
    QVERIFY(!m_view->latticePage()->info()->text().contains(QStringLiteral("not visited")));
    // With suppression they are not: the search stops at the loss bound, and the lattice page says
    // how many nodes it left and why.
    m_view->findChild<QDoubleSpinBox*>(QStringLiteral("anon-suppression"))->setValue(4.0);
    QVERIFY(runAndWait());
    const auto& lattice = m_view->state()->searchLattice();
    const std::size_t unvisited = lattice.countStatus(anonymity::NodeStatus::Unknown);
    QVERIFY(unvisited > 0);
    QVERIFY2(m_view->latticePage()->info()->text().contains(QStringLiteral("%1 not visited").arg(unvisited)),
             qPrintable(m_view->latticePage()->info()->text()));
    m_view->tabs()->setCurrentWidget(m_view->latticePage());
    saveScreenshot(*m_view, QStringLiteral("anon-lattice-l-diversity.png"));
}

void TestAnonymizationView::compositionIntersectsTwoReleases() {
    m_view->hierarchyEditor()->loadBundledHierarchies();
    QVERIFY(runAndWait());
    CompositionPanel* panel = m_view->attacksPage()->composition();
    QVERIFY(panel->nodeCombo()->count() > 0);
    // Nodes by level names ("age: 10-year bands, ..."), their levels in the tooltip.
    QVERIFY2(panel->nodeCombo()->itemText(0).contains(QLatin1Char(':')), qPrintable(panel->nodeCombo()->itemText(0)));
    QVERIFY(panel->nodeCombo()->itemData(0, Qt::ToolTipRole).toString().startsWith(QLatin1Char('[')));
    QSignalSpy released(panel, &CompositionPanel::secondReleased);
    panel->makeSecondRelease();
    QVERIFY(released.wait(kRunTimeoutMs) || released.count() == 1);
    const int person = int(m_adult.rowCount()) - 1;  // in both releases
    panel->personSpin()->setValue(person);
    // The person's true occupation is in both classes, so at least it remains.
    QVERIFY(panel->intersectionSize() >= 1);
    const QString truth =
        QString::fromStdString(m_adult.column(*m_adult.columnIndex("occupation")).toString(std::size_t(person)));
    QVERIFY(panel->resultLabel()->text().contains(truth));
}

void TestAnonymizationView::comparesDistributions() {
    m_view->hierarchyEditor()->loadBundledHierarchies();
    QVERIFY(runAndWait());
    ComparePage* page = m_view->comparePage();
    // The first generalized QI is shown first (age, level 4 in the optimum [0,4,0,1,3]).
    QCOMPARE(page->attributeCombo()->currentText(), QStringLiteral("age"));
    QVERIFY(page->originalChart()->chart()->title().contains(QStringLiteral("age")));
    QVERIFY(page->releasedChart()->chart()->title().startsWith(QStringLiteral("Released")));
    QVERIFY(!page->releasedChart()->chart()->series().isEmpty());
}

void TestAnonymizationView::savesChartsAsPngAndSvg() {
    m_view->hierarchyEditor()->loadBundledHierarchies();
    QVERIFY(runAndWait());
    QTemporaryDir dir;
    QChartView* chart = m_view->groupsPage()->chartView();
    QVERIFY(saveWidget(chart, dir.filePath(QStringLiteral("sizes.png"))));
    QVERIFY(saveWidget(chart, dir.filePath(QStringLiteral("sizes.svg"))));
    const QImage png(dir.filePath(QStringLiteral("sizes.png")));
    QVERIFY(!png.isNull());
    QCOMPARE(png.size(), chart->size());
    QFile svg(dir.filePath(QStringLiteral("sizes.svg")));
    QVERIFY(svg.open(QIODevice::ReadOnly));
    QVERIFY(svg.readAll().contains("<svg"));
    QVERIFY(chart->findChild<QAction*>(QStringLiteral("save-svg")));
}

void TestAnonymizationView::undoRedoParameterEdit() {
    QSpinBox* k = m_view->modelsPanel()->kSpin();
    QUndoStack* stack = m_document->undoStack();
    const int steps = stack->count();
    QCOMPARE(m_view->state()->settings().k, 5);
    k->setValue(6);
    k->setValue(7);  // merges with the previous step
    QCOMPARE(m_view->state()->settings().k, 7);
    QCOMPARE(stack->count(), steps + 1);
    stack->undo();
    QCOMPARE(m_view->state()->settings().k, 5);
    QCOMPARE(k->value(), 5);
    stack->redo();
    QCOMPARE(m_view->state()->settings().k, 7);
    QCOMPARE(k->value(), 7);
    auto* lEnabled = m_view->findChild<QWidget*>(QStringLiteral("anon-l-enabled"));
    QTest::mouseClick(lEnabled, Qt::LeftButton);
    QVERIFY(m_view->state()->settings().lDiversityEnabled);
    stack->undo();
    QVERIFY(!m_view->state()->settings().lDiversityEnabled);
}

void TestAnonymizationView::cancelKeepsPreviousResult() {
    m_view->hierarchyEditor()->loadBundledHierarchies();
    QVERIFY(runAndWait());
    const auto before = m_view->state()->runPtr();
    QSignalSpy cancelled(m_view->job(), &AnonymizationJob::cancelled);
    QSignalSpy changed(m_view->state(), &AnonymizationState::runChanged);
    m_view->modelsPanel()->kSpin()->setValue(20);
    QTest::mouseClick(m_view->runButton(), Qt::LeftButton);
    QVERIFY(m_jobs->isBusy());
    m_jobs->cancel();  // the status bar's Cancel
    QVERIFY(cancelled.wait(kRunTimeoutMs) || cancelled.count() == 1);
    QCOMPARE(changed.count(), 0);
    QCOMPARE(m_view->state()->runPtr(), before);
    QVERIFY(!m_jobs->isBusy());
    QVERIFY(m_view->runButton()->isEnabled());
    QVERIFY(m_view->statusLabel()->text().contains(QStringLiteral("cancelled")));
}

void TestAnonymizationView::exportsReleaseWithManifest() {
    m_view->hierarchyEditor()->loadBundledHierarchies();
    QVERIFY(runAndWait());
    QTemporaryDir dir;
    const QString csv = dir.filePath(QStringLiteral("adult_anonymized.csv"));
    QVERIFY(m_view->exportRelease(csv));
    QFile out(csv);
    QVERIFY(out.open(QIODevice::ReadOnly));
    int lines = 0;
    while (!out.readLine().isEmpty()) ++lines;
    QCOMPARE(lines, int(m_adult.rowCount()) + 1);  // header + one line per record
    QFile manifestFile(dir.filePath(QStringLiteral("adult_anonymized.manifest.json")));
    QVERIFY(manifestFile.open(QIODevice::ReadOnly));
    const QJsonObject manifest = QJsonDocument::fromJson(manifestFile.readAll()).object();
    QVERIFY(!manifest.value("input").toObject().contains(QStringLiteral("sha256")));  // no plain hash of the input
    QCOMPARE(manifest.value("quasi_identifiers").toArray().size(), 5);
    QCOMPARE(manifest.value("hierarchies").toArray().size(), 5);
    QCOMPARE(manifest.value("models").toObject().value("k").toInt(), 5);
    QCOMPARE(manifest.value("classes").toInteger(), qint64(m_view->state()->run()->result.classes.classCount()));
    QCOMPARE(manifest.value("algorithm").toString(), QStringLiteral("optimal"));
    QCOMPARE(manifest.value("transformation").toArray().size(), 5);
    QVERIFY(!manifest.value("veil_version").toString().isEmpty());
    QVERIFY(manifest.value("risk_after").toObject().value("prosecutor_max").toDouble() <= 0.2 + 1e-12);
}

void TestAnonymizationView::newTableClearsResultAndHierarchies() {
    m_view->hierarchyEditor()->loadBundledHierarchies();
    QVERIFY(runAndWait());
    QVERIFY(m_view->state()->run());
    m_document->reset(m_adult.selectRows({0, 1, 2}), QString());
    QVERIFY(!m_view->state()->run());
    QVERIFY(m_view->state()->settings().hierarchies.empty());
    QCOMPARE(m_view->groupsPage()->classModel()->rowCount(), 0);
    QCOMPARE(m_view->state()->searchLattice().size(), std::size_t(0));
    // No file beside which to look for hierarchies: no offer.
    QVERIFY(m_view->hierarchyEditor()->findChild<QWidget*>(QStringLiteral("hierarchy-offer"))->isHidden());
}

// Issue 20: no bare metric codes (dm, aecs, ncp, entropy-nm) in the menu or the summary.
void TestAnonymizationView::metricsHaveHumanNamesAndTooltips() {
    auto* metric = m_view->findChild<QComboBox*>(QStringLiteral("anon-metric"));
    QVERIFY(metric);
    QCOMPARE(metric->count(), int(std::size(anonymity::kAllMetrics)));
    for (int i = 0; i < metric->count(); ++i) {
        const auto kind = anonymity::MetricKind(metric->itemData(i).toInt());
        const QString code = QString::fromLatin1(anonymity::metricName(kind));
        QVERIFY2(metric->itemText(i) != code && metric->itemText(i).size() > 6, qPrintable(metric->itemText(i)));
        QVERIFY2(!metric->itemData(i, Qt::ToolTipRole).toString().isEmpty(), qPrintable(code));
    }
    QCOMPARE(metric->itemText(metric->findData(int(anonymity::MetricKind::DiscernibilityPenalized))),
             QStringLiteral("Discernibility, penalised (DM)"));
    // Issue 18: every privacy model and variant explains itself too, the closed combo its current one.
    for (const char* name : {"anon-l-variant", "anon-t-variant"}) {
        auto* combo = m_view->findChild<QComboBox*>(QLatin1String(name));
        QVERIFY2(combo && combo->count() == 3, name);
        QStringList tips;
        for (int i = 0; i < combo->count(); ++i) {
            const QString tip = combo->itemData(i, Qt::ToolTipRole).toString();
            QVERIFY2(tip.size() > 60 && !tips.contains(tip), qPrintable(tip));
            tips << tip;
        }
        combo->setCurrentIndex(2);
        QCOMPARE(combo->toolTip(), tips.at(2));
    }
    QVERIFY(m_view->findChild<QComboBox*>(QStringLiteral("anon-t-variant"))
                ->itemData(2, Qt::ToolTipRole)
                .toString()
                .contains(QStringLiteral("hierarchy")));
    QVERIFY(m_view->findChild<QSpinBox*>(QStringLiteral("anon-k"))->toolTip().contains(QStringLiteral("1/k")));
    m_view->hierarchyEditor()->loadBundledHierarchies();
    QVERIFY(runAndWait());
    const QString summary = m_view->groupsPage()->summary()->toPlainText();
    const QRegularExpression codes(QStringLiteral("(^|\\s)(dm|aecs|ncp|entropy-nm)(\\s|$)"));
    QVERIFY2(!summary.contains(codes), qPrintable(summary));
    QVERIFY2(summary.contains(QStringLiteral("Average class size (AECS)")), qPrintable(summary));
}

void TestAnonymizationView::screenshots() {
    if (qEnvironmentVariableIsEmpty("VEIL_SCREENSHOT_DIR")) QSKIP("VEIL_SCREENSHOT_DIR not set");
    m_view->show();
    m_view->hierarchyEditor()->loadBundledHierarchies();
    m_view->hierarchyEditor()->selectColumn(QStringLiteral("age"));
    QVERIFY(runAndWait());
    QTabWidget* tabs = m_view->tabs();
    m_view->groupsPage()->classView()->selectRow(0);
    m_view->attacksPage()->linkage()->simulateExternal(50);
    m_view->attacksPage()->linkage()->runAttack();
    for (int i = 0; i < tabs->count(); ++i) {
        tabs->setCurrentIndex(i);
        QTest::qWait(0);
        saveScreenshot(*m_view,
                       QStringLiteral("anon-%1-%2.png").arg(i).arg(tabs->tabText(i).toLower().replace(' ', '-')));
    }
    tabs->setCurrentWidget(m_view->attacksPage());
    m_view->attacksPage()->tabs()->setCurrentIndex(1);
    QTest::qWait(0);
    saveScreenshot(*m_view, QStringLiteral("anon-attacks-homogeneity.png"));
    CompositionPanel* composition = m_view->attacksPage()->composition();
    QSignalSpy released(composition, &CompositionPanel::secondReleased);
    composition->makeSecondRelease();
    QVERIFY(released.wait(kRunTimeoutMs) || released.count() == 1);
    composition->personSpin()->setValue(int(m_adult.rowCount()) - 1);
    m_view->attacksPage()->tabs()->setCurrentIndex(2);
    QTest::qWait(0);
    saveScreenshot(*m_view, QStringLiteral("anon-attacks-composition.png"));
    auto* algorithm = m_view->findChild<QComboBox*>(QStringLiteral("anon-algorithm"));
    algorithm->setCurrentIndex(algorithm->findData(int(anonymity::Algorithm::Mondrian)));
    QVERIFY(runAndWait());
    tabs->setCurrentWidget(m_view->mondrianPage());
    QTest::qWait(0);
    saveScreenshot(*m_view, QStringLiteral("anon-mondrian-run.png"));
    tabs->setCurrentWidget(m_view->groupsPage());
    QTest::qWait(0);
    saveScreenshot(*m_view, QStringLiteral("anon-groups-mondrian.png"));
}

QTEST_MAIN(TestAnonymizationView)
#include "tst_anonymization_view.moc"
