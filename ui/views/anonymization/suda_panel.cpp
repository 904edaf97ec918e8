#include "views/anonymization/suda_panel.h"

#include "charts/anonymization/suda_chart_builder.h"
#include "charts/widget_export.h"
#include "jobs/core_job.h"
#include "panels/figures_table.h"
#include "views/anonymization/risk_findings.h"

#include <QChart>
#include <QChartView>
#include <QComboBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLocale>
#include <QPushButton>
#include <QSpinBox>
#include <QSplitter>
#include <QStandardItemModel>
#include <QTableWidget>
#include <QVBoxLayout>

#include <bit>
#include <memory>

namespace veil::ui {

namespace {

QTableWidget* resultTable(int columns, const QStringList& labels, const QStringList& tips, const QString& name,
                          QWidget* parent) {
    auto* table = new QTableWidget(0, columns, parent);
    table->setObjectName(name);
    setHeaders(table, labels, tips);
    table->verticalHeader()->hide();
    table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    table->setSelectionBehavior(QAbstractItemView::SelectRows);
    table->horizontalHeader()->setStretchLastSection(true);
    return table;
}

// "{age=90, race=Other}": the record's values on one MSU's attributes.
QString msuText(const anonymity::SudaResult& r, const Table& table, std::size_t record, std::uint64_t mask) {
    QStringList items;
    std::string scratch;
    for (std::uint64_t bits = mask; bits; bits &= bits - 1) {
        const auto c = std::size_t(std::countr_zero(bits));
        const auto index = table.columnIndex(r.attributes[c]);
        const auto value = index ? table.column(*index).originalText(record, scratch) : std::string_view();
        items << QStringLiteral("%1=%2").arg(QString::fromStdString(r.attributes[c]),
                                             QString::fromUtf8(value.data(), qsizetype(value.size())));
    }
    return QLatin1Char('{') + items.join(QStringLiteral(", ")) + QLatin1Char('}');
}

}  // namespace

SudaPanel::SudaPanel(JobMonitor* jobs, QWidget* parent) : QWidget(parent), m_job(new CoreJob(jobs, this)) {
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 4, 0, 0);
    auto* row = new QHBoxLayout;
    auto* title = new QLabel(tr("<b>Special uniques</b> (SUDA2): records that a few of their values single out"), this);
    title->setToolTip(
        tr("A minimal sample unique (MSU) is a set of a record's values that no other record shares, none of whose "
           "subsets is unique. The fewer values an MSU needs, the riskier the record: the SUDA score adds (number "
           "of quasi-identifiers - MSU size)! per MSU, and the DIS-SUDA score estimates the probability that a unique "
           "match on the record is correct (Elliot et al.; sdcMicro's suda2)."));
    m_source = new QComboBox(this);
    m_source->setObjectName(QStringLiteral("suda-source"));
    m_source->addItem(tr("Input table"));
    m_source->addItem(tr("Released table"));
    m_source->setToolTip(
        tr("The table to search; in the released table a '*' is a missing value, never part of an MSU"));
    auto* largestLabel = new QLabel(tr("Largest MSU:"), this);
    m_largest = new QSpinBox(this);
    m_largest->setObjectName(QStringLiteral("suda-largest"));
    m_largest->setToolTip(tr("Search minimal sample uniques of at most this many quasi-identifiers (default: all)"));
    largestLabel->setBuddy(m_largest);
    m_compute = new QPushButton(tr("Find &special uniques"), this);
    m_compute->setObjectName(QStringLiteral("suda-compute"));
    row->addWidget(title);
    row->addStretch(1);
    row->addWidget(m_source);
    row->addWidget(largestLabel);
    row->addWidget(m_largest);
    row->addWidget(m_compute);
    layout->addLayout(row);
    m_status = new QLabel(this);
    m_status->setObjectName(QStringLiteral("suda-status"));
    m_status->setWordWrap(true);
    m_status->setTextInteractionFlags(Qt::TextSelectableByMouse);
    layout->addWidget(m_status);

