// The Graph view end to end, offscreen, on the bundled karate club sample: open it, check the
// statistics shown, move the k slider and compare the marks with core's projection, release the
// degree sequence and export the chart, cancel a layout, undo parameter edits (releases are in
// tst_graph_releases.cpp). Reference numbers for karate (n = 34, m = 78,
// 45 triangles, max degree 17, 528 two-stars, nodes above k / edges removed by the edge projection)
// were computed with a short independent Python script over resources/samples/karate.edges; the
// first five agree with networkx 3.6.1 (/work/shared/data/graphs/SOURCE.md).
#include "graph_view_fixture.h"
#include "charts/dp_chart_style.h"
#include "views/graph/graph_palette.h"
#include "views/graph/node_item.h"
#include "workbench/contrast_mode.h"

#include <QGraphicsLineItem>
#include <QGraphicsScene>
#include <QSpinBox>

#include <algorithm>
#include <vector>

class TestGraphView : public GraphViewFixture {
    Q_OBJECT

private Q_SLOTS:
    void init() { createView(); }
    void cleanup() { destroyView(); }
    void opensKarateAndShowsStatistics();
    void openSampleButtonFindsKarate();
    void kSliderMarksCoreProjection_data();
    void kSliderMarksCoreProjection();
    void vertexLpMarksDeletedNodes();
    void degreeDistributionChartAndExport();
    void cancelLayoutKeepsDrawing();
    void loadErrorKeepsPreviousGraph();
    void kamadaKawaiLayoutFromCombo();
    void parameterEditsAreUndoable();
    void hoverAndZoom();
    void screenshots();
    void degreeCaptionFollowsTheGraph();
    void largeGraphIsReadable();
    void highContrastRecoloursTheDrawing();
};

void TestGraphView::opensKarateAndShowsStatistics() {
    QVERIFY(openKarate());
    StatisticsModel* stats = m_view->statisticsModel();
    QAbstractItemModelTester t1(stats, QAbstractItemModelTester::FailureReportingMode::QtTest);
    QAbstractItemModelTester t2(m_view->sensitivityModel(), QAbstractItemModelTester::FailureReportingMode::QtTest);
    QCOMPARE(stats->valueOf("nodes"), QStringLiteral("34"));
    QCOMPARE(stats->valueOf("edges"), QStringLiteral("78"));
    QCOMPARE(stats->valueOf("triangles"), QStringLiteral("45"));
    QCOMPARE(stats->valueOf("max-degree"), QStringLiteral("17"));
    QCOMPARE(stats->valueOf("two-stars"), QStringLiteral("528"));  // sum C(d,2), Python
    QCOMPARE(stats->valueOf("label:Officer").toInt() + stats->valueOf("label:MrHi").toInt(), 34);
    // The sensitivity table: GS edge of #triangles is n - 2 = 32, GS node of #edges is n - 1 = 33.
    SensitivityModel* sens = m_view->sensitivityModel();
    QCOMPARE(sens->cell("triangles", SensitivityModel::GsEdge).data(SensitivityModel::NumberRole).toDouble(), 32.0);
    QCOMPARE(sens->cell("edges", SensitivityModel::GsNode).data(SensitivityModel::NumberRole).toDouble(), 33.0);
    QCOMPARE(sens->cell("triangles", SensitivityModel::ValueRow).data(SensitivityModel::NumberRole).toDouble(), 45.0);
    QVERIFY(sens->cell("triangles", SensitivityModel::GsEdge).data().toString().contains(QStringLiteral("n - 2")));
    // The legend names both factions.
    auto* legend = m_view->findChild<QLabel*>(QStringLiteral("graphLegend"));
    QVERIFY(legend->text().contains(QStringLiteral("Officer")) && legend->text().contains(QStringLiteral("MrHi")));
    QCOMPARE(m_view->canvas()->positions().size(), std::size_t(34));
}

void TestGraphView::openSampleButtonFindsKarate() {
    qputenv("VEIL_SAMPLES_DIR", VEIL_SAMPLES_DIR);
    QCOMPARE(QFileInfo(GraphView::sampleGraphPath()).fileName(), QStringLiteral("karate.edges"));
    QSignalSpy opened(m_view.get(), &GraphView::graphOpened);
    QTest::mouseClick(m_view->findChild<QPushButton*>(QStringLiteral("openSample")), Qt::LeftButton);
    QVERIFY(opened.wait(kTimeoutMs) || opened.count() == 1);
    QVERIFY(m_view->graph()->hasLabels());
    QCOMPARE(m_view->statisticsModel()->valueOf("nodes"), QStringLiteral("34"));
}

