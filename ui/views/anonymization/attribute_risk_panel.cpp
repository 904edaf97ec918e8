#include "views/anonymization/attribute_risk_panel.h"

#include "jobs/core_job.h"
#include "panels/figures_table.h"
#include "views/anonymization/risk_findings.h"

#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QPushButton>
#include <QSpinBox>
#include <QTableWidget>
#include <QVBoxLayout>

namespace veil::ui {

namespace {

// The number of sets of at most `largest` of `q` attributes (sum of binomials), saturating.
std::size_t setCount(std::size_t q, std::size_t largest) {
    std::size_t total = 0, binomial = 1;
    for (std::size_t s = 1; s <= largest && s <= q; ++s) {
        binomial = binomial * (q - s + 1) / s;
        total += binomial;
        if (total > AttributeRiskPanel::kMaxSets * 100) break;
    }
    return total;
}

}  // namespace

AttributeRiskPanel::AttributeRiskPanel(JobMonitor* jobs, QWidget* parent)
    : QWidget(parent), m_job(new CoreJob(jobs, this)) {
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 4, 0, 0);
    auto* row = new QHBoxLayout;
    auto* title = new QLabel(tr("<b>Attribute risk</b>: which sets of quasi-identifiers single records out"), this);
    title->setToolTip(
        tr("For every set of quasi-identifiers: the records it makes unique, its distinction (classes / "
           "records) and its separation (the share of record pairs it tells apart). The sets that "
           "single out many records are the ones to generalize first."));
    auto* largestLabel = new QLabel(tr("Largest set:"), this);
    m_largest = new QSpinBox(this);
    m_largest->setObjectName(QStringLiteral("attribute-risk-largest"));
    m_largest->setToolTip(tr("Rank the sets of at most this many quasi-identifiers (the work doubles with each one)"));
    largestLabel->setBuddy(m_largest);
    m_compute = new QPushButton(tr("&Find sets that single records out"), this);
    m_compute->setObjectName(QStringLiteral("attribute-risk-compute"));
    row->addWidget(title);
    row->addStretch(1);
    row->addWidget(largestLabel);
    row->addWidget(m_largest);
    row->addWidget(m_compute);
    layout->addLayout(row);
    m_status = new QLabel(this);
    m_status->setObjectName(QStringLiteral("attribute-risk-status"));
    m_status->setWordWrap(true);
    layout->addWidget(m_status);
    m_table = new QTableWidget(0, Columns, this);
    m_table->setObjectName(QStringLiteral("attribute-risk-table"));
    m_table->setHorizontalHeaderLabels(
        {tr("Quasi-identifiers"), tr("Records singled out"), tr("Distinction"), tr("Separation")});
    m_table->horizontalHeaderItem(Singled)->setToolTip(tr("Records alone in their class on these attributes"));
    m_table->horizontalHeaderItem(Distinction)->setToolTip(tr("Classes / records: 100% when every record is unique"));
    m_table->horizontalHeaderItem(Separation)
        ->setToolTip(tr("The share of record pairs the attributes tell apart (Motwani & Xu, 2007)"));
    m_table->horizontalHeader()->setSectionResizeMode(QHeaderView::Interactive);
    m_table->horizontalHeader()->setSectionResizeMode(Attributes, QHeaderView::Stretch);
    m_table->verticalHeader()->hide();
    m_table->resizeColumnsToContents();
    m_table->horizontalHeader()->setSectionResizeMode(Attributes, QHeaderView::Stretch);
    m_table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    layout->addWidget(m_table, 1);

    connect(m_compute, &QPushButton::clicked, this, &AttributeRiskPanel::compute);
    connect(m_largest, &QSpinBox::valueChanged, this, &AttributeRiskPanel::updateLimits);
    connect(m_job, &CoreJob::failed, this, [this](const QString& message) { m_status->setText(message); });
    connect(m_job, &CoreJob::cancelled, this, [this] { m_status->setText(tr("Cancelled.")); });
    connect(m_job, &CoreJob::finished, this, [this] { m_compute->setEnabled(!m_qis.empty()); });
    setInput(Table(), {});
}

bool AttributeRiskPanel::isComputing() const { return m_job->isRunning(); }

