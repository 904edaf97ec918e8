#include "document/table_edit_command.h"

#include "document/document.h"

namespace veil::ui {

TableEditCommand::TableEditCommand(Document* document, int column, Table before, Table after, const QString& text)
    : QUndoCommand(text),
      m_document(document),
      m_column(column),
      m_before(std::move(before)),
      m_after(std::move(after)) {}

void TableEditCommand::undo() { m_document->replaceColumn(m_before, m_column); }

void TableEditCommand::redo() { m_document->replaceColumn(m_after, m_column); }

}  // namespace veil::ui