    auto* split = new QSplitter(Qt::Horizontal, this);
    m_contributions = resultTable(
        ContributionColumns, {tr("Quasi-identifier"), tr("Contribution"), tr("Share of MSUs")},
        {{},
         tr("The share of the total SUDA score that comes from MSUs holding this quasi-identifier (sdcMicro's "
            "attribute contributions; they add up to more than 100%: an MSU has several attributes)"),
         tr("The share of all MSUs that hold this quasi-identifier")},
        QStringLiteral("suda-contributions"), split);
    m_chart = new QChartView(split);
    m_chart->setObjectName(QStringLiteral("suda-chart"));
    m_chart->setRenderHint(QPainter::Antialiasing);
    m_chart->setMinimumSize(300, 220);
    m_chart->setChart(new QChart);
    installExportMenu(m_chart, QStringLiteral("suda-dis-scores"));
    m_records = resultTable(RecordColumns, {tr("Row"), tr("SUDA score"), tr("DIS-SUDA"), tr("Smallest MSUs")},
                            {tr("The record's row in the table"), tr("Sum over its MSUs of (q - size)!"),
                             tr("Estimated probability that a unique match on this record is correct"),
                             tr("Its smallest minimal sample uniques: values no other record shares")},
                            QStringLiteral("suda-records"), split);
    split->addWidget(m_contributions);
    split->addWidget(m_chart);
    split->addWidget(m_records);
    m_records->setWordWrap(false);
    m_records->setTextElideMode(Qt::ElideRight);
    split->setSizes({330, 330, 560});
    layout->addWidget(split, 1);

    connect(m_compute, &QPushButton::clicked, this, &SudaPanel::compute);
    connect(m_source, &QComboBox::currentIndexChanged, this, &SudaPanel::updateControls);
    connect(m_job, &CoreJob::failed, this, [this](const QString& message) { m_status->setText(message); });
    connect(m_job, &CoreJob::cancelled, this, [this] { m_status->setText(tr("Cancelled.")); });
    connect(m_job, &CoreJob::finished, this, &SudaPanel::updateControls);
    setInput(Table(), {}, std::nullopt);
}

bool SudaPanel::isComputing() const { return m_job->isRunning(); }

void SudaPanel::setInput(const Table& input, const std::vector<std::string>& qis,
                         const std::optional<Table>& released) {
    const bool sameQis = qis == m_qis;
    auto sameTable = [&](const Table& a, const Table& b) {
        if (a.rowCount() != b.rowCount()) return false;
        for (const auto& q : qis) {
            auto i = a.columnIndex(q), j = b.columnIndex(q);
            if (!i.isOk() || !j.isOk() || a.columnPtr(*i) != b.columnPtr(*j)) return false;
        }
        return true;
    };
    const bool wasReleased = m_source->currentIndex() == ReleasedTable;
    const bool same = sameQis && (wasReleased ? released && m_released && sameTable(*released, *m_released)
                                              : sameTable(input, m_input));
    m_input = input;
    m_released = released;
    m_qis = qis;
    if (!sameQis) {
        m_largest->setRange(qis.empty() ? 0 : 1, int(qis.size()));
        m_largest->setValue(int(qis.size()));
    }
    if (!same && m_result && !m_outdated) {
        m_job->cancel();
        m_outdated = true;
        m_contributions->setEnabled(false);
        m_records->setEnabled(false);
    }
    updateControls();
}

void SudaPanel::updateControls() {
    auto* model = qobject_cast<QStandardItemModel*>(m_source->model());
    if (auto* item = model ? model->item(ReleasedTable) : nullptr) item->setEnabled(m_released.has_value());
    if (!m_released && m_source->currentIndex() == ReleasedTable) m_source->setCurrentIndex(InputTable);
    m_compute->setEnabled(!m_qis.empty() && !isComputing());
    if (isComputing()) return;
    if (m_qis.empty())
        m_status->setText(tr("Mark quasi-identifiers in the Data tab first."));
    else if (m_outdated)
        m_status->setText(
            tr("Outdated: the table or its quasi-identifiers changed since; find the special uniques "
               "again."));
    else if (!m_result)
        m_status->setText(
            tr("Find the records that few of their %1 quasi-identifiers single out; press Find.").arg(m_qis.size()));
}

