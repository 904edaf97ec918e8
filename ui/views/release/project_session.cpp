#include "views/release/project_session.h"

#include "workbench/local_path.h"
#include "document/document.h"
#include "veil/release/privacy_ledger.h"
#include "veil/release/project_store.h"

#include <QFile>
#include <QFileInfo>
#include <QTimer>
#include <QUndoStack>

namespace veil::ui {

ProjectSession::ProjectSession(Document* document, QObject* parent) : QObject(parent), m_document(document) {
    // Autosave: every role/type edit, every undoable edit of a view's settings (and undo/redo).
    // The undo stack is the document's child: it is cleared (indexChanged) after the document's
    // members are gone, so the document is forgotten as soon as its destruction starts.
    connect(m_document, &QObject::destroyed, this, [this] { m_document = nullptr; });
    auto autosave = [this] {
        if (m_document && isOpen() && !m_restoring) {
            if (Status s = saveDocumentState(); !s.isOk()) Q_EMIT saveFailed(QString::fromStdString(s.message()));
        }
    };
    connect(m_document, &Document::columnChanged, this, autosave);
    connect(m_document->undoStack(), &QUndoStack::indexChanged, this, autosave);
    connect(m_document, &Document::tableReset, this, [this] {
        if (isOpen() && !m_restoring && !m_document->isEmpty()) {
            if (m_datasetId == 0)
                (void)saveDocumentState();
            else
                restoreDocumentState();
        }
    });
}

ProjectSession::~ProjectSession() = default;

QString ProjectSession::path() const { return m_store ? QString::fromStdString(m_store->path()) : QString(); }

Status ProjectSession::create(const QString& path) {
    close();
    auto store = release::ProjectStore::open(localPath(path), true);
    if (!store) return store.status();
    auto ledger = release::PrivacyLedger::attach((*store)->database());
    if (!ledger) return ledger.status();
    m_store = std::move(*store);
    m_ledger = std::move(*ledger);
    if (!m_document->isEmpty()) VEIL_RETURN_IF_ERROR(saveDocumentState());
    Q_EMIT projectChanged();
    return Status::ok();
}

Status ProjectSession::open(const QString& path, QString* datasetPath, int* state) {
    close();
    auto store = release::ProjectStore::open(localPath(path), false);
    if (!store) return store.status();
    auto ledger = release::PrivacyLedger::attach((*store)->database());
    if (!ledger) return ledger.status();
    m_store = std::move(*store);
    m_ledger = std::move(*ledger);
    if (datasetPath) datasetPath->clear();
    if (state) *state = 0;
    auto datasets = m_store->datasets();
    if (datasets && !datasets->empty()) {
        m_datasetId = datasets->front().id;
        if (datasetPath) *datasetPath = QString::fromStdString(datasets->front().path);
        auto s = m_store->checkDataset(m_datasetId);
        if (state && s) *state = int(*s);
    }
    Q_EMIT projectChanged();
    return Status::ok();
}

void ProjectSession::close() {
    m_ledger.reset();
    m_store.reset();
    m_datasetId = 0;
    Q_EMIT projectChanged();
}

std::int64_t ProjectSession::ensureDataset() {
    if (m_datasetId != 0 || m_document->filePath().isEmpty()) return m_datasetId;
    auto id = m_store->addDataset(QFileInfo(m_document->filePath()).fileName().toStdString(),
                                  localPath(m_document->filePath()), "table");
    if (id) m_datasetId = *id;
    return m_datasetId;
}

Status ProjectSession::saveDocumentState() {
    if (!isOpen() || !m_document) return Status::ok();
    if (ensureDataset() == 0) return Status::ok();
    nlohmann::json roles = nlohmann::json::object(), types = nlohmann::json::object();
    const Table& t = m_document->table();
    for (std::size_t c = 0; c < t.columnCount(); ++c) {
        roles[t.column(c).name()] = attributeRoleName(t.role(c));
        types[t.column(c).name()] = columnTypeName(t.column(c).type());
    }
    VEIL_RETURN_IF_ERROR(m_store->setDatasetSetting(m_datasetId, "roles", roles));
    VEIL_RETURN_IF_ERROR(m_store->setDatasetSetting(m_datasetId, "types", types));
    if (m_saveSections) VEIL_RETURN_IF_ERROR(m_store->setDatasetSetting(m_datasetId, "sections", m_saveSections()));
    return Status::ok();
}

void ProjectSession::setSections(std::function<nlohmann::json()> save,
                                 std::function<void(const nlohmann::json&)> restore) {
    m_saveSections = std::move(save);
    m_restoreSections = std::move(restore);
}

void ProjectSession::restoreDocumentState() {
    if (!isOpen() || m_datasetId == 0) return;
    auto roles = m_store->datasetSetting(m_datasetId, "roles");
    auto types = m_store->datasetSetting(m_datasetId, "types");
    m_restoring = true;
    const Table& t = m_document->table();
    for (std::size_t c = 0; c < t.columnCount(); ++c) {
        const std::string& name = t.column(c).name();
        if (types && types->has_value() && (**types).contains(name))
            if (auto type = parseColumnType((**types)[name].get<std::string>()); type && *type != t.column(c).type())
                m_document->setColumnType(int(c), *type);
        if (roles && roles->has_value() && (**roles).contains(name))
            if (auto role = parseAttributeRole((**roles)[name].get<std::string>());
                role && *role != m_document->table().role(c))
                m_document->setColumnRole(int(c), *role);
    }
    m_restoring = false;
    auto sections = m_store->datasetSetting(m_datasetId, "sections");
    if (!m_restoreSections || !sections || !sections->has_value()) return;
    // After the views have reset their settings for the new table (they listen to the same signal).
    QTimer::singleShot(0, this, [this, json = **sections] {
        if (!isOpen()) return;
        m_restoring = true;
        m_restoreSections(json);
        m_restoring = false;
    });
}

Status ProjectSession::relinkDataset(const QString& newPath) {
    if (!isOpen() || m_datasetId == 0) return Status::invalidArgument("no project dataset to relink");
    return m_store->relinkDataset(m_datasetId, localPath(newPath));
}

Status ProjectSession::saveUiState(const QString& key, const QString& value) {
    if (!isOpen()) return Status::ok();
    return m_store->setUiState(key.toStdString(), value.toStdString());
}

QString ProjectSession::uiState(const QString& key) const {
    if (!isOpen()) return {};
    auto v = m_store->uiState(key.toStdString());
    if (!v || !v->has_value() || !(**v).is_string()) return {};
    return QString::fromStdString((**v).get<std::string>());
}

}  // namespace veil::ui
