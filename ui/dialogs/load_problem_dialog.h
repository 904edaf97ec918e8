// Non-blocking message boxes about a file that could not be read, or read with warnings.
#pragma once

#include <QString>
#include <QStringList>

class QMessageBox;
class QWidget;

namespace veil::ui {

// Shows `message` (which names file and line) window-modally; returns the box (deleted on close).
QMessageBox* showLoadError(QWidget* parent, const QString& path, const QString& message);
// Lists the reader's warnings in the box's details.
QMessageBox* showLoadWarnings(QWidget* parent, const QString& path, const QStringList& warnings);

}  // namespace veil::ui