void TestGraphView::kSliderMarksCoreProjection_data() {
    QTest::addColumn<int>("k");
    QTest::addColumn<int>("aboveK");   // Python: nodes with degree > k
    QTest::addColumn<int>("removed");  // Python: edges not among the first k of both endpoints
    QTest::newRow("k=1 keeps almost nothing") << 1 << 33 << 76;
    QTest::newRow("k=3") << 3 << 16 << 57;
    QTest::newRow("k=5") << 5 << 7 << 39;
    QTest::newRow("k=10 only hubs") << 10 << 3 << 14;
    QTest::newRow("k=16 one hub, one edge") << 16 << 1 << 1;
    QTest::newRow("k=17 = max degree: G in H_k") << 17 << 0 << 0;
}

void TestGraphView::kSliderMarksCoreProjection() {
    QFETCH(int, k);
    QFETCH(int, aboveK);
    QFETCH(int, removed);
    QVERIFY(openKarate());
    QSlider* slider = m_view->kSlider();
    QCOMPARE(slider->maximum(), 17);
    slider->setValue(k == 1 ? 2 : 1);  // a real move, whatever k was
    slider->setValue(k);
    QCOMPARE(m_view->parameters()->k(), k);
    const graph::Graph g = loadKarate();
    const auto coreAbove = graph::nodesAboveDegree(g, std::size_t(k));
    const auto coreRemoved = graph::removedEdges(g, std::size_t(k));
    QCOMPARE(m_view->canvas()->highlightedNodeCount(), int(coreAbove.size()));
    QCOMPARE(m_view->canvas()->dashedEdgeCount(), int(coreRemoved.size()));
    QCOMPARE(m_view->canvas()->highlightedNodeCount(), aboveK);
    QCOMPARE(m_view->canvas()->dashedEdgeCount(), removed);
    QVERIFY(m_view->markSummary().contains(QStringLiteral("%1 edges").arg(removed)));
    // The restricted-sensitivity columns follow k: RS edge of #triangles is k - 1.
    auto* sens = m_view->sensitivityModel();
    QCOMPARE(sens->cell("triangles", SensitivityModel::RsEdge).data(SensitivityModel::NumberRole).toDouble(),
             double(k - 1));
}

void TestGraphView::vertexLpMarksDeletedNodes() {
    QVERIFY(openKarate());
    m_view->kSlider()->setValue(4);
    QSignalSpy solved(m_view->projectionJob(), &CoreJob::succeeded);
    choose(m_view->findChild<QComboBox*>(QStringLiteral("projectionMode")), int(GraphParameters::VertexLp));
    QVERIFY(solved.wait(kTimeoutMs) || solved.count() == 1);
    const graph::Graph g = loadKarate();
    auto p = graph::projectVertexLp(g, 4, RunContext{});
    QVERIFY(p.isOk());
    QCOMPARE(m_view->canvas()->deletedNodeCount(), int(p->deletedNodes.size()));
    QCOMPARE(m_view->canvas()->dashedEdgeCount(), int(p->removed.size()));
    QCOMPARE(m_view->canvas()->highlightedNodeCount(), int(graph::nodesAboveDegree(g, 4).size()));
    QVERIFY(p->deletedNodes.size() > 0);  // the hubs 0, 33 (degrees 16, 17) cannot stay in H_8
    QVERIFY(m_view->markSummary().contains(QStringLiteral("d_est")));
}

