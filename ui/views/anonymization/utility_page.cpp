#include "views/anonymization/utility_page.h"

#include "charts/anonymization/contingency_heat_map.h"
#include "charts/widget_export.h"
#include "jobs/core_job.h"
#include "panels/display_number.h"
#include "panels/figures_table.h"
#include "views/anonymization/anonymization_state.h"

#include <QComboBox>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QProgressBar>
#include <QSignalBlocker>
#include <QTableWidget>
#include <QVBoxLayout>

#include <algorithm>
#include <cmath>

namespace veil::ui {

namespace {

using anonymity::Classifier;

// Veil's releases write a suppressed value as "*" (as ARX's): counted as suppressed, not as a value.
anonymity::UtilityOptions releaseOptions() { return {std::string(anonymity::kSuppressedToken)}; }

// The columns of both the input and the release, in the input's order.
std::vector<std::string> sharedColumns(const AnonymizationRun& run) {
    std::vector<std::string> out;
    for (const auto& name : run.input.columnNames())
        if (run.result.output.columnIndex(name)) out.push_back(name);
    return out;
}

// "age: 10 of 72 values, the others in (others)" for each pooled attribute of `t`.
QString pooledNote(const anonymity::ContingencyTable& t, const QString& a, const QString& b) {
    QStringList notes;
    if (t.rowsPooled) notes << QObject::tr("%1: %2 of %3 values").arg(a).arg(t.rows.size() - 1).arg(t.rowValues);
    if (t.columnsPooled)
        notes << QObject::tr("%1: %2 of %3 values").arg(b).arg(t.columns.size() - 1).arg(t.columnValues);
    return notes.isEmpty() ? QString()
                           : QStringLiteral(" (%1, the others in \"%2\")")
                                 .arg(notes.join(QStringLiteral("; ")),
                                      QString::fromUtf8(anonymity::ContingencyTable::kOtherLabel));
}

// The last column that is not a quasi-identifier (a class column such as adult's salary-class),
// otherwise the last column.
QString defaultTarget(const AnonymizationRun& run) {
    const auto& qis = run.result.quasiIdentifiers;
    const auto names = run.input.columnNames();
    for (auto it = names.rbegin(); it != names.rend(); ++it)
        if (std::find(qis.begin(), qis.end(), *it) == qis.end()) return QString::fromStdString(*it);
    return names.empty() ? QString() : QString::fromStdString(names.back());
}

}  // namespace

UtilityPage::UtilityPage(AnonymizationState* state, JobMonitor* jobs, QWidget* parent)
    : QWidget(parent),
      m_state(state),
      m_summaryJob(new CoreJob(nullptr, this)),
      m_accuracyJob(new CoreJob(jobs, this)) {
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    layout->addWidget(buildControls());
    m_status = new QLabel(this);
    m_status->setObjectName(QStringLiteral("utility-status"));
    m_status->setWordWrap(true);
    layout->addWidget(m_status);

    buildAttributeTable();
    layout->addWidget(m_table);
    auto* maps = new QWidget(this);
    auto* mapsLayout = new QVBoxLayout(maps);
    mapsLayout->setContentsMargins(0, 0, 0, 0);
    auto* pair = new QHBoxLayout;
    m_before = new ContingencyHeatMap(maps);
    m_before->setObjectName(QStringLiteral("utility-heatmap-before"));
    m_after = new ContingencyHeatMap(maps);
    m_after->setObjectName(QStringLiteral("utility-heatmap-after"));
    installExportMenu(m_before, QStringLiteral("contingency-input"));
    installExportMenu(m_after, QStringLiteral("contingency-released"));
    pair->addWidget(m_before, 1);
    pair->addWidget(m_after, 1);
    mapsLayout->addLayout(pair, 1);
    m_distanceLabel = new QLabel(maps);
    m_distanceLabel->setObjectName(QStringLiteral("utility-distance"));
    m_distanceLabel->setWordWrap(true);
    m_distanceLabel->setToolTip(
        tr("The two tables have different values (the release's are generalized), so the release is first read "
           "in the input's values: each released cell's records are spread evenly over the input value pairs it "
           "contains (a \"*\" contains every value). The result is compared with the input's joint counts: half "
           "the sum of the absolute differences, as a share of the records, over all values (not only those shown). "
           "0: the same joint distribution; 1: nothing in common."));
    mapsLayout->addWidget(m_distanceLabel);
    layout->addWidget(maps);
    buildAccuracyTable();
    m_accuracyBox = new QGroupBox(this);
    auto* boxLayout = new QVBoxLayout(m_accuracyBox);
    boxLayout->addWidget(m_accuracyTable);
    layout->addWidget(m_accuracyBox);
    layout->addStretch(1);

    connect(m_state, &AnonymizationState::runChanged, this, &UtilityPage::runChanged);
    connect(m_state, &AnonymizationState::settingsChanged, this, [this] {
        showAttributes();
        showAccuracy();
        updateStatus();
    });
    for (CoreJob* job : {m_summaryJob, m_accuracyJob}) {
        connect(job, &CoreJob::failed, this, [this](const QString& message) {
            m_error = message;
            updateStatus();
        });
        connect(job, &CoreJob::finished, this, &UtilityPage::updateStatus);
    }
    connect(m_accuracyJob, &CoreJob::progressChanged, this,
            [this](double fraction, const QString&) { m_progress->setValue(int(fraction * 100)); });
    connect(m_accuracyJob, &CoreJob::finished, m_progress, &QWidget::hide);
    runChanged();
}

UtilityPage::~UtilityPage() = default;

QWidget* UtilityPage::buildControls() {
    auto* bar = new QWidget(this);
    auto* row = new QHBoxLayout(bar);
    row->setContentsMargins(0, 0, 0, 0);
    m_rowAttribute = new QComboBox(bar);
    m_rowAttribute->setObjectName(QStringLiteral("utility-row-attribute"));
    m_columnAttribute = new QComboBox(bar);
    m_columnAttribute->setObjectName(QStringLiteral("utility-column-attribute"));
    m_target = new QComboBox(bar);
    m_target->setObjectName(QStringLiteral("utility-target"));
    m_target->setToolTip(
        tr("The attribute the classifiers predict from the quasi-identifiers (the target itself "
           "excluded); its values are always the input's."));
    for (QComboBox* c : {m_rowAttribute, m_columnAttribute, m_target}) {
        c->setMinimumContentsLength(14);
        c->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
    }
    auto* heat = new QLabel(tr("Heat map of"), bar);
    heat->setToolTip(tr("The joint distribution of any two attributes, in the input and in the release"));
    row->addWidget(heat);
    row->addWidget(m_rowAttribute);
    row->addWidget(new QLabel(QStringLiteral("×"), bar));
    row->addWidget(m_columnAttribute);
    row->addSpacing(20);
    auto* predict = new QLabel(tr("&Predict:"), bar);
    predict->setBuddy(m_target);
    row->addWidget(predict);
    row->addWidget(m_target);
    m_progress = new QProgressBar(bar);
    m_progress->setObjectName(QStringLiteral("utility-progress"));
    m_progress->setRange(0, 100);
    m_progress->setMaximumWidth(160);
    m_progress->hide();
    row->addWidget(m_progress);
    row->addStretch(1);
    auto pairChanged = [this] {
        m_summaryDirty = true;
        if (isVisible()) refreshSummary();
    };
    connect(m_rowAttribute, &QComboBox::currentIndexChanged, this, pairChanged);
    connect(m_columnAttribute, &QComboBox::currentIndexChanged, this, pairChanged);
    connect(m_target, &QComboBox::currentIndexChanged, this, [this] {
        m_accuracyDirty = true;
        if (isVisible()) refreshAccuracy();
    });
    return bar;
}

void UtilityPage::buildAttributeTable() {
    m_table = new QTableWidget(0, Columns, this);
    m_table->setObjectName(QStringLiteral("utility-attributes"));
    setHeaders(
        m_table,
        {tr("Attribute"), tr("Distinct values\n(input)"), tr("Distinct values\n(released)"),
         tr("Values not\nsuppressed"), tr("Entropy, input\n(bits)"), tr("Entropy, released\n(bits)"),
         tr("Entropy kept"), tr("Most frequent\n(input → released)"), tr("Mean ± std. dev.\n(input → released)")},
        {tr("A quasi-identifier of the run"), tr("How many different values the attribute takes in the input"),
         tr("How many different values it takes in the released table: generalization merges values, so "
            "fewer means coarser (\"*\" is suppressed, not a value)"),
         tr("Share of the records whose released value is neither \"*\" (suppressed, or generalized to the "
            "top of its hierarchy) nor missing"),
         tr("Shannon entropy of the input's values: how much, on average, a value tells about a record"),
         tr("Shannon entropy of the released values that are not suppressed (generalized values taken as "
            "they are)"),
         tr("Released entropy as a share of the input's: how much of the attribute's information survived "
            "in the values shown (100%: nothing lost; read it with the share not suppressed)"),
         tr("The most frequent value in the input and in the release (not counting \"*\")"),
         tr("For numeric attributes: mean and standard deviation (n − 1) in the input and, when the released "
            "values are numbers (not generalized into ranges), in the release; hover for the range")});
    m_table->horizontalHeader()->setSectionResizeMode(QHeaderView::Stretch);
    m_table->horizontalHeader()->setSectionResizeMode(Name, QHeaderView::ResizeToContents);
    for (int c : {Mode, Numbers}) m_table->horizontalHeader()->setSectionResizeMode(c, QHeaderView::ResizeToContents);
    m_table->verticalHeader()->hide();
    m_table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->setVerticalScrollBarPolicy(Qt::ScrollBarAsNeeded);
    m_table->setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Fixed);
}

