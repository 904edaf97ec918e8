// File > Open from Database…, offscreen: the dialog builds the source URI for a SQLite file made
// here (sqlite3 C API) and lists its tables; opening the URI loads the rows; a PostgreSQL URI with
// user:secret@ (no server: port 1 refuses at once) never puts the password in the title, the
// status bar, the error box, recent files or settings.
#include "dialogs/open_database_dialog.h"
#include "document/document.h"
#include "document/recent_files.h"
#include "jobs/source_names.h"
#include "jobs/table_loader.h"
#include "main_window.h"

#include <QAction>
#include <QCoreApplication>
#include <QLabel>
#include <QMessageBox>
#include <QSettings>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QStatusBar>
#include <QTemporaryDir>
#include <QtTest/QtTest>

#include <sqlite3.h>

using namespace veil;

namespace {

constexpr int kLoadTimeoutMs = 30000;

// Lists the dialog's tables (on its worker thread) and waits: true when the database was read.
bool listed(ui::OpenDatabaseDialog& dialog) {
    QSignalSpy done(&dialog, &ui::OpenDatabaseDialog::tablesListed);
    dialog.listTables();
    if (done.isEmpty() && !done.wait(kLoadTimeoutMs)) return false;
    return done.at(0).at(0).toBool();
}

bool makeDatabase(const QString& path) {
    sqlite3* db = nullptr;
    if (sqlite3_open(path.toUtf8().constData(), &db) != SQLITE_OK) return false;
    const int rc = sqlite3_exec(db,
                                "CREATE TABLE people(zip TEXT, age INTEGER);"
                                "INSERT INTO people VALUES ('03097', 34), ('10115', 51), ('03097', 17);"
                                "CREATE VIEW adults AS SELECT * FROM people WHERE age >= 18;",
                                nullptr, nullptr, nullptr);
    sqlite3_close(db);
    return rc == SQLITE_OK;
}

// Everything the window shows or keeps about the open source.
QString visibleText(ui::MainWindow& window) {
    QStringList parts{window.windowTitle(), window.statusBar()->currentMessage(), window.document()->filePath()};
    parts += window.recentFiles()->files();
    parts += QSettings().value(QStringLiteral("recentFiles")).toStringList();
    for (auto* box : window.findChildren<QMessageBox*>()) parts << box->text() << box->informativeText();
    for (auto* action : window.findChildren<QAction*>()) parts << action->text() << action->toolTip();
    return parts.join(QLatin1Char('\n'));
}

}  // namespace

