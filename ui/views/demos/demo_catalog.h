// The classroom demos of issue 9, for the window's Demos menu: each entry creates a self-contained
// widget (explanatory text citing the lecture notes, the data, settings, a Run action, the result
// computed by core's engines). The main window opens each as a window/dialog.
#pragma once

#include <QString>

#include <functional>
#include <vector>

class QWidget;

namespace veil::ui {

struct WorkbenchContext;

struct DemoEntry {
    QString id;     // stable: "linkage", "homogeneity", "composition", "randomized-response", ...
    QString title;  // menu text
    std::function<QWidget*(WorkbenchContext&, QWidget* parent)> create;
};

// Every demo, in teaching order.
std::vector<DemoEntry> classroomDemos();

}  // namespace veil::ui
