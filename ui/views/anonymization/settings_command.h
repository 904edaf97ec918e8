// SettingsCommand: the one undo command of the anonymization view (Tiled's "change value" idea):
// it keeps the whole settings value before and after an edit. Consecutive edits of the same
// field (same merge id) collapse into one step, so spinning k from 2 to 10 undoes at once.
#pragma once

#include "views/anonymization/anonymization_settings.h"

#include <QUndoCommand>

namespace veil::ui {

class AnonymizationState;

class SettingsCommand final : public QUndoCommand {
public:
    SettingsCommand(AnonymizationState* state, AnonymizationSettings before, AnonymizationSettings after,
                    const QString& text, int mergeId = -1);

    void undo() override;
    void redo() override;
    int id() const override { return m_mergeId; }
    bool mergeWith(const QUndoCommand* other) override;

private:
    AnonymizationState* m_state;
    AnonymizationSettings m_before;
    AnonymizationSettings m_after;
    int m_mergeId;
};

}  // namespace veil::ui
