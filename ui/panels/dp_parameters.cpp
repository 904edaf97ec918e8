#include "panels/dp_parameters.h"

#include "workbench/value_change_command.h"

#include <QCoreApplication>
#include <QUndoStack>

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

}  // namespace veil::ui
