#include "views/graph/graph_view.h"

#include "document/document.h"
#include "views/graph/graph_parameters.h"
#include "charts/widget_export.h"
#include "workbench/data_paths.h"
#include "views/graph/degree_panel.h"
#include "views/graph/graph_canvas.h"
#include "jobs/core_job.h"
#include "views/graph/graph_palette.h"
#include "views/graph/graph_parameters.h"
#include "views/graph/release_panel.h"
#include "views/graph/sensitivity_model.h"
#include "views/graph/statistics_model.h"
#include "workbench/job_monitor.h"

#include "veil/common/random.h"
#include "veil/graph/kamada_kawai_layout.h"
#include "veil/graph/layout.h"
#include "veil/graph/projection.h"

#include <QComboBox>
#include <QCoreApplication>
#include <QDir>
#include <QFileDialog>
#include <QFileInfo>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QMessageBox>
#include <QPushButton>
#include <QSlider>
#include <QSpinBox>
#include <QSplitter>
#include <QTabWidget>
#include <QTableView>
#include <QToolButton>
#include <QUndoStack>
#include <QVBoxLayout>

namespace veil::ui {
namespace {
constexpr std::uint64_t kLayoutSeed = 34;
constexpr std::size_t kMaxKamadaKawaiNodes = 800;
}  // namespace

GraphView::GraphView(WorkbenchContext& context, QWidget* parent)
    : QWidget(parent),
      m_context(context),
      m_undo(context.document ? context.document->undoStack() : new QUndoStack(this)),
      m_parameters(new GraphParameters(this)),
      m_loadJob(new CoreJob(context.jobs, this)),
      m_layoutJob(new CoreJob(context.jobs, this)),
      m_projectionJob(new CoreJob(context.jobs, this)),
      m_statistics(new StatisticsModel(this)),
      m_sensitivity(new SensitivityModel(this)) {
    setObjectName(QStringLiteral("graphView"));
    auto* splitter = new QSplitter(Qt::Horizontal, this);
    splitter->addWidget(buildDrawingSide());
    splitter->addWidget(buildTablesSide());
    splitter->setStretchFactor(0, 5);
    splitter->setStretchFactor(1, 4);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    layout->addWidget(splitter);

    connect(m_parameters, &GraphParameters::changed, this,
            [this](GraphParameters::Key key) { onParameterChanged(key); });
    connect(m_loadJob, &CoreJob::failed, this, [this](const QString& message) {
        if (m_context.window) QMessageBox::warning(m_context.window, tr("Cannot open graph"), message);
        m_title->setText(tr("Could not open the graph: %1").arg(message));
    });
    connect(m_layoutJob, &CoreJob::failed, this, [this](const QString& message) { m_marks->setText(message); });
    connect(m_projectionJob, &CoreJob::failed, this, [this](const QString& message) { m_marks->setText(message); });
    onParameterChanged(GraphParameters::K);
}

GraphView::~GraphView() = default;

QWidget* GraphView::buildDrawingSide() {
    auto* side = new QWidget(this);
    auto* open = new QPushButton(tr("Open graph…"), side);
    open->setObjectName(QStringLiteral("openGraph"));
    auto* sample = new QPushButton(tr("Open sample graph"), side);
    sample->setObjectName(QStringLiteral("openSample"));
    sample->setToolTip(tr("Zachary's karate club (34 members, 78 friendships, 2 factions)"));
    m_layout = new QComboBox(side);
    m_layout->setObjectName(QStringLiteral("layoutAlgorithm"));
    m_layout->addItem(tr("Fruchterman–Reingold"), QStringLiteral("fruchterman-reingold"));
    m_layout->addItem(tr("Kamada–Kawai"), QStringLiteral("kamada-kawai"));
    auto* again = new QPushButton(tr("Lay out"), side);
    again->setObjectName(QStringLiteral("relayout"));
    auto* fit = new QToolButton(side);
    fit->setText(tr("Fit"));
    auto* toolbar = new QHBoxLayout;
    toolbar->addWidget(open);
    toolbar->addWidget(sample);
    toolbar->addStretch(1);
    toolbar->addWidget(new QLabel(tr("Layout"), side));
    toolbar->addWidget(m_layout);
    toolbar->addWidget(again);
    toolbar->addWidget(fit);
    m_minDegree = new QSpinBox(side);
    m_minDegree->setObjectName(QStringLiteral("minDegree"));
    m_minDegree->setRange(0, 100000);
    m_minDegree->setPrefix(tr("degree ≥ "));
    m_minDegree->setSpecialValueText(tr("all nodes"));
    m_minDegree->setToolTip(
        tr("Show only the nodes of at least this degree, with the edges between them (a display filter for large "
           "graphs: statistics and releases use the whole graph)"));
    toolbar->addWidget(m_minDegree);

    m_title = new QLabel(tr("No graph open. Open an edge list, GraphML or GML file, or the sample graph."), side);
    m_title->setWordWrap(true);
    QFont big = m_title->font();
    big.setPointSizeF(big.pointSizeF() + 1);
    big.setBold(true);
    m_title->setFont(big);
    m_legend = new QLabel(side);
    m_legend->setObjectName(QStringLiteral("graphLegend"));
    m_legend->setTextFormat(Qt::RichText);
    m_legend->setWordWrap(true);
    m_canvas = new GraphCanvas(side);
    installExportMenu(m_canvas, QStringLiteral("graph"));

    m_kSlider = new QSlider(Qt::Horizontal, side);
    m_kSlider->setObjectName(QStringLiteral("kSlider"));
    m_kSlider->setRange(1, 1);
    m_kLabel = new QLabel(side);
    m_kLabel->setMinimumWidth(60);
    QFont kFont = m_kLabel->font();
    kFont.setBold(true);
    m_kLabel->setFont(kFont);
    m_projection = new QComboBox(side);
    m_projection->setObjectName(QStringLiteral("projectionMode"));
    m_projection->addItem(tr("Edge projection (H_k)"), int(GraphParameters::EdgeProjection));
    m_projection->addItem(tr("Vertex LP rounding (H_2k)"), int(GraphParameters::VertexLp));
    auto* kRow = new QHBoxLayout;
    kRow->addWidget(new QLabel(tr("k"), side));
    kRow->addWidget(m_kSlider, 1);
    kRow->addWidget(m_kLabel);
    kRow->addWidget(m_projection);
    m_marks = new QLabel(side);
    m_marks->setObjectName(QStringLiteral("markSummary"));
    m_marks->setWordWrap(true);
    m_hover = new QLabel(tr("Hover a node for its details; wheel zooms, drag pans."), side);
    m_hover->setObjectName(QStringLiteral("hoverDetails"));

    auto* layout = new QVBoxLayout(side);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addLayout(toolbar);
    layout->addWidget(m_title);
    layout->addWidget(m_legend);
    layout->addWidget(m_canvas, 1);
    layout->addLayout(kRow);
    layout->addWidget(m_marks);
    layout->addWidget(m_hover);

    connect(open, &QPushButton::clicked, this, &GraphView::openWithDialog);
    connect(sample, &QPushButton::clicked, this, &GraphView::openSample);
    connect(again, &QPushButton::clicked, this, &GraphView::relayout);
    connect(fit, &QToolButton::clicked, m_canvas, &GraphCanvas::fitGraph);
    connect(m_minDegree, &QSpinBox::valueChanged, this, &GraphView::applyDegreeFilter);
    connect(m_layout, &QComboBox::activated, this,
            [this] { pushGraphParameter(m_undo, m_parameters, GraphParameters::Layout, m_layout->currentData()); });
    connect(m_projection, &QComboBox::activated, this, [this] {
        pushGraphParameter(m_undo, m_parameters, GraphParameters::Projection, m_projection->currentData());
    });
    connect(m_kSlider, &QSlider::valueChanged, this,
            [this](int k) { pushGraphParameter(m_undo, m_parameters, GraphParameters::K, k); });
    connect(m_canvas, &GraphCanvas::nodeHovered, this, [this](const QString& details) {
        m_hover->setText(details.isEmpty() ? tr("Hover a node for its details; wheel zooms, drag pans.") : details);
    });
    return side;
}

QWidget* GraphView::buildTablesSide() {
    m_tabs = new QTabWidget(this);
    m_tabs->setObjectName(QStringLiteral("graphTabs"));
    auto* stats = new QTableView(m_tabs);
    stats->setObjectName(QStringLiteral("statisticsTable"));
    stats->setModel(m_statistics);
    stats->verticalHeader()->hide();
    stats->horizontalHeader()->setSectionResizeMode(0, QHeaderView::Stretch);
    stats->horizontalHeader()->setSectionResizeMode(1, QHeaderView::ResizeToContents);
    m_tabs->addTab(stats, tr("Statistics"));

    auto* sensitivityPage = new QWidget(m_tabs);
    m_sensitivityTable = new QTableView(sensitivityPage);
    m_sensitivityTable->setObjectName(QStringLiteral("sensitivityTable"));
    m_sensitivityTable->setModel(m_sensitivity);
    m_sensitivityTable->verticalHeader()->hide();
    m_sensitivityTable->setWordWrap(true);
    m_sensitivityTable->horizontalHeader()->setSectionResizeMode(QHeaderView::Stretch);
    m_sensitivityTable->verticalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    auto* note = new QLabel(tr("LS: local sensitivity on this graph; GS: global over all graphs on n nodes; RS: "
                               "restricted over H_k = {max degree ≤ k} (Blocki et al. 2013). Edge: neighbours differ "
                               "in one edge; node: in one node's edges. Each cell: value, then the formula."),
                            sensitivityPage);
    note->setWordWrap(true);
    auto* sensitivityLayout = new QVBoxLayout(sensitivityPage);
    sensitivityLayout->addWidget(m_sensitivityTable, 1);
    sensitivityLayout->addWidget(note);
    m_tabs->addTab(sensitivityPage, tr("Sensitivity"));

    m_release = new ReleasePanel(m_parameters, m_undo, m_context.jobs, m_context.release, m_tabs);
    m_tabs->addTab(m_release, tr("Release"));
    m_degrees = new DegreePanel(m_parameters, m_context.jobs, m_context.release, m_tabs);
    m_tabs->addTab(m_degrees, tr("Degree distribution"));
    return m_tabs;
}

QString GraphView::sampleGraphPath() {
    QString dir = qEnvironmentVariable("VEIL_SAMPLES_DIR");
    if (dir.isEmpty() || !QFileInfo::exists(dir + QStringLiteral("/karate.edges")))
        dir = resourceDirectory(QStringLiteral("samples"), QStringLiteral("karate.edges"));
    return dir.isEmpty() ? QString() : QDir::cleanPath(dir + QStringLiteral("/karate.edges"));
}

QString GraphView::sampleLabelsPath() {
    const QString edges = sampleGraphPath();
    if (edges.isEmpty()) return {};
    const QString labels = QFileInfo(edges).absolutePath() + QStringLiteral("/karate.labels");
    return QFileInfo::exists(labels) ? labels : QString();
}

void GraphView::openSample() {
    const QString path = sampleGraphPath();
    if (path.isEmpty()) {
        m_title->setText(tr("The sample graph (karate.edges) was not found; set VEIL_SAMPLES_DIR."));
        return;
    }
    openGraph(path, sampleLabelsPath());
}

void GraphView::openWithDialog() {
    const QString path = QFileDialog::getOpenFileName(
        this, tr("Open graph"), {}, tr("Graphs (*.edges *.txt *.csv *.tsv *.el *.gml *.graphml *.xml);;All files (*)"));
    if (path.isEmpty()) return;
    const QString labels = QFileDialog::getOpenFileName(this, tr("Node labels (optional: Cancel for none)"),
                                                        QFileInfo(path).absolutePath(),
                                                        tr("Label files (*.labels *.txt *.csv);;All files (*)"));
    openGraph(path, labels);
}

void GraphView::openGraph(const QString& path, const QString& labelsPath) {
    const std::size_t k = std::size_t(std::max(1, m_parameters->k()));
    m_loadJob->start(tr("Opening %1").arg(QFileInfo(path).fileName()),
                     [this, path, labelsPath, k](const RunContext& ctx) {
                         auto analysis = analyseGraphFile(path, labelsPath, k, ctx);
                         if (!analysis) return CoreJobOutcome{analysis.status(), {}, {}};
                         auto shared = std::make_shared<GraphAnalysis>(std::move(*analysis));
                         const QString message = tr("%1: %2 nodes, %3 edges")
                                                     .arg(QFileInfo(path).fileName())
                                                     .arg(shared->summary.nodes)
                                                     .arg(shared->summary.edges);
                         return CoreJobOutcome{Status::ok(), [this, shared] { applyAnalysis(*shared); }, message};
                     });
}

void GraphView::applyAnalysis(const GraphAnalysis& a) {
    m_layoutJob->cancel();
    m_projectionJob->cancel();
    m_graph = a.graph;
    m_canvas->setGraph(m_graph, a.circle);
    m_statistics->setAnalysis(a);
    m_sensitivity->setRows(a.sensitivity, a.sensitivityK);
    m_release->setGraph(m_graph);
    m_release->setSourcePath(a.path, a.labelsPath);
    m_degrees->setSourcePath(a.path, a.labelsPath);
    m_degrees->setGraph(m_graph);
    QString title = QFileInfo(a.path).fileName();
    if (!a.labelsPath.isEmpty()) title += QStringLiteral(" + ") + QFileInfo(a.labelsPath).fileName();
    title +=
        tr(" — %1 nodes, %2 edges, max degree %3").arg(a.summary.nodes).arg(a.summary.edges).arg(a.summary.maxDegree);
    m_title->setText(title);
    m_title->setToolTip(a.warnings.join(QLatin1Char('\n')));
    {
        const QSignalBlocker block(m_kSlider);
        m_kSlider->setRange(1, int(std::max<std::size_t>(a.summary.maxDegree, 1)));
    }
    // k is a parameter of the analysis, not of the file: keep it when it fits (an edit clamps it).
    if (m_parameters->k() > m_kSlider->maximum()) m_parameters->setValue(GraphParameters::K, m_kSlider->maximum());
    onParameterChanged(GraphParameters::K);
    updateLegend();
    Q_EMIT graphOpened(a.path);
    relayout();
}

void GraphView::relayout() {
    if (!m_graph) return;
    graph::LayoutOptions options;
    options.iterations = m_graph->nodeCount() > 500 ? 60 : 200;  // a picture, not a precise optimum
    const bool kamadaKawai = m_parameters->layout() == QLatin1String("kamada-kawai");
    m_layoutJob->start(
        tr("Laying out the graph (%1)").arg(m_layout->itemText(m_layout->findData(m_parameters->layout()))),
        [this, g = m_graph, options, kamadaKawai](const RunContext& ctx) {
            // A layout is a picture, not a release: a fixed seed gives the same picture each time.
            SeededRandom random(kLayoutSeed);
            RunContext c = ctx;
            c.random = &random;
            // Kamada-Kawai is O(n^3) and needs a connected graph: otherwise Fruchterman-Reingold.
            QString note = tr("Layout done");
            bool useKamadaKawai = kamadaKawai && g->nodeCount() <= kMaxKamadaKawaiNodes;
            if (kamadaKawai && !useKamadaKawai)
                note = tr("Kamada–Kawai is limited to %1 nodes: used Fruchterman–Reingold").arg(kMaxKamadaKawaiNodes);
            Result<std::vector<graph::NodePosition>> positions = Status::cancelled();
            if (useKamadaKawai) {
                positions = graph::kamadaKawaiLayout(*g, options, c);
                if (!positions && positions.status().code() != StatusCode::Cancelled) {
                    note = QString::fromStdString(positions.status().message());
                    useKamadaKawai = false;
                }
            }
            if (!useKamadaKawai) positions = graph::forceDirectedLayout(*g, options, c);
            if (!positions) return CoreJobOutcome{positions.status(), {}, {}};
            auto shared = std::make_shared<std::vector<graph::NodePosition>>(std::move(*positions));
            return CoreJobOutcome{Status::ok(),
                                  [this, g, shared] {
                                      if (g == m_graph) m_canvas->setPositions(*shared);
                                  },
                                  note};
        });
}

void GraphView::onParameterChanged(int key) {
    switch (key) {
        case GraphParameters::K: {
            const QSignalBlocker block(m_kSlider);
            m_kSlider->setValue(m_parameters->k());
            m_kLabel->setText(tr("k = %1").arg(m_parameters->k()));
            m_sensitivity->setK(std::size_t(std::max(1, m_parameters->k())));
            updateMarks();
            break;
        }
        case GraphParameters::Projection: {
            const QSignalBlocker block(m_projection);
            m_projection->setCurrentIndex(m_projection->findData(m_parameters->projection()));
            updateMarks();
            break;
        }
        case GraphParameters::Layout: {
            const QSignalBlocker block(m_layout);
            m_layout->setCurrentIndex(m_layout->findData(m_parameters->layout()));
            relayout();
            break;
        }
        default:
            break;
    }
}

QString GraphView::markSummary() const { return m_marks->text(); }

void GraphView::updateMarks() {
    if (!m_graph) return;
    const std::size_t k = std::size_t(std::max(1, m_parameters->k()));
    auto above = graph::nodesAboveDegree(*m_graph, k);
    if (m_parameters->projection() == GraphParameters::EdgeProjection) {
        m_projectionJob->cancel();
        const auto removed = graph::removedEdges(*m_graph, k);
        m_canvas->setMarks(above, {}, removed);
        m_marks->setText(tr("k = %1: %2 nodes with degree > k (red outline); the edge projection onto H_%1 removes %3 "
                            "edges (dashed) — an edge stays only if it is among the first k of both endpoints.")
                             .arg(k)
                             .arg(above.size())
                             .arg(removed.size()));
        return;
    }
    m_marks->setText(tr("k = %1: solving the vertex LP…").arg(k));
    m_projectionJob->start(
        tr("Vertex LP projection (k = %1)").arg(k), [this, g = m_graph, k, above](const RunContext& ctx) {
            auto projection = graph::projectVertexLp(*g, k, ctx);
            if (!projection) return CoreJobOutcome{projection.status(), {}, {}};
            auto p = std::make_shared<graph::VertexProjection>(std::move(*projection));
            return CoreJobOutcome{
                Status::ok(),
                [this, g, k, above, p] {
                    if (g != m_graph) return;
                    m_canvas->setMarks(above, p->deletedNodes, p->removed);
                    m_marks->setText(tr("k = %1: %2 nodes with degree > k (red outline); the LP rounding "
                                        "deletes %3 nodes (faded, x ≥ 1/4) and removes %4 edges (dashed); "
                                        "μ(G) ∈ H_%5, d_est = 4 Σx = %6.")
                                         .arg(k)
                                         .arg(above.size())
                                         .arg(p->deletedNodes.size())
                                         .arg(p->removed.size())
                                         .arg(2 * k)
                                         .arg(p->dEst, 0, 'g', 4));
                },
                tr("Vertex LP solved")};
        });
}

void GraphView::changeEvent(QEvent* event) {
    QWidget::changeEvent(event);
    if (event->type() == QEvent::PaletteChange) updateLegend();
}

void GraphView::applyDegreeFilter(int minDegree) {
    m_canvas->setMinimumDegree(minDegree);
    updateLegend();
}

void GraphView::updateLegend() {
    if (!m_graph) return m_legend->clear();
    auto swatch = [](const QColor& c, const QString& text) {
        return QStringLiteral("<span style='color:%1; font-size:16pt;'>●</span>&nbsp;%2&nbsp;&nbsp;&nbsp;")
            .arg(c.name(), text.toHtmlEscaped());
    };
    QString html = QStringLiteral("<b>%1</b>&nbsp;&nbsp;").arg(tr("Legend:"));
    if (m_graph->hasLabels()) {
        const auto& names = m_graph->labelNames();
        for (std::size_t i = 0; i < names.size(); ++i)
            html += swatch(graph_palette::labelColor(int(i)), QString::fromStdString(names[i]));
    }
    bool unlabelled = false;
    for (graph::NodeId v = 0; v < m_graph->nodeCount() && !unlabelled; ++v) unlabelled = m_graph->labelOf(v) < 0;
    if (unlabelled) html += swatch(graph_palette::labelColor(-1), m_graph->hasLabels() ? tr("no label") : tr("node"));
    html += QStringLiteral("<span style='color:%1; font-size:16pt;'>◯</span>&nbsp;%2&nbsp;&nbsp;&nbsp;")
                .arg(graph_palette::highlightOutline().name(), tr("degree &gt; k"));
    html += QStringLiteral("<span style='color:%1; font-weight:bold;'>- - -</span>&nbsp;%2")
                .arg(QColor(graph_palette::removedEdgeColor()).name(), tr("removed by the projection"));
    if (m_canvas->minimumDegree() > 1)
        html += QStringLiteral("<br>") + tr("Shown: %1 of %2 nodes and %3 of %4 edges (degree ≥ %5).")
                                             .arg(m_canvas->visibleNodeCount())
                                             .arg(m_graph->nodeCount())
                                             .arg(m_canvas->visibleEdgeCount())
                                             .arg(m_graph->edgeCount())
                                             .arg(m_canvas->minimumDegree());
    m_legend->setText(html);
}

}  // namespace veil::ui
