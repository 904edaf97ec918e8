// Saving any chart or drawing of a view as PNG (QWidget::grab) or SVG (QSvgGenerator), and a
// context menu offering both on any widget.
#pragma once

#include <QString>

class QWidget;

namespace veil::ui {

// Format from the suffix (.svg, otherwise PNG). Returns false when the file could not be written.
bool saveWidget(QWidget* widget, const QString& path);
// Adds "Save as PNG…" / "Save as SVG…" actions (object names save-png, save-svg) to widget's
// context menu.
void installExportMenu(QWidget* widget, const QString& baseName);

}  // namespace veil::ui