// The attribute table as high as its rows (up to kMaxVisibleRows; beyond, it scrolls).
void UtilityPage::fitAttributeTable() {
    constexpr int kMaxVisibleRows = 10;
    fitTableHeight(m_table, kMaxVisibleRows, true);
}

void UtilityPage::buildAccuracyTable() {
    QStringList rows, rowTips;
    for (Classifier m : {Classifier::NaiveBayes, Classifier::LogisticRegression}) {
        Q_ASSERT(int(m) == rows.size());
        rows << QString::fromUtf8(anonymity::classifierTitle(m));
        rowTips << QString::fromUtf8(anonymity::classifierDescription(m));
    }
    m_accuracyTable = figuresTable(
        rows, rowTips, {tr("Trained on input"), tr("Trained on release"), tr("Majority class")},
        {tr("Trained on the input's training records, tested on the input's held-out records: the best the "
            "quasi-identifiers allow"),
         tr("Trained on the released training records (suppressed records left out), tested on the input's "
            "held-out records, their values read in the release's (each value as the released values the "
            "release gives it): what a model learnt from the release is worth on real records"),
         tr("Always predicting the training records' most frequent target value: the baseline a useful "
            "classifier beats")},
        this);
    m_accuracyTable->setObjectName(QStringLiteral("utility-accuracy"));
}

