#include "document/document.h"

#include "document/table_edit_command.h"
#include "models/attribute_style.h"
#include "models/table_model.h"

#include <QUndoStack>

namespace veil::ui {

Document::Document(QObject* parent)
    : QObject(parent), m_tableModel(new TableModel(this)), m_undoStack(new QUndoStack(this)) {}

Document::~Document() = default;

void Document::reset(const Table& table, const QString& filePath, const QStringList& warnings) {
    m_undoStack->clear();
    m_table = table;
    m_loadWarnings = warnings;
    m_tableModel->setTable(m_table);
    if (filePath != m_filePath) {
        m_filePath = filePath;
        Q_EMIT filePathChanged(m_filePath);
    }
    m_undoStack->setClean();
    Q_EMIT tableReset();
}

void Document::clear() { reset(Table(), QString()); }

void Document::setColumnRole(int column, AttributeRole role) {
    if (column < 0 || column >= int(m_table.columnCount())) return;
    if (m_table.role(std::size_t(column)) == role) return;
    const QString name = QString::fromStdString(m_table.column(std::size_t(column)).name());
    m_undoStack->push(new TableEditCommand(this, column, m_table, m_table.withRole(std::size_t(column), role),
                                           tr("Set role of “%1” to %2").arg(name, roleLabel(role).toLower())));
}

std::size_t Document::setColumnType(int column, ColumnType type) {
    if (column < 0 || column >= int(m_table.columnCount())) return 0;
    if (m_table.column(std::size_t(column)).type() == type) return 0;
    std::size_t unparsed = 0;
    Table changed = m_table.withColumnType(std::size_t(column), type, &unparsed);
    const QString name = QString::fromStdString(m_table.column(std::size_t(column)).name());
    m_undoStack->push(new TableEditCommand(this, column, m_table, std::move(changed),
                                           tr("Set type of “%1” to %2").arg(name, typeLabel(type).toLower())));
    return unparsed;
}

void Document::replaceColumn(const Table& table, int column) {
    m_table = table;
    m_tableModel->replaceColumn(m_table, column);
    Q_EMIT columnChanged(column);
}

}  // namespace veil::ui