bool SudaPanel::compute() {
    if (m_qis.empty()) {
        updateControls();
        return false;
    }
    const bool released = m_source->currentIndex() == ReleasedTable && m_released;
    const Table table = released ? *m_released : m_input;
    anonymity::SudaOptions options;
    options.maxSize = std::size_t(m_largest->value());
    if (released) options.missingValues = {"*"};
    m_compute->setEnabled(false);
    m_status->setText(tr("Finding minimal sample uniques…"));
    m_job->start(tr("Special uniques (SUDA2)"),
                 [this, table, qis = m_qis, options](const RunContext& ctx) -> CoreJobOutcome {
                     auto r = anonymity::suda2(table, qis, options, ctx);
                     if (!r) return {r.status(), {}, {}};
                     auto shared = std::make_shared<anonymity::SudaResult>(std::move(*r));
                     return {Status::ok(), [this, shared, table] { display(std::move(*shared), table); }, {}};
                 });
    return true;
}

void SudaPanel::display(anonymity::SudaResult result, const Table& table) {
    m_result = std::move(result);
    m_outdated = false;
    const auto& r = *m_result;
    QStringList sizes;
    for (std::size_t s = 1; s <= r.maxSize; ++s)
        if (r.msusOfSize[s - 1] > 0)
            sizes << tr("%1: %2 in %3 records").arg(s).arg(r.msusOfSize[s - 1]).arg(r.recordsWithSize[s - 1]);
    const QLocale locale;
    m_status->setText(tr("%1 of %2 records are special uniques (%3 minimal sample uniques; %5 sample uniques, %6 "
                         "records in pairs, DIS sampling fraction %7; %8 s).\nMSUs by size: %4.")
                          .arg(locale.toString(qulonglong(r.recordsWithMsus)), locale.toString(qulonglong(r.records)),
                               locale.toString(qulonglong(r.totalMsus)),
                               sizes.isEmpty() ? tr("none") : sizes.join(QStringLiteral(", ")),
                               locale.toString(qulonglong(r.sampleUniques)),
                               locale.toString(qulonglong(r.pairedRecords)), QString::number(r.disFraction),
                               QString::number(r.seconds, 'g', 3)));
    m_contributions->setSortingEnabled(false);
    m_contributions->setEnabled(true);
    m_contributions->setRowCount(int(r.attributes.size()));
    for (int c = 0; c < int(r.attributes.size()); ++c) {
        auto* name = sortableFigureItem(QString::fromStdString(r.attributes[std::size_t(c)]), double(c));
        name->setTextAlignment(Qt::AlignLeft | Qt::AlignVCenter);
        m_contributions->setItem(c, Attribute, name);
        m_contributions->setItem(
            c, Contribution,
            sortableFigureItem(percentText(r.contribution[std::size_t(c)] / 100), r.contribution[std::size_t(c)]));
        m_contributions->setItem(
            c, MsuShare, sortableFigureItem(percentText(r.msuShare[std::size_t(c)]), r.msuShare[std::size_t(c)]));
    }
    m_contributions->setSortingEnabled(true);
    m_contributions->sortByColumn(Contribution, Qt::DescendingOrder);
    m_contributions->resizeColumnsToContents();
    m_contributions->horizontalHeader()->setSectionResizeMode(Attribute, QHeaderView::Stretch);
    QChart* old = m_chart->chart();
    m_chart->setChart(SudaChartBuilder::build(r.disScore));
    delete old;
    showRecords(table);
    updateControls();
    Q_EMIT computed();
}

void SudaPanel::showRecords(const Table& table) {
    const auto& r = *m_result;
    const auto top = r.topRecords(std::size_t(kTopRecords));
    m_records->setSortingEnabled(false);
    m_records->setEnabled(true);
    m_records->setRowCount(int(top.size()));
    for (int i = 0; i < int(top.size()); ++i) {
        const std::size_t record = top[std::size_t(i)];
        m_records->setItem(i, Row, sortableFigureItem(QString::number(record + 1), double(record)));
        m_records->setItem(i, Score, sortableFigureItem(QLocale().toString(r.score[record], 'g', 6), r.score[record]));
        m_records->setItem(i, DisScore,
                           sortableFigureItem(QString::number(r.disScore[record], 'f', 3), r.disScore[record]));
        QStringList msus;
        for (auto mask : r.msus[record]) msus << msuText(r, table, record, mask);
        auto* item = new QTableWidgetItem(msus.join(QLatin1Char(' ')));
        item->setToolTip(item->text());
        m_records->setItem(i, Msus, item);
    }
    m_records->setSortingEnabled(true);
    m_records->sortByColumn(Score, Qt::DescendingOrder);
    m_records->resizeColumnsToContents();
}

}  // namespace veil::ui
