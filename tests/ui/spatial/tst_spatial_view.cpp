// The Spatial view offscreen, driven through its real widgets: build trees on a generated point
// table and compare what is shown with core's own build (same seed, same settings); hover a cell
// and drag a range query and compare the readouts with core's answers; undo/redo parameter edits;
// cancel a long run and keep the previous result; seeded runs are marked; PNG/SVG export; all in
// teaching mode (generated points, compared with the truth). The default mode is
// tst_spatial_release_mode.
#include "spatial_view_fixture.h"

using namespace spatial_view_test;

using ui_test::saveScreenshot;

class TestSpatialView : public QObject, private SpatialViewFixture {
    Q_OBJECT

private Q_SLOTS:
    void initTestCase() { loadTable(); }
    void init() { openView(); }
    void cleanup() { closeView(); }
    void leavesShownEqualCore_data();
    void leavesShownEqualCore();
    void hoverShowsCoreCounts();
    void dragAsksRangeQuery();
    void undoRedoParameterEdits();
    void epsilonSliderEditsMerge();
    void cancelKeepsPreviousResult();
    void seededRunsAreMarked();
    void rerunDrawsAgain();
    void badShapeFileFails();
    void exportsPngAndSvg();
    void wheelZoomsAndDoubleClickResets();
    void shapeSourceScreenshot();
    void gridsAlignToShapeCells();
    void poorConfigurationShowsHint();
};

void TestSpatialView::leavesShownEqualCore_data() {
    QTest::addColumn<QString>("tree");
    QTest::addColumn<int>("height");
    QTest::addColumn<bool>("postprocess");
    QTest::addColumn<int>("median");
    const int em = int(spatial::MedianMethod::Exponential);
    const QString quad = QStringLiteral("quad"), kd = QStringLiteral("kd");
    QTest::newRow("quadtree h4 post-processed") << quad << 4 << true << em;
    QTest::newRow("quadtree h3 raw") << quad << 3 << false << em;
    QTest::newRow("kd-tree h6") << kd << 6 << true << em;
    QTest::newRow("kd-tree h5 smooth median") << kd << 5 << true << int(spatial::MedianMethod::SmoothSensitivity);
    QTest::newRow("kd-tree h5 noisy mean") << kd << 5 << false << int(spatial::MedianMethod::NoisyMean);
    QTest::newRow("kd-tree h5 cell median") << kd << 5 << true << int(spatial::MedianMethod::CellBased);
    QTest::newRow("hybrid h6") << QStringLiteral("hybrid") << 6 << false << em;
    QTest::newRow("uniform grid") << QStringLiteral("grid") << 6 << false << em;
    QTest::newRow("adaptive grid") << QStringLiteral("agrid") << 6 << true << em;
}

void TestSpatialView::leavesShownEqualCore() {
    QFETCH(QString, tree);
    QFETCH(int, height);
    QFETCH(bool, postprocess);
    QFETCH(int, median);
    // The columns were picked by name (lon, lat) when the table appeared.
    QCOMPARE(m_view->parameters()->settings().xColumn, QStringLiteral("lon"));
    QCOMPARE(m_view->parameters()->settings().yColumn, QStringLiteral("lat"));
    SpatialSettings s = m_view->parameters()->settings();
    s.postprocess = postprocess;
    s.median = spatial::MedianMethod(median);
    m_view->parameters()->edit(s, QStringLiteral("post"));
    QVERIFY(runWith(tree.toStdString(), height));

    const auto result = m_view->result();
    QVERIFY(result);
    const auto expected = coreBuild(m_table, result->settings, 0);
    QCOMPARE(result->psd->pointCount, std::size_t(3000));
    QCOMPARE(int(result->psd->options.median), median);
    QCOMPARE(m_view->canvas()->drawnLeafCount(), int(expected.leaves.size()));
    QCOMPARE(m_view->leafModel()->rowCount(), int(expected.leaves.size()));
    QCOMPARE(m_view->canvas()->drawnPointCount(), 3000);
    // Same seed, same settings: the view shows exactly core's released counts.
    for (std::size_t i = 0; i < expected.leaves.size(); ++i) {
        const auto& a = result->psd->nodes[std::size_t(result->psd->leaves[i])];
        const auto& b = expected.nodes[std::size_t(expected.leaves[i])];
        QVERIFY(a.rect == b.rect);
        QCOMPARE(a.estimate, b.estimate);
    }
    // The leaf table shows the first leaf's count as core formats it.
    const QModelIndex first = m_view->leafModel()->index(0, LeafTableModel::NoisyColumn);
    QCOMPARE(first.data().toString(), formatCount(expected.nodes[std::size_t(expected.leaves[0])].estimate));
    if (tree == QLatin1String("quad"))
        QCOMPARE(m_view->canvas()->drawnLeafCount(), 1 << (2 * height));  // 4^h: full quadtree
    QVERIFY(m_view->statusText().contains(QStringLiteral("ε on every root-to-leaf path: 1")));
    QVERIFY(!m_env->jobs.isBusy());
    saveScreenshot(
        *m_view, QStringLiteral("spatial_%1.png").arg(QString::fromLatin1(QTest::currentDataTag()).replace(' ', '_')));
}

