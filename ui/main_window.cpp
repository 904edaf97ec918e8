#include "main_window.h"

#include "dialogs/about_dialog.h"
#include "dialogs/load_problem_dialog.h"
#include "document/document.h"
#include "dialogs/open_database_dialog.h"
#include "document/project_recovery.h"
#include "document/recent_files.h"
#include "jobs/source_names.h"
#include "jobs/table_loader.h"
#include "panels/column_summary_panel.h"
#include "views/table_view.h"
#include "views/release/project_session.h"
#include "views/release/release_actions.h"
#include "views/welcome_view.h"
#include "workbench/job_monitor.h"
#include "workbench/contrast_mode.h"
#include "workbench/presentation_zoom.h"
#include "workbench/release_session.h"
#include "workbench/view_catalog.h"

#include <QAction>
#include <QApplication>
#include <QCloseEvent>
#include <QVBoxLayout>
#include <QDockWidget>
#include <QDragEnterEvent>
#include <QDropEvent>
#include <QFileDialog>
#include <QFileInfo>
#include <QMessageBox>
#include <QPushButton>
#include <QLabel>
#include <QLocale>
#include <QMenuBar>
#include <QMimeData>
#include <QProgressBar>
#include <QSettings>
#include <QStackedWidget>
#include <QStatusBar>
#include <QStyle>
#include <QScrollArea>
#include <QSignalBlocker>
#include <QTabWidget>
#include <QToolBar>
#include <QToolButton>
#include <QUndoStack>

