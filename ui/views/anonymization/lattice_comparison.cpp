#include "views/anonymization/lattice_comparison.h"

#include "charts/anonymization/lattice_level_names.h"
#include "jobs/core_job.h"
#include "panels/display_number.h"
#include "views/anonymization/anonymization_state.h"

#include <QHeaderView>
#include <QLabel>
#include <QLocale>
#include <QTableWidget>
#include <QVBoxLayout>

namespace veil::ui {

namespace {

QTableWidgetItem* cell(const QString& text, bool bold = false) {
    auto* item = new QTableWidgetItem(text);
    item->setFlags(Qt::ItemIsEnabled | Qt::ItemIsSelectable);
    if (bold) {
        QFont f = item->font();
        f.setBold(true);
        item->setFont(f);
    }
    return item;
}

}  // namespace

LatticeComparison::LatticeComparison(QWidget* parent)
    : QWidget(parent), m_title(new QLabel(this)), m_table(new QTableWidget(this)), m_job(new CoreJob(nullptr, this)) {
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 4, 0, 0);
    m_title->setObjectName(QStringLiteral("lattice-comparison-title"));
    m_title->setWordWrap(true);
    layout->addWidget(m_title);
    m_table->setObjectName(QStringLiteral("lattice-comparison"));
    m_table->setColumnCount(2);
    m_table->horizontalHeader()->setSectionResizeMode(QHeaderView::Stretch);
    m_table->verticalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_table->setWordWrap(true);
    layout->addWidget(m_table, 1);
    connect(m_job, &CoreJob::failed, this,
            [this](const QString& message) { m_title->setText(tr("Could not compare: %1").arg(message)); });
    clear(tr("Select two transformations in the list (Ctrl+click), or one to compare it with the optimum."));
}

bool LatticeComparison::isBusy() const { return m_job->isRunning(); }

void LatticeComparison::clear(const QString& hint) {
    m_job->cancel();
    m_title->setText(hint);
    m_table->clearContents();
    m_table->setRowCount(0);
    m_table->setVisible(false);
    m_qiRows = 0;
}

void LatticeComparison::compare(std::shared_ptr<const AnonymizationRun> run, const LatticeLevelNames& names,
                                const std::vector<int>& a, const QString& aTitle, const std::vector<int>& b,
                                const QString& bTitle) {
    if (!run) return clear(tr("Run the optimal search first."));
    const QStringList& qis = names.quasiIdentifiers();
    m_qiRows = std::size_t(qis.size());
    m_table->clearContents();
    m_table->setRowCount(qis.size() + 5);
    m_table->setHorizontalHeaderLabels({aTitle, bTitle});
    QStringList rows = qis;
    rows << tr("Anonymous") << tr("Information loss") << tr("Records suppressed") << tr("Classes kept")
         << tr("Smallest class");
    m_table->setVerticalHeaderLabels(rows);
    for (qsizetype q = 0; q < qis.size(); ++q) {
        const auto qi = std::size_t(q);
        const bool differs = a[qi] != b[qi];
        m_table->setItem(int(q), 0, cell(names.levelName(qi, a[qi]), differs));
        m_table->setItem(int(q), 1, cell(names.levelName(qi, b[qi]), differs));
    }
    for (int r = int(qis.size()); r < m_table->rowCount(); ++r)
        for (int c = 0; c < 2; ++c) m_table->setItem(r, c, cell(tr("computing…")));
    m_table->setVisible(true);
    m_title->setText(
        tr("<b>Two solutions side by side</b> — rows in bold differ. Figures come from applying each "
           "transformation to the input with the current run's models, metric and suppression limit."));
    m_job->start(tr("Comparing two transformations"), [this, run, a, b](const RunContext& ctx) -> CoreJobOutcome {
        std::optional<Outcome> out[2];
        const std::vector<int>* nodes[2] = {&a, &b};
        for (int i = 0; i < 2; ++i) {
            anonymity::AnonymizationConfig config = run->config;
            config.algorithm = anonymity::Algorithm::Optimal;
            config.transformation = *nodes[i];
            config.localSuppression.reset();
            config.buildOutput = false;
            auto r = anonymity::anonymize(run->input, config, ctx);
            if (!r) return {r.status(), {}, {}};
            out[i] = Outcome{r->informationLoss, r->suppressed, r->classes.keptClasses(), r->classes.minKeptClassSize(),
                             r->found};
        }
        return {Status::ok(), [this, x = out[0], y = out[1]] { showOutcomes(x, y); }, {}};
    });
}

void LatticeComparison::showOutcomes(const std::optional<Outcome>& a, const std::optional<Outcome>& b) {
    const int base = int(m_qiRows);
    const QLocale locale;
    const std::optional<Outcome>* outs[2] = {&a, &b};
    for (int c = 0; c < 2; ++c) {
        const auto& o = *outs[c];
        if (!o) continue;
        m_table->setItem(base, c, cell(o->found ? tr("yes") : tr("no")));
        m_table->setItem(
            base + 1, c,
            cell(displayNumber(o->loss, 4), a && b && a->loss != b->loss && c == (a->loss < b->loss ? 0 : 1)));
        m_table->setItem(base + 2, c, cell(locale.toString(qulonglong(o->suppressed))));
        m_table->setItem(base + 3, c, cell(locale.toString(qulonglong(o->classes))));
        m_table->setItem(base + 4, c, cell(locale.toString(qulonglong(o->smallest))));
    }
    Q_EMIT evaluated();
}

}  // namespace veil::ui