void TestSpatialView::hoverShowsCoreCounts() {
    QVERIFY(runWith("kd", 5));
    const auto result = m_view->result();
    SpatialCanvas* canvas = m_view->canvas();
    // Hover the centre of the leaf holding the cluster (lon 25, lat 65), found by scanning core's leaves.
    int expected = -1;
    for (auto leaf : result->psd->leaves)
        if (result->psd->nodes[std::size_t(leaf)].rect.containsPoint(25.0, 65.0)) expected = leaf;
    QVERIFY(expected >= 0);
    const spatial::Rect cell = result->psd->nodes[std::size_t(expected)].rect;
    const QPointF centre = canvas->toWidget((cell.x0 + cell.x1) / 2, (cell.y0 + cell.y1) / 2);
    const QRectF pixels(canvas->toWidget(cell.x0, cell.y1), canvas->toWidget(cell.x1, cell.y0));
    QVERIFY2(pixels.width() > 4 && pixels.height() > 4, "the hovered cell is a few pixels wide at least");
    QTest::mouseMove(canvas, centre.toPoint());
    QTRY_COMPARE(canvas->hoveredNode(), expected);
    const auto& node = result->psd->nodes[std::size_t(expected)];
    QVERIFY2(m_view->hoverText().contains(QStringLiteral("noisy count %1").arg(formatCount(node.estimate))),
             qPrintable(m_view->hoverText()));
    QVERIFY(!m_view->hoverText().contains(QStringLiteral("true")));  // hidden by default
    // The canvas did not move under the mouse when the readout appeared.
    QCOMPARE(canvas->toWidget((cell.x0 + cell.x1) / 2, (cell.y0 + cell.y1) / 2), centre);

    // Show true values (an undoable display setting): the true count appears.
    child<QCheckBox>(*m_view, "spatial-show-true")->setChecked(true);
    QVERIFY2(m_view->hoverText().contains(QStringLiteral("true %1").arg(formatCount(node.trueCount))),
             qPrintable(m_view->hoverText()));
    QCOMPARE(m_view->leafModel()->columnCount(), 5);
    QCOMPARE(m_view->leafModel()->headerData(LeafTableModel::TrueColumn, Qt::Horizontal).toString(),
             QStringLiteral("True count"));
    saveScreenshot(*m_view, QStringLiteral("spatial_hover.png"));
    m_env->document.undoStack()->undo();
    QVERIFY(!m_view->parameters()->settings().showTrue);
    QVERIFY(!m_view->hoverText().contains(QStringLiteral("true")));
    QCOMPARE(m_view->leafModel()->columnCount(), 4);
}

