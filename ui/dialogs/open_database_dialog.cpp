#include "dialogs/open_database_dialog.h"

#include "jobs/source_names.h"
#include "jobs/worker_pool.h"
#include "workbench/local_path.h"

#include "veil/table/table_source.h"

#include <QAction>
#include <QComboBox>
#include <QDialogButtonBox>
#include <QFileDialog>
#include <QFileInfo>
#include <QFormLayout>
#include <QFutureWatcher>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QRadioButton>
#include <QSettings>
#include <QSpinBox>
#include <QStackedWidget>
#include <QToolButton>
#include <QUrl>
#include <QVBoxLayout>
#include <QtConcurrent/QtConcurrentRun>

namespace veil::ui {

namespace {

const QString kGroup = QStringLiteral("openDatabase/");

QString encoded(const QString& s, const QByteArray& keep = {}) {
    return QString::fromLatin1(QUrl::toPercentEncoding(s, keep));
}

}  // namespace

OpenDatabaseDialog::OpenDatabaseDialog(QWidget* parent)
    : QDialog(parent), m_kind(new QComboBox), m_pages(new QStackedWidget) {
    setObjectName(QStringLiteral("openDatabaseDialog"));
    setWindowTitle(tr("Open from Database"));
    m_kind->setObjectName(QStringLiteral("databaseKind"));
    m_kind->addItems({tr("SQLite file"), tr("PostgreSQL server")});
    m_pages->addWidget(createSqlitePage());
    m_pages->addWidget(createPostgresPage());
    m_preview = new QLabel;
    m_preview->setObjectName(QStringLiteral("sourcePreview"));
    m_preview->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_preview->setWordWrap(true);
    m_problem = new QLabel;
    m_problem->setObjectName(QStringLiteral("databaseProblem"));
    m_problem->setWordWrap(true);
    m_problem->hide();
    m_buttons = new QDialogButtonBox(QDialogButtonBox::Open | QDialogButtonBox::Cancel);
    connect(m_buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(m_buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);

    auto* layout = new QVBoxLayout(this);
    auto* kindRow = new QFormLayout;
    kindRow->addRow(tr("&Database:"), m_kind);
    layout->addLayout(kindRow);
    layout->addWidget(m_pages);
    layout->addWidget(createSelectionBox());
    layout->addWidget(m_problem);
    layout->addWidget(m_preview);
    layout->addWidget(m_buttons);
    connect(m_kind, &QComboBox::currentIndexChanged, m_pages, &QStackedWidget::setCurrentIndex);
    connect(m_kind, &QComboBox::currentIndexChanged, this, &OpenDatabaseDialog::updateState);
    restoreFields();
    updateState();
}

QWidget* OpenDatabaseDialog::createSqlitePage() {
    auto* page = new QWidget;
    m_sqlitePath = new QLineEdit;
    m_sqlitePath->setObjectName(QStringLiteral("sqlitePath"));
    m_sqlitePath->setPlaceholderText(tr("a .db, .sqlite or .sqlite3 file"));
    auto* browse = new QToolButton;
    browse->setText(tr("Browse…"));
    connect(browse, &QToolButton::clicked, this, [this] {
        const QString path =
            QFileDialog::getOpenFileName(this, tr("SQLite Database"), QFileInfo(m_sqlitePath->text()).absolutePath(),
                                         tr("SQLite databases (*.db *.sqlite *.sqlite3 *.db3);;All files (*)"));
        if (!path.isEmpty()) setSqliteFile(path);
    });
    auto* row = new QHBoxLayout;
    row->addWidget(m_sqlitePath, 1);
    row->addWidget(browse);
    auto* form = new QFormLayout(page);
    form->addRow(tr("&File:"), row);
    connect(m_sqlitePath, &QLineEdit::textChanged, this, &OpenDatabaseDialog::updateState);
    return page;
}

QWidget* OpenDatabaseDialog::createPostgresPage() {
    auto* page = new QWidget;
    auto* form = new QFormLayout(page);
    auto line = [&](QLineEdit*& edit, const char* name, const QString& label) {
        edit = new QLineEdit;
        edit->setObjectName(QLatin1String(name));
        form->addRow(label, edit);
        connect(edit, &QLineEdit::textChanged, this, &OpenDatabaseDialog::updateState);
    };
    line(m_host, "postgresHost", tr("&Host:"));
    m_host->setPlaceholderText(QStringLiteral("localhost"));
    m_port = new QSpinBox;
    m_port->setObjectName(QStringLiteral("postgresPort"));
    m_port->setRange(1, 65535);
    m_port->setValue(5432);
    form->addRow(tr("&Port:"), m_port);
    connect(m_port, &QSpinBox::valueChanged, this, &OpenDatabaseDialog::updateState);
    line(m_database, "postgresDatabase", tr("Data&base:"));
    line(m_user, "postgresUser", tr("&User:"));
    line(m_password, "postgresPassword", tr("Pass&word:"));
    m_password->setEchoMode(QLineEdit::Password);
    m_password->setToolTip(tr("Used for this connection only; Veil never stores it"));
    return page;
}

QWidget* OpenDatabaseDialog::createSelectionBox() {
    auto* box = new QGroupBox(tr("Read"));
    m_useTable = new QRadioButton(tr("&Table or view:"));
    m_useTable->setObjectName(QStringLiteral("useTable"));
    m_useTable->setChecked(true);
    m_useQuery = new QRadioButton(tr("&Query (one SELECT):"));
    m_useQuery->setObjectName(QStringLiteral("useQuery"));
    m_table = new QComboBox;
    m_table->setObjectName(QStringLiteral("tableChooser"));
    m_table->setEditable(true);
    auto* list = m_list = new QPushButton(tr("&List Tables"));
    list->setObjectName(QStringLiteral("listTablesButton"));
    connect(list, &QPushButton::clicked, this, &OpenDatabaseDialog::listTables);
    m_query = new QPlainTextEdit;
    m_query->setObjectName(QStringLiteral("queryEdit"));
    m_query->setPlaceholderText(QStringLiteral("SELECT zip, age, diagnosis FROM visits WHERE year = 2024"));
    auto* grid = new QVBoxLayout(box);
    auto* tableRow = new QHBoxLayout;
    tableRow->addWidget(m_useTable);
    tableRow->addWidget(m_table, 1);
    tableRow->addWidget(list);
    grid->addLayout(tableRow);
    grid->addWidget(m_useQuery);
    grid->addWidget(m_query);
    connect(m_useTable, &QRadioButton::toggled, this, &OpenDatabaseDialog::updateState);
    connect(m_table, &QComboBox::currentTextChanged, this, &OpenDatabaseDialog::updateState);
    connect(m_query, &QPlainTextEdit::textChanged, this, &OpenDatabaseDialog::updateState);
    return box;
}

void OpenDatabaseDialog::setSqliteFile(const QString& path) {
    m_kind->setCurrentIndex(int(Kind::Sqlite));
    m_sqlitePath->setText(path);
}

void OpenDatabaseDialog::setPostgres(const QString& host, int port, const QString& database, const QString& user,
                                     const QString& password) {
    m_kind->setCurrentIndex(int(Kind::Postgres));
    m_host->setText(host);
    m_port->setValue(port);
    m_database->setText(database);
    m_user->setText(user);
    m_password->setText(password);
}

void OpenDatabaseDialog::setTable(const QString& table) {
    m_useTable->setChecked(true);
    m_table->setCurrentText(table);
}

void OpenDatabaseDialog::setQuery(const QString& sql) {
    m_useQuery->setChecked(true);
    m_query->setPlainText(sql);
}

OpenDatabaseDialog::Kind OpenDatabaseDialog::kind() const { return Kind(m_kind->currentIndex()); }

QString OpenDatabaseDialog::databaseUri() const {
    if (kind() == Kind::Sqlite) {
        const QString path = m_sqlitePath->text().trimmed();
        if (path.isEmpty()) return {};
        const QString file = encoded(QFileInfo(path).absoluteFilePath(), "/:\\");
        return file.startsWith(QLatin1Char('/')) ? QStringLiteral("sqlite://") + file
                                                 : QStringLiteral("sqlite:") + file;
    }
    if (m_database->text().trimmed().isEmpty()) return {};
    QString user = encoded(m_user->text().trimmed());
    if (!user.isEmpty() && !m_password->text().isEmpty()) user += QLatin1Char(':') + encoded(m_password->text());
    const QString host = m_host->text().trimmed().isEmpty() ? QStringLiteral("localhost") : m_host->text().trimmed();
    return QStringLiteral("postgresql://%1%2:%3/%4")
        .arg(user.isEmpty() ? QString() : user + QLatin1Char('@'), host, QString::number(m_port->value()),
             encoded(m_database->text().trimmed()));
}

QString OpenDatabaseDialog::sourceUri() const {
    const QString database = databaseUri();
    if (database.isEmpty()) return {};
    if (m_useTable->isChecked()) {
        const QString table = m_table->currentText().trimmed();
        return table.isEmpty() ? QString() : database + QStringLiteral("?table=") + encoded(table);
    }
    const QString sql = m_query->toPlainText().trimmed();
    return sql.isEmpty() ? QString() : database + QStringLiteral("?query=") + encoded(sql);
}

QString OpenDatabaseDialog::displayUri() const { return redactedSource(sourceUri()); }

QStringList OpenDatabaseDialog::tables() const {
    QStringList names;
    for (int i = 0; i < m_table->count(); ++i) names << m_table->itemText(i);
    return names;
}

void OpenDatabaseDialog::listTables() {
    const QString database = databaseUri();
    if (database.isEmpty()) {
        Q_EMIT tablesListed(false);
        return;
    }
    const std::string location =
        kind() == Kind::Sqlite ? localPath(database) : database.toStdString() + "?connect_timeout=10";
    m_list->setEnabled(false);
    m_list->setText(tr("Listing…"));
    auto* watcher = new QFutureWatcher<Result<std::vector<std::string>>>(this);
    connect(watcher, &QFutureWatcherBase::finished, this, [this, watcher] {
        watcher->deleteLater();
        m_list->setEnabled(true);
        m_list->setText(tr("&List Tables"));
        showTables(watcher->result());
    });
    // One catalogue query, off the UI thread (only copies cross over).
    watcher->setFuture(QtConcurrent::run(workerPool(), [location] { return veil::listTables(location); }));
}

void OpenDatabaseDialog::showTables(const Result<std::vector<std::string>>& names) {
    m_problem->setVisible(!names);
    if (!names) {
        m_problem->setText(QString::fromStdString(names.status().message()));
        Q_EMIT tablesListed(false);
        return;
    }
    const QString current = m_table->currentText();
    m_table->clear();
    for (const std::string& n : *names) m_table->addItem(QString::fromStdString(n));
    if (!current.isEmpty() && m_table->findText(current) >= 0) m_table->setCurrentText(current);
    updateState();
    Q_EMIT tablesListed(true);
}

void OpenDatabaseDialog::updateState() {
    m_table->setEnabled(m_useTable->isChecked());
    m_query->setEnabled(m_useQuery->isChecked());
    const QString shown = displayUri();
    m_preview->setText(shown.isEmpty() ? tr("Choose a database and a table or query.") : shown);
    m_buttons->button(QDialogButtonBox::Open)->setEnabled(!shown.isEmpty());
}

void OpenDatabaseDialog::restoreFields() {
    const QSettings s;
    m_kind->setCurrentIndex(s.value(kGroup + QStringLiteral("kind"), 0).toInt() == 1 ? 1 : 0);
    m_pages->setCurrentIndex(m_kind->currentIndex());
    m_sqlitePath->setText(s.value(kGroup + QStringLiteral("sqlitePath")).toString());
    m_host->setText(s.value(kGroup + QStringLiteral("host")).toString());
    m_port->setValue(s.value(kGroup + QStringLiteral("port"), 5432).toInt());
    m_database->setText(s.value(kGroup + QStringLiteral("database")).toString());
    m_user->setText(s.value(kGroup + QStringLiteral("user")).toString());
}

// Everything but the password.
void OpenDatabaseDialog::storeFields() const {
    QSettings s;
    s.setValue(kGroup + QStringLiteral("kind"), m_kind->currentIndex());
    s.setValue(kGroup + QStringLiteral("sqlitePath"), m_sqlitePath->text());
    s.setValue(kGroup + QStringLiteral("host"), m_host->text());
    s.setValue(kGroup + QStringLiteral("port"), m_port->value());
    s.setValue(kGroup + QStringLiteral("database"), m_database->text());
    s.setValue(kGroup + QStringLiteral("user"), m_user->text());
}

void OpenDatabaseDialog::done(int result) {
    if (result == QDialog::Accepted) storeFields();
    QDialog::done(result);
}

QAction* createOpenDatabaseAction(QWidget* parent, std::function<void(const QString&)> open) {
    auto* action = new QAction(QObject::tr("Open from &Database…"), parent);
    action->setObjectName(QStringLiteral("openDatabaseAction"));
    action->setStatusTip(QObject::tr("Open a table, view or query from a SQLite file or a PostgreSQL server"));
    QObject::connect(action, &QAction::triggered, parent, [parent, open = std::move(open)] {
        OpenDatabaseDialog dialog(parent);
        if (dialog.exec() == QDialog::Accepted && !dialog.sourceUri().isEmpty()) open(dialog.sourceUri());
    });
    return action;
}

}  // namespace veil::ui
