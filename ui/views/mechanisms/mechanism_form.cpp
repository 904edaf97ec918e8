#include "views/mechanisms/mechanism_form.h"

#include "panels/dp_parameters.h"
#include "panels/epsilon_slider.h"
#include "panels/privacy_value_edit.h"

#include "veil/table/column_summary.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QFormLayout>
#include <QLabel>
#include <QLineEdit>
#include <QSignalBlocker>
#include <QSpinBox>
#include <QUndoStack>

#include <cmath>

namespace veil::ui {

namespace {
const char* const kQueries[] = {"count", "sum", "mean", "median", "quantile", "histogram", "range"};
const char* const kQueryText[] = {"Count", "Sum", "Mean", "Median", "Quantile", "Histogram", "Range count"};
const char* const kMechanisms[] = {"laplace", "geometric", "gaussian", "exponential", "smooth", "histogram"};
const char* const kMechanismText[] = {"Laplace",
                                      "Geometric (discrete Laplace)",
                                      "Gaussian (analytic)",
                                      "Exponential mechanism",
                                      "Smooth sensitivity",
                                      "Histogram (post-processed)"};

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
    for (std::size_t i = 0; i < std::size(kQueries); ++i)
        m_query->addItem(tr(kQueryText[i]), QString::fromLatin1(kQueries[i]));
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
    m_delta = add(new PrivacyValueEdit(PrivacyValueEdit::Kind::Delta), QStringLiteral("delta"), tr("Delta δ"));
    m_deltaB =
        add(new PrivacyValueEdit(PrivacyValueEdit::Kind::Delta), QStringLiteral("delta-b"), tr("Delta δ (compared)"));
    m_deltaB->lineEdit()->setObjectName(QStringLiteral("delta-b-input"));
    m_deltaB->messageLabel()->setObjectName(QStringLiteral("delta-b-message"));  // not the first δ's
    m_deltaB->setToolTip(
        tr("The compared mechanism's own δ: e.g. 0 for the exponential mechanism, 1e-6 for "
           "smooth sensitivity"));
    m_lower = add(realBox(-1e12, 1e12, 3), QStringLiteral("lower"), tr("Clamp lower"));
    m_upper = add(realBox(-1e12, 1e12, 3), QStringLiteral("upper"), tr("Clamp upper"));
    m_boundsWarning = new QLabel(tr("⚠ The clamp bounds are the column's own minimum and maximum: they were read "
                                    "off the data, which is not private (teaching only). Declare public bounds "
                                    "before a real release."),
                                 this);
    m_boundsWarning->setObjectName(QStringLiteral("bounds-warning"));
    m_boundsWarning->setWordWrap(true);
    m_boundsWarning->setStyleSheet(QStringLiteral("color: #8a4b00; font-weight: bold"));
    m_layout->addRow(m_boundsWarning);
    m_bins = add(new QSpinBox, QStringLiteral("bins"), tr("Bins"));
    m_bins->setRange(1, 1000);
    m_categories = add(new QLineEdit, QStringLiteral("categories"), tr("Categories"));
    m_categories->setPlaceholderText(tr("declared categories, e.g. Private, State-gov"));
    m_categories->setToolTip(
        tr("The public list of categories the histogram counts. Values outside it are dropped (or counted "
           "as other); a category is never taken from the data, where one record could add it."));
    m_other = add(new QCheckBox(tr("Count other values as \"other\"")), QStringLiteral("other"), QString());
    m_domainHint = new QLabel(this);
    m_domainHint->setObjectName(QStringLiteral("domain-hint"));
    m_domainHint->setWordWrap(true);
    m_layout->addRow(m_domainHint);
    m_seeded = add(new QCheckBox(tr("Fixed seed (demo)")), QStringLiteral("seeded"), QString());
    m_seed = add(new QSpinBox, QStringLiteral("seed"), tr("Seed"));
    m_seed->setRange(0, 1'000'000'000);
    m_showTrue = add(new QCheckBox(tr("Show true value (teaching)")), QStringLiteral("show-true"), QString());

    setDefaults();
    connect(m_params, &DpParameters::changed, this, &MechanismForm::sync);

    connectEdits();
    setTeaching(false);
    updateVisibility();
}

// Defaults of every parameter, without undo; the widgets follow.
void MechanismForm::setDefaults() {
    m_params->setValue(QStringLiteral("query"), QStringLiteral("count"));
    m_params->setValue(QStringLiteral("quantile"), 0.5);
    m_params->setValue(QStringLiteral("mechanism"), QString());
    m_params->setValue(QStringLiteral("compare"), QStringLiteral("none"));
    m_params->setValue(QStringLiteral("epsilon"), 1.0);
    m_params->setValue(QStringLiteral("delta"), 0.0);
    m_params->setValue(QStringLiteral("delta-b"), 0.0);
    m_params->setValue(QStringLiteral("bins"), 10);
    m_params->setValue(QStringLiteral("lower"), 0.0);
    m_params->setValue(QStringLiteral("upper"), 100.0);
    m_params->setValue(QStringLiteral("categories"), QString());
    m_params->setValue(QStringLiteral("other"), false);
    m_params->setValue(QStringLiteral("seeded"), false);
    m_params->setValue(QStringLiteral("seed"), 42);
    m_params->setValue(QStringLiteral("show-true"), false);
    for (const char* key :
         {"column", "query", "quantile", "range-lower", "range-upper", "mechanism", "compare", "epsilon", "delta",
          "delta-b", "lower", "upper", "bins", "categories", "other", "seeded", "seed", "show-true"})
        sync(QString::fromLatin1(key));
}

// Every user edit becomes an undoable parameter change.
void MechanismForm::connectEdits() {
    auto edit = [this](const QString& key, const QString& label) {
        return [this, key, label](const QVariant& v) { pushDpParameter(m_undo, m_params, key, v, label); };
    };
    connect(m_column, &QComboBox::activated, this, [this] { pickColumn(m_column->currentData().toString()); });
    connect(m_query, &QComboBox::activated, this,
            [this, e = edit(QStringLiteral("query"), tr("query"))] { e(m_query->currentData()); });
    connect(m_mechanism, &QComboBox::activated, this,
            [this, e = edit(QStringLiteral("mechanism"), tr("mechanism"))] { e(m_mechanism->currentData()); });
    connect(m_compare, &QComboBox::activated, this,
            [this, e = edit(QStringLiteral("compare"), tr("comparison"))] { e(m_compare->currentData()); });
    connect(m_epsilon, &EpsilonSlider::epsilonEdited, this,
            [e = edit(QStringLiteral("epsilon"), tr("epsilon"))](double v) { e(v); });
    connect(m_delta, &PrivacyValueEdit::valueEdited, this,
            [e = edit(QStringLiteral("delta"), tr("delta"))](double v) { e(v); });
    connect(m_deltaB, &PrivacyValueEdit::valueEdited, this,
            [e = edit(QStringLiteral("delta-b"), tr("compared delta"))](double v) { e(v); });
    const struct {
        QDoubleSpinBox* box;
        const char* key;
        const char* label;
    } reals[] = {{m_quantile, "quantile", "quantile"},
                 {m_rangeLower, "range-lower", "range start"},
                 {m_rangeUpper, "range-upper", "range end"},
                 {m_lower, "lower", "lower bound"},
                 {m_upper, "upper", "upper bound"}};
    for (const auto& r : reals)
        connect(r.box, &QDoubleSpinBox::valueChanged, this,
                [e = edit(QString::fromLatin1(r.key), tr(r.label))](double v) { e(v); });
    connect(m_bins, &QSpinBox::valueChanged, this, [e = edit(QStringLiteral("bins"), tr("bins"))](int v) { e(v); });
    connect(m_seed, &QSpinBox::valueChanged, this, [e = edit(QStringLiteral("seed"), tr("seed"))](int v) { e(v); });
    connect(m_seeded, &QCheckBox::toggled, this,
            [e = edit(QStringLiteral("seeded"), tr("fixed seed"))](bool v) { e(v); });
    connect(m_showTrue, &QCheckBox::toggled, this,
            [e = edit(QStringLiteral("show-true"), tr("show true value"))](bool v) { e(v); });
    connect(m_categories, &QLineEdit::editingFinished, this,
            [this, e = edit(QStringLiteral("categories"), tr("categories"))] { e(m_categories->text()); });
    connect(m_other, &QCheckBox::toggled, this, [e = edit(QStringLiteral("other"), tr("other bin"))](bool v) { e(v); });
}

void MechanismForm::setTeaching(bool teaching) {
    m_teaching = teaching;
    m_showTrue->setEnabled(teaching);
    m_showTrue->setToolTip(teaching ? tr("Show the true answer beside the noisy one (teaching mode: not private)")
                                    : tr("True values are shown in teaching mode only (View > Teaching mode)"));
    m_domainHint->setText(
        teaching ? tr("<i>Teaching mode: bounds and categories follow the data (not private).</i>")
                 : tr("<i>Declare public bounds and categories: they are part of what is released and must "
                      "not be read off the data.</i>"));
    if (teaching && m_table) domainFromData(m_params->text(QStringLiteral("column")), false);
}

bool MechanismForm::numericColumn() const {
    if (!m_table) return false;
    auto i = m_table->columnIndex(m_params->text(QStringLiteral("column")).toStdString());
    return i && isNumericType(m_table->column(*i).type());
}

void MechanismForm::domainFromData(const QString& name, bool undoable) {
    const auto index = m_table ? m_table->columnIndex(name.toStdString()) : Result<std::size_t>(Status::notFound(""));
    if (!index) return;
    const ColumnSummary s = summarizeColumn(*m_table, *index);
    QStringList categories;
    if (!isNumericType(m_table->column(*index).type()))
        for (const auto& label : valueCounts(m_table->column(*index), 20, 50).labels)
            if (label != "(other)") categories << QString::fromStdString(label);
    auto set = [&](const char* key, const QVariant& v, const QString& label) {
        if (undoable)
            pushDpParameter(m_undo, m_params, QString::fromLatin1(key), v, label);
        else
            m_params->setValue(QString::fromLatin1(key), v);
        m_dataFilled.record(QString::fromLatin1(key), m_params->value(QString::fromLatin1(key)));
    };
    if (s.minValue && s.maxValue) {
        set("lower", *s.minValue, tr("lower bound"));
        set("upper", *s.maxValue, tr("upper bound"));
    }
    updateBoundsWarning();
    set("categories", categories.join(QStringLiteral(", ")), tr("categories"));
}

void MechanismForm::setTable(const Table& table) {
    m_table = &table;
    {
        const QSignalBlocker block(m_column);
        m_column->clear();
        for (const std::string& name : table.columnNames())
            m_column->addItem(QString::fromStdString(name), QString::fromStdString(name));
    }
    // A new dataset: defaults without undo (the document cleared its history).
    QString first;
    for (std::size_t i = 0; i < table.columnCount() && first.isEmpty(); ++i)
        if (table.column(i).type() == ColumnType::Integer || table.column(i).type() == ColumnType::Real)
            first = QString::fromStdString(table.column(i).name());
    if (first.isEmpty() && table.columnCount() > 0) first = QString::fromStdString(table.column(0).name());
    m_params->setValue(QStringLiteral("column"), first);
    if (m_teaching) domainFromData(first, false);
    sync(QStringLiteral("column"));
}

// In teaching mode picking a column also moves the bounds and categories to its data: one undo
// step. In release mode they stay as declared.
void MechanismForm::pickColumn(const QString& name) {
    if (!m_table || name == m_params->text(QStringLiteral("column"))) return;
    m_undo->beginMacro(tr("Set column to %1").arg(name));
    pushDpParameter(m_undo, m_params, QStringLiteral("column"), name, tr("column"));
    if (m_teaching) domainFromData(name, true);
    m_undo->endMacro();
    updateVisibility();
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
    if (key == QLatin1String("column"))
        setCombo(m_column), updateVisibility();
    else if (key == QLatin1String("query"))
        setCombo(m_query), updateVisibility();
    else if (key == QLatin1String("mechanism"))
        setCombo(m_mechanism);
    else if (key == QLatin1String("compare"))
        setCombo(m_compare), updateVisibility();
    else if (key == QLatin1String("epsilon"))
        m_epsilon->setEpsilon(v.toDouble());
    else if (key == QLatin1String("quantile"))
        setReal(m_quantile);
    else if (key == QLatin1String("range-lower"))
        setReal(m_rangeLower);
    else if (key == QLatin1String("range-upper"))
        setReal(m_rangeUpper);
    else if (key == QLatin1String("delta"))
        m_delta->setValue(v.toDouble());
    else if (key == QLatin1String("delta-b"))
        m_deltaB->setValue(v.toDouble());
    else if (key == QLatin1String("lower"))
        setReal(m_lower), updateBoundsWarning();
    else if (key == QLatin1String("upper"))
        setReal(m_upper), updateBoundsWarning();
    else if (key == QLatin1String("bins")) {
        const QSignalBlocker b(m_bins);
        m_bins->setValue(v.toInt());
    } else if (key == QLatin1String("categories")) {
        const QSignalBlocker b(m_categories);
        m_categories->setText(v.toString());
    } else if (key == QLatin1String("other")) {
        const QSignalBlocker b(m_other);
        m_other->setChecked(v.toBool());
    } else if (key == QLatin1String("seed")) {
        const QSignalBlocker b(m_seed);
        m_seed->setValue(v.toInt());
    } else if (key == QLatin1String("seeded")) {
        const QSignalBlocker b(m_seeded);
        m_seeded->setChecked(v.toBool());
        m_seed->setEnabled(v.toBool());
    } else if (key == QLatin1String("show-true")) {
        const QSignalBlocker b(m_showTrue);
        m_showTrue->setChecked(v.toBool());
    }
}

void MechanismForm::updateVisibility() {
    const QString q = m_params->text(QStringLiteral("query"));
    const bool bounded = q != QLatin1String("count") && q != QLatin1String("range");
    m_layout->setRowVisible(m_quantile, q == QLatin1String("quantile"));
    m_layout->setRowVisible(m_rangeLower, q == QLatin1String("range"));
    m_layout->setRowVisible(m_rangeUpper, q == QLatin1String("range"));
    m_layout->setRowVisible(m_lower, bounded);
    m_layout->setRowVisible(m_upper, bounded);
    const bool histogram = q == QLatin1String("histogram");
    const bool categorical = histogram && !numericColumn();
    m_layout->setRowVisible(m_lower, bounded && !categorical);
    m_layout->setRowVisible(m_upper, bounded && !categorical);
    m_layout->setRowVisible(
        m_bins, (histogram && !categorical) || q == QLatin1String("median") || q == QLatin1String("quantile"));
    m_layout->setRowVisible(m_categories, categorical);
    m_layout->setRowVisible(m_other, categorical);
    m_layout->setRowVisible(m_deltaB, m_params->text(QStringLiteral("compare")) != QLatin1String("none"));
    updateBoundsWarning();
}

// A bound stays "from the data" until the user declares it; the warning shows whenever a bound
// that came from the data would be used.
void MechanismForm::updateBoundsWarning() {
    if (!m_table) m_dataFilled.clear();
    const bool shown = boundsFromData() && m_layout->isRowVisible(m_lower);
    m_boundsWarning->setVisible(shown);
    m_layout->setRowVisible(m_boundsWarning, shown);
}

bool MechanismForm::boundsFromData() const {
    return !m_dataFilled
                .stillFromData({QStringLiteral("lower"), QStringLiteral("upper")},
                               [this](const QString& k) { return m_params->value(k); })
                .isEmpty();
}

QString MechanismForm::domainRefusal() const {
    QStringList keys;
    if (m_layout->isRowVisible(m_lower)) keys << QStringLiteral("lower") << QStringLiteral("upper");
    if (m_layout->isRowVisible(m_categories)) keys << QStringLiteral("categories");
    return m_dataFilled.refusal(keys, [this](const QString& k) { return m_params->value(k); });
}

dp::ColumnQuerySpec MechanismForm::specFor(const QString& mechanismKey, bool comparison) const {
    dp::ColumnQuerySpec spec;
    const QString q = m_params->text(QStringLiteral("query"));
    const std::string text = q == QLatin1String("range")      ? std::string("range:0:0")
                             : q == QLatin1String("quantile") ? std::string("quantile:0.5")
                                                              : q.toStdString();
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
    spec.delta = m_params->real(comparison ? QStringLiteral("delta-b") : QStringLiteral("delta"));
    const bool bounded = q != QLatin1String("count") && q != QLatin1String("range");
    if (bounded) {
        spec.lower = m_params->real(QStringLiteral("lower"));
        spec.upper = m_params->real(QStringLiteral("upper"));
    }
    const bool numeric = numericColumn();
    if (q == QLatin1String("histogram") && !numeric) {
        spec.lower.reset(), spec.upper.reset();
        for (const QString& c :
             m_params->text(QStringLiteral("categories")).split(QLatin1Char(','), Qt::SkipEmptyParts))
            if (!c.trimmed().isEmpty()) spec.categories.push_back(c.trimmed().toStdString());
        if (m_params->flag(QStringLiteral("other"))) spec.otherLabel = std::string("other");
    }
    if ((q == QLatin1String("histogram") && numeric) || spec.mechanism == dp::MechanismKind::Histogram)
        spec.binCount = m_params->integer(QStringLiteral("bins"));
    return spec;
}

}  // namespace veil::ui