void TestSpatialView::dragAsksRangeQuery() {
    QVERIFY(runWith("quad", 5));
    child<QCheckBox>(*m_view, "spatial-show-true")->setChecked(true);
    const auto result = m_view->result();
    SpatialCanvas* canvas = m_view->canvas();
    // Drag from (10, 80) to (40, 50) in data coordinates.
    const QPoint from = canvas->toWidget(10.0, 80.0).toPoint(), to = canvas->toWidget(40.0, 50.0).toPoint();
    QTest::mousePress(canvas, Qt::LeftButton, {}, from);
    QTest::mouseMove(canvas, (from + to) / 2);
    QTest::mouseMove(canvas, to);
    QTest::mouseRelease(canvas, Qt::LeftButton, {}, to);
    QVERIFY(canvas->selection().has_value());
    const spatial::Rect q = *canvas->selection();
    // The rectangle is the one dragged, up to a pixel of the plot.
    const double pixel = result->psd->domain.width() / canvas->plotArea().width() * 1.5;
    QVERIFY2(std::abs(q.x0 - 10.0) < pixel && std::abs(q.x1 - 40.0) < pixel, qPrintable(QString::number(q.x0)));
    QVERIFY2(std::abs(q.y0 - 50.0) < pixel * 2 && std::abs(q.y1 - 80.0) < pixel * 2, qPrintable(QString::number(q.y0)));
    QVERIFY(m_view->lastRangeAnswer().has_value());
    const auto expected = spatial::answerRangeQuery(*result->psd, q);
    QCOMPARE(m_view->lastRangeAnswer()->privateCount, expected.privateCount);
    QCOMPARE(m_view->lastRangeAnswer()->trueCount, expected.trueCount);
    // Independent check of the true answer: count the points in the rectangle.
    QCOMPARE(m_view->lastRangeAnswer()->trueCount, double(spatial::countPointsIn(*result->points, q)));
    QVERIFY(expected.trueCount > 1000);  // the cluster is inside
    QVERIFY2(m_view->rangeText().contains(QStringLiteral("private answer %1").arg(formatCount(expected.privateCount))),
             qPrintable(m_view->rangeText()));
    QVERIFY(m_view->rangeText().contains(QStringLiteral("true %1").arg(formatCount(expected.trueCount))));
    saveScreenshot(*m_view, QStringLiteral("spatial_range.png"));
    // Hiding true values hides the true answer too.
    child<QCheckBox>(*m_view, "spatial-show-true")->setChecked(false);
    QVERIFY(!m_view->rangeText().contains(QStringLiteral("true")));
}

void TestSpatialView::undoRedoParameterEdits() {
    QVERIFY(runWith("quad", 3));
    QCOMPARE(m_view->canvas()->drawnLeafCount(), 64);
    QUndoStack* stack = m_env->document.undoStack();
    const int before = stack->count();
    auto* autoRun = child<QCheckBox>(*m_view, "spatial-auto-run");
    autoRun->setChecked(true);
    QSignalSpy done(m_view.get(), &SpatialView::resultChanged);

    auto* height = child<QSpinBox>(*m_view, "spatial-height");
    height->setValue(4);  // a user edit through the spin box: one undo command, then an automatic run
    QCOMPARE(stack->count(), before + 1);
    QCOMPARE(m_view->parameters()->settings().height, 4);
    QVERIFY(done.wait(kRunTimeoutMs));
    QCOMPARE(m_view->canvas()->drawnLeafCount(), 256);

    stack->undo();
    QCOMPARE(m_view->parameters()->settings().height, 3);
    QCOMPARE(height->value(), 3);
    QVERIFY(done.wait(kRunTimeoutMs));
    QCOMPARE(m_view->canvas()->drawnLeafCount(), 64);

    stack->redo();
    QCOMPARE(height->value(), 4);
    QVERIFY(done.wait(kRunTimeoutMs));
    QCOMPARE(m_view->canvas()->drawnLeafCount(), 256);

    // Tree type through the combo box, undone.
    auto* tree = child<QComboBox>(*m_view, "spatial-tree");
    tree->setCurrentIndex(tree->findData(QStringLiteral("kd")));
    QCOMPARE(m_view->parameters()->settings().method, std::string("kd"));
    QVERIFY(done.wait(kRunTimeoutMs));
    QCOMPARE(m_view->result()->settings.method, std::string("kd"));
    QCOMPARE(m_view->canvas()->drawnLeafCount(), int(coreBuild(m_table, m_view->result()->settings, 0).leaves.size()));
    stack->undo();
    QCOMPARE(tree->currentData().toInt(), int(spatial::TreeKind::Quadtree));
}

