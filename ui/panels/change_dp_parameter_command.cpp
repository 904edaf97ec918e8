#include "panels/change_dp_parameter_command.h"

#include <QCoreApplication>
#include <QUndoStack>

namespace veil::ui {

void DpParameters::setValue(const QString& key, const QVariant& value) {
    if (m_values.value(key) == value && m_values.contains(key)) return;
    m_values.insert(key, value);
    Q_EMIT changed(key);
}

ChangeDpParameterCommand::ChangeDpParameterCommand(DpParameters* parameters, const QString& key, const QVariant& value,
                                                   const QString& label, QUndoCommand* parent)
    : QUndoCommand(parent), m_parameters(parameters), m_key(key), m_old(parameters->value(key)), m_new(value) {
    setText(QCoreApplication::translate("MechanismsView", "Set %1").arg(label.isEmpty() ? key : label));
}

void ChangeDpParameterCommand::undo() {
    if (m_parameters) m_parameters->setValue(m_key, m_old);
}

void ChangeDpParameterCommand::redo() {
    if (m_parameters) m_parameters->setValue(m_key, m_new);
}

bool ChangeDpParameterCommand::mergeWith(const QUndoCommand* other) {
    const auto* o = static_cast<const ChangeDpParameterCommand*>(other);
    if (o->m_parameters != m_parameters || o->m_key != m_key) return false;
    m_new = o->m_new;
    setObsolete(m_new == m_old);
    return true;
}

void pushDpParameter(QUndoStack* stack, DpParameters* parameters, const QString& key, const QVariant& value,
                     const QString& label) {
    if (parameters->value(key) == value) return;
    if (!stack) {
        parameters->setValue(key, value);
        return;
    }
    stack->push(new ChangeDpParameterCommand(parameters, key, value, label));
}

}  // namespace veil::ui
