#include "workbench/undo_merge_ids.h"
#include "views/spatial/spatial_controls.h"

#include <QButtonGroup>
#include <QCheckBox>
#include <QComboBox>
#include <QFormLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QLocale>
#include <QPushButton>
#include <QRadioButton>
#include <QSlider>
#include <QSpinBox>
#include <QVBoxLayout>

#include <cmath>

namespace veil::ui {
namespace {

double roundSignificant(double v, int digits) {
    if (!(v > 0.0)) return v;
    const double mag = std::pow(10.0, std::floor(std::log10(v)) - (digits - 1));
    return std::round(v / mag) * mag;
}

template <typename Enum>
void selectData(QComboBox* combo, Enum value) {
    combo->setCurrentIndex(std::max(0, combo->findData(int(value))));
}

QSlider* horizontalSlider(int max, const char* name) {
    auto* s = new QSlider(Qt::Horizontal);
    s->setRange(0, max);
    s->setObjectName(QLatin1String(name));
    return s;
}

}  // namespace

int SpatialControls::epsilonToSlider(double epsilon) {
    return int(std::lround((std::log10(std::clamp(epsilon, kMinEpsilon, kMaxEpsilon)) + 2.0) * 100.0));
}

double SpatialControls::sliderToEpsilon(int position) {
    return roundSignificant(std::pow(10.0, -2.0 + position / 100.0), 3);
}

int SpatialControls::scaleToSlider(std::uint64_t scale) {
    return int(std::lround((std::log10(double(std::clamp(scale, kMinScale, kMaxScale))) - 3.0) * 4.0));
}

std::uint64_t SpatialControls::sliderToScale(int position) {
    return std::uint64_t(roundSignificant(std::pow(10.0, 3.0 + position / 4.0), 2));
}

int SpatialControls::maxHeight(spatial::TreeKind kind) {
    // Full quadtrees have 4^h leaves: keep what is drawn (and hovered) interactive.
    switch (kind) {
        case spatial::TreeKind::Quadtree:
            return 9;
        case spatial::TreeKind::Hybrid:
            return 12;
        default:
            return 16;
    }
}

SpatialControls::SpatialControls(QWidget* parent) : QWidget(parent) {
    auto* layout = new QVBoxLayout(this);

    auto* source = new QGroupBox(tr("Points"));
    auto* sourceForm = new QFormLayout(source);
    m_fromTable = new QRadioButton(tr("Table columns"));
    m_fromTable->setObjectName(QStringLiteral("spatial-source-table"));
    m_fromShape = new QRadioButton(tr("DPBench shape"));
    m_fromShape->setObjectName(QStringLiteral("spatial-source-shape"));
    auto* group = new QButtonGroup(this);
    group->addButton(m_fromTable);
    group->addButton(m_fromShape);
    auto* sourceRow = new QHBoxLayout;
    sourceRow->addWidget(m_fromTable);
    sourceRow->addWidget(m_fromShape);
    sourceForm->addRow(sourceRow);
    m_xColumn = new QComboBox;
    m_xColumn->setObjectName(QStringLiteral("spatial-x"));
    m_yColumn = new QComboBox;
    m_yColumn->setObjectName(QStringLiteral("spatial-y"));
    sourceForm->addRow(tr("x column"), m_xColumn);
    sourceForm->addRow(tr("y column"), m_yColumn);
    m_domain = new QLineEdit;
    m_domain->setObjectName(QStringLiteral("spatial-domain"));
    m_domain->setPlaceholderText(tr("xmin, ymin, xmax, ymax"));
    m_domain->setToolTip(
        tr("The public area the points lie in, declared (e.g. a city's bounding box). A release needs it: "
           "the data's own bounding box would reveal its extreme points."));
    sourceForm->addRow(tr("Domain"), m_domain);
    m_shapePath = new QLineEdit;
    m_shapePath->setObjectName(QStringLiteral("spatial-shape"));
    m_shapePath->setPlaceholderText(tr(".npy or .csv, 256×256 counts"));
    m_browse = new QPushButton(tr("Open…"));
    auto* shapeRow = new QHBoxLayout;
    shapeRow->addWidget(m_shapePath, 1);
    shapeRow->addWidget(m_browse);
    sourceForm->addRow(tr("Shape file"), shapeRow);
    m_scale = horizontalSlider(16, "spatial-scale");
    m_scale->setPageStep(4);
    m_scaleLabel = new QLabel;
    m_scaleLabel->setMinimumWidth(80);
    auto* scaleRow = new QHBoxLayout;
    scaleRow->addWidget(m_scale, 1);
    scaleRow->addWidget(m_scaleLabel);
    sourceForm->addRow(tr("Points N"), scaleRow);
    layout->addWidget(source);

    auto* tree = new QGroupBox(tr("Decomposition"));
    auto* form = new QFormLayout(tree);
    m_tree = new QComboBox;
    m_tree->setObjectName(QStringLiteral("spatial-tree"));
    m_tree->addItem(tr("Quadtree"), QStringLiteral("quad"));
    m_tree->addItem(tr("kd-tree"), QStringLiteral("kd"));
    m_tree->addItem(tr("Hybrid (kd, then quad)"), QStringLiteral("hybrid"));
    m_tree->addItem(tr("Uniform grid"), QStringLiteral("grid"));
    m_tree->addItem(tr("Adaptive grid (AGrid)"), QStringLiteral("agrid"));
    m_tree->setToolTip(
        tr("Trees split the domain level by level; the grids count one flat grid (the uniform grid) or a coarse "
           "grid refined where its noisy counts are dense (AGrid), sized from N·ε. A DPBench shape's grids are "
           "aligned to its cells."));
    form->addRow(tr("Method"), m_tree);
    m_height = new QSpinBox;
    m_height->setObjectName(QStringLiteral("spatial-height"));
    m_height->setRange(1, 16);
    form->addRow(tr("Height h"), m_height);
    m_epsilon = horizontalSlider(300, "spatial-epsilon");
    m_epsilon->setPageStep(25);
    m_epsilon->setToolTip(tr("Total privacy budget ε on every root-to-leaf path (log scale, 0.01 to 10)"));
    m_epsilonLabel = new QLabel;
    m_epsilonLabel->setMinimumWidth(80);
    auto* epsRow = new QHBoxLayout;
    epsRow->addWidget(m_epsilon, 1);
    epsRow->addWidget(m_epsilonLabel);
    form->addRow(tr("ε"), epsRow);
    m_budget = new QComboBox;
    m_budget->setObjectName(QStringLiteral("spatial-budget"));
    m_budget->addItem(tr("Uniform over levels"), int(spatial::BudgetStrategy::Uniform));
    m_budget->addItem(tr("Geometric (more to leaves)"), int(spatial::BudgetStrategy::Geometric));
    form->addRow(tr("Budget"), m_budget);
    m_median = new QComboBox;
    m_median->setObjectName(QStringLiteral("spatial-median"));
    m_median->addItem(tr("Exponential mechanism"), int(spatial::MedianMethod::Exponential));
    m_median->addItem(tr("Smooth sensitivity"), int(spatial::MedianMethod::SmoothSensitivity));
    m_median->addItem(tr("Noisy mean"), int(spatial::MedianMethod::NoisyMean));
    m_median->addItem(tr("Cell-based"), int(spatial::MedianMethod::CellBased));
    form->addRow(tr("kd median"), m_median);
    m_postprocess = new QCheckBox(tr("Post-process for consistency"));
    m_postprocess->setObjectName(QStringLiteral("spatial-postprocess"));
    form->addRow(m_postprocess);
    layout->addWidget(tree);

    auto* run = new QGroupBox(tr("Run"));
    auto* runForm = new QFormLayout(run);
    m_seeded = new QCheckBox(tr("Fixed seed (demo)"));
    m_seeded->setObjectName(QStringLiteral("spatial-seeded"));
    m_seed = new QSpinBox;
    m_seed->setObjectName(QStringLiteral("spatial-seed"));
    m_seed->setRange(0, 999999);
    auto* seedRow = new QHBoxLayout;
    seedRow->addWidget(m_seeded);
    seedRow->addWidget(m_seed);
    runForm->addRow(seedRow);
    m_showTrue = new QCheckBox(tr("Show true values (not private)"));
    m_showTrue->setObjectName(QStringLiteral("spatial-show-true"));
    runForm->addRow(m_showTrue);
    m_autoRun = new QCheckBox(tr("Re-run when a setting changes"));
    m_autoRun->setObjectName(QStringLiteral("spatial-auto-run"));
    m_autoRun->setChecked(true);
    runForm->addRow(m_autoRun);
    m_run = new QPushButton(tr("Run"));
    m_run->setObjectName(QStringLiteral("spatial-run"));
    m_rerun = new QPushButton(tr("Re-run (new draw)"));
    m_rerun->setObjectName(QStringLiteral("spatial-rerun"));
    auto* buttons = new QHBoxLayout;
    buttons->addWidget(m_run);
    buttons->addWidget(m_rerun);
    runForm->addRow(buttons);
    layout->addWidget(run);
    layout->addStretch(1);

    connect(m_fromTable, &QRadioButton::toggled, this, [this](bool on) {
        if (!on || m_updating) return;
        m_settings.source = SpatialSource::Table;
        emitEdit(tr("Points from table"));
    });
    connect(m_fromShape, &QRadioButton::toggled, this, [this](bool on) {
        if (!on || m_updating) return;
        m_settings.source = SpatialSource::Shape;
        emitEdit(tr("Points from shape"));
    });
    connect(m_xColumn, &QComboBox::currentTextChanged, this, [this](const QString& c) {
        if (m_updating) return;
        m_settings.xColumn = c;
        emitEdit(tr("x column %1").arg(c));
    });
    connect(m_yColumn, &QComboBox::currentTextChanged, this, [this](const QString& c) {
        if (m_updating) return;
        m_settings.yColumn = c;
        emitEdit(tr("y column %1").arg(c));
    });
    connect(m_shapePath, &QLineEdit::editingFinished, this, [this] {
        if (m_updating) return;
        m_settings.shapePath = m_shapePath->text().trimmed();
        emitEdit(tr("Shape file"));
    });
    connect(m_browse, &QPushButton::clicked, this, &SpatialControls::browseShapeRequested);
    connect(m_scale, &QSlider::valueChanged, this, [this](int v) {
        m_scaleLabel->setText(QLocale().toString(qulonglong(sliderToScale(v))));
        if (m_updating) return;
        m_settings.scale = sliderToScale(v);
        m_scaleLabel->setText(QLocale().toString(qulonglong(m_settings.scale)));
        emitEdit(tr("N = %1").arg(m_settings.scale), merge_id::kSpatialScale);
    });
    connect(m_tree, &QComboBox::currentIndexChanged, this, [this] {
        if (m_updating) return;
        m_settings.method = m_tree->currentData().toString().toStdString();
        if (const auto kind = m_settings.treeKind()) m_settings.height = std::min(m_settings.height, maxHeight(*kind));
        emitEdit(tr("Method %1").arg(methodLabel(m_settings.method)));
    });
    connect(m_height, &QSpinBox::valueChanged, this, [this](int h) {
        if (m_updating) return;
        m_settings.height = h;
        emitEdit(tr("Height %1").arg(h), merge_id::kSpatialHeight);
    });
    connect(m_epsilon, &QSlider::valueChanged, this, [this](int v) {
        m_epsilonLabel->setText(QString::number(sliderToEpsilon(v), 'g', 3));
        if (m_updating) return;
        m_settings.epsilon = sliderToEpsilon(v);
        m_epsilonLabel->setText(QString::number(m_settings.epsilon, 'g', 3));
        emitEdit(tr("ε = %1").arg(m_settings.epsilon, 0, 'g', 3), merge_id::kSpatialEpsilon);
    });
    connect(m_budget, &QComboBox::currentIndexChanged, this, [this] {
        if (m_updating) return;
        m_settings.budget = spatial::BudgetStrategy(m_budget->currentData().toInt());
        emitEdit(tr("Budget %1").arg(QLatin1String(spatial::budgetStrategyName(m_settings.budget))));
    });
    connect(m_median, &QComboBox::currentIndexChanged, this, [this] {
        if (m_updating) return;
        m_settings.median = spatial::MedianMethod(m_median->currentData().toInt());
        emitEdit(tr("Median %1").arg(medianMethodLabel(m_settings.median)));
    });
    connect(m_postprocess, &QCheckBox::toggled, this, [this](bool on) {
        if (m_updating) return;
        m_settings.postprocess = on;
        emitEdit(on ? tr("Post-processing on") : tr("Post-processing off"));
    });
    connect(m_seeded, &QCheckBox::toggled, this, [this](bool on) {
        if (m_updating) return;
        m_settings.seeded = on;
        emitEdit(on ? tr("Fixed seed on") : tr("Fixed seed off"));
    });
    connect(m_seed, &QSpinBox::valueChanged, this, [this](int s) {
        if (m_updating) return;
        m_settings.seed = std::uint64_t(s);
        emitEdit(tr("Seed %1").arg(s), merge_id::kSpatialSeed);
    });
    connect(m_showTrue, &QCheckBox::toggled, this, [this](bool on) {
        if (m_updating) return;
        m_settings.showTrue = on;
        emitEdit(on ? tr("Show true values") : tr("Hide true values"));
    });
    connect(m_domain, &QLineEdit::editingFinished, this, [this] {
        if (m_updating) return;
        const QStringList parts = m_domain->text().split(QLatin1Char(','), Qt::SkipEmptyParts);
        std::optional<spatial::Rect> domain;
        if (parts.size() == 4) {
            bool ok[4];
            const double v[4] = {parts[0].trimmed().toDouble(&ok[0]), parts[1].trimmed().toDouble(&ok[1]),
                                 parts[2].trimmed().toDouble(&ok[2]), parts[3].trimmed().toDouble(&ok[3])};
            if (ok[0] && ok[1] && ok[2] && ok[3]) domain = spatial::Rect{v[0], v[1], v[2], v[3]};
        }
        if (!domain && !m_domain->text().trimmed().isEmpty()) {
            m_domain->setStyleSheet(QStringLiteral("color: #b00020;"));
            m_domain->setToolTip(tr("Type four numbers: xmin, ymin, xmax, ymax"));
            return;
        }
        m_domain->setStyleSheet(QString());
        if (domain == m_settings.domain) return;
        m_settings.domain = domain;
        emitEdit(domain ? tr("Domain %1").arg(m_domain->text()) : tr("No declared domain"));
    });
    connect(m_run, &QPushButton::clicked, this, [this] { Q_EMIT runRequested(false); });
    connect(m_rerun, &QPushButton::clicked, this, [this] { Q_EMIT runRequested(true); });
    setSettings(m_settings);
}

void SpatialControls::emitEdit(const QString& text, int mergeId) {
    if (m_updating) return;
    Q_EMIT edited(m_settings, text, mergeId);
}

void SpatialControls::setSettings(const SpatialSettings& s) {
    m_updating = true;
    m_settings = s;
    (s.source == SpatialSource::Table ? m_fromTable : m_fromShape)->setChecked(true);
    m_xColumn->setCurrentIndex(m_xColumn->findText(s.xColumn));
    m_yColumn->setCurrentIndex(m_yColumn->findText(s.yColumn));
    m_shapePath->setText(s.shapePath);
    m_scale->setValue(scaleToSlider(s.scale));
    m_scaleLabel->setText(QLocale().toString(qulonglong(s.scale)));
    m_tree->setCurrentIndex(std::max(0, m_tree->findData(QString::fromStdString(s.method))));
    m_height->setMaximum(maxHeight(s.treeKind().value_or(spatial::TreeKind::KdTree)));
    m_height->setValue(s.height);
    m_epsilon->setValue(epsilonToSlider(s.epsilon));
    m_epsilonLabel->setText(QString::number(s.epsilon, 'g', 3));
    selectData(m_budget, s.budget);
    selectData(m_median, s.median);
    m_postprocess->setChecked(s.postprocess);
    m_seeded->setChecked(s.seeded);
    m_seed->setValue(int(s.seed));
    m_showTrue->setChecked(s.showTrue);
    m_domain->setText(s.domain ? QStringLiteral("%1, %2, %3, %4")
                                     .arg(s.domain->x0, 0, 'g', 10)
                                     .arg(s.domain->y0, 0, 'g', 10)
                                     .arg(s.domain->x1, 0, 'g', 10)
                                     .arg(s.domain->y1, 0, 'g', 10)
                               : QString());
    m_updating = false;
    updateEnabled();
}

void SpatialControls::setTeaching(bool teaching) {
    m_teaching = teaching;
    updateEnabled();
}

void SpatialControls::setNumericColumns(const QStringList& columns) {
    const SpatialSettings keep = m_settings;
    m_updating = true;
    for (QComboBox* combo : {m_xColumn, m_yColumn}) {
        combo->clear();
        combo->addItems(columns);
    }
    m_updating = false;
    setSettings(keep);
}

void SpatialControls::setRunning(bool running) { m_run->setText(running ? tr("Restart") : tr("Run")); }

// In release mode every run is charged: only an explicit Run may run.
bool SpatialControls::autoRun() const { return m_teaching && m_autoRun->isChecked(); }

void SpatialControls::updateEnabled() {
    const bool table = m_settings.source == SpatialSource::Table;
    m_xColumn->setEnabled(table);
    m_yColumn->setEnabled(table);
    m_domain->setEnabled(table);
    m_showTrue->setEnabled(m_teaching);
    m_autoRun->setEnabled(m_teaching);
    m_autoRun->setToolTip(m_teaching ? tr("Run again after every change (teaching mode)")
                                     : tr("Off in release mode: every run is charged to the ledger, so only Run runs"));
    m_shapePath->setEnabled(!table);
    m_browse->setEnabled(!table);
    m_scale->setEnabled(!table);
    const bool tree = !m_settings.isGrid();
    m_height->setEnabled(tree);
    m_budget->setEnabled(tree);
    m_median->setEnabled(tree && m_settings.method != "quad");
    m_seed->setEnabled(m_settings.seeded);
}

}  // namespace veil::ui