void TestSpatialView::epsilonSliderEditsMerge() {
    QUndoStack* stack = m_env->document.undoStack();
    const int before = stack->count();
    auto* slider = child<QSlider>(*m_view, "spatial-epsilon");
    QCOMPARE(slider->value(), SpatialControls::epsilonToSlider(1.0));
    for (int v : {150, 120, 100}) slider->setValue(v);  // one drag
    QCOMPARE(stack->count(), before + 1);
    QCOMPARE(m_view->parameters()->settings().epsilon, 0.1);  // 10^(-2 + 100/100)
    stack->undo();
    QCOMPARE(m_view->parameters()->settings().epsilon, 1.0);
    QCOMPARE(slider->value(), 200);
    QCOMPARE(SpatialControls::sliderToEpsilon(0), 0.01);
    QCOMPARE(SpatialControls::sliderToEpsilon(300), 10.0);
}

void TestSpatialView::cancelKeepsPreviousResult() {
    QVERIFY(runWith("quad", 4));
    const auto previous = m_view->result();
    const int leaves = m_view->canvas()->drawnLeafCount();
    // A long run: 10^7 points drawn from the taxi shape; cancelled through the status bar's monitor.
    SpatialSettings s = m_view->parameters()->settings();
    s.source = SpatialSource::Shape;
    s.shapePath = kCabsShape;
    s.scale = 10000000;
    m_view->parameters()->edit(s, QStringLiteral("big shape"));
    QSignalSpy cancelled(m_view.get(), &SpatialView::runCancelled);
    QSignalSpy done(m_view.get(), &SpatialView::resultChanged);
    m_view->run();
    QVERIFY(m_env->jobs.isBusy());
    m_env->jobs.cancel();
    QVERIFY(cancelled.wait(kRunTimeoutMs));
    QCOMPARE(done.count(), 0);
    QVERIFY(!m_env->jobs.isBusy());
    QVERIFY(m_view->result() == previous);
    QCOMPARE(m_view->canvas()->drawnLeafCount(), leaves);
    QVERIFY(m_view->canvas()->result() == previous);
}

void TestSpatialView::seededRunsAreMarked() {
    QVERIFY(runWith("quad", 3));
    QVERIFY(m_view->result()->seeded);
    QVERIFY(m_view->statusText().contains(QStringLiteral("seeded - not for release")));
    auto* seeded = child<QCheckBox>(*m_view, "spatial-seeded");
    QVERIFY(seeded->isChecked());
    seeded->setChecked(false);
    QSignalSpy done(m_view.get(), &SpatialView::resultChanged);
    m_view->run();
    QVERIFY(done.wait(kRunTimeoutMs));
    QVERIFY(!m_view->result()->seeded);
    QVERIFY(!m_view->statusText().contains(QStringLiteral("seeded")));
    QVERIFY(m_view->statusText().contains(QStringLiteral("secure")));
}

void TestSpatialView::rerunDrawsAgain() {
    QVERIFY(runWith("quad", 3));
    const auto first = m_view->result();
    QSignalSpy done(m_view.get(), &SpatialView::resultChanged);
    child<QPushButton>(*m_view, "spatial-rerun")->click();
    QVERIFY(done.wait(kRunTimeoutMs));
    const auto second = m_view->result();
    QCOMPARE(second->draw, 1);
    QVERIFY(second->points == first->points);  // same points (cached), new noise
    const auto expected = coreBuild(m_table, second->settings, 1);
    QCOMPARE(second->psd->nodes[std::size_t(second->psd->leaves[0])].estimate,
             expected.nodes[std::size_t(expected.leaves[0])].estimate);
    QVERIFY(second->psd->nodes[std::size_t(second->psd->leaves[0])].estimate !=
            first->psd->nodes[std::size_t(first->psd->leaves[0])].estimate);
}

