#include "panels/column_summary_panel.h"

#include "jobs/worker_pool.h"
#include "charts/value_counts_chart_builder.h"
#include "document/document.h"
#include "models/attribute_style.h"

#include <QChart>
#include <QChartView>
#include <QFormLayout>
#include <QFutureWatcher>
#include <QLabel>
#include <QLocale>
#include <QStackedWidget>
#include <QVBoxLayout>
#include <QtConcurrent/QtConcurrentRun>

namespace veil::ui {
namespace {

// A panel-sized chart: 20 histogram bins, the 12 most frequent values (and "other").
constexpr int kHistogramBins = 20;
constexpr int kMaxBars = 12;

QLabel* valueLabel() {
    auto* label = new QLabel;
    label->setTextInteractionFlags(Qt::TextSelectableByMouse);
    label->setTextFormat(Qt::PlainText);
    return label;
}

QString count(std::size_t n) { return QLocale().toString(qulonglong(n)); }

}  // namespace

ColumnSummaryPanel::ColumnSummaryPanel(Document* document, QWidget* parent)
    : QWidget(parent),
      m_document(document),
      m_stack(new QStackedWidget),
      m_title(new QLabel),
      m_type(valueLabel()),
      m_role(valueLabel()),
      m_rows(valueLabel()),
      m_distinct(valueLabel()),
      m_missing(valueLabel()),
      m_min(valueLabel()),
      m_max(valueLabel()),
      m_chartView(new QChartView),
      m_watcher(new QFutureWatcher<Computed>(this)) {
    auto* placeholder = new QLabel(tr("Select a column to see its summary."));
    placeholder->setAlignment(Qt::AlignCenter);
    placeholder->setWordWrap(true);
    placeholder->setEnabled(false);

    auto* page = new QWidget;
    auto* layout = new QVBoxLayout(page);
    QFont titleFont = m_title->font();
    titleFont.setBold(true);
    titleFont.setPointSizeF(titleFont.pointSizeF() * 1.2);
    m_title->setFont(titleFont);
    m_title->setTextFormat(Qt::PlainText);
    layout->addWidget(m_title);
    auto* form = new QFormLayout;
    form->setLabelAlignment(Qt::AlignLeft);
    form->setFieldGrowthPolicy(QFormLayout::AllNonFixedFieldsGrow);
    form->addRow(tr("Type:"), m_type);
    form->addRow(tr("Role:"), m_role);
    form->addRow(tr("Rows:"), m_rows);
    form->addRow(tr("Distinct:"), m_distinct);
    form->addRow(tr("Missing:"), m_missing);
    form->addRow(tr("Minimum:"), m_min);
    form->addRow(tr("Maximum:"), m_max);
    layout->addLayout(form);
    m_chartView->setRenderHint(QPainter::Antialiasing);
    m_chartView->setMinimumHeight(240);
    m_chartView->setFrameShape(QFrame::NoFrame);
    layout->addWidget(m_chartView, 1);

    m_stack->addWidget(placeholder);
    m_stack->addWidget(page);
    auto* outer = new QVBoxLayout(this);
    outer->setContentsMargins(0, 0, 0, 0);
    outer->addWidget(m_stack);

    connect(m_watcher, &QFutureWatcherBase::finished, this, [this] {
        if (m_watcher->future().resultCount() > 0) show(m_watcher->result());
    });
    connect(m_document, &Document::tableReset, this, [this] { setColumn(-1); });
    connect(m_document, &Document::columnChanged, this, &ColumnSummaryPanel::onColumnChanged);
}

ColumnSummaryPanel::~ColumnSummaryPanel() { m_watcher->waitForFinished(); }

void ColumnSummaryPanel::setColumn(int column) {
    if (column >= int(m_document->table().columnCount())) column = -1;
    m_column = column;
    refresh();
}

void ColumnSummaryPanel::onColumnChanged(int column) {
    if (column == m_column) refresh();
}

void ColumnSummaryPanel::refresh() {
    ++m_generation;
    if (m_column < 0) {
        m_stack->setCurrentIndex(0);
        return;
    }
    // The table is immutable and shared; the worker keeps its own reference.
    const Table table = m_document->table();
    const int column = m_column;
    const quint64 generation = m_generation;
    m_watcher->setFuture(QtConcurrent::run(workerPool(), [table, column, generation] {
        Computed c;
        c.column = column;
        c.generation = generation;
        c.summary = summarizeColumn(table, std::size_t(column));
        c.counts = valueCounts(table.column(std::size_t(column)), kHistogramBins, kMaxBars);
        return c;
    }));
}

void ColumnSummaryPanel::show(const Computed& computed) {
    if (computed.generation != m_generation) return;  // a newer request is on its way
    m_summary = computed.summary;
    const ColumnSummary& s = m_summary;
    const QString name = QString::fromStdString(s.name);
    m_title->setText(name);
    m_type->setText(typeLabel(s.type));
    m_role->setText(roleLabel(s.role));
    m_role->setToolTip(roleDescription(s.role));
    m_rows->setText(count(s.rows));
    m_distinct->setText(count(s.distinct));
    const double missingShare = s.rows ? 100.0 * double(s.missing) / double(s.rows) : 0.0;
    m_missing->setText(s.missing ? tr("%1 (%2%)").arg(count(s.missing), QLocale().toString(missingShare, 'f', 1))
                                 : count(0));
    const QString none = QStringLiteral("—");
    m_min->setText(s.min ? QString::fromStdString(*s.min) : none);
    m_max->setText(s.max ? QString::fromStdString(*s.max) : none);

    const QString title =
        computed.counts.numeric ? tr("Distribution of %1").arg(name) : tr("Most frequent values of %1").arg(name);
    QChart* old = m_chartView->chart();
    m_chartView->setChart(ValueCountsChartBuilder::build(computed.counts, s.type, title));
    delete old;
    m_stack->setCurrentIndex(1);
    Q_EMIT summaryShown(computed.column);
}

}  // namespace veil::ui