class TestOpenDatabase : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase() {
        QStandardPaths::setTestModeEnabled(true);
        QCoreApplication::setOrganizationName(QStringLiteral("VeilTest"));
        QCoreApplication::setApplicationName(QStringLiteral("tst_ui_open_database"));
        QSettings().clear();
        QVERIFY(m_dir.isValid());
        m_db = m_dir.filePath(QStringLiteral("survey.db"));
        QVERIFY(makeDatabase(m_db));
    }

    void buildsTheSqliteUri() {
        ui::OpenDatabaseDialog dialog;
        dialog.setSqliteFile(m_db);
        QVERIFY(listed(dialog));
        QCOMPARE(dialog.tables(), (QStringList{QStringLiteral("adults"), QStringLiteral("people")}));
        dialog.setTable(QStringLiteral("people"));
        QCOMPARE(dialog.sourceUri(), QStringLiteral("sqlite://") + m_db + QStringLiteral("?table=people"));
        dialog.setQuery(QStringLiteral("SELECT zip FROM people WHERE age > 18"));
        QCOMPARE(dialog.sourceUri(),
                 QStringLiteral("sqlite://") + m_db +
                     QStringLiteral("?query=SELECT%20zip%20FROM%20people%20WHERE%20age%20%3E%2018"));
    }

    void reportsAnUnreadableDatabase() {
        ui::OpenDatabaseDialog dialog;
        dialog.setSqliteFile(m_dir.filePath(QStringLiteral("no/such.db")));
        QVERIFY(!listed(dialog));
        auto* problem = dialog.findChild<QLabel*>(QStringLiteral("databaseProblem"));
        QVERIFY(problem && !problem->isHidden());
        QVERIFY2(problem->text().contains(QStringLiteral("cannot open")), qPrintable(problem->text()));
    }

    void opensTheTableInTheWindow_data() {
        QTest::addColumn<bool>("query");
        QTest::addColumn<int>("rows");
        QTest::newRow("table") << false << 3;
        QTest::newRow("query") << true << 2;
    }
    void opensTheTableInTheWindow() {
        QFETCH(bool, query);
        QFETCH(int, rows);
        ui::MainWindow window;
        QVERIFY(window.findChild<QAction*>(QStringLiteral("openDatabaseAction")));
        ui::OpenDatabaseDialog dialog;
        dialog.setSqliteFile(m_db);
        if (query)
            dialog.setQuery(QStringLiteral("SELECT * FROM people WHERE age >= 18"));
        else
            dialog.setTable(QStringLiteral("people"));
        QSignalSpy loaded(window.loader(), &ui::TableLoader::loaded);
        window.openFile(dialog.sourceUri());
        QVERIFY(loaded.wait(kLoadTimeoutMs) || loaded.count() == 1);
        QCOMPARE(int(window.document()->table().rowCount()), rows);
        QCOMPARE(window.document()->filePath(), dialog.sourceUri());
        QCOMPARE(window.recentFiles()->files().value(0), dialog.sourceUri());
        QVERIFY2(window.windowTitle().contains(QStringLiteral("survey.db")), qPrintable(window.windowTitle()));
        std::string scratch;
        QCOMPARE(std::string(window.document()->table().column(0).originalText(0, scratch)), std::string("03097"));
    }

    void neverShowsOrKeepsThePassword() {
        ui::OpenDatabaseDialog dialog;
        dialog.setPostgres(QStringLiteral("127.0.0.1"), 1, QStringLiteral("veil"), QStringLiteral("ann"),
                           QStringLiteral("secret"));
        dialog.setTable(QStringLiteral("people"));
        const QString uri = dialog.sourceUri();
        QCOMPARE(uri, QStringLiteral("postgresql://ann:secret@127.0.0.1:1/veil?table=people"));
        QVERIFY(!dialog.displayUri().contains(QStringLiteral("secret")));
        QVERIFY(!listed(dialog));  // refused: the reason is shown, the password is not
        const QString problem = dialog.findChild<QLabel*>(QStringLiteral("databaseProblem"))->text();
        QVERIFY2(problem.contains(QStringLiteral("cannot connect")) && !problem.contains(QStringLiteral("secret")),
                 qPrintable(problem));
        dialog.accept();  // remembers the connection fields
        for (const QString& key : QSettings().allKeys())
            QVERIFY2(!QSettings().value(key).toString().contains(QStringLiteral("secret")), qPrintable(key));

        ui::MainWindow window;
        QSignalSpy failed(window.loader(), &ui::TableLoader::failed);
        window.openFile(uri);
        QVERIFY(failed.wait(kLoadTimeoutMs) || failed.count() == 1);
        window.recentFiles()->add(uri);  // as after a successful load
        QCOMPARE(window.recentFiles()->files().value(0),
                 QStringLiteral("postgresql://ann@127.0.0.1:1/veil?table=people"));
        const QString shown = visibleText(window);
        QVERIFY2(!shown.contains(QStringLiteral("secret")), qPrintable(shown));
        QCOMPARE(ui::sourceDisplayName(uri), QStringLiteral("people — veil (PostgreSQL)"));
    }

private:
    QTemporaryDir m_dir;
    QString m_db;
};

QTEST_MAIN(TestOpenDatabase)
#include "tst_open_database.moc"
