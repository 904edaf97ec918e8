// ReleaseActions: the window's project and release commands. File > New Project / Open Project
// (with a way to relink a dataset that changed or vanished; the project's ledger becomes the one
// the window charges), and Release > Run Release Plan, which charges the plan through the
// window's ReleaseSession (so the Ledger view updates at once), runs it off the UI thread and
// writes a release bundle (data, manifest.json, report.html and report.pdf; a folder or a .zip)
// through the same helper as the views' Release… (view_release.h). Teaching mode makes no release.
#pragma once

#include <QObject>

#include <functional>

class QAction;
class QTabWidget;
class QWidget;

namespace veil::release {
struct BundleTarget;
struct ReleaseOutcome;
}  // namespace veil::release

namespace veil::ui {

class Document;
class JobMonitor;
class ProjectSession;
class ReleaseSession;

class ReleaseActions final : public QObject {
    Q_OBJECT

public:
    // `openTable` opens a table file in the window (the window's loader).
    ReleaseActions(QWidget* window, Document* document, JobMonitor* jobs, ReleaseSession* release,
                   QTabWidget* workspace, std::function<void(const QString&)> openTable);

    QAction* newProjectAction() const { return m_newProject; }
    QAction* openProjectAction() const { return m_openProject; }
    QAction* runPlanAction() const { return m_runPlan; }
    ProjectSession* session() const { return m_session; }

    // Opens a project file (also used from the command line and tests). Returns false on error
    // (after telling the user).
    bool openProject(const QString& path);
    // Runs a plan into `outputDir` (a folder, or a .zip; used by the menu after asking, and by tests).
    void runPlan(const QString& planPath, const QString& outputDir);
Q_SIGNALS:
    void releaseFinished(const QString& bundleDir, const QString& error);

private:
    void newProject();
    void openProjectDialog();
    void runPlanDialog();
    void restoreView();
    void writeBundle(const release::ReleaseOutcome& outcome, const QString& outputDir,
                     const release::BundleTarget& prepared);

    QWidget* m_window;
    Document* m_document;
    JobMonitor* m_jobs;
    ReleaseSession* m_release;
    QTabWidget* m_workspace;
    std::function<void(const QString&)> m_openTable;
    ProjectSession* m_session;
    QAction* m_newProject;
    QAction* m_openProject;
    QAction* m_runPlan;
};

}  // namespace veil::ui
