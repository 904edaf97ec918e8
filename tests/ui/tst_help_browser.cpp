// Help inside the app, offscreen: Help > User Guide and Help > Algorithms open the help window at
// those pages, F1 opens the page of the current view (the Mechanisms view: the additive mechanisms
// page, its title shown at the top; with the exponential mechanism chosen, its page), every view has a page that
// exists, and links between pages are followed inside the window.
#include "ui_test_support.h"
#include "dialogs/help_browser.h"
#include "dialogs/help_topics.h"
#include "main_window.h"

#include <QAction>
#include <QComboBox>
#include <QDir>
#include <QFileInfo>
#include <QScrollBar>
#include <QSettings>
#include <QStandardPaths>
#include <QTabWidget>
#include <QTest>
#include <QTextBrowser>
#include <QTreeWidget>

using veil::ui::HelpBrowser;
using veil::ui::MainWindow;

class TestHelpBrowser : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void menusOpenGuideAndAlgorithms();
    void f1OpensThePageOfTheCurrentView();
    void everyViewHasAPage();
    void linksBetweenPagesStayInside();
};

void TestHelpBrowser::initTestCase() {
    QStandardPaths::setTestModeEnabled(true);
    QCoreApplication::setOrganizationName(QStringLiteral("VeilTest"));
    QCoreApplication::setApplicationName(QStringLiteral("tst_ui_help_browser"));
    QSettings().clear();
    QVERIFY2(!veil::ui::helpDocsDirectory().isEmpty(), "docs/ not found");
}

void TestHelpBrowser::menusOpenGuideAndAlgorithms() {
    MainWindow window;
    window.show();
    auto* guide = window.findChild<QAction*>(QStringLiteral("userGuideAction"));
    auto* algorithms = window.findChild<QAction*>(QStringLiteral("algorithmsHelpAction"));
    QVERIFY(guide && algorithms);
    guide->trigger();
    auto* help = window.findChild<HelpBrowser*>(QStringLiteral("helpBrowser"));
    QVERIFY(help && help->isVisible());
    QCOMPARE(help->currentPage(), QStringLiteral("user-guide.md"));
    QCOMPARE(help->currentTitle(), QStringLiteral("Veil user guide"));
    if (qEnvironmentVariableIsSet("VEIL_ZOOM_SHOTS")) help->grab().save(QStringLiteral("/tmp/veil-help-guide.png"));
    algorithms->trigger();
    QCOMPARE(help->currentPage(), QStringLiteral("algorithms/README.md"));
    QCOMPARE(help->currentTitle(), QStringLiteral("The algorithms behind Veil"));
    // The contents list every algorithm page under "The algorithms".
    const int pages = int(QDir(veil::ui::helpDocsDirectory() + QStringLiteral("/algorithms"))
                              .entryList({QStringLiteral("*.md")}, QDir::Files)
                              .size());
    QCOMPARE(help->contents()->topLevelItem(1)->childCount(), pages - 1);
}

void TestHelpBrowser::f1OpensThePageOfTheCurrentView() {
    MainWindow window;
    window.show();
    window.activateWindow();
    QVERIFY(QTest::qWaitForWindowActive(&window));
    QVERIFY(window.showView(QStringLiteral("mechanisms")));
    QTest::keyClick(&window, Qt::Key_F1);
    auto* help = window.findChild<HelpBrowser*>(QStringLiteral("helpBrowser"));
    QVERIFY(help && help->isVisible());
    QCOMPARE(help->currentPage(), QStringLiteral("algorithms/additive_mechanisms.md"));
    const QString title = QStringLiteral("Laplace, geometric, truncated geometric and Gaussian mechanisms");
    QCOMPARE(help->currentTitle(), title);
    QVERIFY(help->windowTitle().startsWith(title));
    QCOMPARE(help->textBrowser()->verticalScrollBar()->value(), 0);  // the title is in view
    QVERIFY(help->contents()->currentItem());
    QCOMPARE(help->contents()->currentItem()->text(0), title);
    // With a mechanism chosen, F1 opens that mechanism's page.
    auto* mechanisms = window.workspace()->currentWidget();
    auto* mechanism = mechanisms->findChild<QComboBox*>(QStringLiteral("mechanism"));
    QVERIFY(mechanism);
    ui_test::choose(mechanism, QStringLiteral("exponential"));
    window.activateWindow();
    QVERIFY(QTest::qWaitForWindowActive(&window));
    QTest::keyClick(&window, Qt::Key_F1);
    QCOMPARE(help->currentPage(), QStringLiteral("algorithms/exponential_mechanism.md"));
    QVERIFY(help->currentTitle().startsWith(QStringLiteral("Exponential mechanism")));
    ui_test::choose(mechanism, QString());  // natural for the query: the view's page again
    window.activateWindow();
    QVERIFY(QTest::qWaitForWindowActive(&window));
    QTest::keyClick(&window, Qt::Key_F1);
    QCOMPARE(help->currentPage(), QStringLiteral("algorithms/additive_mechanisms.md"));
    help->showPage(QStringLiteral("algorithms/additive_mechanisms.md"));
    if (qEnvironmentVariableIsSet("VEIL_ZOOM_SHOTS")) help->grab().save(QStringLiteral("/tmp/veil-help-browser.png"));
    ui_test::saveScreenshot(*help, QStringLiteral("help.png"));
}

void TestHelpBrowser::everyViewHasAPage() {
    MainWindow window;
    const QString docs = veil::ui::helpDocsDirectory();
    for (int i = 0; i < window.workspace()->count(); ++i) {
        const QString id = window.workspace()->widget(i)->objectName();
        const QString page = veil::ui::helpPageForView(id);
        QVERIFY2(QFileInfo::exists(docs + QLatin1Char('/') + page), qPrintable(id + QStringLiteral(": ") + page));
        QVERIFY2(id == QLatin1String("data") || page != veil::ui::userGuidePage(), qPrintable(id));
    }
}

void TestHelpBrowser::linksBetweenPagesStayInside() {
    HelpBrowser help;
    QVERIFY(help.showPage(veil::ui::algorithmsIndexPage()));
    Q_EMIT help.textBrowser()->anchorClicked(QUrl(QStringLiteral("mondrian.md")));
    QCOMPARE(help.currentPage(), QStringLiteral("algorithms/mondrian.md"));
    QCOMPARE(help.currentTitle(), QStringLiteral("Mondrian multidimensional k-anonymity"));
    help.textBrowser()->backward();
    QCOMPARE(help.currentPage(), QStringLiteral("algorithms/README.md"));
    QVERIFY(!help.showPage(QStringLiteral("algorithms/no_such_page.md")));
}

QTEST_MAIN(TestHelpBrowser)
#include "tst_help_browser.moc"