void TestSpatialView::badShapeFileFails() {
    SpatialSettings s = m_view->parameters()->settings();
    s.source = SpatialSource::Shape;
    s.shapePath = m_dir.filePath(QStringLiteral("missing.npy"));
    m_view->parameters()->edit(s, QStringLiteral("missing"));
    QSignalSpy failed(m_view.get(), &SpatialView::runFailed);
    m_view->run();
    QVERIFY(failed.wait(kRunTimeoutMs));
    QVERIFY2(failed.first().first().toString().contains(QStringLiteral("missing.npy")),
             qPrintable(failed.first().first().toString()));
    QVERIFY(m_view->statusText().contains(QStringLiteral("missing.npy")));
    QVERIFY(!m_view->result());
    QVERIFY(!m_env->jobs.isBusy());
}

void TestSpatialView::exportsPngAndSvg() {
    QVERIFY(runWith("kd", 6));
    const QString png = m_dir.filePath(QStringLiteral("psd.png")), svg = m_dir.filePath(QStringLiteral("psd.svg"));
    QVERIFY(m_view->exportPicture(png));
    QVERIFY(m_view->exportPicture(svg));
    QImage image(png);
    QCOMPARE(image.size(), m_view->canvas()->size() * 2);
    QFile file(svg);
    QVERIFY(file.open(QIODevice::ReadOnly));
    const QByteArray text = file.readAll();
    QVERIFY(text.contains("<svg"));
    QVERIFY(text.contains("Noisy density"));  // the legend is vector text
    const QString shots = qEnvironmentVariable("VEIL_SCREENSHOT_DIR");
    if (!shots.isEmpty()) {
        QFile::remove(shots + QStringLiteral("/spatial_export.png"));
        QFile::copy(png, shots + QStringLiteral("/spatial_export.png"));
    }
}

void TestSpatialView::wheelZoomsAndDoubleClickResets() {
    QVERIFY(runWith("quad", 4));
    SpatialCanvas* canvas = m_view->canvas();
    const QPointF centre = canvas->plotArea().center();
    const QPointF dataCentre = canvas->toData(centre);
    const double span = canvas->toWidget(100.0, 0.0).x() - canvas->toWidget(0.0, 0.0).x();
    QWheelEvent wheel(centre, canvas->mapToGlobal(centre), QPoint(), QPoint(0, 120), Qt::NoButton, Qt::NoModifier,
                      Qt::NoScrollPhase, false);
    QApplication::sendEvent(canvas, &wheel);
    // One notch zooms in by 1.25 around the mouse: the point under it stays put.
    const double zoomed = canvas->toWidget(100.0, 0.0).x() - canvas->toWidget(0.0, 0.0).x();
    QVERIFY2(qAbs(zoomed / span - 1.25) < 1e-9, qPrintable(QString::number(zoomed / span)));
    QVERIFY(QLineF(canvas->toWidget(dataCentre.x(), dataCentre.y()), centre).length() < 1e-6);
    QTest::mouseDClick(canvas, Qt::LeftButton, {}, centre.toPoint());
    QVERIFY(qAbs(canvas->toWidget(100.0, 0.0).x() - canvas->toWidget(0.0, 0.0).x() - span) < 1e-9);
}