bool UtilityPage::isComputing() const { return m_summaryJob->isRunning() || m_accuracyJob->isRunning(); }

bool UtilityPage::isOutdated() const { return m_state->run() && (!m_state->runIsCurrent() || m_failedSinceRun); }

void UtilityPage::runFailed() {
    m_failedSinceRun = true;
    showAttributes();
    showAccuracy();
    updateStatus();
}

void UtilityPage::runChanged() {
    m_failedSinceRun = false;
    const AnonymizationRun* run = m_state->run();
    {
        const QSignalBlocker b1(m_rowAttribute), b2(m_columnAttribute), b3(m_target);
        const QString oldRow = m_rowAttribute->currentText(), oldColumn = m_columnAttribute->currentText(),
                      oldTarget = m_target->currentText();
        for (QComboBox* c : {m_rowAttribute, m_columnAttribute, m_target}) c->clear();
        if (run) {
            for (const auto& name : sharedColumns(*run))
                for (QComboBox* c : {m_rowAttribute, m_columnAttribute}) c->addItem(QString::fromStdString(name));
            for (const auto& name : run->input.columnNames()) m_target->addItem(QString::fromStdString(name));
            // First time: the first two quasi-identifiers.
            const auto& qis = run->result.quasiIdentifiers;
            const QString first = qis.empty() ? QString() : QString::fromStdString(qis.front());
            const QString second = qis.size() < 2 ? first : QString::fromStdString(qis[1]);
            const int row = m_rowAttribute->findText(oldRow.isEmpty() ? first : oldRow);
            m_rowAttribute->setCurrentIndex(std::max(0, row));
            const int column = m_columnAttribute->findText(oldColumn.isEmpty() ? second : oldColumn);
            m_columnAttribute->setCurrentIndex(column >= 0 ? column : std::min(1, m_columnAttribute->count() - 1));
            const int target = m_target->findText(oldTarget);
            m_target->setCurrentIndex(target >= 0 ? target : m_target->findText(defaultTarget(*run)));
        }
    }
    m_summaryDirty = m_accuracyDirty = true;
    if (isVisible() || !run) refresh();  // without a run there is nothing to compute: clear at once
    updateStatus();
}

