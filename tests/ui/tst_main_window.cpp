// The window end to end, offscreen: open the adult sample through the loader, set a role and a
// type through the real header context menu actions, undo/redo them, cancel a large load (the
// previous table stays), show a load error, open by drag-and-drop, and persist recent files and
// window state in QSettings.
#include "ui_test_support.h"
#include "xlsx_writer.h"
#include "document/document.h"
#include "document/recent_files.h"
#include "jobs/table_loader.h"
#include "main_window.h"
#include "models/table_model.h"
#include "panels/column_summary_panel.h"
#include "views/release/release_actions.h"
#include "views/table_view.h"
#include "workbench/release_session.h"

#include "veil/common/version.h"

#include <QAbstractButton>
#include <QAction>
#include <QApplication>
#include <QDropEvent>
#include <QLabel>
#include <QMenu>
#include <QMessageBox>
#include <QMimeData>
#include <QSettings>
#include <QSignalSpy>
#include <QStatusBar>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>
#include <QTimer>
#include <QUndoStack>
#include <QUrl>

#include <memory>

using namespace veil;
using veil::ui::MainWindow;
using veil::ui::TableModel;

using ui_test::saveScreenshot;

namespace {

const QString kAdult = QStringLiteral(VEIL_SAMPLES_DIR "/adult.csv");
constexpr int kLoadTimeoutMs = 60000;

int columnNamed(const Table& table, const char* name) {
    auto index = table.columnIndex(name);
    return index.isOk() ? int(*index) : -1;
}

// Opens adult.csv in `window` and waits until it is shown.
bool openAdult(MainWindow& window) {
    QSignalSpy loaded(window.loader(), &ui::TableLoader::loaded);
    window.openFile(kAdult);
    return loaded.wait(kLoadTimeoutMs) || loaded.count() == 1;
}

QAction* headerAction(ui::TableView* view, int column, const QString& name, std::unique_ptr<QMenu>& menu) {
    menu.reset(view->createHeaderMenu(column));
    return menu->findChild<QAction*>(name);
}

// With VEIL_SCREENSHOT_DIR set, saves what the window looks like (for a human to check).

}  // namespace

class TestMainWindow : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void opensAdultSample();
    void opensAWorkbookLikeACsv();
    void setsRoleThroughHeaderMenuWithUndo();
    void setsTypeThroughHeaderMenuWithUndo();
    void cancelKeepsPreviousTable_data();
    void cancelKeepsPreviousTable();
    void loadErrorShowsDialogWithLine();
    void warningsShowInStatusBar();
    void dropOpensFile();
    void persistsRecentFilesAndWindowState();
    void shortcutsAndAbout();
    void closeReturnsToWelcome();
    void asksBeforeDiscardingEdits();
    void teachingModeIsVisibleEverywhere();

private:
    QTemporaryDir m_dir;
    QString m_bigCsv;
};

void TestMainWindow::initTestCase() {
    QStandardPaths::setTestModeEnabled(true);
    QCoreApplication::setOrganizationName(QStringLiteral("VeilTest"));
    QCoreApplication::setApplicationName(QStringLiteral("tst_ui_main_window"));
    QSettings().clear();
    QVERIFY(m_dir.isValid());

    // 600,000 rows x 4 columns (~17 MB): long enough to cancel while it loads.
    m_bigCsv = m_dir.filePath(QStringLiteral("big.csv"));
    QFile file(m_bigCsv);
    QVERIFY(file.open(QIODevice::WriteOnly));
    file.write("id,value,group,day\n");
    QByteArray chunk;
    for (int r = 0; r < 600000; ++r) {
        chunk += QByteArray::number(r) + ',' + QByteArray::number(r * 0.25) + ",g" + QByteArray::number(r % 7) +
                 ",2020-01-" + QByteArray::number(10 + r % 20) + '\n';
        if (chunk.size() > (1 << 20)) {
            file.write(chunk);
            chunk.clear();
        }
    }
    file.write(chunk);
}

