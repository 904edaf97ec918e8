#include "views/mechanisms/randomized_response_panel.h"

#include "jobs/core_job.h"
#include "views/mechanisms/dp_parameters.h"

#include "veil/common/random.h"
#include "veil/dp/randomized_response.h"
#include "veil/table/column_summary.h"

#include <QComboBox>
#include <QLabel>
#include <QPushButton>
#include <QVBoxLayout>

#include <map>
#include <memory>

namespace veil::ui {

RandomizedResponsePanel::RandomizedResponsePanel(DpParameters* parameters, JobMonitor* jobs, QWidget* parent)
    : QGroupBox(tr("Randomized response (local DP)"), parent), m_params(parameters) {
    setObjectName(QStringLiteral("randomized-response"));
    m_column = new QComboBox(this);
    m_column->setObjectName(QStringLiteral("rr-column"));
    m_run = new QPushButton(tr("Ask everyone with RR at the chosen ε"), this);
    m_run->setObjectName(QStringLiteral("rr-run"));
    m_result = new QLabel(tr("Each person reports the truth with probability e^ε/(e^ε+k−1)."), this);
    m_result->setObjectName(QStringLiteral("rr-result"));
    m_result->setWordWrap(true);
    m_result->setTextInteractionFlags(Qt::TextSelectableByMouse);
    auto* layout = new QVBoxLayout(this);
    layout->addWidget(m_column);
    layout->addWidget(m_run);
    layout->addWidget(m_result);
    m_job = new CoreJob(jobs, this);
    connect(m_run, &QPushButton::clicked, this, &RandomizedResponsePanel::run);
    connect(m_job, &CoreJob::failed, this, [this](const QString& m) { m_result->setText(m); });
}

void RandomizedResponsePanel::setTable(const Table& table) {
    m_table = table;
    m_column->clear();
    for (std::size_t i = 0; i < table.columnCount(); ++i) {
        const ColumnSummary s = summarizeColumn(table, i);
        if (s.distinct >= 2 && s.distinct <= std::size_t(kMaxCategories))
            m_column->addItem(tr("%1 (k = %2)").arg(QString::fromStdString(s.name)).arg(s.distinct),
                              QString::fromStdString(s.name));
    }
    m_run->setEnabled(m_column->count() > 0);
}

void RandomizedResponsePanel::run() {
    const auto index = m_table.columnIndex(m_column->currentData().toString().toStdString());
    if (!index) return;
    const double epsilon = m_params->real(QStringLiteral("epsilon"));
    const bool seeded = m_params->flag(QStringLiteral("seeded"));
    const auto seed = std::uint64_t(m_params->integer(QStringLiteral("seed")));
    auto column = m_table.columnPtr(*index);
    const bool showTrue = m_params->flag(QStringLiteral("show-true"));
    m_job->start(tr("Randomized response"), [this, column, epsilon, seeded, seed, showTrue](const RunContext& ctx) -> CoreJobOutcome {
        // Categories in order of first appearance; missing values do not answer.
        std::map<std::string, std::size_t> codes;
        std::vector<std::string> names;
        std::vector<std::size_t> truths;
        for (std::size_t row = 0; row < column->size(); ++row) {
            if (column->isMissing(row)) continue;
            const std::string v = column->toString(row);
            auto [it, inserted] = codes.emplace(v, names.size());
            if (inserted) names.push_back(v);
            truths.push_back(it->second);
        }
        auto rr = dp::RandomizedResponse::create(epsilon, std::max<std::size_t>(2, names.size()));
        if (!rr) return {rr.status(), {}, {}};
        std::unique_ptr<RandomSource> rng;
        if (seeded) rng = std::make_unique<SeededRandom>(seed);
        else rng = std::make_unique<SecureRandom>();
        if (ctx.cancelled()) return {Status::cancelled(), {}, {}};
        const auto reports = rr->respondAll(*rng, truths);
        const dp::FrequencyEstimate est = rr->estimate(reports);
        std::vector<double> trueCounts(rr->categories(), 0.0);
        for (std::size_t t : truths) trueCounts[t] += 1;
        QString html = tr("<p>k = %1, truth with probability p = %2, n = %3%4</p>")
                           .arg(rr->categories())
                           .arg(rr->truthProbability(), 0, 'g', 4)
                           .arg(truths.size())
                           .arg(seeded ? tr(" — <b style='color:#d55e00'>seeded - not for release</b>") : QString());
        html += tr("<table cellspacing=6><tr><th align=left>Value</th>%1<th>Reported %</th><th>Estimated % ± SE</th></tr>")
                    .arg(showTrue ? tr("<th>True %</th>") : QString());
        const double n = std::max<double>(1.0, double(truths.size()));
        for (std::size_t c = 0; c < names.size(); ++c)
            html += QStringLiteral("<tr><td>%1</td>%2<td align=right>%3</td><td align=right>%4 ± %5</td></tr>")
                        .arg(QString::fromStdString(names[c]).toHtmlEscaped())
                        .arg(showTrue ? QStringLiteral("<td align=right>%1</td>").arg(100 * trueCounts[c] / n, 0, 'f', 1) : QString())
                        .arg(100 * est.observedCounts[c] / n, 0, 'f', 1)
                        .arg(100 * est.estimatedFractions[c], 0, 'f', 1)
                        .arg(100 * est.standardErrors[c], 0, 'f', 1);
        html += QStringLiteral("</table>");
        return {Status::ok(), [this, html] {
                    m_result->setText(html);
                    emit estimateShown();
                },
                {}};
    });
}

}  // namespace veil::ui