namespace veil::ui {
namespace {

constexpr int kWelcomePage = 0;
constexpr int kTablePage = 1;
constexpr int kMessageMs = 8000;

QIcon themeIcon(const char* name, QStyle::StandardPixmap fallback, const QWidget* widget) {
    return QIcon::fromTheme(QLatin1String(name), widget->style()->standardIcon(fallback));
}

QString localFileFrom(const QMimeData* mime) {
    if (!mime || !mime->hasUrls()) return {};
    for (const QUrl& url : mime->urls())
        if (url.isLocalFile()) return url.toLocalFile();
    return {};
}

}  // namespace

MainWindow::MainWindow(QWidget* parent)
    : QMainWindow(parent),
      m_document(new Document(this)),
      m_loader(new TableLoader(this)),
      m_recentFiles(new RecentFiles(this)),
      m_jobs(new JobMonitor(this)),
      m_releaseSession(new ReleaseSession(this)),
      m_workspace(new QTabWidget),
      m_central(new QStackedWidget),
      m_tableView(new TableView(m_document)),
      m_summaryPanel(new ColumnSummaryPanel(m_document)),
      m_summaryDock(new QDockWidget(tr("Column"), this)) {
    setWindowIcon(applicationIcon());
    setAcceptDrops(true);

    auto* welcome = new WelcomeView;
    connect(welcome, &WelcomeView::openRequested, this, &MainWindow::openFileDialog);
    m_central->insertWidget(kWelcomePage, welcome);
    m_central->insertWidget(kTablePage, m_tableView);
    m_central->setObjectName(QStringLiteral("data"));
    m_workspace->setObjectName(QStringLiteral("workspace"));
    m_workspace->setDocumentMode(true);
    m_workspace->addTab(m_central, tr("Data"));
    // Teaching mode is never silent: a banner above every view while it is on.
    m_teachingBanner =
        new QLabel(tr("TEACHING MODE — not private. True values and errors may be shown; nothing is charged, "
                      "recorded or released. For public or sample data only (View > Teaching mode)."));
    m_teachingBanner->setObjectName(QStringLiteral("teachingBanner"));
    m_teachingBanner->setWordWrap(true);
    m_teachingBanner->setStyleSheet(
        QStringLiteral("background: #b00020; color: white; font-weight: bold; padding: 6px;"));
    m_teachingBanner->hide();
    auto* centre = new QWidget;
    auto* centreLayout = new QVBoxLayout(centre);
    centreLayout->setContentsMargins(0, 0, 0, 0);
    centreLayout->setSpacing(0);
    centreLayout->addWidget(m_teachingBanner);
    centreLayout->addWidget(m_workspace, 1);
    setCentralWidget(centre);

    m_summaryDock->setObjectName(QStringLiteral("columnDock"));
    m_summaryDock->setWidget(m_summaryPanel);
    m_summaryDock->setAllowedAreas(Qt::LeftDockWidgetArea | Qt::RightDockWidgetArea);
    m_summaryPanel->setMinimumWidth(300);
    addDockWidget(Qt::RightDockWidgetArea, m_summaryDock);

    m_release = new ReleaseActions(this, m_document, m_jobs, m_releaseSession, m_workspace,
                                   [this](const QString& p) { openFile(p); });
    connect(m_releaseSession, &ReleaseSession::teachingChanged, this, &MainWindow::onTeachingChanged);
    m_recovery = new ProjectRecovery(
        m_document, [this] { return m_release->session()->isOpen() ? m_release->session()->path() : QString(); }, this);
    // The .veil project holds the views' sections (hierarchies, settings) too.
    m_release->session()->setSections([this] { return m_recovery->sections(); },
                                      [this](const nlohmann::json& json) { (void)m_recovery->applySections(json); });
    // Recent projects: a project created or opened joins File > Open Recent like a table.
    connect(m_release->session(), &ProjectSession::projectChanged, this, [this] {
        if (m_release->session()->isOpen()) m_recentFiles->add(m_release->session()->path());
    });
    createActions();
    createMenus();
    createStatusBar();
    createViews();

    connect(m_tableView, &TableView::currentColumnChanged, m_summaryPanel, &ColumnSummaryPanel::setColumn);
    connect(m_tableView, &TableView::statusMessage, this,
            [this](const QString& m) { statusBar()->showMessage(m, kMessageMs); });
    connect(m_recovery, &ProjectRecovery::restoreFailed, this,
            [this](const QString& m) { statusBar()->showMessage(m, kMessageMs); });
    connect(m_document, &Document::tableReset, this, [this] {
        m_central->setCurrentIndex(m_document->isEmpty() ? kWelcomePage : kTablePage);
        m_closeAction->setEnabled(!m_document->isEmpty());
        updateTitle();
    });
    connect(m_document->undoStack(), &QUndoStack::cleanChanged, this, [this] { updateTitle(); });
    connect(m_recentFiles, &RecentFiles::changed, this, &MainWindow::updateRecentFilesMenu);

    connect(m_loader, &TableLoader::started, this, [this](const QString& path) {
        setLoading(true);
        statusBar()->showMessage(tr("Reading %1…").arg(sourceDisplayName(path)));
    });
    connect(m_loader, &TableLoader::progressChanged, this, [this](double fraction, const QString& message) {
        m_progress->setValue(int(fraction * 100.0 + 0.5));
        if (!message.isEmpty()) m_progress->setToolTip(message);
    });
    connect(m_loader, &TableLoader::loaded, this, &MainWindow::onLoaded);
    connect(m_loader, &TableLoader::failed, this, &MainWindow::onLoadFailed);
    connect(m_loader, &TableLoader::cancelled, this, [this](const QString& path) {
        statusBar()->showMessage(tr("Loading %1 cancelled; the table shown is unchanged.").arg(sourceDisplayName(path)),
                                 kMessageMs);
    });
    connect(m_loader, &TableLoader::finished, this, [this] { setLoading(m_loader->isRunning()); });

    connect(m_jobs, &JobMonitor::busyChanged, this, [this] { updateBusy(); });
    connect(m_jobs, &JobMonitor::progressChanged, this, [this](double fraction, const QString& message) {
        m_progress->setValue(int(fraction * 100.0 + 0.5));
        if (!message.isEmpty()) m_progress->setToolTip(message);
    });
    connect(m_jobs, &JobMonitor::statusMessage, this,
            [this](const QString& m) { statusBar()->showMessage(m, kMessageMs); });

    m_central->setCurrentIndex(kWelcomePage);
    updateRecentFilesMenu();
    updateTitle();
    readSettings();
}

MainWindow::~MainWindow() = default;

void MainWindow::createActions() {
    m_openAction = new QAction(themeIcon("document-open", QStyle::SP_DialogOpenButton, this), tr("&Open…"), this);
    m_openAction->setObjectName(QStringLiteral("openAction"));
    m_openAction->setShortcut(QKeySequence::Open);
    m_openAction->setStatusTip(tr("Open a CSV table or a spreadsheet"));
    connect(m_openAction, &QAction::triggered, this, &MainWindow::openFileDialog);

    m_closeAction = new QAction(themeIcon("document-close", QStyle::SP_DialogCloseButton, this), tr("&Close"), this);
    m_closeAction->setObjectName(QStringLiteral("closeAction"));
    m_closeAction->setShortcut(QKeySequence::Close);
    m_closeAction->setEnabled(false);
    connect(m_closeAction, &QAction::triggered, this, &MainWindow::closeFile);

    m_quitAction = new QAction(themeIcon("application-exit", QStyle::SP_TitleBarCloseButton, this), tr("&Quit"), this);
    m_quitAction->setObjectName(QStringLiteral("quitAction"));
    m_quitAction->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_Q));
    m_quitAction->setMenuRole(QAction::QuitRole);
    connect(m_quitAction, &QAction::triggered, this, &QWidget::close);

    m_undoAction = m_document->undoStack()->createUndoAction(this, tr("&Undo"));
    m_undoAction->setObjectName(QStringLiteral("undoAction"));
    m_undoAction->setShortcut(QKeySequence::Undo);
    m_undoAction->setIcon(themeIcon("edit-undo", QStyle::SP_ArrowBack, this));
    m_redoAction = m_document->undoStack()->createRedoAction(this, tr("&Redo"));
    m_redoAction->setObjectName(QStringLiteral("redoAction"));
    m_redoAction->setShortcuts({QKeySequence::Redo, QKeySequence(Qt::CTRL | Qt::Key_Y)});
    m_redoAction->setIcon(themeIcon("edit-redo", QStyle::SP_ArrowForward, this));

    m_cancelLoadAction = new QAction(themeIcon("process-stop", QStyle::SP_BrowserStop, this), tr("Cancel"), this);
    m_cancelLoadAction->setObjectName(QStringLiteral("cancelLoadAction"));
    m_cancelLoadAction->setShortcut(QKeySequence(Qt::Key_Escape));
    m_cancelLoadAction->setStatusTip(tr("Cancel the running job; what is shown stays as it was"));
    m_cancelLoadAction->setEnabled(false);
    connect(m_cancelLoadAction, &QAction::triggered, this, [this] {
        if (m_loader->isRunning())
            m_loader->cancel();
        else
            m_jobs->cancel();
    });

    m_teachingAction = new QAction(tr("&Teaching Mode"), this);
    m_teachingAction->setObjectName(QStringLiteral("teachingModeAction"));
    m_teachingAction->setCheckable(true);
    m_teachingAction->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_T));
    m_teachingAction->setStatusTip(
        tr("For public or sample data: show true values and errors, charge and record nothing, "
           "mark everything not private"));
    connect(m_teachingAction, &QAction::toggled, m_releaseSession, &ReleaseSession::setTeaching);

    m_aboutAction = new QAction(applicationIcon(), tr("&About Veil"), this);
    m_aboutAction->setObjectName(QStringLiteral("aboutAction"));
    m_aboutAction->setMenuRole(QAction::AboutRole);
    connect(m_aboutAction, &QAction::triggered, this, [this] { showAboutDialog(this); });

    m_zoom = new PresentationZoom(this);
    for (QAction* a : {m_zoom->zoomInAction(), m_zoom->zoomOutAction(), m_zoom->resetAction()}) addAction(a);
    m_contrast = new ContrastMode(this);
    addAction(m_contrast->action());
}

