#include "views/anonymization/anonymization_view.h"

#include "document/document.h"
#include "views/anonymization/algorithm_choice.h"
#include "views/anonymization/anonymization_job.h"
#include "views/anonymization/anonymization_release.h"
#include "views/anonymization/anonymization_state.h"
#include "views/anonymization/groups_page.h"
#include "views/anonymization/hierarchy_editor.h"
#include "views/anonymization/settings_json.h"
#include "document/project_recovery.h"
#include "views/anonymization/models_panel.h"
#include "views/anonymization/release_exporter.h"
#include "workbench/release_session.h"
#include "views/release/view_release.h"
#include "workbench/job_monitor.h"

#include "views/anonymization/lattice_page.h"
#include "views/anonymization/mondrian_page.h"
#include "views/anonymization/attacks_page.h"
#include "views/anonymization/risk_page.h"
#include "views/anonymization/utility_page.h"
#include "views/anonymization/compare_page.h"

#include <QFileDialog>
#include <QFileInfo>
#include <QHBoxLayout>
#include <QLabel>
#include <QPushButton>
#include <QScrollArea>
#include <QSplitter>
#include <QTabWidget>
#include <QVBoxLayout>

namespace veil::ui {

AnonymizationView::AnonymizationView(WorkbenchContext& context, QWidget* parent) : QWidget(parent), m_context(context) {
    setObjectName(QStringLiteral("anonymization-view"));
    m_state = new AnonymizationState(context.document ? context.document->undoStack() : nullptr, this);
    m_job = new AnonymizationJob(this);

    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    auto* bar = new QHBoxLayout;
    m_runButton = new QPushButton(tr("&Run anonymization"), this);
    m_runButton->setObjectName(QStringLiteral("anon-run"));
    m_runButton->setDefault(true);
    m_releaseButton = new QPushButton(tr("Re&lease…"), this);
    m_releaseButton->setObjectName(QStringLiteral("anon-release"));
    m_releaseTip =
        tr("Write the anonymized table as a release bundle (CSV, manifest, plan, report; folder "
           "or .zip) and record it in the privacy ledger (syntactic: ε = 0)");
    m_releaseButton->setToolTip(m_releaseTip);
    m_releaseButton->setEnabled(false);
    m_exportButton = new QPushButton(tr("&Export CSV…"), this);
    m_exportButton->setObjectName(QStringLiteral("anon-export"));
    m_exportButton->setToolTip(tr("Only the anonymized CSV and a manifest beside it (not recorded in the ledger)"));
    m_exportButton->setEnabled(false);
    m_status = new QLabel(tr("Mark quasi-identifiers in the Data tab, give each a hierarchy, then run."), this);
    m_status->setObjectName(QStringLiteral("anon-status"));
    m_status->setWordWrap(true);
    bar->addWidget(m_runButton);
    bar->addWidget(m_releaseButton);
    bar->addWidget(m_exportButton);
    bar->addWidget(m_status, 1);
    layout->addLayout(bar);

    m_tabs = new QTabWidget(this);
    m_tabs->setObjectName(QStringLiteral("anon-tabs"));
    auto* configure = new QSplitter(Qt::Horizontal, m_tabs);
    auto* modelsScroll = new QScrollArea(configure);
    modelsScroll->setWidgetResizable(true);
    modelsScroll->setFrameShape(QFrame::NoFrame);
    modelsScroll->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    m_models = new ModelsPanel(m_state, context.document, modelsScroll);
    modelsScroll->setWidget(m_models);
    modelsScroll->setMinimumWidth(340);
    m_hierarchies = new HierarchyEditor(m_state, context.document, configure);
    configure->addWidget(modelsScroll);
    configure->addWidget(m_hierarchies);
    configure->setStretchFactor(1, 1);
    configure->setSizes({380, 880});
    m_tabs->addTab(configure, tr("Configure"));
    m_groups = new GroupsPage(m_state, m_tabs);
    m_tabs->addTab(m_groups, tr("Groups"));
    m_lattice = new LatticePage(m_state, m_tabs);
    m_tabs->addTab(m_lattice, tr("Lattice"));
    connect(m_lattice, &LatticePage::nodeActivated, this, &AnonymizationView::applyTransformation);
    m_mondrian = new MondrianPage(m_state, m_tabs);
    m_tabs->addTab(m_mondrian, tr("Mondrian cuts"));
    m_risk = new RiskPage(m_state, context.document, context.jobs, m_tabs);
    m_tabs->addTab(m_risk, tr("Risk"));
    m_attacks = new AttacksPage(m_state, m_tabs);
    m_tabs->addTab(m_attacks, tr("Attacks"));
    connect(m_attacks, &AttacksPage::runRequested, this, &AnonymizationView::run);
    m_utility = new UtilityPage(m_state, context.jobs, m_tabs);
    m_tabs->addTab(m_utility, tr("Utility"));
    m_compare = new ComparePage(m_state, m_tabs);
    m_tabs->addTab(m_compare, tr("Compare"));
    layout->addWidget(m_tabs, 1);

    connect(m_runButton, &QPushButton::clicked, this, &AnonymizationView::run);
    connect(m_exportButton, &QPushButton::clicked, this, [this] {
        const QString base =
            m_context.document ? QFileInfo(m_context.document->filePath()).completeBaseName() : QString();
        const QString path = QFileDialog::getSaveFileName(this, tr("Export release"),
                                                          base + QStringLiteral("_anonymized.csv"), tr("CSV (*.csv)"));
        if (!path.isEmpty()) exportRelease(path);
    });
    connect(m_job, &AnonymizationJob::progressChanged, this, [this](double fraction, const QString& message) {
        if (m_context.jobs) m_context.jobs->progress(fraction, message);
    });
    connect(m_job, &AnonymizationJob::succeeded, this, &AnonymizationView::onSucceeded);
    connect(m_job, &AnonymizationJob::cancelled, this, [this] {
        setStatus(tr("Run cancelled; the previous result is kept."), false);
        if (m_context.jobs) m_context.jobs->end(tr("Anonymization cancelled"));
    });
    connect(m_job, &AnonymizationJob::finished, this, [this] { m_runButton->setEnabled(true); });
    connect(m_releaseButton, &QPushButton::clicked, this, &AnonymizationView::releaseInteractive);
    connectResultState();
    if (context.document)
        connect(context.document, &Document::tableReset, this, [this] {
            // Another dataset: its undo history was cleared, so are the hierarchies and the result
            // of the previous one (the privacy models stay).
            m_job->cancel();
            AnonymizationSettings settings = m_state->settings();
            settings.hierarchies.clear();
            settings.hierarchySources.clear();
            m_state->setSettings(settings);
            m_state->setRun(nullptr);
            setStatus(tr("Mark quasi-identifiers in the Data tab, give each a hierarchy, then run."), false);
        });
    // The settings and hierarchies are part of the project's recovery snapshot; restoring them is
    // one undoable step (the restored project is unsaved until saved again).
    if (context.recovery)
        context.recovery->addSection(
            QStringLiteral("anonymization"), [this] { return settingsToJson(m_state->settings()); },
            [this](const nlohmann::json& json) { m_state->edit(settingsFromJson(json), tr("Restore settings")); });
}

// The result shown is tied to the settings it was computed from (their version) and is outdated
// when they changed or a later run failed; Export and Release follow (updateActions).
void AnonymizationView::connectResultState() {
    connect(m_job, &AnonymizationJob::failed, this, [this](const QString& message) {
        QString text = tr("Anonymization failed: %1").arg(message);
        if (m_state->run()) {
            m_failedSinceRun = true;  // what is shown is an earlier run's result, not this one's
            m_utility->runFailed();
            text += tr(" — the result shown is from an earlier run: Export and Release are disabled.");
        }
        setStatus(text, true);
        updateActions();
        if (m_context.jobs) m_context.jobs->end(tr("Anonymization failed"));
    });
    connect(m_state, &AnonymizationState::runChanged, this, [this] {
        m_failedSinceRun = false;
        m_releasedEntry.reset();  // a new result is a new release
        updateActions();
    });
    connect(m_state, &AnonymizationState::settingsChanged, this, [this] { updateActions(); });
}

AnonymizationView::~AnonymizationView() = default;

void AnonymizationView::run() {
    if (!m_context.document || m_context.document->isEmpty()) {
        setStatus(tr("Open a table first."), true);
        return;
    }
    const Table& table = m_context.document->table();
    auto config = m_state->settings().toConfig(table);
    if (config.quasiIdentifiers.empty()) {
        setStatus(tr("No quasi-identifiers: mark them from the column headers in the Data tab."), true);
        return;
    }
    start(table, m_context.document->filePath(), config,
          tr("Anonymizing (%1)").arg(QString::fromStdString(config.models.describe())), m_state->settingsVersion());
}

void AnonymizationView::applyTransformation(const std::vector<int>& levels) {
    const auto run = m_state->runPtr();
    if (!run || run->result.algorithm != anonymity::Algorithm::Optimal) return;
    auto config = run->config;
    config.transformation = levels;
    // The same settings as the run it comes from: if they changed since, this result is outdated too.
    start(run->input, run->inputPath, config,
          tr("Applying transformation %1").arg(QString::fromStdString(anonymity::formatLevels(levels))), m_runVersion);
}

void AnonymizationView::start(const Table& table, const QString& path, const anonymity::AnonymizationConfig& config,
                              const QString& label, std::uint64_t settingsVersion) {
    m_pendingVersion = settingsVersion;
    m_runButton->setEnabled(false);
    setStatus(label + QStringLiteral("…"), false);
    if (m_context.jobs) m_context.jobs->begin(label, [this] { m_job->cancel(); });
    m_job->start(table, path, config);
}

void AnonymizationView::onSucceeded(std::shared_ptr<const AnonymizationRun> run) {
    const auto& r = run->result;
    QString text = tr("%1 equivalence classes, smallest %2, %3 records suppressed")
                       .arg(r.classes.classCount())
                       .arg(r.classes.minKeptClassSize())
                       .arg(r.suppressed);
    if (r.localSuppression) text += tr(", %1 cells suppressed locally").arg(r.localSuppression->suppressedCells);
    text += tr(" — %1 (%2 s)").arg(algorithmTitle(r.algorithm)).arg(r.seconds, 0, 'f', 2);
    setStatus(r.found ? text : tr("%1 — %2").arg(QString::fromStdString(r.message), text), !r.found);
    if (m_context.jobs) m_context.jobs->end(tr("Anonymization done: %1").arg(text));
    m_runVersion = m_pendingVersion;
    m_state->setRun(std::move(run), m_runVersion);
}

QString AnonymizationView::unusableReason() const {
    const AnonymizationRun* run = m_state->run();
    if (!run) return tr("Nothing to release: run the anonymization first.");
    if (!run->result.found)
        return !run->config.transformation
                   ? tr("Nothing to release: no transformation satisfies the privacy models.")
                   : tr("Nothing to release: the transformation shown does not satisfy the privacy models.");
    if (m_failedSinceRun || m_runVersion != m_state->settingsVersion())
        return tr(
            "Nothing to release: the result shown is outdated (the settings changed or the last run "
            "failed); run again first.");
    return {};
}

void AnonymizationView::updateActions() {
    const QString why = unusableReason();
    m_exportButton->setEnabled(why.isEmpty());
    m_releaseButton->setEnabled(why.isEmpty());
    m_exportButton->setToolTip(why.isEmpty() ? tr("Only the anonymized CSV and a manifest beside it (not recorded "
                                                  "in the ledger)")
                                             : why);
    m_releaseButton->setToolTip(why.isEmpty() ? m_releaseTip : why);
}

bool AnonymizationView::exportRelease(const QString& csvPath) {
    const auto run = m_state->runPtr();
    if (const QString why = unusableReason(); !why.isEmpty()) {
        setStatus(why, true);
        return false;
    }
    const Status status = writeRelease(*run, m_state->settings(), csvPath);
    if (!status.isOk()) {
        setStatus(tr("Export failed: %1").arg(QString::fromStdString(status.message())), true);
        return false;
    }
    setStatus(tr("Release written to %1 with its manifest").arg(csvPath), false);
    return true;
}

void AnonymizationView::releaseInteractive() {
    const auto run = m_state->runPtr();
    if (!run) return;
    const QString base = QFileInfo(run->inputPath).completeBaseName();
    const QString target = askReleaseTarget(this, (base.isEmpty() ? QStringLiteral("untitled") : base) +
                                                      QStringLiteral("-k%1-release").arg(run->config.models.k));
    if (!target.isEmpty()) releaseTo(target);
}

bool AnonymizationView::releaseTo(const QString& target) {
    const auto run = m_state->runPtr();
    if (const QString why = unusableReason(); !why.isEmpty()) {
        setStatus(why, true);
        return false;
    }
    if (!m_context.release) {
        setStatus(tr("Release not made: no release session."), true);
        return false;
    }
    const release::ReleaseOutcome outcome = anonymizationReleaseOutcome(*run);
    // A result is one release: bundling it again names the same ledger entry.
    auto bundle = writeViewRelease(outcome, target, *m_context.release, m_releasedEntry);
    setStatus(releaseMessage(bundle, false), !bundle);
    if (!bundle) return false;
    m_releasedEntry = bundle->ledgerEntry;
    return true;
}

void AnonymizationView::setStatus(const QString& text, bool error) {
    m_status->setText(text);
    m_status->setStyleSheet(error ? QStringLiteral("color: #b41e1e;") : QString());
}

}  // namespace veil::ui