// An .xlsx opens like a CSV (its first sheet, the first row as the header), codes kept.
void TestMainWindow::opensAWorkbookLikeACsv() {
    const QString book = m_dir.filePath(QStringLiteral("survey.xlsx"));
    QVERIFY(testing::writeXlsx(
        book.toStdString(), {{"Answers", {{"zip", "age"}, {"03097", "#34"}, {"10115", "#61"}}}, {"Other", {{"x"}}}}));
    MainWindow window;
    window.show();
    QSignalSpy loaded(window.loader(), &ui::TableLoader::loaded);
    window.openFile(book);
    QVERIFY(loaded.wait(kLoadTimeoutMs) || loaded.count() == 1);
    const Table& table = window.document()->table();
    QCOMPARE(table.rowCount(), std::size_t(2));
    QCOMPARE(table.column(1).type(), ColumnType::Integer);
    std::string scratch;
    QCOMPARE(std::string(table.column(0).originalText(0, scratch)), std::string("03097"));
}

void TestMainWindow::opensAdultSample() {
    MainWindow window;
    window.show();
    QVERIFY(openAdult(window));
    const Table& table = window.document()->table();
    QCOMPARE(table.rowCount(), std::size_t(30162));
    QCOMPARE(table.columnCount(), std::size_t(9));
    QCOMPARE(window.document()->tableModel()->rowCount(), 30162);
    QCOMPARE(window.document()->filePath(), kAdult);
    const int age = columnNamed(table, "age");
    QVERIFY(age >= 0);
    QCOMPARE(table.column(std::size_t(age)).type(), ColumnType::Integer);
    QVERIFY(window.windowTitle().startsWith(QStringLiteral("adult.csv")));
    // The first column is selected and summarised in the side panel.
    QTRY_COMPARE(window.summaryPanel()->column(), 0);
    QTRY_COMPARE(window.summaryPanel()->summary().rows, std::size_t(30162));

    window.tableView()->selectColumnAt(age);
    QTRY_COMPARE(window.summaryPanel()->summary().name, std::string("age"));
    // adult.csv: age ranges over 17..90 (checked with a one-line awk over the file).
    QCOMPARE(window.summaryPanel()->summary().min.value_or(""), std::string("17"));
    QCOMPARE(window.summaryPanel()->summary().max.value_or(""), std::string("90"));

    if (!qEnvironmentVariableIsEmpty("VEIL_SCREENSHOT_DIR")) {
        for (const char* name : {"native-country", "sex"}) {
            window.tableView()->selectColumnAt(columnNamed(table, name));
            QTRY_COMPARE(window.summaryPanel()->summary().name, std::string(name));
            saveScreenshot(window, QStringLiteral("column-%1.png").arg(QLatin1String(name)));
        }
    }
}

void TestMainWindow::setsRoleThroughHeaderMenuWithUndo() {
    MainWindow window;
    window.show();
    QVERIFY(openAdult(window));
    ui::Document* document = window.document();
    const int age = columnNamed(document->table(), "age");
    QVERIFY(age >= 0);
    QVERIFY(document->table().role(std::size_t(age)) != AttributeRole::QuasiIdentifier);
    window.tableView()->selectColumnAt(age);
    QTRY_COMPARE(window.summaryPanel()->summary().name, std::string("age"));

    std::unique_ptr<QMenu> menu;
    QAction* action = headerAction(window.tableView(), age, QStringLiteral("role:quasi-identifier"), menu);
    QVERIFY(action);
    QVERIFY(!action->isChecked());
    if (!qEnvironmentVariableIsEmpty("VEIL_SCREENSHOT_DIR")) {
        menu->popup(window.mapToGlobal(QPoint(100, 60)));
        auto* roleMenu = qobject_cast<QMenu*>(action->parent());
        QVERIFY(roleMenu);
        roleMenu->show();
        saveScreenshot(*menu, QStringLiteral("header-menu.png"));
        saveScreenshot(*roleMenu, QStringLiteral("role-menu.png"));
        menu->hide();
    }
    action->trigger();

    QCOMPARE(document->table().role(std::size_t(age)), AttributeRole::QuasiIdentifier);
    QCOMPARE(document->tableModel()->headerData(age, Qt::Horizontal, TableModel::AttributeRoleRole).toInt(),
             int(AttributeRole::QuasiIdentifier));
    QTRY_COMPARE(window.summaryPanel()->summary().role, AttributeRole::QuasiIdentifier);
    QVERIFY(window.isWindowModified());
    saveScreenshot(window, QStringLiteral("role-set.png"));
    // A fresh menu shows the new role checked.
    QVERIFY(headerAction(window.tableView(), age, QStringLiteral("role:quasi-identifier"), menu)->isChecked());

    auto* undo = window.findChild<QAction*>(QStringLiteral("undoAction"));
    auto* redo = window.findChild<QAction*>(QStringLiteral("redoAction"));
    QVERIFY(undo && redo);
    QVERIFY(undo->isEnabled());
    undo->trigger();
    QCOMPARE(document->table().role(std::size_t(age)), AttributeRole::Insensitive);
    QCOMPARE(document->tableModel()->headerData(age, Qt::Horizontal, TableModel::AttributeRoleRole).toInt(),
             int(AttributeRole::Insensitive));
    QVERIFY(!window.isWindowModified());
    QVERIFY(redo->isEnabled());
    redo->trigger();
    QCOMPARE(document->table().role(std::size_t(age)), AttributeRole::QuasiIdentifier);
    QTRY_COMPARE(window.summaryPanel()->summary().role, AttributeRole::QuasiIdentifier);
}

