// ExperimentsView's syntactic side: the "Syntactic anonymity (k)" experiment type. The table,
// quasi-identifiers and hierarchies come from an experiment file (docs/examples/adult-k-sweep.json
// or one saved by the user); the view edits the k grid, the suppression limit and the methods, runs
// the sweep like any other, plots the chosen measure against k and tabulates every measure.
#include "views/experiments/experiments_view.h"

#include "charts/experiments/error_epsilon_chart_builder.h"
#include "charts/experiments/measure_k_chart_builder.h"
#include "document/document.h"
#include "views/experiments/anonymity_sweep_model.h"
#include "workbench/value_change_command.h"
#include "views/experiments/sweep_summary_model.h"
#include "workbench/data_paths.h"
#include "workbench/workbench_context.h"

#include "veil/eval/method_registry.h"

#include <QChart>
#include <QComboBox>
#include <QDir>
#include <QDoubleSpinBox>
#include <QFileInfo>
#include <QFormLayout>
#include <QGroupBox>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QPushButton>
#include <QRegularExpression>
#include <QTableView>
#include <QUndoStack>
#include <QVBoxLayout>

namespace veil::ui {

bool ExperimentsView::isAnonymityMode() const { return m_type && m_type->currentIndex() == 1; }

void ExperimentsView::setAnonymityMode(bool on) { m_type->setCurrentIndex(on ? 1 : 0); }

QWidget* ExperimentsView::buildAnonymityControls() {
    auto* group = new QGroupBox(tr("Table and k grid"));
    group->setObjectName(QStringLiteral("anonymityGroup"));
    m_anonymityGroup = group;
    auto* box = new QVBoxLayout(group);
    m_anonymitySummary = new QLabel;
    m_anonymitySummary->setObjectName(QStringLiteral("anonymitySummary"));
    m_anonymitySummary->setWordWrap(true);
    box->addWidget(m_anonymitySummary);
    auto* example = new QPushButton(tr("Load the adult example"));
    example->setObjectName(QStringLiteral("loadKExample"));
    example->setToolTip(
        tr("docs/examples/adult-k-sweep.json: adult with five "
           "quasi-identifiers, optimal:loss and Mondrian"));
    box->addWidget(example);
    connect(example, &QPushButton::clicked, this, [this] { loadAnonymityExample(); });
    auto* form = new QFormLayout;
    m_kGrid = new QLineEdit(QStringLiteral("2, 3, 5, 10, 20, 50, 100"));
    m_kGrid->setObjectName(QStringLiteral("kGrid"));
    m_kGrid->setToolTip(tr("The k values, whole numbers >= 1 separated by commas"));
    form->addRow(tr("k values"), m_kGrid);
    m_suppression = new QDoubleSpinBox;
    m_suppression->setObjectName(QStringLiteral("suppression"));
    m_suppression->setRange(0.0, 100.0);
    m_suppression->setDecimals(1);
    m_suppression->setSuffix(QStringLiteral(" %"));
    m_suppression->setToolTip(tr("At most this share of the records may be suppressed"));
    form->addRow(tr("Suppression limit"), m_suppression);
    box->addLayout(form);
    connect(m_kGrid, &QLineEdit::editingFinished, this, &ExperimentsView::settingsEdited);
    connect(m_suppression, &QDoubleSpinBox::editingFinished, this, &ExperimentsView::settingsEdited);
    return group;
}

void ExperimentsView::fillMetricChoices(bool anonymity) {
    const QSignalBlocker block(m_metric);
    m_metric->clear();
    if (anonymity) {
        for (eval::AnonymityMeasure m : eval::kAllAnonymityMeasures)
            m_metric->addItem(QString::fromUtf8(eval::anonymityMeasureLabel(m)), int(m));
        m_metric->setCurrentIndex(m_metric->findData(int(m_measure)));
        m_metricLabel->setText(tr("Measure"));
    } else {
        for (eval::Metric m : eval::kAllMetrics) m_metric->addItem(QString::fromUtf8(eval::metricLabel(m)), int(m));
        m_metric->setCurrentIndex(m_metric->findData(int(m_model->metric())));
        m_metricLabel->setText(tr("Error metric"));
    }
}

void ExperimentsView::applyMode(bool anonymity) {
    m_dataGroup->setVisible(!anonymity);
    m_gridGroup->setVisible(!anonymity);
    m_anonymityGroup->setVisible(anonymity);
    fillMetricChoices(anonymity);
    m_table->setModel(anonymity ? static_cast<QAbstractItemModel*>(m_anonymityModel) : m_model);
    m_seededBadge->setVisible(!anonymity && m_result && !m_result->isAnonymity() && m_result->seed.has_value());
    updateAnonymitySummary();
    // Room for a three-line status, so that the scroll area scrolls to it rather than clipping it.
    m_status->setMinimumHeight(m_status->fontMetrics().lineSpacing() * 3);
    redrawChart();
}

void ExperimentsView::updateAnonymitySummary() {
    if (m_base.kind != eval::ExperimentKind::Anonymity) {
        m_anonymitySummary->setText(
            tr("No table yet: load the adult example, or "
               "an experiment file with a \"k\" grid "
               "(its table, quasi-identifiers and "
               "hierarchies are used as they are)."));
        return;
    }
    const auto& a = m_base.anonymity;
    QStringList qis;
    for (const auto& q : a.quasiIdentifiers) qis << QString::fromStdString(q);
    QString text = tr("<b>%1</b><br>Quasi-identifiers: %2 (%3 with a hierarchy)")
                       .arg(QFileInfo(QString::fromStdString(m_base.dataset.table)).fileName().toHtmlEscaped(),
                            qis.join(QStringLiteral(", ")).toHtmlEscaped())
                       .arg(a.hierarchies.size());
    if (!a.sensitive.empty()) text += tr("<br>Sensitive: %1").arg(QString::fromStdString(a.sensitive).toHtmlEscaped());
    if (!a.lDiversity.empty()) text += tr("<br>l-diversity: %1").arg(QString::fromStdString(a.lDiversity));
    if (!a.tCloseness.empty()) text += tr("<br>t-closeness: %1").arg(QString::fromStdString(a.tCloseness));
    text += tr("<br>Records at risk: risk above %1").arg(a.riskThreshold);
    m_anonymitySummary->setText(text);
}

Result<eval::Experiment> ExperimentsView::currentAnonymityExperiment() const {
    if (m_base.kind != eval::ExperimentKind::Anonymity)
        return Status::invalidArgument(
            "no table: load the adult example or an anonymity experiment (a file "
            "with a \"k\" grid)");
    eval::Experiment e = m_base;
    e.anonymity.k.clear();
    const QStringList parts = m_kGrid->text().split(QRegularExpression(QStringLiteral("[,;\\s]+")), Qt::SkipEmptyParts);
    for (const QString& p : parts) {
        bool ok = false;
        const int k = p.toInt(&ok);
        if (!ok || k < 1)
            return Status::invalidArgument("k values: expected whole numbers >= 1 separated by commas, got '" +
                                           p.toStdString() + "'");
        e.anonymity.k.push_back(k);
    }
    if (e.anonymity.k.empty()) return Status::invalidArgument("k values: give at least one, e.g. 2, 5, 10");
    e.anonymity.suppression = m_suppression->value() / 100.0;
    auto methods = checkedMethods();
    if (!methods) return methods.status();
    e.methods = std::move(*methods);
    return eval::parseExperiment(eval::experimentToJson(e));  // the same checks as a file
}

void ExperimentsView::setAnonymityExperiment(const eval::Experiment& experiment) {
    // Paths become absolute: the view's experiment has no base directory.
    m_base = experiment;
    m_base.baseDirectory.clear();
    m_base.dataset.table = eval::resolvePath(experiment, experiment.dataset.table);
    for (auto& [column, file] : m_base.anonymity.hierarchies) file = eval::resolvePath(experiment, file);
    const nlohmann::json before = settingsJson();
    nlohmann::json j = before;
    j["type"] = 1;
    QStringList ks;
    for (int k : experiment.anonymity.k) ks << QString::number(k);
    j["k"] = ks.join(QStringLiteral(", ")).toStdString();
    j["suppression"] = experiment.anonymity.suppression * 100.0;
    nlohmann::json methods = nlohmann::json::array();
    std::vector<std::string> taken;
    for (const auto& spec : experiment.methods) {
        methods.push_back(
            {{"spec", nlohmann::json{{"id", spec.id}, {"label", spec.label}, {"options", spec.options}}.dump()},
             {"checked", true}});
        if (spec.label == spec.id && spec.options.empty()) taken.push_back(spec.id);
    }
    for (const auto& info : eval::methodRegistry())
        if (info.input == eval::DataKind::Table && std::find(taken.begin(), taken.end(), info.id) == taken.end())
            methods.push_back(
                {{"spec",
                  nlohmann::json{{"id", info.id}, {"label", info.id}, {"options", nlohmann::json::object()}}.dump()},
                 {"checked", false}});
    j["methods"] = methods;
    applySettingsJson(j);
    updateAnonymitySummary();
    if (m_context.document && m_context.document->undoStack() && before != j)
        m_context.document->undoStack()->push(new ValueChangeCommand<nlohmann::json>(
            this, before, j, [this](const nlohmann::json& s) { applySettingsJson(s); }, tr("Load experiment")));
}

bool ExperimentsView::loadAnonymityExample() {
    const QString samples = resourceDirectory(QStringLiteral("samples"), QStringLiteral("adult.csv"));
    const QString path =
        QDir(QDir(samples).canonicalPath()).filePath(QStringLiteral("../../docs/examples/adult-k-sweep.json"));
    if (samples.isEmpty() || !QFileInfo::exists(path)) {
        setStatus(tr("The example docs/examples/adult-k-sweep.json was not found "
                     "beside the bundled samples."),
                  true);
        return false;
    }
    return loadExperimentFile(QDir::cleanPath(path));
}

void ExperimentsView::setAnonymityMeasure(eval::AnonymityMeasure measure) {
    if (isAnonymityMode() && m_metric->currentData().toInt() != int(measure)) {
        m_metric->setCurrentIndex(m_metric->findData(int(measure)));  // comes back here
        return;
    }
    m_measure = measure;
    m_anonymityModel->setMeasure(measure);
    redrawChart();
}

void ExperimentsView::showAnonymityResult(const std::shared_ptr<eval::SweepResult>& result) {
    m_result = result;
    m_anonymityModel->setResult(*result);
    if (!isAnonymityMode()) {
        const QSignalBlocker block(m_type);
        m_type->setCurrentIndex(1);
        applyMode(true);
    }
    m_table->setModel(m_anonymityModel);
    redrawChart();
    m_seededBadge->hide();
    std::size_t found = 0;
    for (const auto& r : result->anonymity) found += r.found ? 1 : 0;
    setStatus(tr("%1: %2 methods × %3 k values, deterministic (one run each); %4 "
                 "of %5 solved in %6 s.\n%7")
                  .arg(QString::fromStdString(result->datasetName), QString::number(result->methods.size()),
                       QString::number(result->epsilons.size()), QString::number(found),
                       QString::number(result->anonymity.size()), QString::number(result->seconds, 'f', 2),
                       QString::fromStdString(result->models)));
    Q_EMIT resultsShown();
}

QChart* ExperimentsView::buildChart() const {
    if (isAnonymityMode())
        return MeasureKChartBuilder::build(m_result && m_result->isAnonymity() ? *m_result : eval::SweepResult{},
                                           m_measure);
    return ErrorEpsilonChartBuilder::build(m_result && !m_result->isAnonymity() ? *m_result : eval::SweepResult{},
                                           m_model->metric());
}

}  // namespace veil::ui