void TestGraphView::degreeDistributionChartAndExport() {
    QVERIFY(openKarate());
    DegreePanel* panel = m_view->degreePanel();
    m_view->tabs()->setCurrentWidget(panel);
    QSignalSpy done(panel->job(), &CoreJob::succeeded);
    panel->findChild<QPushButton*>(QStringLiteral("degreeRun"))->click();
    QVERIFY(done.wait(kTimeoutMs) || done.count() == 1);
    QVERIFY(panel->result().has_value());
    const auto& r = *panel->result();
    QCOMPARE(r.trueSorted.size(), std::size_t(34));
    QCOMPARE(r.trueSorted.back(), 17.0);
    QVERIFY(sameScale(r.noiseScale, 2.0 / m_view->parameters()->epsilon()));  // Lap(2/eps), Hay et al.
    const auto series = panel->chartView()->chart()->series();
    QCOMPARE(series.size(), 3);
    for (auto* s : series) QCOMPARE(static_cast<QXYSeries*>(s)->count(), 34);
    QTemporaryDir dir;
    QVERIFY(panel->exportChart(dir.filePath("degrees.png")));
    QVERIFY(panel->exportChart(dir.filePath("degrees.svg")));
    QVERIFY(QFileInfo(dir.filePath("degrees.png")).size() > 1000);
    QFile svg(dir.filePath("degrees.svg"));
    QVERIFY(svg.open(QIODevice::ReadOnly));
    QVERIFY(svg.readAll().contains("<svg"));
}

void TestGraphView::cancelLayoutKeepsDrawing() {
    QVERIFY(openKarate());
    const auto before = m_view->canvas()->positions();
    QSignalSpy cancelled(m_view->layoutJob(), &CoreJob::cancelled);
    QSignalSpy busy(&m_env->jobs, &JobMonitor::busyChanged);
    m_view->relayout();
    QVERIFY(m_env->jobs.isBusy());
    m_env->jobs.cancel();  // the status bar's Cancel button
    QVERIFY(cancelled.wait(kTimeoutMs) || cancelled.count() == 1);
    QVERIFY(!m_env->jobs.isBusy());
    const auto after = m_view->canvas()->positions();
    QCOMPARE(after.size(), before.size());
    for (std::size_t i = 0; i < after.size(); ++i) {
        QCOMPARE(after[i].x, before[i].x);
        QCOMPARE(after[i].y, before[i].y);
    }
    // A new layout still runs to the end afterwards.
    QSignalSpy ok(m_view->layoutJob(), &CoreJob::succeeded);
    m_view->relayout();
    QVERIFY(ok.wait(kTimeoutMs) || ok.count() == 1);
}

void TestGraphView::kamadaKawaiLayoutFromCombo() {
    QVERIFY(openKarate());
    QCOMPARE(m_view->parameters()->layout(), QStringLiteral("kamada-kawai"));  // the default
    const auto kk = m_view->canvas()->positions();
    QSignalSpy ok(m_view->layoutJob(), &CoreJob::succeeded);
    choose(m_view->findChild<QComboBox*>(QStringLiteral("layoutAlgorithm")), QStringLiteral("fruchterman-reingold"));
    QCOMPARE(m_view->parameters()->layout(), QStringLiteral("fruchterman-reingold"));
    QVERIFY(ok.wait(kTimeoutMs) || ok.count() == 1);
    const auto fr = m_view->canvas()->positions();
    QCOMPARE(fr.size(), std::size_t(34));
    bool moved = false;
    for (std::size_t i = 0; i < fr.size(); ++i) {
        QVERIFY(std::isfinite(fr[i].x) && std::isfinite(fr[i].y));
        moved = moved || fr[i].x != kk[i].x || fr[i].y != kk[i].y;
    }
    QVERIFY(moved);
    // Undo brings Kamada-Kawai back and lays out again: the same (deterministic) picture.
    QSignalSpy again(m_view->layoutJob(), &CoreJob::succeeded);
    m_env->document.undoStack()->undo();
    QCOMPARE(m_view->parameters()->layout(), QStringLiteral("kamada-kawai"));
    QVERIFY(again.wait(kTimeoutMs) || again.count() == 1);
    const auto back = m_view->canvas()->positions();
    for (std::size_t i = 0; i < back.size(); ++i) QCOMPARE(back[i].x, kk[i].x);
}

void TestGraphView::loadErrorKeepsPreviousGraph() {
    QVERIFY(openKarate());
    const auto before = m_view->graph();
    QTemporaryDir dir;
    const QString bad = dir.filePath("bad.edges");
    QFile file(bad);
    QVERIFY(file.open(QIODevice::WriteOnly));
    file.write("1 2\n3\n");  // line 2 has one field
    file.close();
    QSignalSpy failed(m_view->loadJob(), &CoreJob::failed);
    m_view->openGraph(bad);
    QVERIFY(failed.wait(kTimeoutMs) || failed.count() == 1);
    const QString message = failed.first().first().toString();
    QVERIFY2(message.contains("bad.edges:2"), qPrintable(message));
    QCOMPARE(m_view->graph(), before);
    QCOMPARE(m_view->statisticsModel()->valueOf("nodes"), QStringLiteral("34"));
}

