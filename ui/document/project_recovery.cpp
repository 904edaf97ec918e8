#include "document/project_recovery.h"

#include "document/document.h"

#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QLockFile>
#include <QSaveFile>
#include <QSettings>
#include <QStandardPaths>
#include <QTimer>
#include <QUndoStack>

#include <algorithm>

namespace veil::ui {
namespace {

constexpr int kFormatVersion = 1;
const QString kIntervalKey = QStringLiteral("autosave/interval");

QString lockPathFor(const QString& file) { return file.left(file.size() - 5) + QStringLiteral(".lock"); }

QString stringAt(const nlohmann::json& json, const char* key) {
    if (!json.is_object()) return {};
    const auto it = json.find(key);
    return it != json.end() && it->is_string() ? QString::fromStdString(it->get<std::string>()) : QString();
}

// The recovery file at `path`, when it is one (a file that is not JSON or not of this format is
// not offered).
std::optional<nlohmann::json> readJson(const QString& path) {
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly)) return std::nullopt;
    const QByteArray bytes = f.readAll();
    auto json = nlohmann::json::parse(bytes.constData(), bytes.constData() + bytes.size(), nullptr, false);
    if (json.is_discarded() || !json.is_object() || stringAt(json, "format") != QLatin1String("veil-recovery"))
        return std::nullopt;
    return json;
}

}  // namespace

QString RecoverySnapshot::dataset() const { return stringAt(json, "dataset"); }
QString RecoverySnapshot::project() const { return stringAt(json, "project"); }

ProjectRecovery::ProjectRecovery(Document* document, std::function<QString()> projectPath, QObject* parent)
    : QObject(parent),
      m_document(document),
      m_projectPath(std::move(projectPath)),
      m_interval(new QTimer(this)),
      m_debounce(new QTimer(this)) {
    QDir().mkpath(directory());
    m_file = QDir(directory())
                 .filePath(QStringLiteral("session-%1-%2.json")
                               .arg(QDateTime::currentMSecsSinceEpoch())
                               .arg(QCoreApplication::applicationPid()));
    m_lock = std::make_unique<QLockFile>(lockPathFor(m_file));
    (void)m_lock->tryLock(0);
    m_debounce->setSingleShot(true);
    m_debounce->setInterval(kDebounceMs);
    connect(m_debounce, &QTimer::timeout, this, [this] { (void)writeNow(); });
    m_interval->setInterval(intervalSeconds() * 1000);
    connect(m_interval, &QTimer::timeout, this, [this] {
        if (m_changed) (void)writeNow();
    });
    m_interval->start();
    connect(m_document->undoStack(), &QUndoStack::indexChanged, this, &ProjectRecovery::onEdited);
    connect(m_document->undoStack(), &QUndoStack::cleanChanged, this, [this](bool clean) {
        if (clean) discard();
    });
    connect(m_document, &Document::tableReset, this, &ProjectRecovery::onTableReset);
}

// The window is going away without a crash: nothing to recover.
ProjectRecovery::~ProjectRecovery() { QFile::remove(m_file); }

QString ProjectRecovery::directory() {
    const QString env = qEnvironmentVariable("VEIL_RECOVERY_DIR");
    if (!env.isEmpty()) return env;
    return QStandardPaths::writableLocation(QStandardPaths::AppDataLocation) + QStringLiteral("/recovery");
}

int ProjectRecovery::intervalSeconds() const {
    const int seconds = QSettings().value(kIntervalKey, kDefaultIntervalSeconds).toInt();
    return seconds > 0 ? seconds : kDefaultIntervalSeconds;
}

void ProjectRecovery::addSection(const QString& key, std::function<nlohmann::json()> save,
                                 std::function<void(const nlohmann::json&)> restore) {
    m_sections[key] = {std::move(save), std::move(restore)};
}

nlohmann::json ProjectRecovery::snapshot() const {
    nlohmann::json json = {{"format", "veil-recovery"},
                           {"version", kFormatVersion},
                           {"saved", QDateTime::currentDateTimeUtc().toString(Qt::ISODateWithMs).toStdString()},
                           {"dataset", m_document->filePath().toStdString()},
                           {"project", m_projectPath ? m_projectPath().toStdString() : std::string()}};
    nlohmann::json roles = nlohmann::json::object(), types = nlohmann::json::object();
    const Table& t = m_document->table();
    for (std::size_t c = 0; c < t.columnCount(); ++c) {
        roles[t.column(c).name()] = attributeRoleName(t.role(c));
        types[t.column(c).name()] = columnTypeName(t.column(c).type());
    }
    json["roles"] = roles;
    json["types"] = types;
    json["sections"] = sections();
    return json;
}

nlohmann::json ProjectRecovery::sections() const {
    nlohmann::json sections = nlohmann::json::object();
    for (const auto& entry : m_sections) sections[entry.first.toStdString()] = entry.second.first();
    return sections;
}

