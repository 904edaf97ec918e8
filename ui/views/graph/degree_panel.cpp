#include "views/graph/degree_panel.h"

#include "charts/graph/degree_sequence_chart_builder.h"
#include "charts/widget_export.h"
#include "jobs/core_job.h"
#include "views/graph/graph_parameters.h"
#include "views/graph/release_model.h"
#include "views/graph/release_panel.h"

#include "workbench/local_path.h"
#include "workbench/release_session.h"

#include "veil/graph/graph_io.h"

#include <QChart>
#include <QChartView>
#include <QFileDialog>
#include <QHBoxLayout>
#include <QLabel>
#include <QPushButton>
#include <QVBoxLayout>

#include <cmath>

namespace veil::ui {

DegreePanel::DegreePanel(GraphParameters* parameters, JobMonitor* jobs, ReleaseSession* session, QWidget* parent)
    : QWidget(parent), m_parameters(parameters), m_session(session), m_job(new CoreJob(jobs, this)) {
    m_run = new QPushButton(tr("Release degree sequence"), this);
    m_run->setObjectName(QStringLiteral("degreeRun"));
    m_run->setEnabled(false);
    auto* png = new QPushButton(tr("Save PNG…"), this);
    auto* svg = new QPushButton(tr("Save SVG…"), this);
    m_summary = new QLabel(this);
    m_summary->setObjectName(QStringLiteral("degreeSummary"));
    m_summary->setWordWrap(true);
    m_summary->setSizePolicy(QSizePolicy::Preferred, QSizePolicy::Minimum);
    m_seededLabel = new QLabel(ReleaseModel::seededMark().toUpper(), this);
    m_seededLabel->setStyleSheet(
        QStringLiteral("QLabel { background: #b00000; color: white; font-weight: bold; padding: 4px; }"));
    m_seededLabel->setAlignment(Qt::AlignCenter);
    m_seededLabel->hide();
    m_chartView = new QChartView(this);
    m_chartView->setObjectName(QStringLiteral("degreeChart"));
    m_chartView->setRenderHint(QPainter::Antialiasing);
    m_chartView->setMinimumHeight(260);
    installExportMenu(m_chartView, QStringLiteral("degree-sequence"));

    auto* buttons = new QHBoxLayout;
    buttons->addWidget(m_run);
    buttons->addStretch(1);
    buttons->addWidget(png);
    buttons->addWidget(svg);
    auto* layout = new QVBoxLayout(this);
    layout->addLayout(buttons);
    layout->addWidget(m_seededLabel);
    layout->addWidget(m_chartView, 1);
    layout->addWidget(m_summary);

    connect(m_run, &QPushButton::clicked, this, &DegreePanel::release);
    for (auto [button, suffix] : {std::pair{png, QStringLiteral(".png")}, std::pair{svg, QStringLiteral(".svg")}}) {
        connect(button, &QPushButton::clicked, this, [this, suffix] {
            const QString path =
                QFileDialog::getSaveFileName(this, tr("Save chart"), QStringLiteral("degree-sequence") + suffix);
            if (!path.isEmpty()) exportChart(path);
        });
    }
    if (m_session) connect(m_session, &ReleaseSession::teachingChanged, this, [this] { setGraph(m_graph); });
    setGraph(nullptr);
}

void DegreePanel::setGraph(std::shared_ptr<const graph::Graph> graph) {
    m_graph = std::move(graph);
    m_result.reset();
    m_seededLabel->hide();
    m_run->setEnabled(m_graph != nullptr);
    // The caption belongs to the result it describes: a new graph (or mode) clears both.
    m_summary->setText(
        tr("Hay et al. (ICDM 2009): sorted degrees + Lap(2/ε) each, then isotonic regression%1.")
            .arg(m_graph ? tr(" — %1 nodes; press Release degree sequence").arg(m_graph->nodeCount()) : QString()));
    auto* old = m_chartView->chart();
    m_chartView->setChart(new QChart);
    delete old;
}

bool DegreePanel::exportChart(const QString& path) { return saveWidget(m_chartView, path); }

void DegreePanel::setSourcePath(const QString& path, const QString& labelsPath) {
    m_sourcePath = path;
    m_labelsDeclared = !labelsPath.isEmpty();
}

void DegreePanel::release() {
    if (!m_graph) return;
    if (!m_session) {
        m_summary->setText(tr("No release session: nothing can be released."));
        return;
    }
    // A release needs the public node set (an edge list gives only the nodes with an edge).
    if (auto st = graph::requireDeclaredNodes(localPath(m_sourcePath), m_labelsDeclared, false);
        !m_session->isTeaching() && !st) {
        m_summary->setText(tr("Not released: %1").arg(QString::fromStdString(st.message())));
        return;
    }
    const double epsilon = m_parameters->epsilon();
    const bool seeded = m_parameters->seeded();
    auto gate = m_session->makeGate(datasetKeyForPath(m_sourcePath),
                                    seeded ? std::optional<std::uint64_t>(ReleasePanel::kDemoSeed) : std::nullopt);
    if (!gate) {
        m_summary->setText(tr("Not released: %1").arg(QString::fromStdString(gate.status().message())));
        return;
    }
    m_job->start(tr("Releasing the degree sequence"),
                 [this, graph = m_graph, epsilon, seeded, gate = *gate](const RunContext& ctx) {
                     auto result = graph::releaseDegreeSequence(*gate, *graph, epsilon, ctx);
                     if (!result) return CoreJobOutcome{result.status(), {}, {}};
                     auto shared = std::make_shared<graph::DegreeSequenceRelease>(std::move(*result));
                     const QString line = QString::fromStdString(dp::receiptLine(shared->receipt));
                     return CoreJobOutcome{Status::ok(),
                                           [this, shared, seeded] {
                                               m_result = *shared;
                                               showResult(seeded);
                                           },
                                           tr("Degree sequence released - %1").arg(line)};
                 });
}

void DegreePanel::showResult(bool seeded) {
    const auto& r = *m_result;
    const QString title = tr("Sorted degree sequence, ε = %1, noise Lap(%2)").arg(r.epsilon).arg(r.noiseScale);
    m_seededLabel->setVisible(seeded);
    auto* old = m_chartView->chart();
    m_chartView->setChart(DegreeSequenceChartBuilder::build(r, title));
    delete old;
    const QString receipt = QString::fromStdString(dp::receiptLine(r.receipt));
    if (r.trueSorted.empty()) {  // release mode: no truth to compare with
        m_summary->setText(
            tr("%1 noisy degrees and their isotonic fit (Hay et al. 2009). %2").arg(r.noisy.size()).arg(receipt));
        return;
    }
    double noisyError = 0, fittedError = 0;
    for (std::size_t i = 0; i < r.trueSorted.size(); ++i) {
        noisyError += std::pow(r.noisy[i] - r.trueSorted[i], 2);
        fittedError += std::pow(r.postProcessed[i] - r.trueSorted[i], 2);
    }
    m_summary->setText(tr("Squared error over %1 nodes: noisy %2, post-processed %3 (isotonic regression never "
                          "increases it — Hay et al. 2009). %4")
                           .arg(r.trueSorted.size())
                           .arg(noisyError, 0, 'f', 1)
                           .arg(fittedError, 0, 'f', 1)
                           .arg(receipt));
}

}  // namespace veil::ui