void TestMainWindow::setsTypeThroughHeaderMenuWithUndo() {
    MainWindow window;
    window.show();
    QVERIFY(openAdult(window));
    ui::Document* document = window.document();
    const int age = columnNamed(document->table(), "age");
    std::unique_ptr<QMenu> menu;
    QAction* toText = headerAction(window.tableView(), age, QStringLiteral("type:categorical"), menu);
    QVERIFY(toText);
    toText->trigger();
    QCOMPARE(document->table().column(std::size_t(age)).type(), ColumnType::Categorical);
    QCOMPARE(document->tableModel()->headerData(age, Qt::Horizontal, TableModel::ColumnTypeRole).toInt(),
             int(ColumnType::Categorical));
    // Same first value either way: the cell text survives the conversion.
    const QString first = document->tableModel()->data(document->tableModel()->index(0, age)).toString();
    document->undoStack()->undo();
    QCOMPARE(document->table().column(std::size_t(age)).type(), ColumnType::Integer);
    QCOMPARE(document->tableModel()->data(document->tableModel()->index(0, age)).toString(), first);
}

void TestMainWindow::cancelKeepsPreviousTable_data() {
    QTest::addColumn<bool>("waitForProgress");
    QTest::newRow("cancel at once") << false;
    QTest::newRow("cancel while reading") << true;
}

void TestMainWindow::cancelKeepsPreviousTable() {
    QFETCH(bool, waitForProgress);
    MainWindow window;
    window.show();
    QVERIFY(openAdult(window));
    const auto firstColumn = window.document()->table().columnPtr(0);

    QSignalSpy progress(window.loader(), &ui::TableLoader::progressChanged);
    QSignalSpy cancelled(window.loader(), &ui::TableLoader::cancelled);
    QSignalSpy loaded(window.loader(), &ui::TableLoader::loaded);
    window.openFile(m_bigCsv);
    QVERIFY(window.loader()->isRunning());
    auto* cancel = window.findChild<QAction*>(QStringLiteral("cancelLoadAction"));
    QVERIFY(cancel && cancel->isEnabled());
    if (waitForProgress) {
        QTRY_VERIFY_WITH_TIMEOUT(!progress.isEmpty() || !window.loader()->isRunning(), kLoadTimeoutMs);
        saveScreenshot(window, QStringLiteral("loading.png"));
    }
    cancel->trigger();
    QTRY_COMPARE_WITH_TIMEOUT(cancelled.count(), 1, kLoadTimeoutMs);
    QCOMPARE(loaded.count(), 0);
    QVERIFY(!window.loader()->isRunning());
    QVERIFY(!cancel->isEnabled());
    QCOMPARE(window.document()->table().rowCount(), std::size_t(30162));
    QCOMPARE(window.document()->table().columnPtr(0), firstColumn);
    QCOMPARE(window.document()->filePath(), kAdult);
    QCOMPARE(window.document()->tableModel()->rowCount(), 30162);
}

void TestMainWindow::loadErrorShowsDialogWithLine() {
    const QString bad = m_dir.filePath(QStringLiteral("ragged.csv"));
    QFile file(bad);
    QVERIFY(file.open(QIODevice::WriteOnly));
    file.write("a,b,c\n1,2,3\n4,5\n");  // line 3 has 2 fields, expected 3
    file.close();

    MainWindow window;
    window.show();
    QVERIFY(openAdult(window));
    QSignalSpy failed(window.loader(), &ui::TableLoader::failed);
    window.openFile(bad);
    QTRY_COMPARE_WITH_TIMEOUT(failed.count(), 1, kLoadTimeoutMs);
    const QString message = failed.first().at(1).toString();
    QVERIFY2(message.contains(QStringLiteral("ragged.csv:3")), qPrintable(message));
    auto* box = window.findChild<QMessageBox*>(QStringLiteral("loadErrorBox"));
    QVERIFY(box);
    QTRY_VERIFY(box->isVisible());
    QCOMPARE(box->informativeText(), message);
    QCOMPARE(window.document()->table().rowCount(), std::size_t(30162));
    box->accept();
}

