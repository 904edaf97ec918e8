// MainWindow's Demos and Help menus: the classroom demos each in their own window, and the help
// browser on the user guide, the algorithm pages and the page of the view in front (F1).
#include "main_window.h"

#include "dialogs/help_browser.h"
#include "dialogs/help_topics.h"
#include "views/demos/demo_catalog.h"

#include <QAction>
#include <QApplication>
#include <QDialog>
#include <QMenuBar>
#include <QScrollArea>
#include <QTabWidget>
#include <QVBoxLayout>

namespace veil::ui {

void MainWindow::createDemosMenu() {
    QMenu* demos = menuBar()->addMenu(tr("&Demos"));
    for (const DemoEntry& entry : classroomDemos()) {
        QAction* a = demos->addAction(entry.title);
        a->setObjectName(QStringLiteral("demo:") + entry.id);
        connect(a, &QAction::triggered, this, [this, entry] {
            auto* dialog = new QDialog(this);
            dialog->setObjectName(QStringLiteral("demoWindow:") + entry.id);
            dialog->setAttribute(Qt::WA_DeleteOnClose);
            dialog->setWindowTitle(entry.title);
            auto* layout = new QVBoxLayout(dialog);
            layout->setContentsMargins(0, 0, 0, 0);
            layout->addWidget(entry.create(m_context, dialog));
            dialog->resize(1100, 720);
            dialog->show();
        });
    }
}

void MainWindow::createHelpMenu() {
    QMenu* help = menuBar()->addMenu(tr("&Help"));
    QAction* context = help->addAction(tr("Help on This &View"), this, &MainWindow::showHelpForCurrentView);
    context->setObjectName(QStringLiteral("contextHelpAction"));
    context->setShortcut(QKeySequence::HelpContents);
    QAction* guide = help->addAction(tr("&User Guide"), this, [this] { showHelp(userGuidePage()); });
    guide->setObjectName(QStringLiteral("userGuideAction"));
    QAction* algorithms = help->addAction(tr("&Algorithms"), this, [this] { showHelp(algorithmsIndexPage()); });
    algorithms->setObjectName(QStringLiteral("algorithmsHelpAction"));
    help->addSeparator();
    help->addAction(m_aboutAction);
    help->addAction(tr("About &Qt"), qApp, &QApplication::aboutQt);
}

HelpBrowser* MainWindow::showHelp(const QString& page) {
    if (!m_help) m_help = new HelpBrowser(this);
    m_help->showPage(page);
    m_help->show();
    m_help->raise();
    m_help->activateWindow();
    return m_help;
}

void MainWindow::showHelpForCurrentView() {
    QWidget* page = m_workspace->currentWidget();
    // A view may name a more precise page (its selected method) in its "helpPage" property.
    auto* scroll = qobject_cast<QScrollArea*>(page);
    const QString own = scroll && scroll->widget() ? scroll->widget()->property("helpPage").toString() : QString();
    showHelp(own.isEmpty() ? helpPageForView(page ? page->objectName() : QString()) : own);
}

}  // namespace veil::ui