void MainWindow::createMenus() {
    QMenu* file = menuBar()->addMenu(tr("&File"));
    file->addAction(m_openAction);
    file->addAction(createOpenDatabaseAction(this, [this](const QString& uri) { openFile(uri); }));
    m_recentMenu = file->addMenu(tr("Open &Recent"));
    file->addSeparator();
    file->addAction(m_release->newProjectAction());
    file->addAction(m_release->openProjectAction());
    file->addSeparator();
    file->addAction(m_closeAction);
    file->addSeparator();
    file->addAction(m_quitAction);

    QMenu* edit = menuBar()->addMenu(tr("&Edit"));
    edit->addAction(m_undoAction);
    edit->addAction(m_redoAction);

    m_viewMenu = menuBar()->addMenu(tr("&View"));
    QAction* dockToggle = m_summaryDock->toggleViewAction();
    dockToggle->setText(tr("&Column Summary"));
    m_viewMenu->addAction(dockToggle);
    m_viewMenu->addAction(m_teachingAction);
    m_viewMenu->addSeparator();
    m_viewMenu->addAction(m_zoom->presentationAction());
    m_viewMenu->addAction(m_zoom->zoomInAction());
    m_viewMenu->addAction(m_zoom->zoomOutAction());
    m_viewMenu->addAction(m_zoom->resetAction());
    m_viewMenu->addAction(m_contrast->action());
    m_viewMenu->addSeparator();

    QMenu* releaseMenu = menuBar()->addMenu(tr("&Release"));
    releaseMenu->addAction(m_release->runPlanAction());
    createDemosMenu();

    createHelpMenu();

    QToolBar* tools = addToolBar(tr("Main"));
    tools->setObjectName(QStringLiteral("mainToolBar"));
    tools->setToolButtonStyle(Qt::ToolButtonTextBesideIcon);
    tools->addAction(m_openAction);
    tools->addSeparator();
    tools->addAction(m_undoAction);
    tools->addAction(m_redoAction);
    tools->addSeparator();
    tools->addAction(m_teachingAction);
    // Undo/redo texts name the edit ("Undo Set role of …"): icons only, the text is the tooltip.
    for (QAction* a : {m_undoAction, m_redoAction})
        if (auto* button = qobject_cast<QToolButton*>(tools->widgetForAction(a)))
            button->setToolButtonStyle(Qt::ToolButtonIconOnly);
}

