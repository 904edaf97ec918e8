#include "views/synthesis/synthesis_results.h"

#include "charts/synthesis/marginal_chart_builder.h"
#include "charts/synthesis/marginal_heat_map.h"
#include "charts/widget_export.h"
#include "panels/display_number.h"
#include "views/synthesis/synthesis_result.h"

#include <QChart>
#include <QChartView>
#include <QComboBox>
#include <QFormLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QSplitter>
#include <QStandardItemModel>
#include <QTableView>
#include <QVBoxLayout>

#include <algorithm>

namespace veil::ui {

namespace {
constexpr std::size_t kPreviewRows = 200;

void replaceChart(QChartView* view, QChart* chart) {
    QChart* old = view->chart();
    view->setChart(chart);
    delete old;
}

// Shares of rows over the cells of `cols` (one or two columns) of a table of codes.
std::vector<double> shares(const synth::DiscreteTable& t, const std::vector<std::size_t>& cols) {
    std::size_t cells = 1;
    for (auto c : cols) cells *= t.sizes[c];
    std::vector<double> out(cells, 0.0);
    const std::size_t n = t.rowCount();
    for (std::size_t r = 0; r < n; ++r) {
        std::size_t cell = 0;
        for (auto c : cols) cell = cell * t.sizes[c] + std::size_t(t.codes[c][r]);
        out[cell] += 1.0;
    }
    for (double& v : out) v = n ? v / double(n) : 0.0;
    return out;
}

QStringList labelsOf(const synth::AttributeDomain& d) {
    QStringList out;
    for (std::size_t i = 0; i < d.codeCount(); ++i) out << QString::fromStdString(d.label(i));
    return out;
}

// "Naive Bayes" for the evaluation's "naive-bayes".
QString modelTitle(const std::string& name) {
    const auto model = anonymity::classifierFromName(name);
    return QString::fromUtf8(model ? anonymity::classifierTitle(*model) : name.c_str());
}

}  // namespace

SynthesisResults::SynthesisResults(QWidget* parent) : QWidget(parent) {
    m_heading = new QLabel(this);
    m_heading->setObjectName(QStringLiteral("result-heading"));
    m_heading->setWordWrap(true);
    m_model = new QStandardItemModel(this);
    m_preview = new QTableView(this);
    m_preview->setObjectName(QStringLiteral("synthetic-preview"));
    m_preview->setModel(m_model);
    m_preview->verticalHeader()->setDefaultSectionSize(20);
    m_preview->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_column = new QComboBox(this);
    m_column->setObjectName(QStringLiteral("marginal-column"));
    m_pairA = new QComboBox(this);
    m_pairA->setObjectName(QStringLiteral("pair-a"));
    m_pairB = new QComboBox(this);
    m_pairB->setObjectName(QStringLiteral("pair-b"));
    m_target = new QComboBox(this);
    m_target->setObjectName(QStringLiteral("accuracy-target"));
    m_target->setToolTip(tr("The column naive Bayes predicts from the others (teaching mode)"));
    m_chart = new QChartView(new QChart, this);
    m_chart->setObjectName(QStringLiteral("marginal-chart"));
    m_chart->setRenderHint(QPainter::Antialiasing);
    m_chart->setMinimumSize(300, 240);
    installExportMenu(m_chart, QStringLiteral("synthetic-marginal"));
    m_heat = new MarginalHeatMap(this);
    m_heat->setObjectName(QStringLiteral("pair-heat-map"));
    m_evaluation = new QLabel(this);
    m_evaluation->setObjectName(QStringLiteral("evaluation"));
    m_evaluation->setWordWrap(true);
    m_evaluation->setTextFormat(Qt::RichText);

    for (QComboBox* box : {m_column, m_pairA, m_pairB, m_target}) {
        box->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
        box->setMinimumContentsLength(8);
    }
    auto* pickers = new QHBoxLayout;
    pickers->addWidget(new QLabel(tr("Marginal of"), this));
    pickers->addWidget(m_column, 1);
    pickers->addWidget(new QLabel(tr("Pair"), this));
    pickers->addWidget(m_pairA, 1);
    pickers->addWidget(m_pairB, 1);
    pickers->addWidget(new QLabel(tr("Accuracy target"), this));
    pickers->addWidget(m_target, 1);
    auto* charts = new QSplitter(Qt::Horizontal, this);
    charts->addWidget(m_chart);
    charts->addWidget(m_heat);
    auto* vertical = new QSplitter(Qt::Vertical, this);
    vertical->addWidget(m_preview);
    vertical->addWidget(charts);
    vertical->setStretchFactor(0, 1);
    vertical->setStretchFactor(1, 2);
    auto* layout = new QVBoxLayout(this);
    layout->addWidget(m_heading);
    layout->addLayout(pickers);
    layout->addWidget(vertical, 1);
    layout->addWidget(m_evaluation);
    connect(m_column, &QComboBox::activated, this, [this] { drawMarginal(); });
    connect(m_pairA, &QComboBox::activated, this, [this] { drawPair(); });
    connect(m_pairB, &QComboBox::activated, this, [this] { drawPair(); });
    connect(m_target, &QComboBox::activated, this, [this] { showEvaluation(); });
    clear();
}

void SynthesisResults::clear(const QString& note) {
    m_result.reset();
    m_outdated = false;
    m_model->clear();
    for (QComboBox* c : {m_column, m_pairA, m_pairB, m_target}) c->clear();
    replaceChart(m_chart, new QChart);
    m_chart->chart()->setTitle(tr("1-way marginal"));
    m_heat->clear();
    m_evaluation->clear();
    m_heading->setText(note.isEmpty() ? tr("No synthetic table yet: choose columns and ε, then Run.") : note);
    m_heading->setStyleSheet(QString());
}

void SynthesisResults::markOutdated(const QString& reason) {
    if (!m_result || m_outdated) return;
    m_outdated = true;
    m_heading->setText(tr("Outdated: %1. The table below is the previous run's; run again to release.").arg(reason));
    m_heading->setStyleSheet(QStringLiteral("color: #8a5300; font-weight: bold"));
}

void SynthesisResults::show(std::shared_ptr<const SynthesisResult> result) {
    clear();
    m_result = std::move(result);
    const auto& rel = m_result->release;
    const bool teaching = m_result->real.has_value();
    m_heading->setText(
        teaching
            ? tr("Synthetic table: %1 rows (teaching mode: not private, nothing charged)").arg(rel.table.rowCount())
            : tr("Synthetic table: %1 rows, released and charged to the ledger").arg(rel.table.rowCount()));
    const auto& t = rel.table;
    QStringList headers;
    for (const auto& n : t.columnNames()) headers << QString::fromStdString(n);
    m_model->setColumnCount(int(t.columnCount()));
    m_model->setHorizontalHeaderLabels(headers);
    std::string scratch;
    const std::size_t rows = std::min(kPreviewRows, t.rowCount());
    for (std::size_t r = 0; r < rows; ++r) {
        QList<QStandardItem*> items;
        for (std::size_t c = 0; c < t.columnCount(); ++c)
            items << new QStandardItem(QString::fromStdString(std::string(t.column(c).originalText(r, scratch))));
        m_model->appendRow(items);
    }
    for (const QString& h : headers) {
        m_column->addItem(h);
        m_pairA->addItem(h);
        m_pairB->addItem(h);
        m_target->addItem(h);
    }
    m_pairB->setCurrentIndex(std::min(1, m_pairB->count() - 1));
    m_target->setCurrentIndex(m_target->count() - 1);  // the last column, as a class label usually is
    drawMarginal();
    drawPair();
    showEvaluation();
}

void SynthesisResults::drawMarginal() {
    if (!m_result || m_column->currentIndex() < 0) return;
    const std::size_t c = std::size_t(m_column->currentIndex());
    const auto& d = m_result->syntheticPlan.domains[c];
    const bool teaching = m_result->real.has_value();
    replaceChart(m_chart,
                 MarginalChartBuilder::build(teaching ? shares(*m_result->real, {c}) : std::vector<double>{},
                                             shares(m_result->release.codes, {c}), labelsOf(d),
                                             teaching ? tr("%1: real vs synthetic").arg(m_column->currentText())
                                                      : tr("%1: synthetic").arg(m_column->currentText())));
}

void SynthesisResults::drawPair() {
    if (!m_result || m_pairA->currentIndex() < 0) return;
    const std::size_t a = std::size_t(m_pairA->currentIndex()), b = std::size_t(m_pairB->currentIndex());
    const auto& domains = m_result->syntheticPlan.domains;
    const bool teaching = m_result->real.has_value();
    m_heat->setMarginals(tr("%1 × %2").arg(m_pairA->currentText(), m_pairB->currentText()), labelsOf(domains[a]),
                         labelsOf(domains[b]), teaching ? shares(*m_result->real, {a, b}) : std::vector<double>{},
                         shares(m_result->release.codes, {a, b}));
}

void SynthesisResults::showEvaluation() {
    if (!m_result) return;
    if (!m_result->evaluation) {
        m_evaluation->setText(
            tr("<i>The comparison with the real data (marginal distances, accuracy) is shown in "
               "teaching mode only: it reads the true data and is not private.</i>"));
        return;
    }
    QString text = tr("<b>Evaluation on the real data — teaching mode: not private, not part of any release.</b><br>");
    for (const auto& d : m_result->evaluation->tvd)
        text += tr("Average %1-way marginal TVD: <b>%2</b> (max %3, %4 marginals)<br>")
                    .arg(d.way)
                    .arg(d.averageTvd, 0, 'f', 4)
                    .arg(d.maxTvd, 0, 'f', 4)
                    .arg(d.marginals);
    const auto& ranges = m_result->evaluation->ranges;
    if (ranges.queries > 0)
        text += tr("Range queries: mean absolute error <b>%1%</b> of the rows (max %2%, %3 random conjunctions of "
                   "1–3 attribute ranges)<br>")
                    .arg(100.0 * ranges.meanAbsoluteError, 0, 'f', 2)
                    .arg(100.0 * ranges.maxAbsoluteError, 0, 'f', 2)
                    .arg(ranges.queries);
    auto it = m_result->accuracy.find(m_target->currentText().toStdString());
    if (it != m_result->accuracy.end())
        text += tr("Accuracy on %1 (%2, trained on the synthetic table, tested on the real rows): synthetic <b>%3</b>, "
                   "real %4 (%5-fold), majority class %6")
                    .arg(m_target->currentText(), modelTitle(it->second.model), displayPercent(it->second.synthetic, 1),
                         displayPercent(it->second.real, 1))
                    .arg(it->second.folds)
                    .arg(displayPercent(it->second.zeroR, 1));
    m_evaluation->setText(text);
}

}  // namespace veil::ui