void UtilityPage::showEvent(QShowEvent* event) {
    QWidget::showEvent(event);
    if (m_summaryDirty) refreshSummary();
    if (m_accuracyDirty) refreshAccuracy();
}

void UtilityPage::refresh() {
    refreshSummary();
    refreshAccuracy();
}

void UtilityPage::refreshSummary() {
    m_summaryDirty = false;
    m_error.clear();
    const auto run = m_state->runPtr();
    const std::string a = m_rowAttribute->currentText().toStdString(),
                      b = m_columnAttribute->currentText().toStdString();
    if (!run) {
        m_summaryJob->cancel();
        m_attributes.clear();
        m_distance.reset();
        m_before->setGrid({});
        m_after->setGrid({});
        showAttributes();
        return;
    }
    const QString rowName = m_rowAttribute->currentText(), columnName = m_columnAttribute->currentText();
    const QString pair = rowName + QStringLiteral(" × ") + columnName;
    const QString titleBefore = tr("Input: %1").arg(pair), titleAfter = tr("Released: %1").arg(pair);
    m_summaryJob->start(
        tr("Comparing the release with the input"),
        [this, run, a, b, rowName, columnName, titleBefore, titleAfter](const RunContext&) -> CoreJobOutcome {
            auto attributes = anonymity::attributeUtility(run->input, run->result.output, run->result.quasiIdentifiers,
                                                          releaseOptions());
            if (!attributes) return {attributes.status(), {}, {}};
            std::optional<double> distance;
            ContingencyGrid before, after;
            if (!a.empty() && !b.empty()) {
                const anonymity::ContingencyCaps caps{std::size_t(kMaxCategories), std::size_t(kMaxCategories)};
                auto c = anonymity::compareContingency(run->input, run->result.output, a, b, caps, releaseOptions());
                if (!c) return {c.status(), {}, {}};
                distance = c->distance;
                before =
                    ContingencyGrid::fromTable(c->before, titleBefore + pooledNote(c->before, rowName, columnName));
                after = ContingencyGrid::fromTable(c->after, titleAfter + pooledNote(c->after, rowName, columnName));
            }
            return {Status::ok(),
                    [this, found = std::move(*attributes), distance, before, after] {
                        m_attributes = found;
                        m_distance = distance;
                        m_before->setGrid(before);
                        m_after->setGrid(after);
                        showAttributes();
                        Q_EMIT refreshed();
                    },
                    {}};
        });
    updateStatus();
}