void MainWindow::createStatusBar() {
    m_sizeLabel = new QLabel;
    m_warningsButton = new QToolButton;
    m_warningsButton->setAutoRaise(true);
    m_warningsButton->setIcon(style()->standardIcon(QStyle::SP_MessageBoxWarning));
    m_warningsButton->setToolButtonStyle(Qt::ToolButtonTextBesideIcon);
    m_warningsButton->hide();
    connect(m_warningsButton, &QToolButton::clicked, this,
            [this] { showLoadWarnings(this, m_document->filePath(), m_document->loadWarnings()); });

    m_progress = new QProgressBar;
    m_progress->setRange(0, 100);
    m_progress->setMaximumWidth(220);
    m_progress->setTextVisible(true);
    m_progress->hide();
    m_cancelButton = new QToolButton;
    m_cancelButton->setDefaultAction(m_cancelLoadAction);
    m_cancelButton->setToolButtonStyle(Qt::ToolButtonTextBesideIcon);
    m_cancelButton->setText(tr("Cancel"));
    m_cancelButton->hide();

    m_teachingStatus = new QLabel(tr("TEACHING MODE — not private"));
    m_teachingStatus->setObjectName(QStringLiteral("teachingStatus"));
    m_teachingStatus->setStyleSheet(QStringLiteral("color: #b00020; font-weight: bold;"));
    m_teachingStatus->hide();
    statusBar()->addPermanentWidget(m_teachingStatus);
    statusBar()->addPermanentWidget(m_warningsButton);
    statusBar()->addPermanentWidget(m_sizeLabel);
    statusBar()->addPermanentWidget(m_progress);
    statusBar()->addPermanentWidget(m_cancelButton);
}

bool MainWindow::confirmReplaceDocument() {
    // A project autosaves roles, types and settings; without one, edits live only in the undo stack.
    if (m_document->isEmpty() || m_document->undoStack()->isClean() || m_release->session()->isOpen()) return true;
    QMessageBox box(
        QMessageBox::Warning, tr("Unsaved Changes"),
        tr("The roles and types you set on %1 are not saved.").arg(sourceDisplayName(m_document->filePath())),
        QMessageBox::NoButton, this);
    box.setObjectName(QStringLiteral("unsavedChangesBox"));
    box.setInformativeText(tr("Save them in a project to keep them, or discard them."));
    QPushButton* save = box.addButton(tr("Save as Project…"), QMessageBox::AcceptRole);
    save->setObjectName(QStringLiteral("saveAsProject"));
    box.addButton(QMessageBox::Discard)->setObjectName(QStringLiteral("discard"));
    box.addButton(QMessageBox::Cancel)->setObjectName(QStringLiteral("cancel"));
    box.setDefaultButton(save);
    box.exec();
    if (box.clickedButton() == save) {
        m_release->newProjectAction()->trigger();
        return m_release->session()->isOpen();
    }
    return box.clickedButton() == box.button(QMessageBox::Discard);
}

void MainWindow::openFile(const QString& path) {
    if (!confirmReplaceDocument()) return;
    if (path.endsWith(QStringLiteral(".veil"), Qt::CaseInsensitive)) {
        m_release->openProject(path);
        return;
    }
    m_loader->start(path);
}

