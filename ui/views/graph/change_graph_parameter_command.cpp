#include "views/graph/change_graph_parameter_command.h"

#include <QCoreApplication>

namespace veil::ui {

namespace {
constexpr int kIdBase = 0x67720000;  // "gr": distinct from other views' command ids
}

ChangeGraphParameterCommand::ChangeGraphParameterCommand(GraphParameters* parameters, GraphParameters::Key key,
                                                         const QVariant& value, QUndoCommand* parent)
    : QUndoCommand(parent), m_parameters(parameters), m_key(key), m_old(parameters->value(key)), m_new(value) {
    setText(QCoreApplication::translate("GraphView", "Set %1").arg(GraphParameters::keyName(key)));
}

void ChangeGraphParameterCommand::undo() {
    if (m_parameters) m_parameters->setValue(m_key, m_old);
}

void ChangeGraphParameterCommand::redo() {
    if (m_parameters) m_parameters->setValue(m_key, m_new);
}

int ChangeGraphParameterCommand::id() const { return kIdBase + int(m_key); }

bool ChangeGraphParameterCommand::mergeWith(const QUndoCommand* other) {
    const auto* o = static_cast<const ChangeGraphParameterCommand*>(other);
    if (o->m_parameters != m_parameters || o->m_key != m_key) return false;
    m_new = o->m_new;
    setObsolete(m_new == m_old);
    return true;
}

}  // namespace veil::ui

namespace veil::ui {
void pushGraphParameter(QUndoStack* stack, GraphParameters* parameters, GraphParameters::Key key,
                        const QVariant& value) {
    if (parameters->value(key) == value) return;
    stack->push(new ChangeGraphParameterCommand(parameters, key, value));
}
}  // namespace veil::ui
