// WorkbenchContext: what every task view (anonymization, mechanisms, histograms, ledger, spatial,
// graph, experiments) gets from the window: the open Document (table, undo stack), the
// JobMonitor for status-bar progress and Cancel, the ReleaseSession (the ledger every release is
// charged to, and teaching mode) and the window as a parent for dialogs.
#pragma once

#include <QString>

class QWidget;

namespace veil::ui {

class Document;
class JobMonitor;
class ReleaseSession;

struct WorkbenchContext {
    Document* document = nullptr;
    JobMonitor* jobs = nullptr;
    QWidget* window = nullptr;
    ReleaseSession* release = nullptr;
};

}  // namespace veil::ui
