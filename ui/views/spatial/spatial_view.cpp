#include "views/spatial/spatial_view.h"

#include "charts/spatial/query_error_chart_builder.h"
#include "document/document.h"
#include "panels/recommendation_bar.h"
#include "views/spatial/leaf_table_model.h"
#include "views/spatial/spatial_canvas.h"
#include "views/spatial/spatial_controls.h"
#include "views/spatial/spatial_export.h"
#include "views/spatial/spatial_parameters.h"
#include "views/spatial/configuration_hints.h"
#include "views/spatial/spatial_readout.h"
#include "views/spatial/spatial_recommendation.h"
#include "views/spatial/spatial_release.h"
#include "views/spatial/spatial_runner.h"
#include "views/release/view_release.h"
#include "workbench/job_monitor.h"
#include "workbench/noisy_scale.h"
#include "workbench/release_session.h"

#include "veil/common/random.h"

#include <QAction>
#include <QChart>
#include <QChartView>
#include <QComboBox>
#include <QFileDialog>
#include <QFileInfo>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QPainter>
#include <QPushButton>
#include <QScrollArea>
#include <QSortFilterProxyModel>
#include <QSplitter>
#include <QTableView>
#include <QTimer>
#include <QVBoxLayout>

namespace veil::ui {
namespace {

QLabel* readoutLabel(const char* name) {
    auto* label = new QLabel;
    label->setObjectName(QLatin1String(name));
    label->setWordWrap(true);
    label->setTextInteractionFlags(Qt::TextSelectableByMouse);
    QFont f = label->font();
    f.setPointSizeF(std::max(10.0, f.pointSizeF()) * 1.1);
    label->setFont(f);
    return label;
}

bool isNumeric(ColumnType type) {
    return type == ColumnType::Integer || type == ColumnType::Real || type == ColumnType::Date;
}

// The column among `names` that looks like `wanted` (lon/x, lat/y), or `fallback`.
QString pickColumn(const QStringList& names, std::initializer_list<const char*> wanted, const QString& fallback) {
    for (const char* w : wanted)
        for (const QString& n : names)
            if (n.compare(QLatin1String(w), Qt::CaseInsensitive) == 0) return n;
    return fallback;
}

}  // namespace

SpatialView::SpatialView(WorkbenchContext& context, QWidget* parent)
    : QWidget(parent),
      m_context(context),
      m_parameters(new SpatialParameters(context.document ? context.document->undoStack() : nullptr, this)),
      m_controls(new SpatialControls),
      m_canvas(new SpatialCanvas),
      m_runner(new SpatialRunner(this)),
      m_leafModel(new LeafTableModel(this)),
      m_leafTable(new QTableView),
      m_chartView(new QChartView),
      m_hoverLabel(readoutLabel("spatial-hover")),
      m_rangeLabel(readoutLabel("spatial-range")),
      m_infoLabel(readoutLabel("spatial-info")),
      m_hintLabel(readoutLabel("spatial-hint")),
      m_recommendation(new RecommendationBar),
      m_autoRunTimer(new QTimer(this)) {
    setObjectName(QStringLiteral("spatial-view"));
    auto* controlsScroll = new QScrollArea;
    controlsScroll->setWidget(m_controls);
    controlsScroll->setWidgetResizable(true);
    controlsScroll->setMinimumWidth(m_controls->sizeHint().width() + 24);

    m_canvas->setObjectName(QStringLiteral("spatial-canvas"));
    m_canvas->setPlaceholder(
        tr("Open a table with two numeric columns (x and y), or choose a DPBench shape file, "
           "then press Run."));
    auto* savePicture = new QPushButton(tr("Save picture…"));
    savePicture->setObjectName(QStringLiteral("spatial-save-picture"));
    auto* centre = new QWidget;
    auto* centreLayout = new QVBoxLayout(centre);
    centreLayout->setContentsMargins(0, 0, 0, 0);
    centreLayout->addWidget(m_canvas, 1);
    // Fixed heights: text appearing under the mouse must not resize the canvas under it.
    for (QLabel* label : {m_hoverLabel, m_rangeLabel})
        label->setFixedHeight(2 * label->fontMetrics().lineSpacing() + 6);
    m_infoLabel->setMinimumHeight(5 * m_infoLabel->fontMetrics().lineSpacing() + 6);
    m_infoLabel->setAlignment(Qt::AlignLeft | Qt::AlignTop);
    centreLayout->addWidget(m_hoverLabel);
    centreLayout->addWidget(m_rangeLabel);
    auto* infoRow = new QHBoxLayout;
    infoRow->addWidget(m_infoLabel, 1);
    m_release = new QPushButton(tr("Release…"));
    m_release->setObjectName(QStringLiteral("spatial-release"));
    m_release->setToolTip(
        tr("Write the noisy cells as a release bundle (GeoJSON, manifest, report; folder or .zip) "
           "and record it in the privacy ledger"));
    m_release->setEnabled(false);
    auto* buttonColumn = new QVBoxLayout;
    buttonColumn->addWidget(savePicture);
    buttonColumn->addWidget(m_release);
    buttonColumn->addStretch(1);
    infoRow->addLayout(buttonColumn);
    centreLayout->addLayout(infoRow);
    m_hintLabel->setStyleSheet(QStringLiteral("color: #8a5a00"));
    m_hintLabel->setVisible(false);
    centreLayout->addWidget(m_hintLabel);
    centreLayout->addWidget(m_recommendation);

    m_chartView->setObjectName(QStringLiteral("spatial-error-chart"));
    m_chartView->setRenderHint(QPainter::Antialiasing);
    m_chartView->setChart(QueryErrorChartBuilder::empty(tr("Query error")));
    m_chartView->setMinimumSize(320, 280);
    m_chartView->setContextMenuPolicy(Qt::ActionsContextMenu);
    for (const auto& [suffix, label] :
         {std::pair{"png", "Save chart as PNG…"}, std::pair{"svg", "Save chart as SVG…"}}) {
        auto* action = new QAction(tr(label), m_chartView);
        const QString ext = QLatin1String(suffix);
        connect(action, &QAction::triggered, this, [this, ext] {
            const QString path =
                QFileDialog::getSaveFileName(this, tr("Save chart"), QStringLiteral("query-error.") + ext,
                                             ext.toUpper() + QStringLiteral(" (*.") + ext + QLatin1Char(')'));
            if (!path.isEmpty()) saveWidgetPicture(*m_chartView, path);
        });
        m_chartView->addAction(action);
    }
    auto* proxy = new QSortFilterProxyModel(this);
    proxy->setSourceModel(m_leafModel);
    proxy->setSortRole(Qt::UserRole);
    m_leafTable->setObjectName(QStringLiteral("spatial-leaves"));
    m_leafTable->setModel(proxy);
    m_leafTable->setSortingEnabled(true);
    m_leafTable->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_leafTable->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_leafTable->verticalHeader()->setVisible(false);
    auto* side = new QSplitter(Qt::Vertical);
    side->addWidget(m_chartView);
    side->addWidget(m_leafTable);
    side->setStretchFactor(0, 3);
    side->setStretchFactor(1, 2);

    auto* splitter = new QSplitter(Qt::Horizontal);
    splitter->addWidget(controlsScroll);
    splitter->addWidget(centre);
    splitter->addWidget(side);
    splitter->setStretchFactor(1, 1);
    splitter->setSizes({330, 740, 440});
    auto* layout = new QHBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    layout->addWidget(splitter);

    m_autoRunTimer->setSingleShot(true);
    m_autoRunTimer->setInterval(200);
    connect(m_autoRunTimer, &QTimer::timeout, this, [this] {
        if (isVisible())
            run(false);
        else
            m_pendingRun = true;  // do not build trees for a tab nobody looks at
    });

    connect(m_controls, &SpatialControls::edited, m_parameters, &SpatialParameters::edit);
    connect(m_controls, &SpatialControls::runRequested, this, &SpatialView::run);
    connect(m_controls, &SpatialControls::browseShapeRequested, this, &SpatialView::browseShape);
    if (const auto* trees = m_controls->findChild<QComboBox*>(QStringLiteral("spatial-tree")))
        m_recommendation->setCandidates(spatialCandidates(*trees));
    connect(m_recommendation, &RecommendationBar::useRequested, this, [this](const QString& algorithm) {
        const auto method = methodOfAlgorithm(algorithm);
        if (!method) return;
        SpatialSettings next = m_parameters->settings();
        next.method = *method;
        m_parameters->edit(next, tr("Use the recommended %1").arg(methodLabel(*method)));
    });
    connect(m_recommendation, &RecommendationBar::noisyScaleRequested, this, &SpatialView::releaseNoisyScale);
    connect(m_parameters, &SpatialParameters::changed, this, &SpatialView::onSettingsChanged);
    connect(savePicture, &QPushButton::clicked, this, &SpatialView::exportPictureInteractive);
    connect(m_release, &QPushButton::clicked, this, &SpatialView::releaseInteractive);
    connect(m_canvas, &SpatialCanvas::leafHovered, this, &SpatialView::onHovered);
    connect(m_canvas, &SpatialCanvas::rangeSelected, this, [this](double x0, double y0, double x1, double y1) {
        askRange(spatial::Rect{x0, y0, x1, y1});
    });

    connect(m_runner, &SpatialRunner::started, this, [this] {
        m_controls->setRunning(true);
        m_release->setEnabled(false);
    });
    connect(m_runner, &SpatialRunner::finished, this, [this] {
        m_controls->setRunning(false);
        m_release->setEnabled(m_result != nullptr);
    });
    connect(m_runner, &SpatialRunner::progressChanged, this, [this](double f, const QString& message) {
        if (m_context.jobs) m_context.jobs->progress(f, message);
    });
    connect(m_runner, &SpatialRunner::succeeded, this, &SpatialView::onSucceeded);
    connect(m_runner, &SpatialRunner::failed, this, [this](const QString& message) {
        m_error = message;
        if (m_context.jobs) m_context.jobs->end(tr("Spatial: %1").arg(message));
        updateInfo();
        Q_EMIT runFailed(message);
    });
    connect(m_runner, &SpatialRunner::cancelled, this, [this] {
        if (m_context.jobs) m_context.jobs->end(tr("Spatial run cancelled - the previous result is kept"));
        updateInfo();
        Q_EMIT runCancelled();
    });
    if (m_context.document) {
        connect(m_context.document, &Document::tableReset, this, &SpatialView::onTableReset);
        connect(m_context.document, &Document::columnChanged, this, &SpatialView::onTableReset);
        onTableReset();
    }
    if (m_context.release) {
        connect(m_context.release, &ReleaseSession::teachingChanged, this, &SpatialView::onTeachingChanged);
        m_controls->setTeaching(m_context.release->isTeaching());
    }
    m_controls->setSettings(m_parameters->settings());
    updateTeachingWidgets();
    updateInfo();
    updateRecommendation();
}

SpatialView::~SpatialView() {
    // The status bar must not keep a Cancel that points at this view.
    if (m_runner->isRunning() && m_context.jobs) m_context.jobs->end();
}

void SpatialView::onTableReset() {
    m_recommendation->clearNoisyScale();  // a count of the data that was there before
    QStringList numeric;
    const Table& table = m_context.document->table();
    for (std::size_t c = 0; c < table.columnCount(); ++c)
        if (isNumeric(table.column(c).type())) numeric << QString::fromStdString(table.column(c).name());
    m_controls->setNumericColumns(numeric);
    if (m_pointsSettings.source == SpatialSource::Table) m_points.reset();  // the table changed under them
    SpatialSettings s = m_parameters->settings();
    if (!numeric.contains(s.xColumn))
        s.xColumn = pickColumn(numeric, {"lon", "longitude", "lng", "x"}, numeric.value(0));
    if (!numeric.contains(s.yColumn) || s.yColumn == s.xColumn)
        s.yColumn =
            pickColumn(numeric, {"lat", "latitude", "y"}, numeric.value(numeric.indexOf(s.xColumn) == 0 ? 1 : 0));
    // Not an edit of the user's: the columns follow the data (the undo stack was just cleared).
    m_parameters->apply(s);
    m_controls->setSettings(m_parameters->settings());
    if (s.source == SpatialSource::Table && m_controls->autoRun() && !numeric.isEmpty()) m_autoRunTimer->start();
}

void SpatialView::onSettingsChanged(const SpatialSettings& previous, const SpatialSettings& current) {
    m_controls->setSettings(current);
    showTrueChanged(current.showTrue);
    SpatialSettings withoutDisplay = previous;
    withoutDisplay.showTrue = current.showTrue;
    if (withoutDisplay == current) return;  // only what is shown changed
    if (previous.xColumn != current.xColumn || previous.source != current.source)
        m_recommendation->clearNoisyScale();  // the noisy N counted another column
    const bool ready = current.source == SpatialSource::Table ? !current.xColumn.isEmpty() && !current.yColumn.isEmpty()
                                                              : !current.shapePath.isEmpty();
    if (m_controls->autoRun() && ready) m_autoRunTimer->start();
    updateInfo();
    updateRecommendation();
}

void SpatialView::updateRecommendation() {
    const SpatialSettings& s = m_parameters->settings();
    std::size_t rows = 0, columns = 0;  // a shape's grid once its points are loaded; else 256 x 256
    if (s.source == SpatialSource::Shape && m_result && m_result->settings.shapePath == s.shapePath) {
        rows = static_cast<std::size_t>(std::llround(m_result->points->domain.height()));
        columns = static_cast<std::size_t>(std::llround(m_result->points->domain.width()));
    }
    configureRecommendation(*m_recommendation, s, rows, columns);
}

void SpatialView::releaseNoisyScale() {
    const SpatialSettings& s = m_parameters->settings();
    if (s.xColumn.isEmpty()) return;
    auto scale = ui::releaseNoisyScale(m_context, s.xColumn.toStdString(),
                                       s.seeded ? std::optional<std::uint64_t>(s.seed) : std::nullopt);
    if (!scale) {
        m_error = QString::fromStdString(scale.status().message());
        return updateInfo();
    }
    m_recommendation->setNoisyScale(*scale);
}

bool SpatialView::showsTruth() const {
    return isTeaching() && m_result && m_result->receipt.mode == dp::ReleaseMode::Teaching &&
           m_parameters->settings().showTrue;
}

void SpatialView::showTrueChanged(bool) {
    const bool show = showsTruth();
    m_canvas->setShowTrue(show);
    m_leafModel->setShowTrue(show);
    onHovered(m_canvas->hoveredNode());
    if (m_range) askRange(*m_range);
}

void SpatialView::showEvent(QShowEvent* event) {
    QWidget::showEvent(event);
    if (m_pendingRun) m_autoRunTimer->start();
}

bool SpatialView::isTeaching() const { return m_context.release && m_context.release->isTeaching(); }

void SpatialView::onTeachingChanged(bool teaching) {
    m_controls->setTeaching(teaching);
    // A count taken in the other mode (teaching: not charged) must not size a recommendation here.
    m_recommendation->clearNoisyScale();
    // A result computed in the other mode is not shown as if it belonged to this one.
    m_result.reset();
    m_releaseNote.clear();
    m_canvas->setResult(nullptr);
    m_leafModel->setResult(nullptr);
    m_rangeAnswer.reset();
    m_rangeLabel->clear();
    m_hoverLabel->clear();
    m_release->setEnabled(false);
    updateTeachingWidgets();
    updateInfo();
}

void SpatialView::updateTeachingWidgets() {
    // The workload error compares with the true counts: teaching mode only.
    m_chartView->setVisible(isTeaching());
}

void SpatialView::run(bool newDraw) {
    m_autoRunTimer->stop();
    m_pendingRun = false;
    if (!m_context.release) {
        m_error = tr("No release session: nothing can be released.");
        updateInfo();
        return;
    }
    if (newDraw) ++m_draw;
    const SpatialSettings& s = m_parameters->settings();
    SpatialRunRequest request;
    request.settings = s;
    request.draw = m_draw;
    std::optional<std::uint64_t> seed;
    if (s.seeded) seed = m_draw == 0 ? s.seed : SeededRandom::deriveSeed(s.seed, std::uint64_t(m_draw));
    const bool fromTable = s.source == SpatialSource::Table;
    const QString input = fromTable && m_context.document ? m_context.document->filePath() : s.shapePath;
    auto gate = m_context.release->makeGate(datasetKeyForPath(input), seed);
    if (!gate) {
        m_error = tr("Not run: %1").arg(QString::fromStdString(gate.status().message()));
        updateInfo();
        return;
    }
    request.gate = *gate;
    if (m_context.document) request.table = m_context.document->table();
    if (m_points && s.samePoints(m_pointsSettings)) request.cachedPoints = m_points;
    m_error.clear();
    if (m_context.jobs)
        m_context.jobs->begin(tr("Building a private %1").arg(methodLabel(s.method)), [this] { m_runner->cancel(); });
    m_runner->start(std::move(request));
    updateInfo();
}

void SpatialView::onSucceeded() {
    m_result = m_runner->lastResult();
    m_releaseNote.clear();
    m_release->setEnabled(true);
    m_points = m_result->points;
    m_pointsSettings = m_result->settings;
    const SpatialSettings& s = m_result->settings;
    if (s.source == SpatialSource::Table)
        m_canvas->setAxisTitles(s.xColumn, s.yColumn);
    else
        m_canvas->setAxisTitles(tr("x (shape column)"), tr("y (shape row)"));
    m_canvas->setResult(m_result);
    m_leafModel->setResult(m_result);
    showTrueChanged(showsTruth());
    updateChart();
    updateInfo();
    updateRecommendation();
    if (m_context.jobs)
        m_context.jobs->end(tr("Spatial: %1 leaves in %2 s - %3")
                                .arg(m_result->psd->leaves.size())
                                .arg(m_result->seconds, 0, 'f', 2)
                                .arg(QString::fromStdString(dp::receiptLine(m_result->receipt))));
    Q_EMIT resultChanged();
}

void SpatialView::onHovered(int node) {
    if (!m_result || node < 0) {
        m_hoverLabel->setText(m_result ? tr("Hover a cell for its counts; drag a rectangle to ask a range query.")
                                       : QString());
        return;
    }
    m_hoverLabel->setText(leafReadout(*m_result->psd, node, showsTruth()));
}

void SpatialView::askRange(const spatial::Rect& rect) {
    m_range = rect;
    m_canvas->setSelection(rect);
    if (!m_result) return;
    m_rangeAnswer = spatial::answerRangeQuery(*m_result->psd, rect);
    m_rangeLabel->setText(rangeReadout(rect, *m_rangeAnswer, showsTruth()));
}

QString SpatialView::hoverText() const { return m_hoverLabel->text(); }
QString SpatialView::rangeText() const { return m_rangeLabel->text(); }
QString SpatialView::statusText() const { return m_infoLabel->text(); }

void SpatialView::updateChart() {
    if (!m_result) return;
    QChart* old = m_chartView->chart();
    m_chartView->setChart(QueryErrorChartBuilder::build(
        m_result->errorBySize, tr("Range-query error (%1 queries)").arg(m_result->error.queries)));
    delete old;
}

void SpatialView::updateInfo() {
    QStringList lines;
    if (m_result) {
        const auto& psd = *m_result->psd;
        const auto& e = m_result->error;
        lines << tr("<b>%1</b> · ε on every root-to-leaf path: %2")
                     .arg(m_result->settings.summary().toHtmlEscaped())
                     .arg(QString::number(psd.maxPathEpsilon(), 'g', 6));
        QStringList levels;
        for (double eps : psd.countEpsilonByDepth()) levels << QString::number(eps, 'g', 3);
        lines << tr("Count ε by depth (root first): %1").arg(levels.join(QStringLiteral(", ")));
        if (m_result->receipt.mode == dp::ReleaseMode::Teaching)
            lines << tr("<span style='color:#b00000'><b>Teaching mode - not private:</b> nothing was charged; "
                        "workload median relative error %1 %, 90th percentile %2 %, DPBench scaled L1 %3 · "
                        "built in %4 s</span>")
                         .arg(e.medianRelative * 100.0, 0, 'f', 1)
                         .arg(e.p90Relative * 100.0, 0, 'f', 1)
                         .arg(e.scaledL1, 0, 'g', 3)
                         .arg(m_result->seconds, 0, 'f', 2);
        else
            lines << QString::fromStdString(dp::receiptLine(m_result->receipt)).toHtmlEscaped();
        if (m_result->seeded)
            lines << tr("<span style='color:#b00000'><b>seeded - not for release</b> (seed %1, draw %2: "
                        "reproducible, for teaching and tests only)</span>")
                         .arg(m_result->settings.seed)
                         .arg(m_result->draw);
        else
            lines << tr("Noise: %1").arg(m_result->randomDescription.toHtmlEscaped());
        QStringList warnings;
        for (const auto& w : m_result->points->warnings) warnings << QString::fromStdString(w).toHtmlEscaped();
        for (const auto& w : psd.warnings) warnings << QString::fromStdString(w).toHtmlEscaped();
        warnings.removeDuplicates();
        if (!warnings.isEmpty())
            lines << tr("<span style='color:#8a5a00'>Note: %1</span>").arg(warnings.join(QStringLiteral("; ")));
        if (!(m_result->settings == m_parameters->settings()) && !m_runner->isRunning()) {
            SpatialSettings shown = m_result->settings;
            shown.showTrue = m_parameters->settings().showTrue;
            if (!(shown == m_parameters->settings()))
                lines << tr("<i>Settings changed since this result - press Run.</i>");
        }
    }
    if (m_runner->isRunning()) lines << tr("<i>Running…</i>");
    if (!m_error.isEmpty()) lines << tr("<span style='color:#b00000'>%1</span>").arg(m_error.toHtmlEscaped());
    if (!m_releaseNote.isEmpty()) lines << m_releaseNote.toHtmlEscaped();
    m_infoLabel->setText(lines.join(QStringLiteral("<br>")));
    // The hint reads the error against true counts: teaching mode only, like the error itself.
    const QString hint = m_result && m_result->receipt.mode == dp::ReleaseMode::Teaching
                             ? configurationHint(m_result->settings, m_result->error.p90Relative)
                             : QString();
    m_hintLabel->setText(hint.isEmpty() ? QString() : tr("<b>Hint:</b> %1").arg(hint.toHtmlEscaped()));
    m_hintLabel->setVisible(!hint.isEmpty());
}

void SpatialView::browseShape() {
    const QString path =
        QFileDialog::getOpenFileName(this, tr("Open a DPBench 2-D shape"), m_parameters->settings().shapePath,
                                     tr("Shapes (*.npy *.csv);;All files (*)"));
    if (path.isEmpty()) return;
    SpatialSettings s = m_parameters->settings();
    s.shapePath = path;
    s.source = SpatialSource::Shape;
    m_parameters->edit(s, tr("Shape %1").arg(QFileInfo(path).fileName()));
}

bool SpatialView::exportPicture(const QString& path) const { return saveCanvasPicture(*m_canvas, path); }

void SpatialView::exportPictureInteractive() {
    QString filter;
    QString path = QFileDialog::getSaveFileName(this, tr("Save picture"), QStringLiteral("spatial-decomposition.png"),
                                                tr("PNG image (*.png);;SVG image (*.svg)"), &filter);
    if (path.isEmpty()) return;
    if (QFileInfo(path).suffix().isEmpty())
        path += filter.contains(QStringLiteral("svg")) ? QStringLiteral(".svg") : QStringLiteral(".png");
    if (!exportPicture(path) && m_context.jobs) m_context.jobs->end(tr("Could not write %1").arg(path));
}

void SpatialView::releaseInteractive() {
    if (!m_result) return;
    const QString target = askReleaseTarget(this, QStringLiteral("spatial-release"));
    if (!target.isEmpty()) releaseTo(target);
}

bool SpatialView::releaseTo(const QString& target) {
    if (!m_result) {
        m_releaseNote = tr("Nothing to release: run first.");
        updateInfo();
        return false;
    }
    if (!m_context.release) {
        m_releaseNote = tr("Release not made: no release session.");
        updateInfo();
        return false;
    }
    // A picture of the released cells only (the canvas would show the points and their number).
    const auto& psd = *m_result->psd;
    const std::string figure = pictureSvg(QSize(480, 400), tr("Released cells"),
                                          [&psd](QPainter& p) { paintReleasedCells(p, QSize(480, 400), psd); });
    release::ReleaseOutcome outcome = spatialOutcome(*m_result, figure);
    const bool fromTable = m_result->settings.source == SpatialSource::Table;
    const QString input =
        fromTable && m_context.document ? m_context.document->filePath() : m_result->settings.shapePath;
    describeInput(outcome, input, datasetKeyForPath(input));
    // The result was charged when it was computed (its receipt names the ledger entry): bundling
    // it, once or again, spends nothing more. Teaching results are refused.
    auto bundle = writeViewRelease(outcome, target, *m_context.release);
    m_releaseNote = releaseMessage(bundle, m_result->seeded);
    updateInfo();
    if (!bundle) return false;
    m_lastBundle = QString::fromStdString(bundle->dir);
    return true;
}

}  // namespace veil::ui