void AttributeRiskPanel::setInput(const Table& table, const std::vector<std::string>& quasiIdentifiers) {
    const bool sameQis = quasiIdentifiers == m_qis;
    bool sameColumns = sameQis && table.rowCount() == m_input.rowCount();
    for (std::size_t i = 0; sameColumns && i < m_qis.size(); ++i) {
        auto a = table.columnIndex(m_qis[i]), b = m_input.columnIndex(m_qis[i]);
        sameColumns = a.isOk() && b.isOk() && table.columnPtr(*a) == m_input.columnPtr(*b);
    }
    m_input = table;
    m_qis = quasiIdentifiers;
    if (!sameQis) {
        const int q = int(m_qis.size());
        m_largest->setRange(q > 0 ? 1 : 0, q);
        // Default: as large as the limit allows.
        int largest = q;
        while (largest > 1 && setCount(m_qis.size(), std::size_t(largest)) > kMaxSets / 5) --largest;
        m_largest->setValue(largest);
    }
    if (!sameColumns && !m_sets.empty() && !m_outdated) {
        m_job->cancel();
        m_outdated = true;
        m_table->setEnabled(false);
    }
    m_compute->setEnabled(!m_qis.empty() && !isComputing());
    updateLimits();
}

void AttributeRiskPanel::updateLimits() {
    const std::size_t sets = setCount(m_qis.size(), std::size_t(m_largest->value()));
    if (m_qis.empty())
        m_status->setText(tr("Mark quasi-identifiers in the Data tab first."));
    else if (sets > kMaxSets)
        m_status->setText(tr("%1 sets of at most %2 quasi-identifiers: too many to rank (at most %3); choose a "
                             "smaller largest set.")
                              .arg(sets)
                              .arg(m_largest->value())
                              .arg(kMaxSets));
    else if (m_outdated)
        m_status->setText(tr("Outdated: the table or its quasi-identifiers changed since; find the sets again."));
    else if (m_sets.empty())
        m_status->setText(tr("%1 sets of the %2 quasi-identifiers to rank; press Find.").arg(sets).arg(m_qis.size()));
}

bool AttributeRiskPanel::compute() {
    const std::size_t largest = std::size_t(m_largest->value());
    if (m_qis.empty() || setCount(m_qis.size(), largest) > kMaxSets) {
        updateLimits();
        return false;
    }
    m_compute->setEnabled(false);
    m_status->setText(tr("Ranking %1 sets…").arg(setCount(m_qis.size(), largest)));
    const auto qis = m_qis;
    m_job->start(tr("Attribute risk"), [this, table = m_input, qis, largest](const RunContext&) -> CoreJobOutcome {
        auto sets = anonymity::attributeRisk(table, qis, largest);
        if (!sets) return {sets.status(), {}, {}};
        auto shared = std::make_shared<std::vector<anonymity::AttributeSetRisk>>(std::move(*sets));
        return {Status::ok(),
                [this, shared, qis] {
                    m_sets = std::move(*shared);
                    m_resultQis = qis;
                    m_outdated = false;
                    showSets();
                    Q_EMIT computed();
                },
                {}};
    });
    return true;
}

void AttributeRiskPanel::showSets() {
    m_table->setSortingEnabled(false);
    m_table->setEnabled(true);
    m_table->setRowCount(int(m_sets.size()));
    for (int r = 0; r < int(m_sets.size()); ++r) {
        const auto& s = m_sets[std::size_t(r)];
        QStringList names;
        for (const auto& a : s.attributes) names << QString::fromStdString(a);
        auto* attributes = sortableFigureItem(names.join(QStringLiteral(", ")), double(r));
        attributes->setTextAlignment(Qt::AlignLeft | Qt::AlignVCenter);
        m_table->setItem(r, Attributes, attributes);
        m_table->setItem(
            r, Singled,
            sortableFigureItem(tr("%1 (%2)").arg(s.uniques).arg(percentText(s.uniqueness)), double(s.uniques)));
        m_table->setItem(r, Distinction, sortableFigureItem(percentText(s.distinction), s.distinction));
        m_table->setItem(r, Separation, sortableFigureItem(percentText(s.separation), s.separation));
    }
    // Core's ranking first (the first column sorts by it).
    m_table->horizontalHeader()->setSortIndicator(Attributes, Qt::AscendingOrder);
    m_table->setSortingEnabled(true);
    m_table->resizeColumnsToContents();
    m_table->horizontalHeader()->setSectionResizeMode(Attributes, QHeaderView::Stretch);
    m_status->setText(tr("%1 sets of the %2 quasi-identifiers, by size and, within a size, by the records they "
                         "single out (click a header to sort).")
                          .arg(m_sets.size())
                          .arg(m_resultQis.size()));
}

}  // namespace veil::ui
