// How equivalence classes look: a pastel tint per class (golden-angle hues so neighbouring ids
// differ), grey for suppressed classes, a strong colour for the class the user selected.
#pragma once

#include <QColor>

namespace veil::ui {

QColor classColor(int classId, bool suppressed);
QColor highlightColor();
QColor suppressedColor();

}  // namespace veil::ui
