#include "panels/catalogue_parameter_form.h"

#include "panels/dp_parameters.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QFormLayout>
#include <QSpinBox>

#include <algorithm>
#include <climits>

namespace veil::ui {

namespace {

QVariant defaultOf(const ParameterInfo& p) {
    const nlohmann::json& d = p.defaultValue;
    switch (p.kind) {
        case ParameterKind::Flag:
            return d.is_boolean() ? d.get<bool>() : false;
        case ParameterKind::Integer:
            return d.is_number() ? QVariant(static_cast<qlonglong>(d.get<double>())) : QVariant(qlonglong(p.minimum));
        case ParameterKind::Number:
            return d.is_number() ? d.get<double>() : p.minimum;
        case ParameterKind::Choice:
            return QString::fromStdString(d.is_string() ? d.get<std::string>()
                                                        : (p.choices.empty() ? std::string() : p.choices.front()));
    }
    return {};
}

int clampToInt(double v) { return static_cast<int>(std::clamp(v, double(INT_MIN), double(INT_MAX))); }

}  // namespace

CatalogueParameterForm::CatalogueParameterForm(DpParameters* params, QUndoStack* undo, QWidget* parent)
    : QWidget(parent), m_params(params), m_undo(undo), m_form(new QFormLayout(this)) {
    m_form->setContentsMargins(0, 0, 0, 0);
    connect(m_params, &DpParameters::changed, this, &CatalogueParameterForm::sync);
}

void CatalogueParameterForm::setParameters(const std::vector<ParameterInfo>& parameters, const QStringList& skip,
                                           const QString& keyPrefix) {
    while (m_form->rowCount() > 0) m_form->removeRow(0);  // deletes the editors and their labels
    m_editors.clear();
    for (const ParameterInfo& p : parameters) {
        const QString name = QString::fromStdString(p.name), key = keyPrefix + name;
        if (skip.contains(name)) continue;
        if (!m_params->value(key).isValid()) m_params->setValue(key, defaultOf(p));
        QWidget* editor = makeEditor(p, key);
        editor->setObjectName(QStringLiteral("option-") + name);
        editor->setToolTip(QString::fromStdString(p.help));
        m_form->addRow(QString::fromStdString(p.label), editor);
        m_editors.insert(key, editor);
        sync(key);
    }
    setVisible(!m_editors.isEmpty());
}

QWidget* CatalogueParameterForm::makeEditor(const ParameterInfo& p, const QString& key) {
    const QString label = QString::fromStdString(p.label);
    auto edit = [this, key, label](const QVariant& v) { pushDpParameter(m_undo, m_params, key, v, label); };
    switch (p.kind) {
        case ParameterKind::Flag: {
            auto* check = new QCheckBox(this);
            connect(check, &QCheckBox::toggled, this, [edit](bool v) { edit(v); });
            return check;
        }
        case ParameterKind::Integer: {
            auto* spin = new QSpinBox(this);
            spin->setRange(clampToInt(p.minimum), clampToInt(p.maximum));
            spin->setKeyboardTracking(false);
            connect(spin, &QSpinBox::valueChanged, this, [edit](int v) { edit(qlonglong(v)); });
            return spin;
        }
        case ParameterKind::Number: {
            auto* spin = new QDoubleSpinBox(this);
            spin->setDecimals(4);
            spin->setRange(p.minimum, p.maximum);
            spin->setSingleStep(p.maximum - p.minimum > 10.0 ? 0.5 : 0.05);
            spin->setKeyboardTracking(false);
            connect(spin, &QDoubleSpinBox::valueChanged, this, [edit](double v) { edit(v); });
            return spin;
        }
        case ParameterKind::Choice: {
            auto* combo = new QComboBox(this);
            for (const auto& c : p.choices) combo->addItem(QString::fromStdString(c), QString::fromStdString(c));
            connect(combo, &QComboBox::activated, this, [combo, edit] { edit(combo->currentData()); });
            return combo;
        }
    }
    return new QWidget(this);
}

void CatalogueParameterForm::sync(const QString& key) {
    if (QWidget* editor = m_editors.value(key)) showDpParameter(editor, m_params->value(key));
}

}  // namespace veil::ui
