// The workbench a task view is built on in the UI suites: a fresh document, job monitor and
// release session, and the context that hands them to a view. The session is in teaching mode
// (truths shown, nothing charged to a file) or charges a fresh temporary ledger, never the user's.
// Destroy the view first; the members then go in the reverse order of their construction.
#pragma once

#include "document/document.h"
#include "workbench/job_monitor.h"
#include "workbench/release_session.h"
#include "workbench/workbench_context.h"

#include <QString>

namespace ui_test {

struct ViewEnvironment {
    enum class Mode { Teaching, Release };

    // Teaching mode without a ledger file, or release mode (open a ledger with openLedger).
    explicit ViewEnvironment(Mode mode) { session.setTeaching(mode == Mode::Teaching); }

    // Charges releases to a new ledger at `path` (a temporary directory's file); false on error.
    bool openLedger(const QString& path) { return session.open(path).isOk(); }

    veil::ui::Document document;
    veil::ui::JobMonitor jobs;
    veil::ui::ReleaseSession session;
    veil::ui::WorkbenchContext context{&document, &jobs, nullptr, &session};
};

}  // namespace ui_test
