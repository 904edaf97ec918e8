#include "views/anonymization/class_colors.h"

namespace veil::ui {

QColor classColor(int classId, bool suppressed) {
    if (suppressed) return suppressedColor();
    const int hue = int((classId * 137.508)) % 360;
    return QColor::fromHsl(hue, 150, 225);
}

QColor highlightColor() { return QColor(255, 196, 0); }
QColor suppressedColor() { return QColor(205, 205, 205); }

}  // namespace veil::ui
