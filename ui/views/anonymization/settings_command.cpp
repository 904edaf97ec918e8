#include "views/anonymization/settings_command.h"

#include "views/anonymization/anonymization_state.h"

namespace veil::ui {

namespace {
// Undo ids are shared by the whole stack: keep ours in a range of their own.
constexpr int kIdBase = 0x414e0000;
}  // namespace

SettingsCommand::SettingsCommand(AnonymizationState* state, AnonymizationSettings before, AnonymizationSettings after,
                                 const QString& text, int mergeId)
    : QUndoCommand(text),
      m_state(state),
      m_before(std::move(before)),
      m_after(std::move(after)),
      m_mergeId(mergeId < 0 ? -1 : kIdBase + mergeId) {}

void SettingsCommand::undo() { m_state->setSettings(m_before); }
void SettingsCommand::redo() { m_state->setSettings(m_after); }

bool SettingsCommand::mergeWith(const QUndoCommand* other) {
    const auto* next = static_cast<const SettingsCommand*>(other);
    if (next->m_state != m_state) return false;
    m_after = next->m_after;
    return true;
}

}  // namespace veil::ui
