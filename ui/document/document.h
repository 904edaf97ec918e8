// Document: one open dataset. It owns the Table, where it came from, the models the views show
// and the QUndoStack through which every edit goes. Later views (anonymization, differential
// privacy, spatial, graph) hang off a Document; keep it small: data + edits, no widgets.
#pragma once

#include "veil/table/table.h"

#include <QObject>
#include <QString>
#include <QStringList>

class QUndoStack;

namespace veil::ui {

class TableModel;

class Document final : public QObject {
    Q_OBJECT

public:
    explicit Document(QObject* parent = nullptr);
    ~Document() override;

    const Table& table() const { return m_table; }
    bool isEmpty() const { return m_table.columnCount() == 0; }
    // The file the table was read from ("" for none).
    const QString& filePath() const { return m_filePath; }
    // Warnings the reader gave for this file.
    const QStringList& loadWarnings() const { return m_loadWarnings; }

    TableModel* tableModel() const { return m_tableModel; }
    QUndoStack* undoStack() const { return m_undoStack; }

    // Replaces the whole dataset (a file was opened); clears the undo history.
    void reset(const Table& table, const QString& filePath, const QStringList& warnings = {});
    void clear();

    // Edits: each pushes one undo command. Out-of-range columns and no-op edits are ignored.
    void setColumnRole(int column, AttributeRole role);
    // Returns how many values did not parse as `type` (they become missing).
    std::size_t setColumnType(int column, ColumnType type);

    // For undo commands: installs `table`, which differs from the current one in `column` only.
    void replaceColumn(const Table& table, int column);

Q_SIGNALS:
    // A new dataset (or none) was installed.
    void tableReset();
    // Column `column` changed its role or type (by an edit, undo or redo).
    void columnChanged(int column);
    void filePathChanged(const QString& path);

private:
    Table m_table;
    QString m_filePath;
    QStringList m_loadWarnings;
    TableModel* m_tableModel;
    QUndoStack* m_undoStack;
};

}  // namespace veil::ui
