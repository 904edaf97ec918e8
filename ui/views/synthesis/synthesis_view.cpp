#include "views/synthesis/synthesis_view.h"

#include "document/document.h"
#include "jobs/core_job.h"
#include "panels/privacy_value_edit.h"
#include "views/release/view_release.h"
#include "views/synthesis/domain_table.h"
#include "views/synthesis/synthesis_result.h"
#include "views/synthesis/synthesis_results.h"
#include "workbench/release_session.h"
#include "workbench/value_change_command.h"

#include "veil/eval/synth_evaluation.h"
#include "veil/release/release_runner.h"
#include "veil/synth/synthesizer.h"

#include <QCheckBox>
#include <QComboBox>
#include <QFileInfo>
#include <QFormLayout>
#include <QGroupBox>
#include <QLabel>
#include <QProgressBar>
#include <QPushButton>
#include <QScrollArea>
#include <QSignalBlocker>
#include <QSpinBox>
#include <QUndoStack>
#include <QSplitter>
#include <QVBoxLayout>

#include <algorithm>
#include <utility>

namespace veil::ui {

namespace {

// The run's work: one charged release, then (teaching mode only) the evaluation on the real data.
Result<std::shared_ptr<SynthesisResult>> synthesize(dp::ReleaseGate& gate, const Table& table,
                                                    std::shared_ptr<SynthesisResult> out, const RunContext& ctx) {
    const auto& sp = out->syntheticPlan;
    FunctionProgressSink first([&](double f, std::string_view m) { ctx.report(0.9 * f, m); });
    auto rel = synth::releaseSynthetic(gate, table, sp.domains, release::syntheticRequest(sp),
                                       RunContext{&first, ctx.cancel, nullptr});
    if (!rel) return rel.status();
    out->release = std::move(*rel);
    if (gate.isTeaching()) {
        ctx.report(0.9, "evaluating on the real data (teaching mode)");
        auto real = synth::discretize(table, sp.domains);
        if (!real) return real.status();
        auto e = eval::teachingSynthEvaluation(*real, out->release.codes);
        if (!e) return e.status();
        out->evaluation = std::move(*e);
        for (const auto& name : real->table.names) {
            if (real->table.names.size() < 2 || ctx.cancelled()) break;
            auto acc = eval::teachingSynthAccuracy(real->table, out->release.codes, {}, name);
            if (acc) out->accuracy.emplace(name, std::move(*acc));
        }
        out->real = std::move(real->table);
    }
    ctx.report(1.0, "done");
    return out;
}

}  // namespace

SynthesisView::SynthesisView(WorkbenchContext& context, QWidget* parent) : QWidget(parent), m_context(context) {
    setObjectName(QStringLiteral("synthesis-view"));
    m_job = new CoreJob(context.jobs, this);
    m_results = new SynthesisResults(this);  // before the controls: their signals mark it outdated
    m_results->setObjectName(QStringLiteral("synthesis-results"));
    auto* scroll = new QScrollArea(this);
    scroll->setWidget(buildControls());
    scroll->setWidgetResizable(true);
    scroll->setMinimumWidth(400);
    scroll->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    auto* main = new QSplitter(Qt::Horizontal, this);
    main->addWidget(scroll);
    main->addWidget(m_results);
    main->setStretchFactor(1, 1);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(main);

    connect(m_job, &CoreJob::progressChanged, this, [this](double f, const QString& m) {
        m_progress->setValue(int(f * 100.0));
        if (!m.isEmpty()) setStatus(m);
    });
    // A refusal or error: the result shown stays readable but is outdated (it is not what was asked).
    connect(m_job, &CoreJob::failed, this, [this](const QString& m) {
        m_results->markOutdated(tr("the last run failed"));
        m_release->setEnabled(false);
        setStatus(tr("Not released: %1").arg(m), true);
    });
    connect(m_job, &CoreJob::cancelled, this, [this] { setStatus(tr("Cancelled — the previous result is kept.")); });
    connect(m_job, &CoreJob::finished, this, [this] {
        m_run->setEnabled(true);
        m_cancel->setEnabled(false);
        m_progress->setVisible(false);
    });
    if (context.release)
        connect(context.release, &ReleaseSession::teachingChanged, this, &SynthesisView::onTeachingChanged);
    if (context.document) {
        connect(context.document, &Document::tableReset, this, &SynthesisView::onTableReset);
        onTableReset();
    }
}

QWidget* SynthesisView::buildControls() {
    auto* panel = new QWidget(this);
    auto* box = new QGroupBox(tr("Synthetic table"), panel);
    auto* form = new QFormLayout(box);
    m_domains = new DomainTable(box);
    m_domains->setObjectName(QStringLiteral("domains"));
    m_domains->setMinimumHeight(230);
    // The table scrolls sideways inside the panel rather than widening it past the window.
    m_domains->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Expanding);
    form->addRow(m_domains);
    auto* fill = new QPushButton(tr("Fill from data (not private)"), box);
    fill->setObjectName(QStringLiteral("fill-from-data"));
    fill->setToolTip(
        tr("Copies the data's range and values into the checked columns. They are read off the data: "
           "for teaching, or as a starting point to replace with public values."));
    form->addRow(fill);
    m_fromData = new QLabel(box);
    m_fromData->setObjectName(QStringLiteral("from-data-warning"));
    m_fromData->setWordWrap(true);
    m_fromData->setStyleSheet(QStringLiteral("color: #8a5300; font-weight: bold"));
    m_fromData->setVisible(false);
    form->addRow(m_fromData);
    m_method = new QComboBox(box);
    m_method->setObjectName(QStringLiteral("method"));
    for (const auto& m : synth::synthMethods()) {
        m_method->addItem(QString::fromStdString(m.name), QString::fromStdString(m.id));
        m_method->setItemData(m_method->count() - 1, QString::fromStdString(m.summary + " (" + m.citation + ")"),
                              Qt::ToolTipRole);
    }
    m_method->setCurrentIndex(m_method->findData(QStringLiteral("mst")));
    form->addRow(tr("Method"), m_method);
    m_epsilon = new PrivacyValueEdit(PrivacyValueEdit::Kind::Epsilon, box);
    m_epsilon->setObjectName(QStringLiteral("epsilon"));
    m_epsilon->setValue(1.0);
    form->addRow(tr("Epsilon ε"), m_epsilon);
    m_delta = new PrivacyValueEdit(PrivacyValueEdit::Kind::Delta, box);
    m_delta->setObjectName(QStringLiteral("delta"));
    m_delta->setValue(synth::kMstDefaultDelta);
    m_deltaLabel = new QLabel(tr("Delta δ"), box);
    form->addRow(m_deltaLabel, m_delta);
    m_rows = new QSpinBox(box);
    m_rows->setObjectName(QStringLiteral("rows"));
    m_rows->setRange(0, 10'000'000);
    m_rows->setSpecialValueText(tr("as many as the input"));
    m_rows->setKeyboardTracking(false);
    form->addRow(tr("Rows"), m_rows);
    m_seeded = new QCheckBox(tr("Fixed seed: for tests and demos, not private"), box);
    m_seeded->setObjectName(QStringLiteral("seeded"));
    m_seed = new QSpinBox(box);
    m_seed->setObjectName(QStringLiteral("seed"));
    m_seed->setRange(0, 1'000'000'000);
    m_seed->setValue(42);
    m_seed->setEnabled(false);
    form->addRow(m_seeded, m_seed);
    m_run = new QPushButton(tr("Run"), box);
    m_run->setObjectName(QStringLiteral("run"));
    m_cancel = new QPushButton(tr("Cancel"), box);
    m_cancel->setObjectName(QStringLiteral("cancel"));
    m_cancel->setEnabled(false);
    form->addRow(m_run, m_cancel);
    m_progress = new QProgressBar(box);
    m_progress->setObjectName(QStringLiteral("progress"));
    m_progress->setRange(0, 100);
    m_progress->setVisible(false);
    form->addRow(m_progress);
    m_release = new QPushButton(tr("Release…"), box);
    m_release->setObjectName(QStringLiteral("release"));
    m_release->setEnabled(false);
    m_release->setToolTip(tr("Writes the synthetic CSV, manifest and report as a bundle (charged once, at the run)"));
    form->addRow(m_release);
    m_status = new QLabel(box);
    m_status->setObjectName(QStringLiteral("status"));
    m_status->setWordWrap(true);
    form->addRow(m_status);
    auto* layout = new QVBoxLayout(panel);
    layout->addWidget(box);
    layout->addStretch(1);

    connect(fill, &QPushButton::clicked, this, [this] {
        if (m_context.document) m_domains->fillFromData(m_context.document->table());
    });
    connect(m_domains, &DomainTable::domainsEdited, this, &SynthesisView::onInputsChanged);
    connect(m_method, &QComboBox::currentIndexChanged, this, &SynthesisView::onMethodChanged);
    connect(m_epsilon, &PrivacyValueEdit::valueEdited, this, &SynthesisView::onInputsChanged);
    connect(m_delta, &PrivacyValueEdit::valueEdited, this, &SynthesisView::onInputsChanged);
    connect(m_rows, &QSpinBox::valueChanged, this, &SynthesisView::onInputsChanged);
    connect(m_seed, &QSpinBox::valueChanged, this, &SynthesisView::onInputsChanged);
    connect(m_seeded, &QCheckBox::toggled, this, [this](bool on) {
        m_seed->setEnabled(on);
        onInputsChanged();
    });
    connect(m_run, &QPushButton::clicked, this, &SynthesisView::run);
    connect(m_cancel, &QPushButton::clicked, m_job, &CoreJob::cancel);
    connect(m_release, &QPushButton::clicked, this, &SynthesisView::releaseBundle);
    onMethodChanged();
    return panel;
}

void SynthesisView::onMethodChanged() {
    auto info = synth::findSynthMethod(m_method->currentData().toString().toStdString());
    const bool zcdp = info && (*info)->zcdp;
    m_delta->setEnabled(zcdp);
    m_deltaLabel->setEnabled(zcdp);
    m_delta->setToolTip(zcdp ? tr("MST and AIM account in zCDP: (ε, δ)-DP with this δ")
                             : tr("This method is pure ε-DP: no δ"));
    onInputsChanged();
}

void SynthesisView::onInputsChanged() {
    m_inputsChangedDuringRun = m_job->isRunning();
    updateFromDataWarning();
    m_results->markOutdated(tr("the settings changed since it was computed"));
    m_release->setEnabled(false);
    recordEdit();
}

nlohmann::json SynthesisView::settingsJson() const {
    return {{"method", m_method->currentData().toString().toStdString()},
            {"epsilon", m_epsilon->value()},
            {"delta", m_delta->value()},
            {"rows", m_rows->value()},
            {"seeded", m_seeded->isChecked()},
            {"seed", m_seed->value()},
            {"domains", m_domains->state()}};
}

void SynthesisView::applySettingsJson(const nlohmann::json& s) {
    m_applying = true;
    {
        const QSignalBlocker b1(m_method), b2(m_rows), b3(m_seed), b4(m_seeded);
        m_method->setCurrentIndex(
            std::max(0, m_method->findData(QString::fromStdString(s.value("method", std::string())))));
        m_epsilon->setValue(s.value("epsilon", m_epsilon->value()));
        m_delta->setValue(s.value("delta", m_delta->value()));
        m_rows->setValue(s.value("rows", m_rows->value()));
        m_seeded->setChecked(s.value("seeded", m_seeded->isChecked()));
        m_seed->setValue(s.value("seed", m_seed->value()));
        m_seed->setEnabled(m_seeded->isChecked());
        m_domains->setState(s.value("domains", nlohmann::json::object()));
    }
    m_lastSettings = s;
    m_applying = false;
    onMethodChanged();  // δ's state; marks the result outdated (recordEdit finds nothing new)
}

void SynthesisView::recordEdit() {
    if (m_applying || m_lastSettings.is_null()) return;
    nlohmann::json now = settingsJson();
    if (now == m_lastSettings) return;
    nlohmann::json before = std::exchange(m_lastSettings, now);
    if (!m_context.document || !m_context.document->undoStack()) return;
    m_context.document->undoStack()->push(new ValueChangeCommand<nlohmann::json>(
        this, std::move(before), std::move(now), [this](const nlohmann::json& j) { applySettingsJson(j); },
        tr("Change synthesis settings")));
}

void SynthesisView::updateFromDataWarning() {
    const QStringList cols = m_domains->fromDataColumns();
    m_fromData->setVisible(!cols.isEmpty());
    m_fromData->setText(tr("Domain of %1 read off the data: not private. Teaching mode only; declare public "
                           "bounds and categories (edit the cells) for a release.")
                            .arg(cols.join(QStringLiteral(", "))));
}

void SynthesisView::onTableReset() {
    m_inputsChangedDuringRun = m_job->isRunning();
    m_domains->setTable(m_context.document->table());
    m_results->clear();
    m_release->setEnabled(false);
    updateFromDataWarning();
    m_lastSettings = settingsJson();  // a new table starts a new history (the document cleared its stack)
}

// A result of the other mode is not kept: a teaching result is never offered for release.
void SynthesisView::onTeachingChanged(bool) {
    m_inputsChangedDuringRun = m_job->isRunning();
    m_results->clear();
    m_release->setEnabled(false);
}

void SynthesisView::setStatus(const QString& text, bool error) {
    m_status->setText(text);
    m_status->setStyleSheet(error ? QStringLiteral("color: #b00020; font-weight: bold") : QString());
}

void SynthesisView::run() {
    if (!m_context.document || m_context.document->isEmpty()) return setStatus(tr("Open a table first."), true);
    if (!m_context.release) return setStatus(tr("No release session: nothing can be released."), true);
    const Table& table = m_context.document->table();
    const bool teaching = m_context.release->isTeaching();
    auto out = std::make_shared<SynthesisResult>();
    auto domains = m_domains->domainsJson(table, teaching, &out->domainFromData);
    if (!domains) return setStatus(QString::fromStdString(domains.status().message()), true);
    if (!teaching && !out->domainFromData.isEmpty())  // core refuses them too (discretizeForRelease)
        return setStatus(tr("Not released: the domain of %1 was read off the data. Declare public bounds and "
                            "categories (edit the cells), or use teaching mode.")
                             .arg(out->domainFromData.join(QStringLiteral(", "))),
                         true);
    const QString path = m_context.document->filePath();
    const std::string method = m_method->currentData().toString().toStdString();
    nlohmann::json j = {{"kind", "synthetic"},
                        {"name", "Synthesize view"},
                        {"dataset", {{"path", QFileInfo(path).absoluteFilePath().toStdString()}}},
                        {"dataset_key", datasetKeyForPath(path).toStdString()},
                        {"method", method},
                        {"epsilon", m_epsilon->value()},
                        {"rows", m_rows->value()},
                        {"domains", *domains}};
    if (m_delta->isEnabled()) j["delta"] = m_delta->value();
    const auto seed =
        m_seeded->isChecked() ? std::optional<std::uint64_t>(std::uint64_t(m_seed->value())) : std::nullopt;
    if (seed) j["seed"] = *seed;
    auto plan = release::parseReleasePlan(j, QFileInfo(path).absolutePath().toStdString(), "Synthesize view");
    if (!plan) return setStatus(QString::fromStdString(plan.status().message()), true);
    auto sp = release::syntheticPlan(*plan);
    if (!sp) return setStatus(QString::fromStdString(sp.status().message()), true);
    for (auto& d : sp->domains)  // values read off the data are labelled so: core refuses them outside teaching
        if (out->domainFromData.contains(QString::fromStdString(d.column)))
            d.fromData = true, d.source = "the data's values (teaching mode)";
    out->inputPath = path;
    out->plan = std::move(*plan);
    out->syntheticPlan = std::move(*sp);
    auto gate = m_context.release->makeGate(datasetKeyForPath(path), seed);
    if (!gate) return setStatus(tr("Not released: %1").arg(QString::fromStdString(gate.status().message())), true);
    m_run->setEnabled(false);
    m_cancel->setEnabled(true);
    m_progress->setValue(0);
    m_progress->setVisible(true);
    setStatus(tr("Running…"));
    m_inputsChangedDuringRun = false;
    const Table input = table;  // shares the columns; the document may be reset meanwhile
    m_job->start(tr("Synthesizing (%1)").arg(m_method->currentText()),
                 [this, gate = *gate, input, out](const RunContext& ctx) -> CoreJobOutcome {
                     ctx.report(0.0, "synthesizing");
                     auto done = synthesize(*gate, input, out, ctx);
                     if (!done) return {done.status(), {}, {}};
                     const bool teachingRun = gate->isTeaching();
                     const QString message = teachingRun ? tr("Teaching mode: not private, nothing charged")
                                                         : tr("Synthetic table released");
                     std::shared_ptr<const SynthesisResult> shown = *done;
                     return {Status::ok(),
                             [this, shown, teachingRun] {
                                 m_results->show(shown);  // its budget is spent: always shown
                                 if (m_inputsChangedDuringRun)
                                     m_results->markOutdated(tr("the settings changed while it was computed"));
                                 m_release->setEnabled(!teachingRun && !m_inputsChangedDuringRun);
                                 setStatus(QString::fromStdString(dp::receiptLine(shown->release.receipt)));
                                 Q_EMIT resultsShown();
                             },
                             message};
                 });
}

void SynthesisView::releaseBundle() {
    const QString target = askReleaseTarget(this, QStringLiteral("synthetic-release"));
    if (!target.isEmpty()) releaseTo(target);
}

bool SynthesisView::releaseTo(const QString& target) {
    const SynthesisResult* r = m_results->result();
    if (!r || !m_context.release) {
        setStatus(tr("Nothing to release: run first."), true);
        return false;
    }
    if (m_results->isOutdated() || r->real) {
        setStatus(r->real ? tr("Not bundled: a teaching-mode result is not private.")
                          : tr("Not bundled: the result shown is outdated (its settings changed or the last run "
                               "failed); run again first."),
                  true);
        return false;
    }
    release::ReleaseOutcome outcome = release::syntheticOutcome(r->plan, r->syntheticPlan, r->release);
    describeInput(outcome, r->inputPath, datasetKeyForPath(r->inputPath));  // the file the run read
    auto bundle = writeViewRelease(outcome, target, *m_context.release);
    setStatus(releaseMessage(bundle, r->release.receipt.seeded), !bundle);
    return bool(bundle);
}

}  // namespace veil::ui