void MainWindow::offerRecovery() {
    const std::vector<RecoverySnapshot> found = ProjectRecovery::orphans(m_recovery->filePath());
    if (found.empty()) return;
    const RecoverySnapshot& snapshot = found.front();
    const QString what =
        snapshot.project().isEmpty() ? sourceDisplayName(snapshot.dataset()) : QFileInfo(snapshot.project()).fileName();
    QMessageBox box(
        QMessageBox::Question, tr("Recover Unsaved Project"),
        tr("Restore the unsaved project from %1?").arg(QLocale().toString(snapshot.saved, QLocale::ShortFormat)),
        QMessageBox::NoButton, this);
    box.setObjectName(QStringLiteral("recoveryBox"));
    box.setInformativeText(
        tr("Veil did not close cleanly while the roles, hierarchies or settings of %1 were unsaved.").arg(what));
    QPushButton* restore = box.addButton(tr("Restore"), QMessageBox::AcceptRole);
    restore->setObjectName(QStringLiteral("restore"));
    QPushButton* discard = box.addButton(tr("Discard"), QMessageBox::DestructiveRole);
    discard->setObjectName(QStringLiteral("discard"));
    box.addButton(tr("Later"), QMessageBox::RejectRole)->setObjectName(QStringLiteral("later"));
    box.setDefaultButton(restore);
    box.exec();
    if (box.clickedButton() == discard) {
        ProjectRecovery::removeSnapshot(snapshot);
    } else if (box.clickedButton() == restore) {
        m_recovery->restoreWhenLoaded(snapshot);
        if (!snapshot.project().isEmpty() && QFileInfo::exists(snapshot.project()))
            openFile(snapshot.project());
        else
            openFile(snapshot.dataset());
    }  // Later: the file stays and is offered at the next start.
}

void MainWindow::openFileDialog() {
    QSettings settings;
    const QString dir = settings.value(QStringLiteral("lastDirectory")).toString();
    const QString path = QFileDialog::getOpenFileName(this, tr("Open Table"), dir,
                                                      tr("Tables (*.csv *.tsv *.txt *.xlsx *.ods);;All files (*)"));
    if (path.isEmpty()) return;
    settings.setValue(QStringLiteral("lastDirectory"), QFileInfo(path).absolutePath());
    openFile(path);
}

void MainWindow::closeFile() {
    if (!confirmReplaceDocument()) return;
    m_document->clear();
    m_sizeLabel->clear();
    m_warningsButton->hide();
}

void MainWindow::createViews() {
    m_context = WorkbenchContext{m_document, m_jobs, this, m_releaseSession, m_recovery};
    QList<QAction*> switchActions;
    auto addSwitch = [&](const QString& title, QWidget* page) {
        QAction* a = m_viewMenu->addAction(title, this, [this, page] { m_workspace->setCurrentWidget(page); });
        a->setObjectName(QStringLiteral("show:") + page->objectName());
        if (switchActions.size() < 9)
            a->setShortcut(QKeySequence(Qt::CTRL | Qt::Key(Qt::Key_1 + switchActions.size())));
        switchActions << a;
    };
    addSwitch(tr("&Data"), m_central);
    for (const ViewEntry& entry : workbenchViews()) {
        QWidget* view = entry.create(m_context);
        view->setObjectName(entry.id);
        // A view needing more room than the window has scrolls instead of widening the window.
        auto* page = new QScrollArea;
        page->setObjectName(entry.id);
        page->setWidget(view);
        page->setWidgetResizable(true);
        page->setFrameShape(QFrame::NoFrame);
        m_workspace->addTab(page, entry.title);
        addSwitch(entry.title, page);
    }
    // The column summary belongs to the data table: it steps aside while a task view is shown.
    connect(m_workspace, &QTabWidget::currentChanged, this, [this](int index) {
        const bool onData = index == 0;
        if (!onData && m_previousTab == 0) m_dockWanted = !m_summaryDock->isHidden();
        m_summaryDock->setVisible(onData && m_dockWanted);
        m_previousTab = index;
    });
}

bool MainWindow::showView(const QString& id) {
    for (int i = 0; i < m_workspace->count(); ++i)
        if (m_workspace->widget(i)->objectName() == id) {
            m_workspace->setCurrentIndex(i);
            return true;
        }
    return false;
}

void MainWindow::updateBusy() { setLoading(m_loader->isRunning() || m_jobs->isBusy()); }

void MainWindow::onTeachingChanged(bool teaching) {
    const QSignalBlocker block(m_teachingAction);
    m_teachingAction->setChecked(teaching);
    m_teachingBanner->setVisible(teaching);
    m_teachingStatus->setVisible(teaching);
    m_release->runPlanAction()->setEnabled(!teaching);
    statusBar()->showMessage(teaching ? tr("Teaching mode on: results are not private and nothing is charged")
                                      : tr("Teaching mode off: every answer is a release, charged before it is shown"),
                             kMessageMs);
}

