// ChangeDpParameterCommand: one undoable edit of a DP view parameter (after Tiled's changevalue.h).
// Consecutive edits of the same parameter merge into one step.
#pragma once

#include "panels/dp_parameters.h"

#include <QPointer>
#include <QUndoCommand>
#include <QVariant>

namespace veil::ui {

class ChangeDpParameterCommand final : public QUndoCommand {
public:
    ChangeDpParameterCommand(DpParameters* parameters, const QString& key, const QVariant& value, const QString& label,
                             QUndoCommand* parent = nullptr);

    void undo() override;
    void redo() override;
    int id() const override { return 0x64700000; }  // "dp": distinct from other views' command ids
    bool mergeWith(const QUndoCommand* other) override;

private:
    QPointer<DpParameters> m_parameters;
    QString m_key;
    QVariant m_old;
    QVariant m_new;
};

}  // namespace veil::ui
