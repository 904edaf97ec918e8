// SpatialParameters: the Spatial view's settings as an object the undo stack edits. Every user
// edit goes through edit(), which pushes a ValueChangeCommand on the document's undo stack;
// undo/redo call apply(), which emits changed() so the controls and the run follow.
#pragma once

#include "views/spatial/spatial_settings.h"

#include <QObject>
#include <QPointer>

class QUndoStack;

namespace veil::ui {

class SpatialParameters final : public QObject {
    Q_OBJECT

public:
    explicit SpatialParameters(QUndoStack* stack, QObject* parent = nullptr);

    const SpatialSettings& settings() const { return m_settings; }

    // A user edit: pushes one undoable command (merging consecutive edits with the same
    // `mergeId` of undo_merge_ids.h, e.g. dragging the epsilon slider). No-op when nothing changes.
    void edit(const SpatialSettings& next, const QString& text, int mergeId = -1);
    // Sets without undo (undo/redo, and initial column choice when a table appears).
    void apply(const SpatialSettings& next);

Q_SIGNALS:
    void changed(const veil::ui::SpatialSettings& previous, const veil::ui::SpatialSettings& current);

private:
    QPointer<QUndoStack> m_stack;
    SpatialSettings m_settings;
};

}  // namespace veil::ui
