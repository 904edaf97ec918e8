#include "views/mechanisms/mechanisms_view.h"

#include "dialogs/help_topics.h"
#include "document/document.h"
#include "jobs/core_job.h"
#include "charts/mechanisms/noise_chart_builder.h"
#include "panels/dp_parameters.h"
#include "views/mechanisms/mechanism_release.h"
#include "views/mechanisms/mechanism_form.h"
#include "views/mechanisms/mechanism_result_panel.h"
#include "views/mechanisms/randomized_response_panel.h"
#include "views/release/view_release.h"
#include "workbench/release_session.h"
#include "workbench/workbench_context.h"

#include <QChartView>
#include <QGraphicsLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QPushButton>
#include <QScrollArea>
#include <QSplitter>
#include <QVBoxLayout>

#include <cmath>
#include <memory>

namespace veil::ui {

namespace {

struct MechanismRun {
    dp::ColumnQueryResult release;
    dp::ColumnQueryResult repeated;  // teaching mode only (empty otherwise)
};

// One mechanism through the gate: a single release (charged in release mode); in teaching mode
// kRepeatedReleases more from the same teaching gate for the playground's histogram.
Result<MechanismRun> runMechanism(dp::ReleaseGate& gate, const Table& table, const std::string& column,
                                  dp::ColumnQuerySpec spec, const RunContext& ctx, double from, double to) {
    FunctionProgressSink sink([&](double f, std::string_view m) { ctx.report(from + f * (to - from) * 0.1, m); });
    RunContext local{&sink, ctx.cancel, nullptr};
    spec.trials = 1;
    auto release = dp::releaseColumnQuery(gate, table, column, spec, local);
    if (!release) return release.status();
    MechanismRun run{std::move(*release), {}};
    if (!gate.isTeaching()) return run;
    FunctionProgressSink sink2(
        [&](double f, std::string_view m) { ctx.report(from + (0.1 + 0.9 * f) * (to - from), m); });
    local.progress = &sink2;
    spec.trials = MechanismsView::kRepeatedReleases;
    auto repeated = dp::releaseColumnQuery(gate, table, column, spec, local);
    if (!repeated) return repeated.status();
    run.repeated = std::move(*repeated);
    return run;
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
    m_release = new QPushButton(tr("Release…"), this);
    m_release->setObjectName(QStringLiteral("release-bundle"));
    m_release->setToolTip(
        tr("Write the answer shown as a release bundle (JSON, manifest, report; folder or .zip). It was "
           "charged when it was computed: the bundle names that ledger entry and spends nothing again"));
    m_release->setEnabled(false);
    m_status = new QLabel(this);
    m_status->setObjectName(QStringLiteral("status"));
    m_status->setWordWrap(true);
    m_rr = new RandomizedResponsePanel(m_params, context.jobs, context.release, this);

    auto* buttons = new QHBoxLayout;
    buttons->addWidget(m_run);
    buttons->addWidget(cancel);
    buttons->addWidget(m_release);
    auto* settings = new QGroupBox(tr("Query and mechanism"), this);
    auto* settingsLayout = new QVBoxLayout(settings);
    settingsLayout->addWidget(m_form);
    settingsLayout->addLayout(buttons);
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
    connect(m_release, &QPushButton::clicked, this, &MechanismsView::releaseBundle);
    // A refusal (budget exceeded, bad parameters) shows nothing new: the previous answers stay
    // for reference but are marked outdated and can no longer be bundled, and the reason is said.
    connect(m_job, &CoreJob::failed, this, [this](const QString& m) {
        markOutdated(tr("the last run was not released (%1)").arg(m));
        setStatus(tr("Not released: %1").arg(m), true);
    });
    connect(m_job, &CoreJob::cancelled, this, [this] { setStatus(tr("Cancelled — the previous result is kept.")); });
    connect(m_job, &CoreJob::finished, this, [this] { m_run->setEnabled(true); });
    connect(m_params, &DpParameters::changed, this, &MechanismsView::onParameterChanged);
    if (context.release) {
        connect(context.release, &ReleaseSession::teachingChanged, this, &MechanismsView::onTeachingChanged);
        onTeachingChanged(context.release->isTeaching());
    }
    if (context.document) {
        connect(context.document, &Document::tableReset, this, &MechanismsView::onTableReset);
        onTableReset();
    }
}

MechanismsView::~MechanismsView() = default;

void MechanismsView::onTableReset() {
    m_form->setTable(m_context.document->table());
    m_rr->setTable(m_context.document->table(), datasetKeyForPath(m_context.document->filePath()));
    m_panelA->clear();
    m_panelB->clear();
    m_release->setEnabled(false);
}

// Results of the other mode are not kept: a teaching answer is never offered for release, and a
// private one is not shown beside truths.
void MechanismsView::onTeachingChanged(bool teaching) {
    m_form->setTeaching(teaching);
    m_panelA->clear();
    m_panelB->clear();
    m_release->setEnabled(false);
    m_panelA->setShowTrue(teaching && m_params->flag(QStringLiteral("show-true")));
    m_panelB->setShowTrue(teaching && m_params->flag(QStringLiteral("show-true")));
}

void MechanismsView::markOutdated(const QString& reason) {
    m_panelA->markOutdated(reason);
    m_panelB->markOutdated(reason);
    m_release->setEnabled(false);
}

void MechanismsView::onParameterChanged(const QString& key) {
    const bool teaching = m_context.release && m_context.release->isTeaching();
    // Every setting but "show true value" is an input of the answers shown.
    if (key != QLatin1String("show-true")) markOutdated(tr("the settings changed since it was computed"));
    if (key == QLatin1String("show-true")) {
        m_panelA->setShowTrue(teaching && m_params->flag(key));
        m_panelB->setShowTrue(teaching && m_params->flag(key));
    } else if (key == QLatin1String("compare")) {
        m_panelB->setVisible(m_params->text(key) != QLatin1String("none"));
    } else if (key == QLatin1String("mechanism")) {
        setProperty("helpPage", helpPageForMethod(m_params->text(key)));  // F1: the chosen mechanism's page
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
    if (!m_context.release) {
        setStatus(tr("No release session: nothing can be released."), true);
        return;
    }
    if (!m_context.release->isTeaching())
        if (const QString refusal = m_form->domainRefusal(); !refusal.isEmpty()) {
            setStatus(tr("Not released: %1").arg(refusal), true);
            return;
        }
    const Table table = m_context.document->table();
    const std::string column = m_params->text(QStringLiteral("column")).toStdString();
    const dp::ColumnQuerySpec specA = m_form->specFor(m_params->text(QStringLiteral("mechanism")));
    const QString compare = m_params->text(QStringLiteral("compare"));
    std::optional<dp::ColumnQuerySpec> specB;
    if (compare != QLatin1String("none")) specB = m_form->specFor(compare, true);
    const bool seeded = m_params->flag(QStringLiteral("seeded"));
    const auto seed =
        seeded ? std::optional<std::uint64_t>(std::uint64_t(m_params->integer(QStringLiteral("seed")))) : std::nullopt;
    auto gate = m_context.release->makeGate(datasetKeyForPath(m_context.document->filePath()), seed);
    if (!gate) {
        setStatus(tr("Not released: %1").arg(QString::fromStdString(gate.status().message())), true);
        return;
    }
    m_run->setEnabled(false);
    setStatus(tr("Running…"));
    m_job->start(tr("Releasing %1 of %2").arg(m_params->text(QStringLiteral("query")), QString::fromStdString(column)),
                 [this, table, column, specA, specB, seed, gate = *gate](const RunContext& ctx) -> CoreJobOutcome {
                     ctx.report(0.0, "releasing");
                     // Each side of a comparison is a release of its own, charged before it is drawn.
                     auto a = runMechanism(*gate, table, column, specA, ctx, 0.0, specB ? 0.5 : 1.0);
                     if (!a) return {a.status(), {}, {}};
                     std::optional<MechanismRun> b;
                     QString bRefused;
                     if (specB) {
                         // A was charged and drawn: if B is refused (e.g. the budget ran out), A is
                         // still shown (it was paid for) and B's refusal is said.
                         auto rb = runMechanism(*gate, table, column, *specB, ctx, 0.5, 1.0);
                         if (rb)
                             b = std::move(*rb);
                         else if (rb.status().code() == StatusCode::Cancelled)
                             return {rb.status(), {}, {}};
                         else
                             bRefused = QString::fromStdString(rb.status().message());
                     }
                     ctx.report(1.0, "done");
                     const dp::PrivacySpend spent = gate->session().spent();
                     const bool teaching = gate->isTeaching();
                     auto shared = std::make_shared<std::pair<MechanismRun, std::optional<MechanismRun>>>(std::move(*a),
                                                                                                          std::move(b));
                     QString message = teaching ? tr("Teaching mode: not private, nothing charged")
                                                : tr("Released, spent ε = %1").arg(spent.epsilon, 0, 'g', 4);
                     if (!bRefused.isEmpty())
                         message = teaching ? tr("Teaching mode: the second mechanism was refused")
                                            : tr("Released the first mechanism only (spent ε = %1); the second "
                                                 "was refused")
                                                  .arg(spent.epsilon, 0, 'g', 4);
                     return {Status::ok(),
                             [this, shared, teaching, message, bRefused, seed] {
                                 m_shownSeed = seed;
                                 const bool showTrue = teaching && m_params->flag(QStringLiteral("show-true"));
                                 m_panelA->setShowTrue(showTrue);
                                 m_panelB->setShowTrue(showTrue);
                                 m_panelA->showResult(shared->first.release, shared->first.repeated);
                                 if (shared->second)
                                     m_panelB->showResult(shared->second->release, shared->second->repeated);
                                 else
                                     m_panelB->clear();
                                 m_release->setEnabled(!teaching);
                                 const auto& receipt = shared->first.release.receipt;
                                 QString text = QString::fromStdString(dp::receiptLine(receipt));
                                 if (shared->second)
                                     text += QStringLiteral("; ") +
                                             QString::fromStdString(dp::receiptLine(shared->second->release.receipt));
                                 if (!bRefused.isEmpty())
                                     text += tr("; the second mechanism was not released: %1").arg(bRefused);
                                 setStatus(text, !bRefused.isEmpty());
                                 Q_EMIT resultsShown();
                             },
                             message};
                 });
}

bool MechanismsView::releaseBundle() {
    const auto& r = m_panelA->release();
    if (!r) return false;
    const QString name =
        QStringLiteral("%1-%2-release")
            .arg(QString::fromStdString(dp::queryKindName(r->query)), QString::fromStdString(r->column));
    const QString target = askReleaseTarget(this, name);
    return !target.isEmpty() && releaseTo(target);
}

bool MechanismsView::releaseTo(const QString& target) {
    const auto& r = m_panelA->release();
    if (!r || !m_context.release) {
        setStatus(tr("Nothing to release: run a release first."), true);
        return false;
    }
    if (m_panelA->isOutdated()) {
        setStatus(tr("Not bundled: the answer shown is outdated (its settings changed or the last run failed); "
                     "run again first."),
                  true);
        return false;
    }
    release::ReleaseOutcome outcome = mechanismOutcome(*r, m_shownSeed);
    describeInput(outcome, m_context.document->filePath(), datasetKeyForPath(m_context.document->filePath()));
    if (r->noise.kind != dp::NoiseKind::None && std::isfinite(r->noise.scale)) {
        // The view's noise chart, centred on 0 (never on the true value).
        QChartView noise(NoiseChartBuilder::build(r->noise, 0.0, tr("Noise distribution (centred on 0)")));
        noise.setRenderHint(QPainter::Antialiasing);
        noise.resize(640, 360);
        noise.setAttribute(Qt::WA_DontShowOnScreen);  // laid out at its size, never on screen
        noise.show();
        noise.chart()->layout()->activate();
        outcome.figures.push_back(
            {"The noise added: its distribution, centred on 0",
             pictureSvg(noise.size(), tr("Noise distribution"), [&noise](QPainter& p) { noise.render(&p); })});
    }
    auto bundle = writeViewRelease(outcome, target, *m_context.release);
    setStatus(releaseMessage(bundle, r->seeded), !bundle);
    if (!bundle) return false;
    m_lastBundle = QString::fromStdString(bundle->dir);
    return true;
}

}  // namespace veil::ui
