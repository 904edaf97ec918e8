#include "views/demos/graph_triangles_demo.h"

#include "workbench/local_path.h"
#include "views/demos/demo_support.h"

#include "veil/common/random.h"
#include "veil/graph/graph_io.h"
#include "veil/graph/layout.h"
#include "veil/graph/projection.h"
#include "veil/graph/statistic.h"

#include <QLabel>
#include <QComboBox>
#include <QDir>
#include <QFile>
#include <QFormLayout>
#include <QGraphicsEllipseItem>
#include <QGraphicsScene>
#include <QGraphicsView>
#include <QHBoxLayout>
#include <QSpinBox>
#include <QTableWidget>

#include <algorithm>

namespace veil::ui {
namespace {

QString explanation() {
    return QObject::tr(
        "<p>How many <b>triangles</b> (three friends who all know each other) are in the karate club? "
        "Adding one friendship can create as many triangles as there are people (n − 2): that "
        "<b>global sensitivity</b> makes the Laplace noise huge.</p>"
        "<p><b>Noisy max degree</b>: a friendship creates at most (max degree) triangles; estimate the max "
        "degree privately, then use it as the sensitivity ((2ε, δ)-DP).</p>"
        "<p><b>Restricted sensitivity</b>: first <b>project</b> the graph so every person keeps at most k "
        "friendships (dashed red: removed), then count triangles there; the sensitivity only depends on "
        "k. Small k: little noise but edges lost (bias).</p>"
        "<p><i>Source: seed 000 and seed 001 (graph privacy: global vs restricted sensitivity, "
        "Blocki et al. 2013; Kasiviswanathan et al. 2013).</i></p>");
}

const double kEpsilons[] = {0.1, 0.5, 1.0, 2.0};

}  // namespace

GraphTrianglesDemo::GraphTrianglesDemo(QWidget* parent)
    : DemoPage(tr("Triangles in a social network"), explanation(), parent) {
    setObjectName(QStringLiteral("demo-graph-triangles"));
    const QString path =
        QDir(demo::demosDirectory() + QStringLiteral("/../samples")).absoluteFilePath(QStringLiteral("karate.edges"));
    if (auto loaded = graph::loadGraph(localPath(path)); loaded.isOk())
        m_graph = std::move(loaded).value().graph;
    else
        m_loadError = QString::fromStdString(loaded.status().message());
    auto* form = new QFormLayout;
    m_k = new QSpinBox;
    m_k->setObjectName(QStringLiteral("k"));
    m_k->setRange(1, 40);
    m_k->setValue(6);
    m_epsilon = new QComboBox;
    for (double e : kEpsilons) m_epsilon->addItem(QString::number(e), e);
    m_epsilon->setCurrentIndex(2);
    form->addRow(tr("Degree bound k of the projection"), m_k);
    form->addRow(tr("ε"), m_epsilon);
    content()->addLayout(form);
    content()->addWidget(demo::makeSeededBadge(kSeed));
    auto* row = new QHBoxLayout;
    m_view = new demo::FitView(new QGraphicsScene(this));
    m_view->setRenderHint(QPainter::Antialiasing);
    m_view->setMinimumSize(360, 320);
    m_table = demo::makeTableWidget();
    row->addWidget(m_view, 1);
    row->addWidget(m_table, 1);
    content()->addLayout(row, 1);
    if (!m_loadError.isEmpty()) {
        setResult(m_loadError.toHtmlEscaped());
    } else {
        SeededRandom rng(kSeed);
        RunContext ctx;
        ctx.random = &rng;
        graph::LayoutOptions options;
        options.width = options.height = 600;
        if (auto layout = graph::forceDirectedLayout(m_graph, options, ctx); layout.isOk()) m_layout = layout.value();
    }
    connect(m_k, &QSpinBox::editingFinished, this, &GraphTrianglesDemo::run);
    connect(m_epsilon, &QComboBox::currentIndexChanged, this, &GraphTrianglesDemo::run);
}

void GraphTrianglesDemo::setK(int k) { m_k->setValue(k); }
void GraphTrianglesDemo::setEpsilon(double e) { m_epsilon->setCurrentIndex(std::max(0, m_epsilon->findData(e))); }
std::size_t GraphTrianglesDemo::k() const { return std::size_t(m_k->value()); }
double GraphTrianglesDemo::epsilon() const { return m_epsilon->currentData().toDouble(); }

QString GraphTrianglesDemo::doRun() {
    if (!m_loadError.isEmpty()) return m_loadError;
    graph::ReleaseRequest request;
    request.statistic = graph::makeStatistic(graph::StatisticKind::Triangles);
    request.privacy = graph::Privacy::Edge;
    request.k = k();
    request.epsilon = epsilon();
    request.delta = kDelta;
    // Public sample graph: a teaching gate (nothing charged, true values available), seeded.
    dp::ReleaseGate gate = dp::ReleaseGate::teaching(kSeed);
    RunContext ctx;
    const std::vector<graph::MethodChoice> methods = {{graph::Privacy::Edge, graph::Method::Laplace},
                                                      {graph::Privacy::Edge, graph::Method::NoisyMaxDegree},
                                                      {graph::Privacy::Edge, graph::Method::Restricted}};
    const auto releases = graph::compareReleases(gate, m_graph, request, methods, ctx);
    m_results.clear();
    const QStringList names = {tr("global sensitivity (Laplace)"), tr("noisy max degree"),
                               tr("restricted, k = %1").arg(k())};
    m_table->clear();
    m_table->setColumnCount(3);
    m_table->setHorizontalHeaderLabels({tr("Method"), tr("Release"), tr("Noise scale")});
    m_table->setRowCount(int(releases.size()));
    for (std::size_t i = 0; i < releases.size(); ++i) {
        if (!releases[i].isOk()) return QString::fromStdString(releases[i].status().message());
        m_results.push_back(releases[i].value());
        const auto& r = m_results.back();
        const QString cells[] = {names[int(i)],
                                 r.releases.empty() ? tr("—") : QString::number(r.releases.front(), 'f', 1),
                                 QString::number(r.noiseScale, 'g', 4)};
        for (int c = 0; c < 3; ++c) {
            auto* item = new QTableWidgetItem(cells[c]);
            item->setToolTip(QString::fromStdString(r.guarantee + "; sensitivity " + r.sensitivityFormula));
            m_table->setItem(int(i), c, item);
        }
    }
    m_removed = graph::projectEdges(m_graph, k()).removed;
    draw();
    const auto& restricted = m_results.back();
    setResult(tr("<p>True number of triangles: <b>%1</b>. After the projection (k = %2): <b>%3</b> "
                 "(%4 of %5 friendships removed).</p>")
                  .arg(m_results.front().trueValue)
                  .arg(k())
                  .arg(restricted.projectedValue)
                  .arg(m_removed.size())
                  .arg(m_graph.edgeCount()));
    return {};
}

void GraphTrianglesDemo::draw() {
    auto* scene = m_view->scene();
    scene->clear();
    if (m_layout.size() != m_graph.nodeCount()) return;
    QPen kept(QColor(90, 90, 90), 1.5), cut(QColor(200, 0, 0), 2.0, Qt::DashLine);
    for (const auto& e : m_graph.edges()) {
        const bool removed = std::binary_search(m_removed.begin(), m_removed.end(), e);
        scene->addLine(m_layout[e.u].x, m_layout[e.u].y, m_layout[e.v].x, m_layout[e.v].y, removed ? cut : kept);
    }
    for (std::size_t v = 0; v < m_graph.nodeCount(); ++v) {
        const bool high = m_graph.degree(graph::NodeId(v)) > k();
        auto* node = scene->addEllipse(m_layout[v].x - 9, m_layout[v].y - 9, 18, 18, QPen(Qt::black),
                                       high ? QBrush(QColor(213, 94, 0)) : QBrush(QColor(0, 114, 178)));
        node->setToolTip(tr("node %1, degree %2").arg(v).arg(m_graph.degree(graph::NodeId(v))));
    }
    m_view->fit();
}

}  // namespace veil::ui