void TestGraphView::parameterEditsAreUndoable() {
    QVERIFY(openKarate());
    QUndoStack* undo = m_env->document.undoStack();
    const int k0 = m_view->parameters()->k();
    m_view->kSlider()->setValue(k0 == 9 ? 10 : 9);
    const int k1 = m_view->parameters()->k();
    QVERIFY(k1 != k0);
    auto* eps = m_view->releasePanel()->findChild<QSlider*>(QStringLiteral("releaseEpsilon"));
    eps->setValue(ReleasePanel::sliderPosition(0.1));
    QCOMPARE(m_view->parameters()->epsilon(), 0.1);
    undo->undo();
    QCOMPARE(m_view->parameters()->epsilon(), 1.0);
    QCOMPARE(eps->value(), ReleasePanel::sliderPosition(1.0));
    undo->undo();
    QCOMPARE(m_view->parameters()->k(), k0);
    QCOMPARE(m_view->kSlider()->value(), k0);
    const graph::Graph g = loadKarate();
    QCOMPARE(m_view->canvas()->dashedEdgeCount(), int(graph::removedEdges(g, std::size_t(k0)).size()));
    undo->redo();
    QCOMPARE(m_view->parameters()->k(), k1);
}

void TestGraphView::hoverAndZoom() {
    QVERIFY(openKarate());
    const QString details = m_view->canvas()->nodeDetails(33);
    QVERIFY2(details.contains("degree 17") && details.contains("Officer"), qPrintable(details));
    QVERIFY(m_view->canvas()->nodeDetails(0).contains("MrHi"));
    m_view->show();
    QVERIFY(QTest::qWaitForWindowExposed(m_view.get()));
    // Hovering node 33 shows its details below the drawing.
    GraphCanvas* canvas = m_view->canvas();
    canvas->fitGraph();
    const QPoint at = canvas->mapFromScene(canvas->nodeScenePos(33));
    QSignalSpy hovered(canvas, &GraphCanvas::nodeHovered);
    QMouseEvent move(QEvent::MouseMove, QPointF(at), QPointF(canvas->viewport()->mapToGlobal(at)), Qt::NoButton,
                     Qt::NoButton, Qt::NoModifier);
    QApplication::sendEvent(canvas->viewport(), &move);
    QTRY_VERIFY(hovered.count() >= 1);
    QCOMPARE(hovered.last().first().toString(), details);
    QCOMPARE(m_view->findChild<QLabel*>(QStringLiteral("hoverDetails"))->text(), details);
    const QPoint centre = m_view->canvas()->viewport()->rect().center();
    QWheelEvent wheel(centre, m_view->canvas()->viewport()->mapToGlobal(centre), QPoint(), QPoint(0, 240), Qt::NoButton,
                      Qt::NoModifier, Qt::NoScrollPhase, false);
    QApplication::sendEvent(m_view->canvas()->viewport(), &wheel);
    QVERIFY(m_view->canvas()->zoomFactor() > 1.4);
}

void TestGraphView::screenshots() {
    QVERIFY(openKarate());
    m_view->kSlider()->setValue(5);
    m_view->show();
    QVERIFY(QTest::qWaitForWindowExposed(m_view.get()));
    m_view->canvas()->fitGraph();
    saveScreenshot(*m_view, QStringLiteral("graph_statistics.png"));
    m_view->tabs()->setCurrentIndex(1);
    saveScreenshot(*m_view, QStringLiteral("graph_sensitivity.png"));
    ReleasePanel* panel = m_view->releasePanel();
    m_view->tabs()->setCurrentWidget(panel);
    panel->findChild<QCheckBox*>(QStringLiteral("releaseSeeded"))->setChecked(true);
    QSignalSpy done(panel->job(), &CoreJob::succeeded);
    panel->release();
    QVERIFY(done.wait(kTimeoutMs) || done.count() == 1);
    saveScreenshot(*m_view, QStringLiteral("graph_release.png"));
    m_view->tabs()->setCurrentWidget(m_view->degreePanel());
    QSignalSpy degrees(m_view->degreePanel()->job(), &CoreJob::succeeded);
    m_view->degreePanel()->release();
    QVERIFY(degrees.wait(kTimeoutMs) || degrees.count() == 1);
    saveScreenshot(*m_view, QStringLiteral("graph_degrees.png"));
    QSignalSpy fr(m_view->layoutJob(), &CoreJob::succeeded);
    choose(m_view->findChild<QComboBox*>(QStringLiteral("layoutAlgorithm")), QStringLiteral("fruchterman-reingold"));
    QVERIFY(fr.wait(kTimeoutMs) || fr.count() == 1);
    m_view->tabs()->setCurrentIndex(0);
    saveScreenshot(*m_view, QStringLiteral("graph_fruchterman_reingold.png"));
}

