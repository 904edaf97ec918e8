// Saving the Spatial view's pictures: the canvas as PNG (pixels) or SVG (vectors, points capped
// so that the file stays small), and any chart view as PNG or SVG.
#pragma once

#include <QString>

class QWidget;

namespace veil::ui {

class SpatialCanvas;

// By the file's suffix: ".svg" writes SVG, anything else PNG. Returns false when writing failed.
bool saveCanvasPicture(const SpatialCanvas& canvas, const QString& path);
bool saveWidgetPicture(QWidget& widget, const QString& path);

}  // namespace veil::ui
