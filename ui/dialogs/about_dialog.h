// The Help > About box and the application icon.
#pragma once

#include <QIcon>

class QWidget;

namespace veil::ui {

// Veil's icon from the compiled-in resources (resources/icons/veil.svg).
QIcon applicationIcon();
void showAboutDialog(QWidget* parent);

}  // namespace veil::ui
