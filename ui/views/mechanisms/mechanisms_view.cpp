#include "views/mechanisms/mechanisms_view.h"

#include "document/document.h"
#include "jobs/core_job.h"
#include "charts/mechanisms/noise_chart_builder.h"
#include "views/mechanisms/dp_parameters.h"
#include "views/mechanisms/ledger_session.h"
#include "views/mechanisms/mechanism_release.h"
#include "views/mechanisms/mechanism_form.h"
#include "views/mechanisms/mechanism_result_panel.h"
#include "views/mechanisms/randomized_response_panel.h"
#include "views/release/view_release.h"
#include "workbench/workbench_context.h"

#include "veil/common/random.h"

#include <QChartView>
#include <QCheckBox>
#include <QGraphicsLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QPushButton>
#include <QScrollArea>
#include <QSplitter>
#include <QVBoxLayout>

#include <memory>

namespace veil::ui {

namespace {

struct MechanismRun {
    dp::ColumnQueryResult release;
    dp::ColumnQueryResult repeated;
};

// One mechanism: a single release, then kRepeatedReleases more from the same random stream.
Result<MechanismRun> runMechanism(const Table& table, const std::string& column, dp::ColumnQuerySpec spec, bool seeded,
                                  std::uint64_t seed, const RunContext& ctx, double from, double to) {
    std::unique_ptr<RandomSource> rng;
    if (seeded)
        rng = std::make_unique<SeededRandom>(seed);
    else
        rng = std::make_unique<SecureRandom>();
    FunctionProgressSink sink([&](double f, std::string_view m) { ctx.report(from + f * (to - from) * 0.1, m); });
    RunContext local{&sink, ctx.cancel, rng.get()};
    spec.trials = 1;
    auto release = dp::runColumnQuery(table, column, spec, local);
    if (!release) return release.status();
    FunctionProgressSink sink2([&](double f, std::string_view m) { ctx.report(from + (0.1 + 0.9 * f) * (to - from), m); });
    local.progress = &sink2;
    spec.trials = MechanismsView::kRepeatedReleases;
    auto repeated = dp::runColumnQuery(table, column, spec, local);
    if (!repeated) return repeated.status();
    return MechanismRun{std::move(*release), std::move(*repeated)};
}

}  // namespace

MechanismsView::MechanismsView(WorkbenchContext& context, QWidget* parent)
    : QWidget(parent), m_context(context), m_params(new DpParameters(this)) {
    setObjectName(QStringLiteral("mechanisms-view"));
    m_form = new MechanismForm(m_params, context.document ? context.document->undoStack() : nullptr, this);
    m_run = new QPushButton(tr("Run"), this);
    m_run->setObjectName(QStringLiteral("run"));
    m_run->setDefault(true);
    auto* cancel = new QPushButton(tr("Cancel"), this);
    cancel->setObjectName(QStringLiteral("cancel"));
    m_record = new QPushButton(tr("Record release in ledger"), this);
    m_record->setObjectName(QStringLiteral("record"));
    m_record->setToolTip(tr("Spend ε (and δ) of this dataset's budget on the answer shown (secure source only)"));
    m_record->setEnabled(false);
    m_release = new QPushButton(tr("Release…"), this);
    m_release->setObjectName(QStringLiteral("release-bundle"));
    m_release->setToolTip(tr("Write the answer shown as a release bundle (JSON, manifest, report; folder or .zip) and "
                             "record it in the ledger, once"));
    m_release->setEnabled(false);
    m_recordFirst = new QCheckBox(tr("Record before showing (real release)"), this);
    m_recordFirst->setObjectName(QStringLiteral("record-first"));
    m_recordFirst->setToolTip(tr("Each secure release is written to the ledger first and shown only if the budget allows it"));
    m_status = new QLabel(this);
    m_status->setObjectName(QStringLiteral("status"));
    m_status->setWordWrap(true);
    m_rr = new RandomizedResponsePanel(m_params, context.jobs, this);

    auto* buttons = new QHBoxLayout;
    buttons->addWidget(m_run);
    buttons->addWidget(cancel);
    auto* settings = new QGroupBox(tr("Query and mechanism"), this);
    auto* settingsLayout = new QVBoxLayout(settings);
    settingsLayout->addWidget(m_form);
    settingsLayout->addLayout(buttons);
    auto* releaseRow = new QHBoxLayout;
    releaseRow->addWidget(m_record);
    releaseRow->addWidget(m_release);
    settingsLayout->addLayout(releaseRow);
    settingsLayout->addWidget(m_recordFirst);
    settingsLayout->addWidget(m_status);
    auto* left = new QWidget(this);
    auto* leftLayout = new QVBoxLayout(left);
    leftLayout->addWidget(settings);
    leftLayout->addWidget(m_rr);
    leftLayout->addStretch(1);
    auto* scroll = new QScrollArea(this);
    scroll->setWidget(left);
    scroll->setWidgetResizable(true);
    scroll->setMinimumWidth(380);

    m_panelA = new MechanismResultPanel(QStringLiteral("mechanism-a"), this);
    m_panelA->setObjectName(QStringLiteral("panel-a"));
    m_panelB = new MechanismResultPanel(QStringLiteral("mechanism-b"), this);
    m_panelB->setObjectName(QStringLiteral("panel-b"));
    m_panelB->setVisible(false);
    auto* splitter = new QSplitter(Qt::Horizontal, this);
    splitter->addWidget(scroll);
    splitter->addWidget(m_panelA);
    splitter->addWidget(m_panelB);
    splitter->setStretchFactor(1, 1);
    splitter->setStretchFactor(2, 1);
    auto* layout = new QHBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(splitter);

    m_job = new CoreJob(context.jobs, this);
    connect(m_run, &QPushButton::clicked, this, &MechanismsView::run);
    connect(cancel, &QPushButton::clicked, m_job, &CoreJob::cancel);
    connect(m_record, &QPushButton::clicked, this, &MechanismsView::recordRelease);
    connect(m_release, &QPushButton::clicked, this, &MechanismsView::releaseBundle);
    connect(m_job, &CoreJob::failed, this, [this](const QString& m) { setStatus(m, true); });
    connect(m_job, &CoreJob::cancelled, this, [this] { setStatus(tr("Cancelled — the previous result is kept.")); });
    connect(m_job, &CoreJob::finished, this, [this] { m_run->setEnabled(true); });
    connect(m_params, &DpParameters::changed, this, &MechanismsView::onParameterChanged);
    if (context.document) {
        connect(context.document, &Document::tableReset, this, &MechanismsView::onTableReset);
        onTableReset();
    }
}

MechanismsView::~MechanismsView() = default;

void MechanismsView::onTableReset() {
    m_form->setTable(m_context.document->table());
    m_rr->setTable(m_context.document->table());
    m_panelA->clear();
    m_panelB->clear();
    m_record->setEnabled(false);
    m_release->setEnabled(false);
}

void MechanismsView::onParameterChanged(const QString& key) {
    if (key == QLatin1String("show-true")) {
        m_panelA->setShowTrue(m_params->flag(key));
        m_panelB->setShowTrue(m_params->flag(key));
    } else if (key == QLatin1String("compare")) {
        m_panelB->setVisible(m_params->text(key) != QLatin1String("none"));
    }
}

void MechanismsView::setStatus(const QString& text, bool error) {
    m_status->setText(text);
    m_status->setStyleSheet(error ? QStringLiteral("color: #b00020; font-weight: bold") : QString());
}

void MechanismsView::run() {
    if (!m_context.document || m_context.document->isEmpty()) {
        setStatus(tr("Open a table first (File > Open)."), true);
        return;
    }
    const Table table = m_context.document->table();
    const std::string column = m_params->text(QStringLiteral("column")).toStdString();
    const dp::ColumnQuerySpec specA = m_form->specFor(m_params->text(QStringLiteral("mechanism")));
    const QString compare = m_params->text(QStringLiteral("compare"));
    std::optional<dp::ColumnQuerySpec> specB;
    if (compare != QLatin1String("none")) specB = m_form->specFor(compare);
    const bool seeded = m_params->flag(QStringLiteral("seeded"));
    const auto seed = std::uint64_t(m_params->integer(QStringLiteral("seed")));
    m_run->setEnabled(false);
    setStatus(tr("Running…"));
    m_job->start(tr("Releasing %1 of %2").arg(m_params->text(QStringLiteral("query")), QString::fromStdString(column)),
                 [this, table, column, specA, specB, seeded, seed](const RunContext& ctx) -> CoreJobOutcome {
                     ctx.report(0.0, "releasing");
                     auto a = runMechanism(table, column, specA, seeded, seed, ctx, 0.0, specB ? 0.5 : 1.0);
                     if (!a) return {a.status(), {}, {}};
                     std::optional<MechanismRun> b;
                     if (specB) {
                         auto rb = runMechanism(table, column, *specB, seeded, seed, ctx, 0.5, 1.0);
                         if (!rb) return {rb.status(), {}, {}};
                         b = std::move(*rb);
                     }
                     ctx.report(1.0, "done");
                     auto shared = std::make_shared<std::pair<MechanismRun, std::optional<MechanismRun>>>(std::move(*a), std::move(b));
                     return {Status::ok(), [this, shared, seed] {
                                 const bool seededRun = shared->first.release.seeded;
                                 const auto shownEntry = m_recordedEntry;  // of the answer still shown
                                 m_recordedEntry.reset();
                                 if (m_recordFirst->isChecked() && !seededRun && !record(shared->first.release)) {
                                     m_recordedEntry = shownEntry;
                                     return;  // refused: the answer stays hidden
                                 }
                                 m_panelA->setShowTrue(m_params->flag(QStringLiteral("show-true")));
                                 m_panelB->setShowTrue(m_params->flag(QStringLiteral("show-true")));
                                 // A real release shows one answer: the 1,000 draws (which would
                                 // reveal far more than epsilon) are for the playground only.
                                 if (m_recordFirst->isChecked() && !seededRun) shared->first.repeated.releases.clear();
                                 m_panelA->showResult(shared->first.release, shared->first.repeated);
                                 if (shared->second) m_panelB->showResult(shared->second->release, shared->second->repeated);
                                 else m_panelB->clear();
                                 m_recorded = m_recordFirst->isChecked() && !seededRun;
                                 m_record->setEnabled(!seededRun && !m_recorded);
                                 m_release->setEnabled(true);
                                 m_runSeed = seededRun ? std::optional<std::uint64_t>(seed) : std::nullopt;
                                 if (!m_recorded)
                                     setStatus(seededRun ? tr("Seeded - not for release: a fixed seed makes the noise predictable.")
                                                         : tr("Secure noise. Record the release to spend the budget."));
                                 emit resultsShown();
                             },
                             tr("Released with ε = %1").arg(specA.epsilon)};
                 });
}

bool MechanismsView::recordRelease() {
    const auto& r = m_panelA->release();
    if (!r) {
        setStatus(tr("Nothing to record: run a release first."), true);
        return false;
    }
    if (r->seeded) {
        setStatus(tr("Refused: a seeded result is not a release (turn off Fixed seed and run again)."), true);
        return false;
    }
    if (m_recorded) {
        setStatus(tr("This release is already in the ledger."), true);
        return false;
    }
    if (!record(*r)) return false;
    m_recorded = true;
    m_record->setEnabled(false);
    return true;
}

bool MechanismsView::record(const dp::ColumnQueryResult& result) {
    const auto* r = &result;
    release::LedgerEntry e;
    e.dataset = datasetKeyForPath(m_context.document->filePath()).toStdString();
    e.release = std::string(dp::queryKindName(r->query)) + " of " + r->column;
    e.mechanism = dp::mechanismKindName(r->mechanism);
    e.neighbouring = dp::neighbouringName(r->neighbouring);
    e.epsilon = r->totalEpsilon;
    e.delta = r->totalDelta;
    e.details = {{"source", "mechanisms view"}, {"column", r->column}, {"query", dp::queryKindName(r->query)},
                 {"noise_scale", r->noiseScale}, {"seeded", false}};
    auto id = LedgerSession::shared()->record(e);
    if (!id) {
        setStatus(tr("Refused: %1").arg(QString::fromStdString(id.status().message())), true);
        return false;
    }
    m_recordedEntry = *id;
    setStatus(tr("Recorded as ledger entry %1 (ε = %2 on %3).")
                  .arg(*id)
                  .arg(e.epsilon, 0, 'g', 4)
                  .arg(QString::fromStdString(e.dataset)));
    return true;
}

bool MechanismsView::releaseBundle() {
    const auto& r = m_panelA->release();
    if (!r) return false;
    const QString name = QStringLiteral("%1-%2-release").arg(QString::fromStdString(dp::queryKindName(r->query)),
                                                            QString::fromStdString(r->column));
    const QString target = askReleaseTarget(this, name);
    return !target.isEmpty() && releaseTo(target);
}

bool MechanismsView::releaseTo(const QString& target) {
    const auto& r = m_panelA->release();
    if (!r) {
        setStatus(tr("Nothing to release: run a release first."), true);
        return false;
    }
    LedgerSession* session = LedgerSession::shared();
    if (Status s = session->ensureOpen(); !s.isOk()) {
        setStatus(tr("Release not made: %1").arg(QString::fromStdString(s.message())), true);
        return false;
    }
    release::ReleaseOutcome outcome = mechanismOutcome(*r, m_runSeed);
    describeInput(outcome, m_context.document->filePath(), datasetKeyForPath(m_context.document->filePath()));
    if (r->noise.kind != dp::NoiseKind::None) {
        // The view's noise chart, always centred on 0 here (the window may centre it on the true value).
        QChartView noise(NoiseChartBuilder::build(r->noise, 0.0, tr("Noise distribution (centred on 0)")));
        noise.setRenderHint(QPainter::Antialiasing);
        noise.resize(640, 360);
        noise.setAttribute(Qt::WA_DontShowOnScreen);  // laid out at its size, never on screen
        noise.show();
        noise.chart()->layout()->activate();
        outcome.figures.push_back({"The noise added: its distribution, centred on 0",
                                   pictureSvg(noise.size(), tr("Noise distribution"), [&noise](QPainter& p) { noise.render(&p); })});
    }
    // Spent once: an answer recorded before it was shown (or with Record) is bundled without a new charge.
    auto bundle = writeViewRelease(outcome, target, {session->ledger(), m_recorded ? m_recordedEntry : std::nullopt});
    session->notifyChanged();
    setStatus(releaseMessage(bundle, r->seeded), !bundle);
    if (!bundle) return false;
    m_lastBundle = QString::fromStdString(bundle->dir);
    m_recorded = true;
    m_recordedEntry = bundle->ledgerEntry;
    m_record->setEnabled(false);
    return true;
}

}  // namespace veil::ui