void UtilityPage::refreshAccuracy() {
    m_accuracyDirty = false;
    const auto run = m_state->runPtr();
    const std::string target = m_target->currentText().toStdString();
    m_accuracy[0].reset();
    m_accuracy[1].reset();
    if (!run || target.empty()) {
        m_accuracyJob->cancel();
        showAccuracy();
        return;
    }
    std::vector<std::string> features;
    for (const auto& q : run->result.quasiIdentifiers)
        if (q != target) features.push_back(q);
    m_error.clear();
    m_progress->setValue(0);
    m_progress->show();
    m_accuracyJob->start(
        tr("Classification accuracy for %1").arg(m_target->currentText()),
        [this, run, features, target](const RunContext& ctx) -> CoreJobOutcome {
            std::optional<anonymity::ClassificationAccuracy> found[2];
            for (Classifier m : {Classifier::NaiveBayes, Classifier::LogisticRegression}) {
                // Naive Bayes takes a few percent of logistic regression's time.
                const double from = m == Classifier::NaiveBayes ? 0.0 : 0.05, to = from == 0.0 ? 0.05 : 1.0;
                FunctionProgressSink sink([&ctx, from, to](double fraction, std::string_view message) {
                    ctx.report(from + (to - from) * fraction, message);
                });
                const RunContext sub{&sink, ctx.cancel, nullptr};
                const anonymity::ClassificationRequest request{features, target, m, 10, releaseOptions()};
                auto acc = anonymity::classificationAccuracy(run->input, run->result.output, request, sub);
                if (!acc) return {acc.status(), {}, {}};
                found[int(m)] = *acc;
            }
            return {Status::ok(),
                    [this, nb = found[0], lr = found[1]] {
                        m_accuracy[0] = nb;
                        m_accuracy[1] = lr;
                        showAccuracy();
                        Q_EMIT refreshed();
                    },
                    {}};
        });
    showAccuracy();
    updateStatus();
}

// "38.4 ± 13.1 → 38.2 ± 12.0" (or "→ —" when the released values are not numbers), the ranges as tooltip.
QTableWidgetItem* UtilityPage::numbersItem(const anonymity::AttributeUtility& u) {
    // Four significant digits, whole numbers from 1000 on (no exponents for incomes and weights).
    auto number = [](double v) { return std::abs(v) >= 1000 ? QString::number(v, 'f', 0) : displayNumber(v, 4); };
    auto text = [&number](const std::optional<anonymity::NumericSummary>& s) {
        return s ? tr("%1 ± %2").arg(number(s->mean), number(s->stdDev)) : tr("—");
    };
    auto range = [&number](const std::optional<anonymity::NumericSummary>& s) {
        return s ? tr("%1 to %2 (%3 values)").arg(number(s->min), number(s->max)).arg(s->count) : tr("not numbers");
    };
    if (!u.numericBefore) return new QTableWidgetItem();
    auto* item = new QTableWidgetItem(tr("%1 → %2").arg(text(u.numericBefore), text(u.numericAfter)));
    item->setToolTip(tr("Input: %1\nReleased: %2").arg(range(u.numericBefore), range(u.numericAfter)));
    return item;
}

