#include "views/anonymization/risk_page.h"

#include "charts/anonymization/risk_distribution_chart_builder.h"
#include "charts/widget_export.h"
#include "document/document.h"
#include "jobs/core_job.h"
#include "panels/figures_table.h"
#include "views/anonymization/anonymization_state.h"
#include "views/anonymization/attribute_risk_panel.h"
#include "views/anonymization/suda_panel.h"

#include <QChart>
#include <QChartView>
#include <QDoubleSpinBox>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QLocale>
#include <QSplitter>
#include <QTabWidget>
#include <QTableWidget>
#include <QTimer>
#include <QVBoxLayout>

namespace veil::ui {

namespace {

constexpr int kDebounceMs = 250;

// A table of figures: rows named (with a tooltip each), columns "Before" / "After", read-only.
QTableWidget* beforeAfterTable(const QStringList& rows, const QStringList& tips, QWidget* parent) {
    return figuresTable(rows, tips, {QObject::tr("Before (input)"), QObject::tr("After (released)")}, {}, parent);
}

// The kept (not suppressed) class sizes of a result: the released table's classes.
std::vector<std::size_t> keptClassSizes(const anonymity::EquivalenceClasses& classes) {
    std::vector<std::size_t> kept;
    kept.reserve(classes.classCount());
    for (std::size_t c = 0; c < classes.classCount(); ++c)
        if (c >= classes.classSuppressed.size() || classes.classSuppressed[c] == 0)
            kept.push_back(classes.classSize[c]);
    return kept;
}

// A local suppression whose '*' matches any value: the released records' matches overlap.
bool wildcardSuppressed(const anonymity::AnonymizationResult& r) {
    return r.localSuppression && r.localSuppression->semantics == anonymity::LocalSuppressionSemantics::Wildcard;
}

}  // namespace

RiskPage::RiskPage(AnonymizationState* state, Document* document, JobMonitor* jobs, QWidget* parent)
    : QWidget(parent), m_state(state), m_document(document), m_job(new CoreJob(nullptr, this)) {
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    layout->addLayout(buildControls());
    m_status = new QLabel(this);
    m_status->setObjectName(QStringLiteral("risk-status"));
    m_status->setWordWrap(true);
    layout->addWidget(m_status);

    auto* split = new QSplitter(Qt::Vertical, this);
    auto* top = new QWidget(split);
    auto* topLayout = new QHBoxLayout(top);
    topLayout->setContentsMargins(0, 0, 0, 0);
    auto* figures = new QVBoxLayout;
    buildSummary();
    buildUniqueness();
    figures->addWidget(m_summary);
    figures->addWidget(m_uniquenessBox);
    figures->addStretch(1);
    topLayout->addLayout(figures, 2);
    m_chart = new QChartView(top);
    m_chart->setObjectName(QStringLiteral("risk-chart"));
    m_chart->setRenderHint(QPainter::Antialiasing);
    m_chart->setMinimumSize(360, 300);
    installExportMenu(m_chart, QStringLiteral("risk-distribution"));
    topLayout->addWidget(m_chart, 3);
    m_analyses = new QTabWidget(split);
    m_analyses->setObjectName(QStringLiteral("risk-analyses"));
    m_attributes = new AttributeRiskPanel(jobs, m_analyses);
    m_suda = new SudaPanel(jobs, m_analyses);
    m_analyses->addTab(m_attributes, tr("Attribute risk"));
    m_analyses->addTab(m_suda, tr("Special uniques (SUDA)"));
    split->addWidget(top);
    split->addWidget(m_analyses);
    split->setStretchFactor(0, 1);
    split->setStretchFactor(1, 1);
    layout->addWidget(split, 1);

    m_debounce = new QTimer(this);
    m_debounce->setSingleShot(true);
    m_debounce->setInterval(kDebounceMs);
    connect(m_debounce, &QTimer::timeout, this, &RiskPage::refresh);
    connect(m_threshold, &QDoubleSpinBox::valueChanged, this, &RiskPage::inputsChanged);
    connect(m_population, &QLineEdit::textChanged, this, &RiskPage::inputsChanged);
    connect(m_state, &AnonymizationState::runChanged, this, &RiskPage::inputsChanged);
    connect(m_state, &AnonymizationState::settingsChanged, this, [this] {
        showSummary();
        updateStatus();
    });
    if (m_document) {
        connect(m_document, &Document::tableReset, this, &RiskPage::inputsChanged);
        connect(m_document, &Document::columnChanged, this, &RiskPage::inputsChanged);
    }
    connect(m_job, &CoreJob::failed, this, [this](const QString& message) {
        m_error = message;
        updateStatus();
    });
    connect(m_job, &CoreJob::finished, this, &RiskPage::updateStatus);
    display(std::nullopt, std::nullopt);
}

RiskPage::~RiskPage() = default;

bool RiskPage::isComputing() const { return m_job->isRunning() || m_debounce->isActive(); }

QHBoxLayout* RiskPage::buildControls() {
    auto* controls = new QHBoxLayout;
    auto* thresholdLabel = new QLabel(tr("Records at risk above:"), this);
    m_threshold = new QDoubleSpinBox(this);
    m_threshold->setObjectName(QStringLiteral("risk-threshold"));
    m_threshold->setRange(0.1, 100);
    m_threshold->setDecimals(1);
    m_threshold->setValue(20);
    m_threshold->setSuffix(QStringLiteral(" %"));
    m_threshold->setToolTip(tr("A record is at risk when its prosecutor risk (1 / its class's size) exceeds this"));
    thresholdLabel->setBuddy(m_threshold);
    auto* populationLabel = new QLabel(tr("&Population:"), this);
    m_population = new QLineEdit(this);
    m_population->setObjectName(QStringLiteral("risk-population"));
    m_population->setPlaceholderText(tr("sampling fraction or size"));
    m_population->setToolTip(
        tr("The population the table was sampled from, to estimate how many of its records are unique in the "
           "population: a sampling fraction in (0, 1] (e.g. 0.1) or the population's size (e.g. 320000). "
           "Empty: not estimated."));
    m_population->setMinimumWidth(170);
    populationLabel->setBuddy(m_population);
    controls->addWidget(thresholdLabel);
    controls->addWidget(m_threshold);
    controls->addSpacing(16);
    controls->addWidget(populationLabel);
    controls->addWidget(m_population);
    controls->addStretch(1);
    return controls;
}

void RiskPage::buildSummary() {
    m_summary = beforeAfterTable(
        {tr("Highest prosecutor risk"), tr("Average prosecutor risk"), tr("Records at risk"), tr("Sample uniques")},
        {tr("The chance that an attacker who knows a person is in the table, and their quasi-identifiers, picks out "
            "their record: 1 / the size of the smallest class."),
         tr("Prosecutor risk averaged over the records: the number of classes / the number of records."),
         tr("Records whose prosecutor risk exceeds the threshold above, i.e. records in classes smaller than "
            "1 / threshold."),
         tr("Records alone in their class: unique on their quasi-identifiers within this table.")},
        this);
    m_summary->setObjectName(QStringLiteral("risk-summary"));
}

void RiskPage::buildUniqueness() {
    using anonymity::UniquenessModel;
    m_uniquenessBox = new QGroupBox(tr("Population uniques (estimated)"), this);
    m_uniquenessBox->setObjectName(QStringLiteral("risk-uniqueness-box"));
    auto* box = new QVBoxLayout(m_uniquenessBox);
    QStringList rows, tips;
    for (UniquenessModel m : {UniquenessModel::Zayatz, UniquenessModel::Pitman, UniquenessModel::Snb}) {
        rows << QString::fromLatin1(anonymity::uniquenessModelTitle(m));
        tips << QString::fromUtf8(anonymity::uniquenessModelDescription(m));
    }
    rows << tr("Dankar's rule");
    tips << QString::fromUtf8(anonymity::dankarRuleDescription());
    m_uniqueness = beforeAfterTable(rows, tips, m_uniquenessBox);
    m_uniqueness->setObjectName(QStringLiteral("risk-uniqueness"));
    m_dankar = new QLabel(m_uniquenessBox);
    m_dankar->setObjectName(QStringLiteral("risk-dankar"));
    m_dankar->setWordWrap(true);
    m_dankar->setToolTip(QString::fromUtf8(anonymity::dankarRuleDescription()));
    m_uniquenessHint = new QLabel(tr("Give the population's size or the sampling fraction above to estimate how many "
                                     "records are unique in the population, not only in the table."),
                                  m_uniquenessBox);
    m_uniquenessHint->setWordWrap(true);
    box->addWidget(m_uniquenessHint);
    box->addWidget(m_uniqueness);
    box->addWidget(m_dankar);
}

void RiskPage::showEvent(QShowEvent* event) {
    QWidget::showEvent(event);
    if (m_dirty) refresh();
}

void RiskPage::inputsChanged() {
    m_dirty = true;
    if (isVisible()) m_debounce->start();
    updateStatus();
}

void RiskPage::refresh() {
    m_dirty = false;
    m_debounce->stop();
    m_error.clear();
    const Table table = m_document ? m_document->table() : Table();
    const auto qis = quasiIdentifierNames(table);
    const auto run = m_state->runPtr();
    m_attributes->setInput(table, qis);
    m_suda->setInput(table, qis,
                     run && run->result.found && run->result.output.rowCount() > 0 ? std::optional(run->result.output)
                                                                                   : std::nullopt);
    if (qis.empty() && !run) {
        m_job->cancel();
        display(std::nullopt, std::nullopt);
        return;
    }
    std::size_t populationSize = 0;
    if (auto parsed = populationSizeFromText(m_population->text(), table.rowCount()))
        populationSize = *parsed;
    else
        m_error = QString::fromStdString(parsed.status().message());
    const double threshold = m_threshold->value() / 100.0;
    m_job->start(tr("Assessing re-identification risk"),
                 [this, table, qis, run, threshold, populationSize](const RunContext&) -> CoreJobOutcome {
                     std::optional<RiskFindings> before, after;
                     if (!qis.empty()) {
                         auto sizes = anonymity::classSizes(table, qis);
                         if (!sizes) return {sizes.status(), {}, {}};
                         auto found = assessClasses(*sizes, threshold, populationSize);
                         if (!found) return {found.status(), {}, {}};
                         before = std::move(*found);
                     }
                     if (run && wildcardSuppressed(run->result)) {
                         after = assessRecordCounts(run->result.localSuppression->keptMatches, threshold);
                     } else if (run) {
                         auto found = assessClasses(keptClassSizes(run->result.classes), threshold, populationSize);
                         if (!found) return {found.status(), {}, {}};
                         after = std::move(*found);
                     }
                     return {Status::ok(), [this, before, after] { display(before, after); }, {}};
                 });
    updateStatus();
}

void RiskPage::display(std::optional<RiskFindings> before, std::optional<RiskFindings> after) {
    m_before = std::move(before);
    m_after = std::move(after);
    showSummary();
    showUniqueness();
    QChart* old = m_chart->chart();
    m_chart->setChart(m_before || m_after ? RiskDistributionChartBuilder::build(
                                                m_before ? m_before->bands : std::vector<anonymity::RiskBand>{},
                                                m_after ? m_after->bands : std::vector<anonymity::RiskBand>{})
                                          : new QChart);
    delete old;
    updateStatus();
    Q_EMIT refreshed();
}

void RiskPage::showSummary() {
    const bool outdated = m_after && !m_state->runIsCurrent();
    m_summary->setHorizontalHeaderLabels(
        {tr("Before (input)"), outdated ? tr("After (released, outdated)") : tr("After (released)")});
    m_summary->verticalHeaderItem(RecordsAtRisk)
        ->setText(tr("Records at risk (> %1%)").arg(QString::number(m_threshold->value(), 'g', 3)));
    for (int side = 0; side < 2; ++side) {
        const auto& found = side == 0 ? m_before : m_after;
        if (!found) {
            for (int r = 0; r < SummaryRows; ++r) m_summary->setItem(r, side, figureItem(tr("—"), {}));
            continue;
        }
        const anonymity::RiskSummary& s = found->summary;
        m_summary->setItem(ProsecutorMax, side,
                           figureItem(percentText(s.prosecutorMax), s.prosecutorMax,
                                      tr("1 / %1 (the smallest class)").arg(s.minClassSize)));
        m_summary->setItem(ProsecutorAverage, side,
                           figureItem(percentText(s.prosecutorAvg), s.prosecutorAvg,
                                      tr("%1 classes / %2 records").arg(s.classes).arg(s.records)));
        m_summary->setItem(RecordsAtRisk, side,
                           figureItem(tr("%1 (%2)").arg(s.recordsAtRisk).arg(percentText(s.recordsAtRiskFraction)),
                                      qulonglong(s.recordsAtRisk)));
        m_summary->setItem(
            SampleUniques, side,
            figureItem(tr("%1 (%2)").arg(s.uniques).arg(percentText(s.sampleUniqueness)), qulonglong(s.uniques)));
    }
}

void RiskPage::showUniqueness() {
    const bool shown = (m_before && m_before->uniqueness) || (m_after && m_after->uniqueness);
    m_uniquenessHint->setVisible(!shown);
    m_uniqueness->setVisible(shown);
    m_dankar->setVisible(shown);
    QStringList lines;
    for (int side = 0; side < 2; ++side) {
        const auto& found = side == 0 ? m_before : m_after;
        if (!found || !found->uniqueness) {
            for (int r = 0; r < m_uniqueness->rowCount(); ++r) m_uniqueness->setItem(r, side, figureItem(tr("—"), {}));
            continue;
        }
        const anonymity::PopulationUniqueness& u = *found->uniqueness;
        const std::optional<double> estimates[] = {u.zayatz, u.pitman, u.snb, u.dankar};
        for (int r = 0; r < 4; ++r) {
            const auto& e = estimates[r];
            m_uniqueness->setItem(r, side,
                                  figureItem(uniquesText(e, u.populationSize), e ? QVariant(*e) : QVariant(),
                                             m_uniqueness->verticalHeaderItem(r)->toolTip()));
        }
        lines << (side == 0 ? tr("Before: %1.") : tr("After: %1.")).arg(dankarText(u));
    }
    if (shown && m_after && m_after->overlapping)
        lines << tr(
            "After: not estimated: with '*' matching any value the released records' matches overlap, so "
            "they form no classes to estimate from.");
    m_uniquenessBox->setTitle(tr("Population uniques"));
    if (shown) {
        const auto& u = m_before && m_before->uniqueness ? *m_before->uniqueness : *m_after->uniqueness;
        m_uniquenessBox->setTitle(tr("Population uniques (population %1, sampling fraction %2)")
                                      .arg(QLocale().toString(qulonglong(u.populationSize)))
                                      .arg(QString::number(u.samplingFraction, 'g', 3)));
    }
    m_dankar->setText(lines.join(QLatin1Char('\n')));
}

void RiskPage::updateStatus() {
    QString text;
    bool warn = false;
    const bool hasQis = m_document && !quasiIdentifierNames(m_document->table()).empty();
    if (!m_error.isEmpty()) {
        text = m_error;
        warn = true;
    } else if (isComputing()) {
        text = tr("Computing…");
    } else if (!hasQis && !m_state->run()) {
        text = tr("Mark quasi-identifiers in the Data tab to see the input table's risk.");
    } else if (m_state->run() && !m_state->runIsCurrent()) {
        text = tr("The released table's figures are outdated: the settings changed since the run. Run again.");
        warn = true;
    } else if (!m_state->run()) {
        text =
            tr("Before: the input table on its quasi-identifiers. Run the anonymization to see the released "
               "table's risk beside it.");
    } else {
        text = m_after && m_after->overlapping
                   ? tr("Before: the input table on its quasi-identifiers; after: the released table, a '*' matching "
                        "any value (each record's risk is 1 / the records it matches; records wholly '*' excluded).")
                   : tr("Before: the input table on its quasi-identifiers; after: the released table (suppressed "
                        "records excluded).");
    }
    m_status->setText(text);
    m_status->setStyleSheet(warn ? QStringLiteral("color: #b41e1e;") : QString());
}

}  // namespace veil::ui
