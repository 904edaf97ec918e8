#include "views/mechanisms/mechanism_form.h"

#include "views/mechanisms/dp_parameters.h"
#include "views/mechanisms/epsilon_slider.h"

#include "veil/table/column_summary.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QFormLayout>
#include <QLabel>
#include <QSignalBlocker>
#include <QSpinBox>
#include <QUndoStack>

#include <cmath>

namespace veil::ui {

namespace {
const char* const kQueries[] = {"count", "sum", "mean", "median", "quantile", "histogram", "range"};
const char* const kQueryText[] = {"Count", "Sum", "Mean", "Median", "Quantile", "Histogram", "Range count"};
const char* const kMechanisms[] = {"laplace", "geometric", "gaussian", "exponential", "smooth", "histogram"};
const char* const kMechanismText[] = {"Laplace", "Geometric (discrete Laplace)", "Gaussian (analytic)",
                                      "Exponential mechanism", "Smooth sensitivity", "Histogram (post-processed)"};

QDoubleSpinBox* realBox(double lo, double hi, int decimals) {
    auto* box = new QDoubleSpinBox;
    box->setRange(lo, hi);
    box->setDecimals(decimals);
    box->setKeyboardTracking(false);
    return box;
}

void fillMechanisms(QComboBox* combo, const QString& first) {
    combo->addItem(first, QString());
    for (std::size_t i = 0; i < std::size(kMechanisms); ++i)
        combo->addItem(QObject::tr(kMechanismText[i]), QString::fromLatin1(kMechanisms[i]));
}
}  // namespace

template <typename W>
W* MechanismForm::add(W* widget, const QString& name, const QString& label) {
    widget->setObjectName(name);
    m_layout->addRow(label, widget);
    return widget;
}

MechanismForm::MechanismForm(DpParameters* parameters, QUndoStack* undoStack, QWidget* parent)
    : QWidget(parent), m_params(parameters), m_undo(undoStack) {
    m_layout = new QFormLayout(this);
    m_layout->setFieldGrowthPolicy(QFormLayout::AllNonFixedFieldsGrow);
    m_column = add(new QComboBox, QStringLiteral("column"), tr("Column"));
    m_query = add(new QComboBox, QStringLiteral("query"), tr("Query"));
    for (std::size_t i = 0; i < std::size(kQueries); ++i) m_query->addItem(tr(kQueryText[i]), QString::fromLatin1(kQueries[i]));
    m_quantile = add(realBox(0.0, 1.0, 3), QStringLiteral("quantile"), tr("Quantile q"));
    m_quantile->setSingleStep(0.05);
    m_rangeLower = add(realBox(-1e12, 1e12, 3), QStringLiteral("range-lower"), tr("Range from"));
    m_rangeUpper = add(realBox(-1e12, 1e12, 3), QStringLiteral("range-upper"), tr("Range to"));
    m_mechanism = add(new QComboBox, QStringLiteral("mechanism"), tr("Mechanism"));
    fillMechanisms(m_mechanism, tr("Natural for the query"));
    m_compare = add(new QComboBox, QStringLiteral("compare"), tr("Compare with"));
    fillMechanisms(m_compare, tr("(no comparison)"));
    m_compare->setItemData(0, QStringLiteral("none"));
    m_epsilon = add(new EpsilonSlider, QStringLiteral("epsilon"), tr("Epsilon ε"));
    m_delta = add(realBox(0.0, 0.5, 10), QStringLiteral("delta"), tr("Delta δ"));
    m_delta->setSingleStep(1e-6);
    m_lower = add(realBox(-1e12, 1e12, 3), QStringLiteral("lower"), tr("Clamp lower"));
    m_upper = add(realBox(-1e12, 1e12, 3), QStringLiteral("upper"), tr("Clamp upper"));
    m_bins = add(new QSpinBox, QStringLiteral("bins"), tr("Bins"));
    m_bins->setRange(1, 1000);
    m_seeded = add(new QCheckBox(tr("Fixed seed (demo)")), QStringLiteral("seeded"), QString());
    m_seed = add(new QSpinBox, QStringLiteral("seed"), tr("Seed"));
    m_seed->setRange(0, 1'000'000'000);
    m_showTrue = add(new QCheckBox(tr("Show true value (teaching)")), QStringLiteral("show-true"), QString());

    m_params->setValue(QStringLiteral("query"), QStringLiteral("count"));
    m_params->setValue(QStringLiteral("quantile"), 0.5);
    m_params->setValue(QStringLiteral("mechanism"), QString());
    m_params->setValue(QStringLiteral("compare"), QStringLiteral("none"));
    m_params->setValue(QStringLiteral("epsilon"), 1.0);
    m_params->setValue(QStringLiteral("delta"), 0.0);
    m_params->setValue(QStringLiteral("bins"), 10);
    m_params->setValue(QStringLiteral("seeded"), false);
    m_params->setValue(QStringLiteral("seed"), 42);
    m_params->setValue(QStringLiteral("show-true"), false);
    for (const char* key : {"column", "query", "quantile", "range-lower", "range-upper", "mechanism", "compare",
                            "epsilon", "delta", "lower", "upper", "bins", "seeded", "seed", "show-true"})
        sync(QString::fromLatin1(key));
    connect(m_params, &DpParameters::changed, this, &MechanismForm::sync);

    auto edit = [this](const QString& key, const QString& label) {
        return [this, key, label](const QVariant& v) { pushDpParameter(m_undo, m_params, key, v, label); };
    };
    connect(m_column, &QComboBox::activated, this, [this] { pickColumn(m_column->currentData().toString()); });
    connect(m_query, &QComboBox::activated, this, [this, e = edit(QStringLiteral("query"), tr("query"))] { e(m_query->currentData()); });
    connect(m_mechanism, &QComboBox::activated, this, [this, e = edit(QStringLiteral("mechanism"), tr("mechanism"))] { e(m_mechanism->currentData()); });
    connect(m_compare, &QComboBox::activated, this, [this, e = edit(QStringLiteral("compare"), tr("comparison"))] { e(m_compare->currentData()); });
    connect(m_epsilon, &EpsilonSlider::epsilonEdited, this, [e = edit(QStringLiteral("epsilon"), tr("epsilon"))](double v) { e(v); });
    const struct { QDoubleSpinBox* box; const char* key; const char* label; } reals[] = {
        {m_quantile, "quantile", "quantile"}, {m_rangeLower, "range-lower", "range start"}, {m_rangeUpper, "range-upper", "range end"},
        {m_delta, "delta", "delta"}, {m_lower, "lower", "lower bound"}, {m_upper, "upper", "upper bound"}};
    for (const auto& r : reals)
        connect(r.box, &QDoubleSpinBox::valueChanged, this, [e = edit(QString::fromLatin1(r.key), tr(r.label))](double v) { e(v); });
    connect(m_bins, &QSpinBox::valueChanged, this, [e = edit(QStringLiteral("bins"), tr("bins"))](int v) { e(v); });
    connect(m_seed, &QSpinBox::valueChanged, this, [e = edit(QStringLiteral("seed"), tr("seed"))](int v) { e(v); });
    connect(m_seeded, &QCheckBox::toggled, this, [e = edit(QStringLiteral("seeded"), tr("fixed seed"))](bool v) { e(v); });
    connect(m_showTrue, &QCheckBox::toggled, this, [e = edit(QStringLiteral("show-true"), tr("show true value"))](bool v) { e(v); });
    updateVisibility();
}

void MechanismForm::setTable(const Table& table) {
    m_table = &table;
    {
        const QSignalBlocker block(m_column);
        m_column->clear();
        for (const std::string& name : table.columnNames()) m_column->addItem(QString::fromStdString(name), QString::fromStdString(name));
    }
    // A new dataset: defaults without undo (the document cleared its history).
    QString first;
    for (std::size_t i = 0; i < table.columnCount() && first.isEmpty(); ++i)
        if (table.column(i).type() == ColumnType::Integer || table.column(i).type() == ColumnType::Real)
            first = QString::fromStdString(table.column(i).name());
    if (first.isEmpty() && table.columnCount() > 0) first = QString::fromStdString(table.column(0).name());
    m_params->setValue(QStringLiteral("column"), first);
    const auto index = table.columnIndex(first.toStdString());
    if (index) {
        const ColumnSummary s = summarizeColumn(table, *index);
        m_params->setValue(QStringLiteral("lower"), s.minValue.value_or(0.0));
        m_params->setValue(QStringLiteral("upper"), s.maxValue.value_or(1.0));
        m_params->setValue(QStringLiteral("range-lower"), s.minValue.value_or(0.0));
        m_params->setValue(QStringLiteral("range-upper"), s.maxValue.value_or(1.0));
    }
    sync(QStringLiteral("column"));
}

// Picking a column also moves the clamping bounds to its range (teaching default; in a real
// release the bounds must be public knowledge, not read off the data): one undo step.
void MechanismForm::pickColumn(const QString& name) {
    if (!m_table || name == m_params->text(QStringLiteral("column"))) return;
    m_undo->beginMacro(tr("Set column to %1").arg(name));
    pushDpParameter(m_undo, m_params, QStringLiteral("column"), name, tr("column"));
    const auto index = m_table->columnIndex(name.toStdString());
    if (index) {
        const ColumnSummary s = summarizeColumn(*m_table, *index);
        if (s.minValue && s.maxValue) {
            pushDpParameter(m_undo, m_params, QStringLiteral("lower"), *s.minValue, tr("lower bound"));
            pushDpParameter(m_undo, m_params, QStringLiteral("upper"), *s.maxValue, tr("upper bound"));
        }
    }
    m_undo->endMacro();
}

void MechanismForm::sync(const QString& key) {
    const QVariant v = m_params->value(key);
    auto setCombo = [&](QComboBox* combo) {
        const QSignalBlocker block(combo);
        const int i = combo->findData(v);
        if (i >= 0) combo->setCurrentIndex(i);
    };
    auto setReal = [&](QDoubleSpinBox* box) {
        const QSignalBlocker block(box);
        box->setValue(v.toDouble());
    };
    if (key == QLatin1String("column")) setCombo(m_column);
    else if (key == QLatin1String("query")) setCombo(m_query), updateVisibility();
    else if (key == QLatin1String("mechanism")) setCombo(m_mechanism);
    else if (key == QLatin1String("compare")) setCombo(m_compare);
    else if (key == QLatin1String("epsilon")) m_epsilon->setEpsilon(v.toDouble());
    else if (key == QLatin1String("quantile")) setReal(m_quantile);
    else if (key == QLatin1String("range-lower")) setReal(m_rangeLower);
    else if (key == QLatin1String("range-upper")) setReal(m_rangeUpper);
    else if (key == QLatin1String("delta")) setReal(m_delta);
    else if (key == QLatin1String("lower")) setReal(m_lower);
    else if (key == QLatin1String("upper")) setReal(m_upper);
    else if (key == QLatin1String("bins")) { const QSignalBlocker b(m_bins); m_bins->setValue(v.toInt()); }
    else if (key == QLatin1String("seed")) { const QSignalBlocker b(m_seed); m_seed->setValue(v.toInt()); }
    else if (key == QLatin1String("seeded")) { const QSignalBlocker b(m_seeded); m_seeded->setChecked(v.toBool()); m_seed->setEnabled(v.toBool()); }
    else if (key == QLatin1String("show-true")) { const QSignalBlocker b(m_showTrue); m_showTrue->setChecked(v.toBool()); }
}

void MechanismForm::updateVisibility() {
    const QString q = m_params->text(QStringLiteral("query"));
    const bool bounded = q != QLatin1String("count") && q != QLatin1String("range");
    m_layout->setRowVisible(m_quantile, q == QLatin1String("quantile"));
    m_layout->setRowVisible(m_rangeLower, q == QLatin1String("range"));
    m_layout->setRowVisible(m_rangeUpper, q == QLatin1String("range"));
    m_layout->setRowVisible(m_lower, bounded);
    m_layout->setRowVisible(m_upper, bounded);
    m_layout->setRowVisible(m_bins, q == QLatin1String("histogram") || q == QLatin1String("median") || q == QLatin1String("quantile"));
}

dp::ColumnQuerySpec MechanismForm::specFor(const QString& mechanismKey) const {
    dp::ColumnQuerySpec spec;
    const QString q = m_params->text(QStringLiteral("query"));
    const std::string text = q == QLatin1String("range") ? std::string("range:0:0")
                             : q == QLatin1String("quantile") ? std::string("quantile:0.5") : q.toStdString();
    (void)dp::parseQueryInto(text, spec);
    if (q == QLatin1String("quantile")) spec.quantile = m_params->real(QStringLiteral("quantile"));
    if (q == QLatin1String("range")) {
        spec.rangeLower = m_params->real(QStringLiteral("range-lower"));
        spec.rangeUpper = m_params->real(QStringLiteral("range-upper"));
    }
    if (!mechanismKey.isEmpty()) {
        auto kind = dp::parseMechanismKind(mechanismKey.toStdString());
        if (kind) spec.mechanism = *kind;
    }
    spec.epsilon = m_params->real(QStringLiteral("epsilon"));
    spec.delta = m_params->real(QStringLiteral("delta"));
    const bool bounded = q != QLatin1String("count") && q != QLatin1String("range");
    if (bounded) {
        spec.lower = m_params->real(QStringLiteral("lower"));
        spec.upper = m_params->real(QStringLiteral("upper"));
    }
    const bool numericColumn = [&] {
        if (!m_table) return false;
        auto i = m_table->columnIndex(m_params->text(QStringLiteral("column")).toStdString());
        return i && (m_table->column(*i).type() == ColumnType::Integer || m_table->column(*i).type() == ColumnType::Real);
    }();
    if (q == QLatin1String("histogram") && !numericColumn) spec.lower.reset(), spec.upper.reset();
    if ((q == QLatin1String("histogram") && numericColumn) || spec.mechanism == dp::MechanismKind::Histogram)
        spec.binCount = m_params->integer(QStringLiteral("bins"));
    return spec;
}

}  // namespace veil::ui
