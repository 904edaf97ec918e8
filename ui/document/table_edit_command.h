// TableEditCommand: the undo command behind every column edit (role, type). Tables are immutable
// and share their columns, so the command simply keeps the table before and after the edit.
#pragma once

#include "veil/table/table.h"

#include <QUndoCommand>

namespace veil::ui {

class Document;

class TableEditCommand final : public QUndoCommand {
public:
    TableEditCommand(Document* document, int column, Table before, Table after, const QString& text);

    void undo() override;
    void redo() override;

private:
    Document* m_document;
    int m_column;
    Table m_before;
    Table m_after;
};

}  // namespace veil::ui
