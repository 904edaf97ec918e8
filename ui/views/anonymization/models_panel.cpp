#include "workbench/undo_merge_ids.h"
#include "views/anonymization/models_panel.h"

#include "veil/anonymity/metric_catalog.h"
#include "veil/anonymity/privacy_model_catalog.h"

#include "document/document.h"
#include "views/anonymization/algorithm_choice.h"
#include "views/anonymization/anonymization_state.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QFormLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QSignalBlocker>
#include <QSpinBox>
#include <QVBoxLayout>

namespace veil::ui {

using anonymity::Algorithm;
using anonymity::kKAnonymityInfo;
using anonymity::LDiversityVariant;
using anonymity::MetricKind;
using anonymity::TClosenessVariant;

namespace {
// "Entropy l-diversity: The sensitive values of every class ..." as a tooltip.
QString modelTip(const anonymity::PrivacyModelInfo& info) {
    return QStringLiteral("<b>%1</b><br>%2")
        .arg(QString::fromUtf8(info.title.data(), qsizetype(info.title.size())),
             QString::fromUtf8(info.description.data(), qsizetype(info.description.size())));
}
}  // namespace

ModelsPanel::ModelsPanel(AnonymizationState* state, Document* document, QWidget* parent)
    : QWidget(parent), m_state(state), m_document(document) {
    auto* layout = new QVBoxLayout(this);
    m_roles = new QLabel(this);
    m_roles->setObjectName(QStringLiteral("anon-roles"));
    m_roles->setWordWrap(true);
    m_roles->setTextFormat(Qt::RichText);
    layout->addWidget(m_roles);

    auto* models = new QGroupBox(tr("Privacy models"), this);
    auto* form = new QFormLayout(models);
    m_k = new QSpinBox(models);
    m_k->setObjectName(QStringLiteral("anon-k"));
    m_k->setRange(1, 1000000);
    m_k->setToolTip(modelTip(kKAnonymityInfo));
    form->addRow(tr("&k (k-anonymity):"), m_k);

    m_lEnabled = new QCheckBox(tr("&l-diversity"), models);
    m_lEnabled->setObjectName(QStringLiteral("anon-l-enabled"));
    m_lVariant = new QComboBox(models);
    m_lVariant->setObjectName(QStringLiteral("anon-l-variant"));
    m_lVariant->addItem(tr("distinct"), int(LDiversityVariant::Distinct));
    m_lVariant->addItem(tr("entropy"), int(LDiversityVariant::Entropy));
    m_lVariant->addItem(tr("recursive (c,l)"), int(LDiversityVariant::Recursive));
    for (int i = 0; i < m_lVariant->count(); ++i)
        m_lVariant->setItemData(i,
                                modelTip(anonymity::lDiversityInfo(LDiversityVariant(m_lVariant->itemData(i).toInt()))),
                                Qt::ToolTipRole);
    m_lEnabled->setToolTip(tr("The sensitive values of every class must be diverse (choose how below)"));
    m_l = new QDoubleSpinBox(models);
    m_l->setObjectName(QStringLiteral("anon-l"));
    m_l->setRange(1, 1000);
    m_l->setDecimals(1);
    m_l->setPrefix(QStringLiteral("l = "));
    m_c = new QDoubleSpinBox(models);
    m_c->setRange(0.1, 1000);
    m_c->setDecimals(2);
    m_c->setPrefix(QStringLiteral("c = "));
    auto* lRow = new QHBoxLayout;
    lRow->addWidget(m_lVariant);
    lRow->addWidget(m_l);
    lRow->addWidget(m_c);
    form->addRow(m_lEnabled, lRow);

    m_tEnabled = new QCheckBox(tr("&t-closeness"), models);
    m_tEnabled->setObjectName(QStringLiteral("anon-t-enabled"));
    m_tVariant = new QComboBox(models);
    m_tVariant->setObjectName(QStringLiteral("anon-t-variant"));
    m_tVariant->addItem(tr("equal distance"), int(TClosenessVariant::EqualDistance));
    m_tVariant->addItem(tr("ordered distance"), int(TClosenessVariant::OrderedDistance));
    m_tVariant->addItem(tr("hierarchical distance"), int(TClosenessVariant::HierarchicalDistance));
    for (int i = 0; i < m_tVariant->count(); ++i)
        m_tVariant->setItemData(i,
                                modelTip(anonymity::tClosenessInfo(TClosenessVariant(m_tVariant->itemData(i).toInt()))),
                                Qt::ToolTipRole);
    m_tEnabled->setToolTip(
        tr("Every class's distribution of the sensitive attribute must stay close to the table's (choose the "
           "distance below)"));
    m_t = new QDoubleSpinBox(models);
    m_t->setObjectName(QStringLiteral("anon-t"));
    m_t->setRange(0, 1);
    m_t->setDecimals(3);
    m_t->setSingleStep(0.05);
    m_t->setPrefix(QStringLiteral("t = "));
    auto* tRow = new QHBoxLayout;
    tRow->addWidget(m_tVariant);
    tRow->addWidget(m_t);
    form->addRow(m_tEnabled, tRow);
    layout->addWidget(models);

    auto* run = new QGroupBox(tr("Search"), this);
    auto* runForm = new QFormLayout(run);
    m_runForm = runForm;
    m_suppression = new QDoubleSpinBox(run);
    m_suppression->setObjectName(QStringLiteral("anon-suppression"));
    m_suppression->setRange(0, 100);
    m_suppression->setDecimals(1);
    m_suppression->setSuffix(QStringLiteral(" %"));
    runForm->addRow(tr("&Suppression limit:"), m_suppression);
    m_metric = new QComboBox(run);
    m_metric->setObjectName(QStringLiteral("anon-metric"));
    for (MetricKind m : anonymity::kAllMetrics) {
        const auto& info = anonymity::metricInfo(m);
        m_metric->addItem(QString::fromUtf8(info.title.data(), qsizetype(info.title.size())), int(m));
        m_metric->setItemData(m_metric->count() - 1,
                              QStringLiteral("%1 (%2)").arg(
                                  QString::fromUtf8(info.description.data(), qsizetype(info.description.size())),
                                  QString::fromLatin1(anonymity::metricName(m))),
                              Qt::ToolTipRole);
    }
    runForm->addRow(tr("&Metric:"), m_metric);
    // Long titles (metrics, algorithms) must not widen the panel past its scroll area: the combos
    // ask for a few characters and show the full text in their popups.
    // Each shows its current item's explanation when hovered closed, too.
    for (QComboBox* combo : {m_metric, m_lVariant, m_tVariant}) {
        combo->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
        combo->setMinimumContentsLength(combo == m_metric ? 12 : 8);
        auto follow = [combo] { combo->setToolTip(combo->currentData(Qt::ToolTipRole).toString()); };
        connect(combo, &QComboBox::currentIndexChanged, combo, follow);
        follow();
    }
    buildTransformation(runForm, run);
    layout->addWidget(run);
    layout->addStretch(1);

    connect(m_k, &QSpinBox::valueChanged, this, [this](int v) {
        editSettings(tr("Set k to %1").arg(v), merge_id::kAnonymizationK, [v](AnonymizationSettings& s) { s.k = v; });
    });
    connect(m_lEnabled, &QCheckBox::toggled, this, [this](bool on) {
        editSettings(on ? tr("Enable l-diversity") : tr("Disable l-diversity"), -1,
                     [on](AnonymizationSettings& s) { s.lDiversityEnabled = on; });
    });
    connect(m_lVariant, &QComboBox::currentIndexChanged, this, [this](int) {
        const auto v = LDiversityVariant(m_lVariant->currentData().toInt());
        editSettings(tr("Set l-diversity variant"), -1, [v](AnonymizationSettings& s) { s.lDiversity.variant = v; });
    });
    connect(m_l, &QDoubleSpinBox::valueChanged, this, [this](double v) {
        editSettings(tr("Set l to %1").arg(v), merge_id::kAnonymizationL,
                     [v](AnonymizationSettings& s) { s.lDiversity.l = v; });
    });
    connect(m_c, &QDoubleSpinBox::valueChanged, this, [this](double v) {
        editSettings(tr("Set c to %1").arg(v), merge_id::kAnonymizationC,
                     [v](AnonymizationSettings& s) { s.lDiversity.c = v; });
    });
    connect(m_tEnabled, &QCheckBox::toggled, this, [this](bool on) {
        editSettings(on ? tr("Enable t-closeness") : tr("Disable t-closeness"), -1,
                     [on](AnonymizationSettings& s) { s.tClosenessEnabled = on; });
    });
    connect(m_tVariant, &QComboBox::currentIndexChanged, this, [this](int) {
        const auto v = TClosenessVariant(m_tVariant->currentData().toInt());
        editSettings(tr("Set t-closeness variant"), -1, [v](AnonymizationSettings& s) { s.tCloseness.variant = v; });
    });
    connect(m_t, &QDoubleSpinBox::valueChanged, this, [this](double v) {
        editSettings(tr("Set t to %1").arg(v), merge_id::kAnonymizationT,
                     [v](AnonymizationSettings& s) { s.tCloseness.t = v; });
    });
    connect(m_suppression, &QDoubleSpinBox::valueChanged, this, [this](double v) {
        editSettings(tr("Set suppression limit to %1 %").arg(v), merge_id::kAnonymizationSuppression,
                     [v](AnonymizationSettings& s) { s.suppressionLimit = v / 100.0; });
    });
    connect(m_metric, &QComboBox::currentIndexChanged, this, [this](int) {
        const auto m = MetricKind(m_metric->currentData().toInt());
        editSettings(tr("Set metric to %1").arg(m_metric->currentText()), -1,
                     [m](AnonymizationSettings& s) { s.metric = m; });
    });
    connectTransformation();
    connect(m_state, &AnonymizationState::settingsChanged, this, &ModelsPanel::refresh);
    connect(m_document, &Document::tableReset, this, &ModelsPanel::refreshRoles);
    connect(m_document, &Document::columnChanged, this, &ModelsPanel::refreshRoles);
    refresh();
    refreshRoles();
}

template <typename F>
void ModelsPanel::editSettings(const QString& text, int mergeId, F change) {
    AnonymizationSettings after = m_state->settings();
    change(after);
    m_state->edit(after, text, mergeId);
}

void ModelsPanel::refresh() {
    const auto& s = m_state->settings();
    const QSignalBlocker b1(m_k), b2(m_lEnabled), b3(m_lVariant), b4(m_l), b5(m_c), b6(m_tEnabled), b7(m_tVariant),
        b8(m_t), b9(m_suppression), b10(m_metric), b11(m_algorithm), b12(m_gsFactor), b13(m_iterations),
        b14(m_localSuppression), b15(m_semantics);
    m_k->setValue(s.k);
    m_lEnabled->setChecked(s.lDiversityEnabled);
    m_lVariant->setCurrentIndex(m_lVariant->findData(int(s.lDiversity.variant)));
    m_l->setValue(s.lDiversity.l);
    m_c->setValue(s.lDiversity.c);
    m_c->setVisible(s.lDiversity.variant == LDiversityVariant::Recursive);
    for (QWidget* w : {static_cast<QWidget*>(m_lVariant), static_cast<QWidget*>(m_l), static_cast<QWidget*>(m_c)})
        w->setEnabled(s.lDiversityEnabled);
    m_tEnabled->setChecked(s.tClosenessEnabled);
    m_tVariant->setCurrentIndex(m_tVariant->findData(int(s.tCloseness.variant)));
    m_t->setValue(s.tCloseness.t);
    m_tVariant->setEnabled(s.tClosenessEnabled);
    m_t->setEnabled(s.tClosenessEnabled);
    m_suppression->setValue(s.suppressionLimit * 100.0);
    m_metric->setCurrentIndex(m_metric->findData(int(s.metric)));
    m_algorithm->setCurrentIndex(m_algorithm->findData(int(s.algorithm)));
    m_algorithm->setToolTip(algorithmToolTip(s.algorithm));
    m_gsFactor->setValue(s.localRecoding.gsFactor);
    m_iterations->setValue(s.localRecoding.iterations);
    const bool recoding = s.algorithm == Algorithm::LocalRecoding;
    m_runForm->setRowVisible(m_gsFactor, recoding);
    m_runForm->setRowVisible(m_iterations, recoding);
    m_localSuppression->setCurrentIndex(
        m_localSuppression->findData(s.localSuppression ? int(*s.localSuppression) : -1));
    const bool suppression = algorithmTakesLocalSuppression(s.algorithm);
    m_localSuppression->setEnabled(suppression);
    m_localSuppression->setToolTip(
        suppression ? tr("Suppress single quasi-identifier cells ('*') instead of whole records until every "
                         "record hides among at least k records")
                    : tr("Local suppression applies to the optimal search or to None (suppression only)"));
    m_semantics->setCurrentIndex(m_semantics->findData(int(s.localSuppressionSemantics)));
    m_semantics->setEnabled(suppression && s.localSuppression.has_value());
}

// The algorithm choice, local recoding's gs-factor and iterations (shown for it only), and local
// suppression (enabled where core takes it).
void ModelsPanel::buildTransformation(QFormLayout* form, QWidget* parent) {
    m_algorithm = new QComboBox(parent);
    m_algorithm->setObjectName(QStringLiteral("anon-algorithm"));
    for (Algorithm a : kOfferedAlgorithms) {
        m_algorithm->addItem(algorithmTitle(a), int(a));
        m_algorithm->setItemData(m_algorithm->count() - 1, algorithmToolTip(a), Qt::ToolTipRole);
    }
    form->addRow(tr("&Algorithm:"), m_algorithm);
    m_gsFactor = new QDoubleSpinBox(parent);
    m_gsFactor->setObjectName(QStringLiteral("anon-gs-factor"));
    m_gsFactor->setRange(0, 1);
    m_gsFactor->setDecimals(2);
    m_gsFactor->setSingleStep(0.05);
    m_gsFactor->setToolTip(
        tr("Weight of generalization against suppression in the later passes (0 favours suppression, 1 "
           "generalization)"));
    form->addRow(tr("&gs-factor:"), m_gsFactor);
    m_iterations = new QSpinBox(parent);
    m_iterations->setObjectName(QStringLiteral("anon-iterations"));
    m_iterations->setRange(1, 100000);
    m_iterations->setToolTip(tr("At most this many passes after the global one"));
    form->addRow(tr("&Iterations:"), m_iterations);
    m_localSuppression = new QComboBox(parent);
    m_localSuppression->setObjectName(QStringLiteral("anon-local-suppression"));
    m_localSuppression->addItem(tr("off"), -1);
    m_localSuppression->addItem(tr("greedy"), int(anonymity::LocalSuppressionMethod::Greedy));
    m_localSuppression->addItem(tr("optimal (small tables)"), int(anonymity::LocalSuppressionMethod::Optimal));
    m_localSuppression->setItemData(1, tr("sdcMicro's greedy rule: any table size"), Qt::ToolTipRole);
    m_localSuppression->setItemData(
        2,
        tr("The fewest cells (integer program); beyond 1000 records or 10 s, the best suppression known, with "
           "the gap"),
        Qt::ToolTipRole);
    form->addRow(tr("&Local suppression:"), m_localSuppression);
    m_semantics = new QComboBox(parent);
    m_semantics->setObjectName(QStringLiteral("anon-suppression-semantics"));
    m_semantics->addItem(tr("any value"), int(anonymity::LocalSuppressionSemantics::Wildcard));
    m_semantics->addItem(tr("a value of its own"), int(anonymity::LocalSuppressionSemantics::Value));
    m_semantics->setItemData(0,
                             tr("sdcMicro's semantics: a '*' matches any value, so every record matches at least k "
                                "records, but records with the same released cells may be fewer than k"),
                             Qt::ToolTipRole);
    m_semantics->setItemData(1,
                             tr("ARX's semantics: every released combination, '*' included, occurs at least k "
                                "times (more cells suppressed, the usual k-anonymity)"),
                             Qt::ToolTipRole);
    form->addRow(tr("'*' &counts as:"), m_semantics);
    for (QComboBox* combo : {m_algorithm, m_localSuppression, m_semantics}) {
        combo->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
        combo->setMinimumContentsLength(12);
    }
}

void ModelsPanel::connectTransformation() {
    connect(m_algorithm, &QComboBox::currentIndexChanged, this, [this](int) {
        const auto a = Algorithm(m_algorithm->currentData().toInt());
        editSettings(tr("Set algorithm to %1").arg(algorithmTitle(a)), -1, [a](AnonymizationSettings& s) {
            s.algorithm = a;
            // None is suppression only: without a method it would release nothing anonymous.
            if (a == Algorithm::None && !s.localSuppression)
                s.localSuppression = anonymity::LocalSuppressionMethod::Greedy;
        });
    });
    connect(m_gsFactor, &QDoubleSpinBox::valueChanged, this, [this](double v) {
        editSettings(tr("Set gs-factor to %1").arg(v), merge_id::kAnonymizationGsFactor,
                     [v](AnonymizationSettings& s) { s.localRecoding.gsFactor = v; });
    });
    connect(m_iterations, &QSpinBox::valueChanged, this, [this](int v) {
        editSettings(tr("Set iterations to %1").arg(v), merge_id::kAnonymizationIterations,
                     [v](AnonymizationSettings& s) { s.localRecoding.iterations = v; });
    });
    connect(m_localSuppression, &QComboBox::currentIndexChanged, this, [this](int) {
        const int v = m_localSuppression->currentData().toInt();
        editSettings(tr("Set local suppression to %1").arg(m_localSuppression->currentText()), -1,
                     [v](AnonymizationSettings& s) {
                         if (v < 0)
                             s.localSuppression.reset();
                         else
                             s.localSuppression = anonymity::LocalSuppressionMethod(v);
                     });
    });
    connect(m_semantics, &QComboBox::currentIndexChanged, this, [this](int) {
        const auto v = anonymity::LocalSuppressionSemantics(m_semantics->currentData().toInt());
        editSettings(tr("Set '*' to count as %1").arg(m_semantics->currentText()), -1,
                     [v](AnonymizationSettings& s) { s.localSuppressionSemantics = v; });
    });
}

void ModelsPanel::refreshRoles() {
    const Table& table = m_document->table();
    QStringList qis;
    for (const auto& q : quasiIdentifierNames(table)) qis << QString::fromStdString(q).toHtmlEscaped();
    const QString sensitive = QString::fromStdString(sensitiveName(table)).toHtmlEscaped();
    m_roles->setText(tr("<b>Quasi-identifiers:</b> %1<br><b>Sensitive:</b> %2<br>"
                        "<small>Set roles from the column headers in the Data tab.</small>")
                         .arg(qis.isEmpty() ? tr("<i>none</i>") : qis.join(QStringLiteral(", ")),
                              sensitive.isEmpty() ? tr("<i>none</i>") : sensitive));
}

}  // namespace veil::ui
