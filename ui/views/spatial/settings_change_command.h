// SettingsChangeCommand: one undoable edit of the Spatial view's settings (a before/after
// snapshot, after Tiled's ChangeValue). Consecutive edits with the same merge key collapse into
// one step, so dragging the epsilon slider undoes in one go. Harmless if the view is gone.
#pragma once

#include "views/spatial/spatial_settings.h"

#include <QPointer>
#include <QUndoCommand>

namespace veil::ui {

class SpatialParameters;

class SettingsChangeCommand final : public QUndoCommand {
public:
    // Merge ids live above this base so that they never collide with other views' commands.
    static constexpr int kMergeBase = 0x5e0000;

    SettingsChangeCommand(SpatialParameters* target, SpatialSettings before, SpatialSettings after, const QString& text,
                          int mergeKey = -1);

    void undo() override;
    void redo() override;
    int id() const override;
    bool mergeWith(const QUndoCommand* other) override;

private:
    QPointer<SpatialParameters> m_target;
    SpatialSettings m_before, m_after;
    int m_mergeKey;
};

}  // namespace veil::ui
