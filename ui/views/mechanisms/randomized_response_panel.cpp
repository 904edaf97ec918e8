#include "views/mechanisms/randomized_response_panel.h"

#include "jobs/core_job.h"
#include "panels/dp_parameters.h"
#include "workbench/release_session.h"

#include "veil/dp/randomized_response.h"

#include <QCheckBox>
#include <QComboBox>
#include <QFormLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QVBoxLayout>

#include <memory>
#include <set>

namespace veil::ui {

RandomizedResponsePanel::RandomizedResponsePanel(DpParameters* parameters, JobMonitor* jobs, ReleaseSession* session,
                                                 QWidget* parent)
    : QGroupBox(tr("Randomized response (local DP)"), parent), m_params(parameters), m_session(session) {
    setObjectName(QStringLiteral("randomized-response"));
    m_column = new QComboBox(this);
    m_column->setObjectName(QStringLiteral("rr-column"));
    m_categories = new QLineEdit(this);
    m_categories->setObjectName(QStringLiteral("rr-categories"));
    m_categories->setPlaceholderText(tr("declared categories, e.g. Male, Female"));
    m_categories->setToolTip(
        tr("The public list of answers. Never read off the data in a real release: a category that only "
           "appears because one person gave it would reveal that person."));
    m_other = new QCheckBox(tr("Count other answers as \"other\""), this);
    m_other->setObjectName(QStringLiteral("rr-other"));
    m_run = new QPushButton(tr("Ask everyone with RR at the chosen ε"), this);
    m_run->setObjectName(QStringLiteral("rr-run"));
    m_result = new QLabel(tr("Each person reports the truth with probability e^ε/(e^ε+k−1)."), this);
    m_result->setObjectName(QStringLiteral("rr-result"));
    m_result->setWordWrap(true);
    m_result->setTextInteractionFlags(Qt::TextSelectableByMouse);
    auto* form = new QFormLayout;
    form->addRow(tr("Column"), m_column);
    form->addRow(tr("Categories"), m_categories);
    form->addRow(QString(), m_other);
    auto* layout = new QVBoxLayout(this);
    layout->addLayout(form);
    layout->addWidget(m_run);
    layout->addWidget(m_result);
    m_job = new CoreJob(jobs, this);
    connect(m_run, &QPushButton::clicked, this, &RandomizedResponsePanel::run);
    connect(m_job, &CoreJob::failed, this,
            [this](const QString& m) { m_result->setText(tr("Not released: %1").arg(m.toHtmlEscaped())); });
    connect(m_column, &QComboBox::activated, this, [this] {
        if (m_session && m_session->isTeaching()) fillCategoriesFromData();
    });
}

void RandomizedResponsePanel::setTable(const Table& table, const QString& datasetKey) {
    m_table = table;
    m_datasetKey = datasetKey;
    m_column->clear();
    for (std::size_t i = 0; i < table.columnCount(); ++i)
        m_column->addItem(QString::fromStdString(table.column(i).name()),
                          QString::fromStdString(table.column(i).name()));
    m_categories->clear();
    m_run->setEnabled(m_column->count() > 0);
    if (m_session && m_session->isTeaching()) fillCategoriesFromData();
}

// Teaching mode only (public or sample data): the column's own values, at most 20.
void RandomizedResponsePanel::fillCategoriesFromData() {
    const auto index = m_table.columnIndex(m_column->currentData().toString().toStdString());
    if (!index) return;
    const Column& c = m_table.column(*index);
    std::set<std::string> values;
    for (std::size_t row = 0; row < c.size() && values.size() <= 20; ++row)
        if (!c.isMissing(row)) values.insert(c.toString(row));
    QStringList list;
    for (const auto& v : values) list << QString::fromStdString(v);
    m_categories->setText(list.join(QStringLiteral(", ")));
    m_dataFilled.record(QStringLiteral("categories"), m_categories->text());
}

void RandomizedResponsePanel::run() {
    const auto index = m_table.columnIndex(m_column->currentData().toString().toStdString());
    if (!index || !m_session) return;
    if (!m_session->isTeaching())  // categories teaching mode read off the data are not public
        if (const QString refusal = m_dataFilled.refusal(
                {QStringLiteral("categories")}, [this](const QString&) { return QVariant(m_categories->text()); });
            !refusal.isEmpty()) {
            m_result->setText(tr("Not released: %1").arg(refusal.toHtmlEscaped()));
            return;
        }
    dp::RrRequest request;
    request.epsilon = m_params->real(QStringLiteral("epsilon"));
    for (const QString& c : m_categories->text().split(QLatin1Char(','), Qt::SkipEmptyParts))
        if (!c.trimmed().isEmpty()) request.categories.push_back(c.trimmed().toStdString());
    if (m_other->isChecked()) request.otherLabel = std::string("other");
    const bool seeded = m_params->flag(QStringLiteral("seeded"));
    const auto seed =
        seeded ? std::optional<std::uint64_t>(std::uint64_t(m_params->integer(QStringLiteral("seed")))) : std::nullopt;
    auto gate = m_session->makeGate(m_datasetKey, seed);
    if (!gate) {
        m_result->setText(tr("Not released: %1").arg(QString::fromStdString(gate.status().message()).toHtmlEscaped()));
        return;
    }
    auto column = m_table.columnPtr(*index);
    const bool showTrue = m_params->flag(QStringLiteral("show-true")) && m_session->isTeaching();
    m_job->start(
        tr("Randomized response"),
        [this, column, request, showTrue, gate = *gate](const RunContext& ctx) -> CoreJobOutcome {
            auto rr = dp::releaseRandomizedResponse(*gate, *column, request, ctx);
            if (!rr) return {rr.status(), {}, {}};
            const dp::FrequencyEstimate& est = rr->estimate;
            QString html = tr("<p>k = %1, truth with probability p = %2, %3 reports<br>%4</p>")
                               .arg(rr->categories.size())
                               .arg(rr->truthProbability, 0, 'g', 4)
                               .arg(rr->respondents)
                               .arg(QString::fromStdString(dp::receiptLine(rr->receipt)).toHtmlEscaped());
            html += tr("<table cellspacing=6><tr><th align=left>Value</th>%1<th>Reported %</th><th>Estimated % ± "
                       "SE</th></tr>")
                        .arg(showTrue ? tr("<th>True %</th>") : QString());
            const double n = std::max<double>(1.0, double(rr->respondents));
            for (std::size_t c = 0; c < rr->categories.size(); ++c)
                html +=
                    QStringLiteral("<tr><td>%1</td>%2<td align=right>%3</td><td align=right>%4 ± %5</td></tr>")
                        .arg(QString::fromStdString(rr->categories[c]).toHtmlEscaped())
                        .arg(showTrue && c < rr->trueFractions.size()
                                 ? QStringLiteral("<td align=right>%1</td>").arg(100 * rr->trueFractions[c], 0, 'f', 1)
                                 : QString())
                        .arg(100 * est.observedCounts[c] / n, 0, 'f', 1)
                        .arg(100 * est.estimatedFractions[c], 0, 'f', 1)
                        .arg(100 * est.standardErrors[c], 0, 'f', 1);
            html += QStringLiteral("</table>");
            return {Status::ok(),
                    [this, html] {
                        m_result->setText(html);
                        Q_EMIT estimateShown();
                    },
                    {}};
        });
}

}  // namespace veil::ui
