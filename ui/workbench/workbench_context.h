// WorkbenchContext: what every task view (anonymization, mechanisms, histograms, ledger, spatial,
// graph, experiments) gets from the window: the open Document (table, undo stack), the
// JobMonitor for status-bar progress and Cancel, the ReleaseSession (the ledger every release is
// charged to, and teaching mode), the window as a parent for dialogs, and the project's
// recovery snapshot (ProjectRecovery).
#pragma once

#include <QString>

class QWidget;

namespace veil::ui {

class Document;
class JobMonitor;
class ProjectRecovery;
class ReleaseSession;

struct WorkbenchContext {
    Document* document = nullptr;
    JobMonitor* jobs = nullptr;
    QWidget* window = nullptr;
    ReleaseSession* release = nullptr;
    // Autosave and crash recovery: a view keeping project state outside the document adds a section.
    ProjectRecovery* recovery = nullptr;
};

}  // namespace veil::ui