void UtilityPage::showAttributes() {
    const bool outdated = isOutdated();
    m_table->horizontalHeaderItem(DistinctAfter)
        ->setText(outdated ? tr("Distinct values\n(released, outdated)") : tr("Distinct values\n(released)"));
    m_table->setRowCount(int(m_attributes.size()));
    const double rows = m_state->run() ? double(m_state->run()->input.rowCount()) : 0.0;
    for (int r = 0; r < int(m_attributes.size()); ++r) {
        const anonymity::AttributeUtility& u = m_attributes[std::size_t(r)];
        auto* name = new QTableWidgetItem(QString::fromStdString(u.name));
        name->setToolTip(name->text());
        m_table->setItem(r, Name, name);
        m_table->setItem(r, DistinctBefore,
                         figureItem(QString::number(u.distinctBefore), qulonglong(u.distinctBefore)));
        m_table->setItem(r, DistinctAfter, figureItem(QString::number(u.distinctAfter), qulonglong(u.distinctAfter)));
        const double kept = rows > 0 ? 1.0 - double(u.suppressedAfter) / rows : 0.0;
        m_table->setItem(
            r, Kept,
            figureItem(displayPercent(kept, 1), kept,
                       tr("%1 of %2 values suppressed").arg(qulonglong(u.suppressedAfter)).arg(qulonglong(rows))));
        m_table->setItem(r, EntropyBefore, figureItem(QString::number(u.entropyBefore, 'f', 3), u.entropyBefore));
        m_table->setItem(r, EntropyAfter, figureItem(QString::number(u.entropyAfter, 'f', 3), u.entropyAfter));
        const bool defined = u.entropyBefore > 0;
        const double share = defined ? u.entropyAfter / u.entropyBefore : 0.0;
        m_table->setItem(
            r, EntropyKept,
            figureItem(defined ? displayPercent(share, 1) : tr("—"), defined ? QVariant(share) : QVariant()));
        auto* mode = new QTableWidgetItem(tr("%1 → %2").arg(
            QString::fromStdString(u.modeBefore), u.modeAfter.empty() ? tr("—") : QString::fromStdString(u.modeAfter)));
        mode->setToolTip(mode->text());
        m_table->setItem(r, Mode, mode);
        m_table->setItem(r, Numbers, numbersItem(u));
    }
    fitAttributeTable();
    m_distanceLabel->setText(
        m_distance ? tr("Total-variation distance between the two tables, the release read in the input's values: "
                        "<b>%1</b> (0: the same joint distribution, 1: nothing in common)%2")
                         .arg(QString::number(*m_distance, 'f', 3), outdated ? tr(" — outdated") : QString())
                   : QString());
}

void UtilityPage::showAccuracy() {
    const bool outdated = isOutdated();
    const QString target = m_target->currentText();
    m_accuracyBox->setTitle(target.isEmpty() ? tr("Classification accuracy (10-fold cross-validation)")
                                             : tr("Classification accuracy predicting %1 from the "
                                                  "quasi-identifiers (10-fold cross-validation, tested on the "
                                                  "input's records)")
                                                   .arg(target));
    m_accuracyTable->horizontalHeaderItem(TrainedOnRelease)
        ->setText(outdated ? tr("Trained on release (outdated)") : tr("Trained on release"));
    for (int m = 0; m < 2; ++m) {
        const auto& a = m_accuracy[m];
        const bool computing = !a && m_accuracyJob->isRunning();
        const QString none = computing ? tr("computing…") : tr("—");
        m_accuracyTable->setItem(m, TrainedOnInput,
                                 a ? figureItem(displayPercent(a->original, 1), a->original) : figureItem(none, {}));
        m_accuracyTable->setItem(m, TrainedOnRelease,
                                 a ? figureItem(displayPercent(a->released, 1), a->released) : figureItem(none, {}));
        m_accuracyTable->setItem(m, Majority,
                                 a ? figureItem(displayPercent(a->zeroR, 1), a->zeroR) : figureItem(none, {}));
    }
}

void UtilityPage::updateStatus() {
    QString text;
    bool warn = false;
    if (!m_error.isEmpty()) {
        text = m_error;
        warn = true;
    } else if (!m_state->run()) {
        text = tr("Run the anonymization to see what the release kept of the input.");
    } else if (isOutdated()) {
        text = m_failedSinceRun ? tr("These figures are outdated: the last run failed and they are an earlier run's.")
                                : tr("These figures are outdated: the settings changed since the run. Run again.");
        warn = true;
    } else if (isComputing()) {
        text = tr("Computing…");
    } else {
        text =
            tr("Input: the table the run read; released: its anonymized table, rows aligned (suppressed values "
               "as \"*\"). Hover a header for what a figure means.");
    }
    if (!isComputing()) showAccuracy();
    m_status->setText(text);
    m_status->setStyleSheet(warn ? QStringLiteral("color: #b41e1e;") : QString());
}

}  // namespace veil::ui