void ProjectRecovery::applySectionsUnchecked(const nlohmann::json& sections) {
    if (!sections.is_object()) return;
    for (const auto& entry : m_sections) {
        const std::string key = entry.first.toStdString();
        if (sections.contains(key)) entry.second.second(sections[key]);
    }
}

bool ProjectRecovery::applySections(const nlohmann::json& sections) {
    try {
        applySectionsUnchecked(sections);
    } catch (const nlohmann::json::exception& e) {
        Q_EMIT restoreFailed(tr("The saved settings are damaged (%1): what they held before the damage was restored.")
                                 .arg(QString::fromUtf8(e.what())));
        return false;
    }
    return true;
}

bool ProjectRecovery::writeNow() {
    m_debounce->stop();
    if (m_document->isEmpty() || m_document->undoStack()->isClean()) {
        discard();
        return true;
    }
    QSaveFile file(m_file);
    if (!file.open(QIODevice::WriteOnly)) return false;
    const std::string text = snapshot().dump(1);
    file.write(text.data(), qint64(text.size()));
    if (!file.commit()) return false;
    m_changed = false;
    Q_EMIT written(m_file);
    return true;
}

void ProjectRecovery::discard() {
    m_changed = false;
    m_debounce->stop();
    QFile::remove(m_file);
}

std::vector<RecoverySnapshot> ProjectRecovery::orphans(const QString& ownFile) {
    std::vector<RecoverySnapshot> out;
    const QDir dir(directory());
    for (const QFileInfo& info : dir.entryInfoList({QStringLiteral("session-*.json")}, QDir::Files)) {
        if (info.absoluteFilePath() == QFileInfo(ownFile).absoluteFilePath()) continue;
        // A live window holds its lock; a crashed one left a stale lock (dead process) or none.
        QLockFile lock(lockPathFor(info.absoluteFilePath()));
        lock.setStaleLockTime(0);  // a live window's lock never goes stale with age
        if (!lock.tryLock(0)) continue;
        lock.unlock();
        auto json = readJson(info.absoluteFilePath());
        if (!json) continue;
        QDateTime saved = QDateTime::fromString(stringAt(*json, "saved"), Qt::ISODateWithMs);
        if (!saved.isValid()) saved = info.lastModified();
        out.push_back({info.absoluteFilePath(), saved.toLocalTime(), std::move(*json)});
    }
    std::sort(out.begin(), out.end(), [](const auto& a, const auto& b) { return a.saved > b.saved; });
    return out;
}

void ProjectRecovery::removeSnapshot(const RecoverySnapshot& snapshot) {
    QFile::remove(snapshot.file);
    QFile::remove(lockPathFor(snapshot.file));
}

void ProjectRecovery::restoreWhenLoaded(const RecoverySnapshot& snapshot) { m_pending = snapshot; }

bool ProjectRecovery::apply(const nlohmann::json& json) {
    // The file may be damaged (a crash while writing it, an edit by hand): a value of the wrong
    // type must not terminate Veil while it restores a crashed session.
    try {
        applyRolesAndTypes(json);
        if (json.is_object() && json.contains("sections")) applySectionsUnchecked(json["sections"]);
    } catch (const nlohmann::json::exception& e) {
        Q_EMIT restoreFailed(tr("The recovery file is damaged (%1): what it held before the damage was restored.")
                                 .arg(QString::fromUtf8(e.what())));
        return false;
    }
    return true;
}

void ProjectRecovery::applyRolesAndTypes(const nlohmann::json& json) {
    if (!json.is_object()) return;
    auto objectAt = [&json](const char* key) {
        return json.contains(key) && json[key].is_object() ? json[key] : nlohmann::json::object();
    };
    const nlohmann::json roles = objectAt("roles"), types = objectAt("types");
    for (std::size_t c = 0; c < m_document->table().columnCount(); ++c) {
        const std::string name = m_document->table().column(c).name();
        if (types.contains(name) && types[name].is_string())
            if (auto type = parseColumnType(types[name].get<std::string>());
                type && *type != m_document->table().column(c).type())
                m_document->setColumnType(int(c), *type);
        if (roles.contains(name) && roles[name].is_string())
            if (auto role = parseAttributeRole(roles[name].get<std::string>());
                role && *role != m_document->table().role(c))
                m_document->setColumnRole(int(c), *role);
    }
}

void ProjectRecovery::onEdited() {
    m_changed = true;
    m_debounce->start();
}

void ProjectRecovery::onTableReset() {
    discard();
    if (!m_pending || m_document->isEmpty()) return;
    if (QFileInfo(m_document->filePath()) != QFileInfo(m_pending->dataset())) return;
    // After every view has taken the new table (they reset their state on tableReset too).
    QTimer::singleShot(0, this, [this] {
        if (!m_pending) return;
        const RecoverySnapshot snapshot = *m_pending;
        m_pending.reset();
        const bool whole = apply(snapshot.json);
        removeSnapshot(snapshot);  // a damaged file is not offered again
        (void)writeNow();
        if (whole) Q_EMIT restored();
    });
}

}  // namespace veil::ui
