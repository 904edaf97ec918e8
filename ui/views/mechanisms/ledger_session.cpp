#include "views/mechanisms/ledger_session.h"

#include <QCoreApplication>
#include <QDir>
#include <QFileInfo>
#include <QPointer>
#include <QStandardPaths>

namespace veil::ui {

LedgerSession* LedgerSession::shared() {
    static QPointer<LedgerSession> session;
    if (!session) session = new LedgerSession(QCoreApplication::instance());
    return session;
}

QString LedgerSession::defaultPath() {
    return QDir::homePath() + QStringLiteral("/.local/share/veil/ledger.sqlite");
}

Status LedgerSession::open(const QString& path) {
    const QFileInfo info(path);
    if (!QDir().mkpath(info.absolutePath()))
        return Status::ioError("cannot create the folder " + info.absolutePath().toStdString());
    auto opened = release::PrivacyLedger::openFile(info.absoluteFilePath().toStdString());
    if (!opened) return opened.status();
    m_ledger = std::move(*opened);
    m_path = info.absoluteFilePath();
    emit pathChanged(m_path);
    emit ledgerChanged();
    return Status::ok();
}

Status LedgerSession::ensureOpen() { return m_ledger ? Status::ok() : open(defaultPath()); }

Result<std::int64_t> LedgerSession::record(const release::LedgerEntry& entry) {
    VEIL_RETURN_IF_ERROR(ensureOpen());
    auto id = m_ledger->recordRelease(entry);
    if (id) emit ledgerChanged();
    return id;
}

Status LedgerSession::setBudget(const std::string& dataset, release::PrivacySpend total) {
    VEIL_RETURN_IF_ERROR(ensureOpen());
    Status s = m_ledger->setBudget(dataset, total);
    if (s.isOk()) emit ledgerChanged();
    return s;
}

QString datasetKeyForPath(const QString& filePath) {
    return filePath.isEmpty() ? QStringLiteral("untitled") : QFileInfo(filePath).fileName();
}

}  // namespace veil::ui