void TestSpatialView::shapeSourceScreenshot() {
    // The taxi shape at 10^5 points, kd-tree: the chart shows the workload's error per size.
    SpatialSettings s = m_view->parameters()->settings();
    s.source = SpatialSource::Shape;
    s.shapePath = kCabsShape;
    s.scale = 100000;
    m_view->parameters()->edit(s, QStringLiteral("shape"));
    QSignalSpy progress(&m_env->jobs, &JobMonitor::progressChanged);
    QSignalSpy busy(&m_env->jobs, &JobMonitor::busyChanged);
    QSignalSpy status(&m_env->jobs, &JobMonitor::statusMessage);
    QVERIFY(runWith("kd", 8, 0.5));
    // The status bar saw the job: busy, progress from core (sampling, building, queries), idle.
    QVERIFY2(progress.count() >= 3, qPrintable(QString::number(progress.count())));
    QCOMPARE(busy.count(), 2);
    QVERIFY2(status.last().first().toString().contains(QStringLiteral("256 leaves in")),
             qPrintable(status.last().first().toString()));
    QVERIFY(status.last().first().toString().contains(QStringLiteral("TEACHING MODE")));
    const auto result = m_view->result();
    QCOMPARE(result->psd->pointCount, std::size_t(100000));
    QVERIFY(result->psd->domain == (spatial::Rect{0, 0, 256, 256}));
    QCOMPARE(m_view->canvas()->drawnLeafCount(), int(result->psd->leaves.size()));
    QCOMPARE(result->error.queries, std::size_t(900));
    // The chart's bars are core's median relative errors by size, in percent.
    QChart* chart = m_view->errorChart()->chart();
    QVERIFY(chart);
    QCOMPARE(chart->series().size(), 1);
    saveScreenshot(*m_view, QStringLiteral("spatial_shape_kd.png"));
}

// The grids on a DPBench shape: every cell is a whole block of the shape's 256 x 256 cells (a cell
// edge between two data cells would split a cell's count by area), the same cells as core's
// request with the shape's resolution declared.
void TestSpatialView::gridsAlignToShapeCells() {
    SpatialSettings s = m_view->parameters()->settings();
    s.source = SpatialSource::Shape;
    s.shapePath = kCabsShape;
    s.scale = 100000;
    m_view->parameters()->edit(s, QStringLiteral("shape"));
    for (const std::string method : {"grid", "agrid"}) {
        QVERIFY(runWith(method, 6, 1.0));
        const auto result = m_view->result();
        QCOMPARE(result->settings.method, method);
        QVERIFY(result->psd->leaves.size() > 100);
        for (const auto leaf : result->psd->leaves) {
            const spatial::Rect& r = result->psd->nodes[std::size_t(leaf)].rect;
            for (const double edge : {r.x0, r.y0, r.x1, r.y1}) QCOMPARE(edge, std::round(edge));
        }
        QCOMPARE(m_view->canvas()->drawnLeafCount(), int(result->psd->leaves.size()));
        const auto request = result->settings.psdRequest(256, 256);
        QCOMPARE(request.options.at("data_columns").get<int>(), 256);
        QVERIFY(m_view->statusText().contains(methodLabel(method)));
    }
    saveScreenshot(*m_view, QStringLiteral("spatial_shape_agrid.png"));
}

// A kd-tree at small ε with a large 90th-percentile error gets a hint under the result, from the
// rules table; a configuration no rule names gets none.
void TestSpatialView::poorConfigurationShowsHint() {
    auto* hint = child<QLabel>(*m_view, "spatial-hint");
    QVERIFY(!hint->isVisibleTo(m_view.get()));
    QVERIFY(runWith("kd", 8, 0.05));
    const double p90 = m_view->result()->error.p90Relative;
    QVERIFY2(p90 > 1.0, qPrintable(QString::number(p90)));
    const QString expected = configurationHint(m_view->result()->settings, p90);
    QVERIFY(expected.contains(QStringLiteral("quadtree")));
    QVERIFY(hint->isVisibleTo(m_view.get()));
    QVERIFY2(hint->text().contains(expected.toHtmlEscaped()), qPrintable(hint->text()));
    QVERIFY(runWith("quad", 6, 1.0));
    QVERIFY(!hint->isVisibleTo(m_view.get()));  // no rule covers a height-6 quadtree at eps 1
    QCOMPARE(hint->isVisibleTo(m_view.get()),
             !configurationHint(m_view->result()->settings, m_view->result()->error.p90Relative).isEmpty());
}

QTEST_MAIN(TestSpatialView)
#include "tst_spatial_view.moc"
