// OpenDatabaseDialog: File > Open from Database…. Picks a SQLite file or a PostgreSQL server
// (host, port, database, user, password), then a table or view (listed from the database) or a
// SELECT, and builds the source URI readTable takes (sqlite:///db?table=T,
// postgresql://user:pw@host:port/db?query=SELECT%20...). The password lives only in the dialog and
// the URI it returns: the connection fields it remembers in QSettings never include it, and the
// preview shows it as ***.
#pragma once

#include "veil/common/status.h"

#include <QDialog>

#include <functional>
#include <string>
#include <vector>

class QAction;
class QComboBox;
class QDialogButtonBox;
class QLabel;
class QLineEdit;
class QPlainTextEdit;
class QPushButton;
class QRadioButton;
class QSpinBox;
class QStackedWidget;

namespace veil::ui {

class OpenDatabaseDialog final : public QDialog {
    Q_OBJECT

public:
    enum class Kind { Sqlite = 0, Postgres = 1 };

    explicit OpenDatabaseDialog(QWidget* parent = nullptr);

    // Fills the fields (for tests and callers that know what they want).
    void setSqliteFile(const QString& path);
    void setPostgres(const QString& host, int port, const QString& database, const QString& user,
                     const QString& password);
    void setTable(const QString& table);
    void setQuery(const QString& sql);

    Kind kind() const;
    // "sqlite:///abs/db.sqlite" or "postgresql://user:password@host:port/database" (password included).
    QString databaseUri() const;
    // databaseUri() with ?table=NAME or ?query=SELECT... (percent-encoded); empty when incomplete.
    QString sourceUri() const;
    // sourceUri() with the password shown as ***.
    QString displayUri() const;
    // The table list last filled by listTables().
    QStringList tables() const;

public Q_SLOTS:
    // Reads the database's tables and views into the table chooser on a worker thread (a server
    // that does not answer gives up after 10 s; the dialog stays responsive); tablesListed(ok)
    // when done, with the reason shown in the dialog when the database cannot be read.
    void listTables();

Q_SIGNALS:
    void tablesListed(bool ok);

protected:
    void done(int result) override;

private:
    QWidget* createSqlitePage();
    QWidget* createPostgresPage();
    QWidget* createSelectionBox();
    void updateState();
    void showTables(const Result<std::vector<std::string>>& names);
    void restoreFields();
    void storeFields() const;

    QComboBox* m_kind;
    QStackedWidget* m_pages;
    QLineEdit* m_sqlitePath = nullptr;
    QLineEdit* m_host = nullptr;
    QSpinBox* m_port = nullptr;
    QLineEdit* m_database = nullptr;
    QLineEdit* m_user = nullptr;
    QLineEdit* m_password = nullptr;
    QPushButton* m_list = nullptr;
    QRadioButton* m_useTable = nullptr;
    QRadioButton* m_useQuery = nullptr;
    QComboBox* m_table = nullptr;
    QPlainTextEdit* m_query = nullptr;
    QLabel* m_preview = nullptr;
    QLabel* m_problem = nullptr;
    QDialogButtonBox* m_buttons = nullptr;
};

// File > Open from Database…: an action (objectName "openDatabaseAction") that runs the dialog and
// hands the source URI it built to `open`.
QAction* createOpenDatabaseAction(QWidget* parent, std::function<void(const QString&)> open);

}  // namespace veil::ui