void TestMainWindow::warningsShowInStatusBar() {
    const QString dup = m_dir.filePath(QStringLiteral("duplicate.csv"));
    QFile file(dup);
    QVERIFY(file.open(QIODevice::WriteOnly));
    file.write("a,a\n1,2\n");  // a repeated column name is renamed with a warning
    file.close();

    MainWindow window;
    window.show();
    QSignalSpy loaded(window.loader(), &ui::TableLoader::loaded);
    window.openFile(dup);
    QVERIFY(loaded.wait(kLoadTimeoutMs) || loaded.count() == 1);
    QCOMPARE(window.document()->table().columnCount(), std::size_t(2));
    QCOMPARE(window.document()->loadWarnings().size(), 1);
    const QString warning = window.document()->loadWarnings().first();
    QVERIFY2(warning.contains(QStringLiteral("duplicate")), qPrintable(warning));
    QVERIFY2(window.statusBar()->currentMessage().contains(warning), qPrintable(window.statusBar()->currentMessage()));
}

void TestMainWindow::dropOpensFile() {
    MainWindow window;
    window.show();
    saveScreenshot(window, QStringLiteral("welcome.png"));
    auto mime = std::make_unique<QMimeData>();
    mime->setUrls({QUrl::fromLocalFile(kAdult)});
    const QPointF pos(window.width() / 2.0, window.height() / 2.0);
    QDragEnterEvent enter(pos.toPoint(), Qt::CopyAction, mime.get(), Qt::LeftButton, Qt::NoModifier);
    QApplication::sendEvent(&window, &enter);
    QVERIFY(enter.isAccepted());
    QSignalSpy loaded(window.loader(), &ui::TableLoader::loaded);
    QDropEvent drop(pos, Qt::CopyAction, mime.get(), Qt::LeftButton, Qt::NoModifier);
    QApplication::sendEvent(&window, &drop);
    QVERIFY(loaded.wait(kLoadTimeoutMs) || loaded.count() == 1);
    QCOMPARE(window.document()->table().rowCount(), std::size_t(30162));

    // Something that is not a local file is refused.
    QMimeData text;
    text.setText(QStringLiteral("hello"));
    QDragEnterEvent refused(pos.toPoint(), Qt::CopyAction, &text, Qt::LeftButton, Qt::NoModifier);
    refused.setAccepted(false);
    QApplication::sendEvent(&window, &refused);
    QVERIFY(!refused.isAccepted());
}

void TestMainWindow::persistsRecentFilesAndWindowState() {
    QSettings().clear();
    {
        MainWindow window;
        window.show();
        QVERIFY(openAdult(window));
        QCOMPARE(window.recentFiles()->files().value(0), kAdult);
        window.resize(900, 640);
        window.close();
    }
    QSettings settings;
    QCOMPARE(settings.value(QStringLiteral("recentFiles")).toStringList().value(0), kAdult);
    QVERIFY(!settings.value(QStringLiteral("mainWindow/geometry")).toByteArray().isEmpty());
    QVERIFY(!settings.value(QStringLiteral("mainWindow/state")).toByteArray().isEmpty());

    MainWindow again;
    QCOMPARE(again.recentFiles()->files().value(0), kAdult);
    QCOMPARE(again.size(), QSize(900, 640));
    // The File > Open Recent menu offers the file.
    bool found = false;
    for (QAction* a : again.findChildren<QAction*>())
        if (a->toolTip() == kAdult) found = true;
    QVERIFY(found);
}

