#include "views/experiments/experiments_view.h"

#include "views/experiments/method_labels.h"

#include "workbench/local_path.h"
#include "workbench/release_session.h"
#include "charts/experiments/error_epsilon_chart_builder.h"
#include "views/experiments/anonymity_sweep_model.h"
#include "document/document.h"
#include "workbench/value_change_command.h"
#include "views/experiments/sweep_job.h"
#include "views/experiments/sweep_summary_model.h"
#include "workbench/job_monitor.h"
#include "workbench/workbench_context.h"

#include "veil/eval/method_registry.h"
#include "veil/eval/sweep_output.h"
#include "veil/io/atomic_file.h"

#include <QChart>
#include <QChartView>
#include <QCheckBox>
#include <QComboBox>
#include <QDir>
#include <QDoubleSpinBox>
#include <QFileDialog>
#include <QFileInfo>
#include <QFormLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QPainter>
#include <QPushButton>
#include <QScrollArea>
#include <QSpinBox>
#include <QSplitter>
#include <QTableView>
#include <QUndoStack>
#include <QVBoxLayout>

namespace veil::ui {
namespace {

nlohmann::json specJson(const eval::MethodSpec& spec) {
    return {{"id", spec.id}, {"label", spec.label}, {"options", spec.options}};
}

}  // namespace

ExperimentsView::ExperimentsView(WorkbenchContext& context, QWidget* parent)
    : QWidget(parent), m_context(context), m_job(new SweepJob(this)), m_model(new SweepSummaryModel(this)) {
    setObjectName(QStringLiteral("experimentsView"));
    m_base.workload.kind = eval::WorkloadKind::RandomRanges;
    m_anonymityModel = new AnonymitySweepModel(this);

    m_chartView = new QChartView(ErrorEpsilonChartBuilder::build(eval::SweepResult{}, m_model->metric()));
    m_chartView->setObjectName(QStringLiteral("experimentsChart"));
    m_chartView->setRenderHint(QPainter::Antialiasing);
    m_chartView->setMinimumHeight(360);
    m_table = new QTableView;
    m_table->setObjectName(QStringLiteral("experimentsTable"));
    m_table->setModel(m_model);
    m_table->setAlternatingRowColors(true);
    m_table->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_table->verticalHeader()->hide();

    auto* results = new QSplitter(Qt::Vertical);
    results->addWidget(m_chartView);
    results->addWidget(m_table);
    results->setStretchFactor(0, 3);
    results->setStretchFactor(1, 2);

    auto* scroll = new QScrollArea;
    scroll->setWidget(buildControls());
    scroll->setWidgetResizable(true);
    scroll->setMinimumWidth(360);
    scroll->setMaximumWidth(460);

    auto* split = new QSplitter(Qt::Horizontal);
    split->addWidget(scroll);
    split->addWidget(results);
    split->setStretchFactor(1, 1);
    auto* layout = new QHBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    layout->addWidget(split);

    connect(m_job, &SweepJob::progressChanged, this, [this](double f, const QString& message) {
        if (m_context.jobs) m_context.jobs->progress(f, message);
        setStatus(tr("Running… %1%").arg(int(f * 100)));
    });
    connect(m_job, &SweepJob::succeeded, this, [this](const std::shared_ptr<eval::SweepResult>& result) {
        showResult(result);
        if (m_context.jobs) m_context.jobs->end(tr("Sweep finished"));
    });
    connect(m_job, &SweepJob::failed, this, [this](const QString& message) {
        setStatus(message, true);
        if (m_context.jobs) m_context.jobs->end(tr("Sweep failed"));
    });
    connect(m_job, &SweepJob::cancelled, this, [this] {
        setStatus(m_result ? tr("Cancelled — the previous results are still shown.") : tr("Cancelled."));
        if (m_context.jobs) m_context.jobs->end(tr("Sweep cancelled"));
    });
    connect(m_job, &SweepJob::finished, this, [this] {
        setRunning(false);
        Q_EMIT runEnded();
    });
    m_lastSettings = settingsJson();
    setStatus(tr("Choose a data set (.npy or CSV of counts) or load an experiment, then Run."));
}

ExperimentsView::~ExperimentsView() {
    if (m_job->isRunning()) {
        m_job->disconnect(this);
        if (m_context.jobs) m_context.jobs->end(tr("Sweep cancelled"));
    }
}

void ExperimentsView::populateMethods() {
    const QSignalBlocker block(m_methods);
    m_methods->clear();
    const bool anonymity = isAnonymityMode();
    for (const auto& info : eval::methodRegistry()) {
        if ((info.input == eval::DataKind::Table) != anonymity) continue;
        eval::MethodSpec spec{info.id, info.id, nlohmann::json::object()};
        auto* item = new QListWidgetItem(methodText(spec), m_methods);
        item->setFlags(item->flags() | Qt::ItemIsUserCheckable);
        const bool preset = info.id == "histogram:identity" || info.id == "histogram:hierarchical+consistency" ||
                            info.id == "optimal:loss" || info.id == "mondrian";
        item->setCheckState(preset ? Qt::Checked : Qt::Unchecked);
        item->setToolTip(QString::fromStdString(info.description +
                                                (info.optionsHelp.empty() ? "" : "\nOptions: " + info.optionsHelp) +
                                                "\nMethod id: " + info.id));
        item->setData(Qt::UserRole, QString::fromStdString(specJson(spec).dump()));
    }
}

nlohmann::json ExperimentsView::settingsJson() const {
    nlohmann::json methods = nlohmann::json::array();
    for (int i = 0; i < m_methods->count(); ++i) {
        const auto* item = m_methods->item(i);
        methods.push_back({{"spec", item->data(Qt::UserRole).toString().toStdString()},
                           {"checked", item->checkState() == Qt::Checked}});
    }
    return {{"dataset", m_dataset->text().toStdString()},
            {"workload", m_workload->currentIndex()},
            {"ranges", m_rangeCount->value()},
            {"methods", methods},
            {"from", m_epsFrom->value()},
            {"to", m_epsTo->value()},
            {"count", m_epsCount->value()},
            {"log", m_logSpaced->isChecked()},
            {"trials", m_trials->value()},
            {"fixed_seed", m_fixedSeed->isChecked()},
            {"seed", m_seed->value()},
            {"type", m_type->currentIndex()},
            {"k", m_kGrid->text().toStdString()},
            {"suppression", m_suppression->value()}};
}

void ExperimentsView::applySettingsJson(const nlohmann::json& j) {
    m_applying = true;
    m_type->setCurrentIndex(j.value("type", 0));
    applyMode(isAnonymityMode());
    m_kGrid->setText(QString::fromStdString(j.value("k", std::string("2, 3, 5, 10, 20, 50, 100"))));
    m_suppression->setValue(j.value("suppression", 0.0));
    m_dataset->setText(QString::fromStdString(j.at("dataset").get<std::string>()));
    m_workload->setCurrentIndex(j.at("workload").get<int>());
    m_rangeCount->setValue(j.at("ranges").get<int>());
    {
        const QSignalBlocker block(m_methods);
        m_methods->clear();
        for (const auto& m : j.at("methods")) {
            const auto spec = nlohmann::json::parse(m.at("spec").get<std::string>());
            eval::MethodSpec s{spec.at("id"), spec.at("label"), spec.at("options")};
            auto* item = new QListWidgetItem(methodText(s), m_methods);
            item->setFlags(item->flags() | Qt::ItemIsUserCheckable);
            item->setCheckState(m.at("checked").get<bool>() ? Qt::Checked : Qt::Unchecked);
            item->setData(Qt::UserRole, QString::fromStdString(m.at("spec").get<std::string>()));
            if (auto info = eval::findMethod(s.id); info.isOk())
                item->setToolTip(QString::fromStdString(info.value()->description + "\nMethod id: " + s.id) +
                                 (s.options.empty() ? QString() : tr("\nOptions: %1").arg(optionsText(s.options))));
        }
    }
    m_epsFrom->setValue(j.at("from").get<double>());
    m_epsTo->setValue(j.at("to").get<double>());
    m_epsCount->setValue(j.at("count").get<int>());
    m_logSpaced->setChecked(j.at("log").get<bool>());
    m_trials->setValue(j.at("trials").get<int>());
    m_fixedSeed->setChecked(j.at("fixed_seed").get<bool>());
    m_seed->setValue(j.at("seed").get<int>());
    m_lastSettings = j;
    m_applying = false;
}

void ExperimentsView::settingsEdited() {
    if (m_applying) return;
    nlohmann::json now = settingsJson();
    if (now == m_lastSettings) return;
    nlohmann::json before = m_lastSettings;
    m_lastSettings = now;
    if (m_context.document && m_context.document->undoStack())
        m_context.document->undoStack()->push(new ValueChangeCommand<nlohmann::json>(
            this, std::move(before), std::move(now), [this](const nlohmann::json& j) { applySettingsJson(j); },
            tr("Change experiment settings")));
}

Result<std::vector<eval::MethodSpec>> ExperimentsView::checkedMethods() const {
    std::vector<eval::MethodSpec> methods;
    for (int i = 0; i < m_methods->count(); ++i) {
        const auto* item = m_methods->item(i);
        if (item->checkState() != Qt::Checked) continue;
        const auto spec = nlohmann::json::parse(item->data(Qt::UserRole).toString().toStdString());
        methods.push_back({spec.at("id"), spec.at("label"), spec.at("options")});
    }
    if (methods.empty()) return Status::invalidArgument("no method chosen: tick at least one method");
    return methods;
}

Result<eval::Experiment> ExperimentsView::currentExperiment() const {
    if (isAnonymityMode()) return currentAnonymityExperiment();
    eval::Experiment e = m_base;
    e.baseDirectory.clear();
    const QString path = m_dataset->text().trimmed();
    if (path.isEmpty() && e.dataset.inlineCounts.is_null() && e.dataset.graph.empty())
        return Status::invalidArgument("no data set: choose a counts file (.npy or .csv)");
    if (!path.isEmpty()) {
        const QString suffix = QFileInfo(path).suffix().toLower();
        const bool isGraph =
            suffix == QLatin1String("edges") || suffix == QLatin1String("gml") || suffix == QLatin1String("graphml");
        e.dataset.inlineCounts = nullptr;
        e.dataset.file.clear();
        e.dataset.graph.clear();
        (isGraph ? e.dataset.graph : e.dataset.file) = localPath(QFileInfo(path).absoluteFilePath());
    }
    switch (m_workload->currentIndex()) {
        case PrefixChoice:
            e.workload.kind = eval::WorkloadKind::Prefix;
            break;
        case IdentityChoice:
            e.workload.kind = eval::WorkloadKind::Identity;
            break;
        case RandomRangesChoice:
            e.workload.kind = eval::WorkloadKind::RandomRanges;
            e.workload.count = std::size_t(m_rangeCount->value());
            break;
        default:
            if (m_base.workload.kind != eval::WorkloadKind::File && m_base.workload.kind != eval::WorkloadKind::Inline)
                return Status::invalidArgument(
                    "the workload is 'from the experiment file' but no experiment file gave one");
    }
    auto methods = checkedMethods();
    if (!methods) return methods.status();
    e.methods = std::move(*methods);
    e.epsilon = {};
    e.epsilon.from = m_epsFrom->value();
    e.epsilon.to = m_epsTo->value();
    e.epsilon.count = m_epsCount->value();
    e.epsilon.logSpaced = m_logSpaced->isChecked();
    if (auto values = eval::epsilonValues(e.epsilon); !values.isOk()) return values.status();
    e.trials = m_trials->value();
    e.seed = m_fixedSeed->isChecked() ? std::optional<std::uint64_t>(std::uint64_t(m_seed->value())) : std::nullopt;
    // Round trip through the parser: the same checks as a file (methods exist, labels unique).
    return eval::parseExperiment(eval::experimentToJson(e));
}

void ExperimentsView::setExperiment(const eval::Experiment& experiment) {
    if (experiment.kind == eval::ExperimentKind::Anonymity) {
        setAnonymityExperiment(experiment);
        return;
    }
    // Paths become absolute: the view's experiment has no base directory.
    m_base = experiment;
    m_base.baseDirectory.clear();
    if (!experiment.dataset.graph.empty())
        m_base.dataset.graph = eval::resolvePath(experiment, experiment.dataset.graph);
    if (!experiment.workload.file.empty())
        m_base.workload.file = eval::resolvePath(experiment, experiment.workload.file);
    const nlohmann::json before = settingsJson();
    nlohmann::json j = before;
    j["dataset"] = !experiment.dataset.file.empty()    ? eval::resolvePath(experiment, experiment.dataset.file)
                   : !experiment.dataset.graph.empty() ? m_base.dataset.graph
                                                       : std::string();
    const auto kind = experiment.workload.kind;
    j["workload"] = kind == eval::WorkloadKind::Prefix         ? PrefixChoice
                    : kind == eval::WorkloadKind::Identity     ? IdentityChoice
                    : kind == eval::WorkloadKind::RandomRanges ? RandomRangesChoice
                                                               : FromFileChoice;
    j["ranges"] = int(experiment.workload.count);
    nlohmann::json methods = nlohmann::json::array();
    std::vector<std::string> taken;
    for (const auto& spec : experiment.methods) {
        methods.push_back({{"spec", specJson(spec).dump()}, {"checked", true}});
        if (spec.label == spec.id && spec.options.empty()) taken.push_back(spec.id);
    }
    for (const auto& info : eval::methodRegistry())
        if (info.input != eval::DataKind::Table && std::find(taken.begin(), taken.end(), info.id) == taken.end())
            methods.push_back(
                {{"spec", specJson({info.id, info.id, nlohmann::json::object()}).dump()}, {"checked", false}});
    j["methods"] = methods;
    j["type"] = 0;
    if (!experiment.epsilon.explicitValues.empty()) {
        const auto& v = experiment.epsilon.explicitValues;
        j["from"] = *std::min_element(v.begin(), v.end());
        j["to"] = *std::max_element(v.begin(), v.end());
        j["count"] = int(v.size());
        j["log"] = true;
    } else {
        j["from"] = experiment.epsilon.from;
        j["to"] = experiment.epsilon.to;
        j["count"] = experiment.epsilon.count;
        j["log"] = experiment.epsilon.logSpaced;
    }
    j["trials"] = experiment.trials;
    j["fixed_seed"] = experiment.seed.has_value();
    if (experiment.seed) j["seed"] = int(*experiment.seed % 2147483648ULL);
    applySettingsJson(j);
    if (m_context.document && m_context.document->undoStack() && before != j)
        m_context.document->undoStack()->push(new ValueChangeCommand<nlohmann::json>(
            this, before, j, [this](const nlohmann::json& s) { applySettingsJson(s); }, tr("Load experiment")));
}

bool ExperimentsView::loadExperimentFile(const QString& path) {
    auto experiment = eval::readExperimentFile(localPath(path));
    if (!experiment.isOk()) {
        setStatus(QString::fromStdString(experiment.status().message()), true);
        return false;
    }
    setExperiment(experiment.value());
    setStatus(tr("Loaded %1: %2").arg(QFileInfo(path).fileName(), QString::fromStdString(experiment.value().name)));
    return true;
}

bool ExperimentsView::saveExperimentFile(const QString& path) {
    auto experiment = currentExperiment();
    if (!experiment.isOk()) {
        setStatus(QString::fromStdString(experiment.status().message()), true);
        return false;
    }
    eval::Experiment e = std::move(experiment).value();
    // Paths relative to the saved file, so the experiment can be shared with its data.
    const QDir dir = QFileInfo(path).absoluteDir();
    if (!e.dataset.file.empty())
        e.dataset.file = localPath(dir.relativeFilePath(QString::fromLocal8Bit(e.dataset.file.c_str())));
    if (!e.dataset.graph.empty())
        e.dataset.graph = localPath(dir.relativeFilePath(QString::fromLocal8Bit(e.dataset.graph.c_str())));
    if (!e.workload.file.empty())
        e.workload.file = localPath(dir.relativeFilePath(QString::fromLocal8Bit(e.workload.file.c_str())));
    const Status status = writeFileAtomically(localPath(path), eval::experimentToJson(e).dump(2) + "\n");
    if (!status.isOk()) {
        setStatus(QString::fromStdString(status.message()), true);
        return false;
    }
    setStatus(tr("Saved the experiment to %1").arg(path));
    return true;
}

void ExperimentsView::run() {
    auto experiment = currentExperiment();
    if (!experiment.isOk()) {
        setStatus(QString::fromStdString(experiment.status().message()), true);
        return;
    }
    const bool teaching = m_context.release && m_context.release->isTeaching();
    if (experiment->kind != eval::ExperimentKind::Anonymity && !teaching) {
        // Utility against epsilon is error against the true answers: never in release mode.
        setStatus(tr("A utility sweep measures each method's error against the true answers, so it runs in "
                     "teaching mode only (public or sample data): turn on View > Teaching Mode."),
                  true);
        return;
    }
    setRunning(true);
    setStatus(tr("Running…"));
    if (m_context.jobs) m_context.jobs->begin(tr("Experiment sweep"), [this] { cancel(); });
    m_job->start(experiment.value(), m_threads, teaching);
}

void ExperimentsView::cancel() { m_job->cancel(); }

void ExperimentsView::setRunning(bool running) {
    m_run->setEnabled(!running);
    m_cancel->setEnabled(running);
}

void ExperimentsView::showResult(const std::shared_ptr<eval::SweepResult>& result) {
    if (result->isAnonymity()) {
        showAnonymityResult(result);
        return;
    }
    m_table->setModel(m_model);
    m_result = result;
    m_model->setResult(*result);
    redrawChart();
    m_seededBadge->setVisible(result->seed.has_value());
    setStatus(tr("%1 — %2, %3 queries, N = %4; %5 methods × %6 ε × %7 trials in %8 s on %9 threads%10")
                  .arg(QString::fromStdString(result->name.empty() ? std::string("Sweep") : result->name),
                       QString::fromStdString(result->datasetName), QString::number(result->queryCount),
                       QString::number(result->scale, 'g', 10), QString::number(result->methods.size()),
                       QString::number(result->epsilons.size()), QString::number(result->trials),
                       QString::number(result->seconds, 'f', 2), QString::number(result->threadsUsed))
                  .arg(result->seed ? tr(" (seeded demo, seed %1 — not for release)").arg(qulonglong(*result->seed))
                                    : QString()));
    Q_EMIT resultsShown();
}

void ExperimentsView::redrawChart() {
    QChart* old = m_chartView->chart();
    m_chartView->setChart(buildChart());
    delete old;
}

void ExperimentsView::setMetric(eval::Metric metric) {
    if (!isAnonymityMode() && m_metric->currentData().toInt() != int(metric)) {
        m_metric->setCurrentIndex(m_metric->findData(int(metric)));  // comes back here
        return;
    }
    m_model->setMetric(metric);
    redrawChart();
}

void ExperimentsView::setStatus(const QString& text, bool error) {
    m_status->setText(text);
    m_status->setStyleSheet(error ? QStringLiteral("color: #b00000;") : QString());
}

QString ExperimentsView::statusText() const { return m_status->text(); }

}  // namespace veil::ui
