#include "panels/dp_parameters.h"

#include "workbench/value_change_command.h"

#include <QCheckBox>
#include <QComboBox>
#include <QCoreApplication>
#include <QDoubleSpinBox>
#include <QLineEdit>
#include <QSpinBox>
#include <QUndoStack>

#include <algorithm>
#include <climits>

namespace veil::ui {

void DpParameters::setValue(const QString& key, const QVariant& value) {
    if (m_values.value(key) == value && m_values.contains(key)) return;
    m_values.insert(key, value);
    Q_EMIT changed(key);
}

void pushDpParameter(QUndoStack* stack, DpParameters* parameters, const QString& key, const QVariant& value,
                     const QString& label) {
    if (parameters->value(key) == value) return;
    if (!stack) {
        parameters->setValue(key, value);
        return;
    }
    const QString text = QCoreApplication::translate("MechanismsView", "Set %1").arg(label.isEmpty() ? key : label);
    stack->push(new ValueChangeCommand<QVariant>(parameters, parameters->value(key), value,
                                                 [parameters, key](const QVariant& v) { parameters->setValue(key, v); },
                                                 text, {merge_id::kDpParameter, key, true}));
}

void showDpParameter(QWidget* editor, const QVariant& value) {
    if (!editor) return;
    const QSignalBlocker block(editor);
    if (auto* line = qobject_cast<QLineEdit*>(editor))
        line->setText(value.toString());
    else if (auto* real = qobject_cast<QDoubleSpinBox*>(editor))
        real->setValue(value.toDouble());
    else if (auto* combo = qobject_cast<QComboBox*>(editor))
        combo->setCurrentIndex(std::max(0, combo->findData(value)));
    else if (auto* spin = qobject_cast<QSpinBox*>(editor))
        spin->setValue(static_cast<int>(std::clamp(value.toDouble(), double(INT_MIN), double(INT_MAX))));
    else if (auto* check = qobject_cast<QCheckBox*>(editor))
        check->setChecked(value.toBool());
}

}  // namespace veil::ui