void TestMainWindow::shortcutsAndAbout() {
    MainWindow window;
    window.show();
    auto shortcut = [&](const char* name) {
        auto* action = window.findChild<QAction*>(QLatin1String(name));
        return action ? action->shortcut() : QKeySequence();
    };
    QCOMPARE(shortcut("openAction"), QKeySequence(QKeySequence::Open));
    QCOMPARE(shortcut("closeAction"), QKeySequence(QKeySequence::Close));
    QCOMPARE(shortcut("quitAction"), QKeySequence(Qt::CTRL | Qt::Key_Q));
    QCOMPARE(shortcut("undoAction"), QKeySequence(QKeySequence::Undo));
    QCOMPARE(shortcut("redoAction"), QKeySequence(QKeySequence::Redo));
    QCOMPARE(shortcut("cancelLoadAction"), QKeySequence(Qt::Key_Escape));

    // Help > About is modal: read and close it from the event loop.
    QString aboutText;
    QTimer::singleShot(0, &window, [&] {
        if (auto* box = qobject_cast<QMessageBox*>(QApplication::activeModalWidget())) {
            aboutText = box->text();
            saveScreenshot(*box, QStringLiteral("about.png"));
            box->accept();
        }
    });
    window.findChild<QAction*>(QStringLiteral("aboutAction"))->trigger();
    QVERIFY2(aboutText.contains(QLatin1String(versionString())), qPrintable(aboutText));
}

void TestMainWindow::closeReturnsToWelcome() {
    MainWindow window;
    window.show();
    QVERIFY(openAdult(window));
    auto* close = window.findChild<QAction*>(QStringLiteral("closeAction"));
    QVERIFY(close && close->isEnabled());
    close->trigger();
    QVERIFY(window.document()->isEmpty());
    QCOMPARE(window.document()->tableModel()->rowCount(), 0);
    QCOMPARE(window.summaryPanel()->column(), -1);
    QCOMPARE(window.windowTitle(), QStringLiteral("Veil"));
    QVERIFY(!close->isEnabled());
}

// Issue 20: opening another file (or closing) after setting roles, with no project to keep them,
// asks first; Cancel keeps everything, Discard goes on.
void TestMainWindow::asksBeforeDiscardingEdits() {
    MainWindow window;
    window.show();
    QVERIFY(openAdult(window));
    ui::Document* document = window.document();
    const int age = columnNamed(document->table(), "age");
    document->setColumnRole(age, AttributeRole::QuasiIdentifier);
    QVERIFY(window.isWindowModified());

    // Answers the next prompt with the button named `button`, and remembers that it was asked.
    bool asked = false;
    auto answer = [&](const char* button) {
        asked = false;
        QTimer::singleShot(0, &window, [&asked, button] {
            auto* box = qobject_cast<QMessageBox*>(QApplication::activeModalWidget());
            QVERIFY(box && box->objectName() == QStringLiteral("unsavedChangesBox"));
            asked = true;
            box->findChild<QAbstractButton*>(QString::fromLatin1(button))->click();
        });
    };
    answer("cancel");
    window.closeFile();
    QVERIFY(asked);
    QVERIFY(!document->isEmpty());
    QCOMPARE(document->table().role(std::size_t(age)), AttributeRole::QuasiIdentifier);

    answer("discard");
    window.closeFile();
    QVERIFY(asked);
    QVERIFY(document->isEmpty());

    // Nothing edited: no question.
    QVERIFY(openAdult(window));
    window.closeFile();
    QVERIFY(document->isEmpty());
}

// View > Teaching Mode: the window's session switches, a banner and a status-bar mark say "not
// private" while it is on, and Run Release Plan is disabled; off again, everything is back.
void TestMainWindow::teachingModeIsVisibleEverywhere() {
    MainWindow window;
    window.show();
    auto* action = window.findChild<QAction*>(QStringLiteral("teachingModeAction"));
    QVERIFY(action && action->isCheckable() && !action->isChecked());
    auto* banner = window.findChild<QLabel*>(QStringLiteral("teachingBanner"));
    auto* mark = window.findChild<QLabel*>(QStringLiteral("teachingStatus"));
    QVERIFY(banner && mark);
    QVERIFY(!window.releaseSession()->isTeaching());
    QVERIFY(!banner->isVisible() && !mark->isVisible());
    QVERIFY(window.releaseActions()->runPlanAction()->isEnabled());
    action->trigger();
    QVERIFY(window.releaseSession()->isTeaching());
    QVERIFY(banner->isVisible() && mark->isVisible());
    QVERIFY(banner->text().contains(QStringLiteral("not private")));
    QVERIFY(!window.releaseActions()->runPlanAction()->isEnabled());
    saveScreenshot(window, QStringLiteral("teaching-mode.png"));
    window.releaseSession()->setTeaching(false);  // from elsewhere: the action follows
    QVERIFY(!action->isChecked());
    QVERIFY(!banner->isVisible() && !mark->isVisible());
    QVERIFY(window.releaseActions()->runPlanAction()->isEnabled());
}

QTEST_MAIN(TestMainWindow)
#include "tst_main_window.moc"
