// MainWindow: Veil's workbench window. It wires a Document to its views: the table, the column
// summary dock, the loader with its progress in the status bar, menus and recent files, and the
// ReleaseSession every view releases through (the ledger it charges, and View > Teaching mode with
// its banner), View > Presentation Mode and zoom (PresentationZoom), View > High Contrast
// (ContrastMode), and Help (the user guide and algorithm pages in a HelpBrowser, F1 for the
// current view). It holds no data of its own beyond the window state it persists in QSettings. A
// ProjectRecovery autosaves the project for crash recovery; File > Open Recent lists projects
// (.veil) as well as tables.
#pragma once

#include "workbench/workbench_context.h"

#include <QMainWindow>

class QAction;
class QDockWidget;
class QLabel;
class QMenu;
class QProgressBar;
class QStackedWidget;
class QTabWidget;
class QToolButton;

namespace veil {
struct CsvReadResult;
}

namespace veil::ui {

class ColumnSummaryPanel;
class ContrastMode;
class Document;
class HelpBrowser;
class JobMonitor;
class PresentationZoom;
class ProjectRecovery;
class RecentFiles;
class ReleaseActions;
class ReleaseSession;
class TableLoader;
class TableView;

class MainWindow final : public QMainWindow {
    Q_OBJECT

public:
    explicit MainWindow(QWidget* parent = nullptr);
    ~MainWindow() override;

    Document* document() const { return m_document; }
    TableLoader* loader() const { return m_loader; }
    TableView* tableView() const { return m_tableView; }
    ColumnSummaryPanel* summaryPanel() const { return m_summaryPanel; }
    RecentFiles* recentFiles() const { return m_recentFiles; }
    JobMonitor* jobMonitor() const { return m_jobs; }
    ReleaseActions* releaseActions() const { return m_release; }
    ReleaseSession* releaseSession() const { return m_releaseSession; }
    QAction* teachingAction() const { return m_teachingAction; }
    // View > Zoom In/Out, Actual Size and Presentation Mode: one zoom for every widget and chart.
    PresentationZoom* zoom() const { return m_zoom; }
    // View > High Contrast: the high-contrast palette and chart colours (changed() for views).
    ContrastMode* contrast() const { return m_contrast; }
    // Shows the help window at `page` (relative to docs/, e.g. "user-guide.md"); F1 shows the
    // page of the current view. The window is created on first use.
    HelpBrowser* showHelp(const QString& page);
    void showHelpForCurrentView();
    // Autosave and crash recovery of the project (roles, types, hierarchies, settings).
    ProjectRecovery* recovery() const { return m_recovery; }
    // On start: when a window did not close cleanly and left a recovery file, asks "Restore the
    // unsaved project from <time>?" (Restore / Discard / Later) and restores it (data file, roles,
    // hierarchies, settings) on Restore. `main` calls it once the window is shown.
    void offerRecovery();
    // The tab widget holding the data table and the task views (objectName = view id).
    QTabWidget* workspace() const { return m_workspace; }
    // Shows the tab of view `id` ("data", "anonymize", "mechanisms", ...); false if absent.
    bool showView(const QString& id);

    // Starts loading `path` in the background (a .veil path opens that project; a table source
    // URI such as sqlite:///db?table=T opens that table); the current table stays until it succeeds.
    // The document, title and recent files keep the source without its password.
    void openFile(const QString& path);

public Q_SLOTS:
    void openFileDialog();
    void closeFile();

protected:
    void closeEvent(QCloseEvent* event) override;
    void dragEnterEvent(QDragEnterEvent* event) override;
    void dropEvent(QDropEvent* event) override;

private:
    // Before the open dataset is replaced or closed: when roles or types were edited and no project
    // keeps them, asks Save as Project… / Discard / Cancel. True to go on.
    bool confirmReplaceDocument();
    void createActions();
    void createMenus();
    void createStatusBar();
    void createViews();
    void createDemosMenu();
    void createHelpMenu();
    void updateBusy();
    void onTeachingChanged(bool teaching);
    void updateRecentFilesMenu();
    void updateTitle();
    void setLoading(bool loading);
    void onLoaded(const QString& path, const CsvReadResult& result, qint64 elapsedMs);
    void onLoadFailed(const QString& path, const QString& message);
    void readSettings();
    void writeSettings() const;

    Document* m_document;
    TableLoader* m_loader;
    RecentFiles* m_recentFiles;
    JobMonitor* m_jobs;
    ReleaseSession* m_releaseSession;
    ReleaseActions* m_release = nullptr;
    // Views keep a reference to this: it lives as long as the window.
    WorkbenchContext m_context;
    QTabWidget* m_workspace;
    QStackedWidget* m_central;
    TableView* m_tableView;
    ColumnSummaryPanel* m_summaryPanel;
    QDockWidget* m_summaryDock;

    QAction* m_openAction = nullptr;
    QAction* m_closeAction = nullptr;
    QAction* m_quitAction = nullptr;
    QAction* m_undoAction = nullptr;
    QAction* m_redoAction = nullptr;
    QAction* m_cancelLoadAction = nullptr;
    QAction* m_aboutAction = nullptr;
    PresentationZoom* m_zoom = nullptr;
    ContrastMode* m_contrast = nullptr;
    HelpBrowser* m_help = nullptr;
    ProjectRecovery* m_recovery = nullptr;
    QAction* m_teachingAction = nullptr;
    QLabel* m_teachingBanner = nullptr;
    QLabel* m_teachingStatus = nullptr;
    QMenu* m_recentMenu = nullptr;
    QMenu* m_viewMenu = nullptr;
    int m_previousTab = 0;
    bool m_dockWanted = true;

    QProgressBar* m_progress = nullptr;
    QToolButton* m_cancelButton = nullptr;
    QLabel* m_sizeLabel = nullptr;
    QToolButton* m_warningsButton = nullptr;
};

}  // namespace veil::ui
