// Saving any chart or plot widget as PNG (QWidget::grab) or SVG (QSvgGenerator), and a context
// menu ("Save as PNG…", "Save as SVG…") that any chart widget of the view installs.
#pragma once

#include <QString>

class QWidget;

namespace veil::ui {

// The format follows the suffix (.svg, else PNG). Returns false when the file cannot be written.
bool saveWidgetImage(QWidget* widget, const QString& path);
// Adds the two save actions to `widget` (Qt::ActionsContextMenu); `baseName` is the default file name.
void installImageExportMenu(QWidget* widget, const QString& baseName);

}  // namespace veil::ui
