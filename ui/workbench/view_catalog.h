// The task views shown as tabs beside the data table, in this order. A view is a QWidget class
// with a constructor (WorkbenchContext&, QWidget* parent); it joins the window by existing at its
// agreed header path (see view_catalog.cpp), so adding a view never edits the window.
#pragma once

#include "workbench/workbench_context.h"

#include <QString>

#include <functional>
#include <vector>

class QWidget;

namespace veil::ui {

struct ViewEntry {
    QString id;     // stable, used for settings and tests: "anonymize", "mechanisms", ...
    QString title;  // tab title
    std::function<QWidget*(WorkbenchContext&)> create;
};

std::vector<ViewEntry> workbenchViews();

}  // namespace veil::ui
