// ChangeGraphParameterCommand: one undoable edit of a Graph view parameter (after Tiled's
// changevalue.h). Consecutive edits of the same parameter (a slider drag) merge into one step.
#pragma once

#include "views/graph/graph_parameters.h"

#include <QPointer>
#include <QUndoCommand>
#include <QUndoStack>
#include <QVariant>

namespace veil::ui {

class ChangeGraphParameterCommand final : public QUndoCommand {
public:
    ChangeGraphParameterCommand(GraphParameters* parameters, GraphParameters::Key key, const QVariant& value,
                                QUndoCommand* parent = nullptr);

    void undo() override;
    void redo() override;
    int id() const override;
    bool mergeWith(const QUndoCommand* other) override;

private:
    QPointer<GraphParameters> m_parameters;
    GraphParameters::Key m_key;
    QVariant m_old;
    QVariant m_new;
};

}  // namespace veil::ui

namespace veil::ui {
// Pushes an edit of `key` on `stack` unless the value is already `value`.
void pushGraphParameter(QUndoStack* stack, GraphParameters* parameters, GraphParameters::Key key,
                        const QVariant& value);
}  // namespace veil::ui
