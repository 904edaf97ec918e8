// ExperimentsView's control panel: experiment file, type, data and workload, methods, ε grid and
// trials, Run/Cancel, metric and exports. One builder per group.
#include "views/experiments/experiments_view.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QFileDialog>
#include <QFormLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QPushButton>
#include <QSpinBox>
#include <QVBoxLayout>

namespace veil::ui {

QWidget* ExperimentsView::buildControls() {
    auto* panel = new QWidget;
    auto* box = new QVBoxLayout(panel);
    box->addLayout(buildFileRow());
    box->addLayout(buildTypeRow());
    box->addWidget(buildDataGroup());
    box->addWidget(buildAnonymityControls());
    box->addWidget(buildMethodsGroup());
    box->addWidget(buildGridGroup());
    box->addLayout(buildRunRow());
    box->addWidget(buildShowGroup());
    m_seededBadge = new QLabel(tr("<b>Seeded — not for release</b>"));
    m_seededBadge->setStyleSheet(QStringLiteral("color: #b00000;"));
    m_seededBadge->hide();
    box->addWidget(m_seededBadge);
    m_status = new QLabel;
    m_status->setObjectName(QStringLiteral("experimentsStatus"));
    m_status->setWordWrap(true);
    box->addWidget(m_status);
    box->addStretch(1);
    applyMode(false);
    return panel;
}

QLayout* ExperimentsView::buildFileRow() {
    auto* fileRow = new QHBoxLayout;
    auto* load = new QPushButton(tr("Load experiment…"));
    load->setObjectName(QStringLiteral("loadExperiment"));
    auto* save = new QPushButton(tr("Save experiment…"));
    save->setObjectName(QStringLiteral("saveExperiment"));
    fileRow->addWidget(load);
    fileRow->addWidget(save);
    connect(load, &QPushButton::clicked, this, [this] {
        const QString path = QFileDialog::getOpenFileName(this, tr("Load experiment"), {}, tr("Experiment (*.json)"));
        if (!path.isEmpty()) loadExperimentFile(path);
    });
    connect(save, &QPushButton::clicked, this, [this] {
        const QString path = QFileDialog::getSaveFileName(this, tr("Save experiment"),
                                                          QStringLiteral("experiment.json"), tr("Experiment (*.json)"));
        if (!path.isEmpty()) saveExperimentFile(path);
    });
    return fileRow;
}

QLayout* ExperimentsView::buildTypeRow() {
    auto* typeRow = new QFormLayout;
    m_type = new QComboBox;
    m_type->setObjectName(QStringLiteral("experimentType"));
    m_type->addItems({tr("Differential privacy (ε)"), tr("Syntactic anonymity (k)")});
    m_type->setToolTip(
        tr("Error against ε of DP mechanisms, or information loss and re-identification risk "
           "against k of syntactic anonymization"));
    typeRow->addRow(tr("Experiment type"), m_type);
    connect(m_type, &QComboBox::currentIndexChanged, this, [this] {
        if (m_applying) return;
        applyMode(isAnonymityMode());
        populateMethods();
        settingsEdited();
    });

    return typeRow;
}

QWidget* ExperimentsView::buildDataGroup() {
    auto* data = new QGroupBox(tr("Data and workload"));
    m_dataGroup = data;
    auto* dataForm = new QFormLayout(data);
    m_dataset = new QLineEdit;
    m_dataset->setObjectName(QStringLiteral("datasetPath"));
    m_dataset->setPlaceholderText(tr("counts (.npy, .csv) or graph (.edges, .gml, .graphml)"));
    auto* browse = new QPushButton(tr("Browse…"));
    auto* dataRow = new QHBoxLayout;
    dataRow->addWidget(m_dataset, 1);
    dataRow->addWidget(browse);
    dataForm->addRow(tr("Data set"), dataRow);
    connect(browse, &QPushButton::clicked, this, [this] {
        const QString path = QFileDialog::getOpenFileName(
            this, tr("Counts"), {}, tr("Counts or graph (*.npy *.csv *.edges *.gml *.graphml);;All files (*)"));
        if (!path.isEmpty()) {
            m_dataset->setText(path);
            settingsEdited();
        }
    });
    connect(m_dataset, &QLineEdit::editingFinished, this, &ExperimentsView::settingsEdited);
    m_workload = new QComboBox;
    m_workload->setObjectName(QStringLiteral("workload"));
    m_workload->addItems(
        {tr("All prefixes"), tr("One query per cell"), tr("Random ranges"), tr("From the experiment file")});
    m_workload->setCurrentIndex(RandomRangesChoice);
    dataForm->addRow(tr("Workload"), m_workload);
    m_rangeCount = new QSpinBox;
    m_rangeCount->setRange(1, 100000);
    m_rangeCount->setValue(1000);
    dataForm->addRow(tr("Random ranges"), m_rangeCount);
    connect(m_workload, &QComboBox::currentIndexChanged, this, [this] {
        m_rangeCount->setEnabled(m_workload->currentIndex() == RandomRangesChoice);
        settingsEdited();
    });
    connect(m_rangeCount, &QSpinBox::editingFinished, this, &ExperimentsView::settingsEdited);
    return data;
}

QWidget* ExperimentsView::buildMethodsGroup() {
    auto* methods = new QGroupBox(tr("Methods"));
    auto* methodsBox = new QVBoxLayout(methods);
    m_methods = new QListWidget;
    m_methods->setObjectName(QStringLiteral("methods"));
    m_methods->setMinimumHeight(170);
    methodsBox->addWidget(m_methods);
    populateMethods();
    connect(m_methods, &QListWidget::itemChanged, this, [this] { settingsEdited(); });
    return methods;
}

QWidget* ExperimentsView::buildGridGroup() {
    auto* grid = new QGroupBox(tr("ε grid and trials"));
    m_gridGroup = grid;
    auto* gridForm = new QFormLayout(grid);
    auto makeEps = [this](double v, const char* name) {
        auto* s = new QDoubleSpinBox;
        s->setObjectName(QString::fromLatin1(name));
        s->setDecimals(4);
        s->setRange(0.0001, 1000.0);
        s->setValue(v);
        connect(s, &QDoubleSpinBox::editingFinished, this, &ExperimentsView::settingsEdited);
        return s;
    };
    m_epsFrom = makeEps(0.01, "epsilonFrom");
    m_epsTo = makeEps(10.0, "epsilonTo");
    gridForm->addRow(tr("ε from"), m_epsFrom);
    gridForm->addRow(tr("ε to"), m_epsTo);
    m_epsCount = new QSpinBox;
    m_epsCount->setObjectName(QStringLiteral("epsilonCount"));
    m_epsCount->setRange(1, 100);
    m_epsCount->setValue(10);
    gridForm->addRow(tr("ε values"), m_epsCount);
    m_logSpaced = new QCheckBox(tr("log-spaced"));
    m_logSpaced->setChecked(true);
    gridForm->addRow(QString(), m_logSpaced);
    m_trials = new QSpinBox;
    m_trials->setObjectName(QStringLiteral("trials"));
    m_trials->setRange(1, 10000);
    m_trials->setValue(10);
    gridForm->addRow(tr("Trials"), m_trials);
    m_fixedSeed = new QCheckBox(tr("Fixed seed (demo)"));
    m_fixedSeed->setObjectName(QStringLiteral("fixedSeed"));
    m_seed = new QSpinBox;
    m_seed->setRange(0, 2147483647);
    m_seed->setValue(20161);
    m_seed->setEnabled(false);
    gridForm->addRow(m_fixedSeed, m_seed);
    connect(m_fixedSeed, &QCheckBox::toggled, this, [this](bool on) {
        m_seed->setEnabled(on);
        settingsEdited();
    });
    for (QSpinBox* s : {m_epsCount, m_trials, m_seed})
        connect(s, &QSpinBox::editingFinished, this, &ExperimentsView::settingsEdited);
    connect(m_logSpaced, &QCheckBox::toggled, this, &ExperimentsView::settingsEdited);
    return grid;
}

QLayout* ExperimentsView::buildRunRow() {
    auto* runRow = new QHBoxLayout;
    m_run = new QPushButton(tr("Run"));
    m_run->setObjectName(QStringLiteral("runSweep"));
    m_run->setDefault(true);
    m_cancel = new QPushButton(tr("Cancel"));
    m_cancel->setObjectName(QStringLiteral("cancelSweep"));
    m_cancel->setEnabled(false);
    runRow->addWidget(m_run);
    runRow->addWidget(m_cancel);
    connect(m_run, &QPushButton::clicked, this, &ExperimentsView::run);
    connect(m_cancel, &QPushButton::clicked, this, &ExperimentsView::cancel);
    return runRow;
}

QWidget* ExperimentsView::buildShowGroup() {
    auto* show = new QGroupBox(tr("Show and export"));
    auto* showForm = new QFormLayout(show);
    m_metric = new QComboBox;
    m_metric->setObjectName(QStringLiteral("metric"));
    m_metricLabel = new QLabel;
    fillMetricChoices(false);
    showForm->addRow(m_metricLabel, m_metric);
    connect(m_metric, &QComboBox::currentIndexChanged, this, [this] {
        if (m_metric->currentIndex() < 0) return;
        if (isAnonymityMode())
            setAnonymityMeasure(eval::AnonymityMeasure(m_metric->currentData().toInt()));
        else
            setMetric(eval::Metric(m_metric->currentData().toInt()));
    });
    auto* exportRow = new QHBoxLayout;
    const struct {
        QString text, filter, suggested;
        bool (ExperimentsView::*fn)(const QString&);
    } exports[] = {
        {tr("Chart…"), tr("PNG image (*.png);;SVG image (*.svg)"), QStringLiteral("error-vs-epsilon.png"),
         &ExperimentsView::exportChart},
        {tr("Trials CSV…"), tr("CSV (*.csv)"), QStringLiteral("trials.csv"), &ExperimentsView::exportTrialsCsv},
        {tr("Table CSV…"), tr("CSV (*.csv)"), QStringLiteral("summary.csv"), &ExperimentsView::exportSummaryCsv}};
    for (const auto& e : exports) {
        auto* b = new QPushButton(e.text);
        exportRow->addWidget(b);
        connect(b, &QPushButton::clicked, this, [this, e] {
            const QString path = QFileDialog::getSaveFileName(this, tr("Export"), e.suggested, e.filter);
            if (!path.isEmpty()) (this->*e.fn)(path);
        });
    }
    showForm->addRow(exportRow);
    return show;
}

}  // namespace veil::ui