// The karate caption ("over 34 nodes") must not stay under another graph.
void TestGraphView::degreeCaptionFollowsTheGraph() {
    QVERIFY(openKarate());
    DegreePanel* panel = m_view->degreePanel();
    auto* summary = panel->findChild<QLabel*>(QStringLiteral("degreeSummary"));
    QVERIFY(summary);
    QSignalSpy done(panel->job(), &CoreJob::succeeded);
    panel->release();
    QVERIFY(done.wait(kTimeoutMs) || done.count() == 1);
    QVERIFY2(summary->text().contains(QStringLiteral("34 nodes")), qPrintable(summary->text()));
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("path.edges"));
    QFile file(path);
    QVERIFY(file.open(QIODevice::WriteOnly));
    file.write("0 1\n1 2\n2 3\n3 4\n");
    file.close();
    QSignalSpy opened(m_view.get(), &GraphView::graphOpened);
    m_view->openGraph(path, QString());
    QVERIFY(opened.wait(kTimeoutMs) || opened.count() == 1);
    QVERIFY(!panel->result().has_value());
    for (const QLabel* label : panel->findChildren<QLabel*>())
        QVERIFY2(!label->text().contains(QStringLiteral("34 nodes")), qPrintable(label->text()));
    QVERIFY2(!summary->text().contains(QStringLiteral("error")), qPrintable(summary->text()));
    QVERIFY2(summary->text().contains(QStringLiteral("5 nodes")), qPrintable(summary->text()));
    QTRY_VERIFY_WITH_TIMEOUT(!m_env->jobs.isBusy(), kTimeoutMs);  // the layout that follows the load
}

// polblogs (1,490 blogs, 16,715 links, 2 labels): faint edges (level of detail), a degree filter
// whose counts follow core's degrees, and removed edges in a colour no label uses.
void TestGraphView::largeGraphIsReadable() {
    QVERIFY(openKarate());
    // The faintest edge: plain edges (removed ones are drawn opaque, dashed).
    auto lineAlpha = [this] {
        int alpha = 256;
        for (QGraphicsItem* item : m_view->canvas()->scene()->items())
            if (auto* line = qgraphicsitem_cast<QGraphicsLineItem*>(item))
                alpha = std::min(alpha, line->pen().color().alpha());
        return alpha;
    };
    const int karateAlpha = lineAlpha();
    QCOMPARE(karateAlpha, 150);
    const QString dir = QStringLiteral(VEIL_TEST_DATA_DIR "/graphs/");
    QSignalSpy opened(m_view.get(), &GraphView::graphOpened);
    m_view->openGraph(dir + QStringLiteral("polblogs.edges"), dir + QStringLiteral("polblogs.labels"));
    QVERIFY(opened.wait(kTimeoutMs) || opened.count() == 1);
    m_view->layoutJob()->cancel();
    auto loaded = graph::loadGraph((dir + QStringLiteral("polblogs.edges")).toStdString());
    QVERIFY(loaded);
    const graph::Graph& g = loaded->graph;
    GraphCanvas* canvas = m_view->canvas();
    QCOMPARE(std::size_t(canvas->visibleNodeCount()), g.nodeCount());
    // 150 x sqrt(1000 / 16715) = 36.7: the blot of 16,715 lines thinned to their density.
    QCOMPARE(lineAlpha(), 36);

    auto* minDegree = m_view->findChild<QSpinBox*>(QStringLiteral("minDegree"));
    QVERIFY(minDegree);
    minDegree->setValue(10);
    std::size_t nodes = 0, edges = 0;
    for (graph::NodeId v = 0; v < g.nodeCount(); ++v) nodes += g.degree(v) >= 10 ? 1 : 0;
    for (const graph::Edge& e : g.edges()) edges += g.degree(e.u) >= 10 && g.degree(e.v) >= 10 ? 1 : 0;
    QVERIFY(nodes > 0 && nodes < g.nodeCount());
    QCOMPARE(std::size_t(canvas->visibleNodeCount()), nodes);
    QCOMPARE(std::size_t(canvas->visibleEdgeCount()), edges);
    auto* legend = m_view->findChild<QLabel*>(QStringLiteral("graphLegend"));
    QVERIFY2(legend->text().contains(QStringLiteral("Shown: %1 of %2 nodes").arg(nodes).arg(g.nodeCount())),
             qPrintable(legend->text()));
    minDegree->setValue(0);
    QCOMPARE(std::size_t(canvas->visibleNodeCount()), g.nodeCount());
    QCOMPARE(std::size_t(canvas->visibleEdgeCount()), g.edgeCount());

    // The removed-edge colour is far from every label colour and from the unlabelled grey.
    const QColor removed = graph_palette::removedEdgeColor();
    for (int label = -1; label < 12; ++label) {
        const QColor c = graph_palette::labelColor(label);
        const double distance =
            std::hypot(c.red() - removed.red(), c.green() - removed.green(), c.blue() - removed.blue());
        QVERIFY2(distance > 100.0, qPrintable(QStringLiteral("label %1 %2").arg(label).arg(c.name())));
    }
    QTRY_VERIFY_WITH_TIMEOUT(!m_env->jobs.isBusy(), kTimeoutMs);
}

