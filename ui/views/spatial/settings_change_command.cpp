#include "views/spatial/settings_change_command.h"

#include "views/spatial/spatial_parameters.h"

namespace veil::ui {

SettingsChangeCommand::SettingsChangeCommand(SpatialParameters* target, SpatialSettings before, SpatialSettings after,
                                             const QString& text, int mergeKey)
    : QUndoCommand(text),
      m_target(target),
      m_before(std::move(before)),
      m_after(std::move(after)),
      m_mergeKey(mergeKey) {}

void SettingsChangeCommand::undo() {
    if (m_target) m_target->apply(m_before);
}

void SettingsChangeCommand::redo() {
    if (m_target) m_target->apply(m_after);
}

int SettingsChangeCommand::id() const { return m_mergeKey < 0 ? -1 : kMergeBase + m_mergeKey; }

bool SettingsChangeCommand::mergeWith(const QUndoCommand* other) {
    const auto* next = dynamic_cast<const SettingsChangeCommand*>(other);
    if (!next || next->m_target != m_target || next->m_mergeKey != m_mergeKey) return false;
    m_after = next->m_after;
    return true;
}

}  // namespace veil::ui