void MainWindow::setLoading(bool loading) {
    loading = loading || m_jobs->isBusy();
    m_progress->setVisible(loading);
    m_cancelButton->setVisible(loading);
    m_cancelLoadAction->setEnabled(loading);
    if (loading && m_progress->value() >= 100) m_progress->setValue(0);
}

void MainWindow::onLoaded(const QString& path, const CsvReadResult& result, qint64 elapsedMs) {
    QStringList warnings;
    for (const std::string& w : result.warnings) warnings << QString::fromStdString(w);
    m_document->reset(result.table, storableSource(path), warnings);  // never a password
    m_recentFiles->add(path);

    const QLocale locale;
    const Table& table = m_document->table();
    m_sizeLabel->setText(
        tr("%1 rows × %2 columns")
            .arg(locale.toString(qulonglong(table.rowCount())), locale.toString(qulonglong(table.columnCount()))));
    m_warningsButton->setVisible(!warnings.isEmpty());
    m_warningsButton->setText(tr("%n warning(s)", nullptr, int(warnings.size())));
    m_warningsButton->setToolTip(warnings.join(QLatin1Char('\n')));
    QString message = tr("Opened %1 in %2 s").arg(sourceDisplayName(path), locale.toString(elapsedMs / 1000.0, 'f', 2));
    if (!warnings.isEmpty()) message += QStringLiteral(" — ") + warnings.first();
    statusBar()->showMessage(message, kMessageMs);
    m_tableView->selectColumnAt(0);
}

void MainWindow::onLoadFailed(const QString& path, const QString& message) {
    statusBar()->clearMessage();
    if (!isDatabaseSourceUri(path) && !QFileInfo::exists(path)) m_recentFiles->remove(path);
    showLoadError(this, redactedSource(path), message);
}

void MainWindow::updateRecentFilesMenu() {
    m_recentMenu->clear();
    const QStringList files = m_recentFiles->files();
    for (int i = 0; i < files.size(); ++i) {
        const QString& path = files[i];
        QString label = sourceDisplayName(path).replace(QLatin1Char('&'), QStringLiteral("&&"));
        if (i < 9) label = QStringLiteral("&%1 %2").arg(i + 1).arg(label);
        QAction* action = m_recentMenu->addAction(label);
        action->setToolTip(path);
        action->setStatusTip(path);
        connect(action, &QAction::triggered, this, [this, path] { openFile(path); });
    }
    if (!files.isEmpty()) m_recentMenu->addSeparator();
    QAction* clear = m_recentMenu->addAction(tr("&Clear List"), m_recentFiles, &RecentFiles::clear);
    clear->setEnabled(!files.isEmpty());
    m_recentMenu->setEnabled(!files.isEmpty());
}

void MainWindow::updateTitle() {
    const QString path = m_document->filePath();
    setWindowTitle(path.isEmpty() ? tr("Veil") : tr("%1[*] — Veil").arg(sourceDisplayName(path)));
    setWindowModified(!m_document->undoStack()->isClean());
}

void MainWindow::readSettings() {
    QSettings settings;
    if (!restoreGeometry(settings.value(QStringLiteral("mainWindow/geometry")).toByteArray())) resize(1200, 760);
    if (!restoreState(settings.value(QStringLiteral("mainWindow/state")).toByteArray()))
        resizeDocks({m_summaryDock}, {380}, Qt::Horizontal);
}

void MainWindow::writeSettings() const {
    QSettings settings;
    settings.setValue(QStringLiteral("mainWindow/geometry"), saveGeometry());
    settings.setValue(QStringLiteral("mainWindow/state"), saveState());
}

void MainWindow::closeEvent(QCloseEvent* event) {
    if (!confirmReplaceDocument()) {
        event->ignore();
        return;
    }
    m_loader->cancel();
    m_jobs->cancel();
    writeSettings();
    m_recovery->discard();  // a clean close: nothing to recover
    event->accept();
}

void MainWindow::dragEnterEvent(QDragEnterEvent* event) {
    if (!localFileFrom(event->mimeData()).isEmpty()) event->acceptProposedAction();
}

void MainWindow::dropEvent(QDropEvent* event) {
    const QString path = localFileFrom(event->mimeData());
    if (path.isEmpty()) return;
    event->acceptProposedAction();
    openFile(path);
}

}  // namespace veil::ui