// View > High Contrast reaches the hand-drawn graph: every node's fill at least 4.5:1 on white
// (WCAG 2.1, computed here), darker edges, the legend in the same colours; back to normal, the
// Okabe-Ito fills return (their orange is 2.0:1 on white, which is why they change).
void TestGraphView::highContrastRecoloursTheDrawing() {
    QVERIFY(openKarate());
    auto nodes = [this] {
        std::vector<NodeItem*> out;
        for (QGraphicsItem* item : m_view->canvas()->scene()->items())
            if (auto* node = dynamic_cast<NodeItem*>(item)) out.push_back(node);
        return out;
    };
    auto plainEdge = [this] {
        for (QGraphicsItem* item : m_view->canvas()->scene()->items())
            if (auto* line = qgraphicsitem_cast<QGraphicsLineItem*>(item))
                if (line->pen().style() == Qt::SolidLine) return line->pen().color();
        return QColor();
    };
    QCOMPARE(int(nodes().size()), 34);
    double worst = 21.0;
    for (NodeItem* n : nodes()) worst = std::min(worst, ui_test::contrast(n->brush().color(), Qt::white));
    QVERIFY2(worst < 4.5, qPrintable(QString::number(worst)));  // Okabe-Ito orange
    const QColor normalEdge = plainEdge();

    const QPalette before = QApplication::palette();
    auto switchTo = [this](bool high, const QPalette& palette) {
        dp_chart::setHighContrast(high);
        QApplication::setPalette(palette);
        QEvent changed(QEvent::ApplicationPaletteChange);  // as ContrastMode tells the windows
        QCoreApplication::sendEvent(m_view.get(), &changed);
    };
    switchTo(true, ContrastMode::highContrastPalette());
    for (NodeItem* n : nodes())
        QVERIFY2(ui_test::contrast(n->brush().color(), Qt::white) >= 4.5, qPrintable(n->brush().color().name()));
    QVERIFY(ui_test::luminance(plainEdge()) < ui_test::luminance(normalEdge));
    QVERIFY(plainEdge().alpha() > normalEdge.alpha());
    auto* legend = m_view->findChild<QLabel*>(QStringLiteral("graphLegend"));
    QVERIFY2(legend->text().contains(graph_palette::labelColor(0).name()), qPrintable(legend->text()));

    switchTo(false, before);
    QCOMPARE(nodes().front()->brush().color().alpha(), 255);
    double back = 21.0;
    for (NodeItem* n : nodes()) back = std::min(back, ui_test::contrast(n->brush().color(), Qt::white));
    QCOMPARE(back, worst);
    QCOMPARE(plainEdge(), normalEdge);
}

QTEST_MAIN(TestGraphView)
#include "tst_graph_view.moc"
