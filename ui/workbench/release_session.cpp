#include "workbench/release_session.h"

#include <QDir>
#include <QFileInfo>
#include <QMetaObject>
#include <QStandardPaths>

namespace veil::ui {

ReleaseSession::ReleaseSession(QObject* parent) : QObject(parent) {}

ReleaseSession::~ReleaseSession() = default;

QString ReleaseSession::defaultLedgerPath() {
    return QStandardPaths::writableLocation(QStandardPaths::GenericDataLocation) +
           QStringLiteral("/veil/ledger.sqlite");
}

void ReleaseSession::setTeaching(bool on) {
    if (m_teaching == on) return;
    m_teaching = on;
    Q_EMIT teachingChanged(on);
}

Status ReleaseSession::open(const QString& path) {
    const QFileInfo info(path);
    if (!QDir().mkpath(info.absolutePath()))
        return Status::ioError("cannot create the folder " + info.absolutePath().toStdString());
    auto opened = release::PrivacyLedger::openFile(info.absoluteFilePath().toStdString());
    if (!opened) return opened.status();
    {
        std::lock_guard<std::recursive_mutex> lock(m_mutex);
        m_ledger = std::move(*opened);
        m_filePath = info.absoluteFilePath();
        if (!m_project) m_path = m_filePath;
    }
    Q_EMIT pathChanged(m_path);
    Q_EMIT ledgerChanged();
    return Status::ok();
}

Status ReleaseSession::ensureOpen() { return isOpen() ? Status::ok() : open(defaultLedgerPath()); }

void ReleaseSession::useProjectLedger(release::PrivacyLedger* ledger, const QString& projectPath) {
    {
        std::lock_guard<std::recursive_mutex> lock(m_mutex);
        m_project = ledger;
        m_path = ledger ? projectPath : m_filePath;
    }
    Q_EMIT pathChanged(m_path);
    Q_EMIT ledgerChanged();
}

Result<std::shared_ptr<dp::ReleaseGate>> ReleaseSession::makeGate(const QString& datasetKey,
                                                                  std::optional<std::uint64_t> seed,
                                                                  nlohmann::json details) {
    dp::ReleaseGate::Options o;
    o.seed = seed;
    o.dataset = datasetKey.toStdString();
    o.details = std::move(details);
    if (m_teaching) {
        o.mode = dp::ReleaseMode::Teaching;
    } else {
        VEIL_RETURN_IF_ERROR(ensureOpen());
        o.ledger = this;
    }
    return std::make_shared<dp::ReleaseGate>(std::move(o));
}

Result<std::int64_t> ReleaseSession::charge(const std::string& dataset, const dp::Charge& c) {
    Result<std::int64_t> id = Status::internal("no ledger is open");
    {
        std::lock_guard<std::recursive_mutex> lock(m_mutex);
        if (release::PrivacyLedger* l = ledger()) id = l->charge(dataset, c);
    }
    if (id) notifyChanged();
    return id;
}

Status ReleaseSession::check(const std::string& dataset, const dp::PrivacySpend& cost) {
    return withLedger([&](release::PrivacyLedger& l) { return l.check(dataset, cost); });
}

Status ReleaseSession::setBudget(const std::string& dataset, dp::PrivacySpend total) {
    Status s = withLedger([&](release::PrivacyLedger& l) { return l.setBudget(dataset, total); });
    if (s.isOk()) notifyChanged();
    return s;
}

void ReleaseSession::notifyChanged() {
    // Charges come from worker threads: the signal is always emitted on the session's thread.
    QMetaObject::invokeMethod(
        this, [this] { Q_EMIT ledgerChanged(); }, Qt::QueuedConnection);
}

QString receiptHtml(const dp::ReleaseReceipt& r) {
    const char* colour = r.mode == dp::ReleaseMode::Teaching ? "#b00020" : r.seeded ? "#8a5a00" : "#1b5e20";
    return QStringLiteral("<b style='color:%1'>%2</b>")
        .arg(QLatin1String(colour), QString::fromStdString(dp::receiptLine(r)).toHtmlEscaped());
}

QString datasetKeyForPath(const QString& filePath) {
    return filePath.isEmpty() ? QStringLiteral("untitled") : QFileInfo(filePath).fileName();
}

}  // namespace veil::ui
